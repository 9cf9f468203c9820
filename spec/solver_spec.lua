-- Solvers: resumable search, statuses, statistics, enumeration, budgets, seeds, constraints.
local sudoku = require "sudoku"
local data = require "support.data"
local Board, Solver = sudoku.Board, sudoku.Solver

local LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local LEETCODE_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
-- Two solutions: the 1/2 rectangle in columns 1-2 of rows 1 and 3 can be swapped.
local TWO_WAYS = "..34" .. "3412" .. "..43" .. "4321"
-- forum_hardest_1106.txt, first record: needs real search.
local HARD = data.shared_records("forum_hardest_1106_solved.txt")[1]

local function run(solver, budget)
  local statuses = {}
  repeat
    local st = solver:step(budget)
    statuses[#statuses + 1] = st
  until st == "done" or st == "unsat"
  return statuses
end

describe("Solver.step", function()
  it("reports ready before the first step", function()
    assert.equal("ready", Solver.new(sudoku.parse(LEETCODE)):status())
  end)

  it("puts a solution on the board, then reports the search done and restores the board", function()
    local b = sudoku.parse(LEETCODE)
    local s = Solver.new(b)
    assert.equal("solved", s:step())
    assert.equal("solved", s:status())
    assert.equal(LEETCODE_SOLUTION, b:format("line"))
    assert.equal("done", s:step())
    assert.equal(LEETCODE, b:format("line"))
    assert.equal("done", s:step())   -- finished searches stay finished
  end)

  it("reports unsat for a puzzle without solution, leaving the board as it was", function()
    local b = sudoku.parse(LEETCODE)
    b:set(1, 3, 2)   -- fits its row, column and box, but the only solution has 4 there
    local before = b:format("line")
    local s = Solver.new(b)
    assert.equal("unsat", s:step())
    assert.equal(before, b:format("line"))
    assert.equal(0, s:stats().solutions)
  end)

  it("reports unsat at once for a board whose givens already clash", function()
    local b = sudoku.parse(LEETCODE)
    b:set(1, 3, 5)
    local s = Solver.new(b)
    assert.equal("unsat", s:step())
    assert.same({nodes = 1, guesses = 0, backtracks = 0, singles = 0, hidden = 0, solutions = 0,
                 max_depth = 0, restarts = 0}, s:stats())
  end)

  it("enumerates every solution, each one on the board in turn", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b)
    assert.same({"solved", "solved", "done"}, {s:step(), s:step(), s:step()})
    assert.equal(2, s:stats().solutions)
  end)

  it("finds the solutions of the empty 4x4 board: 288 of them", function()
    local s = Solver.new(Board.new{size = 4})
    local statuses = run(s)
    assert.equal(288, #statuses - 1)
    assert.equal(288, s:stats().solutions)
  end)

  it("counts nodes, guesses, backtracks, singles and depth", function()
    local b = sudoku.parse(HARD[1])
    local s = Solver.new(b)
    assert.equal("solved", s:step())
    assert.equal(HARD[2], b:format("line"))
    local st = s:stats()
    assert.equal(st.guesses + 1, st.nodes)
    assert.is_true(st.guesses > 0 and st.backtracks > 0 and st.max_depth > 0)
    assert.equal(1, st.solutions)
    -- Every empty cell was filled by some placement, and the open guesses are on the board.
    local empty = select(2, HARD[1]:gsub("%.", ""))
    assert.is_true(st.singles + st.hidden + st.guesses >= empty)
    assert.is_true(st.max_depth <= empty)
  end)

  it("rejects a budget below 1", function()
    local s = Solver.new(Board.new{size = 4})
    assert.has_error(function() s:step(0) end, "bad argument #1 to 'step' (budget must be at least 1)")
  end)
end)

describe("Solver budgets", function()
  local function trace(puzzle, budget)
    local b = sudoku.parse(puzzle)
    local events = {}
    local s = Solver.new(b, {
      on_place = function(r, c, v, depth, why)
        events[#events + 1] = table.concat({"p", r, c, v, depth, why}, " ")
      end,
      on_backtrack = function(r, c, v, depth)
        events[#events + 1] = table.concat({"b", r, c, v, depth}, " ")
      end,
    })
    local statuses = run(s, budget)
    return events, statuses, s:stats()
  end

  it("pauses after the budget and resumes exactly where it stopped", function()
    local events1, statuses1, stats1 = trace(HARD[1])
    local events2, statuses2, stats2 = trace(HARD[1], 1)
    local events3, _, stats3 = trace(HARD[1], 7)
    assert.same(events1, events2)
    assert.same(stats1, stats2)
    assert.same(events1, events3)
    assert.same(stats1, stats3)
    assert.same({"solved", "done"}, statuses1)
    -- A paused call spent exactly its one node; a call that ended with a status spent one or none.
    local running = 0
    for _, st in ipairs(statuses2) do if st == "running" then running = running + 1 end end
    assert.is_true(running > 100)
    assert.is_true(stats1.nodes >= running and stats1.nodes <= #statuses2)
  end)

  it("spends one node on the root propagation", function()
    local s = Solver.new(sudoku.parse(HARD[1]))
    assert.equal("running", s:step(1))
    assert.same(1, s:stats().nodes)
    assert.equal(0, s:stats().guesses)
  end)
end)

describe("Solver.reset", function()
  it("takes the search's placements back and clears the statistics", function()
    local b = sudoku.parse(HARD[1])
    local s = Solver.new(b)
    s:step(5)
    assert.are_not.equal(HARD[1], b:format("line"))
    s:reset()
    assert.equal(HARD[1], b:format("line"))
    assert.equal("ready", s:status())
    assert.equal(0, s:stats().nodes)
    assert.equal("solved", s:step())
    assert.equal(HARD[2], b:format("line"))
  end)

  it("refuses to go on when the board changed during a pause, and restarts after reset", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b)
    assert.equal("solved", s:step())
    b:set(4, 4, 0)
    assert.has_error(function() s:step() end,
      "cannot step: the board was changed while the search was paused (call reset() to start over)")
    s:reset()
    assert.equal(TWO_WAYS:sub(1, 15) .. ".", b:format("line"))
    assert.same({"solved", "solved", "done"}, {s:step(), s:step(), s:step()})
  end)

  it("notices another solver that used the same board in between", function()
    local b = sudoku.parse(TWO_WAYS)
    local first, second = Solver.new(b), Solver.new(b)
    assert.equal("solved", first:step())
    assert.equal("solved", second:step())   -- a solution is a full board: nothing left to do
    assert.has_error(function() first:step() end)
  end)
end)

describe("Solver seeds", function()
  local function grid(seed)
    local b = Board.new{size = 9}
    assert.equal("solved", Solver.new(b, {seed = seed}):step())
    assert.is_true(b:is_solved())
    return b:format("line")
  end

  it("fills an empty board in a random order that the seed fixes", function()
    assert.equal(grid(42), grid(42))
    assert.are_not.equal(grid(42), grid(43))
  end)

  it("draws the same grid from the same seed on every platform and Lua version", function()
    -- The module's own generator (splitmix64) and the search rules define this grid: it changes
    -- only when the rules do (solver.h), never with the platform or the Lua version.
    assert.equal(
      "267835194358149762149762358824916537731584926695273841582497613476351289913628475",
      grid(2026))
  end)

  it("keeps the search complete: a seeded count equals the plain count", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b, {seed = 7})
    run(s)
    assert.equal(2, s:stats().solutions)
  end)

  it("rejects a seed that is not an integer", function()
    assert.has_error(function() Solver.new(Board.new{size = 4}, {seed = 1.5}) end)
  end)
end)

describe("Solver value symmetry", function()
  -- Row 1 but its last cell, plus (2, N), as one more all-different region: (2, N) must then
  -- repeat (1, N), its neighbour in the column, so there is no solution; no value is given,
  -- so every value is a mirror image of every other.
  local function impossible(size)
    local b = Board.new{size = size}
    local region = {}
    for c = 1, size - 1 do region[#region + 1] = {1, c} end
    region[#region + 1] = {2, size}
    b:add_region(region)
    return b
  end

  it("skips values that mirror one already proven to fail, with the same verdict", function()
    local fast = Solver.new(impossible(6))
    assert.equal("unsat", fast:step())
    -- A hook that may veto makes values distinguishable, so nothing is skipped.
    local plain = Solver.new(impossible(6), {on_backtrack = function() end})
    assert.equal("unsat", plain:step())
    assert.is_true(fast:stats().nodes * 10 < plain:stats().nodes)
  end)

  it("never skips a value whose mirror led to solutions: counts stay exact", function()
    assert.equal(288, Board.new{size = 4}:count())
    local s = Solver.new(Board.new{size = 4}, {different = {{{1, 1}, {4, 4}}}})
    local plain = Solver.new(Board.new{size = 4}, {different = {{{1, 1}, {4, 4}}},
                                                   on_backtrack = function() end})
    repeat until s:step() == "done"
    repeat until plain:step() == "done"
    assert.equal(plain:stats().solutions, s:stats().solutions)
  end)
end)

describe("Solver constraints", function()
  local knight_pairs = require("support.variants").knight_pairs

  it("takes pairs of cells that must differ, and removes the value from the partner at once", function()
    local b = Board.new{size = 9}
    local s = Solver.new(b, {different = {{{1, 1}, {9, 9}}}})
    b:set(1, 1, 5)
    assert.same({1, 2, 3, 4, 5, 6, 7, 8, 9}, s:candidates(9, 9))
    assert.equal("running", s:step(1))
    assert.same({1, 2, 3, 4, 6, 7, 8, 9}, s:candidates(9, 9))
  end)

  it("counts only the grids that keep every pair different", function()
    local plain, knights = Board.new{size = 4}, Board.new{size = 4}
    local s = Solver.new(knights, {different = knight_pairs(4)})
    run(s)
    assert.equal(288, plain:count())
    assert.is_true(s:stats().solutions < 288)
    -- The same count from a Lua predicate that checks knight moves.
    local p = Solver.new(Board.new{size = 4}, {constraint = function(board, r, c, v)
      for _, d in ipairs{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} do
        local r2, c2 = r + d[1], c + d[2]
        if r2 >= 1 and r2 <= 4 and c2 >= 1 and c2 <= 4 and board:get(r2, c2) == v then return false end
      end
      return true
    end})
    run(p)
    assert.equal(s:stats().solutions, p:stats().solutions)
  end)

  it("checks the starting values against a constraint too", function()
    local b = sudoku.parse(LEETCODE)
    local s = Solver.new(b, {constraint = function(_, r, c, v) return not (r == 1 and c == 1 and v == 5) end})
    assert.equal("unsat", s:step())
    assert.equal(LEETCODE, b:format("line"))
  end)

  it("rejects malformed pairs with a message naming the pair", function()
    local b = Board.new{size = 4}
    assert.has_error(function() Solver.new(b, {different = {{{1, 1}, {1, 1}}}}) end,
      "bad argument #2 to 'new' (different: pair 1 pairs a cell with itself)")
    assert.has_error(function() Solver.new(b, {different = {"x"}}) end,
      "bad argument #2 to 'new' (different: pair 1 is not a list of two cells)")
  end)

  it("rejects unknown options, naming them", function()
    assert.has_error(function() Solver.new(Board.new{size = 4}, {onplace = print}) end,
      "bad argument #2 to 'new' (unknown option 'onplace')")
  end)

  it("reports how many bytes it holds", function()
    local s = Solver.new(Board.new{size = 9})
    assert.is_true(s:bytes() > 0)
    assert.equal(s:board(), s:board())
  end)
end)
