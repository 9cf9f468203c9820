-- Colouring on one digit (not on SE's scale): simple colouring (colour wrap, colour trap) and
-- multi-colouring. Positions are built on an empty grid where one digit keeps only the listed
-- cells, so its conjugate pairs are exactly the ones a test wants.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local NAMES = {"simple_colouring", "multi_colouring"}

-- A 9x9 pencil where digit v keeps only the cells listed ({r, c} each).
local function only(v, cells)
  local at = {}
  for _, rc in ipairs(cells) do at[rc[1] * 100 + rc[2]] = true end
  local keep = {}
  for r = 1, 9 do
    for c = 1, 9 do
      if not at[r * 100 + c] then
        local values = {}
        for d = 1, 9 do
          if d ~= v then values[#values + 1] = d end
        end
        keep[#keep + 1] = {r, c, values}
      end
    end
  end
  return support.pencil(EMPTY, keep)
end

local function strong_links(st)
  local n = 0
  for _, l in ipairs(st.links) do
    assert.are.equal(l[3], l[6])          -- one digit
    if l.strong then n = n + 1 end
  end
  return n
end

describe("simple colouring", function()
  -- 5's pairs: row 1 (r1c1, r1c5), box 2 (r1c5, r3c6), column 6 (r3c6, r8c6): one colour
  -- r1c1, r3c6, the other r1c5, r8c6. Column 1 and row 8 hold a third 5 each (r5c1, r8c9).
  local TRAP = {{1, 1}, {1, 5}, {3, 6}, {8, 6}, {8, 1}, {8, 9}, {5, 1}}

  it("traps a cell that sees both colours", function()
    local st = support.one(support.found(only(5, TRAP), "simple_colouring"))
    assert.are.same({"8,1,5"}, support.triples(st.eliminations))
    assert.are.same({5}, st.digits)
    assert.are.same({"r1c1", "r1c5", "r3c6", "r8c6"}, support.cells_of(st))
    assert.are.equal(3, strong_links(st))          -- the chain's three conjugate pairs
    assert.are.equal(4.5, st.rating)
    assert.is_false(st.se)
    assert.matches("both colours", st.text)
  end)

  it("does not trap through a broken chain", function()
    local cells = {}
    for _, rc in ipairs(TRAP) do cells[#cells + 1] = rc end
    cells[#cells + 1] = {5, 6}                     -- column 6 has three places now
    assert.are.same({}, support.found(only(5, cells), "simple_colouring"))
  end)

  -- Pairs row 1, column 5, row 5, column 2: r1c1, r5c5, r2c2 one colour, r1c5, r5c2 the other;
  -- r1c1 and r2c2 share box 1 (whose third 5, r3c3, keeps it from being a pair).
  local WRAP = {{1, 1}, {1, 5}, {5, 5}, {5, 2}, {2, 2}, {3, 3}}

  it("wraps: two cells of one colour see each other, so that colour goes", function()
    local st = support.one(support.found(only(5, WRAP), "simple_colouring"))
    assert.are.same({"1,1,5", "2,2,5", "5,5,5"}, support.triples(st.eliminations))
    assert.are.same({"r1c1", "r1c5", "r2c2", "r5c2", "r5c5"}, support.cells_of(st))
    assert.are.equal(4, strong_links(st))
    assert.are.equal(5, #st.links)                 -- and the weak link of the wrap
    assert.matches("see each other", st.text)
  end)

  it("does not wrap when the cycle is open (a trap is left)", function()
    local cells = {}
    for _, rc in ipairs(WRAP) do cells[#cells + 1] = rc end
    cells[#cells + 1] = {7, 2}                     -- column 2 is no pair: r2c2 leaves the chain
    local st = support.one(support.found(only(5, cells), "simple_colouring"))
    assert.are.same({"2,2,5"}, support.triples(st.eliminations))
    assert.matches("both colours", st.text)
  end)

  it("works on a 6x6 board", function()
    -- 1's pairs: row 1, column 4, row 3, column 2, row 2; r1c1 and r2c2 share box 1.
    local p = logic.pencil(sudoku.Board.new{size = 6})
    local at = {[11] = true, [14] = true, [34] = true, [32] = true, [22] = true, [23] = true}
    for r = 1, 6 do
      for c = 1, 6 do
        if not at[r * 10 + c] then assert(p:eliminate(r, c, 1)) end
      end
    end
    local st = support.one(support.found(p, "simple_colouring"))
    assert.are.same({"1,1,1", "2,2,1", "3,4,1"}, support.triples(st.eliminations))
  end)
end)

describe("multi-colouring", function()
  -- Two chains of 5: r1c1 = r1c5 (row 1) and r3c2 = r7c2 (column 2); r1c1 and r3c2 share box 1
  -- (with r2c3, so box 1 is no pair): r1c5 or r7c2 is 5, and r7c5 sees both.
  local BRIDGE = {{1, 1}, {1, 5}, {3, 2}, {7, 2}, {7, 5}, {5, 5}, {7, 9}, {2, 3}}

  it("removes the digit from a cell seeing both colours opposite a weak link", function()
    local st = support.one(support.found(only(5, BRIDGE), "multi_colouring"))
    assert.are.same({"7,5,5"}, support.triples(st.eliminations))
    assert.are.same({"r1c1", "r1c5", "r3c2", "r7c2"}, support.cells_of(st))
    assert.are.equal(2, strong_links(st))
    assert.are.equal(3, #st.links)
    assert.are.equal(4.8, st.rating)
    assert.is_false(st.se)
  end)

  it("needs the weak link between the chains", function()
    local cells = {}
    for _, rc in ipairs(BRIDGE) do
      cells[#cells + 1] = (rc[1] == 3 and rc[2] == 2) and {4, 2} or rc
    end
    assert.are.same({}, support.found(only(5, cells), "multi_colouring"))
  end)

  it("removes a colour that sees both colours of the other chain", function()
    -- r1c1 = r1c5, and r2c3 = r2c7 = r9c7 = r9c1: r1c1 sees r2c3 (box 1) and r9c1 (column 1).
    local cells = {{1, 1}, {1, 5}, {2, 3}, {2, 7}, {9, 7}, {9, 1}, {5, 1}, {3, 2}}
    local st = support.one(support.found(only(5, cells), "multi_colouring"))
    assert.are.same({"1,1,5"}, support.triples(st.eliminations))
    assert.are.equal(4, strong_links(st))
  end)
end)

describe("colouring soundness", function()
  support.soundness(NAMES, {guess = true, variant_fires = NAMES}, it, pending)
end)
