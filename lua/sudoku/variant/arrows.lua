-- Arrows: `arrows` = [{"circle": [r, c], "lines": [[[r, c], ...], ...]}, ...]. Each line runs
-- from the cell next to the circle to the arrow's tip; the circle's value is the sum of the
-- values on all the lines (repeats allowed; a cell two lines share, as where an arrow forks,
-- counts once): one `arrow` rule, the circle first.
local common = require "sudoku.variant.common"

local arrows = { KEYS = { "arrows" }, VARIANTS = { "arrow" } }

function arrows.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "arrows")
  if not list then return nil, err end
  for i, arrow in ipairs(list) do
    local what = ("arrows[%d]"):format(i)
    local ok, why = common.entry(arrow, what, "an arrow", { "circle", "lines" })
    if not ok then return nil, why end
    local circle, e = common.cell(n, arrow.circle, what .. ".circle")
    if not circle then return nil, e end
    local lines, e2 = common.lines(arrow, n, "lines", 1, what .. ".lines")
    if not lines then return nil, e2 end
    if #lines == 0 then return common.fail(what .. ".lines", "expected at least one line") end
    local circle_key = (circle[1] - 1) * n + circle[2]
    local cells, seen = { circle }, { [circle_key] = true }
    for k, line in ipairs(lines) do
      for m, cell in ipairs(line) do
        local key = (cell[1] - 1) * n + cell[2]
        if key == circle_key then
          return common.fail(("%s.lines[%d][%d]"):format(what, k, m),
            "the circle's cell [%d, %d] is on its own line", cell[1], cell[2])
        end
        if not seen[key] then
          seen[key] = true
          cells[#cells + 1] = cell
        end
      end
    end
    ok, e = common.add(board, what, { kind = "arrow", cells = cells })
    if not ok then return nil, e end
  end
  return true
end

return arrows
