-- XV: `xv` = [{"type": "X" or "V", "cells": [[r, c], [r, c]]}, ...]: an X pair sums to 10, a V
-- pair to 5 (`pair_sum`); with `xv_negative`, every orthogonally adjacent pair without a mark
-- sums to neither (`not_pair_sum` with sums 5 and 10).
local common = require "sudoku.variant.common"

local xv = {
  KEYS = { "xv", "xv_negative" },
  HOLDS = { xv = '`[{"type": "X", "cells": [a, b]}]`', xv_negative = "`true`" },
  VARIANTS = { "xv" },
}

local SUMS = { X = 10, V = 5 }

function xv.apply(board, record)
  local n = board:size()
  local negative, err = common.flag(record, "xv_negative")
  if negative == nil then return nil, err end
  local list, why = common.list(record, "xv")
  if not list then return nil, why end
  local marked = {}
  for i, mark in ipairs(list) do
    local what = common.at("xv", "[%d]", i)
    local ok, e = common.entry(mark, what, "an XV mark", { "type", "cells" })
    if not ok then return nil, e end
    local sum = SUMS[mark.type]
    if not sum then
      return common.fail(common.at(what, ".type"), "expected \"X\" or \"V\", got %s",
        common.got(mark.type))
    end
    local cells, e2 = common.neighbours(n, mark.cells, common.at(what, ".cells"))
    if not cells then return nil, e2 end
    marked[common.pair_key(n, cells[1], cells[2])] = true
    ok, e2 = common.add(board, what, { kind = "pair_sum", cells = cells, sum = sum })
    if not ok then return nil, e2 end
  end
  if not negative then return true end
  return common.unmarked(board, n, "xv_negative", marked, "not_pair_sum", { sums = { 5, 10 } })
end

-- f-puzzles: "xv", [{"cells": ["R1C1", "R1C2"], "value": "X"}]; the "xv" of its "negative" list
-- is xv_negative.
xv.fpuzzles = {
  NAMES = { "xv" },
  NEGATIVES = { xv = "xv_negative" },
  read = function(f)
    f.each("xv", function(entry, what)
      if entry.value ~= "X" and entry.value ~= "V" then
        f.fail("%s.value: expected \"X\" or \"V\", got %s", what, f.got(entry.value))
      end
      f.add("xv", { type = entry.value, cells = f.cells(entry.cells, what .. ".cells") })
    end)
  end,
  write = function(c, w)
    for _, mark in ipairs(c.xv or {}) do w.add("xv", { cells = w.names(mark.cells), value = mark.type }) end
    if c.xv_negative then w.negative("xv") end
    return true
  end,
}

-- SVG: the letter on the edge between the two cells, on a small white patch over the grid lines.
xv.svg = {
  DEPTH = 80,
  looks = function(k)
    return {
      { class = "xv-back", props = { { "fill", "#ffffff" } } },
      { class = "xv", props = { k.font, k.middle, { "font-size", k.cell * 0.5 },
        { "font-weight", "bold" }, { "fill", "#000000" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local backs, letters = {}, {}
    local size = pen.cell * 0.5
    local w, h = pen.cell * 0.4, pen.cell * 0.44
    for _, clue in ipairs(r.xv) do
      local x, y = pen.edge_middle(clue.cells)
      backs[#backs + 1] = ('<rect class="xv-back" x="%s" y="%s" width="%s" height="%s"/>'):format(
        num(x - w / 2), num(y - h / 2), num(w), num(h))
      letters[#letters + 1] = ('<text class="xv" x="%s" y="%s">%s</text>'):format(
        num(x), num(y + size * 0.35), clue.type)
    end
    pen.layer("xv-backs", "xv-back", nil, backs)
    pen.layer("xv-letters", "xv", nil, letters)
  end,
}

return xv
