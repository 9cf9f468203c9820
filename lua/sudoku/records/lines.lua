-- Line mode's records of a source (sudoku.format.source): a record is one line, by the record
-- rule (sudoku.format.rule, which csrc/batch/lineblock.c follows too), its puzzle the text before any
-- whitespace, ',', ';' or '#' (or its field of a delimited file); blank and comment lines are
-- none, and a title line at the top is passed over. One reader per source:
--
--   local reader = lines.new(src, {whole =, size =, box =, column =, title_done =})
--   reader:next()          the next item: {line =, text =} for a record, {line =, fault =}
--                          for a line that is none (nothing before its separator, a puzzle of
--                          another length than the file's, a missing field, a line longer than
--                          any record: sudoku.format.fault's data), {fatal = fault} for a
--                          delimited file without the column named; nil at the end
--   reader:item(line, lineno)  the same for one line (nil for a blank or comment line): the
--                          line pool's holes are read with it
--   reader:settled()       whether the file's board size is known, so that blocks of lines
--                          may go to the line pool (sudoku.records.route), which reads 9x9
--                          boards only where they are the file's
--   reader:held_block()    the lines read ahead (detection, the title check) as one block
--   reader:size()          the board size blocks are read with: N, or "auto"
--
-- Options: whole (a record's text is its whole line, which the caller reads itself, and a line
-- with nothing before its separator is the caller's too), size (N or "auto": each line its own
-- size; nil: the first record's fixes it), box (a shape given: every size is the reader's to
-- check), column (a delimited file's puzzle field, by number or name), title_done (the source
-- is a piece of a longer input, whose top is elsewhere: no title line to look for).
local fault = require "sudoku.format.fault"
local rule = require "sudoku.format.rule"

local lines = {}

local Reader = {}
Reader.__index = Reader

--- A reader of line-mode records over `src`.
function lines.new(src, opts)
  opts = opts or {}
  return setmetatable({
    src = src,
    whole = opts.whole,
    title_done = opts.title_done,
    -- The board size of a line file: `shape.n` once the first record of a board's number of
    -- cells has fixed it (or opts.size has), `shape.auto` for "auto" or a box (each line its
    -- own size); the layout of a delimited file (rule.first_record) settles in it too.
    shape = { auto = opts.size == "auto" or opts.box ~= nil, n = tonumber(opts.size),
      column = opts.column },
  }, Reader)
end

--- The title check, done once whichever path comes first: a title line at the top is no
--- puzzle and is passed over (sudoku.format.reader.take_title).
function Reader:take_title()
  if not self.title_done then
    self.title_done = true
    -- Loaded here: the reader loads the C core, which `sudoku --help` must do without.
    require("sudoku.format.reader").take_title(self.src)
  end
end

--- The board size blocks of lines are read with: N, or "auto".
function Reader:size()
  return self.shape.auto and "auto" or self.shape.n
end

-- An item for a fault of the source (a line too long for any record) on a line before
-- `lineno` (any, for nil), or nil.
local function fault_item(src, lineno)
  local f = src:fault_before(lineno)
  if f then
    return { line = f.line, fault = fault.new("long_line", { line = f.line, bytes = f.bytes }) }
  end
  return nil
end

--- The item of the source's fault before `lineno` (any, for nil), or nil: what is left to say of
--- an input that has no record.
function Reader:fault_item(lineno)
  return fault_item(self.src, lineno)
end

local function failed(f)
  return { line = f.line, fault = f }
end

-- The fault of a puzzle of another board's length than the file's (see lines.new), else nil (a
-- length that is no board's is the reader's to report).
local function size_fault(shape, puzzle, lineno)
  if shape.auto then return nil end
  if not shape.n then
    shape.n = rule.side_of(#puzzle)
    return nil
  end
  if #puzzle ~= shape.n * shape.n and rule.side_of(#puzzle) then
    return fault.new("other_size", { line = lineno, cells = #puzzle, expected = shape.n * shape.n })
  end
  return nil
end

--- The item for line number `lineno` (see lines.new), nil for a blank or comment line.
function Reader:item(line, lineno)
  local shape = self.shape
  if rule.is_skipped(line) then return nil end
  if rule.first_record(shape, line) then return nil end
  if shape.missing then
    return { fatal = fault.new("no_column_name", { name = shape.missing, line = lineno }) }
  end
  if shape.column then
    local puzzle, count = rule.field(line, shape.column)
    if not puzzle then
      return failed(fault.new("no_column", { line = lineno, column_number = shape.column,
        fields = count }))
    end
    local f = size_fault(shape, puzzle, lineno)
    if f then return failed(f) end
    return { line = lineno, text = puzzle, value = nil, why = nil }
  end
  local puzzle, lead = rule.puzzle(line)
  if not puzzle then return nil end
  if puzzle == "" and not self.whole then
    return failed(fault.new("no_puzzle", { line = lineno, column = lead, byte = line:byte(lead) }))
  end
  local f = puzzle ~= "" and size_fault(shape, puzzle, lineno)
  if f then return failed(f) end
  -- value and why: room for the answer sudoku.records.stream sets on the item (a constructor's
  -- nil fields size the table, so the answer takes no growth of it a record).
  return { line = lineno, text = self.whole and line or puzzle, value = nil, why = nil }
end

--- The next item (see lines.new), or nil at the end of the source.
function Reader:next()
  local src = self.src
  self:take_title()
  while true do
    local line, lineno = src:next()
    local f = src.faults and fault_item(src, lineno and lineno + 1)
    if f then
      if line ~= nil then src:back(line) end
      return f
    end
    if line == nil then return nil end
    local item = self:item(line, lineno)
    if item then return item end
  end
end

--- Whether the file's board size is known (or "auto"), so that blocks may go to C: the first
--- record of a board's number of cells among the lines read ahead fixes it, as the line path
--- would when it came to that record; else false until the line path has read one. A delimited
--- file's column is read in Lua only (the pool reads a line's first field).
function Reader:settled()
  local src, shape = self.src, self.shape
  local given_back = src.held or {}
  for i = #given_back, 1, -1 do
    if shape.first_seen then break end
    if not rule.is_skipped(given_back[i]) and rule.first_record(shape, given_back[i]) then
      -- A header is no record: take the lines up to it (the lines below i stay).
      for _ = i, #given_back do src:next() end
    end
  end
  if shape.column or shape.missing then return false end
  if shape.auto or shape.n then return true end
  for i = #given_back, 1, -1 do
    local puzzle = rule.puzzle(given_back[i])
    local n = puzzle and rule.side_of(#puzzle)
    if n then
      shape.n = n
      return true
    end
  end
  return false
end

--- The lines read ahead (by detection and the title check) and given back to the source, as
--- one block of whole lines for the pool (the source has taken a byte order mark and each
--- line's "\r" off them already), with the number of its first line; nil when there are none,
--- when the size is not settled, or when a line too long for any record is among them (the line
--- path reports it in order).
function Reader:held_block()
  local src = self.src
  self:take_title()
  local given_back = src.held
  if not (given_back and #given_back > 0) or (src.faults and #src.faults > 0) then return nil end
  if not self:settled() then return nil end
  local first_line, list = src.line + 1, {}
  while #given_back > 0 do list[#list + 1] = src:next() end
  return table.concat(list, "\n") .. "\n", first_line
end

return lines
