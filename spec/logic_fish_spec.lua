-- Fish on one digit: X-Wing, Swordfish, Jellyfish (rows or columns as base), finned and sashimi
-- forms, on positions built to hold one pattern (an empty grid whose listed lines keep a digit
-- in a few places), on a 6x6 board, and over the easiest-first paths of rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local FISH = {"x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish",
  "finned_jellyfish", "sashimi_x_wing", "sashimi_swordfish", "sashimi_jellyfish"}

-- Removals of digit v from a board of side n: lines = {[line] = {places kept}}, rows when
-- cols is false, else columns. The result is a list of {r, c, v}.
local function keep_places(v, lines, cols, n)
  n = n or 9
  local out = {}
  for line, places in pairs(lines) do
    local set = {}
    for _, x in ipairs(places) do set[x] = true end
    for x = 1, n do
      if not set[x] then
        out[#out + 1] = cols and {x, line, v} or {line, x, v}
      end
    end
  end
  return out
end

-- A pencil of a board (9x9 empty by default) less the removals.
local function pencil(removals, board)
  local p = logic.pencil(board or assert(sudoku.parse(EMPTY)))
  for _, e in ipairs(removals) do p:eliminate(e[1], e[2], e[3]) end
  return p
end

local function marks(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = ("r%dc%d:%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

local function units(st)
  local out = {}
  for _, u in ipairs(st.units) do out[#out + 1] = u.kind .. " " .. u.index end
  return out
end

local function cells(st)
  local out = {}
  for _, c in ipairs(st.cells) do out[#out + 1] = ("r%dc%d"):format(c[1], c[2]) end
  table.sort(out)
  return out
end

-- Joins lists of removals.
local function join(...)
  local out = {}
  for _, list in ipairs({...}) do
    for _, e in ipairs(list) do out[#out + 1] = e end
  end
  return out
end

local function only(p, name, opts)
  local steps = support.found(p, name, opts)
  assert.are.equal(1, #steps, name .. " steps: " .. #steps)
  return steps[1]
end

describe("basic fish", function()
  it("an X-Wing on rows clears its columns", function()
    -- 4 in rows 2 and 7 only in columns 3 and 8; column 3 has 4 at r5 too, column 8 at r9.
    local p = pencil(join(keep_places(4, {[2] = {3, 8}, [7] = {3, 8}}),
      keep_places(4, {[3] = {2, 5, 7}, [8] = {2, 7, 9}}, true)))
    local st = only(p, "x_wing")
    assert.are.equal(3.2, st.rating)
    assert.are.same({4}, st.digits)
    assert.are.equal(2, st.base)
    assert.are.same({"row 2", "row 7", "column 3", "column 8"}, units(st))
    assert.are.same({"r2c3", "r2c8", "r7c3", "r7c8"}, cells(st))
    assert.are.same({"r5c3:4", "r9c8:4"}, marks(st.eliminations))
    assert.are.equal("X-Wing on 4: rows 2 and 7, columns 3 and 8, so 4 leaves r5c3 and r9c8.",
      st.text)
  end)

  it("an X-Wing on columns clears its rows", function()
    local p = pencil(keep_places(5, {[2] = {4, 8}, [6] = {4, 8}}, true))
    local st = only(p, "x_wing")
    assert.are.same({"column 2", "column 6", "row 4", "row 8"}, units(st))
    assert.are.equal(14, #st.eliminations)
    for _, e in ipairs(st.eliminations) do
      assert.is_true(e[1] == 4 or e[1] == 8)
      assert.is_true(e[2] ~= 2 and e[2] ~= 6)
    end
  end)

  it("no X-Wing when one of the rows has a third place", function()
    local p = pencil(keep_places(4, {[2] = {3, 8}, [7] = {3, 5, 8}}))
    assert.are.same({}, support.found(p, "x_wing"))
  end)

  it("a Swordfish and a Jellyfish need not fill every cell of the pattern", function()
    local p = pencil(keep_places(4, {[1] = {2, 5}, [5] = {5, 8}, [9] = {2, 8}}))
    local st = only(p, "swordfish")
    assert.are.equal(3.8, st.rating)
    assert.are.same({"row 1", "row 5", "row 9", "column 2", "column 5", "column 8"}, units(st))
    assert.are.equal(18, #st.eliminations)
    assert.matches("^Swordfish on 4: rows 1, 5 and 9, columns 2, 5 and 8, so 4 leaves ", st.text)
    p = pencil(keep_places(6, {[1] = {1, 2}, [3] = {2, 3}, [5] = {3, 4}, [7] = {1, 4}}))
    st = only(p, "jellyfish")
    assert.are.equal(5.2, st.rating)
    assert.are.same({6}, st.digits)
    assert.are.equal(4, st.base)
    assert.are.equal(20, #st.eliminations)
  end)

  it("no Swordfish when the rows' places span four columns", function()
    local p = pencil(keep_places(4, {[1] = {2, 5}, [5] = {5, 8}, [9] = {2, 9}}))
    assert.are.same({}, support.found(p, "swordfish"))
  end)

  it("a Swordfish that holds an X-Wing is that X-Wing", function()
    local p = pencil(keep_places(4, {[1] = {1, 5}, [2] = {1, 5}, [3] = {1, 5, 9}}))
    assert.are.same({}, support.found(p, "swordfish"))
    assert.are.equal(1, #support.found(p, "x_wing"))
  end)

  it("a fish of more lines than its complement is the smaller fish the other way round", function()
    -- 4 is placed in rows 1..5, which leaves it rows 6..9 and columns 3, 6, 8, 9, and row 6 only
    -- columns 8 and 9 (box 6). Rows 7, 8, 9 keep 4 in columns 3, 6, 8: a Swordfish that takes
    -- 4 from r6c8, but column 9 is then left r6c9 alone, already a hidden single: the
    -- complement of the Swordfish. No Swordfish is reported.
    local b = assert(sudoku.parse(EMPTY))
    for _, rc in ipairs({{1, 1}, {2, 4}, {3, 7}, {4, 2}, {5, 5}}) do b:set(rc[1], rc[2], 4) end
    local p = pencil(keep_places(4, {[7] = {3, 6}, [8] = {6, 8}, [9] = {3, 8}}), b)
    assert.are.same({}, support.found(p, "swordfish"))
    local single = support.found(p, "hidden_single_line")
    assert.are.equal(1, #single)
    assert.are.same({{6, 9, 4}}, single[1].placements)
  end)
end)

describe("finned and sashimi fish", function()
  it("a finned X-Wing clears the cover cells that see its fin", function()
    local p = pencil(keep_places(4, {[2] = {3, 8}, [7] = {3, 8, 9}}))
    local st = only(p, "finned_x_wing")
    assert.are.equal(3.4, st.rating)
    assert.are.same({"row 2", "row 7", "column 3", "column 8"}, units(st))
    assert.are.same({"r2c3", "r2c8", "r7c3", "r7c8", "r7c9"}, cells(st))
    assert.are.same({"r8c8:4", "r9c8:4"}, marks(st.eliminations))
    assert.matches("with fin r7c9", st.text)
    assert.are.same({}, support.found(p, "x_wing"))
  end)

  it("a sashimi X-Wing: a base row keeps one place in the cover besides its fin", function()
    local p = pencil(keep_places(4, {[2] = {3, 8}, [7] = {3, 9}}))
    local steps = support.found(p, "sashimi_x_wing")
    local hit
    for _, st in ipairs(steps) do
      if st.text:match("fin r7c9") then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.equal(3.5, hit.rating)
    assert.are.same({"r8c8:4", "r9c8:4"}, marks(hit.eliminations))
    assert.are.same({}, support.found(p, "finned_x_wing"))
  end)

  it("no finned X-Wing when no cover cell sees the fin", function()
    local p = pencil(keep_places(4, {[2] = {3, 8}, [7] = {3, 5, 8}}))
    assert.are.same({}, support.found(p, "finned_x_wing"))
    assert.are.same({}, support.found(p, "sashimi_x_wing"))
  end)

  it("a finned Swordfish and a finned Jellyfish", function()
    local p = pencil(keep_places(4, {[1] = {2, 5}, [5] = {5, 8}, [9] = {2, 8, 9}}))
    local st = only(p, "finned_swordfish")
    assert.are.equal(4.0, st.rating)
    assert.are.same({"r7c8:4", "r8c8:4"}, marks(st.eliminations))
    p = pencil(keep_places(6, {[1] = {1, 2}, [3] = {2, 3}, [4] = {3, 4}, [9] = {1, 4, 6}}))
    st = only(p, "finned_jellyfish")
    assert.are.equal(5.4, st.rating)
    assert.are.same({"r7c4:6", "r8c4:6"}, marks(st.eliminations))
  end)
end)

describe("fish on a 6x6 board", function()
  it("an X-Wing on rows of different bands", function()
    local p = pencil(keep_places(2, {[1] = {2, 5}, [4] = {2, 5}}, false, 6),
      sudoku.Board.new{size = 6})
    local st = only(p, "x_wing")
    assert.are.same({"row 1", "row 4", "column 2", "column 5"}, units(st))
    assert.are.equal(8, #st.eliminations)
    for _, e in ipairs(st.eliminations) do
      assert.is_true(e[2] == 2 or e[2] == 5)
      assert.is_true(e[1] ~= 1 and e[1] ~= 4)
    end
  end)

  it("a finned X-Wing whose fin is in a 2x3 box", function()
    -- Row 4's fin r4c6 shares box 4 (rows 3-4, columns 4-6) with r3c5.
    local p = pencil(keep_places(2, {[1] = {2, 5}, [4] = {2, 5, 6}}, false, 6),
      sudoku.Board.new{size = 6})
    local st = only(p, "finned_x_wing")
    assert.are.same({"r3c5:2"}, marks(st.eliminations))
  end)
end)

describe("fish soundness", function()
  support.soundness(FISH, {every = 13, slow_fires = FISH, fire_elsewhere = true}, it, pending)
end)

describe("fish over rated puzzles", function()
  local FILE = "../shared/data/rated/se_calibration.txt"

  it("rate the puzzles SE rates 3.2 and 3.8 (X-Wing, Swordfish) as SE does", function()
    local list = support.rated_records(FILE, 3.2, 3.8, 4)
    if not list then return pending(FILE .. " is absent") end
    for _, rec in ipairs(list) do
      if rec.rating == 3.2 or rec.rating == 3.8 then
        local r = assert(logic.rate(assert(sudoku.parse(rec.puzzle))))
        assert.are.equal(rec.rating, r.rating, rec.puzzle)
      end
    end
  end)
end)
