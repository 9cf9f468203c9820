-- The real puzzle sets of ../shared/data: every answer checked, every count exact.
local sudoku = require "sudoku"
local data = require "support.data"

local function records(name) return data.shared_records(name) end

-- Asserts that a solved board keeps the puzzle's givens and breaks no rule.
local function assert_solution_of(puzzle, board, label)
  assert.is_true(board:is_solved(), label)
  local line = board:format("line")
  for i = 1, #puzzle do
    local given = puzzle:sub(i, i)
    if given ~= "." then assert.equal(given, line:sub(i, i), label .. " at cell " .. i) end
  end
end

local function solves_to_given_solutions(name)
  local count = 0
  for i, rec in ipairs(records(name)) do
    local board = assert(sudoku.parse(rec[1]))
    assert.is_true(board:solve(), name .. " record " .. i)
    assert.equal(rec[2], board:format("line"), name .. " record " .. i)
    count = count + 1
  end
  return count
end

describe("9x9 sets with published solutions", function()
  it("solves all of magictour top1465 to the given solutions", function()
    assert.equal(1465, solves_to_given_solutions("magictour_top1465_solved.txt"))
  end)

  it("solves all of forum hardest 1106 to the given solutions", function()
    assert.equal(375, solves_to_given_solutions("forum_hardest_1106_solved.txt"))
  end)

  it("solves all of the kaggle 10k sample to the given solutions", function()
    assert.equal(6666, solves_to_given_solutions("kaggle_1m_first10k_solved.txt"))
  end)

  it("solves the gecode and rust_sudoku test sets to the given solutions", function()
    assert.equal(18, solves_to_given_solutions("gecode_9x9_solved.txt"))
    assert.equal(81, solves_to_given_solutions("rust_sudoku_testset_solved.txt"))
  end)
end)

describe("counting", function()
  it("gets every exact count of tdoku's test puzzles (0, 1 or up to 847)", function()
    local seen = {}
    for i, rec in ipairs(records("tdoku_test_puzzles.txt")) do
      local board = assert(sudoku.parse(rec[1]))
      local expected = tonumber(rec[2])
      assert.equal(expected, board:count(), "tdoku record " .. i)
      if expected == 1 then
        assert.is_true(board:solve())
        assert.equal(rec[3], board:format("line"), "tdoku record " .. i)
      end
      seen[expected == 0 and "none" or expected == 1 and "unique" or "many"] = true
    end
    assert.same({none = true, unique = true, many = true}, seen)
  end)

  it("finds no solution for any of the invalid puzzles, and leaves them unchanged", function()
    for i, rec in ipairs(records("invalid_rust_sudoku.txt")) do
      local board = assert(sudoku.parse(rec[1]))
      assert.equal(0, board:count(), "invalid record " .. i .. " (" .. rec[3] .. ")")
      assert.is_false(board:solve())
      assert.equal(rec[1], board:format("line"))
    end
  end)

  it("counts at least two solutions (stopping at 2) for every serg puzzle", function()
    local n = 0
    for i, rec in ipairs(records("serg_benchmark.txt")) do
      assert.equal(2, assert(sudoku.parse(rec[1])):count(2), "serg record " .. i)
      n = n + 1
    end
    assert.equal(6667, n)
  end)
end)

describe("large boards", function()
  it("solves every 16x16 gecode puzzle to a valid grid that keeps the givens, uniquely", function()
    for i, rec in ipairs(records("gecode_16x16.txt")) do
      local board = assert(sudoku.parse(rec[1]))
      assert.same({16, 4, 4}, {board:size()})
      assert.equal(1, board:count(2), "16x16 record " .. i)
      assert.is_true(board:solve())
      assert_solution_of(rec[1], board, "16x16 record " .. i)
    end
  end)

  -- Records 5, 6, 7 and 10 of the 25x25 file take 10 to 85 s each (2.5 minutes together, most
  -- of the whole suite's budget): CI's run (#slow) takes the other eight, make check-all (#long)
  -- those four.
  local HARD_25 = { [5] = true, [6] = true, [7] = true, [10] = true }
  local function solves_25(hard)
    local n = 0
    for i, rec in ipairs(records("gecode_25x25.txt")) do
      if (HARD_25[i] or false) == hard then
        local board = assert(sudoku.parse(rec[1]))
        assert.same({25, 5, 5}, {board:size()})
        assert.is_true(board:solve(), "25x25 record " .. i)
        assert_solution_of(rec[1], board, "25x25 record " .. i)
        n = n + 1
      end
    end
    return n
  end

  it("solves the 25x25 gecode puzzles to valid grids that keep the givens #slow", function()
    assert.equal(8, solves_25(false))
  end)

  it("solves the four hardest 25x25 gecode puzzles too #long", function()
    assert.equal(4, solves_25(true))
  end)
end)

describe("the 17-clue list #slow", function()
  it("solves all 32,772 minimal puzzles of Royle's list", function()
    local n = 0
    for i, rec in ipairs(records("sudoku17_royle.txt")) do
      local board = assert(sudoku.parse(rec[1]))
      assert.is_true(board:solve(), "17-clue record " .. i)
      assert_solution_of(rec[1], board, "17-clue record " .. i)
      n = n + 1
    end
    assert.equal(32772, n)
  end)
end)
