--- svg: a picture of one record as a standalone SVG document, for web pages and print. It is
-- written, never read. Givens and filled-in values are told apart, and the picture can show
-- pencil marks, conflicts, highlighted cells, extra regions, and every variant rule of the
-- record's constraints the way puzzle sites draw them (each family module of sudoku.variant
-- declares its drawing; sudoku.format.svg_rules loops over them): killer cages, little killers,
-- arrows, thermometers, kropki dots, XV, odd and even cells, whispers, renbans, palindromes,
-- sandwiches and diagonals.
--
-- Every element has a CSS class (given, filled, candidate, conflict, highlight, region, cage,
-- ...; sudoku.format.svg_style gives their looks), and the layers are drawn bottom to top:
-- tints, odd and even cells, lines, thermometers and arrows, grid lines, diagonals, dots and
-- XV, cages, clues outside the grid, digits. Clues outside the grid (little killers,
-- sandwiches) give the picture a margin of one cell. The output depends on the record and the
-- options only: fixed element order, numbers with at most two decimals, no ids or dates.
-- @module sudoku.format.svg
local record = require "sudoku.format.record"
local rules = require "sudoku.format.svg_rules"
local shapes = require "sudoku.format.svg_shapes"
local style = require "sudoku.format.svg_style"
local symbols = require "sudoku.symbols"

local num, escape, attributes = style.num, style.escape, style.attributes

local svg = {
  name = "svg",
  summary = "a standalone SVG picture (givens, filled values, pencil marks, conflicts, cages)",
  separator = "\n",
  write_only = true,
  keeps_rules = true,   -- the picture draws them
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

local function is_integer(x)
  return type(x) == "number" and x == math.floor(x)
end

local function is_cell(x, n)
  if type(x) ~= "table" then return false end
  local r, c = x[1], x[2]
  return is_integer(r) and is_integer(c) and r >= 1 and r <= n and c >= 1 and c <= n
end

-- What is wrong with a list of cells (opts.highlight), if anything.
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

-- The title: opts.title, else the record's name or description; false or none: no title.
local function title_of(rec, opts)
  local title = opts.title
  if title == nil and type(rec.meta) == "table" then
    title = rec.meta.name or rec.meta.description
    if title ~= nil then title = tostring(title) end
  end
  return title or nil
end

-- The options with their defaults, and the rules of the record's constraints, all checked
-- before anything is drawn.
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

  local drawn, problem = rules.read(rec.constraints, n)
  fail(1, problem)

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
    rules = drawn,
  }
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
    -- The border is centred on the grid's edge: a margin of its width keeps it in the picture;
    -- clues outside the grid take one cell more on every side.
    margin = thick + (rules.has_outside(o.rules) and cell or 0),
    mark_rows = mark_rows, mark_cols = mark_cols, mark_size = mark_size,
    looks = style.looks(cell, thin, thick, mark_size, rules.FAMILIES),
    out = {},
    -- The classes whose looks the picture used, and the layers drawn so far.
    used = {}, layers = {},
  }
  pic.size = n * cell + 2 * pic.margin
  -- The left (or top) coordinate of column (or row) k, and the centre of that column (row).
  function pic.at(k) return pic.margin + (k - 1) * cell end
  function pic.centre(k) return pic.margin + (k - 0.5) * cell end
  function pic.add(s) pic.out[#pic.out + 1] = s end
  function pic.look(class, tag)
    pic.used[class] = true
    return style.look_of(pic.looks, class, tag)
  end
  -- A layer: a <g> with the class's default look as attributes, left out when it is empty.
  function pic.layer(name, class, tag, items)
    if #items == 0 then return end
    pic.layers[#pic.layers + 1] = name
    pic.add(('<g class="%s"%s>'):format(name, attributes(pic.look(class, tag).props)))
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
    attributes(pic.look("border").props)))
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
      l.strong and "" or attributes(pic.look("weak").props))
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
    style.prop(pic.look("conflict", "text"), "fill"))
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
          local extra = kind and attributes(pic.look(kind).props) or ""
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
-- @tparam table rec a record (docs/FORMATS.md); every rule of its `constraints` (the shared
-- variants schema) is drawn, and a faulty entry raises with its path
-- ("constraints.arrows[2].lines[1][3] must be a cell {r, c} of the 9x9 board")
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
  -- The <style> block comes here, written last: it has the looks of the classes drawn.
  pic.add("")
  local style_at = #pic.out
  pic.add(('<rect class="board" x="0" y="0" width="%s" height="%s"%s/>'):format(
    size, size, attributes(pic.look("board").props)))

  if o.regions then draw_regions(pic, board) end
  local conflicting = o.conflicts and draw_conflicts(pic, board) or {}
  draw_highlights(pic, o.highlight)
  rules.draw(pic, o.rules, board, o.regions, function() draw_grid(pic, board) end)
  if o.candidates then draw_links(pic, o.links) end
  draw_digits(pic, rec, o, conflicting)

  pic.out[style_at] = "<style>\n" .. style.css(pic.looks, o.style, pic.used) .. "\n</style>"
  pic.add("</svg>")
  return table.concat(pic.out, "\n")
end

return svg
