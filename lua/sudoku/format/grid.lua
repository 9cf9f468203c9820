--- grid: the human layout, one row per line with "|" between boxes and a rule line
-- ("------+-------+------") between bands. The reader is tolerant: any whitespace, '|', '+',
-- '-' and '*' borders, blanks '.', '0', '_', '*', 'x', '?', and grids of whitespace-separated
-- numbers for N >= 10; the box shape is read back from the separators. Grids follow one another
-- with or without blank lines between them; '#' lines are skipped. A title line right before a
-- grid ("Grid 01") is its meta.name, written back there.
-- @module sudoku.format.grid
local reader = require "sudoku.format.reader"
local shape = require "sudoku.shape"
local symbols = require "sudoku.symbols"

local grid = {
  name = "grid",
  summary = "one row per line, '|' between boxes, rule lines between bands",
  separator = "\n\n",
  keeps_box = true,
}

-- 'x' and 'X' are blanks in hand-typed grids, but 'X' is also value 33: only boards of up to
-- 32 values read them as blanks.
local X_LIMIT = 32

local function read_block(block, index, opts)
  local text = reader.block_text(block)
  local count = 0
  for _ in text:gsub("[%s|+%-]", ""):gmatch(".") do count = count + 1 end
  if text:find("[xX]") and (opts.size or math.sqrt(count)) <= X_LIMIT then
    text = text:gsub("[xX]", ".")
  end
  return reader.parse(text, opts, index, block.lines)
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function grid.records(src, opts)
  return reader.blocks(src, function(block, index) return read_block(block, index, opts) end)
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- Cells separated by spaces, "|" between boxes and a rule line between bands of boxes. Jigsaw
-- boards have no boxes to mark. A prime N has 1xN boxes, the shape the reader assumes anyway,
-- so its rules are left out; any other box shape is drawn in full so that the reader can
-- recover it.
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character for an empty cell (default '.')
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function grid.write(rec, opts)
  local board = rec.board
  local n, box_rows, box_cols = board:size()
  local cells = board:symbols(opts.blank or symbols.BLANK)
  local bars = box_cols ~= nil and box_cols < n
  local rules = box_rows ~= nil and box_rows < n
  if rules and box_rows == 1 and shape.squarest(n) == 1 then
    rules = false
  end
  local width = bars and box_cols or n

  local lines = { reader.title_line(rec, n) }
  local rule
  for r = 1, n do
    local segments = {}
    for first = 1, n, width do
      local at = (r - 1) * n + first
      segments[#segments + 1] = cells:sub(at, at + width - 1):gsub(".", " %0"):sub(2)
    end
    local row = table.concat(segments, " | ")
    if rules and r > 1 and (r - 1) % box_rows == 0 then
      -- The rule has the row's width, with "+" where the row has "|".
      rule = rule or row:gsub("[^|]", "-"):gsub("|", "+")
      lines[#lines + 1] = rule
    end
    lines[#lines + 1] = row
  end
  return table.concat(lines, "\n")
end

return grid
