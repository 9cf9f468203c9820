-- Thermometers: `thermos` = [[[r, c], ...], ...], bulb first, each a `thermo` rule (values
-- strictly increasing from the bulb).
local common = require "sudoku.variant.common"

local thermos = { KEYS = { "thermos" }, VARIANTS = { "thermo" } }

function thermos.apply(board, record)
  local n = board:size()
  local lines, err = common.lines(record, n, "thermos", 2)
  if not lines then return nil, err end
  for i, cells in ipairs(lines) do
    local what = ("thermos[%d]"):format(i)
    if #cells > n then
      return common.fail(what, "%d cells cannot rise strictly through 1..%d", #cells, n)
    end
    local ok, e = common.add(board, what, { kind = "thermo", cells = cells })
    if not ok then return nil, e end
  end
  return true
end

return thermos
