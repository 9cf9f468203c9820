-- Non-consecutive: with `nonconsecutive` true, no two orthogonally adjacent cells hold values
-- that differ by 1: `not_consecutive` on every adjacent pair.
local common = require "sudoku.variant.common"

local nonconsecutive = { KEYS = { "nonconsecutive" }, VARIANTS = { "nonconsecutive" } }

function nonconsecutive.apply(board, record)
  local on, err = common.flag(record, "nonconsecutive")
  if on == nil then return nil, err end
  if not on then return true end
  return common.unmarked(board, (board:size()), "nonconsecutive", {}, "not_consecutive")
end

return nonconsecutive
