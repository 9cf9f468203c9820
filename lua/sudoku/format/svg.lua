--- svg: a picture of one record as a standalone SVG document, for web pages and print. It is
-- written, never read. Givens and filled-in values are told apart, and the picture can show
-- pencil marks, conflicts, highlighted cells, extra regions, killer cages, thermometers and the
-- diagonals of the record's rules.
--
-- Every element has a CSS class (given, filled, candidate, conflict, highlight, region, cage,
-- ...; sudoku.format.svg_style gives their looks), and the layers are drawn bottom to top:
-- tints, thermometers, grid lines, diagonals, cages, digits. The output depends on the record and the
-- options only: fixed element order, numbers with at most two decimals, no ids or dates.
-- @module sudoku.format.svg
local record = require "sudoku.format.record"
local shapes = require "sudoku.format.svg_shapes"
local style = require "sudoku.format.svg_style"
local symbols = require "sudoku.symbols"

local num, escape, attributes = style.num, style.escape, style.attributes

local svg = {
  name = "svg",
  summary = "a standalone SVG picture (givens, filled values, pencil marks, conflicts, cages)",
  separator = "\n",
  write_only = true,
}

local DEFAULT_CELL = 40

-- Pencil marks share a cell as a grid of k x k slots (k: the longer side of
-- shapes.mark_layout), each mark MARK_SHARE of a slot high. 9x9's 3x3 slots give 10.67 px marks
-- in a 40 px cell; a 16x16's 4x4 would give 8 px, too small to read. So the default cell grows
-- with k, keeping every board's marks at least as large as 9x9's: 54 px for 16x16, 67 for 25x25.
local MARK_SHARE = 0.8
local NINE_SLOTS = 3

local function mark_slots(board)
  local rows, cols = shapes.mark_layout(board)
  return math.max(rows, cols)
end

-- The cell size when opts.cell is not given.
local function default_cell(board)
  return math.max(DEFAULT_CELL, math.ceil(DEFAULT_CELL * mark_slots(board) / NINE_SLOTS))
end

-- Errors in the arguments are the caller's mistakes, raised as luaL_argerror words them. The
-- numbers are those of format.write(record, "svg", opts), the usual way in: #1 the record, #3
-- the options. Only read_options() calls fail(), so level 4 is always write()'s caller (1 is
-- fail, 2 read_options, 3 write); the checks below return a message instead of raising.
local function fail(arg, message)
  if message then error(("bad argument #%d to 'write' (%s)"):format(arg, message), 4) end
end

local function is_cell(x, n)
  if type(x) ~= "table" then return false end
  local r, c = x[1], x[2]
  return type(r) == "number" and type(c) == "number" and r == math.floor(r)
    and c == math.floor(c) and r >= 1 and r <= n and c >= 1 and c <= n
end

-- What is wrong with a list of cells, if anything; `what` names it in the message.
local function cells_problem(cells, n, what)
  if type(cells) ~= "table" then return what .. " must be a list of cells {r, c}" end
  for i, cell in ipairs(cells) do
    if not is_cell(cell, n) then
      return ("%s[%d] must be a cell {r, c} of the %dx%d board"):format(what, i, n, n)
    end
  end
end

-- The kinds of mark opts.marks may give a candidate.
local MARK_KINDS = { pattern = true, eliminated = true, placed = true }

-- What is wrong with opts.marks ({r, c, v, kind} each) or opts.links ({r1, c1, v1, r2, c2, v2,
-- strong =} each), if anything.
local function marks_problem(marks, n)
  if type(marks) ~= "table" then return "opts.marks must be a list of {r, c, v, kind}" end
  for i, m in ipairs(marks) do
    if not (is_cell(m, n) and type(m[3]) == "number" and m[3] >= 1 and m[3] <= n
        and MARK_KINDS[m[4]]) then
      return ("opts.marks[%d] must be {r, c, v, kind} on the %dx%d board, kind pattern, "
        .. "eliminated or placed"):format(i, n, n)
    end
  end
