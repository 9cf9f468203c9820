-- Consecutive Sudoku ("Konsekutiv"), and f-puzzles' non-consecutive beside kropki dots: every
-- orthogonally adjacent pair of consecutive values is marked with a white dot (`kropki_white`,
-- added by sudoku.variant.kropki), so with `consecutive_negative` every adjacent pair without a
-- dot is `not_consecutive`. A pair with a black dot is left alone, as f-puzzles leaves it (its
-- 1:2 may be 1 and 2); with both negatives this is `kropki_negative`.
local common = require "sudoku.variant.common"

local consecutive = {
  KEYS = { "consecutive_negative" },
  HOLDS = { consecutive_negative = "`true`" },
  VARIANTS = { "consecutive" },
}

function consecutive.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "consecutive_negative")
  if negative == nil then return nil, err end
  if not negative then return true end
  local marked = {}
  for _, key in ipairs{ "kropki_white", "kropki_black" } do
    local ok, why = common.pairs_of(record, n, key, marked)
    if not ok then return nil, why end
  end
  return common.unmarked(board, n, "consecutive_negative", marked, "not_consecutive")
end

-- f-puzzles: its "nonconsecutive" leaves out the pairs with a difference dot (it is how the site
-- shows every white dot; with no dot at all, the two rules are the same), and so does the
-- "difference" of its "negative" list.
consecutive.fpuzzles = {
  NAMES = { "nonconsecutive" },
  NEGATIVES = { difference = "consecutive_negative" },
  read = function(f)
    if f.flag("nonconsecutive") then f.out.consecutive_negative = true end
  end,
  write = function(c, w)
    if c.consecutive_negative then w.set("nonconsecutive") end
    return true
  end,
}

-- SVG: nothing; the rule has no mark of its own (the dots are kropki's).
consecutive.svg = false

return consecutive
