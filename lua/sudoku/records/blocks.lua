-- The blocks of a line file on their way through the line pool (sudoku.records.route's
-- task.pool, over the core's): submitted as they are read, collected in input order, so that on
-- threads of the pool the reading and writing of the calling thread overlap the solving.
--
--   local queue = blocks.new{pool = task.pool, piece = task.pool_piece, size = fn,
--     advance = fn, finish = fn, pending = fn}
--   queue:submit(text, first_line, counted)   hands whole lines to the pool
--   queue:drain()     finishes every block submitted, in order
--   queue:salvage()   the same after a signal (the pool's threads stop at it at once)
--   queue:waiting()   blocks submitted and not yet finished
--   queue:close()
--
-- The pool is made for the first block, for boards of side size() (N or "auto"). A block's
-- answers go to finish(text, first_line, out, notes, info) (the caller writes them; false when a
-- signal stopped it); advance(lines) tells the source how many lines a block took (not for a
-- block of lines the source had given back already: counted); pending() says whether a signal
-- came, which stops the waiting for room. Every method but close returns false when a signal
-- stopped it.
local rule = require "sudoku.format.rule"

local blocks = {}

local Queue = {}
Queue.__index = Queue

function blocks.new(opts)
  return setmetatable({ opts = opts, pool = nil, queue = {}, head = 1, tail = 1 }, Queue)
end

function Queue:waiting()
  return self.pool and self.pool:pending() or 0
end

function Queue:close()
  if self.pool then self.pool:close() end
  self.pool = nil
end

-- Finishes the oldest block of the pool once it is done.
function Queue:collect()
  local entry = self.queue[self.head]
  self.queue[self.head] = nil
  self.head = self.head + 1
  local out, notes, info = self.pool:collect()
  return self.opts.finish(entry.text, entry.line, out, notes, info)
end

-- Hands whole lines to the pool, finishing the oldest first while the pool is full. Returns
-- false when a signal stopped it, else true and the lines handed.
function Queue:submit_piece(text, first_line, counted)
  local opts = self.opts
  self.pool = self.pool or opts.pool(opts.size())
  while self.pool:full() do
    if opts.pending() or not self:collect() then return false end
  end
  local lines = self.pool:submit(text)
  if not counted then opts.advance(lines) end
  self.queue[self.tail] = { text = text, line = first_line }
  self.tail = self.tail + 1
  return true, lines
end

--- Hands a block to the pool: whole, or for a pool of threads (opts.piece) in pieces of about
--- that many bytes, cut after a line end, so that the threads share out even a small file (a
--- block can be two reads long) and the calling thread, which does the oldest piece itself
--- when no thread has taken it yet, never takes much at once.
function Queue:submit(text, first_line, counted)
  local piece = self.opts.piece
  if not piece or #text <= piece then return (self:submit_piece(text, first_line, counted)) end
  local pos, line, length = 1, first_line, #text
  while pos <= length do
    local stop = pos + piece - 1
    if stop >= length then
      stop = length
    else
      -- After the last line end of the piece (sudoku.format.rule), else the first after it.
      local cut = rule.last_end(text, stop, pos)
      if not cut then
        local e, after = rule.line_end(text, stop + 1)
        cut = e <= length and after - 1 or length
      end
      stop = cut
    end
    local ok, lines = self:submit_piece(text:sub(pos, stop), line, counted)
    if not ok then return false end
    pos, line = stop + 1, line + lines
  end
  return true
end

--- Finishes every block of the pool, in order (a signal stops the waiting).
function Queue:drain()
  while self.pool and self.pool:pending() > 0 do
    if self.opts.pending() or not self:collect() then return false end
  end
  return true
end

--- After a signal: the blocks the pool holds are finished in order up to the first one the
--- signal cut short, that one's records before the cut included (the pool's threads stop at
--- the flag, so this takes no time), so that what was done before it is not lost.
function Queue:salvage()
  while self.pool and self.pool:pending() > 0 do
    if not self:collect() then return false end
  end
  return true
end

return blocks