end

local function links_problem(links, n)
  if type(links) ~= "table" then return "opts.links must be a list of {r1, c1, v1, r2, c2, v2}" end
  for i, l in ipairs(links) do
    local ok = type(l) == "table"
    for k = 1, 6 do
      ok = ok and type(l[k]) == "number" and l[k] == math.floor(l[k]) and l[k] >= 1 and l[k] <= n
    end
    if not ok then
      return ("opts.links[%d] must be {r1, c1, v1, r2, c2, v2} on the %dx%d board"):format(i, n, n)
    end
  end
end

local function boolean_problem(opts, key)
  local v = opts[key]
  if v ~= nil and type(v) ~= "boolean" then return ("opts.%s must be a boolean"):format(key) end
end

local function cell_problem(cell)
  -- cell ~= cell is NaN, which no comparison would catch.
  if type(cell) ~= "number" or cell ~= cell or cell <= 0 or cell == math.huge then
    return "opts.cell must be a positive number"
  end
end

local function cage_problem(cage, i, n)
  local what = ("constraints.cages[%d].cells"):format(i)
  if type(cage) ~= "table" or type(cage.cells) ~= "table" or #cage.cells == 0 then
    return what .. " must be a non-empty list of cells {r, c}"
  end
  return cells_problem(cage.cells, n, what)
end

-- The title: opts.title, else the record's name or description; false or none: no title.
local function title_of(rec, opts)
  local title = opts.title
  if title == nil and type(rec.meta) == "table" then
    title = rec.meta.name or rec.meta.description
    if title ~= nil then title = tostring(title) end
  end
  return title or nil
end

-- The options with their defaults, and the record's cages and thermometers, all checked before
-- anything is drawn.
local function read_options(rec, opts)
  local n = rec.board:size()
  local cell = opts.cell
  if cell == nil then cell = default_cell(rec.board) end
  fail(3, cell_problem(cell))
  fail(3, boolean_problem(opts, "candidates"))
  fail(3, boolean_problem(opts, "conflicts"))
  fail(3, boolean_problem(opts, "regions"))
  if opts.highlight ~= nil then fail(3, cells_problem(opts.highlight, n, "opts.highlight")) end
  if opts.title ~= nil and opts.title ~= false and type(opts.title) ~= "string" then
    fail(3, "opts.title must be a string or false")
  end
  if opts.marks ~= nil then fail(3, marks_problem(opts.marks, n)) end
  if opts.links ~= nil then fail(3, links_problem(opts.links, n)) end
  if opts.style ~= nil and type(opts.style) ~= "string" then
    fail(3, "opts.style must be a string")
  end

  local constraints = rec.constraints or {}
  local cages = constraints.cages or {}
  if type(cages) ~= "table" then fail(1, "constraints.cages must be a list of cages") end
  for i, cage in ipairs(cages) do fail(1, cage_problem(cage, i, n)) end
  local diagonals = constraints.diagonals or {}
  if type(diagonals) ~= "table" then
    fail(1, "constraints.diagonals must be a list of 'main' and 'anti'")
  end
  for i, name in ipairs(diagonals) do
    if name ~= "main" and name ~= "anti" then
      fail(1, ("constraints.diagonals[%d] must be 'main' or 'anti'"):format(i))
    end
  end
  local thermos = constraints.thermos or {}
  if type(thermos) ~= "table" then fail(1, "constraints.thermos must be a list of cell lists") end
  for i, thermo in ipairs(thermos) do
    fail(1, cells_problem(thermo, n, ("constraints.thermos[%d]"):format(i)))
  end

  return {
    cell = cell,
    candidates = opts.candidates == true,
    conflicts = opts.conflicts ~= false,
    regions = opts.regions ~= false,
    highlight = opts.highlight or {},
    marks = opts.marks or {},
    links = opts.links or {},
    title = title_of(rec, opts),
    style = opts.style,
    cages = cages,
    diagonals = diagonals,
    thermos = thermos,
  }
