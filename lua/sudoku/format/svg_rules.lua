-- The variant rules of the svg format's picture, drawn the way puzzle sites (f-puzzles,
-- SudokuPad, janko.at) draw them: odd and even cells, lines (whispers, renbans, palindromes),
-- thermometers, arrows, diagonals, kropki dots and XV clues on the edges, killer cages, and the
-- clues outside the grid (little killers, sandwiches). sudoku.format.svg checks the rules
-- (sudoku.format.svg_check) and calls these in its order of layers; each function draws its
-- layers on `pic`, the picture being written (see canvas() in sudoku.format.svg).
local check = require "sudoku.format.svg_check"
local record = require "sudoku.format.record"
local shapes = require "sudoku.format.svg_shapes"
local style = require "sudoku.format.svg_style"
local regions = require "sudoku.variant.regions"

local num = style.num

local rules = {}

-- Whether the rules put clues outside the grid (the picture then has a margin of one cell).
function rules.has_outside(r)
  return #r.little_killers > 0 or #r.sandwiches > 0
end

-- The centre of cell {r, c} as x, y.
local function centre_of(pic, rc)
  return pic.centre(rc[2]), pic.centre(rc[1])
end

local function point(x, y)
  return num(x) .. "," .. num(y)
end

-- A polyline of `class` through the centres of `cells`.
local function polyline(pic, class, cells)
  local points = {}
  for i, rc in ipairs(cells) do points[i] = point(centre_of(pic, rc)) end
  return ('<polyline class="%s" points="%s"/>'):format(class, table.concat(points, " "))
end

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

-- Odd cells as grey circles, even cells as grey squares, under everything but the tints.
function rules.draw_parity(pic, r)
  local circles, squares = {}, {}
  for _, rc in ipairs(shapes.sorted_cells(r.odd)) do
    local x, y = centre_of(pic, rc)
    circles[#circles + 1] = ('<circle class="odd" cx="%s" cy="%s" r="%s"/>'):format(
      num(x), num(y), num(pic.cell * 0.38))
  end
  local side = pic.cell * 0.76
  for _, rc in ipairs(shapes.sorted_cells(r.even)) do
    local x, y = centre_of(pic, rc)
    squares[#squares + 1] = ('<rect class="even" x="%s" y="%s" width="%s" height="%s"/>'):format(
      num(x - side / 2), num(y - side / 2), num(side), num(side))
  end
  pic.layer("odd-cells", "odd", nil, circles)
  pic.layer("even-cells", "even", nil, squares)
end

