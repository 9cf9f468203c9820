-- Killer cages: `cages` = [{"sum": 15, "cells": [[r, c], ...]}, ...], each a `cage` rule (its
-- cells all different, and summing to `sum`; a null sum: all different only).
local common = require "sudoku.variant.common"

local cages = { KEYS = { "cages" }, VARIANTS = { "killer" } }

-- The smallest and largest sums of k different values of 1..n.
local function sum_range(k, n)
  return k * (k + 1) / 2, k * (2 * n - k + 1) / 2
end

function cages.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "cages")
  if not list then return nil, err end
  for i, cage in ipairs(list) do
    local what = ("cages[%d]"):format(i)
    local ok, why = common.entry(cage, what, "a cage", { "sum", "cells" })
    if not ok then return nil, why end
    local cells, e = common.cells(n, cage.cells, what .. ".cells")
    if not cells then return nil, e end
    if #cells > n then
      return common.fail(what .. ".cells", "%d cells cannot all differ on a %dx%d board",
        #cells, n, n)
    end
    local spec = { kind = "cage", cells = cells }
    if not common.is_null(cage.sum) then
      local sum, bad = common.integer(cage.sum, what .. ".sum")
      if not sum then return nil, bad end
      local low, high = sum_range(#cells, n)
      if sum < low or sum > high then
        return common.fail(what .. ".sum", "%d is impossible for %d different values of 1..%d "
          .. "(%d to %d)", sum, #cells, n, low, high)
      end
      spec.sum = sum
    end
    ok, e = common.add(board, what, spec)
    if not ok then return nil, e end
  end
  return true
end

return cages
