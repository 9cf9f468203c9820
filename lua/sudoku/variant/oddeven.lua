-- Odd/even cells: `odd` and `even` = [[r, c], ...], each list one `allowed` rule holding the odd
-- (or even) values of 1..N.
local common = require "sudoku.variant.common"

local oddeven = { KEYS = { "odd", "even" }, VARIANTS = { "oddeven" } }

function oddeven.apply(board, record)
  local n = board:size()
  for parity, key in ipairs{ "odd", "even" } do
    local list, err = common.list(record, key)
    if not list then return nil, err end
    if #list > 0 then
      local cells, why = common.cells(n, list, key)
      if not cells then return nil, why end
      local values = {}
      for v = parity, n, 2 do values[#values + 1] = v end
      local ok, e = common.add(board, key, { kind = "allowed", cells = cells, values = values })
      if not ok then return nil, e end
    end
  end
  return true
end

return oddeven
