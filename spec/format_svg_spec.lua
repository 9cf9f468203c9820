-- The svg format: a picture of a record. There is no XML library here, so the documents are
-- read back with a small pattern-based reader that knows the shape this writer produces
-- (attributes in double quotes, no comments or CDATA) and checked element by element.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local record = require "sudoku.format.record"
local symbols = require "sudoku.symbols"
local json = require "dkjson"
local data = require "support.data"

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

local UNESCAPES = { amp = "&", lt = "<", gt = ">", quot = '"' }

local function unescape(s)
  return (s:gsub("&(%a+);", UNESCAPES))
end

-- Every start tag of `doc` in order: {tag =, attrs = {name = value}, classes = {name = true},
-- text = content of a <text> element}.
local function elements(doc)
  local list = {}
  for tag, attrs, after in doc:gmatch("<(%a[%w%-]*)([^<>]-)/?>()") do
    local e = { tag = tag, attrs = {}, classes = {} }
    for k, v in attrs:gmatch('([%w%-:]+)="([^"]*)"') do e.attrs[k] = unescape(v) end
    for class in (e.attrs.class or ""):gmatch("%S+") do e.classes[class] = true end
    if tag == "text" then e.text = unescape(doc:match("^([^<]*)</text>", after)) end
    list[#list + 1] = e
  end
  return list
end

-- The elements of `doc` with this tag and this class (nil: any).
local function select(doc, tag, class)
  local out = {}
  for _, e in ipairs(elements(doc)) do
    if (tag == nil or e.tag == tag) and (class == nil or e.classes[class]) then
      out[#out + 1] = e
    end
  end
  return out
end

-- The geometry of a document of a board of size n drawn with `cell` px cells: the picture is
-- the grid plus an equal margin on every side.
local function geometry(doc, n, cell)
  local root = elements(doc)[1]
  local width = tonumber(root.attrs.width)
  return { n = n, cell = cell, width = width, margin = (width - n * cell) / 2 }
end

-- The cell {r, c} an element sits in: rects by their corner, texts by their anchor point.
local function cell_of(g, e)
  local x, y = tonumber(e.attrs.x), tonumber(e.attrs.y)
  return { math.floor((y - g.margin) / g.cell) + 1, math.floor((x - g.margin) / g.cell) + 1 }
end

local function key(rc) return rc[1] .. "," .. rc[2] end

-- The set of cells ("r,c") that elements sit in, and how many elements there were.
local function cells_of(g, list)
  local set, count = {}, 0
  for _, e in ipairs(list) do
    set[key(cell_of(g, e))] = true
    count = count + 1
  end
  return set, count
end

local function set_of(cells)
  local set = {}
  for _, rc in ipairs(cells) do set[key(rc)] = true end
  return set
end

-- Start and end tags nest, and no '<', '>' or bare '&' is left outside the tags.
local function assert_well_formed(doc)
  assert.equal("<svg ", doc:sub(1, 5))
  assert.equal("</svg>", doc:sub(-6))
  local stack = {}
  for close, tag, self in doc:gmatch("<(/?)(%a[%w%-]*)[^<>]-(/?)>") do
    if close == "/" then
      assert.equal(stack[#stack], tag)
      stack[#stack] = nil
    elseif self == "" then
      stack[#stack + 1] = tag
    end
  end
  assert.same({}, stack)
  local between = doc:gsub("<[^<>]*>", "")
  assert.is_nil(between:find("[<>]"))
  assert.is_nil(doc:find("&[^%a]"))
  assert.is_nil(doc:find("&%a+[^%a;]"))
end

-- Total length, in cells, of the lines of a class (all are horizontal or vertical).
local function line_units(doc, class, cell)
  local total = 0
  for _, e in ipairs(select(doc, "line", class)) do
    local a = e.attrs
    total = total + math.abs(a.x2 - a.x1) + math.abs(a.y2 - a.y1)
  end
  return total / cell
end

local function board_of(text, opts)
  return assert(sudoku.parse(text, opts))
end

local function svg(x, opts)
  return format.write(x, "svg", opts)
end

local function read_fixture_killer()
  local f = assert(io.open(data.fixtures .. "killer_4x4.jsonl", "r"))
  local line = f:read("*l")
  f:close()
  return assert(json.decode(line))
end

-- The killer record of the fixture as the formats hold it.
local function killer_record()
  local rec = read_fixture_killer()
  local board = board_of(rec.givens, { size = rec.size, box = rec.box })
  return record.new(board, { constraints = { cages = rec.cages }, meta = { name = rec.name } }), rec
end

local function is_in(cells, r, c)
  for _, rc in ipairs(cells) do
    if rc[1] == r and rc[2] == c then return true end
  end
  return false
end

-- Unit edges between a cell of `cells` and a cell outside (or the board's edge).
local function boundary_edges(cells)
  local count = 0
  for _, rc in ipairs(cells) do
    for _, d in ipairs({ { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } }) do
      if not is_in(cells, rc[1] + d[1], rc[2] + d[2]) then count = count + 1 end
    end
  end
  return count
end

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- Whether a shell command exits 0, on Lua 5.1 (a number) as on later versions (true).
local function succeeds(cmd)
  local ok = os.execute(cmd)
  return ok == true or ok == 0
end

describe("the svg format", function()
  it("is a write-only format of the registry", function()
    local module = assert(format.get("svg"))
    assert.equal("svg", module.name)
    assert.is_string(module.summary)
    assert.equal("\n", module.separator)
    assert.is_true(module.write_only)
    assert.has_error(function() format.records("x", "svg") end,
      "bad argument #2 to 'records' (format 'svg' is written, not read)")
  end)

  it("writes one standalone, well-formed document without a final newline", function()
    local doc = svg(board_of(LEET))
    assert_well_formed(doc)
    assert.truthy(doc:find('^<svg xmlns="http://www.w3.org/2000/svg" '))
    assert.equal(1, #select(doc, "svg"))
    assert.equal(1, #select(doc, "style"))
    assert.equal(1, #select(doc, "rect", "board"))
    local root = elements(doc)[1].attrs
    assert.equal(root.width, root.height)
    assert.equal("0 0 " .. root.width .. " " .. root.height, root.viewBox)
  end)

  it("is as wide as its cells and a margin for the border, at any cell size", function()
    for _, cell in ipairs({ 40, 20, 12.5, 100 }) do
      local width = tonumber(elements(svg(board_of(LEET), { cell = cell }))[1].attrs.width)
      assert.is_true(width > 9 * cell and width - 9 * cell < cell)
    end
  end)

  it("gives the same bytes for the same record and options", function()
    local rec = killer_record()
    rec.board:set(1, 1, 2)
    local opts = { candidates = true, highlight = { { 2, 2 } } }
    assert.equal(svg(rec, opts), svg(rec, opts))
    assert.equal(svg(board_of(LEET)), svg(board_of(LEET)))
  end)

  describe("values", function()
    it("styles givens and filled-in values apart, each in its cell with its symbol", function()
      local board = board_of(LEET)
      local puzzle = board:copy()
      assert.is_true(board:solve())
      local givens = {}
      for r = 1, 9 do
        for c = 1, 9 do
          if puzzle:get(r, c) ~= 0 then givens[record.index(9, r, c)] = true end
        end
      end
      local doc = svg(record.new(board, { givens = givens }))
      local g = geometry(doc, 9, 40)
      local given, filled = select(doc, "text", "given"), select(doc, "text", "filled")
      assert.equal(puzzle:filled(), #given)
      assert.equal(81 - puzzle:filled(), #filled)
      for _, e in ipairs(given) do
        local rc = cell_of(g, e)
        assert.is_true(givens[record.index(9, rc[1], rc[2])])
        assert.equal(symbols.symbol(board:get(rc[1], rc[2])), e.text)
      end
      for _, e in ipairs(filled) do
        local rc = cell_of(g, e)
        assert.equal(0, puzzle:get(rc[1], rc[2]))
        assert.equal(symbols.symbol(board:get(rc[1], rc[2])), e.text)
      end
    end)

    it("takes every value of a bare board for a given, and draws nothing in empty cells", function()
      local doc = svg(board_of(LEET))
      assert.equal(30, #select(doc, "text", "given"))
      assert.equal(0, #select(doc, "text", "filled"))
      assert.equal(30, #select(doc, "text", nil))
    end)

    it("says in its <style> how each class looks, so that a user's rules can follow", function()
      local doc = svg(board_of(LEET), { style = ".given{fill:green}" })
      local style = doc:match("<style>(.-)</style>")
      for _, class in ipairs({ "given", "filled", "candidate", "conflict", "highlight", "region",
        "cage", "cage-sum", "thermo", "diagonal", "thin", "thick", "border" }) do
        assert.truthy(style:find("%." .. class:gsub("%-", "%%-") .. "{"), class)
      end
      assert.truthy(style:find("\n%.given{fill:green}\n$"))
    end)

    it("escapes a user's style rules for XML", function()
      local doc = svg(board_of(LEET), { style = "g > text{fill:red}" })
      assert.truthy(doc:find("g &gt; text{fill:red}", 1, true))
      assert_well_formed(doc)
    end)
  end)

  describe("board shapes", function()
    -- size, box shape, and the board to draw: a solved board of every shape.
    for _, shape in ipairs({ { 4, { 2, 2 } }, { 6, { 2, 3 } }, { 9, { 3, 3 } }, { 16, { 4, 4 } },
      { 6, { 3, 2 } }, { 5, { 1, 5 } } }) do
      local n, box = shape[1], shape[2]
      it(("draws %dx%d boards with %dx%d boxes: thick lines on box borders, thin inside"):format(
        n, n, box[1], box[2]), function()
        local board = sudoku.Board.new({ size = n, box = box })
        assert.is_true(board:solve())
        local doc = svg(board, { cell = 30 })
        assert_well_formed(doc)
        assert.equal(n * n, #select(doc, "text", "given"))
        -- Inside lines between box rows and between box columns, each n cells long.
        local thick = (n / box[1] - 1) * n + (n / box[2] - 1) * n
        assert.equal(thick, line_units(doc, "thick", 30))
        assert.equal(2 * n * (n - 1) - thick, line_units(doc, "thin", 30))
        assert.equal(1, #select(doc, "rect", "border"))
      end)
    end

    it("writes the symbols of large boards: 1-9A-G on 16x16, '&' escaped on 64x64", function()
      local board = sudoku.Board.new({ size = 16 })
      assert.is_true(board:solve())
      local seen = {}
      for _, e in ipairs(select(svg(board), "text", "given")) do seen[e.text] = true end
      for v = 1, 16 do assert.is_true(seen[symbols.symbol(v)]) end
      assert.is_true(seen.G)

      local big = sudoku.Board.new({ size = 64 })
      big:set(1, 1, 64)
      local doc = svg(big, { cell = 10 })
      assert_well_formed(doc)
      assert.truthy(doc:find(">&amp;</text>", 1, true))
      assert.equal("&", select(doc, "text", "given")[1].text)
    end)

    it("draws a 1x1 board: a border and its value", function()
      local board = sudoku.Board.new({ size = 1 })
      board:set(1, 1, 1)
      local doc = svg(board)
      assert_well_formed(doc)
      assert.equal(0, #select(doc, "line", nil))
      assert.equal("1", select(doc, "text", "given")[1].text)
    end)

    it("draws thick lines wherever neighbours of a jigsaw board are in different regions", function()
      local layout = { "AAABBB", "AACCBB", "ADCCCB", "DDCEEE", "DDFFEE", "DFFFFE" }
      local regions, order = {}, {}
      for r, row in ipairs(layout) do
        for c = 1, 6 do
          local name = row:sub(c, c)
          if not regions[name] then
            regions[name] = {}
            order[#order + 1] = name
          end
          table.insert(regions[name], { r, c })
        end
      end
      local list = {}
      for i, name in ipairs(order) do list[i] = regions[name] end
      local board = sudoku.Board.new({ size = 6 })
      board:set_regions(list)
      -- Unit edges inside the grid between two letters that differ.
      local boundary = 0
      for r = 1, 6 do
        for c = 1, 6 do
          local here = layout[r]:sub(c, c)
          if c < 6 and layout[r]:sub(c + 1, c + 1) ~= here then boundary = boundary + 1 end
          if r < 6 and layout[r + 1]:sub(c, c) ~= here then boundary = boundary + 1 end
        end
      end
      local doc = svg(board, { cell = 30 })
      assert_well_formed(doc)
      assert.equal(boundary, line_units(doc, "thick", 30))
      assert.equal(2 * 6 * 5 - boundary, line_units(doc, "thin", 30))
    end)
  end)

  describe("candidates", function()
    it("are drawn only when asked for", function()
      assert.equal(0, #select(svg(board_of(LEET)), "text", "candidate"))
      assert.equal(0, #select(svg(board_of(LEET), { candidates = false }), "text", "candidate"))
    end)

    it("are the values each empty cell's units leave, inside that cell", function()
      local board = board_of(LEET)
      local doc = svg(board, { candidates = true })
      local g = geometry(doc, 9, 40)
      local marks = select(doc, "text", "candidate")
      local expected = 0
      for r = 1, 9 do
        for c = 1, 9 do expected = expected + #board:candidates(r, c) end
      end
      assert.equal(expected, #marks)
      for _, e in ipairs(marks) do
        local rc = cell_of(g, e)
        assert.equal(0, board:get(rc[1], rc[2]))
        local fits = {}
        for _, v in ipairs(board:candidates(rc[1], rc[2])) do fits[symbols.symbol(v)] = true end
        assert.is_true(fits[e.text])
      end
    end)

    it("are the record's own pencil marks where it keeps some", function()
      local board = board_of(LEET)
      local rec = record.new(board, { candidates = { [record.index(9, 1, 3)] = { 1, 4 } } })
      local doc = svg(rec, { candidates = true })
      local g = geometry(doc, 9, 40)
      local texts = {}
      for _, e in ipairs(select(doc, "text", "candidate")) do
        if key(cell_of(g, e)) == "1,3" then texts[#texts + 1] = e.text end
      end
      assert.same({ "1", "4" }, texts)
    end)

    it("sit in a grid of the box's shape, value 1 top left", function()
      local board = sudoku.Board.new({ size = 6, box = { 2, 3 } })
      local doc = svg(board, { candidates = true, cell = 60 })
      local g = geometry(doc, 6, 60)
      local first = {}
      for _, e in ipairs(select(doc, "text", "candidate")) do
        if key(cell_of(g, e)) == "1,1" then first[tonumber(e.text)] = e end
      end
      -- 2 rows of 3: 1 2 3 over 4 5 6.
      assert.equal(first[1].attrs.y, first[3].attrs.y)
      assert.equal(first[1].attrs.x, first[4].attrs.x)
      assert.is_true(tonumber(first[4].attrs.y) > tonumber(first[1].attrs.y))
      assert.is_true(tonumber(first[2].attrs.x) > tonumber(first[1].attrs.x))
    end)
  end)

  describe("candidates at the default cell size", function()
    -- A 9x9 board's marks: 3x3 of them in a 40 px cell, 0.8 of a 13.33 px slot high.
    local NINE = 0.8 * 40 / 3

    local function mark_font(doc)
      return tonumber(select(doc, "g", "candidates")[1].attrs["font-size"])
    end

    -- The cell size a document was drawn with: its border spans the N cells.
    local function cell_size(doc, n)
      return tonumber(select(doc, "rect", "border")[1].attrs.width) / n
    end

    it("are at least as large as 9x9's on every board from 4x4 to 25x25, every box shape", function()
      for n = 4, 25 do
        for rows = 1, n do
          if n % rows == 0 then
            local board = sudoku.Board.new({ size = n, box = { rows, n / rows } })
            local doc = svg(board, { candidates = true })
            local what = ("%dx%d boxes"):format(rows, n / rows)
            assert.is_true(mark_font(doc) >= NINE - 0.01, what .. ": " .. mark_font(doc) .. " px")
          end
        end
      end
    end)

    it("still put each mark in its own cell on the larger cells", function()
      for _, n in ipairs({ 16, 25 }) do
        local board = sudoku.Board.new({ size = n })
        board:set(1, 1, 1)
        local doc = svg(board, { candidates = true })
        local g = geometry(doc, n, cell_size(doc, n))
        for _, e in ipairs(select(doc, "text", "candidate")) do
          local rc = cell_of(g, e)
          local fits = {}
          for _, v in ipairs(board:candidates(rc[1], rc[2])) do fits[symbols.symbol(v)] = true end
          assert.is_true(fits[e.text], n .. ": " .. e.text .. " at " .. key(rc))
        end
      end
    end)

    it("keep 9x9 and smaller boards at 40 px cells; larger boards get larger cells", function()
      assert.equal(40, cell_size(svg(sudoku.Board.new({ size = 9 })), 9))
      assert.equal(40, cell_size(svg(sudoku.Board.new({ size = 6 })), 6))
      assert.equal(40, cell_size(svg(sudoku.Board.new({ size = 4 })), 4))
      assert.equal(54, cell_size(svg(sudoku.Board.new({ size = 16 })), 16))
      assert.equal(67, cell_size(svg(sudoku.Board.new({ size = 25 })), 25))
      assert.equal(10.8, mark_font(svg(sudoku.Board.new({ size = 16 }), { candidates = true })))
    end)

    it("follow a cell size given in opts, however small that makes them", function()
      local doc = svg(sudoku.Board.new({ size = 16 }), { candidates = true, cell = 40 })
      assert.equal(40, cell_size(doc, 16))
      assert.equal(8, mark_font(doc))
    end)
  end)

  describe("conflicts", function()
    local function clashing()
      local board = board_of(LEET)
      board:set(1, 3, 5)   -- a second 5 in row 1 (and none elsewhere in its units)
      return board
    end

    it("mark exactly the cells of a conflicting pair, background and digit", function()
      local board = clashing()
      local ok, conflicts = board:is_valid()
      assert.is_false(ok)
      local expected = {}
      for _, pair in ipairs(conflicts) do
        expected[key(pair[1])], expected[key(pair[2])] = true, true
      end
      local doc = svg(board)
      local g = geometry(doc, 9, 40)
      assert.same(expected, (cells_of(g, select(doc, "rect", "conflict"))))
      assert.same(expected, (cells_of(g, select(doc, "text", "conflict"))))
      local _, count = cells_of(g, select(doc, "rect", "conflict"))
      assert.equal(2, count)
    end)

    it("are left out with conflicts = false, and absent on a valid board", function()
      assert.equal(0, #select(svg(clashing(), { conflicts = false }), nil, "conflict"))
      assert.equal(0, #select(svg(board_of(LEET)), nil, "conflict"))
    end)
  end)

  it("highlights exactly the cells of opts.highlight", function()
    local cells = { { 5, 5 }, { 1, 9 }, { 9, 1 } }
    local doc = svg(board_of(LEET), { highlight = cells })
    local set, count = cells_of(geometry(doc, 9, 40), select(doc, "rect", "highlight"))
    assert.same(set_of(cells), set)
    assert.equal(3, count)
    assert.equal(0, #select(svg(board_of(LEET)), nil, "highlight"))
  end)

  describe("extra regions", function()
    local function x_board()
      local board = board_of(LEET)
      local main, anti = {}, {}
      for i = 1, 9 do main[i], anti[i] = { i, i }, { i, 10 - i } end
      board:add_region(main)
      board:add_region(anti)
      return board, main, anti
    end

    it("are tinted, one pale colour per region", function()
      local board, main, anti = x_board()
      local doc = svg(board)
      local g = geometry(doc, 9, 40)
      local first, second = select(doc, "rect", "region-1"), select(doc, "rect", "region-2")
      assert.equal(18, #select(doc, "rect", "region"))
      assert.same(set_of(main), (cells_of(g, first)))
      assert.same(set_of(anti), (cells_of(g, second)))
      assert.are_not.equal(first[1].attrs.fill, second[1].attrs.fill)
      for _, e in ipairs(first) do assert.equal(first[1].attrs.fill, e.attrs.fill) end
    end)

    it("are left out with regions = false", function()
      assert.equal(0, #select(svg(x_board(), { regions = false }), nil, "region"))
    end)
  end)

  describe("killer cages", function()
    it("come from the shared data's killer records (a fixture copy of the first)", function()
      local rec, raw = killer_record()
      assert.equal(4, raw.size)
      assert.equal(6, #rec.constraints.cages)
    end)

    it("are dashed outlines along the cage's boundary, one subpath per unit edge", function()
      local rec = killer_record()
      local doc = svg(rec)
      assert_well_formed(doc)
      local paths = select(doc, "path", "cage")
      assert.equal(#rec.constraints.cages, #paths)
      for i, cage in ipairs(rec.constraints.cages) do
        local _, moves = paths[i].attrs.d:gsub("M", "")
        assert.equal(boundary_edges(cage.cells), moves)
      end
      assert.truthy(doc:match("<style>.-%.cage{[^}]*stroke%-dasharray"))
    end)

    it("are closed outlines, concave corners included", function()
      -- An L of five cells and a plus sign: every segment end meets another segment's end.
      local board = sudoku.Board.new({ size = 9 })
      local cages = {
        { sum = 25, cells = { { 3, 1 }, { 3, 2 }, { 4, 2 }, { 4, 3 }, { 5, 3 } } },
        { sum = 25, cells = { { 7, 7 }, { 6, 7 }, { 8, 7 }, { 7, 6 }, { 7, 8 } } },
      }
      local doc = svg(record.new(board, { constraints = { cages = cages } }))
      for _, path in ipairs(select(doc, "path", "cage")) do
        local ends = {}
        for x, y, dir, to in path.attrs.d:gmatch("M([%d.]+) ([%d.]+)([HV])([%d.]+)") do
          local a = x .. " " .. y
          local b = dir == "H" and (to .. " " .. y) or (x .. " " .. to)
          ends[a], ends[b] = (ends[a] or 0) + 1, (ends[b] or 0) + 1
        end
        for point, count in pairs(ends) do assert.equal(2, count, point) end
      end
    end)

    it("show their sum in the top-left cell, and no label for a cage without one", function()
      local rec = killer_record()
      local doc = svg(rec)
      local g = geometry(doc, 4, 40)
      local labels = select(doc, "text", "cage-sum")
      assert.equal(#rec.constraints.cages, #labels)
      for i, cage in ipairs(rec.constraints.cages) do
        local first = cage.cells[1]
        for _, rc in ipairs(cage.cells) do
          if rc[1] < first[1] or (rc[1] == first[1] and rc[2] < first[2]) then first = rc end
        end
        assert.equal(tostring(cage.sum), labels[i].text)
        assert.same(first, cell_of(g, labels[i]))
      end

      local raw = json.decode('{"cages": [{"sum": null, "cells": [[1, 1], [1, 2]]},'
        .. '{"sum": 3, "cells": [[2, 1], [2, 2]]}]}')
      local unsummed = record.new(sudoku.Board.new({ size = 4 }), { constraints = raw })
      local doc2 = svg(unsummed)
      assert.equal(2, #select(doc2, "path", "cage"))
      local only = select(doc2, "text", "cage-sum")
      assert.equal(1, #only)
      assert.equal("3", only[1].text)
    end)
  end)

  it("draws thermometers: a bulb on the first cell and a line through the rest", function()
    local board = sudoku.Board.new({ size = 9 })
    local thermos = { { { 1, 1 }, { 1, 2 }, { 2, 3 } }, { { 9, 9 }, { 8, 9 } } }
    local doc = svg(record.new(board, { constraints = { thermos = thermos } }))
    local g = geometry(doc, 9, 40)
    local bulbs, lines = select(doc, "circle", "thermo-bulb"), select(doc, "polyline", "thermo")
    assert.equal(2, #bulbs)
    assert.equal(2, #lines)
    local bulb = { attrs = { x = bulbs[2].attrs.cx, y = bulbs[2].attrs.cy } }
    assert.same({ 9, 9 }, cell_of(g, bulb))
    local _, points = lines[1].attrs.points:gsub("%S+", "")
    assert.equal(3, points)
  end)

  describe("diagonals of the record's rules", function()
    local function with_diagonals(board)
      return record.new(board, { constraints = { diagonals = { "main", "anti" } } })
    end

    it("are lines from corner to corner", function()
      local doc = svg(with_diagonals(sudoku.Board.new({ size = 9 })))
      local lines = select(doc, "line", "diagonal")
      assert.equal(2, #lines)
      local g = geometry(doc, 9, 40)
      local low, high = g.margin, g.margin + 9 * 40
      local function ends(e)
        local a = e.attrs
        return { tonumber(a.x1), tonumber(a.y1), tonumber(a.x2), tonumber(a.y2) }
      end
      assert.same({ low, low, high, high }, ends(lines[1]))
      assert.same({ high, low, low, high }, ends(lines[2]))
    end)

    it("are left to the region tint when the board has them as regions", function()
      local board = sudoku.Board.new({ size = 9 })
      local main = {}
      for i = 1, 9 do main[i] = { i, i } end
      board:add_region(main)
      local lines = select(svg(with_diagonals(board)), "line", "diagonal")
      assert.equal(1, #lines)
      assert.equal(lines[1].attrs.x2, lines[1].attrs.y1)   -- the anti-diagonal
      assert.equal(2, #select(svg(with_diagonals(board), { regions = false }), "line", "diagonal"))
    end)
  end)

  describe("title", function()
    it("is opts.title, escaped for XML", function()
      local doc = svg(board_of(LEET), { title = 'Tom & Jerry <"9x9">' })
      assert.truthy(doc:find("<title>Tom &amp; Jerry &lt;&quot;9x9&quot;&gt;</title>", 1, true))
      assert.equal(1, #select(doc, "title"))
      assert_well_formed(doc)
    end)

    it("defaults to the record's name or description, and is left out with title = false", function()
      local rec = record.new(board_of(LEET), { meta = { description = "from the paper" } })
      assert.equal("from the paper", svg(rec):match("<title>(.-)</title>"))
      rec.meta.name = "Puzzle 7"
      assert.equal("Puzzle 7", svg(rec):match("<title>(.-)</title>"))
      assert.is_nil(svg(rec, { title = false }):find("<title>", 1, true))
      assert.is_nil(svg(board_of(LEET)):find("<title>", 1, true))
    end)
  end)

  describe("argument errors", function()
    local board = board_of(LEET)

    it("name the option, as luaL_argerror does", function()
      for _, cell in ipairs({ 0, -1, "40", 0 / 0, math.huge }) do
        assert.has_error(function() svg(board, { cell = cell }) end,
          "bad argument #3 to 'write' (opts.cell must be a positive number)")
      end
      assert.has_error(function() svg(board, { highlight = { { 1, 1 }, { 10, 1 } } }) end,
        "bad argument #3 to 'write' (opts.highlight[2] must be a cell {r, c} of the 9x9 board)")
      assert.has_error(function() svg(board, { highlight = "1,1" }) end,
        "bad argument #3 to 'write' (opts.highlight must be a list of cells {r, c})")
      assert.has_error(function() svg(board, { candidates = "yes" }) end,
        "bad argument #3 to 'write' (opts.candidates must be a boolean)")
      assert.has_error(function() svg(board, { title = 7 }) end,
        "bad argument #3 to 'write' (opts.title must be a string or false)")
    end)

    it("name the faulty cage or thermometer of the record", function()
      local rec = record.new(board, { constraints = { cages = { { sum = 3, cells = { { 1, 1 },
        { 1, 10 } } } } } })
      assert.has_error(function() svg(rec) end, "bad argument #1 to 'write' "
        .. "(constraints.cages[1].cells[2]: cell [1, 10] is off the 9x9 board)")
      rec.constraints = { thermos = { { { 0, 1 }, { 1, 1 } } } }
      assert.has_error(function() svg(rec) end, "bad argument #1 to 'write' "
        .. "(constraints.thermos[1][1]: cell [0, 1] is off the 9x9 board)")
      rec.constraints = { diagonals = { "main", "left" } }
      assert.has_error(function() svg(rec) end, "bad argument #1 to 'write' "
        .. "(constraints.diagonals[2]: expected \"main\" or \"anti\", got \"left\")")
    end)
  end)

  describe("rendered by rsvg-convert", function()
    -- The big-endian 32-bit number at byte `i` of `s`.
    local function u32(s, i)
      local a, b, c, d = s:byte(i, i + 3)
      return ((a * 256 + b) * 256 + c) * 256 + d
    end

    it("gives a PNG as large as the SVG says #posix", function()
      assert(succeeds("command -v rsvg-convert >/dev/null 2>&1"),
        "rsvg-convert not found: install the Debian package librsvg2-bin")
      local rec = killer_record()
      rec.board:set(1, 1, 2)
      rec.board:set(1, 2, 2)
      local doc = svg(rec, { candidates = true, highlight = { { 4, 4 } }, cell = 37,
        title = "A & B" })
      local width = tonumber(elements(doc)[1].attrs.width)
      local input, output = os.tmpname(), os.tmpname()
      local f = assert(io.open(input, "wb"))
      f:write(doc)
      f:close()
      local ok = succeeds(("rsvg-convert -f png -o %s %s"):format(quote(output), quote(input)))
      local png = data.read(output)
      os.remove(input)
      os.remove(output)
      assert.is_true(ok)
      assert.equal("\137PNG\r\n\26\n", png:sub(1, 8))
      assert.equal("IHDR", png:sub(13, 16))
      assert.equal(width, u32(png, 17))
      assert.equal(width, u32(png, 21))
    end)
  end)

  it("has an example, examples/render_svg.lua, that draws the first bundled puzzle solved #posix", function()
    local lua = os.getenv("LUA") or require("support.lua").interpreter
    local pipe = assert(io.popen(("cd %s && %s examples/render_svg.lua 2>&1; echo \"exit:$?\""):format(
      quote(data.root), lua)))
    local out = pipe:read("*a")
    pipe:close()
    local doc, status = out:match("^(.*)\nexit:(%d+)\n$")
    assert.equal("0", status, out)
    assert_well_formed(doc)
    local puzzle
    for line in io.lines(data.root .. "examples/puzzles.txt") do
      if not puzzle and line:match("%S") and not line:match("^#") then puzzle = line end
    end
    local givens = board_of(puzzle):filled()
    assert.equal(givens, #select(doc, "text", "given"))
    assert.equal(81 - givens, #select(doc, "text", "filled"))
  end)
end)

describe("svg marks and links (steps of human-style logic)", function()
  local board = assert(sudoku.parse(("."):rep(81)))

  it("draws marked pencil marks in their class, and links between marks", function()
    local picture = format.write(board, "svg", { candidates = true,
      marks = { { 1, 1, 5, "eliminated" }, { 1, 2, 5, "placed" }, { 1, 3, 5, "pattern" } },
      links = { { 1, 1, 5, 1, 2, 5, strong = true }, { 1, 2, 5, 9, 9, 1 } } })
    local _, eliminated = picture:gsub('class="candidate eliminated"', "")
    local _, placed = picture:gsub('class="candidate placed"', "")
    local _, pattern = picture:gsub('class="candidate pattern"', "")
    assert.are.same({ 1, 1, 1 }, { eliminated, placed, pattern })
    local _, strong = picture:gsub('<line class="link" ', "")
    local _, weak = picture:gsub('<line class="link weak" ', "")
    assert.are.same({ 1, 1 }, { strong, weak })
  end)

  it("refuses a mark of an unknown kind or off the board", function()
    assert.has_error(function()
      format.write(board, "svg", { candidates = true, marks = { { 1, 1, 5, "glowing" } } })
    end, "bad argument #3 to 'write' (opts.marks[1] must be {r, c, v, kind} on the 9x9 board, "
      .. "kind pattern, eliminated or placed)")
    assert.has_error(function()
      format.write(board, "svg", { candidates = true, links = { { 1, 1, 5, 10, 1, 5 } } })
    end, "bad argument #3 to 'write' (opts.links[1] must be {r1, c1, v1, r2, c2, v2} on the "
      .. "9x9 board)")
  end)
end)

describe("svg variant rules", function()
  local CELL = 40
  local unpack = table.unpack or unpack

  -- A record of an empty 9x9 board with these constraints.
  local function with(constraints, board)
    return record.new(board or sudoku.Board.new({ size = 9 }), { constraints = constraints })
  end

  local function numbers(e, ...)
    local out = {}
    for i, name in ipairs({ ... }) do out[i] = tonumber(e.attrs[name]) end
    return out
  end

  -- The points of a polyline as {x, y} pairs.
  local function points(e)
    local out = {}
    for x, y in e.attrs.points:gmatch("([%d.%-]+),([%d.%-]+)") do
      out[#out + 1] = { tonumber(x), tonumber(y) }
    end
    return out
  end

  -- The centre of cell {r, c} (r or c may be 0 or 10: outside the grid).
  local function centre(g, rc)
    return { g.margin + (rc[2] - 0.5) * g.cell, g.margin + (rc[1] - 0.5) * g.cell }
  end

  local function near(a, b) return math.abs(a - b) < 0.011 end

  local function assert_at(expected, actual, what)
    assert.is_true(near(expected[1], actual[1]) and near(expected[2], actual[2]),
      ("%s: expected %s,%s, got %s,%s"):format(what or "point", expected[1], expected[2],
        actual[1], actual[2]))
  end

  local ARROWS = {
    { circle = { 1, 7 }, lines = { { { 2, 7 }, { 3, 7 }, { 4, 6 } } } },
    { circle = { 6, 4 }, lines = { { { 6, 5 }, { 6, 6 } }, { { 7, 5 } } } },
  }

  local LITTLE = {
    { sum = 9, clue = { 0, 3 }, direction = "DL" },
    { sum = 45, clue = { 10, 10 }, direction = "UL" },
    { sum = 25, clue = { 4, 10 }, direction = "DL" },
    { sum = 38, clue = { 7, 0 }, direction = "UR" },
  }

  -- Every rule at once: the layers' order and the style block.
  local function everything()
    return with({
      cages = { { sum = 10, cells = { { 1, 1 }, { 1, 2 } } } },
      thermos = { { { 9, 1 }, { 9, 2 }, { 9, 3 } } },
      diagonals = { "main" },
      arrows = ARROWS,
      little_killers = LITTLE,
      sandwiches = { { row = 2, sum = 12 }, { column = 8, sum = 0 } },
      kropki_white = { { { 2, 2 }, { 2, 3 } } },
      kropki_black = { { { 3, 2 }, { 4, 2 } } },
      xv = { { type = "X", cells = { { 5, 5 }, { 5, 6 } } } },
      odd = { { 8, 8 } },
      even = { { 8, 9 } },
      whispers = { { { 2, 5 }, { 3, 5 } } },
      renbans = { { { 4, 8 }, { 5, 8 } } },
      palindromes = { { { 7, 1 }, { 7, 2 }, { 7, 3 } } },
      antiknight = true, kropki_negative = true,
    })
  end

  describe("little killers", function()
    it("write the sum in the clue's place outside the grid, the picture a cell wider", function()
      local doc = svg(with({ little_killers = LITTLE }))
      assert_well_formed(doc)
      local g = geometry(doc, 9, CELL)
      assert.equal(CELL + 3, g.margin)
      local texts = select(doc, "text", "little-killer")
      assert.equal(#LITTLE, #texts)
      for i, clue in ipairs(LITTLE) do
        assert.equal(tostring(clue.sum), texts[i].text)
        assert.same(clue.clue, cell_of(g, texts[i]))
        local x, y = tonumber(texts[i].attrs.x), tonumber(texts[i].attrs.y)
        local inside = x > g.margin and x < g.margin + 9 * CELL and y > g.margin
          and y < g.margin + 9 * CELL
        assert.is_false(inside)
      end
    end)

    it("have a small arrow in the clue's cell pointing along the diagonal", function()
      local doc = svg(with({ little_killers = LITTLE }))
      local g = geometry(doc, 9, CELL)
      local arrows = select(doc, "path", "little-killer-arrow")
      assert.equal(#LITTLE, #arrows)
      local signs = { DR = { 1, 1 }, DL = { -1, 1 }, UR = { 1, -1 }, UL = { -1, -1 } }
      for i, clue in ipairs(LITTLE) do
        local x1, y1, x2, y2 = arrows[i].attrs.d:match("^M([%d.]+) ([%d.]+)L([%d.]+) ([%d.]+)")
        x1, y1, x2, y2 = tonumber(x1), tonumber(y1), tonumber(x2), tonumber(y2)
        local dx, dy = signs[clue.direction][1], signs[clue.direction][2]
        assert.is_true((x2 - x1) * dx > 0 and (y2 - y1) * dy > 0, clue.direction)
        assert.is_true(near(math.abs(x2 - x1), math.abs(y2 - y1)))
        -- The arrow's tip stays in the clue's cell, by the corner towards the grid.
        local c = centre(g, clue.clue)
        assert.is_true(math.abs(x2 - c[1]) < CELL / 2 and math.abs(y2 - c[2]) < CELL / 2)
      end
    end)
  end)

  describe("sandwiches", function()
    it("write the sum left of the row or above the column, outside the grid", function()
      local clues = { { row = 3, sum = 12 }, { column = 7, sum = 0 }, { row = 9, sum = 35 } }
      local doc = svg(with({ sandwiches = clues }))
      assert_well_formed(doc)
      local g = geometry(doc, 9, CELL)
      assert.equal(CELL + 3, g.margin)
      local texts = select(doc, "text", "sandwich")
      assert.equal(3, #texts)
      assert.same({ "12", "0", "35" }, { texts[1].text, texts[2].text, texts[3].text })
      assert.same({ 3, 0 }, cell_of(g, texts[1]))
      assert.same({ 0, 7 }, cell_of(g, texts[2]))
      assert.same({ 9, 0 }, cell_of(g, texts[3]))
      assert.is_true(near(centre(g, { 3, 0 })[1], tonumber(texts[1].attrs.x)))
      assert.is_true(near(centre(g, { 0, 7 })[1], tonumber(texts[2].attrs.x)))
    end)

    it("and little killers are the only rules that widen the picture", function()
      local doc = svg(with({ arrows = ARROWS, odd = { { 1, 1 } }, xv = { { type = "V",
        cells = { { 1, 1 }, { 1, 2 } } } } }))
      assert.equal(3, geometry(doc, 9, CELL).margin)
    end)
  end)

  describe("arrows", function()
    it("have a hollow circle of 0.8 of a cell on the circle's cell", function()
      local doc = svg(with({ arrows = ARROWS }))
      assert_well_formed(doc)
      local g = geometry(doc, 9, CELL)
      local circles = select(doc, "circle", "arrow-circle")
      assert.equal(2, #circles)
      for i, arrow in ipairs(ARROWS) do
        assert_at(centre(g, arrow.circle), numbers(circles[i], "cx", "cy"), "circle")
        assert.equal(0.4 * CELL, tonumber(circles[i].attrs.r))
      end
      assert.truthy(doc:match("<style>.-%.arrow%-circle{fill:none;"))
    end)

    it("have a line per line from the circle's edge through the cells' centres", function()
      local doc = svg(with({ arrows = ARROWS }))
      local g = geometry(doc, 9, CELL)
      local lines = select(doc, "polyline", "arrow")
      assert.equal(3, #lines)
      local k = 0
      for _, arrow in ipairs(ARROWS) do
        local c = centre(g, arrow.circle)
        for _, line in ipairs(arrow.lines) do
          k = k + 1
          local p = points(lines[k])
          assert.equal(#line + 1, #p)
          local first = p[1]
          assert.is_true(near(0.4 * CELL, math.sqrt((first[1] - c[1]) ^ 2 + (first[2] - c[2]) ^ 2)))
          for i, rc in ipairs(line) do assert_at(centre(g, rc), p[i + 1], "line point") end
        end
      end
    end)

    it("have one arrowhead per line, on its tip, pointing onwards", function()
      local doc = svg(with({ arrows = ARROWS }))
      local g = geometry(doc, 9, CELL)
      local heads = select(doc, "path", "arrow-head")
      assert.equal(3, #heads)
      local tips = { { 4, 6 }, { 6, 6 }, { 7, 5 } }
      local before = { { 3, 7 }, { 6, 5 }, { 6, 4 } }
      for i, e in ipairs(heads) do
        local ax, ay, tx, ty, bx, by = e.attrs.d:match(
          "^M([%d.]+) ([%d.]+)L([%d.]+) ([%d.]+)L([%d.]+) ([%d.]+)$")
        assert_at(centre(g, tips[i]), { tonumber(tx), tonumber(ty) }, "tip")
        -- Both strokes of the head go back towards the cell before the tip.
        local t, p = centre(g, tips[i]), centre(g, before[i])
        local dx, dy = t[1] - p[1], t[2] - p[2]
        for _, q in ipairs({ { ax, ay }, { bx, by } }) do
          assert.is_true((tonumber(q[1]) - t[1]) * dx + (tonumber(q[2]) - t[2]) * dy < 0)
        end
      end
    end)
  end)

  describe("kropki dots", function()
    it("are white and black circles centred on the edge the two cells share", function()
      local white = { { { 2, 2 }, { 2, 3 } }, { { 5, 7 }, { 4, 7 } } }
      local black = { { { 9, 9 }, { 9, 8 } } }
      local doc = svg(with({ kropki_white = white, kropki_black = black }))
      assert_well_formed(doc)
      local g = geometry(doc, 9, CELL)
      local w, b = select(doc, "circle", "kropki-white"), select(doc, "circle", "kropki-black")
      assert.equal(2, #w)
      assert.equal(1, #b)
      -- 2,2|2,3: on the line between columns 2 and 3; 4,7|5,7: between rows 4 and 5.
      assert_at({ g.margin + 2 * CELL, g.margin + 1.5 * CELL }, numbers(w[1], "cx", "cy"), "white 1")
      assert_at({ g.margin + 6.5 * CELL, g.margin + 4 * CELL }, numbers(w[2], "cx", "cy"), "white 2")
      assert_at({ g.margin + 8 * CELL, g.margin + 8.5 * CELL }, numbers(b[1], "cx", "cy"), "black")
      local style = doc:match("<style>(.-)</style>")
      assert.truthy(style:find("%.kropki%-white{fill:#ffffff;stroke:#000000"))
      assert.truthy(style:find("%.kropki%-black{fill:#000000"))
    end)

    it("lie above the grid lines and below the digits", function()
      local board = sudoku.Board.new({ size = 9 })
      board:set(2, 2, 4)
      local doc = svg(with({ kropki_black = { { { 2, 2 }, { 2, 3 } } } }, board))
      local lines = doc:find('<g class="thin-lines"', 1, true)
      local dots = doc:find('<g class="black-dots"', 1, true)
      assert.is_true(lines < dots and dots < doc:find('<g class="givens"', 1, true))
    end)
  end)

  it("draws X and V centred on the shared edge, on a small white patch", function()
    local xv = { { type = "X", cells = { { 1, 1 }, { 1, 2 } } },
      { type = "V", cells = { { 6, 3 }, { 7, 3 } } } }
    local doc = svg(with({ xv = xv }))
    assert_well_formed(doc)
    local g = geometry(doc, 9, CELL)
    local letters, backs = select(doc, "text", "xv"), select(doc, "rect", "xv-back")
    assert.same({ "X", "V" }, { letters[1].text, letters[2].text })
    assert.equal(2, #backs)
    local edges = { { g.margin + CELL, g.margin + 0.5 * CELL },
      { g.margin + 2.5 * CELL, g.margin + 6 * CELL } }
    for i, edge in ipairs(edges) do
      assert.is_true(near(edge[1], tonumber(letters[i].attrs.x)))
      local x, y, w, h = unpack(numbers(backs[i], "x", "y", "width", "height"))
      assert_at(edge, { x + w / 2, y + h / 2 }, "patch")
      -- The letter's baseline is below the edge, within the patch.
      local base = tonumber(letters[i].attrs.y)
      assert.is_true(base > edge[2] and base < y + h)
    end
  end)

  it("draws odd cells as grey circles and even cells as grey squares, under the digits", function()
    local board = sudoku.Board.new({ size = 9 })
    board:set(1, 1, 3)
    local doc = svg(with({ odd = { { 1, 1 }, { 5, 5 } }, even = { { 9, 2 } } }, board))
    assert_well_formed(doc)
    local g = geometry(doc, 9, CELL)
    local odd, even = select(doc, "circle", "odd"), select(doc, "rect", "even")
    assert.equal(2, #odd)
    assert.equal(1, #even)
    assert_at(centre(g, { 1, 1 }), numbers(odd[1], "cx", "cy"), "odd")
    assert_at(centre(g, { 5, 5 }), numbers(odd[2], "cx", "cy"), "odd")
    local x, y, w, h = unpack(numbers(even[1], "x", "y", "width", "height"))
    assert_at(centre(g, { 9, 2 }), { x + w / 2, y + h / 2 }, "even")
    assert.is_true(w < CELL and w == h)
    assert.is_true(doc:find('<g class="even-cells"', 1, true) < doc:find('<g class="givens"', 1, true))
  end)

  it("draws whispers, renbans and palindromes as lines through the cells' centres", function()
    local whispers = { { { 1, 1 }, { 2, 2 }, { 3, 1 } } }
    local renbans = { { { 5, 5 }, { 5, 6 } }, { { 9, 9 }, { 8, 9 }, { 7, 9 }, { 7, 8 } } }
    local palindromes = { { { 4, 1 }, { 4, 2 }, { 4, 3 }, { 4, 4 }, { 4, 5 } } }
    local doc = svg(with({ whispers = whispers, renbans = renbans, palindromes = palindromes }))
    assert_well_formed(doc)
    local g = geometry(doc, 9, CELL)
    for class, lines in pairs({ whisper = whispers, renban = renbans, palindrome = palindromes }) do
      local drawn = select(doc, "polyline", class)
      assert.equal(#lines, #drawn, class)
      for i, cells in ipairs(lines) do
        local p = points(drawn[i])
        assert.equal(#cells, #p)
        for k, rc in ipairs(cells) do assert_at(centre(g, rc), p[k], class) end
      end
    end
    local style = doc:match("<style>(.-)</style>")
    assert.truthy(style:find("%.whisper{fill:none;stroke:#67f067"))
    assert.truthy(style:find("%.renban{fill:none;stroke:#f067f0"))
    -- Under the grid lines, as thermometers are.
    assert.is_true(doc:find('<g class="palindromes"', 1, true) < doc:find('<g class="thin-lines"', 1, true))
  end)

  it("draws the layers bottom to top: shading, lines, thermos and arrows, grid, edges, cages, "
    .. "outside clues, digits", function()
    local rec = everything()
    rec.board:set(5, 1, 7)
    local doc = svg(rec)
    assert_well_formed(doc)
    local order = { "odd-cells", "even-cells", "whispers", "renbans", "palindromes", "thermos",
      "thermo-bulbs", "arrow-lines", "arrow-heads", "arrow-circles", "thin-lines", "thick-lines",
      "diagonals", "white-dots", "black-dots", "xv-backs", "xv-letters", "cages", "cage-sums",
      "little-killer-arrows", "little-killers", "sandwiches", "givens" }
    local last = 0
    for _, name in ipairs(order) do
      local at = doc:find('<g class="' .. name .. '"', 1, true)
      assert.is_true(at ~= nil and at > last, name)
      last = at
    end
  end)

  it("writes the look of a rule's classes only when it draws the rule", function()
    local classes = { "odd", "even", "whisper", "renban", "palindrome", "arrow", "arrow-head",
      "arrow-circle", "kropki-white", "kropki-black", "xv-back", "xv", "little-killer",
      "little-killer-arrow", "sandwich", "cage-sum-back" }
    local all = svg(everything()):match("<style>(.-)</style>")
    local none = svg(board_of(LEET)):match("<style>(.-)</style>")
    for _, class in ipairs(classes) do
      local rule = "\n%." .. class:gsub("%-", "%%-") .. "{"
      assert.truthy(all:find(rule), class)
      assert.is_nil(none:find(rule), class)
    end
  end)

  it("gives the same bytes every time, every number with at most two decimals", function()
    local doc = svg(everything(), { cell = 37 })
    assert.equal(doc, svg(everything(), { cell = 37 }))
    assert.is_nil(doc:find("%d%.%d%d%d"))
    assert.is_nil(doc:find("id=", 1, true))
  end)

  describe("cage sums", function()
    local cages = { { sum = 10, cells = { { 1, 1 }, { 1, 2 } } }, { sum = 7, cells = { { 5, 5 } } },
      { cells = { { 9, 9 }, { 9, 8 } } } }

    it("sit on a white patch in the cage's corner when something is drawn beneath", function()
      local doc = svg(with({ cages = cages, odd = { { 1, 1 } } }))
      local g = geometry(doc, 9, CELL)
      local backs, sums = select(doc, "rect", "cage-sum-back"), select(doc, "text", "cage-sum")
      assert.equal(2, #backs)
      for i, e in ipairs(backs) do
        local x, y, w, h = unpack(numbers(e, "x", "y", "width", "height"))
        local sx, sy = tonumber(sums[i].attrs.x), tonumber(sums[i].attrs.y)
        assert.is_true(x < sx and y < sy and y + h > sy and x + w > sx)
        assert.same(cell_of(g, sums[i]), cell_of(g, e))
      end
      -- Diagonals run through the corner too.
      assert.equal(2, #select(svg(with({ cages = cages, diagonals = { "anti" } })), "rect",
        "cage-sum-back"))
    end)

    it("need no patch on a plain killer", function()
      assert.equal(0, #select(svg(with({ cages = cages })), "rect", "cage-sum-back"))
      assert.equal(0, #select(svg(killer_record()), "rect", "cage-sum-back"))
    end)
  end)

  it("draws nothing for the rules without marks (anti-knight, negative dots, ...)", function()
    local plain = svg(sudoku.Board.new({ size = 9 }))
    local doc = svg(with({ antiknight = true, antiking = true, nonconsecutive = true,
      kropki_negative = true, xv_negative = true, consecutive_negative = true,
      ratio_negative = true }))
    assert.equal(plain, doc)
  end)

  describe("bad entries", function()
    local cases = {
      { { arrows = { ARROWS[1], { circle = { 5, 5 }, lines = { { { 5, 6 }, { 5, 7 }, { 5, 10 } } } } } },
        "constraints.arrows[2].lines[1][3]: cell [5, 10] is off the 9x9 board" },
      { { arrows = { { circle = { 0, 5 }, lines = { { { 1, 5 } } } } } },
        "constraints.arrows[1].circle: cell [0, 5] is off the 9x9 board" },
      { { arrows = { { circle = { 1, 5 }, lines = {} } } },
        "constraints.arrows[1].lines: expected at least one line" },
      { { arrows = { { circle = { 1, 5 }, lines = { {} } } } },
        "constraints.arrows[1].lines[1]: expected at least 1 cells, got 0" },
      { { arrows = { { circle = { 1, 5 }, lines = { { { 1, 6 }, { 1, 5 } } } } } },
        "constraints.arrows[1].lines[1][2]: the circle's cell [1, 5] is on its own line" },
      { { arrows = "none" }, "constraints.arrows: expected a list, got \"none\"" },
      { { little_killers = { { sum = 9, clue = { 1, 1 }, direction = "DR" } } },
        "constraints.little_killers[1].clue: [1, 1] is not outside the 9x9 grid (row 0 or 10, "
        .. "or column 0 or 10)" },
      { { little_killers = { LITTLE[1], { sum = 9, clue = { 0, 3 }, direction = "D" } } },
        "constraints.little_killers[2].direction: expected \"DR\", \"DL\", \"UR\" or \"UL\", got \"D\"" },
      { { little_killers = { { sum = 9, clue = { 0, 3 }, direction = "UR" } } },
        "constraints.little_killers[1]: the clue at [0, 3] points UR, away from the grid" },
      { { little_killers = { { clue = { 0, 3 }, direction = "DR" } } },
        "constraints.little_killers[1].sum: expected a whole number, got null" },
      { { sandwiches = { { row = 3, column = 4, sum = 5 } } },
        "constraints.sandwiches[1]: expected \"row\" or \"column\", not both" },
      { { sandwiches = { { column = 10, sum = 5 } } },
        "constraints.sandwiches[1].column: 10 is off the 9x9 board" },
      { { sandwiches = { { row = 1, sum = "5" } } },
        "constraints.sandwiches[1].sum: expected a whole number, got \"5\"" },
      { { kropki_white = { { { 1, 1 }, { 2, 2 } } } },
        "constraints.kropki_white[1]: cells [1, 1] and [2, 2] are not orthogonal neighbours" },
      { { kropki_black = { { { 1, 1 }, { 1, 2 } }, { { 1, 1 } } } },
        "constraints.kropki_black[2]: expected at least 2 cells, got 1" },
      { { kropki_black = { { { 1, 1 }, { 1, 0 } } } },
        "constraints.kropki_black[1][2]: cell [1, 0] is off the 9x9 board" },
      { { xv = { { type = "W", cells = { { 1, 1 }, { 1, 2 } } } } },
        "constraints.xv[1].type: expected \"X\" or \"V\", got \"W\"" },
      { { xv = { { type = "X", cells = { { 1, 1 }, { 1, 3 } } } } },
        "constraints.xv[1].cells: cells [1, 1] and [1, 3] are not orthogonal neighbours" },
      { { odd = { { 1, 1 }, { 1, 1.5 } } },
        "constraints.odd[2]: expected a cell [row, column], got [1, 1.5]" },
      { { even = true }, "constraints.even: expected a list, got true" },
      { { whispers = { { { 1, 1 }, { 1, 2 } }, { { 1, 1 }, "r1c2" } } },
        "constraints.whispers[2][2]: expected a cell [row, column], got \"r1c2\"" },
      { { renbans = { {} } }, "constraints.renbans[1]: expected at least 2 cells, got 0" },
      { { palindromes = 3 }, "constraints.palindromes: expected a list, got 3" },
    }

    for _, case in ipairs(cases) do
      it("raise with the entry's path: " .. case[2], function()
        assert.has_error(function() svg(with(case[1])) end,
          "bad argument #1 to 'write' (" .. case[2] .. ")")
      end)
    end

    -- The picture checks a rule as its family does for every reader: what the json reader
    -- refuses, the picture refuses in the same words (a thermometer of one cell, a sum no cage
    -- can make, a flag that is no flag, a renban longer than the board's values).
    it("are refused as the json reader refuses them", function()
      for _, constraints in ipairs({
        { thermos = { { { 1, 1 } } } },
        { cages = { { sum = 50, cells = { { 1, 1 }, { 1, 2 } } } } },
        { antiknight = "yes" },
        { renbans = { { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 6 }, { 1, 7 },
          { 1, 8 }, { 1, 9 }, { 2, 1 } } } },
      }) do
        local _, read_err = format.read(json.encode({ size = 9, constraints = constraints }), "json")
        local message = assert(read_err):match("^record 1, line 1: (.*)$")
        assert.has_error(function() svg(with(constraints)) end,
          "bad argument #1 to 'write' (" .. message .. ")")
      end
    end)

    it("include constraints that are not a table", function()
      assert.has_error(function() svg(with("killer")) end,
        "bad argument #1 to 'write' (constraints must be a table of rules)")
    end)
  end)

  describe("the pictures of docs/img/render-*.png", function()
    local families = require "fixtures.render.families"

    it("come from records whose hand-written clues hold in their solution", function()
      local solved = {}
      for r, row in ipairs(families.SOLUTION) do
        solved[r] = {}
        for c = 1, 9 do solved[r][c] = tonumber(row:sub(c, c)) end
      end
      -- 9 = 3 + 6 (r1c2, r2c1); row 1 (5 3 4 6 7 8 9 1 2): 9 and 1 are neighbours.
      assert.same({ sum = 9, clue = { 0, 3 }, direction = "DL" }, families.little_killer(0, 3, "DL"))
      assert.same({ row = 1, sum = 0 }, families.sandwich("row", 1))
      assert.same({ column = 1, sum = 8 + 4 + 7 }, families.sandwich("column", 1))
      for _, family in ipairs(families.list) do
        if family.name == "arrow" then
          for _, arrow in ipairs(family.record().constraints.arrows) do
            local sum, seen = 0, {}
            for _, line in ipairs(arrow.lines) do
              for _, rc in ipairs(line) do
                if not seen[key(rc)] then sum, seen[key(rc)] = sum + solved[rc[1]][rc[2]], true end
              end
            end
            assert.equal(solved[arrow.circle[1]][arrow.circle[2]], sum)
          end
        end
      end
    end)

    it("are each drawn as a well-formed document", function()
      local have_data = io.open(data.shared .. "variants/killer.jsonl", "r")
      if have_data then have_data:close() end
      for _, family in ipairs(families.list) do
        local ok, rec = pcall(family.record, data.shared)
        if ok then
          assert_well_formed(svg(rec))
        else
          -- Only the records of the shared data may be missing, and only with the data.
          assert.is_nil(have_data, family.name .. ": " .. tostring(rec))
        end
      end
    end)
  end)

  it("is drawn by rsvg-convert with every rule at once #posix", function()
    local input, output = os.tmpname(), os.tmpname()
    local f = assert(io.open(input, "wb"))
    f:write((svg(everything())))
    f:close()
    local ok = succeeds(("rsvg-convert -f png -o %s %s"):format(quote(output), quote(input)))
    local png = data.read(output)
    os.remove(input)
    os.remove(output)
    assert.is_true(ok)
    assert.equal("\137PNG\r\n\26\n", png:sub(1, 8))
  end)
end)
