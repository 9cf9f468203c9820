-- ss: Simple Sudoku's file. Rows of cells with no spaces, '|' between boxes, a line of dashes
-- between bands ("..2|.3.|..." and "-----------"); '.' blank. The reader also takes the layout
-- Simple Sudoku copies to the clipboard, framed by "*-----------*" and "|---+---+---|" lines,
-- and anything the grid reader takes, a title line before a grid (meta.name) too.
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
