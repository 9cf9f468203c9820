-- sudoku.solve_many: a text of puzzles, one per line, solved or counted on POSIX threads.
local sudoku = require "sudoku"
local data = require "support.data"

local function shared(name) return data.read(data.shared .. name) end

-- The first field of every record (the puzzle), in file order.
local function puzzles(name)
  local out = {}
  for i, rec in ipairs(data.shared_records(name)) do out[i] = rec[1] end
  return out
end

local function lines(list) return table.concat(list, "\n") .. "\n" end

-- The first n puzzles of a shared set.
local function first_puzzles(name, n)
  local list = {}
  for i, puzzle in ipairs(puzzles(name)) do
    if i > n then break end
    list[i] = puzzle
  end
  return list
end

local EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local EASY_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
-- Two 5s in the first row: no solution.
local CLASH = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

describe("sudoku.solve_many", function()
  describe("reads one puzzle per line", function()
    it("and answers each in input order, with stats", function()
      local solutions, errors, stats = sudoku.solve_many(lines{ EASY, CLASH, EASY })
      assert.same({ EASY_SOLVED, false, EASY_SOLVED }, solutions)
      assert.same({ [2] = "line 2: no solution" }, errors)
      assert.equal(3, stats.puzzles)
      assert.equal(2, stats.solved)
      assert.equal(1, stats.failed)
      assert.equal(1, stats.threads)
      assert.is_number(stats.guesses)
    end)

    it("skipping empty lines and lines that start with '#', which still count as lines", function()
      local text = "# a comment\n\n" .. EASY .. "\n   \n#" .. EASY .. "\n" .. CLASH
      local solutions, errors, stats = sudoku.solve_many(text)
      assert.same({ EASY_SOLVED, false }, solutions)
      assert.same({ [2] = "line 6: no solution" }, errors)
      assert.equal(2, stats.puzzles)
    end)

    it("tolerating CRLF, trailing spaces and tabs, and ',extra' columns after the puzzle", function()
      local text = EASY .. "\r\n" .. EASY .. " \t\n" .. EASY .. "," .. EASY_SOLVED .. ",easy\n" .. EASY
      local solutions, errors = sudoku.solve_many(text)
      assert.same({ EASY_SOLVED, EASY_SOLVED, EASY_SOLVED, EASY_SOLVED }, solutions)
      assert.same({}, errors)
    end)

    it("with every blank of sudoku.symbols and a leading byte order mark", function()
      local blanks = EASY:gsub("%.", function() return ({ "0", "_", "?", "*", "." })[math.random(5)] end)
      local solutions = sudoku.solve_many("\239\187\191" .. blanks)
      assert.same({ EASY_SOLVED }, solutions)
    end)

    it("returning empty tables for a text without puzzles", function()
      local solutions, errors, stats = sudoku.solve_many("# nothing here\n\n")
      assert.same({}, solutions)
      assert.same({}, errors)
      assert.equal(0, stats.puzzles)
    end)
  end)

  describe("reports a line it cannot read and goes on with the rest", function()
    it("naming the line, the column and the character", function()
      local bad = EASY:sub(1, 11) .. "x" .. EASY:sub(13)
      local solutions, errors = sudoku.solve_many(lines{ EASY, "#", "", "", "", "", bad, EASY })
      assert.same({ EASY_SOLVED, false, EASY_SOLVED }, solutions)
      assert.same({ [2] = "line 7, column 12: unexpected character 'x'" }, errors)
    end)

    it("showing unprintable characters escaped, as sudoku.parse does", function()
      local _, errors = sudoku.solve_many(EASY:sub(1, 4) .. "\0" .. EASY:sub(6) .. "\n"
        .. EASY:sub(1, 80) .. "\255\n" .. "-" .. EASY:sub(2))
      assert.same({
        "line 1, column 5: unexpected character '\\0'",
        "line 2, column 81: unexpected character '\\xFF'",
        "line 3, column 1: unexpected character '-'",
      }, errors)
    end)

    it("checking characters first, then the length, as sudoku.parse does", function()
      -- 'x' is a symbol of some size (59), so this line's fault is its length; '-' is none.
      local _, errors = sudoku.solve_many(lines{ "12x", "12-" })
      assert.same({
        "line 1: 3 cells, expected a square number such as 81",
        "line 2, column 3: unexpected character '-'",
      }, errors)
    end)

    it("naming the cell count when the length is not N*N", function()
      local solutions, errors = sudoku.solve_many(lines{ EASY, EASY:sub(2), EASY .. "1", "," })
      assert.same({ EASY_SOLVED, false, false, false }, solutions)
      assert.same({
        [2] = "line 2: 80 cells, expected a square number such as 81",
        [3] = "line 3: 82 cells, expected a square number such as 81",
        -- The record rule: a separator before any cell, as the command says it.
        [4] = "line 4, column 1: no puzzle before ','",
      }, errors)
    end)

    it("rejecting a symbol too large for the board, lowercase folding to uppercase up to 35", function()
      -- 'A' is 10: no value on a 9x9 board. On a 16x16 board 'a' reads as 'A'.
      local sixteen = puzzles("gecode_16x16.txt")[1]
      local solutions, errors = sudoku.solve_many(lines{ "A" .. EASY:sub(2), sixteen, sixteen:lower() },
        { size = "auto" })
      assert.equal(false, solutions[1])
      assert.equal("line 1, column 1: unexpected character 'A'", errors[1])
      assert.equal(solutions[2], solutions[3])
      assert.equal(sudoku.solve(sixteen), solutions[2])
    end)

    it("saying 'no solution' exactly where sudoku.solve finds none", function()
      local list = puzzles("invalid_rust_sudoku.txt")
      for _, rec in ipairs(data.shared_records("tdoku_test_puzzles.txt")) do list[#list + 1] = rec[1] end
      local solutions, errors = sudoku.solve_many(lines(list))
      for i, puzzle in ipairs(list) do
        local expected, why = sudoku.solve(puzzle)
        if expected then
          assert.equal(expected, solutions[i], "puzzle " .. i)
        else
          assert.equal("no solution", why)
          assert.equal(false, solutions[i], "puzzle " .. i)
          assert.equal(("line %d: no solution"):format(i), errors[i])
        end
      end
    end)
  end)

  describe("gives answers that do not depend on the threads", function()
    local text = shared("magictour_top1465.txt")
    local one, one_errors, one_stats = sudoku.solve_many(text, { threads = 1 })

    it("with 1, 2 and 4 threads, output in input order", function()
      assert.equal(1465, one_stats.puzzles)
      assert.equal(1465, one_stats.solved)
      for _, threads in ipairs{ 2, 4 } do
        local solutions, errors, stats = sudoku.solve_many(text, { threads = threads })
        assert.same(one, solutions)
        assert.same(one_errors, errors)
        assert.equal(threads, stats.threads)
        assert.equal(one_stats.guesses, stats.guesses)
      end
    end)

    it("agreeing with sudoku.solve and the published solutions of magictour top1465", function()
      local list = puzzles("magictour_top1465.txt")
      local published = data.shared_records("magictour_top1465_solved.txt")
      assert.equal(#list, #one)
      for i, puzzle in ipairs(list) do
        assert.equal(sudoku.solve(puzzle), one[i], "puzzle " .. i)
        assert.equal(published[i][1], puzzle, "record " .. i)
        assert.equal(published[i][2], one[i], "puzzle " .. i)
      end
    end)

    it("also when the puzzles come with their solutions as an extra column", function()
      local solutions = sudoku.solve_many(shared("magictour_top1465_solved.txt"), { threads = 2 })
      assert.same(one, solutions)
    end)

    it("with the fast path's portable code (portable = true)", function()
      local solutions, errors = sudoku.solve_many(text, { threads = 2, portable = true })
      assert.same(one, solutions)
      assert.same(one_errors, errors)
    end)

    it("with threads = 0, one per online CPU", function()
      local solutions, _, stats = sudoku.solve_many(text, { threads = 0 })
      assert.same(one, solutions)
      assert.is_true(stats.threads >= 1)
    end)

    it("using no more threads than there are puzzles", function()
      local _, _, stats = sudoku.solve_many(EASY, { threads = 8 })
      assert.equal(1, stats.threads)
      _, _, stats = sudoku.solve_many(lines{ EASY, EASY, EASY }, { threads = 8 })
      assert.equal(3, stats.threads)
    end)
  end)

  describe("agrees with the published solutions", function()
    for _, name in ipairs{ "forum_hardest_1106_solved.txt", "kaggle_1m_first10k_solved.txt",
                           "rust_sudoku_testset_solved.txt", "gecode_9x9_solved.txt" } do
      it("of " .. name, function()
        local records = data.shared_records(name)
        local solutions, errors, stats = sudoku.solve_many(shared(name), { threads = 2 })
        assert.same({}, errors)
        assert.equal(#records, stats.solved)
        for i, rec in ipairs(records) do
          assert.equal(rec[2], solutions[i], name .. " record " .. i)
        end
      end)
    end
  end)

  describe("gives a puzzle with several solutions the fast path's first", function()
    it("the one sudoku.solve gives, whatever the threads", function()
      local list = first_puzzles("serg_benchmark.txt", 200)
      local one = sudoku.solve_many(lines(list))
      local two = sudoku.solve_many(lines(list), { threads = 2 })
      assert.same(one, two)
      for i, puzzle in ipairs(list) do
        assert.equal(sudoku.solve(puzzle), one[i], "puzzle " .. i)
      end
    end)

    it("on every serg puzzle, a solved grid that keeps the givens", function()
      local list = puzzles("serg_benchmark.txt")
      local solutions, errors = sudoku.solve_many(lines(list), { threads = 0 })
      assert.same({}, errors)
      for i, puzzle in ipairs(list) do
        assert.equal(sudoku.solve(puzzle), solutions[i], "puzzle " .. i)
        local board = assert(sudoku.parse(solutions[i]))
        assert.is_true(board:is_solved(), "puzzle " .. i)
        for k = 1, 81 do
          local given = puzzle:sub(k, k)
          if given:match("[1-9]") then assert.equal(given, solutions[i]:sub(k, k), "puzzle " .. i) end
        end
      end
    end)
  end)

  describe("counts solutions up to opts.limit", function()
    it("exactly, for tdoku's test puzzles (unique, none, and 3..847)", function()
      local records = data.shared_records("tdoku_test_puzzles.txt")
      local list = {}
      for i, rec in ipairs(records) do list[i] = rec[1] end
      for _, threads in ipairs{ 1, 2 } do
        local counts, errors, stats = sudoku.solve_many(lines(list), { limit = 10000, threads = threads })
        assert.same({}, errors)
        assert.equal(#records, stats.puzzles)
        for i, rec in ipairs(records) do
          assert.equal(tonumber(rec[2]), counts[i], "puzzle " .. i)
        end
        local limited = sudoku.solve_many(lines(list), { limit = 2, threads = threads })
        for i, rec in ipairs(records) do
          assert.equal(math.min(tonumber(rec[2]), 2), limited[i], "puzzle " .. i)
        end
      end
    end)

    it("stopping at 2 on every serg puzzle (each has at least two)", function()
      local text = shared("serg_benchmark.txt")
      local counts, errors, stats = sudoku.solve_many(text, { limit = 2, threads = 2 })
      assert.same({}, errors)
      assert.equal(6667, stats.puzzles)
      assert.equal(6667, stats.solved)
      for i = 1, #counts do
        assert.equal(2, counts[i], "puzzle " .. i)
      end
    end)

    it("giving 0 for an unsolvable puzzle and false for an unreadable line", function()
      local counts, errors, stats = sudoku.solve_many(lines{ EASY, CLASH, "12-" }, { limit = 1 })
      assert.same({ 1, 0, false }, counts)
      assert.same({ [3] = "line 3, column 3: unexpected character '-'" }, errors)
      assert.equal(1, stats.solved)
      assert.equal(2, stats.failed)
    end)
  end)

  describe("solves other sizes with the general engine", function()
    it("16x16 lines (4x4 boxes) as sudoku.solve does", function()
      local list = first_puzzles("gecode_16x16.txt", 5)
      local solutions, errors, stats = sudoku.solve_many(lines(list), { threads = 2 })
      assert.same({}, errors)
      assert.equal(#list, stats.solved)
      for i, puzzle in ipairs(list) do
        assert.equal(256, #solutions[i])
        assert.equal(sudoku.solve(puzzle), solutions[i], "puzzle " .. i)
      end
    end)

    it("mixed with 9x9 and 4x4 lines in one text, when asked for (size = \"auto\")", function()
      local four = "1.......3..2...." -- 4x4, 2x2 boxes
      local solutions, _, stats = sudoku.solve_many(lines{ four, EASY, "." },
        { threads = 2, size = "auto" })
      assert.same({ sudoku.solve(four), EASY_SOLVED, "1" }, solutions)
      assert.equal(3, stats.solved)
    end)

    it("counting them too", function()
      local counts = sudoku.solve_many(lines{ "....", "................" },
        { limit = 1000, size = "auto" })
      -- A 2x2 board has 1x2 boxes (rows): the two Latin squares; the empty 4x4 sudoku has 288.
      assert.same({ 2, 288 }, counts)
    end)
  end)

  describe("raises for a programmer's mistake", function()
    local function fails(opts, msg)
      assert.has_error(function() sudoku.solve_many(EASY, opts) end, msg)
    end

    it("naming the option", function()
      fails({ bogus = true }, "bad argument #2 to 'solve_many' (unknown option 'bogus')")
      fails({ [1] = 4 }, "bad argument #2 to 'solve_many' (unknown option key of type number)")
      fails({ limit = 0 }, "bad argument #2 to 'solve_many' (limit must be an integer of at least 1)")
      fails({ limit = 1.5 }, "bad argument #2 to 'solve_many' (limit must be an integer of at least 1)")
      fails({ threads = -1 },
        "bad argument #2 to 'solve_many' (threads must be an integer of at least 0 (0: one per CPU))")
      fails({ threads = "2" },
        "bad argument #2 to 'solve_many' (threads must be an integer of at least 0 (0: one per CPU))")
      fails({ portable = 1 }, "bad argument #2 to 'solve_many' (portable must be a boolean)")
      fails(42, "bad argument #2 to 'solve_many' (table expected, got number)")
    end)

    it("when the text is not a string (read a file with f:read('a') first)", function()
      assert.has_error(function() sudoku.solve_many({ EASY }) end,
        "bad argument #1 to 'solve_many' (string expected, got table)")
      assert.has_error(function() sudoku.solve_many(io.stdin) end)
      assert.has_error(function() sudoku.solve_many(nil) end,
        "bad argument #1 to 'solve_many' (string expected, got nil)")
    end)
  end)
end)
