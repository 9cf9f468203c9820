-- Uniqueness techniques: unique rectangles (types 1 to 4), the hidden unique rectangle, BUG+1.
-- They assume the puzzle has one solution (their sentences say so). Positions are built on an
-- empty grid whose listed cells keep only the listed candidates, so each holds one pattern.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local ALL = {1, 2, 3, 4, 5, 6, 7, 8, 9}
-- Positions built by hand stand for puzzles with one solution (their boards alone have many).
local UNIQUE = {assume_unique = true}

-- A keep list: digits ALL less the given ones.
local function without(...)
  local drop, out = {}, {}
  for _, v in ipairs({...}) do drop[v] = true end
  for _, v in ipairs(ALL) do
    if not drop[v] then out[#out + 1] = v end
  end
  return out
end

local RECT = {"r1c1", "r1c2", "r4c1", "r4c2"}
local RECT_UNITS = {"column 1", "column 2", "row 1", "row 4"}

describe("unique rectangle type 1", function()
  it("takes the pair out of the one corner with more", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2}},
                                     {4, 2, {1, 2, 3}}})
    local st = support.one(support.found(p, "unique_rectangle_1"))
    assert.are.same({"4,2,1", "4,2,2"}, support.triples(st.eliminations))
    assert.are.same({}, st.placements)
    assert.are.same({1, 2}, st.digits)
    assert.are.same(RECT, support.cells_of(st))
    assert.are.equal(4, st.base)
    assert.are.same(RECT_UNITS, support.units_of(st))
    assert.are.equal(4.5, st.rating)
    assert.is_true(st.se)
    assert.matches("one solution", st.text)
  end)

  it("needs the four cells in exactly two boxes", function()
    -- Rows 1 and 4, columns 1 and 4: four boxes, and a filling can differ box by box.
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 4, {1, 2}}, {4, 1, {1, 2}},
                                     {4, 4, {1, 2, 3}}})
    assert.are.same({}, support.found(p, "unique_rectangle_1"))
  end)

  it("needs both digits in every corner, and empty corners", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2}},
                                     {4, 2, {1, 3}}})
    assert.are.same({}, support.found(p, "unique_rectangle_1"))
    -- A given in the fourth corner: no rectangle, the other three cells only.
    local given = "." .. "." .. string.rep(".", 25) .. "." .. "3" .. string.rep(".", 52)
    p = support.pencil(given, {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2}}})
    assert.are.same({}, support.found(p, "unique_rectangle_1"))
  end)

  it("sees an extra region through a corner as breaking the pattern (X sudoku)", function()
    -- r2c2 is on the main diagonal, its partners are not: swapping could clash there.
    local keep = {{2, 2, {1, 2}}, {2, 3, {1, 2}}, {4, 2, {1, 2}}, {4, 3, {1, 2, 3}}}
    local plain = support.pencil(EMPTY, keep)
    assert.are.equal(1, #support.found(plain, "unique_rectangle_1"))
    local b = sudoku.Board.new{size = 9}
    local main = {}
    for i = 1, 9 do main[i] = {i, i} end
    b:add_region(main)
    local p = logic.pencil(b, nil, UNIQUE)
    support.restrict(p, keep)
    assert.are.same({}, support.found(p, "unique_rectangle_1"))
  end)

  it("stays out of puzzles that do not have exactly one solution", function()
    -- The same position on a counted pencil: its board (empty) has many solutions.
    local keep = {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2}}, {4, 2, {1, 2, 3}}}
    local p = logic.pencil(assert(sudoku.parse(EMPTY)))
    assert.are.equal(2, p:solutions())
    for _, row in ipairs(keep) do
      for v = 1, 9 do
        if v > #row[3] or row[3][v] ~= v then p:eliminate(row[1], row[2], v) end
      end
    end
    assert.are.same({1, 2, 3}, p:candidates(4, 2))
    assert.are.same({}, support.found(p, "unique_rectangle_1"))
    assert.are.equal(1, #support.found(support.pencil(EMPTY, keep), "unique_rectangle_1"))
  end)

  it("stays out of boards with rules beyond units (a rule may tell the fillings apart)",
    function()
      local b = sudoku.Board.new{size = 9}
      b:add_rule{kind = "cage", cells = {{9, 8}, {9, 9}}, sum = 3}
      local p = logic.pencil(b, nil, UNIQUE)
      local keep = {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2}}, {4, 2, {1, 2, 3}}}
      support.restrict(p, keep)
      assert.are.same({}, support.found(p, "unique_rectangle_1"))
    end)

  it("works on a 6x6 board (2x3 boxes), and rejects four boxes there", function()
    local function six(corners, extra)
      local p = logic.pencil(sudoku.Board.new{size = 6}, nil, UNIQUE)
      for i, rc in ipairs(corners) do
        local keep = {[1] = true, [2] = true}
        if i == 4 then keep[extra] = true end
        for v = 1, 6 do
          if not keep[v] then p:eliminate(rc[1], rc[2], v) end
        end
      end
      return p
    end
    -- Rows 1 and 2 share a band of boxes; columns 1 and 4 lie in two boxes: two boxes in all.
    local st = support.one(support.found(six({{1, 1}, {1, 4}, {2, 1}, {2, 4}}, 5), "unique_rectangle_1"))
    assert.are.same({"2,4,1", "2,4,2"}, support.triples(st.eliminations))
    -- Rows 1 and 3 lie in two bands: four boxes.
    assert.are.same({}, support.found(six({{1, 1}, {1, 4}, {3, 1}, {3, 4}}, 5),
                                      "unique_rectangle_1"))
  end)
