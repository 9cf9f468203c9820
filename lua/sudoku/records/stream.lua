-- The one loop from an input to its answers, in input order: it reads the source (line mode
-- through sudoku.records.lines, every other format through sudoku.format's readers), hands the
-- records to a task (sudoku.records.route's, or any with the same handlers) a chunk at a time,
-- sends whole blocks of lines to the task's line pool whenever the source can give them
-- (through sudoku.records.blocks), and gives back every answer as data, in input order. It
-- prints nothing and words no fault: the caller does both (the command, sudoku.cli.pipeline).
--
--   local answers, why = stream.new(src, opts)   -- src: a sudoku.format.source
--   local group = answers:group()   -- the next group of answers (a list), nil at the end
--   for answer, last in answers:each() do ... end   -- or one at a time
--
-- opts:
--   task        the task, or a function of the input's format name that gives it (called once
--               the format is known, not for an input without a puzzle): task.lines(items,
--               emit) for a chunk of line-mode items {line =, text =}, task.records(items,
--               emit) for format-mode items {line =, record =}, and optionally task.pool,
--               task.pool_piece and task.block_text (see sudoku.records.route). A task without
--               lines reads a line file record by record too.
--   from        the input's format name; nil: detected
--   read_opts   the format's reader options
--   whole, size, box, column, title_done   line mode's (sudoku.records.lines.new)
--   interrupted a function: whether a signal came. The stream looks at it between two records,
--               and an error raised while it is up is taken for the signal's stop: the answers
--               made by then are given, whole, and the stream ends (stream.stopped is true)
--
-- stream.new gives nil and the reason (a message, or a fault as data) when the input is no list
-- of records: its format cannot be told, or it is UTF-16 text read in line mode.
--
-- Each answer is one of:
--   {line =, text = | record =, value =, why =}   a record's answer: value is the task's data
--        (nil for none), why a message or a fault as data when it failed (text: the line-mode
--        puzzle; record: the format-mode record)
--   {line =, fault =}    a line or record the reader could not read (the fault as data)
--   {line =, why =}      a line the line pool refused (its fault as data)
--   {block =, records =} whole lines of output the line pool wrote (in the words the task handed
--        down), passed through as they are; records, on the last piece of a block, is how many
--        records the pool answered in it
--   {fatal =}            the input cannot be read on (a delimited file without the column named,
--        UTF-16 text): a fault or a message; nothing follows but what was read before
--   {error =}            a reader raised it (a JSON input where dkjson is missing, say)
-- The answers come in groups, each what one step of the loop made (a chunk's, a block's): a
-- good moment to write what was given. On the pool's path an answer is a block of output, not a
-- record: no Lua table a record.
local format = require "sudoku.format"
local lines = require "sudoku.records.lines"
local blocks = require "sudoku.records.blocks"

local stream = {}

-- Records handed to the task at once: enough for the batch solver's threads to share out, few
-- enough that memory stays small and constant however long the input is.
stream.CHUNK = 4096

-- Bytes of input a block of whole lines takes at most in C (task.pool), besides a part line
-- left from the last read: under source.MAX_LINE, so that no line in a block is one the source
-- would have refused as longer than any record. 64 KiB (about 800 puzzles, 2 ms of solving):
-- a block's strings stay under glibc's 128 KiB mmap threshold, so its memory is reused block
-- after block; 512 KiB blocks had the allocator give memory back and take it again each
-- block (4,500 page faults against 1,100 on 32,781 puzzles, 6-8 ms of a 110 ms run), and a
-- batch's thread start per block stays a few percent of its work.
local BLOCK = 64 * 1024

-- What the stream raises to stop a task between two records once the signal came: a value of
-- its own, caught here only.
local STOP = setmetatable({}, { __tostring = function() return "interrupted" end })

--- Format mode's items over `src` in the format `from` (nil: detected): {line =, record =},
--- {line =, fault =} for a record that could not be read, and {fatal =} for a failure that
--- belongs to no record or line (the format cannot be told: its message; UTF-16 text: its
--- fault). (sudoku lab reads its puzzles with it too.)
function stream.record_items(src, from, opts)
  local next_record = format.records(src, from, opts)
  return function()
    local rec, err, where = next_record()
    if rec == nil then return nil end
    -- value and why: room for the answer (see sudoku.records.lines' items).
    if rec then return { line = rec.line, record = rec, value = nil, why = nil } end
    if where.kind == "utf16" or (not where.record and not where.bytes) then
      return { fatal = where.kind and where or err }
    end
    return { line = where.line, fault = where }
  end
end

local Stream = {}
Stream.__index = Stream

-- Appends an answer to the open group.
function Stream:push(answer)
  local n = self.open_n + 1
  self.open[n], self.open_n = answer, n
end

-- Closes the open group, if it holds any answer: what a caller may write at once.
function Stream:mark()
  if self.open_n > 0 then
    self.groups[self.tail], self.tail = self.open, self.tail + 1
    self.open, self.open_n = {}, 0
  end
end

-- Hands the chunk's readable items to the task and gives every record in input order, those
-- that could not be read in their places. A signal stops it between two records (or inside the
-- task's search, which raises); the records done by then are given.
function Stream:flush()
  local chunk, interrupted = self.chunk, self.interrupted
  self.chunk = {}
  local good, at = {}, {}
  for i, item in ipairs(chunk) do
    if not item.fault then
      good[#good + 1] = item
      at[#good] = i
    end
  end
  local written = 0
  local function give_upto(i)
    for j = written + 1, i do
      if chunk[j].fault then self:push(chunk[j]) end
    end
    if i > written then written = i end
  end
  local function emit(k, value, why, made)
    local i = at[k]
    if i > written + 1 then give_upto(i - 1) end
    local item = chunk[i]
    item.value, item.why = value, why
    self:push(item)
    written = i
    if not made and interrupted() then error(STOP, 0) end
  end
  local handle = self.handle
  local ok, err = pcall(function()
    if handle and #good > 0 then handle(good, emit) end
    give_upto(#chunk)
  end)
  -- Whatever was done is whole records, also when a signal stopped the chunk.
  self:mark()
  if not ok then
    if not interrupted() then error(err, 0) end
    self.stopped = true
  end
end

-- A block of whole lines done in C (by the pool), given in input order with the records it
-- left to the task (its holes) in their places. The holes go to the task all at once (the batch
-- solver shares them out), or, for a task whose answers depend on what came before
-- (task.block_text: dedup's set), one at a time in their places. Returns false when a signal
-- stopped it.
function Stream:finish_block(text, first_line, out, notes, info)
  local task, reader, interrupted = self.task, self.reader, self.interrupted
  local todo, answered = {}, {}
  for _, n in ipairs(notes) do
    if n.hole then
      n.item = reader:item(text:sub(n.start + 1, n.start + n.len), first_line + n.line - 1)
      if n.item.text then
        todo[#todo + 1] = n.item
        n.index = #todo
      end
    end
  end
  local function answer(list, first)
    task.lines(list, function(k, value, why, made)
      local item = todo[first + k - 1]
      item.value, item.why = value, why
      answered[item] = true
      if not made and interrupted() then error(STOP, 0) end
    end)
  end
  local block_text = task.block_text
  -- A signal while the holes are answered: the records before the first hole left without an
  -- answer are given (the block's own answers among them), then the stop goes on.
  local stop
  if #todo > 0 and not block_text then
    local ok, err = pcall(answer, todo, 1)
    if not ok then
      if not interrupted() then error(err, 0) end
      stop = err
    end
  end
  local function text_of(at, to)
    if block_text then return block_text(out, at, to, info) end
    return (at == 0 and to == #out) and out or out:sub(at + 1, to)
  end
  local pos = 0
  for _, n in ipairs(notes) do
    if n.at > pos then
      self:push({ block = text_of(pos, n.at) })
      pos = n.at
    end
    local item = n.item
    if n.hole and item.fault then
      self:push(item)
    elseif n.hole then
      if block_text then answer({ item }, n.index) end
      if not answered[item] and stop then     -- the signal came before its answer: stop there
        self:mark()
        error(stop, 0)
      end
      self:push(item)
    else
      self:push({ line = first_line + n.line - 1, why = n.fault })
    end
  end
  local rest = pos < #out and text_of(pos, #out) or ""
  if stop then                           -- after the last hole's answer: the block is whole
    if rest ~= "" then self:push({ block = rest }) end
    self:mark()
    error(stop, 0)
  end
  self:push({ block = rest, records = info.records - #notes })
  self:mark()
  return not info.interrupted
end

-- Runs fn(...) as a step of the loop: false when a signal stopped it; any other error closes
-- the pool and is raised again.
function Stream:step(fn, ...)
  local ok, done = pcall(fn, ...)
  self:mark()
  if not ok and not self.interrupted() then
    self:close()
    error(done, 0)
  end
  return ok and done
end

function Stream:close()
  if self.queue then self.queue:close() end
end

local function submit(queue, ...) return queue:submit(...) end
local function drain(queue) return queue:drain() end
local function salvage(queue) return queue:salvage() end

-- One turn of the reading loop: a block for the pool when the source can give one, else the
-- next record for the chunk. Sets self.state to "ending" when the reading is over.
function Stream:turn()
  local src, reader, queue = self.src, self.reader, self.queue
  if self.interrupted() then
    self.stopped, self.state = true, "ending"
    return
  end
  local took = false
  if src.line >= self.block_from and (src.line == 0 or reader:settled()) then
    local first_line = src.line + 1
    local text, why = src:lines_block(BLOCK)
    if text then
      took = true
      if #self.chunk > 0 then self:flush() end
      if not self.stopped and not self:step(submit, queue, text, first_line) then
        self.stopped = true
      end
    elseif why == "later" and queue and self.held_block_ok then
      -- What detection read ahead goes to the pool too, as a block of its own.
      local ahead, ahead_first = reader:held_block()
      if ahead then
        took = true
        if #self.chunk > 0 then self:flush() end
        if not self.stopped and not self:step(submit, queue, ahead, ahead_first, true) then
          self.stopped = true
        end
      else
        self.held_block_ok = false
        self.block_from = src.line + 1
      end
    elseif why == "later" or why == "long" then
      self.block_from = src.line + 1   -- line by line past what is held, then blocks again
    else
      self.block_from = math.huge
    end
  end
  if self.stopped then
    self.state = "ending"
    return
  end
  if took then return end
  -- Records read line by line come after the pool's blocks.
  if queue and queue:waiting() > 0 and not self:step(drain, queue) then
    self.stopped, self.state = true, "ending"
    return
  end
  -- Line by line: each record goes to the chunk, and the next is read at once while no block
  -- can be taken and no signal came (the checks above, cheap here: the pool holds no block).
  local items, chunk, interrupted = self.items, self.chunk, self.interrupted
  while true do
    local ok, item = pcall(items)
    if not ok then
      if interrupted() then
        self.stopped = true
      else
        -- A reader raises only for a programmer's mistake or a missing module: the caller says
        -- it.
        self:push({ error = item })
        self:mark()
      end
      self.state = "ending"
      return
    end
    if item == nil then
      self.state = "ending"
      return
    elseif item.fatal then
      self:push({ fatal = item.fatal })
      self:mark()
      self.state = "ending"
      return
    end
    local n = #chunk + 1
    chunk[n] = item
    if n == stream.CHUNK then
      self:flush()
      return
    end
    if src.line >= self.block_from or interrupted() then return end
  end
end

-- After the reading: the pool's blocks (all of them, or after a signal those done before it),
-- then the last chunk.
function Stream:finish()
  local queue = self.queue
  self.state = "done"
  if not self.stopped and queue and not self:step(drain, queue) then self.stopped = true end
  if self.stopped and queue then self:step(salvage, queue) end
  self:close()
  -- A read that the signal cut short fails too: the signal is what happened.
  if self.interrupted() then self.stopped = true end
  if #self.chunk > 0 and not self.stopped then self:flush() end
  self:mark()
end

-- Reads until a group of answers is ready or the reading is over; then the end.
function Stream:pump()
  if self.state == "reading" then
    repeat self:turn() until self.head < self.tail or self.state ~= "reading"
  else
    self:finish()
  end
end

--- The next group of answers, in input order (a list), or nil at the end. An error (not the
--- signal's stop) is raised once the answers before it are given.
function Stream:group()
  while self.head == self.tail do
    if self.failure ~= nil then
      local err = self.failure
      self.failure = nil
      error(err, 0)
    end
    if self.state == "done" then return nil end
    local ok, err = pcall(self.pump, self)
    if not ok then
      self.state = "done"
      self:close()
      if self.interrupted() then
        self.stopped = true
      else
        self.failure = err
      end
    end
    self:mark()
  end
  local head = self.head
  local group = self.groups[head]
  self.groups[head], self.head = nil, head + 1
  return group
end

--- The answers one at a time: for answer, last in s:each() do ... end, `last` true for the
--- last of a group.
function Stream:each()
  local group, i, n = nil, 0, 0
  return function()
    if i == n then
      group = self:group()
      if not group then return nil end
      i, n = 0, #group
    end
    i = i + 1
    return group[i], i == n
  end
end

--- A stream of the answers to the records of `src` (see above), or nil and the reason.
function stream.new(src, opts)
  local from = opts.from
  if from == nil then
    local detected, err, empty = format.detect(src)
    if not detected and not empty then return nil, err end
    from = detected
  end
  local task = opts.task
  if from and type(task) == "function" then task = task(from) end
  task = from and task or {}
  local line_mode = from == "line" and task.lines ~= nil
  local reader = lines.new(src, { whole = opts.whole, size = opts.size, box = opts.box,
    column = opts.column, title_done = opts.title_done })
  if line_mode then
    reader:take_title()
    -- UTF-16 text is no puzzle list: say so rather than read its bytes as cells.
    if src.utf16 then return nil, require("sudoku.format.fault").new("utf16") end
  end
  local self = setmetatable({
    src = src, task = task, reader = reader, interrupted = opts.interrupted or function()
      return false end,
    handle = line_mode and task.lines or task.records,
    chunk = {}, open = {}, open_n = 0, groups = {}, head = 1, tail = 1,
    state = "reading", stopped = false,
    -- Whether the lines held at the start may still go to the pool as a block.
    held_block_ok = true,
    -- Blocks are taken once src.line (the lines read so far) reaches block_from: from the
    -- start (0), so that the lines detection read ahead go to the pool too and a short file
    -- needs no record model in Lua; past a line that must go line by line, from the line
    -- after it.
    block_from = line_mode and task.pool and 0 or math.huge,
  }, Stream)
  if not from then
    -- No puzzle at all: only what the source found wrong, if anything.
    self.items = function() return reader:fault_item(nil) end
  elseif line_mode then
    self.items = function() return reader:next() end
  else
    self.items = stream.record_items(src, from, opts.read_opts or {})
  end
  if line_mode and task.pool then
    -- The blocks on their way through the pool, made for the first one.
    self.queue = blocks.new{
      pool = task.pool, piece = task.pool_piece, pending = self.interrupted,
      size = function() return reader:size() end,
      advance = function(n) src:advance(n) end,
      finish = function(...) return self:finish_block(...) end,
    }
  end
  return self
end

return stream
