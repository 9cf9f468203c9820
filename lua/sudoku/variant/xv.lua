-- XV: `xv` = [{"type": "X" or "V", "cells": [[r, c], [r, c]]}, ...]: an X pair sums to 10, a V
-- pair to 5 (`pair_sum`); with `xv_negative`, every orthogonally adjacent pair without a mark
-- sums to neither (`not_pair_sum` with sums 5 and 10).
local common = require "sudoku.variant.common"

local xv = { KEYS = { "xv", "xv_negative" }, VARIANTS = { "xv" } }

local SUMS = { X = 10, V = 5 }

function xv.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "xv_negative")
  if negative == nil then return nil, err end
  local list, why = common.list(record, "xv")
  if not list then return nil, why end
  local marked = {}
  for i, mark in ipairs(list) do
    local what = ("xv[%d]"):format(i)
    local ok, e = common.entry(mark, what, "an XV mark", { "type", "cells" })
    if not ok then return nil, e end
    local sum = SUMS[mark.type]
    if not sum then
      return common.fail(what .. ".type", "expected \"X\" or \"V\", got %s", common.got(mark.type))
    end
    local cells, e2 = common.neighbours(n, mark.cells, what .. ".cells")
    if not cells then return nil, e2 end
    marked[common.pair_key(n, cells[1], cells[2])] = true
    ok, e2 = common.add(board, what, { kind = "pair_sum", cells = cells, sum = sum })
    if not ok then return nil, e2 end
  end
  if not negative then return true end
  return common.unmarked(board, n, "xv_negative", marked, "not_pair_sum", { sums = { 5, 10 } })
end

return xv