end)

describe("unique loops", function()
  it("find six cells where each unit holds two, alternately (4.6)", function()
    -- r1c4 - r1c6 (row 1), - r8c6 (column 6), - r8c5 (row 8), - r6c5 (column 5), - r6c4 (row 6),
    -- back to r1c4 (column 4); each box holds two of them, consecutive ones.
    local keep = {{1, 4, {3, 5}}, {1, 6, {3, 5}}, {8, 6, {3, 5}}, {8, 5, {3, 5}}, {6, 5, {3, 5}},
                  {6, 4, {3, 5, 7}},
                  -- no 3 where three of them would make a rectangle
                  {8, 4, without(3)}, {1, 5, without(3)}, {6, 6, without(3)}}
    local st = support.one(support.found(support.pencil(EMPTY, keep), "unique_rectangle_1"))
    assert.are.same({"6,4,3", "6,4,5"}, support.triples(st.eliminations))
    assert.are.same({"r1c4", "r1c6", "r6c4", "r6c5", "r8c5", "r8c6"}, support.cells_of(st))
    assert.are.equal(4.6, st.rating)
    assert.matches("^Unique loop", st.text)
  end)

  it("need every unit to hold two cells of the loop", function()
    -- The same walk inside one box: box 2 holds all six.
    local keep = {{1, 4, {3, 5}}, {1, 6, {3, 5}}, {2, 6, {3, 5}}, {2, 5, {3, 5}}, {3, 5, {3, 5}},
                  {3, 4, {3, 5, 7}}}
    assert.are.same({}, support.found(support.pencil(EMPTY, keep), "unique_rectangle_1"))
  end)

  it("keep their search bounded on a grid full of one pair", function()
    -- Two rows of a 64x64 board with only 1 and 2 left: paths of loops without end.
    local p = logic.pencil(sudoku.Board.new{size = 64}, nil, UNIQUE)
    for r = 1, 2 do
      for c = 1, 64 do
        for v = 3, 64 do p:eliminate(r, c, v) end
      end
    end
    -- Every rectangle there is deadly with no way out (all four corners hold just 1 and 2), so
    -- there is nothing to report; what matters is that the call comes back (the walk stops at
    -- 20,000 cells per call; without the bound it ran for minutes).
    local steps = p:find({allowed = {"unique_rectangle_1", "unique_rectangle_2",
                                     "unique_rectangle_3", "unique_rectangle_4"}})
    assert.are.same({}, steps)
  end)
end)

describe("unique rectangles on jigsaw regions", function()
  local CHAOS = {
    {{1, 1}, {1, 2}, {1, 3}, {2, 1}}, {{1, 4}, {2, 2}, {2, 3}, {2, 4}},
    {{3, 1}, {3, 2}, {4, 1}, {4, 2}}, {{3, 3}, {3, 4}, {4, 3}, {4, 4}},
  }
  local function four(regions, corners)
    local b = sudoku.Board.new{size = 4}
    if regions then b:set_regions(regions) end
    local p = logic.pencil(b, nil, UNIQUE)
    for i, rc in ipairs(corners) do
      for v = 3 + (i == 4 and 1 or 0), 4 do p:eliminate(rc[1], rc[2], v) end
    end
    return p
  end

  it("follow the regions, not the boxes", function()
    -- Rows 2 and 3, columns 1 and 2: two boxes, but three regions of the jigsaw.
    local corners = {{2, 1}, {2, 2}, {3, 1}, {3, 2}}
    local st = support.one(support.found(four(nil, corners), "unique_rectangle_1"))
    assert.are.same({"3,2,1", "3,2,2"}, support.triples(st.eliminations))
    assert.are.same({}, support.found(four(CHAOS, corners), "unique_rectangle_1"))
    -- Rows 1 and 4, columns 1 and 2: two regions.
    st = support.one(support.found(four(CHAOS, {{1, 1}, {1, 2}, {4, 1}, {4, 2}}), "unique_rectangle_1"))
    assert.are.same({"4,2,1", "4,2,2"}, support.triples(st.eliminations))
  end)
end)

