-- Kropki dots: `kropki_white` pairs differ by 1 (`consecutive`), `kropki_black` pairs hold one
-- value and its double (`ratio`, 2 by default); with `kropki_negative`, every orthogonally
-- adjacent pair without a dot is neither (`not_consecutive` and `not_ratio`); with
-- `ratio_negative` (f-puzzles' "negative ratio"), no adjacent pair without a dot holds a value
-- and its double: a white dot's pair is left alone, as f-puzzles leaves it. (The consecutive
-- half alone is sudoku.variant.consecutive; the two together are `kropki_negative`.)
local common = require "sudoku.variant.common"

local kropki = {
  KEYS = { "kropki_white", "kropki_black", "kropki_negative", "ratio_negative" },
  HOLDS = {
    kropki_white = "lists of two neighbouring cells", kropki_black = "lists of two neighbouring cells",
    kropki_negative = "`true`", ratio_negative = "`true`",
  },
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
      local ok, e2 = common.add(board, common.at(key, "[%d]", i), { kind = kind, cells = pair })
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

-- f-puzzles: "difference" and "ratio" dots ([{"cells": ["R1C1", "R1C2"], "value": "2"}]): white
-- dots when the difference is 1 (or absent), black ones when the ratio is 2 (or absent); its
-- "negative" list's "ratio" is ratio_negative. Its "nonconsecutive" leaves out the pairs with a
-- dot, so kropki_negative is that (sudoku.variant.consecutive reads it) and the ratio's negative.
local function dots(f, key, target, default, name)
  f.each(key, function(entry, what)
    local value = f.number(entry.value, what)
    if value and value ~= default then
      f.fail("%s: a %s dot of %d is not supported (only %d)", what, name, value, default)
    end
    f.add(target, f.cells(entry.cells, what .. ".cells"))
  end)
end

kropki.fpuzzles = {
  NAMES = { "difference", "ratio" },
  NEGATIVES = { ratio = "ratio_negative" },
  read = function(f)
    dots(f, "difference", "kropki_white", 1, "difference")
    dots(f, "ratio", "kropki_black", 2, "ratio")
  end,
  write = function(c, w)
    for _, pair in ipairs(c.kropki_white or {}) do w.add("difference", { cells = w.names(pair) }) end
    for _, pair in ipairs(c.kropki_black or {}) do w.add("ratio", { cells = w.names(pair) }) end
    if c.kropki_negative then
      w.set("nonconsecutive")
      w.negative("ratio")
    end
    if c.ratio_negative then w.negative("ratio") end
    return true
  end,
}

-- SVG: white and black dots on the edge between the two cells, over the grid lines.
kropki.svg = {
  DEPTH = 70,
  looks = function(k)
    return {
      { class = "kropki-white", props = { { "fill", "#ffffff" }, { "stroke", "#000000" },
        { "stroke-width", k.thin } } },
      { class = "kropki-black", props = { { "fill", "#000000" }, { "stroke", "#000000" },
        { "stroke-width", k.thin } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local radius = pen.cell * 0.13
    for _, colour in ipairs({ "white", "black" }) do
      local items = {}
      for _, pair in ipairs(r["kropki_" .. colour]) do
        local x, y = pen.edge_middle(pair)
        items[#items + 1] = ('<circle class="kropki-%s" cx="%s" cy="%s" r="%s"/>'):format(
          colour, num(x), num(y), num(radius))
      end
      pen.layer(colour .. "-dots", "kropki-" .. colour, nil, items)
    end
  end,
}

return kropki
