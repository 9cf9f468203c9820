-- Chains and loops of alternating strong and weak links (csrc/logic/chains.c): X-chains,
-- XY-chains, alternating inference chains, X-cycles and Y-cycles; their eliminations and
-- placements, links in order, sentences and Sudoku Explainer's ratings with its length
-- increments; soundness over the rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local CHAINS = {"x_cycle", "y_cycle", "x_chain", "xy_chain", "aic"}

-- Every value but v.
local function all_but(v, size)
  local out = {}
  for x = 1, size or 9 do
    if x ~= v then out[#out + 1] = x end
  end
  return out
end

-- Rows of support.pencil keeping v out of the given cells ({r, c} pairs).
local function without(v, cells)
  local keep = {}
  for _, rc in ipairs(cells) do keep[#keep + 1] = {rc[1], rc[2], all_but(v)} end
  return keep
end

-- The cells of row r (or column c when by_column) but the listed indexes.
local function line_but(r, except, by_column)
  local skip, out = {}, {}
  for _, i in ipairs(except) do skip[i] = true end
  for i = 1, 9 do
    if not skip[i] then out[#out + 1] = by_column and {i, r} or {r, i} end
  end
  return out
end

local function concat(...)
  local out = {}
  for _, list in ipairs({...}) do
    for _, x in ipairs(list) do out[#out + 1] = x end
  end
  return out
end

-- The eliminations of steps as sorted "r,c,v" strings.
local function elims(steps)
  local out, seen = {}, {}
  for _, st in ipairs(steps) do
    for _, e in ipairs(st.eliminations) do
      local key = ("%d,%d,%d"):format(e[1], e[2], e[3])
      if not seen[key] then
        seen[key] = true
        out[#out + 1] = key
      end
    end
  end
  table.sort(out)
  return out
end

local function keys(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = ("%d,%d,%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

-- The links of a step as "r1c2=r1c8" / "-" strings (value omitted when one is given).
local function links(st, one_value)
  local out = {}
  for _, l in ipairs(st.links) do
    local a = one_value and ("r%dc%d"):format(l[1], l[2]) or ("%dr%dc%d"):format(l[3], l[1], l[2])
    local b = one_value and ("r%dc%d"):format(l[4], l[5]) or ("%dr%dc%d"):format(l[6], l[4], l[5])
    out[#out + 1] = a .. (l.strong and "=" or "-") .. b
  end
  return out
end

describe("X-chains", function()
  -- 5 in row 1 only at c2 and c8, in row 5 only at c3 and c8: r1c2 = r1c8 - r5c8 = r5c3.
  local function skyscraper(row5)
    return support.pencil(EMPTY, without(5, concat(line_but(1, {2, 8}), line_but(5, row5))))
  end

  it("remove the value from the cells that see both ends", function()
    local steps = support.found(skyscraper({3, 8}), "x_chain")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.same({"2,3,5", "3,3,5", "4,2,5", "6,2,5"}, elims(steps))
    assert.are.same({"r1c2=r1c8", "r1c8-r5c8", "r5c8=r5c3"}, links(st, true))
    assert.are.same({5}, st.digits)
    assert.are.equal(4, #st.cells)
    assert.are.equal(6.6, st.rating)          -- four candidates: SE's 6.6, no increment
    assert.are.equal("X-chain on 5: r1c2 = r1c8 - r5c8 = r5c3, so 5 leaves r2c3, r3c3, r4c2, "
      .. "r6c2 (they see both ends).", st.text)
    assert.are.same({}, st.placements)
  end)

  it("need strong links: a third place in row 5 breaks the chain", function()
    assert.are.same({}, support.found(skyscraper({3, 8, 9}), "x_chain"))
  end)

  -- 5 in row 1 only at c1 and c2, in column 1 only at r1 and r2: without 5 at r1c1 both
  -- r1c2 and r2c1 would hold it, in one box.
  local function corner(col1)
    return support.pencil(EMPTY, without(5, concat(line_but(1, {1, 2}), line_but(1, col1, true))))
  end

  it("place the value at the point of a loop with two strong links there", function()
    local hit
    for _, st in ipairs(support.found(corner({1, 2}), "x_chain")) do
      if #st.placements > 0 then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({{1, 1, 5}}, hit.placements)
    assert.are.equal(6.6, hit.rating)
    assert.are.equal(3, #hit.links)
    assert.is_true(hit.links[1].strong)
    assert.is_false(hit.links[2].strong)
    assert.is_true(hit.links[3].strong)
    assert.matches("so 5 goes in r1c1%.$", hit.text)
  end)

  it("place nothing when the loop's ends do not see each other", function()
    for _, st in ipairs(support.found(corner({1, 5}), "x_chain")) do
      assert.are.same({}, st.placements)
    end
  end)
end)

describe("X-cycles", function()
  -- 5 in rows 1 and 5 only at c2 and c8: the loop r1c8 = r1c2 - r5c2 = r5c8 - r1c8.
  local function x_wing(row5)
    return support.pencil(EMPTY, without(5, concat(line_but(1, {2, 8}), line_but(5, row5))))
  end

  it("make every weak link of a closed loop strong: the value leaves both columns", function()
    local steps = support.found(x_wing({2, 8}), "x_cycle")
    assert.are.equal(1, #steps)
    local expect = {}
    for r = 1, 9 do
      if r ~= 1 and r ~= 5 then
        expect[#expect + 1] = {r, 2, 5}
        expect[#expect + 1] = {r, 8, 5}
      end
    end
    assert.are.same(keys(expect), elims(steps))
    assert.are.equal(6.5, steps[1].rating)
    assert.are.equal(4, #steps[1].links)
    for i, l in ipairs(steps[1].links) do
      assert.are.equal(i % 2 == 1, l.strong)
      local nxt = steps[1].links[i % 4 + 1]
      assert.are.same({l[4], l[5]}, {nxt[1], nxt[2]})   -- the links close a loop, in order
    end
    assert.matches("^X%-cycle on 5: ", steps[1].text)
  end)

  it("need the loop closed: a third place in row 5 leaves no cycle", function()
    assert.are.same({}, support.found(x_wing({2, 8, 9}), "x_cycle"))
  end)

  it("work on a 6x6 board (2x3 boxes)", function()
    local p = logic.pencil(sudoku.Board.new{size = 6})
    for _, r in ipairs({1, 4}) do
      for _, c in ipairs({2, 3, 5, 6}) do assert(p:eliminate(r, c, 1)) end
    end
    local steps = support.found(p, "x_cycle")
    assert.are.equal(1, #steps)
    assert.are.same(keys({{2, 1, 1}, {3, 1, 1}, {5, 1, 1}, {6, 1, 1}, {2, 4, 1}, {3, 4, 1},
      {5, 4, 1}, {6, 4, 1}}), elims(steps))
    assert.are.equal(6.5, steps[1].rating)
  end)
end)

describe("XY-chains", function()
  -- Bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,x}: 1r1c1 = 2r1c1 - 2r1c5 = 3r1c5 - 3r5c5 = 1r5c5.
  local function chain(last)
    return support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 5, {2, 3}}, {5, 5, {3, last}}})
  end

  it("remove an end's value from the cells that see both ends", function()
    local steps = support.found(chain(1), "xy_chain")
    assert.are.same({"5,1,1"}, elims(steps))
    local st = steps[1]
    assert.are.equal(7.1, st.rating)          -- SE's 7.0, six candidates: +0.1
    assert.are.equal(5, #st.links)
    assert.are.same({1, 2, 3}, st.digits)
    assert.are.equal("XY-chain: (1=2)r1c1 - (2=3)r1c5 - (3=1)r5c5, so 1 leaves r5c1 (it sees "
      .. "both ends).", st.text)
  end)

  it("work on a 6x6 board", function()
    local p = logic.pencil(sudoku.Board.new{size = 6})
    for _, cell in ipairs({{1, 1, {1, 2}}, {1, 4, {2, 3}}, {4, 4, {3, 1}}}) do
      local keep = {}
      for _, v in ipairs(cell[3]) do keep[v] = true end
      for v = 1, 6 do
        if not keep[v] then assert(p:eliminate(cell[1], cell[2], v)) end
      end
    end
    local steps = support.found(p, "xy_chain")
    assert.are.same({"4,1,1"}, elims(steps))
    assert.are.equal(7.1, steps[1].rating)
  end)

  it("eliminate nothing when the ends hold different values in cells apart", function()
    assert.are.same({}, support.found(chain(4), "xy_chain"))
  end)
end)

describe("Y-cycles", function()
  -- Bivalue cells r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}: a closed loop of 8.
  local function loop(last)
    return support.pencil(EMPTY, {{1, 1, {1, 2}}, {1, 5, {2, 3}}, {5, 5, {3, 4}}, {5, 1, last}})
  end

  it("make the links between cells strong: each value leaves the rest of its line", function()
    local steps = support.found(loop({4, 1}), "y_cycle")
    assert.are.equal(1, #steps)
    local expect = {}
    for i = 1, 9 do
      if i ~= 1 and i ~= 5 then
        expect[#expect + 1] = {1, i, 2}
        expect[#expect + 1] = {i, 5, 3}
        expect[#expect + 1] = {5, i, 4}
        expect[#expect + 1] = {i, 1, 1}
      end
    end
    assert.are.same(keys(expect), elims(steps))
    assert.are.equal(6.6, steps[1].rating)    -- SE's 6.5, eight candidates: +0.1
    assert.are.equal(8, #steps[1].links)
    assert.matches("^Y%-cycle: %(%d=%d%)r%dc%d %- %(%d=%d%)r%dc%d %- ", steps[1].text)
  end)

  it("need every cell bivalue", function()
    assert.are.same({}, support.found(loop({4, 1, 9}), "y_cycle"))
  end)

  -- Five bivalue cells (an odd count is fine: ten candidates): r1c3 {2,8}, r1c6 {6,8}, r7c6
  -- {1,6}, r7c2 {1,3}, r2c2 {2,3}, joined by row 1, column 6, row 7, column 2 and box 1.
  local five = {{1, 3, {2, 8}}, {1, 6, {6, 8}}, {7, 6, {1, 6}}, {7, 2, {1, 3}}, {2, 2, {2, 3}}}

  it("close loops of five cells (SE's 6.5, ten candidates: +0.2)", function()
    local steps = support.found(support.pencil(EMPTY, five), "y_cycle")
    assert.are.equal(1, #steps)
    assert.are.equal(6.7, steps[1].rating)
    assert.are.equal(10, #steps[1].links)
  end)
end)

describe("alternating inference chains", function()
  -- 1 in row 1 only at c1 and c5, 3 in column 5 only at r1 and r5, r5c1 {2,3}:
  -- 1r1c1 = 1r1c5 - 3r1c5 = 3r5c5 - 3r5c1 = 2r5c1, so r1c1 is 1 or r5c1 is 2: 2 leaves r1c1.
  local function mixed(r5c1)
    local keep = concat(without(1, line_but(1, {1, 5})), without(3, line_but(5, {1, 5}, true)))
    keep[#keep + 1] = {5, 1, r5c1}
    return support.pencil(EMPTY, keep)
  end

  it("mix links through units and cells", function()
    local steps = support.found(mixed({2, 3}), "aic")
    assert.are.same({"1,1,2"}, elims(steps))
    assert.are.equal(7.1, steps[1].rating)
    assert.are.same({"1r1c1=1r1c5", "1r1c5-3r1c5", "3r1c5=3r5c5", "3r5c5-3r5c1", "3r5c1=2r5c1"},
      links(steps[1]))
    assert.are.equal("Alternating inference chain: 1r1c1 = 1r1c5 - 3r1c5 = 3r5c5 - 3r5c1 = "
      .. "2r5c1, so 2 leaves r1c1 (it sees both ends).", steps[1].text)
  end)

  it("need the cell at the end bivalue", function()
    assert.are.same({}, support.found(mixed({2, 3, 4}), "aic"))
  end)
end)

describe("chains on rated puzzles", function()
  -- Every position of the easiest-first path: the steps of the chain techniques there must
  -- keep the solution. Returns positions, positions with a step, counts per technique.
  local function check(puzzles)
    local positions, fired, counts = 0, 0, {}
    for _, pz in ipairs(puzzles) do
      local b = assert(sudoku.parse(pz))
      local solution = b:copy()
      assert(solution:solve())
      local p = logic.pencil(b)
      while not p:solved() do
        positions = positions + 1
        local steps = p:find({allowed = CHAINS})
        if #steps > 0 then fired = fired + 1 end
        for _, st in ipairs(steps) do counts[st.technique] = (counts[st.technique] or 0) + 1 end
        local bad = support.unsound(steps, solution)
        assert(not bad, bad and (pz .. ": " .. bad))
        local h = p:hint(support.WALK)
        if not h then break end
        assert(p:apply(h))
      end
    end
    return positions, fired, counts
  end

  it("keep the solution on one puzzle of each SE rating", function()
    local list = {}
    for _, rec in ipairs(support.rated_sample()) do list[#list + 1] = rec.puzzle end
    local positions, fired = check(list)
    assert.is_true(positions > 0 and fired > 0)
  end)

  local CALIBRATION = "../shared/data/rated/se_calibration.txt"
  local function calibration(every)
    local f = io.open(CALIBRATION)
    if not f then return nil end
    local list, i = {}, 0
    for line in f:lines() do
      local pz = line:match("^([%d%.]+),")
      if pz then
        i = i + 1
        if i % every == 0 then list[#list + 1] = pz end
      end
    end
    f:close()
    return list
  end

  it("keep the solution on 300 puzzles of the SE calibration set", function()
    local list = calibration(17)
    if not list then return pending("no " .. CALIBRATION) end
    local positions, fired, counts = check(list)
    assert.is_true(fired > 0)
    assert.is_true((counts.x_chain or 0) > 0 and (counts.x_cycle or 0) > 0
      and (counts.y_cycle or 0) > 0 and (counts.xy_chain or 0) > 0 and (counts.aic or 0) > 0)
    assert.is_true(positions > fired)
  end)

  it("keep the solution on an eighth of the SE calibration set #slow", function()
    local list = calibration(8)
    if not list then return pending("no " .. CALIBRATION) end
    check(list)
  end)
end)
