-- Kropki dots: `kropki_white` pairs differ by 1 (`consecutive`), `kropki_black` pairs hold one
-- value and its double (`ratio`, 2 by default); with `kropki_negative`, every orthogonally
-- adjacent pair without a dot is neither (`not_consecutive` and `not_ratio`).
local common = require "sudoku.variant.common"

local kropki = {
  KEYS = { "kropki_white", "kropki_black", "kropki_negative" }, VARIANTS = { "kropki" },
}

function kropki.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "kropki_negative")
  if negative == nil then return nil, err end
  local marked = {}
  for _, dot in ipairs{ { "kropki_white", "consecutive" }, { "kropki_black", "ratio" } } do
    local key, kind = dot[1], dot[2]
    local list, why = common.pairs_of(record, n, key, marked)
    if not list then return nil, why end
    for i, pair in ipairs(list) do
      local ok, e = common.add(board, record, ("%s[%d]"):format(key, i), { kind = kind, cells = pair })
      if not ok then return nil, e end
    end
  end
  if not negative then return true end
  local ok, e = common.unmarked(board, record, n, "kropki_negative", marked, "not_consecutive")
  if not ok then return nil, e end
  return common.unmarked(board, record, n, "kropki_negative", marked, "not_ratio")
end

return kropki
