-- Subsets: naked and hidden pairs, triples and quads, and SE's direct hidden pair and triple,
-- on positions built to hold one pattern (an empty 9x9 grid whose listed cells lose candidates),
-- on a 6x6 board, and over the easiest-first paths of rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local SUBSETS = {"naked_pair", "naked_triple", "naked_quad", "hidden_pair", "hidden_triple",
  "hidden_quad", "direct_hidden_pair", "direct_hidden_triple"}

-- Keep rows for support.pencil: in row r, each digit v of places[v] keeps only the columns
-- listed (the digit leaves the row's other cells).
local function row_places(r, places)
  local keep = {}
  for c = 1, 9 do
    local values = {}
    for v = 1, 9 do
      local cols = places[v]
      local here = not cols
      for _, x in ipairs(cols or {}) do if x == c then here = true end end
      if here then values[#values + 1] = v end
    end
    keep[#keep + 1] = {r, c, values}
  end
  return keep
end

-- "r1c3:7" strings of a step's eliminations or placements, sorted.
local function marks(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = ("r%dc%d:%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

local function cells(st)
  local out = {}
  for _, c in ipairs(st.cells) do out[#out + 1] = ("r%dc%d"):format(c[1], c[2]) end
  table.sort(out)
  return out
end

local function units(st)
  local out = {}
  for _, u in ipairs(st.units) do out[#out + 1] = u.kind .. " " .. u.index end
  return out
end

local function only(p, name, opts)
  local steps = support.found(p, name, opts)
  assert.are.equal(1, #steps, name .. " steps: " .. #steps)
  return steps[1]
end

describe("naked subsets", function()
  it("a naked pair in a row and a box clears both units of its digits, in one step", function()
    local p = support.pencil(EMPTY, {{1, 1, {3, 7}}, {1, 2, {3, 7}}})
    local st = only(p, "naked_pair")
    assert.are.equal(3.0, st.rating)
    assert.are.same({3, 7}, st.digits)
    assert.are.same({"r1c1", "r1c2"}, cells(st))
    assert.are.same({"row 1", "box 1"}, units(st))
    local want = {}
    for r = 1, 3 do
      for c = 1, 9 do
        if (r == 1 and c >= 3) or (r > 1 and c <= 3) then
          want[#want + 1] = ("r%dc%d:3"):format(r, c)
          want[#want + 1] = ("r%dc%d:7"):format(r, c)
        end
      end
    end
    table.sort(want)
    assert.are.same(want, marks(st.eliminations))
    assert.are.same({}, st.placements)
    assert.matches("^Naked pair: r1c1 and r1c2 can only hold 3 and 7, so these leave the rest of "
      .. "row 1 and box 1: ", st.text)
  end)

  it("a naked pair in a row only clears the row", function()
    local p = support.pencil(EMPTY, {{1, 1, {3, 7}}, {1, 5, {3, 7}}})
    local st = only(p, "naked_pair")
    assert.are.same({"row 1"}, units(st))
    assert.are.equal(14, #st.eliminations)
  end)

  it("finds no pair in cells that do not share their two digits", function()
    local p = support.pencil(EMPTY, {{1, 1, {3, 7}}, {1, 2, {3, 8}}})
    assert.are.same({}, support.found(p, "naked_pair"))
  end)

  it("a naked triple and a naked quad need not have every digit in every cell", function()
    local p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 4, {2, 3}}, {1, 7, {1, 3}}})
    local st = only(p, "naked_triple")
    assert.are.equal(3.6, st.rating)
    assert.are.same({1, 2, 3}, st.digits)
    assert.are.same({"r1c1", "r1c4", "r1c7"}, cells(st))
    assert.are.equal(18, #st.eliminations)
    p = support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 3, {2, 3}}, {1, 5, {3, 4}}, {1, 7, {1, 4}}})
    st = only(p, "naked_quad")
    assert.are.equal(5.0, st.rating)
    assert.are.same({1, 2, 3, 4}, st.digits)
    assert.are.equal(20, #st.eliminations)
    for _, e in ipairs(st.eliminations) do assert.are.equal(1, e[1]) end
  end)

  it("a triple that holds a naked pair is that pair, not a triple", function()
    local p = support.pencil(EMPTY, {{1, 1, {3, 7}}, {1, 2, {3, 7}}, {1, 5, {3, 7, 8}}})
    assert.are.same({}, support.found(p, "naked_triple"))
    assert.are.equal(1, #support.found(p, "naked_pair"))
  end)
end)

describe("hidden subsets", function()
  it("a hidden pair strips its cells to its digits", function()
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5}}))
    local st = only(p, "hidden_pair")
    assert.are.equal(3.4, st.rating)
    assert.are.same({3, 7}, st.digits)
    assert.are.same({"r1c1", "r1c5"}, cells(st))
    assert.are.same({"row 1"}, units(st))
    local want = {}
    for _, c in ipairs({1, 5}) do
      for v = 1, 9 do
        if v ~= 3 and v ~= 7 then want[#want + 1] = ("r1c%d:%d"):format(c, v) end
      end
    end
    table.sort(want)
    assert.are.same(want, marks(st.eliminations))
    assert.are.equal("Hidden pair: in row 1, 3 and 7 can only go in r1c1 and r1c5, so these cells "
      .. "keep only 3 and 7.", st.text)
    assert.are.same({}, support.found(p, "direct_hidden_pair"))
  end)

  it("finds no pair when one of the digits has a third place", function()
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5, 9}}))
    assert.are.same({}, support.found(p, "hidden_pair"))
    assert.are.same({}, support.found(p, "hidden_triple"))
  end)

  it("a hidden triple and a hidden quad: each digit in some of the cells", function()
    local p = support.pencil(EMPTY, row_places(1, {[1] = {1, 2}, [2] = {2, 3}, [3] = {1, 3}}))
    local st = only(p, "hidden_triple")
    assert.are.equal(4.0, st.rating)
    assert.are.same({1, 2, 3}, st.digits)
    assert.are.same({"r1c1", "r1c2", "r1c3"}, cells(st))
    assert.are.equal(18, #st.eliminations)
    p = support.pencil(EMPTY, row_places(1, {[1] = {1, 2}, [2] = {2, 3}, [3] = {3, 4},
      [4] = {1, 4}}))
    st = only(p, "hidden_quad")
    assert.are.equal(5.4, st.rating)
    assert.are.same({1, 2, 3, 4}, st.digits)
    assert.are.equal(20, #st.eliminations)
    assert.are.same({}, support.found(p, "hidden_triple"))
  end)

  it("a hidden triple that holds a hidden pair is that pair", function()
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5}, [8] = {1, 5, 9}}))
    assert.are.same({}, support.found(p, "hidden_triple", {allowed = {"hidden_triple"}}))
  end)
