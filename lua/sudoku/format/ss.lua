--- ss: Simple Sudoku's file. Rows of cells with no spaces, '|' between boxes, a line of dashes
-- between bands ("..2|.3.|..." and "-----------"); '.' blank. The reader also takes the layout
-- Simple Sudoku copies to the clipboard, framed by "*-----------*" and "|---+---+---|" lines,
-- and anything the grid reader takes, a title line before a grid (meta.name) too.
-- @module sudoku.format.ss
local grid = require "sudoku.format.grid"
local reader = require "sudoku.format.reader"
local symbols = require "sudoku.symbols"

local ss = {
  name = "ss",
  summary = "Simple Sudoku: rows like '..2|.3.|...', dashes between bands",
  separator = "\n\n",
  keeps_box = true,
  records = grid.records,
}

--- An iterator over the records of a line source (`sudoku.format.grid.records`);
-- `sudoku.format.records` is the way in (it detects the format, makes the source and adds the
-- faults of overlong lines).
-- @function records
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character for an empty cell (default '.')
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function ss.write(rec, opts)
  local board = rec.board
  local n, box_rows, box_cols = board:size()
  local cells = board:symbols(opts.blank or symbols.BLANK)
  local width = (box_cols and box_cols < n) and box_cols or n
  local lines = {}
  for r = 1, n do
    if box_rows and box_rows < n and r > 1 and (r - 1) % box_rows == 0 then
      lines[#lines + 1] = false  -- a rule, drawn once the row width is known
    end
    local segments = {}
    for first = 1, n, width do
      local at = (r - 1) * n + first
      segments[#segments + 1] = cells:sub(at, at + width - 1)
    end
    lines[#lines + 1] = table.concat(segments, "|")
  end
  local rule = ("-"):rep(#lines[1])
  for i, line in ipairs(lines) do
    if line == false then lines[i] = rule end
  end
  local title = reader.title_line(rec, n)
  if title then table.insert(lines, 1, title) end
  return table.concat(lines, "\n")
end

return ss
