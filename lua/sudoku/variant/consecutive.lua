-- Consecutive Sudoku ("Konsekutiv"), and f-puzzles' "negative difference": every orthogonally
-- adjacent pair of consecutive values is marked with a white dot (`kropki_white`, added by
-- sudoku.variant.kropki), so with `consecutive_negative` every adjacent pair without a white
-- dot is `not_consecutive`. Black dots play no part here.
local common = require "sudoku.variant.common"

local consecutive = { KEYS = { "consecutive_negative" }, VARIANTS = { "consecutive" } }

function consecutive.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "consecutive_negative")
  if negative == nil then return nil, err end
  if not negative then return true end
  local marked = {}
  local ok, why = common.pairs_of(record, n, "kropki_white", marked)
  if not ok then return nil, why end
  return common.unmarked(board, n, "consecutive_negative", marked, "not_consecutive")
end

return consecutive
