-- Human-style logic: the pencil, hints, paths, the rating's plumbing, and the singles and
-- intersections techniques. Each technique family has its own spec (logic_<family>_spec.lua).
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

describe("a pencil", function()
  it("holds the board's values and the candidates its units leave", function()
    local b = assert(sudoku.parse(EASY))
    local p = logic.pencil(b)
    assert.are.equal(3, p:value(1, 3))
    assert.are.same({}, p:candidates(1, 3))
    assert.are.same(b:candidates(1, 1), p:candidates(1, 1))
    assert.are.equal(9, p:size())
    assert.is_false(p:solved())
  end)

  it("is its own copy: later edits of the board do not reach it", function()
    local b = assert(sudoku.parse(EASY))
    local p = logic.pencil(b)
    b:set(1, 1, 4)
    assert.are.equal(0, p:value(1, 1))
  end)

  it("takes eliminations and placements, and refuses to empty a cell", function()
    local p = logic.pencil(assert(sudoku.parse(EASY)))
    local before = p:candidates(1, 1)
    assert.is_true(p:eliminate(1, 1, before[1]))
    assert.is_false(p:eliminate(1, 1, before[1]))        -- already gone
    for i = 2, #before - 1 do assert.is_true(p:eliminate(1, 1, before[i])) end
    local ok, msg = p:eliminate(1, 1, before[#before])
    assert.is_nil(ok)
    assert.matches("r1c1: %d is its last candidate", msg)
    local v = p:candidates(1, 2)[1]
    assert.is_true(p:place(1, 2, v))
    assert.are.equal(v, p:value(1, 2))
    for _, c in ipairs(p:candidates(1, 5)) do assert.are_not.equal(v, c) end
    assert.is_nil((p:place(1, 1, 9 == before[#before] and 8 or 9)))
  end)

  it("raises for a cell or value off the board", function()
    local p = logic.pencil(assert(sudoku.parse(EASY)))
    assert.has_error(function() p:candidates(10, 1) end)
    assert.has_error(function() p:eliminate(1, 1, 10) end)
  end)

  it("gives a board of its values", function()
    local p = logic.pencil(assert(sudoku.parse(EASY)))
    local steps = logic.steps(p)
    assert.is_true(#steps > 0)
    for _, st in ipairs(steps) do assert(p:apply(st)) end
    assert.is_true(p:solved())
    assert.is_true(p:board():is_solved())
  end)
end)

describe("logic.hint", function()
  it("gives the easiest step, with its pattern and a sentence", function()
    local h = logic.hint(assert(sudoku.parse(EASY)))
    assert.are.equal("table", type(h))
    assert.is_true(h.rating <= 1.2)   -- a full house or a hidden single in a box is there
    assert.are.equal(1, #h.placements)
    assert.matches("%d", h.text)
  end)

  it("keeps to the allowed techniques", function()
    local b = assert(sudoku.parse(EASY))
    local h = logic.hint(b, {allowed = {"naked_single"}})
    assert.are.equal("naked_single", h.technique)
    h = logic.hint(b, {allowed = {naked_single = true}})
    assert.are.equal("naked_single", h.technique)
    -- (#1 as Lua 5.4 counts a method's arguments, #2 as LuaJIT does)
    local ok, err = pcall(logic.hint, b, {allowed = {"no_such"}})
    assert.is_false(ok)
    assert.matches("bad argument #%d to '[%w?]+' %(allowed: unknown technique no_such%)", err)
    assert.has_error(function() logic.hint(b, {colour = 1}) end)
  end)

  it("returns nil when nothing allowed applies", function()
    local solved = assert(sudoku.parse(EASY))
    assert(solved:solve())
    assert.is_nil(logic.hint(solved))
  end)

  it("with se_only, takes SE's first producer's easiest step, as SE does", function()
    -- A position met on the path of a calibration puzzle (SE 4.3): an XY-Wing (4.2) and a
    -- grouped 2-String Kite (4.3). SE looks for its turbot fish family before XY-Wings.
    local keep = {{1, 2, {5, 8}}, {1, 5, {5, 7, 8}}, {1, 9, {7, 8}}, {2, 3, {5, 6, 8}},
      {2, 4, {1, 4, 8}}, {2, 5, {1, 5, 8}}, {2, 6, {1, 4, 6}}, {2, 7, {2, 8}},
      {2, 8, {1, 2, 8, 9}}, {2, 9, {8, 9}}, {3, 1, {6, 9}}, {3, 2, {8, 9}}, {3, 5, {1, 7, 8}},
      {3, 6, {1, 6}}, {3, 8, {1, 7, 8}}, {4, 2, {1, 4}}, {4, 4, {1, 4}}, {5, 2, {1, 4, 6}},
      {5, 5, {1, 9}}, {5, 7, {4, 7}}, {5, 8, {6, 7, 9}}, {5, 9, {4, 7, 9}}, {6, 2, {4, 6}},
      {6, 6, {4, 9}}, {6, 7, {4, 8}}, {6, 8, {6, 8, 9}}, {7, 2, {7, 8}}, {7, 8, {7, 8}},
      {8, 1, {4, 9}}, {8, 2, {5, 7, 8, 9}}, {8, 3, {5, 8}}, {8, 4, {1, 8}}, {8, 5, {1, 3, 8, 9}},
      {8, 6, {1, 9}}, {8, 7, {2, 4, 7, 8}}, {8, 8, {2, 3, 7, 8}}, {9, 1, {4, 6, 9}},
      {9, 3, {6, 8}}, {9, 5, {3, 8, 9}}, {9, 8, {3, 8}}, {9, 9, {4, 8}}}
    local p = support.pencil(
      "2.19.364.73.........42..5.38.9.673523.25.8...5.732...11.36429.5........6.2.7.51..", keep)
    local h = p:hint{se_only = true}
    assert.are.equal("two_string_kite", h.technique)
    assert.are.equal(4.3, h.rating)
    -- The same techniques without SE's order: the easiest step.
    local se = {}
    for _, t in ipairs(logic.techniques()) do
      if t.se then se[#se + 1] = t.name end
    end
    h = p:hint{allowed = se}
    assert.are.equal("xy_wing", h.technique)
    assert.are.equal(4.2, h.rating)
  end)
end)

describe("the path", function()
  it("is sound on puzzles of every SE rating: placements match the solution, eliminations "
    .. "never remove it", function()
    for _, rec in ipairs(support.rated_sample()) do
      local b = assert(sudoku.parse(rec.puzzle))
      local solution = b:copy()
      assert(solution:solve())
      local steps = logic.steps(b)
      assert.is_nil(support.unsound(steps, solution))
    end
  end)

  it("solves an easy puzzle with singles, and rates it", function()
    local steps, info = logic.steps(assert(sudoku.parse(EASY)))
    assert.is_true(info.solved)
    assert.is_true(#steps >= 49)
    local r = assert(logic.rate(assert(sudoku.parse(EASY))))
    assert.is_true(r.rating <= 2.3)
    assert.are.equal(info.hardest, r.hardest)
    local total = 0
    for _, n in pairs(r.counts) do total = total + n end
    assert.are.equal(#steps, total)
  end)

  it("can be walked on a pencil a step at a time, each step seen on its position, to the end "
    .. "the path reaches", function()
    local steps, info = logic.steps(assert(sudoku.parse(EASY)))
    local pencil = logic.pencil(assert(sudoku.parse(EASY)))
    local seen = {}
    local count, hardest, solved = logic.walk(pencil, nil, function(step, k)
      -- The pencil still shows the position the step was found on: its placements go to
      -- empty cells.
      for _, p in ipairs(step.placements or {}) do assert.equal(0, pencil:value(p[1], p[2])) end
      seen[k] = step.technique
    end)
    assert.is_true(solved)
    assert.is_true(pencil:solved())
    assert.equal(#steps, count)
    assert.equal(info.hardest, hardest.technique)
    for k, step in ipairs(steps) do assert.equal(step.technique, seen[k]) end
    -- Stuck: the steps it could take, and not solved.
    local stuck = logic.pencil(assert(sudoku.parse(EASY)))
    local n, _, done = logic.walk(stuck, { allowed = { "full_house" } })
    assert.is_false(done)
    assert.is_true(n < count)
  end)

  it("says when it gets stuck", function()
    local b = assert(sudoku.parse(EASY))
    local rated, msg = logic.rate(b, {allowed = {"full_house"}})
    assert.is_nil(rated)
    assert.matches("^stuck", msg)
  end)

  it("rates only a puzzle with one solution, as SE does", function()
    local open = assert(sudoku.parse(EASY:sub(1, 40) .. ("."):rep(41)))
    assert.are.equal(2, logic.pencil(open):solutions())
    assert.are.same({nil, "more than one solution"}, {logic.rate(open)})
    local clash = assert(sudoku.parse("11" .. ("."):rep(79)))
    assert.are.equal(0, logic.pencil(clash):solutions())
    assert.are.same({nil, "no solution"}, {logic.rate(clash)})
    assert.are.equal(1, logic.pencil(assert(sudoku.parse(EASY))):solutions())
  end)
end)

describe("applying a step", function()
  it("refuses a step that does not fit the marks, and changes nothing", function()
    local p = logic.pencil(assert(sudoku.parse(EASY)))
    local v = p:value(1, 3)
    local ok, msg = p:apply({placements = {{1, 1, v}}})   -- v is in the row already
    assert.is_nil(ok)
    assert.matches("does not fit", msg)
    assert.are.equal(0, p:value(1, 1))
  end)

  it("places a step's values on a board", function()
    local b = assert(sudoku.parse(EASY))
    local h = logic.hint(b)
    assert.are.equal(b, logic.apply(b, h))
    local p = h.placements[1]
    assert.are.equal(p[3], b:get(p[1], p[2]))
  end)

  it("refuses a step that eliminates on a board, which keeps no candidates to take it", function()
    -- Dropping the eliminations would leave the board as it was, and its next hint the same step.
    local b = assert(sudoku.parse(EASY))
    local before = b:symbols()
    local step = {placements = {}, eliminations = {{1, 1, 4}}}
    assert.are.same({nil, "a board keeps no candidates: apply a step that eliminates to a pencil"},
      {logic.apply(b, step)})
    assert.are.equal(before, b:symbols())
    local p = logic.pencil(b)
    assert.is_true(logic.apply(p, step))
    assert.is_false(p:eliminate(1, 1, 4))   -- gone already
  end)
end)

describe("intersections", function()
  it("report pointing: a box's places for a digit in one row clear the rest of the row", function()
    -- Box 1 keeps 5 only in row 1 (r1c1, r1c2): 5 leaves r1c4..r1c9.
    local empty = string.rep(".", 81)
    local keep = {}
    for r = 1, 3 do
      for c = 1, 3 do
        if r > 1 then keep[#keep + 1] = {r, c, {1, 2, 3, 4, 6, 7, 8, 9}} end
      end
    end
    local p = support.pencil(empty, keep)
    local steps = support.found(p, "pointing")
    local hit
    for _, st in ipairs(steps) do
      if st.digits[1] == 5 and st.units[1].kind == "box" and st.units[2].kind == "row" then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.equal(6, #hit.eliminations)
    for _, e in ipairs(hit.eliminations) do
      assert.are.equal(1, e[1])
      assert.is_true(e[2] >= 4)
    end
  end)
end)

describe("logic.techniques", function()
  it("lists every technique with its SE rating", function()
    local list = logic.techniques()
    local names = {}
    for _, t in ipairs(list) do names[t.name] = t end
    assert.are.equal(3.2, names.x_wing.rating)
    assert.is_true(names.x_wing.se)
    assert.is_false(names.w_wing.se)
  end)
end)

describe("a pencil with marks", function()
  it("keeps only the marks a record gives, within what the units leave", function()
    local b = assert(sudoku.parse(EASY))
    local p = assert(logic.pencil(b, { [1] = { 4, 5, 9 }, [2] = { 1, 4 } }))
    assert.are.same({ 4, 5 }, p:candidates(1, 1))   -- 9 is in column 1
    assert.are.same({ 4 }, p:candidates(1, 2))
    local none, msg = logic.pencil(b, { [1] = { 9 } })
    assert.is_nil(none)
    assert.are.equal("r1c1: none of its pencil marks fits its row, column and box", msg)
    assert.has_error(function() logic.pencil(b, { [1] = { 10 } }) end,
      "bad argument #2 to 'pencil' (marks[1][1] must be a value 1..9)")
  end)
end)

describe("rule steps", function()
  local json = require "dkjson"
  local variant = require "sudoku.variant"

  it("bring a board's own rules into the path: what each rule removes, sound, named", function()
    local f = assert(io.open("spec/fixtures/killer_4x4.jsonl"))
    local rec = json.decode(f:read("*l"))
    f:close()
    local board = assert(variant.board(rec))
    local solution = assert(sudoku.parse(rec.solution, { box = { 2, 2 } }))
    local steps, info = logic.steps(board)
    assert.is_true(info.solved)
    assert.is_nil(support.unsound(steps, solution))
    local cage_steps, derived_steps = 0, 0
    for _, st in ipairs(steps) do
      if st.technique == "rule" then
        assert.is_true(#st.eliminations > 0)
        if st.text:match("^The cage on r%dc%d.* %(sum %d+%): r%dc%d loses ") then
          cage_steps = cage_steps + 1
        elseif st.text:match("^Innies and outies on r%dc%d.*: r%dc%d loses ") then
          derived_steps = derived_steps + 1        -- rules the board implies count too
        else
          error("unexpected rule step: " .. st.text)
        end
      end
    end
    assert.is_true(cage_steps > 0)
    -- A board without rules has none; the rating keeps them under se_only.
    for _, st in ipairs(logic.steps(assert(sudoku.parse(EASY)))) do
      assert.are_not.equal("rule", st.technique)
    end
    assert.is_truthy(logic.rate(board))
  end)
end)