end

-- A sum as a label: whole numbers without decimals; no label for a cage without a sum (nil, or
-- JSON null however the decoder spells it).
local function sum_label(sum)
  if type(sum) ~= "number" then return nil end
  if sum == math.floor(sum) then return ("%d"):format(sum) end
  return num(sum)
end

-- The picture being written: its lines, sizes and the looks of its classes.
local function canvas(board, o)
  local n = board:size()
  local cell = o.cell
  local thin = math.max(1, cell / 40)
  local thick = 3 * thin
  local mark_rows, mark_cols = shapes.mark_layout(board)
  local mark_size = MARK_SHARE * cell / mark_slots(board)
  local pic = {
    n = n, cell = cell, thick = thick,
    -- The border is centred on the grid's edge: a margin of its width keeps it in the picture.
    margin = thick,
    mark_rows = mark_rows, mark_cols = mark_cols, mark_size = mark_size,
    looks = style.looks(cell, thin, thick, mark_size),
    out = {},
  }
  pic.size = n * cell + 2 * pic.margin
  -- The left (or top) coordinate of column (or row) k, and the centre of that column (row).
  function pic.at(k) return pic.margin + (k - 1) * cell end
  function pic.centre(k) return pic.margin + (k - 0.5) * cell end
  function pic.add(s) pic.out[#pic.out + 1] = s end
  -- A layer: a <g> with the class's default look as attributes, left out when it is empty.
  function pic.layer(name, class, tag, items)
    if #items == 0 then return end
    pic.add(('<g class="%s"%s>'):format(name, attributes(style.look_of(pic.looks, class, tag).props)))
    for _, s in ipairs(items) do pic.add(s) end
    pic.add("</g>")
  end
  function pic.cell_rect(r, c, class, extra)
    return ('<rect class="%s" x="%s" y="%s" width="%s" height="%s"%s/>'):format(
      class, num(pic.at(c)), num(pic.at(r)), num(cell), num(cell), extra or "")
  end
  return pic
end

local function draw_regions(pic, board)
  local items = {}
  for k, region in ipairs(board:regions()) do
    local fill = (' fill="%s"'):format(style.region_fill(k))
    for _, rc in ipairs(shapes.sorted_cells(region)) do
      items[#items + 1] = pic.cell_rect(rc[1], rc[2], "region region-" .. k, fill)
    end
  end
  pic.layer("regions", "region", nil, items)
end

-- The cells of every conflicting pair ({[i] = true}), tinted.
local function draw_conflicts(pic, board)
  local n = pic.n
  local conflicting = {}
  local ok, conflicts = board:is_valid()
  if not ok then
    for _, pair in ipairs(conflicts) do
      for i = 1, 2 do conflicting[record.index(n, pair[i][1], pair[i][2])] = true end
    end
  end
  local items = {}
  for r = 1, n do
    for c = 1, n do
      if conflicting[record.index(n, r, c)] then items[#items + 1] = pic.cell_rect(r, c, "conflict") end
    end
  end
  pic.layer("conflicts", "conflict", "rect", items)
  return conflicting
end

local function draw_highlights(pic, cells)
  local items = {}
  for _, rc in ipairs(cells) do items[#items + 1] = pic.cell_rect(rc[1], rc[2], "highlight") end
  pic.layer("highlights", "highlight", nil, items)
end

-- A thermometer: a line through its cells' centres and a bulb on the first.
local function draw_thermos(pic, thermos)
  local lines, bulbs = {}, {}
  for _, thermo in ipairs(thermos) do
    if #thermo > 0 then
      local points = {}
      for i, rc in ipairs(thermo) do
        points[i] = num(pic.centre(rc[2])) .. "," .. num(pic.centre(rc[1]))
      end
      lines[#lines + 1] = ('<polyline class="thermo" points="%s"/>'):format(
        table.concat(points, " "))
      bulbs[#bulbs + 1] = ('<circle class="thermo-bulb" cx="%s" cy="%s" r="%s"/>'):format(
        num(pic.centre(thermo[1][2])), num(pic.centre(thermo[1][1])), num(pic.cell * 0.3))
    end
  end
  pic.layer("thermos", "thermo", nil, lines)
  pic.layer("thermo-bulbs", "thermo-bulb", nil, bulbs)
end

local function draw_grid(pic, board)
  local grid = shapes.grid_lines(board, pic.at)
  for _, kind in ipairs({ "thin", "thick" }) do
    local items = {}
    for i, l in ipairs(grid[kind]) do
      items[i] = ('<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>'):format(
        kind, num(l[1]), num(l[2]), num(l[3]), num(l[4]))
    end
    pic.layer(kind .. "-lines", kind, nil, items)
  end
  local side = pic.n * pic.cell
  pic.add(("<rect%s%s/>"):format(
    attributes({ { "class", "border" }, { "x", pic.margin }, { "y", pic.margin },
      { "width", side }, { "height", side } }),
    attributes(style.look_of(pic.looks, "border").props)))
end

-- The cells of a diagonal of the shared schema: main r1c1..rNcN, anti r1cN..rNc1.
local function diagonal_cells(name, n)
  local cells = {}
  for i = 1, n do cells[i] = { i, name == "main" and i or n + 1 - i } end
  return cells
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
-- tinted as one of the board's extra regions.
local function draw_diagonals(pic, board, o)
  local items = {}
  local low, high = pic.margin, pic.margin + pic.n * pic.cell
  for _, name in ipairs(o.diagonals) do
    if not (o.regions and has_region(board, diagonal_cells(name, pic.n))) then
      local x1, x2 = low, high
      if name == "anti" then x1, x2 = high, low end
      items[#items + 1] = ('<line class="diagonal" x1="%s" y1="%s" x2="%s" y2="%s"/>'):format(
        num(x1), num(low), num(x2), num(high))
    end
  end
  pic.layer("diagonals", "diagonal", nil, items)
end

-- Cages: a dashed outline inset inside the cells, and the sum in the top-left cell's corner.
local function draw_cages(pic, cages)
  local paths, sums = {}, {}
  local inset = pic.cell * 0.08
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
      sums[#sums + 1] = ('<text class="cage-sum" x="%s" y="%s">%s</text>'):format(
        num(pic.at(first[2]) + inset * 1.5), num(pic.at(first[1]) + inset + pic.cell * 0.22),
        label)
    end
  end
  pic.layer("cages", "cage", nil, paths)
  pic.layer("cage-sums", "cage-sum", nil, sums)
end

-- Where pencil mark v of cell (r, c) is drawn: the centre of its slot.
local function mark_position(pic, r, c, v)
  local mark_w, mark_h = pic.cell / pic.mark_cols, pic.cell / pic.mark_rows
  local i, j = math.floor((v - 1) / pic.mark_cols), (v - 1) % pic.mark_cols
  return pic.at(c) + (j + 0.5) * mark_w, pic.at(r) + (i + 0.5) * mark_h
end

-- The links of a chain, from candidate to candidate: strong ones solid, weak ones dashed.
local function draw_links(pic, links)
  local items = {}
  for _, l in ipairs(links) do
    local x1, y1 = mark_position(pic, l[1], l[2], l[3])
    local x2, y2 = mark_position(pic, l[4], l[5], l[6])
    items[#items + 1] = ('<line class="link%s" x1="%s" y1="%s" x2="%s" y2="%s"%s/>'):format(
      l.strong and "" or " weak", num(x1), num(y1), num(x2), num(y2),
      l.strong and "" or attributes(style.look_of(pic.looks, "weak").props))
  end
  pic.layer("links", "link", nil, items)
end

-- Values, given or filled in (red where they conflict), and the pencil marks of empty cells.
-- Digits sit on a baseline 0.35 of the font size below the centre rather than relying on
-- dominant-baseline, which not every renderer supports.
local function draw_digits(pic, rec, o, conflicting)
  local board, n, cell = rec.board, pic.n, pic.cell
  local digit_size = cell * 0.6
  local conflict_fill = (' fill="%s"'):format(
    style.prop(style.look_of(pic.looks, "conflict", "text"), "fill"))
  local kind_of = {}
  for _, m in ipairs(o.marks) do kind_of[(record.index(n, m[1], m[2]) - 1) * n + m[3]] = m[4] end
  local givens, filled, marks = {}, {}, {}
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      if v ~= 0 then
        local given = record.is_given(rec, r, c)
        local class, extra = given and "given" or "filled", ""
        if conflicting[record.index(n, r, c)] then
          class, extra = class .. " conflict", conflict_fill
        end
        local list = given and givens or filled
        list[#list + 1] = ('<text class="%s" x="%s" y="%s"%s>%s</text>'):format(
          class, num(pic.centre(c)), num(pic.centre(r) + digit_size * 0.35), extra,
          escape(symbols.symbol(v)))
      elseif o.candidates then
        for _, m in ipairs(record.candidates(rec, r, c)) do
          local x, y = mark_position(pic, r, c, m)
          local kind = kind_of[(record.index(n, r, c) - 1) * n + m]
          local extra = kind and attributes(style.look_of(pic.looks, kind).props) or ""
          marks[#marks + 1] = ('<text class="candidate%s" x="%s" y="%s"%s>%s</text>'):format(
            kind and " " .. kind or "", num(x), num(y + pic.mark_size * 0.35), extra,
            escape(symbols.symbol(m)))
        end
      end
    end
  end
  pic.layer("givens", "given", nil, givens)
  pic.layer("filled-values", "filled", nil, filled)
  pic.layer("candidates", "candidate", nil, marks)
end

--- One standalone SVG document of the record; `sudoku.format.write` is the way in (it takes a
-- Board too). docs/FORMATS.md has the details.
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts all optional: `cell` (px; default 40, more beyond 9x9), `candidates`
-- (false), `conflicts` (true), `highlight` (a list of {r, c}), `regions` (true), `title`
-- (default the record's meta.name or description; false for none), `style` (CSS rules added
-- after the defaults); with candidates, `marks` ({r, c, v, kind} each, kind "pattern",
-- "eliminated" or "placed": how that pencil mark is drawn) and `links` ({r1, c1, v1, r2, c2,
-- v2, strong =} each: a line between two pencil marks, dashed unless strong)
-- @treturn string the SVG document
function svg.write(rec, opts)
  local o = read_options(rec, opts)
  local board = rec.board
  local pic = canvas(board, o)
  local size = num(pic.size)

  pic.add(('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">')
    :format(size, size, size, size))
  if o.title then pic.add("<title>" .. escape(o.title) .. "</title>") end
  pic.add("<style>\n" .. style.css(pic.looks, o.style) .. "\n</style>")
  pic.add(('<rect class="board" x="0" y="0" width="%s" height="%s"%s/>'):format(
    size, size, attributes(style.look_of(pic.looks, "board").props)))

  if o.regions then draw_regions(pic, board) end
  local conflicting = o.conflicts and draw_conflicts(pic, board) or {}
  draw_highlights(pic, o.highlight)
  draw_thermos(pic, o.thermos)
  draw_grid(pic, board)
  draw_diagonals(pic, board, o)
  draw_cages(pic, o.cages)
  if o.candidates then draw_links(pic, o.links) end
  draw_digits(pic, rec, o, conflicting)

  pic.add("</svg>")
  return table.concat(pic.out, "\n")
end

return svg
