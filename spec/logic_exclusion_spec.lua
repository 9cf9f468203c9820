-- Aligned pair exclusion (SE 6.2) and aligned triple exclusion (7.5): csrc/logic/exclusion.c.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)

local function found(p, name)
  return support.found(p, name, {allowed = {name}})
end

local function keys(st)
  local out = {}
  for _, e in ipairs(st.eliminations) do out[#out + 1] = ("%d,%d,%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

-- Whether two cells of a 9x9 board (or of an n x n board with boxes of br x bc) share a unit.
local function sees(a, b, br, bc)
  br, bc = br or 3, bc or 3
  if a[1] == b[1] or a[2] == b[2] then return true end
  return math.floor((a[1] - 1) / br) == math.floor((b[1] - 1) / br)
    and math.floor((a[2] - 1) / bc) == math.floor((b[2] - 1) / bc)
end

-- Checks a step the way the technique reasons, by brute force: each eliminated value of a base
-- cell (the first k cells of the step) appears in no combination of the base cells' candidates
-- that repeats no value in a unit and leaves every excluder (the other cells) a candidate.
local function check_exclusion(p, st, k, br, bc)
  local base, excl = {}, {}
  for i, cell in ipairs(st.cells) do
    if i <= k then base[#base + 1] = cell else excl[#excl + 1] = cell end
  end
  assert.is_true(#excl >= 2)
  local function allowed(vals)
    for i = 1, k do
      for j = 1, i - 1 do
        if vals[i] == vals[j] and sees(base[i], base[j], br, bc) then return false end
      end
    end
    for _, e in ipairs(excl) do
      local left = false
      for _, v in ipairs(p:candidates(e[1], e[2])) do
        local used = false
        for i = 1, k do if vals[i] == v then used = true end end
        if not used then left = true end
      end
      if not left then return false end
    end
    return true
  end
  local function any_allowed(fixed_i, fixed_v)
    local vals = {}
    local function rec(i)
      if i > k then return allowed(vals) end
      local list = i == fixed_i and {fixed_v} or p:candidates(base[i][1], base[i][2])
      for _, v in ipairs(list) do
        vals[i] = v
        if rec(i + 1) then return true end
      end
      return false
    end
    return rec(1)
  end
  for _, e in ipairs(st.eliminations) do
    local at
    for i = 1, k do if base[i][1] == e[1] and base[i][2] == e[2] then at = i end end
    assert.is_truthy(at, "an elimination outside the base cells")
    assert.is_false(any_allowed(at, e[3]))
  end
end

-- r1c1 {1,2,4} and r1c2 {1,2,3} with the excluders r1c5 {1,2}, r1c6 {1,3}, r2c3 {2,3}.
local function pair_pencil(r1c6, r2c3)
  return support.pencil(EMPTY, {{1, 1, {1, 2, 4}}, {1, 2, {1, 2, 3}}, {1, 5, {1, 2}},
                                {1, 6, r1c6}, {2, 3, r2c3}})
end

describe("aligned pair exclusion", function()
  it("removes the values of a base cell that every partner value would block", function()
    local p = pair_pencil({1, 3}, {2, 3})
    local steps = found(p, "aligned_pair_exclusion")
    local hit
    for _, st in ipairs(steps) do
      check_exclusion(p, st, 2)
      assert.are.equal(6.2, st.rating)
      if st.cells[1][1] == 1 and st.cells[1][2] == 1 and st.cells[2][2] == 2 then hit = st end
    end
    assert.is_truthy(hit)
    -- 1 at r1c1 leaves r1c2 only 2 (r1c5 empties) or 3 (r1c6 empties); 2 likewise with r2c3.
    assert.are.same({"1,1,1", "1,1,2"}, keys(hit))
    assert.are.same({{1, 5}, {1, 6}, {2, 3}}, {hit.cells[3], hit.cells[4], hit.cells[5]})
    assert.are.same({1, 2}, hit.digits)
    assert.matches("^r1c1 and r1c2 cannot take values", hit.text)
  end)

  it("needs two excluders (near misses: only r1c5 is bivalue)", function()
    local steps = found(pair_pencil({1, 3, 5}, {2, 3, 5}), "aligned_pair_exclusion")
    assert.are.equal(0, #steps)
    -- With r1c2 {1,2} the one excluder r1c5 {1,2} would take 1 and 2 from r1c1 (a naked pair
    -- does that): SE wants two excluders, and so does this technique.
    local p = support.pencil(EMPTY, {{1, 1, {1, 2, 4}}, {1, 2, {1, 2}}, {1, 5, {1, 2}},
                                     {1, 6, {1, 3, 5}}, {2, 3, {2, 3, 5}}})
    assert.are.equal(0, #found(p, "aligned_pair_exclusion"))
  end)

  it("works on a 6x6 board", function()
    -- r1c1 {1,2,4}, r1c2 {1,2,3}, excluders r1c4 {1,2}, r1c5 {1,3}, r2c3 {2,3} (box 1 is
    -- rows 1-2, columns 1-3).
    local p = logic.pencil(sudoku.Board.new{size = 6})
    local keep = {{1, 1, {1, 2, 4}}, {1, 2, {1, 2, 3}}, {1, 4, {1, 2}}, {1, 5, {1, 3}},
                  {2, 3, {2, 3}}}
    for _, row in ipairs(keep) do
      local set = {}
      for _, v in ipairs(row[3]) do set[v] = true end
      for v = 1, 6 do
        if not set[v] then assert(p:eliminate(row[1], row[2], v)) end
      end
    end
    local hit
    for _, st in ipairs(found(p, "aligned_pair_exclusion")) do
      check_exclusion(p, st, 2, 2, 3)
      if st.cells[1][2] == 1 and st.cells[2][2] == 2 and st.cells[1][1] == 1 then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({"1,1,1", "1,1,2"}, keys(hit))
  end)
end)

describe("aligned triple exclusion", function()
  -- r1c1 {1,2,4}, r1c2 {1,2,5}, r1c3 {1,5}: excluders r2c2 {1,2}, r2c3 {2,5}, r1c8 {1,4,5}.
  local function triple_pencil(r2c3)
    return support.pencil(EMPTY, {{1, 1, {1, 2, 4}}, {1, 2, {1, 2, 5}}, {1, 3, {1, 5}},
                                  {2, 2, {1, 2}}, {2, 3, r2c3}, {1, 8, {1, 4, 5}}})
  end

  it("removes the values no allowed combination of three cells uses", function()
    local p = triple_pencil({2, 5})
    local steps = found(p, "aligned_triple_exclusion")
    assert.is_true(#steps > 0)
    local got = {}
    for _, st in ipairs(steps) do
      check_exclusion(p, st, 3)
      assert.are.equal(7.5, st.rating)
      for _, k in ipairs(keys(st)) do got[k] = true end
    end
    -- 2 at r1c2: r1c3 then takes 1 or 5, and r2c2 {1,2} or r2c3 {2,5} is emptied.
    assert.is_true(got["1,2,2"])
  end)

  it("takes any two cells beside a cell with few candidates that sees one of them", function()
    -- r1c1 {1,2} sees r1c5 (four candidates); r2c9 (five) sees neither of them, and r1c7
    -- {1,3}, r1c8 {2,3} see all three: 3 at r1c5 or r2c9 would leave one of them empty.
    local function p_of(r1c1, r1c5)
      return support.pencil(EMPTY, {{1, 1, r1c1}, {1, 5, r1c5 or {1, 2, 3, 4}},
                                    {2, 9, {1, 2, 3, 4, 5}}, {1, 7, {1, 3}}, {1, 8, {2, 3}}})
    end
    local function hit(p, want)
      for _, st in ipairs(found(p, "aligned_triple_exclusion")) do
        check_exclusion(p, st, 3)
        if table.concat(keys(st), " ") == want then return st end
      end
    end
    assert.is_truthy(hit(p_of({1, 2}), "1,5,3 2,9,3"))
    -- The cell with few candidates in the middle: r1c5 {1,2} beside r1c1 {1,2,3,4}.
    assert.is_truthy(hit(p_of({1, 2, 3, 4}, {1, 2}), "1,1,3 2,9,3"))
    -- Near miss: r1c1 with four candidates leaves no such cell among the three.
    assert.is_nil(hit(p_of({1, 2, 6, 7}), "1,5,3 2,9,3"))
  end)

  it("does not fire once an excluder has a way out (near miss)", function()
    local p = triple_pencil({2, 5, 6})
    for _, st in ipairs(found(p, "aligned_triple_exclusion")) do
      check_exclusion(p, st, 3)
      for _, k in ipairs(keys(st)) do assert.are_not.equal("1,2,2", k) end
    end
  end)
end)

describe("aligned exclusion over rated puzzles", function()
  -- Every step p:find reports at each position of the easiest-first paths (every technique) of
  -- every every-th rated puzzle: the number of puzzles (nil without the set), the steps found
  -- per technique, the positions.
  local function run(every)
    local boards = support.rated_boards(0, every)
    if not boards then return nil end
    local fired, positions = support.sound_boards(boards,
      {allowed = {"aligned_pair_exclusion", "aligned_triple_exclusion"}}, {hint = {}})
    return #boards, fired, positions
  end

  it("is sound at every position of the paths of rated puzzles", function()
    local puzzles, fired = run(211)
    if not puzzles then return pending("no calibration set") end
    assert.is_true(puzzles >= 20)
    assert.is_true((fired.aligned_pair_exclusion or 0) > 0)
    assert.is_true((fired.aligned_triple_exclusion or 0) > 0)
  end)

  it("is sound over 300 rated puzzles #slow", function()
    local t0 = os.clock()
    local puzzles, fired, positions = run(17)
    if not puzzles then return pending("no calibration set") end
    assert.is_true(puzzles >= 300)
    print(("\naligned exclusion: %d puzzles, %d positions, %.1f s; pairs %d, triples %d"):format(
      puzzles, positions, os.clock() - t0, fired.aligned_pair_exclusion or 0,
      fired.aligned_triple_exclusion or 0))
  end)
end)
