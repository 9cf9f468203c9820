-- Killer cages: `cages` = [{"sum": 15, "cells": [[r, c], ...]}, ...], each a `cage` rule (its
-- cells all different, and summing to `sum`; a null sum: all different only).
local common = require "sudoku.variant.common"

local cages = {
  KEYS = { "cages" },
  HOLDS = { cages = '`[{"sum": 15, "cells": [...]}]`' },
  VARIANTS = { "killer" },
}

-- The smallest and largest sums of k different values of 1..n.
local function sum_range(k, n)
  return k * (k + 1) / 2, k * (2 * n - k + 1) / 2
end

function cages.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "cages")
  if not list then return nil, err end
  for i, cage in ipairs(list) do
    local what = common.at("cages", "[%d]", i)
    local ok, why = common.entry(cage, what, "a cage", { "sum", "cells" })
    if not ok then return nil, why end
    local cells, e = common.cells(n, cage.cells, common.at(what, ".cells"))
    if not cells then return nil, e end
    if #cells > n then
      return common.fail(common.at(what, ".cells"), "%d cells cannot all differ on a %dx%d board",
        #cells, n, n)
    end
    local spec = { kind = "cage", cells = cells }
    if not common.is_null(cage.sum) then
      local sum, bad = common.integer(cage.sum, common.at(what, ".sum"))
      if not sum then return nil, bad end
      local low, high = sum_range(#cells, n)
      if sum < low or sum > high then
        return common.fail(common.at(what, ".sum"),
          "%d is impossible for %d different values of 1..%d (%d to %d)", sum, #cells, n, low, high)
      end
      spec.sum = sum
    end
    ok, e = common.add(board, what, spec)
    if not ok then return nil, e end
  end
  return true
end

-- f-puzzles: "killercage", [{"cells": ["R1C1", ...], "value": "15"}, ...] (no value: no sum).
cages.fpuzzles = {
  NAMES = { "killercage" },
  read = function(f)
    f.each("killercage", function(entry, what)
      f.add("cages", { sum = f.number(entry.value, what) or f.null,
        cells = f.cells(entry.cells, what .. ".cells") })
    end)
  end,
  write = function(c, w)
    for _, cage in ipairs(c.cages or {}) do
      local entry = { cells = w.names(cage.cells) }
      if type(cage.sum) == "number" then entry.value = ("%d"):format(cage.sum) end
      w.add("killercage", entry)
    end
    return true
  end,
}

-- SVG: a dashed outline inset inside the cells, and the sum in the top-left cell's corner, over
-- the grid, the dots and the marks; the sum sits on a small white patch when something that
-- crosses cells (a tint, a shape, a line) may run under it.
cages.svg = {
  DEPTH = 90,
  looks = function(k)
    return {
      { class = "cage", after = "border", props = { { "fill", "none" }, { "stroke", "#404040" },
        { "stroke-width", k.thin },
        { "stroke-dasharray", k.num(k.cell / 10) .. " " .. k.num(k.cell / 16) } } },
      { class = "cage-sum", after = "border", props = { k.font, { "font-size", k.cell * 0.24 },
        { "fill", "#404040" } } },
      { class = "cage-sum-back", props = { { "fill", "#ffffff" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local paths, backs, sums = {}, {}, {}
    local inset = pen.cell * 0.08
    local font = pen.cell * 0.24
    for _, cage in ipairs(r.cages) do
      local cells = pen.sorted_cells(cage.cells)
      local d = {}
      for i, s in ipairs(pen.cage_outline(cells, inset)) do
        if s[2] == s[4] then
          d[i] = ("M%s %sH%s"):format(num(s[1]), num(s[2]), num(s[3]))
        else
          d[i] = ("M%s %sV%s"):format(num(s[1]), num(s[2]), num(s[4]))
        end
      end
      paths[#paths + 1] = ('<path class="cage" d="%s"/>'):format(table.concat(d))
      local label = pen.sum_label(cage.sum)
      if label then
        local first = cells[1]
        local x, y = pen.at(first[2]) + inset * 1.5, pen.at(first[1]) + inset + pen.cell * 0.22
        sums[#sums + 1] = ('<text class="cage-sum" x="%s" y="%s">%s</text>'):format(
          num(x), num(y), label)
        if pen.crossed then
          -- Digits are about 0.64 of the font size wide and 0.73 high; the patch stays clear
          -- of the dashed outline.
          local left, top = pen.at(first[2]) + inset * 1.25, pen.at(first[1]) + inset * 1.25
          backs[#backs + 1] = ('<rect class="cage-sum-back" x="%s" y="%s" width="%s" '
            .. 'height="%s"/>'):format(num(left), num(top),
            num(x - left + #label * 0.64 * font + inset * 0.5), num(y - top + font * 0.15))
        end
      end
    end
    pen.layer("cages", "cage", nil, paths)
    pen.layer("cage-sum-backs", "cage-sum-back", nil, backs)
    pen.layer("cage-sums", "cage-sum", nil, sums)
  end,
}

return cages
