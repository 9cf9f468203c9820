--- leetcode: the board of LeetCode 36 and 37, a table of N rows, each a table of N one-character
-- strings ("1".."9", or "." for an empty cell; larger boards use the symbols of
-- sudoku.symbols). As text it is written the way LeetCode prints it:
-- [["5","3",".",...],...] on one line; the reader takes that text (JSON, read with dkjson)
-- over as many lines as it spans, one board after another.
-- @module sudoku.format.leetcode
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local show = require "sudoku.show"
local symbols = require "sudoku.symbols"
local Board = require "sudoku.board"
local shape = require "sudoku.shape"

local leetcode = {
  name = "leetcode",
  summary = "LeetCode 36/37: [[\"5\",\"3\",\".\",...],...], rows of one-character strings",
  separator = "\n",
}

-- A cell as a message shows it: a string in double quotes with its NUL, control and non-ASCII
-- bytes escaped (\0, \xE9; %q would leave bytes above 127 raw), cut after 20 bytes.
local SHOWN_MAX = 20

local function shown(cell)
  if type(cell) ~= "string" then return tostring(cell) end
  return show.quoted(cell, '"', SHOWN_MAX)
end

--- The board of a LeetCode table.
-- @tparam table grid N rows of N one-character strings
-- @tparam[opt] table opts `size` fixes N (default: the number of rows); `box` the box shape
-- @treturn Board|nil the board, or `nil, message` naming the row and column at fault
function leetcode.board_of(grid, opts)
  opts = opts or {}
  if type(grid) ~= "table" then
    return nil, ("expected a table of rows, got %s"):format(type(grid))
  end
  local n = opts.size or #grid
  if #grid ~= n or n < 1 or n > symbols.MAX then
    return nil, ("expected %s rows, got %d"):format(opts.size or "1.." .. symbols.MAX, #grid)
  end
  local box = opts.box
  if type(box) == "table" and type(box[1]) == "number" and type(box[2]) == "number"
      and box[1] * box[2] ~= n then
    return nil, ("expected %d rows for %dx%d boxes (opts.box), got %d"):format(box[1] * box[2],
      box[1], box[2], n)
  end
  -- The shape's own check (Board.new's): its words, not an argument error's text.
  local fits, why = shape.check(n, box)
  if not fits then return nil, ("no board of %d rows: %s"):format(n, why) end
  local board = Board.new { size = n, box = box }
  local blank = symbols.BLANK
  local top = symbols.symbol(n)
  for r = 1, n do
    local row = grid[r]
    if type(row) ~= "table" then
      return nil, ("row %d is a %s, expected a table of %d cells"):format(r, type(row), n)
    end
    if #row ~= n then
      return nil, ("row %d has %d cells, expected %d"):format(r, #row, n)
    end
    for c = 1, n do
      local cell = row[c]
      local v = type(cell) == "string" and #cell == 1
        and (cell == blank and 0 or symbols.value(cell, n))
      if not v or (v == 0 and cell ~= blank) then
        return nil, ("row %d, column %d: expected '1'-'%s' or '.', got %s"):format(
          r, c, top, shown(cell))
      end
      if v ~= 0 then board:set(r, c, v) end
    end
  end
  return board
end

--- The LeetCode table of a board or record.
-- @tparam Board|table x a Board or a record
-- @treturn table rows of one-character strings
function leetcode.table_of(x)
  local board = record.of(x).board
  local n = board:size()
  local grid = {}
  for r = 1, n do
    local row = {}
    for c = 1, n do row[c] = symbols.symbol(board:get(r, c)) end
    grid[r] = row
  end
  return grid
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @treturn string the text
function leetcode.write(rec)
  local rows = {}
  for r, row in ipairs(leetcode.table_of(rec)) do
    rows[r] = '["' .. table.concat(row, '","') .. '"]'
  end
  return "[" .. table.concat(rows, ",") .. "]"
end

-- Where a JSON value that starts on the first line ends: the text is taken a line at a time
-- until its brackets balance outside strings.
local function depth_change(line, state)
  for i = 1, #line do
    local ch = line:sub(i, i)
    if state.in_string then
      if state.escaped then
        state.escaped = false
      elseif ch == "\\" then
        state.escaped = true
      elseif ch == '"' then
        state.in_string = false
      end
    elseif ch == '"' then
      state.in_string = true
    elseif ch == "[" or ch == "{" then
      state.depth = state.depth + 1
    elseif ch == "]" or ch == "}" then
      state.depth = state.depth - 1
    end
  end
end

-- The line and column of byte `pos` of the lines joined with "\n".
local function locate(lines, numbers, pos)
  for i, line in ipairs(lines) do
    if pos <= #line + 1 then return numbers[i], pos end
    pos = pos - #line - 1
  end
  return numbers[#numbers], nil
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function leetcode.records(src, opts)
  local index = 0
  return function()
    local lines, numbers = {}, {}
    local state = { depth = 0 }
    while true do
      local line, lineno = src:next()
      if line == nil then break end
      if #lines > 0 or (line:find("%S") and not line:find("^%s*#")) then
        lines[#lines + 1], numbers[#numbers + 1] = line, lineno
        depth_change(line, state)
        if state.depth <= 0 then break end
      end
    end
    if #lines == 0 then return nil end
    index = index + 1
    local text = table.concat(lines, "\n")
    -- dkjson is loaded for the first record read: the shims of sudoku.leetcode take Lua
    -- tables, and need it not.
    local grid, pos, err = require("sudoku.format.dkjson").decode(text, 1, nil)
    if err then
      local line, column = locate(lines, numbers, pos or 1)
      return reader.failure(index, line, column, "not a LeetCode board: " .. err)
    end
    local board, problem = leetcode.board_of(grid, opts)
    if not board then return reader.failure(index, numbers[1], nil, problem) end
    return record.new(board, { line = numbers[1], index = index })
  end
end

return leetcode
