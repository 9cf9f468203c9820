-- Wings: XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing and VWXYZ-Wing, on built positions of 9x9 and
-- 6x6 boards, and sound over the easiest-first paths of SE-rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local MINE = {"xy_wing", "xyz_wing", "w_wing", "wxyz_wing", "vwxyz_wing"}

-- A pencil of an empty board of that size where each listed cell {r, c, {values}} keeps only
-- its values.
local function pencil(size, keep)
  local p = logic.pencil(sudoku.Board.new{size = size})
  for _, row in ipairs(keep) do
    local set = {}
    for _, v in ipairs(row[3]) do set[v] = true end
    for _, v in ipairs(p:candidates(row[1], row[2])) do
      if not set[v] then assert(p:eliminate(row[1], row[2], v)) end
    end
  end
  return p
end

local function elims(st)
  local out = {}
  for _, e in ipairs(st.eliminations) do out[#out + 1] = ("r%dc%d=%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

local function cells(st)
  local out = {}
  for _, c in ipairs(st.cells) do out[#out + 1] = ("r%dc%d"):format(c[1], c[2]) end
  table.sort(out)
  return out
end

describe("an XY-Wing", function()
  local keep = {{1, 1, {3, 5}}, {1, 7, {3, 8}}, {4, 1, {5, 8}}}

  it("takes z out of the cells that see both pincers", function()
    local p = pencil(9, keep)
    local steps = support.found(p, "xy_wing")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.equal(4.2, st.rating)
    assert.are.same({3, 5, 8}, st.digits)
    assert.are.same({"r1c1", "r1c7", "r4c1"}, cells(st))
    assert.are.same({"r4c7=8"}, elims(st))
    assert.are.equal(5, #st.links)
    assert.are.equal("XY-Wing: r1c1 (pivot, 3 or 5) sees r1c7 (3 or 8) and r4c1 (5 or 8): "
      .. "whichever is true, one of them is 8, so 8 leaves r4c7.", st.text)
    assert.are.same({}, support.found(p, "xyz_wing"))
    assert.are.same({}, support.found(p, "w_wing"))
  end)

  it("needs the pincers to share z and to see the pivot", function()
    assert.are.same({}, pencil(9, {{1, 1, {3, 5}}, {1, 7, {3, 8}}, {4, 1, {5, 9}}})
      :find{allowed = MINE})
    assert.are.same({}, pencil(9, {{1, 1, {3, 5}}, {1, 7, {3, 8}}, {4, 2, {5, 8}}})
      :find{allowed = MINE})
  end)

  it("works on 6x6 boards", function()
    -- Pivot r1c1 (1 or 2), pincers r1c5 (1 or 3) and r4c1 (2 or 3): 3 leaves r4c5.
    local steps = support.found(pencil(6, {{1, 1, {1, 2}}, {1, 5, {1, 3}}, {4, 1, {2, 3}}}),
      "xy_wing")
    assert.are.equal(1, #steps)
    assert.are.same({"r4c5=3"}, elims(steps[1]))
  end)
end)

describe("an XYZ-Wing", function()
  -- Pivot r1c1 (3, 5 or 8) sees r1c7 (3 or 8) and r3c2 (5 or 8): 8 leaves the cells that see
  -- all three, r1c2 and r1c3.
  local keep = {{1, 1, {3, 5, 8}}, {1, 7, {3, 8}}, {3, 2, {5, 8}}}

  it("takes z out of the cells that see the pivot and both pincers", function()
    local steps = support.found(pencil(9, keep), "xyz_wing")
    assert.are.equal(1, #steps)
    assert.are.equal(4.4, steps[1].rating)
    assert.are.same({"r1c2=8", "r1c3=8"}, elims(steps[1]))
    assert.matches("^XYZ%-Wing: r1c1 %(pivot, 3, 5 or 8%) sees", steps[1].text)
    assert.are.same({}, support.found(pencil(9, keep), "xy_wing"))
  end)

  it("needs both pincers inside the pivot's candidates", function()
    assert.are.same({}, pencil(9, {{1, 1, {3, 5, 8}}, {1, 7, {3, 9}}, {3, 2, {5, 8}}})
      :find{allowed = MINE})
  end)
end)

describe("a W-Wing", function()
  -- r1c1 and r5c8 hold 3 or 9; column 4 has 3 only at r1c4 (sees r1c1) and r5c4 (sees r5c8):
  -- one of the two is 9, so 9 leaves r1c8 and r5c1.
  local function keep(pair2, places)
    local k = {{1, 1, {3, 9}}, {5, 8, pair2}}
    local all = {1, 2, 4, 5, 6, 7, 8, 9}
    for r = 1, 9 do
      if not places[r] then k[#k + 1] = {r, 4, all} end
    end
    return k
  end

  it("joins two equal pairs through a strong link", function()
    local p = pencil(9, keep({3, 9}, {[1] = true, [5] = true}))
    local steps = support.found(p, "w_wing")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.equal(4.4, st.rating)
    assert.is_false(st.se)
    assert.are.same({"r1c8=9", "r5c1=9"}, elims(st))
    assert.are.same({"r1c1", "r1c4", "r5c4", "r5c8"}, cells(st))
    assert.are.same({{kind = "column", index = 4}}, st.units)
    assert.are.equal(5, #st.links)
    assert.is_true(st.links[3].strong)
    assert.matches("^W%-Wing: r1c1 and r5c8 both hold 3 or 9, and 3 in column 4 is at r1c4 or "
      .. "r5c4", st.text)
  end)

  it("needs the same pair and a strong link", function()
    assert.are.same({}, pencil(9, keep({3, 7}, {[1] = true, [5] = true})):find{allowed = MINE})
    assert.are.same({}, pencil(9, keep({3, 9}, {[1] = true, [5] = true, [7] = true}))
      :find{allowed = MINE})
  end)
end)

describe("a WXYZ-Wing (SE's: three cells in sight of each other and a bivalue cell)", function()
  -- r1c1 (1, 2 or 4), r1c2 (2 or 3), r1c3 (3 or 4) hold four digits; r4c1 (1 or 4) sees the one
  -- cell of the three holding 1: were r4c1 1, the three would keep three digits, so one of
  -- r4c1, r1c1, r1c3 is 4, and 4 leaves r2c1 and r3c1, which see all three.
  local keep = {{1, 1, {1, 2, 4}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {4, 1, {1, 4}}}

  it("takes z out of the cells that see the bivalue cell and its places in the three", function()
    local steps = support.found(pencil(9, keep), "wxyz_wing")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.equal(5.6, st.rating)       -- the largest of the three holds three
    assert.is_true(st.se)
    assert.are.same({1, 2, 3, 4}, st.digits)
    assert.are.same({"r1c1", "r1c2", "r1c3", "r4c1"}, cells(st))
    assert.are.same({"r2c1=4", "r3c1=4"}, elims(st))
    assert.matches("^WXYZ%-Wing: r1c1 %(1, 2 or 4%), r1c2 %(2 or 3%) and r1c3 %(3 or 4%) hold "
      .. "four digits, and r4c1 %(1 or 4%) sees each of them holding 1", st.text)
  end)

  it("rates three bivalue cells 5.5", function()
    local k = {{1, 1, {1, 2}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {4, 1, {1, 4}}}
    local steps = support.found(pencil(9, k), "wxyz_wing")
    assert.are.equal(1, #steps)
    assert.are.equal(5.5, steps[1].rating)
    -- r1c3 holds the set's only 4 now: box 4 sees r4c1 and column 3 r1c3.
    assert.are.same({"r2c1=4", "r3c1=4", "r4c3=4", "r5c3=4", "r6c3=4"}, elims(steps[1]))
  end)

  it("takes every digit out when both of the bivalue cell's are restricted", function()
    -- r1c7 (1 or 4) sees all three: the four cells hold 1 to 4, one each (the same four
    -- cells are other wings too, r1c2 the bivalue cell beside r1c1, r1c3, r1c7, ...).
    local k = {{1, 1, {1, 2, 4}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {1, 7, {1, 4}}}
    local all
    for _, st in ipairs(support.found(pencil(9, k), "wxyz_wing")) do
      local seen = {}
      for _, e in ipairs(st.eliminations) do seen[e[3]] = true end
      if seen[1] and seen[2] and seen[3] and seen[4] then all = st end
    end
    assert.is_truthy(all)
    assert.matches("every digit fills one of them", all.text)
  end)

  it("needs the three in sight of each other and a restricted digit", function()
    -- r5c5 does not see r1c1 or r1c2: no set of three (a wider ALS-XZ, not SE's wing).
    local apart = {{1, 1, {1, 2}}, {1, 2, {2, 3}}, {5, 5, {3, 4}}, {4, 1, {1, 4}}}
    assert.are.same({}, support.found(pencil(9, apart), "wxyz_wing"))
    -- r4c2 (1 or 4) sees no cell of the three holding 1 or 4.
    local blind = {{1, 1, {1, 2}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {4, 2, {1, 4}}}
    assert.are.same({}, support.found(pencil(9, blind), "wxyz_wing"))
  end)
end)

describe("a VWXYZ-Wing", function()
  -- r1c1 (1 or 2), r1c2 (2 or 3), r1c3 (3 or 4), r2c1 (4 or 5): four cells of box 1, five
  -- digits; r5c1 (1 or 4) sees r1c1, the one holding 1: 4 leaves r3c1, which sees r5c1, r1c3
  -- and r2c1.
  local keep = {{1, 1, {1, 2}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {2, 1, {4, 5}}, {5, 1, {1, 4}}}

  it("takes z out of the cells that see the bivalue cell and its places in the four", function()
    local steps = support.found(pencil(9, keep), "vwxyz_wing")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.equal(6.3, st.rating)       -- the largest of the four holds two
    assert.is_true(st.se)
    assert.are.same({1, 2, 3, 4, 5}, st.digits)
    assert.are.same({"r3c1=4"}, elims(st))
    assert.matches("^VWXYZ%-Wing: ", st.text)
  end)

  it("rates 6.4 when the largest cell holds three, 6.2 five", function()
    local k = {{1, 1, {1, 2, 5}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {2, 1, {4, 5}}, {5, 1, {1, 4}}}
    local steps = support.found(pencil(9, k), "vwxyz_wing")
    assert.are.equal(1, #steps)
    assert.are.equal(6.4, steps[1].rating)
    k = {{1, 1, {1, 2, 3, 4, 5}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {2, 1, {4, 5}}, {5, 1, {1, 4}}}
    steps = support.found(pencil(9, k), "vwxyz_wing")
    assert.are.equal(1, #steps)
    assert.are.equal(6.2, steps[1].rating)
  end)

  it("needs the four in sight of each other", function()
    local k = {{1, 1, {1, 2}}, {1, 2, {2, 3}}, {1, 3, {3, 4}}, {5, 5, {4, 5}}, {5, 1, {1, 4}}}
    assert.are.same({}, support.found(pencil(9, k), "vwxyz_wing"))
  end)
end)

describe("wings soundness", function()
  support.soundness(MINE, {fire_elsewhere = true}, it, pending)
end)