describe("unique rectangle type 2", function()
  it("takes the one extra digit out of every cell seeing both extra corners", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2, 3}},
                                     {4, 2, {1, 2, 3}}})
    local st = support.one(support.found(p, "unique_rectangle_2"))
    local expect = {}
    for c = 3, 9 do expect[#expect + 1] = ("4,%d,3"):format(c) end
    for r = 5, 6 do
      for c = 1, 3 do expect[#expect + 1] = ("%d,%d,3"):format(r, c) end
    end
    table.sort(expect)
    assert.are.same(expect, support.triples(st.eliminations))
    assert.are.same({1, 2, 3}, st.digits)
    assert.are.same(RECT, support.cells_of(st))
    assert.are.equal(4.5, st.rating)
  end)

  it("works with the extra corners on a diagonal", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 2, {1, 2, 3}}, {4, 1, {1, 2, 3}},
                                     {4, 2, {1, 2}}})
    local st = support.one(support.found(p, "unique_rectangle_2"))
    assert.are.same({"2,1,3", "3,1,3", "5,2,3", "6,2,3"}, support.triples(st.eliminations))
  end)

  it("needs the same one extra digit in both", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2, 3}},
                                     {4, 2, {1, 2, 4}}})
    assert.are.same({}, support.found(p, "unique_rectangle_2"))
  end)
end)

