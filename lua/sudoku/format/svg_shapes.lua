-- The geometry of the svg format's picture, in numbers only (sudoku.format.svg writes them):
-- which grid lines are thick, the inset outline of a cage, the pencil-mark grid of a cell.
-- `at(k)` is the left (or top) coordinate of column (or row) k.
local shapes = {}

-- The region number of every cell (index (r - 1) * n + c): boxes or jigsaw regions, whichever
-- the board has.
local function region_ids(board)
  local n, box_rows, box_cols = board:size()
  local id = {}
  local jigsaw = board:jigsaw()
  if jigsaw then
    for k, cells in ipairs(jigsaw) do
      for _, rc in ipairs(cells) do id[(rc[1] - 1) * n + rc[2]] = k end
    end
  else
    box_rows, box_cols = box_rows or n, box_cols or n
    for r = 1, n do
      for c = 1, n do
        id[(r - 1) * n + c] = math.floor((r - 1) / box_rows) * n + math.floor((c - 1) / box_cols)
      end
    end
  end
  return id
end

-- The grid lines inside the border as two lists of {x1, y1, x2, y2}: thick wherever two
-- neighbouring cells are in different regions (so box borders and jigsaw outlines come from one
-- rule), thin elsewhere. Neighbouring unit edges of one kind on a grid line are joined into one
-- line, so a box board has one line per grid line.
function shapes.grid_lines(board, at)
  local n = board:size()
  local id = region_ids(board)
  local lines = { thin = {}, thick = {} }
  -- Walks one grid line: `differs(i)` tells whether its i-th unit edge separates two regions,
  -- `segment(i0, i1)` gives the coordinates of the run of edges i0..i1.
  local function walk(differs, segment)
    local start, kind = 1, differs(1)
    for i = 2, n + 1 do
      local here = i <= n and differs(i)
      if i > n or here ~= kind then
        local list = kind and lines.thick or lines.thin
        list[#list + 1] = segment(start, i - 1)
        start, kind = i, here
      end
    end
  end
  for k = 1, n - 1 do
    local pos = at(k + 1)
    walk(function(r) return id[(r - 1) * n + k] ~= id[(r - 1) * n + k + 1] end,
      function(r0, r1) return { pos, at(r0), pos, at(r1 + 1) } end)
    walk(function(c) return id[(k - 1) * n + c] ~= id[k * n + c] end,
      function(c0, c1) return { at(c0), pos, at(c1 + 1), pos } end)
  end
  return lines
end

-- The outline of a cage inset by d inside its cells: one segment {x1, y1, x2, y2} per unit edge
-- between a cage cell and a cell outside. The segments meet end to end: at a convex corner both
-- stop at the inset point; at a concave one both reach d over into the neighbouring cell.
function shapes.cage_outline(cells, n, at, cell, d)
  local inside = {}
  for _, rc in ipairs(cells) do inside[(rc[1] - 1) * n + rc[2]] = true end
  local function is_in(r, c)
    return r >= 1 and r <= n and c >= 1 and c <= n and inside[(r - 1) * n + c] == true
  end
  -- Where a segment ends at the cell edge `edge` (sign: +1 at the left/top end, -1 at the
  -- other): `side` is the cage neighbour the line would continue into, `corner` the cell
  -- diagonally beyond it on the outer side.
  local function reach(edge, side, corner, sign)
    if not side then return edge + sign * d end
    if corner then return edge - sign * d end
    return edge
  end
  local out = {}
  for _, rc in ipairs(cells) do
    local r, c = rc[1], rc[2]
    local left, top = at(c), at(r)
    local right, bottom = left + cell, top + cell
    local function across(y, outer)
      out[#out + 1] = { reach(left, is_in(r, c - 1), is_in(outer, c - 1), 1), y,
        reach(right, is_in(r, c + 1), is_in(outer, c + 1), -1), y }
    end
    local function down(x, outer)
      out[#out + 1] = { x, reach(top, is_in(r - 1, c), is_in(r - 1, outer), 1),
        x, reach(bottom, is_in(r + 1, c), is_in(r + 1, outer), -1) }
    end
    if not is_in(r - 1, c) then across(top + d, r - 1) end
    if not is_in(r + 1, c) then across(bottom - d, r + 1) end
    if not is_in(r, c - 1) then down(left + d, c - 1) end
    if not is_in(r, c + 1) then down(right - d, c + 1) end
  end
  return out
end

-- A copy of a cell list in row-major order, so that the drawing does not depend on the order
-- the cells were listed in (and a cage's first cell is its top-left one).
function shapes.sorted_cells(cells)
  local copy = {}
  for i, rc in ipairs(cells) do copy[i] = { rc[1], rc[2] } end
  table.sort(copy, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  return copy
end

-- The rows and columns of the pencil-mark grid of a cell: the box shape when it is not too
-- elongated (3x3 for 9, 2x3 for 6), else the squarest grid that holds N marks (jigsaws, and
-- the 1xN boxes of a prime N).
function shapes.mark_layout(board)
  local n, box_rows, box_cols = board:size()
  if box_rows and math.max(box_rows, box_cols) <= 2 * math.min(box_rows, box_cols) then
    return box_rows, box_cols
  end
  local cols = math.ceil(math.sqrt(n) - 1e-9)
  return math.ceil(n / cols), cols
end

return shapes
