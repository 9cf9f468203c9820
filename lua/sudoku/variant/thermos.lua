-- Thermometers: `thermos` = [[[r, c], ...], ...], bulb first, each a `thermo` rule (values
-- strictly increasing from the bulb).
local common = require "sudoku.variant.common"

local thermos = { KEYS = { "thermos" }, VARIANTS = { "thermo" } }

function thermos.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "thermos")
  if not list then return nil, err end
  for i, line in ipairs(list) do
    local what = ("thermos[%d]"):format(i)
    local cells, why = common.cells(record, n, line, what, 2)
    if not cells then return nil, why end
    if #cells > n then
      return common.fail(record, what, "%d cells cannot rise strictly through 1..%d", #cells, n)
    end
    local ok, e = common.add(board, record, what, { kind = "thermo", cells = cells })
    if not ok then return nil, e end
  end
  return true
end

return thermos
