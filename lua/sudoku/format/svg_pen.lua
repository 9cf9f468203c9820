-- The pen the variant families draw their rules with (the `svg.draw(pen, rules)` of each module
-- of sudoku.variant): the picture's sizes and its layers, and the shapes several rules share,
-- in the picture's coordinates. sudoku.format.svg_rules makes one per picture.
local shapes = require "sudoku.format.svg_shapes"
local style = require "sudoku.format.svg_style"

local num = style.num

local pen = {}

-- An open arrowhead at (x, y) pointing along (dx, dy), a unit vector: two strokes of `length`
-- back from the tip at 40 degrees each side, as a path's data.
local HEAD_COS, HEAD_SIN = math.cos(math.rad(40)), math.sin(math.rad(40))

local function head(x, y, dx, dy, length)
  local ax = -dx * HEAD_COS - dy * HEAD_SIN
  local ay = -dy * HEAD_COS + dx * HEAD_SIN
  local bx = -dx * HEAD_COS + dy * HEAD_SIN
  local by = -dy * HEAD_COS - dx * HEAD_SIN
  return ("M%s %sL%s %sL%s %s"):format(num(x + length * ax), num(y + length * ay), num(x), num(y),
    num(x + length * bx), num(y + length * by))
end

local function point(x, y)
  return num(x) .. "," .. num(y)
end

-- A sum as a label: whole numbers without decimals; no label for a cage without a sum (nil, or
-- JSON null however the decoder spells it).
local function sum_label(sum)
  if type(sum) ~= "number" then return nil end
  if sum == math.floor(sum) then return ("%d"):format(sum) end
  return num(sum)
end

--- The pen of picture `pic` (see canvas() in sudoku.format.svg) of `board`; `tinted` says
-- whether the board's extra regions are tinted. `crossed` is kept by the caller: whether a
-- tint or a shape that crosses cells lies under what is drawn next.
function pen.of(pic, board, tinted)
  local p = {
    n = pic.n, cell = pic.cell, margin = pic.margin, board = board, tinted = tinted,
    crossed = false,
    at = pic.at, centre = pic.centre, layer = pic.layer,
    num = num, point = point, head = head, sum_label = sum_label,
    sorted_cells = shapes.sorted_cells,
  }
  -- The centre of cell {r, c} as x, y.
  function p.centre_of(rc)
    return pic.centre(rc[2]), pic.centre(rc[1])
  end
  -- A polyline of `class` through the centres of `cells`.
  function p.polyline(class, cells)
    local points = {}
    for i, rc in ipairs(cells) do points[i] = point(p.centre_of(rc)) end
    return ('<polyline class="%s" points="%s"/>'):format(class, table.concat(points, " "))
  end
  -- The middle of the edge between two neighbouring cells.
  function p.edge_middle(pair)
    local x1, y1 = p.centre_of(pair[1])
    local x2, y2 = p.centre_of(pair[2])
    return (x1 + x2) / 2, (y1 + y2) / 2
  end
  -- The outline of a cage of `cells` inset by `inset` inside them (shapes.cage_outline).
  function p.cage_outline(cells, inset)
    return shapes.cage_outline(cells, pic.n, pic.at, pic.cell, inset)
  end
  return p
end

return pen
