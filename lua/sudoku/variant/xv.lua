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
    if type(mark) ~= "table" then return common.fail(record, what, "expected an object") end
    local sum = SUMS[mark.type]
    if not sum then return common.fail(record, what, "type must be \"X\" or \"V\"") end
    local cells, e = common.cells(record, n, mark.cells, what .. ".cells", 2)
    if not cells then return nil, e end
    if #cells ~= 2 then return common.fail(record, what, "expected two cells") end
    marked[common.pair_key(n, cells[1], cells[2])] = true
    local ok, e2 = common.add(board, record, what, { kind = "pair_sum", cells = cells, sum = sum })
    if not ok then return nil, e2 end
  end
  if not negative then return true end
  return common.unmarked(board, record, n, "xv_negative", marked, "not_pair_sum", { sums = { 5, 10 } })
end

return xv
