-- The 9x9 fast path gives the general engine's answers: the same counts, and the same solution
-- of a puzzle with exactly one, on every puzzle of the shared 9x9 sets. For a puzzle with several
-- solutions it gives the first its own search finds: a solution that keeps the givens, the same
-- through every door, not necessarily the general engine's first (whose order is the contract of
-- a Solver only). sudoku.solve, Board:solve and Board:count take the fast path for a plain 9x9
-- board; a Solver never does, so it stands for the general engine.
local sudoku = require "sudoku"
local data = require "support.data"

local core = sudoku.core

-- The general engine's answer: its first solution (or nil) and the count up to limit.
local function general(puzzle, limit)
  local board = assert(sudoku.parse(puzzle))
  local solver = sudoku.Solver.new(board)
  local first, count = nil, 0
  while count < limit and solver:step() == "solved" do
    count = count + 1
    if count == 1 then first = board:format("line") end
  end
  return first, count
end

-- Whether solution (a line) is a solved grid that keeps puzzle's givens.
local function keeps_givens_and_solves(puzzle, solution)
  local board = assert(sudoku.parse(solution))
  if not board:is_solved() then return false end
  for i = 1, 81 do
    local given = puzzle:sub(i, i)
    if given:match("%d") and given ~= "0" and given ~= solution:sub(i, i) then return false end
  end
  return true
end

-- The fast path's answer through every door that leads to it.
local function fast(puzzle, limit)
  local first = sudoku.solve(puzzle)
  local board = assert(sudoku.parse(puzzle))
  assert.equal(first ~= nil, board:solve())
  if first then assert.equal(first, board:format("line")) end
  local all = limit == math.huge
  local count = core.debug.fast9(puzzle, all and 0 or limit)
  assert.equal(count, assert(sudoku.parse(puzzle)):count(not all and limit or nil))
  return first, count
end

-- Checks every puzzle of a set (first field of each record); returns how many.
local function engines_agree(name, limit)
  local records = data.shared_records(name)
  for i, rec in ipairs(records) do
    local puzzle = rec[1]
    local g_first, g_count = general(puzzle, limit)
    local f_first, f_count = fast(puzzle, limit)
    local label = ("%s record %d"):format(name, i)
    assert.equal(g_count, f_count, label)
    if g_count == 1 then
      assert.equal(g_first, f_first, label)
    elseif g_count > 1 then
      assert.is_true(keeps_givens_and_solves(puzzle, f_first), label)
    end
  end
  return #records
end

describe("the 9x9 fast path and the general engine", function()
  it("agree on magictour top1465", function()
    assert.equal(1465, engines_agree("magictour_top1465.txt", 2))
  end)

  it("agree on forum hardest 1106", function()
    assert.equal(375, engines_agree("forum_hardest_1106.txt", 2))
  end)

  it("agree on the kaggle sample, the gecode and rust sets and the invalid puzzles", function()
    assert.equal(6666, engines_agree("kaggle_1m_first10k_solved.txt", 2))
    assert.equal(18, engines_agree("gecode_9x9_solved.txt", 2))
    assert.equal(81, engines_agree("rust_sudoku_testset_solved.txt", 2))
    assert.equal(7, engines_agree("invalid_rust_sudoku.txt", 2))
  end)

  it("agree on tdoku's test puzzles, counting every solution", function()
    assert.equal(43, engines_agree("tdoku_test_puzzles.txt", math.huge))
  end)

  it("agree on serg's non-unique puzzles: count 2; the fast path's solution solves each", function()
    assert.equal(6667, engines_agree("serg_benchmark.txt", 2))
  end)

  it("count the same number of solutions of serg's first 200 puzzles (3 to 1,555 each)", function()
    local records = data.shared_records("serg_benchmark.txt")
    for i = 1, 200 do
      local puzzle = records[i][1]
      local _, g_count = general(puzzle, math.huge)
      assert.equal(g_count, core.debug.fast9(puzzle, 0), "serg record " .. i)
    end
  end)

  it("agree on all of Royle's 17-clue list #slow", function()
    assert.equal(32772, engines_agree("sudoku17_royle.txt", 2))
  end)

  it("agree on all of forum hardest 1905 11+ #slow", function()
    assert.equal(32511, engines_agree("forum_hardest_1905_11plus.txt", 2))
  end)
end)

describe("the fast path's two builds", function()
  it("walk the same tree: same count, first solution and guesses, portable or not", function()
    for _, name in ipairs { "magictour_top1465.txt", "serg_benchmark.txt", "tdoku_test_puzzles.txt" } do
      for i, rec in ipairs(data.shared_records(name)) do
        local a = { core.debug.fast9(rec[1], 3) }
        local p = { core.debug.fast9(rec[1], 3, "portable") }
        assert.same(a, p, name .. " record " .. i)
      end
    end
  end)

  it("go deep within the object's fixed stack: grids of 0 to 3 givens counted far", function()
    -- The deepest paths come from grids with almost nothing given; the stack is sized by a
    -- proven bound (fast9.c, F9_MAX_DEPTH), and make sanitize runs this under AddressSanitizer.
    for _, grid in ipairs { ("."):rep(81), "1" .. ("."):rep(80), "12" .. ("."):rep(78) .. "3" } do
      local a = { core.debug.fast9(grid, 100000) }
      local p = { core.debug.fast9(grid, 100000, "portable") }
      assert.equal(100000, a[1])
      assert.same(a, p)
    end
  end)

  it("says which build this CPU runs", function()
    assert.is_true(core.debug.fast9_isa() == "avx2" or core.debug.fast9_isa() == "portable")
  end)
end)

describe("core.debug.fast9", function()
  local puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

  it("returns the count, the first solution and the guesses", function()
    local count, first, guesses = core.debug.fast9(puzzle, 0)
    assert.equal(1, count)
    assert.equal("534678912672195348198342567859761423426853791713924856961537284287419635345286179", first)
    assert.equal(0, guesses)
  end)

  it("stops at the limit", function()
    assert.equal(5, (core.debug.fast9(("."):rep(81), 5)))
  end)

  it("gives 0 and no solution for clashing givens", function()
    local count, first = core.debug.fast9("11" .. ("."):rep(79), 1)
    assert.equal(0, count)
    assert.is_nil(first)
  end)

  it("rejects text that is not 81 cells of 1-9 and blanks, and bad limits or builds", function()
    assert.has_error(function() core.debug.fast9("123", 1) end,
      "bad argument #1 to 'fast9' (81 characters of 1-9 and blanks (.0_?*) expected)")
    assert.has_error(function() core.debug.fast9(puzzle, -1) end,
      "bad argument #2 to 'fast9' (limit must be 0 (all) or more)")
    assert.has_error(function() core.debug.fast9(puzzle, 1, "sse9") end,
      "bad argument #3 to 'fast9' (isa must be \"auto\" or \"portable\")")
  end)
end)

describe("memory", function()
  it("reports the bytes of a fast-path object and of boards", function()
    -- Tables and a search stack of 108 states of 132 bytes (fast9.c): one object per module
    -- and per solve_many thread.
    local bytes = core.debug.fast9_bytes()
    assert.is_true(bytes > 108 * 132 and bytes < 24 * 1024, bytes)
    local small, big = sudoku.Board.new { size = 9 }:bytes(), sudoku.Board.new { size = 25 }:bytes()
    assert.is_true(small > 81 and big > small)
  end)
end)