-- Whispers, renbans and palindromes: thick coloured lines through the cells' centres.
function rules.draw_lines(pic, r)
  for _, kind in ipairs({ { "whispers", "whisper" }, { "renbans", "renban" },
    { "palindromes", "palindrome" } }) do
    local items = {}
    for _, cells in ipairs(r[kind[1]]) do items[#items + 1] = polyline(pic, kind[2], cells) end
    pic.layer(kind[1], kind[2], nil, items)
  end
end

-- A thermometer: a line through its cells' centres and a bulb on the first.
function rules.draw_thermos(pic, thermos)
  local lines, bulbs = {}, {}
  for _, thermo in ipairs(thermos) do
    if #thermo > 0 then
      lines[#lines + 1] = polyline(pic, "thermo", thermo)
      local x, y = centre_of(pic, thermo[1])
      bulbs[#bulbs + 1] = ('<circle class="thermo-bulb" cx="%s" cy="%s" r="%s"/>'):format(
        num(x), num(y), num(pic.cell * 0.3))
    end
  end
  pic.layer("thermos", "thermo", nil, lines)
  pic.layer("thermo-bulbs", "thermo-bulb", nil, bulbs)
end

-- Arrows: a hollow circle on the circle's cell, and for each line a stroke from the circle's
-- edge through its cells' centres with an arrowhead on the tip (the line's last cell).
function rules.draw_arrows(pic, arrows)
  local circles, lines, heads = {}, {}, {}
  local radius = pic.cell * 0.4
  for _, arrow in ipairs(arrows) do
    local cx, cy = centre_of(pic, arrow.circle)
    circles[#circles + 1] = ('<circle class="arrow-circle" cx="%s" cy="%s" r="%s"/>'):format(
      num(cx), num(cy), num(radius))
    for _, line in ipairs(arrow.lines) do
      -- The stroke leaves the circle towards the first cell (never the circle's own cell).
      local x1, y1 = centre_of(pic, line[1])
      local d = math.sqrt((x1 - cx) ^ 2 + (y1 - cy) ^ 2)
      local px, py = cx + (x1 - cx) / d * radius, cy + (y1 - cy) / d * radius
      local points = { point(px, py) }
      -- The tip's direction: from the last point before it that is elsewhere.
      local tx, ty
      for _, rc in ipairs(line) do
        local x, y = centre_of(pic, rc)
        points[#points + 1] = point(x, y)
        if tx and (x ~= tx or y ~= ty) then px, py = tx, ty end
        tx, ty = x, y
      end
      lines[#lines + 1] = ('<polyline class="arrow" points="%s"/>'):format(
        table.concat(points, " "))
      local len = math.sqrt((tx - px) ^ 2 + (ty - py) ^ 2)
      heads[#heads + 1] = ('<path class="arrow-head" d="%s"/>'):format(
        head(tx, ty, (tx - px) / len, (ty - py) / len, pic.cell * 0.3))
    end
  end
  pic.layer("arrow-lines", "arrow", nil, lines)
  pic.layer("arrow-heads", "arrow-head", nil, heads)
  pic.layer("arrow-circles", "arrow-circle", nil, circles)
end


-- Whether the board has an extra region of exactly these cells.
local function has_region(board, cells)
  local n = board:size()
  local wanted = {}
  for _, rc in ipairs(cells) do wanted[record.index(n, rc[1], rc[2])] = true end
  for _, region in ipairs(board:regions()) do
    local same = #region == #cells
    for _, rc in ipairs(region) do
      same = same and wanted[record.index(n, rc[1], rc[2])] == true
    end
    if same then return true end
  end
  return false
end

-- The diagonals of the record's rules as lines from corner to corner, except those already
-- tinted as one of the board's extra regions (when `tinted`, the regions are drawn).
function rules.draw_diagonals(pic, board, diagonals, tinted)
  local items = {}
  local low, high = pic.margin, pic.margin + pic.n * pic.cell
  for _, name in ipairs(diagonals) do
    if not (tinted and has_region(board, regions.diagonal(pic.n, name))) then
      local x1, x2 = low, high
      if name == "anti" then x1, x2 = high, low end
      items[#items + 1] = ('<line class="diagonal" x1="%s" y1="%s" x2="%s" y2="%s"/>'):format(
        num(x1), num(low), num(x2), num(high))
    end
  end
  pic.layer("diagonals", "diagonal", nil, items)
end

-- The middle of the edge between two neighbouring cells.
local function edge_middle(pic, pair)
  local x1, y1 = centre_of(pic, pair[1])
  local x2, y2 = centre_of(pic, pair[2])
  return (x1 + x2) / 2, (y1 + y2) / 2
end

-- Clues on the edges between two cells, over the grid lines: kropki dots (white: the values
-- differ by one; black: one is twice the other) and XV letters on a small white patch.
function rules.draw_edges(pic, r)
  local radius = pic.cell * 0.13
  for _, colour in ipairs({ "white", "black" }) do
    local items = {}
    for _, pair in ipairs(r["kropki_" .. colour]) do
      local x, y = edge_middle(pic, pair)
      items[#items + 1] = ('<circle class="kropki-%s" cx="%s" cy="%s" r="%s"/>'):format(
        colour, num(x), num(y), num(radius))
    end
    pic.layer(colour .. "-dots", "kropki-" .. colour, nil, items)
  end
  local backs, letters = {}, {}
  local size = pic.cell * 0.5
  local w, h = pic.cell * 0.4, pic.cell * 0.44
  for _, clue in ipairs(r.xv) do
    local x, y = edge_middle(pic, clue.cells)
    backs[#backs + 1] = ('<rect class="xv-back" x="%s" y="%s" width="%s" height="%s"/>'):format(
      num(x - w / 2), num(y - h / 2), num(w), num(h))
    letters[#letters + 1] = ('<text class="xv" x="%s" y="%s">%s</text>'):format(
      num(x), num(y + size * 0.35), clue.type)
  end
  pic.layer("xv-backs", "xv-back", nil, backs)
  pic.layer("xv-letters", "xv", nil, letters)
end

-- A sum as a label: whole numbers without decimals; no label for a cage without a sum (nil, or
-- JSON null however the decoder spells it).
local function sum_label(sum)
  if type(sum) ~= "number" then return nil end
  if sum == math.floor(sum) then return ("%d"):format(sum) end
  return num(sum)
end

-- Cages: a dashed outline inset inside the cells, and the sum in the top-left cell's corner;
-- with `backed`, each sum sits on a small white patch (when something is drawn beneath).
function rules.draw_cages(pic, cages, backed)
  local paths, backs, sums = {}, {}, {}
  local inset = pic.cell * 0.08
  local font = pic.cell * 0.24
  for _, cage in ipairs(cages) do
    local cells = shapes.sorted_cells(cage.cells)
    local d = {}
    for i, s in ipairs(shapes.cage_outline(cells, pic.n, pic.at, pic.cell, inset)) do
      if s[2] == s[4] then
        d[i] = ("M%s %sH%s"):format(num(s[1]), num(s[2]), num(s[3]))
      else
        d[i] = ("M%s %sV%s"):format(num(s[1]), num(s[2]), num(s[4]))
      end
    end
    paths[#paths + 1] = ('<path class="cage" d="%s"/>'):format(table.concat(d))
    local label = sum_label(cage.sum)
    if label then
      local first = cells[1]
      local x, y = pic.at(first[2]) + inset * 1.5, pic.at(first[1]) + inset + pic.cell * 0.22
      sums[#sums + 1] = ('<text class="cage-sum" x="%s" y="%s">%s</text>'):format(
        num(x), num(y), label)
      if backed then
        -- Digits are about 0.64 of the font size wide and 0.73 high; the patch stays clear
        -- of the dashed outline.
        local left, top = pic.at(first[2]) + inset * 1.25, pic.at(first[1]) + inset * 1.25
        backs[#backs + 1] = ('<rect class="cage-sum-back" x="%s" y="%s" width="%s" '
          .. 'height="%s"/>'):format(num(left), num(top),
          num(x - left + #label * 0.64 * font + inset * 0.5), num(y - top + font * 0.15))
      end
    end
  end
  pic.layer("cages", "cage", nil, paths)
  pic.layer("cage-sum-backs", "cage-sum-back", nil, backs)
  pic.layer("cage-sums", "cage-sum", nil, sums)
end

-- The clues outside the grid, in the margin of one cell: each little killer's sum in its clue
-- cell with a small arrow in the corner towards the diagonal it sums, and each sandwich sum
-- left of its row or above its column.
function rules.draw_outside(pic, r)
  local sums, arrows = {}, {}
  local font = pic.cell * 0.4
  for _, clue in ipairs(r.little_killers) do
    local step = check.STEPS[clue.direction]
    local dx, dy = step[2], step[1]
    local x, y = centre_of(pic, clue.clue)
    -- The number moves a little away from the corner the arrow takes.
    sums[#sums + 1] = ('<text class="little-killer" x="%s" y="%s">%s</text>'):format(
      num(x - dx * pic.cell * 0.1), num(y - dy * pic.cell * 0.1 + font * 0.35),
      sum_label(clue.sum))
    local from, to = pic.cell * 0.2, pic.cell * 0.42
    local s = math.sqrt(0.5)
    arrows[#arrows + 1] = ('<path class="little-killer-arrow" d="M%s %sL%s %s%s"/>'):format(
      num(x + dx * from), num(y + dy * from), num(x + dx * to), num(y + dy * to),
      head(x + dx * to, y + dy * to, dx * s, dy * s, pic.cell * 0.14))
  end
  pic.layer("little-killer-arrows", "little-killer-arrow", nil, arrows)
  pic.layer("little-killers", "little-killer", nil, sums)
  local sandwiches = {}
  local size = pic.cell * 0.45
  for _, clue in ipairs(r.sandwiches) do
    local x, y
    if clue.row ~= nil then
      x, y = pic.centre(0), pic.centre(clue.row)
    else
      x, y = pic.centre(clue.column), pic.centre(0)
    end
    sandwiches[#sandwiches + 1] = ('<text class="sandwich" x="%s" y="%s">%s</text>'):format(
      num(x), num(y + size * 0.35), sum_label(clue.sum))
  end
  pic.layer("sandwiches", "sandwich", nil, sandwiches)
end

return rules
