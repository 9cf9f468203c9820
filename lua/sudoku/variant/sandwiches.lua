-- Sandwich clues: `sandwiches` = [{"row": 3, "sum": 12}, {"column": 7, "sum": 0}, ...]: the
-- values strictly between the 1 and the N of that row (column) add up to `sum` (0: the 1 and
-- the N are neighbours). One `sandwich` rule on the line's N cells.
local common = require "sudoku.variant.common"

local sandwiches = { KEYS = { "sandwiches" }, VARIANTS = { "sandwich" } }

function sandwiches.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "sandwiches")
  if not list then return nil, err end
  local seen = {}
  for i, clue in ipairs(list) do
    local what = ("sandwiches[%d]"):format(i)
    local ok, why = common.entry(clue, what, "a sandwich clue", { "row", "column", "sum" })
    if not ok then return nil, why end
    if clue.row ~= nil and clue.column ~= nil then
      return common.fail(what, "expected \"row\" or \"column\", not both")
    end
    local line = clue.row ~= nil and "row" or clue.column ~= nil and "column" or nil
    if not line then return common.fail(what, "expected \"row\" or \"column\"") end
    local index, e = common.integer(clue[line], what .. "." .. line)
    if not index then return nil, e end
    if index < 1 or index > n then
      return common.fail(what .. "." .. line, "%d is off the %dx%d board", index, n, n)
    end
    local sum, e2 = common.integer(clue.sum, what .. ".sum")
    if not sum then return nil, e2 end
    if seen[line .. index] then
      return common.fail(what, "%s %d has a clue already", line, index)
    end
    seen[line .. index] = true
    local cells = {}
    for k = 1, n do cells[k] = line == "row" and { index, k } or { k, index } end
    ok, e = common.add(board, what, { kind = "sandwich", cells = cells, sum = sum })
    if not ok then return nil, e end
  end
  return true
end

return sandwiches
