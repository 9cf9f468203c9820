--- pencil: a position with its pencil marks, one record per line of N*N*N characters for an NxN
-- board (729 for 9x9). Cells come in row-major order, N characters each: the k-th is the symbol
-- of value k when k is a candidate of the cell, and a blank ('.' or '0') when it is not, so a
-- mark can only stand at its own place ("1.3......" is a cell with candidates 1 and 3).
--
-- Reading: a cell with exactly one mark holds that value (placed on the board, and a given);
-- a cell with several keeps them in rec.candidates; a cell with none is an error, since no
-- value could go there. The size comes from the length (N*N*N), or from opts.size / opts.box,
-- which also give the box shape (else the squarest). Blank lines and '#' lines are skipped;
-- spaces around the characters are ignored.
--
-- Writing: a filled cell shows its own value only; an empty cell its recorded candidates, or
-- with none recorded the values its units leave (record.candidates). So an empty cell with a
-- single candidate reads back as a placed value: the format cannot tell them apart.
-- @module sudoku.format.pencil
local Board = require "sudoku.board"
local cells = require "sudoku.format.cells"
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local symbols = require "sudoku.symbols"

local pencil = {
  name = "pencil",
  summary = "pencil marks: N*N*N characters per line, the k-th of a cell's N the symbol of k "
    .. "when k is a candidate",
  separator = "\n",
}

-- N such that N*N*N == len, or nil.
local function cube_root(len)
  for n = 1, symbols.MAX do
    if n * n * n == len then return n end
    if n * n * n > len then break end
  end
  return nil
end

-- The size the line's length gives, or the one opts ask for; nil and a message when the
-- length does not fit.
local function size_of(len, opts)
  local n = opts.size or (opts.box and opts.box[1] * opts.box[2])
  if n then
    if len ~= n * n * n then
      return nil, ("%d characters, expected %d for size %d"):format(len, n * n * n, n)
    end
    return n
  end
  n = cube_root(len)
  if not n then
    return nil, ("%d characters, expected N*N*N for an NxN board, such as 729"):format(len)
  end
  return n
end

--- One record from one line of text (what `records` reads each line with).
-- @string text the line
-- @tparam table opts as for `records`
-- @int lineno the line's number in the input
-- @int index the record's number in the input
-- @treturn table|false the record, or `false, message, where`
function pencil.read_line(text, opts, lineno, index)
  local lead, body = text:match("^(%s*)(.-)%s*$")
  local n, err = size_of(#body, opts)
  if not n then return reader.failure(index, lineno, nil, err) end
  local board = Board.new{ size = n, box = opts.box }
  local candidates = {}
  local value = cells.values_of(n)
  for i = 1, n * n do
    local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
    local base = (i - 1) * n
    local marks = {}
    for k = 1, n do
      local ch = body:sub(base + k, base + k)
      local v = value[ch:byte()]
      if v ~= 0 then
        local column = #lead + base + k
        if v == nil then
          return reader.fail(index, lineno, column, { kind = "bad_char", byte = ch:byte() })
        end
        if v ~= k then
          return reader.failure(index, lineno, column,
            ("'%s' at position %d of cell r%dc%d (expected '%s' or a blank)"):format(
              ch, k, r, c, symbols.symbol(k)))
        end
        marks[#marks + 1] = k
      end
    end
    if #marks == 0 then
      return reader.failure(index, lineno, #lead + base + 1,
        ("cell r%dc%d has no candidate"):format(r, c))
    elseif #marks == 1 then
      board:set(r, c, marks[1])
    else
      candidates[i] = marks
    end
  end
  return record.new(board, { candidates = candidates, line = lineno, index = index })
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function pencil.records(src, opts)
  opts = opts or {}
  return reader.each_line(src, function(text, lineno, index)
    return pencil.read_line(text, opts, lineno, index)
  end)
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- A blank that is a symbol of the board's size would read back as a candidate, so it raises,
-- as b:symbols does for the formats that write cells (argument #3 of format.write).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character written for a value that is not a candidate
-- (default '.')
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function pencil.write(rec, opts)
  local board = rec.board
  local n = board:size()
  local blank = (opts and opts.blank) or symbols.BLANK
  if type(blank) ~= "string" or #blank ~= 1 then
    error("bad argument #3 to 'write' (opts.blank must be one character)", 3)
  end
  local taken = symbols.value(blank, n)
  if taken and taken > 0 then
    error(("bad argument #3 to 'write' (opts.blank '%s' is the symbol of value %d on a %dx%d "
      .. "board)"):format(blank, taken, n, n), 3)
  end
  local out = {}
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      local marks = v ~= 0 and { v } or record.candidates(rec, r, c)
      local cell = {}
      for k = 1, n do cell[k] = blank end
      for _, m in ipairs(marks) do cell[m] = symbols.symbol(m) end
      out[#out + 1] = table.concat(cell)
    end
  end
  return table.concat(out)
end

return pencil