describe("unique rectangle type 3", function()
  local base = {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2, 3}}, {4, 2, {1, 2, 4}}}
  local function with(extra)
    local keep = {}
    for _, k in ipairs(base) do keep[#keep + 1] = k end
    for _, k in ipairs(extra) do keep[#keep + 1] = k end
    return support.pencil(EMPTY, keep)
  end

  it("makes a naked pair of the extra digits with one more cell of their unit (4.6)", function()
    local st = support.one(support.found(with({{4, 5, {3, 4}}}), "unique_rectangle_3"))
    local expect = {}
    for _, c in ipairs({3, 4, 6, 7, 8, 9}) do
      expect[#expect + 1] = ("4,%d,3"):format(c)
      expect[#expect + 1] = ("4,%d,4"):format(c)
    end
    table.sort(expect)
    assert.are.same(expect, support.triples(st.eliminations))
    assert.are.same({1, 2, 3, 4}, st.digits)
    assert.are.same({"r1c1", "r1c2", "r4c1", "r4c2", "r4c5"}, support.cells_of(st))
    assert.are.same({"row 4"}, support.units_of(st))
    assert.are.equal(1, st.base)
    assert.are.equal(4.6, st.rating)
    assert.matches("naked pair", st.text)
  end)

  it("rates a naked triple 4.7", function()
    local st = support.one(support.found(with({{4, 5, {3, 5}}, {4, 7, {4, 5}}}), "unique_rectangle_3"))
    assert.are.equal(4.7, st.rating)
    assert.are.same({1, 2, 3, 4, 5}, st.digits)
    assert.are.equal(3 * 5, #st.eliminations)   -- 3, 4, 5 leave c3, c4, c6, c8, c9
  end)

  it("needs the subset to close", function()
    assert.are.same({}, support.found(with({{4, 5, {3, 5}}}), "unique_rectangle_3"))
  end)

  it("makes a hidden pair of the rectangle's digits with one more cell (4.5)", function()
    -- In row 4, 1 and 2 are only in r4c1, r4c2 (at most one of which takes one) and r4c5.
    local extra = {{4, 5, {1, 2, 5, 6}}}
    for _, c in ipairs({3, 4, 6, 7, 8, 9}) do extra[#extra + 1] = {4, c, without(1, 2)} end
    local st = support.one(support.found(with(extra), "unique_rectangle_3"))
    assert.are.same({"4,5,5", "4,5,6"}, support.triples(st.eliminations))
    assert.are.same({1, 2}, st.digits)
    assert.are.same({"r1c1", "r1c2", "r4c1", "r4c2", "r4c5"}, support.cells_of(st))
    assert.are.same({"row 4"}, support.units_of(st))
    assert.are.equal(4.5, st.rating)
    assert.matches("hidden pair", st.text)
    -- A third place for 1 in the row: no hidden subset.
    for i, k in ipairs(extra) do
      if k[2] == 7 then extra[i] = {4, 7, {1, 3, 4, 5}} end
    end
    assert.are.same({}, support.found(with(extra), "unique_rectangle_3"))
  end)
end)

describe("unique rectangle type 4", function()
  it("removes the other digit from both extra corners when one digit is locked there",
    function()
      local keep = {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2, 3}}, {4, 2, {1, 2, 4}}}
      for c = 3, 9 do keep[#keep + 1] = {4, c, without(1)} end
      local p = support.pencil(EMPTY, keep)
      local st = support.one(support.found(p, "unique_rectangle_4"))
      assert.are.same({"4,1,2", "4,2,2"}, support.triples(st.eliminations))
      assert.are.same({"row 4"}, support.units_of(st))
      assert.are.equal(1, #st.links)
      assert.is_true(st.links[1].strong)
      assert.are.equal(1, st.links[1][3])
      assert.are.equal(4.5, st.rating)
    end)

  it("needs the digit locked in the unit", function()
    local keep = {{1, 1, {1, 2}}, {1, 2, {1, 2}}, {4, 1, {1, 2, 3}}, {4, 2, {1, 2, 4}}}
    for c = 3, 8 do keep[#keep + 1] = {4, c, without(1)} end
    assert.are.same({}, support.found(support.pencil(EMPTY, keep), "unique_rectangle_4"))
  end)
end)

describe("hidden unique rectangle", function()
  local function position(extra)
    local keep = {{1, 1, {1, 2}}}
    for c = 3, 9 do keep[#keep + 1] = {4, c, without(1)} end
    for _, r in ipairs({2, 3, 5, 6, 7, 8, 9}) do
      if r ~= extra then keep[#keep + 1] = {r, 2, without(1)} end
    end
    return support.pencil(EMPTY, keep)
  end

  it("removes the other digit from the corner opposite a bivalue corner", function()
    -- 1 has two places in row 4 and in column 2, both through r4c2: were r4c2 2, 1 would
    -- take r4c1 and r1c2, and r1c1 would be 2.
    local st = support.one(support.found(position(), "hidden_rectangle"))
    assert.are.same({"4,2,2"}, support.triples(st.eliminations))
    assert.are.same(RECT, support.cells_of(st))
    assert.are.same({"column 2", "row 4"}, support.units_of(st))
    assert.are.equal(2, #st.links)
    assert.are.equal(4.5, st.rating)
    assert.is_false(st.se)            -- SE has no hidden rectangle
  end)

  it("needs both strong links", function()
    assert.are.same({}, support.found(position(7), "hidden_rectangle"))
  end)
end)

describe("BUG+1", function()
  -- A position met on the path of a calibration puzzle (SE 5.6): every empty cell but r2c8
  -- has two candidates.
  local VALUES = "5937816244672.3..828146.7.3756..83429325468711483729658196.42.7374.2..866258.74.9"
  local KEEP = {{2, 5, {5, 9}}, {2, 7, {1, 5}}, {2, 8, {1, 5, 9}}, {3, 6, {5, 9}},
                {3, 8, {5, 9}}, {4, 4, {1, 9}}, {4, 5, {1, 9}}, {7, 5, {3, 5}}, {7, 8, {3, 5}},
                {8, 4, {1, 9}}, {8, 6, {5, 9}}, {8, 7, {1, 5}}, {9, 5, {1, 3}}, {9, 8, {1, 3}}}

  it("places the digit that has three places in the one cell's units", function()
    local st = support.one(support.found(support.pencil(VALUES, KEEP), "bug_plus_1"))
    assert.are.same({"2,8,5"}, support.triples(st.placements))
    assert.are.same({5}, st.digits)
    assert.are.same({"r2c8"}, support.cells_of(st))
    assert.are.equal(5.6, st.rating)
    assert.matches("one solution", st.text)
    local solution = assert(sudoku.parse(
      "..3.8.6.....2.3...2.1.6.7.37.......29..546..1.4.3.2.6...9...2...7.....8...58.74.."))
    assert(solution:solve())
    assert.is_nil(support.unsound({st}, solution))
  end)

  it("needs a cell with more than two candidates, and units that must hold every digit",
    function()
      local p = support.pencil(VALUES, KEEP)
      assert(p:eliminate(2, 8, 9))            -- every cell bivalue now: no BUG+1 cell
      assert.are.same({}, support.found(p, "bug_plus_1"))
      -- A two-cell extra region ("all different", not "every digit"): the count argument fails.
      local b = assert(sudoku.parse(VALUES))
      b:add_region{{1, 1}, {5, 5}}
      p = logic.pencil(b, nil, UNIQUE)
      support.restrict(p, KEEP)
      assert.are.same({}, support.found(p, "bug_plus_1"))
    end)
end)

describe("BUG types 2 and 4 (SE's)", function()
  -- Solved grids with holes: deadly rectangles whose cells would all be bivalue but for the
  -- extra digits of two cells.
  local function pencil(values) return logic.pencil(assert(sudoku.parse(values)), nil, UNIQUE) end

  it("type 2: one of the cells with the same extra digit takes it", function()
    -- r7c4, r7c5 {2,3,7}: without their 2 every cell is bivalue and each digit has two places
    -- or none per unit, so one of them is 2: 2 leaves r7c1, r7c2 (row 7), r8c4, r8c5 (box 8).
    local p = pencil("972863154531..7968864591732347652891..8..9645695184273..9..5486783..6519456918327")
    local st = support.one(support.found(p, "bug_type_2"))
    assert.are.same({"7,1,2", "7,2,2", "8,4,2", "8,5,2"}, support.triples(st.eliminations))
    assert.are.same({"r7c4", "r7c5"}, support.cells_of(st))
    assert.are.equal(5.7, st.rating)
    assert.is_true(st.se)
    assert.matches("^BUG type 2: ", st.text)
    -- Near miss: with r7c4's 3 gone it is r7c5 alone (BUG+1, type 1).
    assert(p:eliminate(7, 4, 3))
    assert.are.same({}, support.found(p, "bug_type_2"))
  end)

  it("type 4: two cells of a unit where the common digit has no other place", function()
    -- r6c4 {3,4,8} (extra 8: column 4), r6c5 {3,4,8} (extra 4: column 5); 3 is only there
    -- in row 6: one is 3, the other its extra digit: 4 leaves r6c4, 8 leaves r6c5.
    local p = pencil("9461582737132.958.2587.319.325.97.61684512937197..6.25469..1752532974618871625349")
    local st = support.one(support.found(p, "bug_type_4"))
    assert.are.same({"6,4,4", "6,5,8"}, support.triples(st.eliminations))
    assert.are.same({"row 6"}, support.units_of(st))
    assert.are.equal(5.7, st.rating)
    -- Near miss: with r2c5's 4 gone (6 alone there), column 5 no longer makes 4 r6c5's extra.
    assert(p:eliminate(2, 5, 4))
    assert.are.same({}, support.found(p, "bug_type_4"))
  end)
end)

describe("BUG type 3 (SE's)", function()
  -- r2c2 {1,2,5} (extra 2), r2c3 and r2c8 {1,7,8} (extra 1), all in row 2: one of them keeps 1
  -- or 2, and r2c7 {1,2} holds the other: a naked pair with them in row 2, so 2 leaves r2c6.
  local VALUES = "4.3789.569..64...36..13.4.984.9235.773541689229.5783.4189264735574391628362857941"

  it("makes a naked subset of the extra digits and cells of the unit holding all bug cells",
    function()
      local p = logic.pencil(assert(sudoku.parse(VALUES)), nil, UNIQUE)
      local st = support.one(support.found(p, "bug_type_3"))
      assert.are.same({"2,6,2"}, support.triples(st.eliminations))
      assert.are.same({"row 2"}, support.units_of(st))
      assert.are.equal(5.8, st.rating)      -- SE: 5.7 and 0.1 per digit of the subset past one
      assert.matches("^BUG type 3: ", st.text)
      -- With r2c6's 2 gone there is nothing left to take.
      assert(p:eliminate(2, 6, 2))
      assert.are.same({}, support.found(p, "bug_type_3"))
    end)
end)

describe("uniqueness techniques soundness", function()
  local NAMES = {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3",
                 "unique_rectangle_4", "hidden_rectangle", "bug_plus_1", "bug_type_2",
                 "bug_type_3", "bug_type_4"}
  -- BUG type 3 (5.8 and up) meets no path of the rated sample: its own spec above builds one.
  local FIRES = {}
  for _, name in ipairs(NAMES) do
    if name ~= "bug_type_3" then FIRES[#FIRES + 1] = name end
  end
  support.soundness(NAMES, {guess = true, fires = FIRES, variant_fires = {"unique_rectangle_1",
    "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4", "hidden_rectangle"}}, it, pending)
end)
