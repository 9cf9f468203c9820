-- Non-consecutive: with `nonconsecutive` true, no two orthogonally adjacent cells hold values
-- that differ by 1: `not_consecutive` on every adjacent pair.
local common = require "sudoku.variant.common"

local nonconsecutive = {
  KEYS = { "nonconsecutive" },
  HOLDS = { nonconsecutive = "`true`" },
  VARIANTS = { "nonconsecutive" },
}

function nonconsecutive.apply(board, record)
  local on, err = common.flag(record, "nonconsecutive")
  if on == nil then return nil, err end
  if not on then return true end
  return common.unmarked(board, (board:size()), "nonconsecutive", {}, "not_consecutive")
end

-- f-puzzles: its "nonconsecutive" leaves out the pairs with a kropki dot, so it reads as
-- consecutive_negative (sudoku.variant.consecutive); this rule is written as it only where
-- there is no dot, where the two are the same.
nonconsecutive.fpuzzles = {
  NAMES = {},
  read = function() end,
  write = function(c, w)
    if not c.nonconsecutive then return true end
    if next(c.kropki_white or {}) or next(c.kropki_black or {}) then
      return nil, "nonconsecutive: f-puzzles' non-consecutive leaves out the pairs with a kropki "
        .. "dot, so it has no counterpart beside dots"
    end
    w.set("nonconsecutive")
    return true
  end,
}

-- SVG: nothing; the rule covers every pair of neighbours and has no mark.
nonconsecutive.svg = false

return nonconsecutive
