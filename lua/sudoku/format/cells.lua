-- The one cell reader of the formats: how the symbols of a text become the values of a board's
-- cells. Every reader goes through it, whatever its layout around the cells (a line, a grid,
-- tokens, a JSON string, pencil marks): a run of N*N symbols is set in one C call (Board:fill,
-- which reads symbols exactly as sudoku.symbols does); values read one at a time come from the
-- byte tables here.
local symbols = require "sudoku.symbols"

local cells = {}

local byte = string.byte

-- Byte -> value tables, one per board size, built when first needed: symbols.value decides
-- (0 for a blank, 1..n for a symbol of size n, nil for anything else); a table only saves a
-- string per cell on the readers' hot paths.
local value_tables = {}

-- The byte -> value table of boards of size n (1..symbols.MAX).
function cells.values_of(n)
  local t = value_tables[n]
  if not t then
    t = {}
    for b = 0, 255 do
      t[b] = symbols.value(string.char(b), n)
    end
    value_tables[n] = t
  end
  return t
end

-- The index of the first character of `text` that is no cell of an NxN board, or nil.
function cells.bad(text, n)
  local value = cells.values_of(n)
  for i = 1, #text do
    if not value[byte(text, i)] then return i end
  end
  return nil
end

-- The values of `text`, one cell a character, or nil and the index of the first character
-- that is no cell of an NxN board.
function cells.values(text, n)
  local value = cells.values_of(n)
  local out = {}
  for i = 1, #text do
    local v = value[byte(text, i)]
    if not v then return nil, i end
    out[i] = v
  end
  return out
end

-- Sets every cell of `board` from `text`, its N*N symbols row by row (blanks clear), in one C
-- call: true, or nil and the index of the first character that is no cell of the board's size
-- (the board is then unchanged). The caller gives N*N characters.
function cells.fill(board, text)
  if board:fill(text) then return true end
  return nil, cells.bad(text, (board:size()))
end

-- Sets the cells of `board` from `values`, row by row (0 or nil leaves a cell as it is).
function cells.set(board, values)
  local n = board:size()
  local i = 0
  for r = 1, n do
    for c = 1, n do
      i = i + 1
      local v = values[i]
      if v and v ~= 0 then board:set(r, c, v) end
    end
  end
end

return cells
