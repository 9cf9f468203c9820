-- Board -> text. Every writer's output reads back through sudoku.parse to an equal board
-- (for boards with boxes; jigsaw regions and extra regions are not part of the text).
local symbols = require "sudoku.symbols"
local shape = require "sudoku.shape"

local format = {}

local symbol = symbols.symbol
local concat = table.concat

-- All N*N symbols row by row, "." for a blank: the one-line form of the puzzle datasets.
function format.line(board)
  local n = board:size()
  local out = {}
  for r = 1, n do
    for c = 1, n do
      out[#out + 1] = symbol(board:get(r, c))
    end
  end
  return concat(out)
end

-- One row per line, cells separated by spaces, "|" between boxes and a rule line
-- ("------+-------+------") between bands of boxes. Jigsaw boards have no boxes to mark.
-- A prime N has 1xN boxes, the shape the reader assumes anyway, so its rules are left out;
-- any other box shape is drawn in full so that the reader can recover it.
function format.grid(board)
  local n, box_rows, box_cols = board:size()
  local bars = box_cols ~= nil and box_cols < n
  local rules = box_rows ~= nil and box_rows < n
  if rules and box_rows == 1 and shape.squarest(n) == 1 then
    rules = false
  end

  local lines = {}
  local rule
  for r = 1, n do
    local parts = {}
    for c = 1, n do
      if bars and c > 1 and (c - 1) % box_cols == 0 then
        parts[#parts + 1] = "|"
      end
      parts[#parts + 1] = symbol(board:get(r, c))
    end
    local row = concat(parts, " ")
    if rules and r > 1 and (r - 1) % box_rows == 0 then
      -- The rule has the row's width, with "+" where the row has "|".
      rule = rule or row:gsub("[^|]", "-"):gsub("|", "+")
      lines[#lines + 1] = rule
    end
    lines[#lines + 1] = row
  end
  return concat(lines, "\n")
end

format.writers = {
  line = format.line,
  grid = format.grid,
}

-- The text of `board` in the named format; nil and a message for an unknown name.
function format.write(board, name)
  local writer = format.writers[name]
  if not writer then
    return nil, ("unknown format '%s' (expected 'line' or 'grid')"):format(tostring(name))
  end
  return writer(board)
end

return format
