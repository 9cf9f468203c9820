-- Arrows: `arrows` = [{"circle": [r, c], "lines": [[[r, c], ...], ...]}, ...]. Each line runs
-- from the cell next to the circle to the arrow's tip; the circle's value is the sum of the
-- values on all the lines (repeats allowed; a cell two lines share, as where an arrow forks,
-- counts once): one `arrow` rule, the circle first.
local common = require "sudoku.variant.common"

local arrows = {
  KEYS = { "arrows" },
  HOLDS = { arrows = '`[{"circle": [r, c], "lines": [[...], ...]}]`' },
  VARIANTS = { "arrow" },
}

function arrows.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "arrows")
  if not list then return nil, err end
  for i, arrow in ipairs(list) do
    local what = common.at("arrows", "[%d]", i)
    local ok, why = common.entry(arrow, what, "an arrow", { "circle", "lines" })
    if not ok then return nil, why end
    local circle, e = common.cell(n, arrow.circle, common.at(what, ".circle"))
    if not circle then return nil, e end
    local lines, e2 = common.lines(arrow, n, "lines", 1, common.at(what, ".lines"))
    if not lines then return nil, e2 end
    if #lines == 0 then
      return common.fail(common.at(what, ".lines"), "expected at least one line")
    end
    local circle_key = (circle[1] - 1) * n + circle[2]
    local cells, seen = { circle }, { [circle_key] = true }
    for k, line in ipairs(lines) do
      for m, cell in ipairs(line) do
        local key = (cell[1] - 1) * n + cell[2]
        if key == circle_key then
          return common.fail(common.at(what, ".lines[%d][%d]", k, m),
            "the circle's cell [%d, %d] is on its own line", cell[1], cell[2])
        end
        if not seen[key] then
          seen[key] = true
          cells[#cells + 1] = cell
        end
      end
    end
    ok, e = common.add(board, what, { kind = "arrow", cells = cells })
    if not ok then return nil, e end
  end
  return true
end

-- f-puzzles: "arrow", [{"cells": ["R1C1"], "lines": [["R1C1", "R1C2", ...], ...]}]. Each line of
-- an f-puzzles arrow is an arrow of its own from the shared circle (a circle with two arrows:
-- each sums to it), drawn from the circle's cell.
arrows.fpuzzles = {
  NAMES = { "arrow" },
  read = function(f)
    f.each("arrow", function(entry, what)
      local bulb = f.cells(entry.cells, what .. ".cells")
      if #bulb ~= 1 then
        f.fail("%s: an arrow whose circle is %d cells (a number read across cells) is not "
          .. "supported", what, #bulb)
      end
      local circle = bulb[1]
      for i, line in ipairs(f.lines(entry, what)) do
        if line[1] and line[1][1] == circle[1] and line[1][2] == circle[2] then
          table.remove(line, 1)
        end
        if #line == 0 then f.fail("%s.lines[%d]: a line with no cell beyond the circle", what, i) end
        f.add("arrows", { circle = { circle[1], circle[2] }, lines = { line } })
      end
    end)
  end,
  write = function(c, w)
    for _, arrow in ipairs(c.arrows or {}) do
      local lines = {}
      for i, line in ipairs(arrow.lines) do
        lines[i] = { w.name(arrow.circle) }
        for _, cell in ipairs(line) do lines[i][#lines[i] + 1] = w.name(cell) end
      end
      w.add("arrow", { cells = { w.name(arrow.circle) }, lines = lines })
    end
    return true
  end,
}

-- SVG: a hollow grey circle on the circle's cell, and for each line a stroke from the circle's
-- edge through its cells' centres with an arrowhead on the tip (the line's last cell), beneath
-- the grid lines.
arrows.svg = {
  DEPTH = 40,
  CROSSES = true,
  looks = function(k)
    local stroke = { { "fill", "none" }, { "stroke", "#a0a0a0" }, { "stroke-width", k.cell * 0.05 },
      { "stroke-linecap", "round" }, { "stroke-linejoin", "round" } }
    return {
      { class = "arrow", props = stroke },
      { class = "arrow-head", props = stroke },
      { class = "arrow-circle", props = stroke },
    }
  end,
  draw = function(pen, r)
    local num, point = pen.num, pen.point
    local circles, lines, heads = {}, {}, {}
    local radius = pen.cell * 0.4
    for _, arrow in ipairs(r.arrows) do
      local cx, cy = pen.centre_of(arrow.circle)
      circles[#circles + 1] = ('<circle class="arrow-circle" cx="%s" cy="%s" r="%s"/>'):format(
        num(cx), num(cy), num(radius))
      for _, line in ipairs(arrow.lines) do
        -- The stroke leaves the circle towards the first cell (never the circle's own cell).
        local x1, y1 = pen.centre_of(line[1])
        local d = math.sqrt((x1 - cx) ^ 2 + (y1 - cy) ^ 2)
        local px, py = cx + (x1 - cx) / d * radius, cy + (y1 - cy) / d * radius
        local points = { point(px, py) }
        -- The tip's direction: from the last point before it that is elsewhere.
        local tx, ty
        for _, rc in ipairs(line) do
          local x, y = pen.centre_of(rc)
          points[#points + 1] = point(x, y)
          if tx and (x ~= tx or y ~= ty) then px, py = tx, ty end
          tx, ty = x, y
        end
        lines[#lines + 1] = ('<polyline class="arrow" points="%s"/>'):format(
          table.concat(points, " "))
        local len = math.sqrt((tx - px) ^ 2 + (ty - py) ^ 2)
        heads[#heads + 1] = ('<path class="arrow-head" d="%s"/>'):format(
          pen.head(tx, ty, (tx - px) / len, (ty - py) / len, pen.cell * 0.3))
      end
    end
    pen.layer("arrow-lines", "arrow", nil, lines)
    pen.layer("arrow-heads", "arrow-head", nil, heads)
    pen.layer("arrow-circles", "arrow-circle", nil, circles)
  end,
}

return arrows