end)

describe("direct hidden subsets", function()
  it("a hidden pair whose removals leave a digit one place in its unit places it", function()
    -- 3 and 7 only in r1c1, r1c5; 5 in r1c1, r1c5, r1c9: without 5 there, r1c9 takes it.
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5}, [5] = {1, 5, 9}}))
    local st = only(p, "direct_hidden_pair")
    assert.are.equal(2.0, st.rating)
    assert.are.same({3, 7}, st.digits)
    assert.are.same({"r1c1", "r1c5"}, cells(st))
    assert.are.same({{1, 9, 5}}, st.placements)
    assert.are.same({}, st.eliminations)   -- SE's direct steps only place
    assert.are.equal("Direct hidden pair: in row 1, 3 and 7 can only go in r1c1 and r1c5, so "
      .. "these cells keep only 3 and 7, and 5 is left one place in row 1: r1c9 takes it.", st.text)
    -- The plain form is the direct one's to report, unless the direct one is not allowed.
    assert.are.same({}, support.found(p, "hidden_pair"))
    st = only(p, "hidden_pair", {allowed = {"hidden_pair"}})
    assert.are.equal(14, #st.eliminations)
    assert.are.same({}, st.placements)
  end)

  it("a direct hidden triple", function()
    local p = support.pencil(EMPTY, row_places(1, {[1] = {1, 2}, [2] = {2, 3}, [3] = {1, 3},
      [5] = {3, 9}}))
    local st = only(p, "direct_hidden_triple")
    assert.are.equal(2.5, st.rating)
    assert.are.same({1, 2, 3}, st.digits)
    assert.are.same({{1, 9, 5}}, st.placements)
  end)

  it("needs the removals to leave a single: a digit with two places left is not one", function()
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5}, [5] = {1, 8, 9}}))
    assert.are.same({}, support.found(p, "direct_hidden_pair"))
    assert.are.equal(1, #support.found(p, "hidden_pair"))
  end)

  it("looks for the single in the set's own unit only, as SE does", function()
    -- Removing 5 from r1c1 leaves box 1 one place for 5 (r2c2), but row 1 several.
    local keep = row_places(1, {[3] = {1, 5}, [7] = {1, 5}})
    for _, rc in ipairs({{1, 2}, {1, 3}, {2, 1}, {2, 3}, {3, 1}, {3, 2}, {3, 3}}) do
      keep[#keep + 1] = {rc[1], rc[2], {1, 2, 3, 4, 6, 7, 8, 9}}
    end
    local p = support.pencil(EMPTY, keep)
    assert.are.same({}, support.found(p, "direct_hidden_pair"))
    assert.are.equal(1, #support.found(p, "hidden_pair"))
  end)

  it("does not claim a hidden single that was there before the set", function()
    local p = support.pencil(EMPTY, row_places(1, {[3] = {1, 5}, [7] = {1, 5}, [5] = {9}}))
    assert.are.same({}, support.found(p, "direct_hidden_pair"))
    assert.are.equal(1, #support.found(p, "hidden_pair"))
  end)
end)

describe("subsets on a 6x6 board", function()
  local function pencil6(keep)
    local p = logic.pencil(sudoku.Board.new{size = 6})
    for _, row in ipairs(keep) do
      local set = {}
      for _, v in ipairs(row[3]) do set[v] = true end
      for _, v in ipairs(p:candidates(row[1], row[2])) do
        if not set[v] then assert(p:eliminate(row[1], row[2], v)) end
      end
    end
    return p
  end

  it("a naked pair in a row and a 2x3 box", function()
    local p = pencil6({{1, 1, {1, 2}}, {1, 2, {1, 2}}})
    local st = only(p, "naked_pair")
    assert.are.same({"row 1", "box 1"}, units(st))
    assert.are.equal(14, #st.eliminations)   -- r1c3..r1c6 and r2c1..r2c3, two digits each
  end)

  it("a hidden pair in a column", function()
    local keep = {}
    for r = 1, 6 do
      if r ~= 2 and r ~= 5 then keep[#keep + 1] = {r, 4, {1, 2, 3, 6}} end
    end
    local p = pencil6(keep)
    local st = only(p, "hidden_pair")
    assert.are.same({4, 5}, st.digits)
    assert.are.same({"column 4"}, units(st))
    assert.are.same({"r2c4", "r5c4"}, cells(st))
    assert.are.equal(8, #st.eliminations)
  end)
end)

describe("subsets soundness", function()
  local fires = {}
  -- hidden quads are rare: one position in about 750 (the #slow run sees them)
  for _, name in ipairs(SUBSETS) do
    if name ~= "hidden_quad" then fires[#fires + 1] = name end
  end
  support.soundness(SUBSETS, {every = 13, fires = fires, slow_fires = SUBSETS,
                              fire_elsewhere = true}, it, pending)
end)

describe("subsets over rated puzzles", function()
  local FILE = "../shared/data/rated/se_calibration.txt"

  it("rate the puzzles SE rates 3.0 to 3.6 as SE does", function()
    local list = support.rated_records(FILE, 3.0, 3.6, 4)
    if not list then return pending(FILE .. " is absent") end
    for _, rec in ipairs(list) do
      local r = assert(logic.rate(assert(sudoku.parse(rec.puzzle))))
      assert.are.equal(rec.rating, r.rating, rec.puzzle)
    end
  end)
end)
