-- Kropki dots: `kropki_white` pairs differ by 1 (`consecutive`), `kropki_black` pairs hold one
-- value and its double (`ratio`, 2 by default); with `kropki_negative`, every orthogonally
-- adjacent pair without a dot is neither (`not_consecutive` and `not_ratio`); with
-- `ratio_negative` (f-puzzles' "negative ratio"), no adjacent pair without a dot holds a value
-- and its double: a white dot's pair is left alone, as f-puzzles leaves it. (The consecutive
-- half alone is sudoku.variant.consecutive; the two together are `kropki_negative`.)
local common = require "sudoku.variant.common"

local kropki = {
  KEYS = { "kropki_white", "kropki_black", "kropki_negative", "ratio_negative" },
  VARIANTS = { "kropki" },
}

function kropki.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "kropki_negative")
  if negative == nil then return nil, err end
  local ratio_negative, why = common.flag(record, "ratio_negative")
  if ratio_negative == nil then return nil, why end
  local any = {}
  for _, dot in ipairs{ { "kropki_white", "consecutive" }, { "kropki_black", "ratio" } } do
    local key, kind = dot[1], dot[2]
    local list, e = common.pairs_of(record, n, key, any)
    if not list then return nil, e end
    for i, pair in ipairs(list) do
      local ok, e2 = common.add(board, ("%s[%d]"):format(key, i), { kind = kind, cells = pair })
      if not ok then return nil, e2 end
    end
  end
  if negative then
    local ok, e = common.unmarked(board, n, "kropki_negative", any, "not_consecutive")
    if not ok then return nil, e end
    return common.unmarked(board, n, "kropki_negative", any, "not_ratio")
  end
  if ratio_negative then
    return common.unmarked(board, n, "ratio_negative", any, "not_ratio")
  end
  return true
end

return kropki
