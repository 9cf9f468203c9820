-- The bench's verifier (bench/verify.lua) and dataset reader: a wrong answer must be caught
-- and named by dataset and line, because the bench times nothing it has not checked.
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path

local verify = require "bench.verify"
local datasets = require "bench.datasets"
local measure = require "bench.measure"

local PUZZLE = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
local SOLUTION = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"

-- The solution with the digits of cells a and b swapped.
local function swapped(s, a, b)
  local t = {}
  for i = 1, #s do t[i] = s:sub(i, i) end
  t[a], t[b] = t[b], t[a]
  return table.concat(t)
end

describe("bench verifier", function()
  it("accepts the right grid, with and without the published solution", function()
    assert.is_true(verify.grid(PUZZLE, SOLUTION))
    assert.is_true(verify.grid(PUZZLE, SOLUTION, SOLUTION))
  end)

  it("rejects a grid whose digits repeat in a unit", function()
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 1, 2))
    assert.is_false(ok)
    assert.is_string(why)
  end)

  it("rejects a grid whose rows and columns are right but whose boxes are not", function()
    local cells = {}
    for r = 0, 8 do
      for c = 0, 8 do cells[#cells + 1] = tostring((r + c) % 9 + 1) end
    end
    local ok, why = verify.grid(("."):rep(81), table.concat(cells))
    assert.is_false(ok)
    assert.matches("box", why)
  end)

  it("rejects a grid that changes a given", function()
    -- Cells 1 and 2 are empty in the puzzle but cell 3 holds a given 4: move it.
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 2, 3))
    assert.is_false(ok)
    assert.matches("given", why)
  end)

  it("rejects an incomplete grid, a wrong length and no answer at all", function()
    assert.is_false((verify.grid(PUZZLE, "." .. SOLUTION:sub(2))))
    assert.is_false((verify.grid(PUZZLE, SOLUTION:sub(2))))
    assert.is_false((verify.grid(PUZZLE, nil)))
  end)

  it("rejects a valid grid that is not the published solution", function()
    -- The empty puzzle accepts any valid grid, but not against another published one.
    local empty = ("."):rep(81)
    local other = SOLUTION:gsub("[12]", { ["1"] = "2", ["2"] = "1" })
    assert.is_true(verify.grid(empty, other))
    local ok, why = verify.grid(empty, other, SOLUTION)
    assert.is_false(ok)
    assert.matches("published", why)
  end)

  it("checks 16x16 grids with letter symbols", function()
    local rows = {}
    for r = 0, 15 do
      local row = {}
      for c = 0, 15 do
        local v = (r % 4 * 4 + math.floor(r / 4) + c) % 16 + 1
        row[#row + 1] = ("123456789ABCDEFG"):sub(v, v)
      end
      rows[#rows + 1] = table.concat(row)
    end
    local grid = table.concat(rows)
    assert.is_true(verify.grid(("."):rep(256), grid))
    assert.is_false((verify.grid(("."):rep(256), swapped(grid, 1, 17))))
  end)

  it("checks counts", function()
    assert.is_true(verify.count(2, 2))
    assert.is_false((verify.count(1, 2)))
  end)

  it("raises an error naming the dataset and the puzzle's line", function()
    local item = { puzzle = PUZZLE, line = 42 }
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 1, 2), SOLUTION)
    local err = assert.has_error(function()
      verify.check("some_set.txt", item, ok, why, "(b)")
    end)
    assert.matches("wrong answer in some_set.txt line 42", err, 1, true)
    assert.has_no_error(function() verify.check("some_set.txt", item, true) end)
  end)

  it("stops a timed run on a wrong answer", function()
    local items = { { puzzle = PUZZLE, solution = SOLUTION, line = 7 } }
    assert.has_error(function()
      measure.run{
        items = items, runs = 1,
        work = function() return swapped(SOLUTION, 1, 2) end,
        check = function(item, answer)
          local ok, why = verify.grid(item.puzzle, answer, item.solution)
          verify.check("tiny.txt", item, ok, why)
        end,
      }
    end)
  end)
end)

describe("bench timing", function()
  it("ends the first run before a puzzle that gives up at the deadline, and repeats the rest", function()
    local items = { { n = 1 }, { n = 2 }, { n = 3 } }
    local seen = {}
    local m = measure.run{
      items = items, runs = 3, budget = 60, chunk = 1,
      work = function(item, deadline)
        seen[#seen + 1] = item.n
        if item.n == 2 and deadline then return measure.TIMEOUT end
        return item.n, 1
      end,
      check = function(item, result) assert.equal(item.n, result) end,
    }
    assert.equal(1, m.n)
    assert.equal(3, m.runs)
    assert.equal(1, m.guesses)
    assert.same({ 1, 2, 1, 1 }, seen)
  end)
end)

describe("bench dataset reader", function()
  it("skips comments and blank lines and keeps line numbers and solutions", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write("# a comment\n\n", PUZZLE, ",", SOLUTION, "\n", PUZZLE, "\n")
    f:close()
    local items = datasets.read(path)
    os.remove(path)
    assert.same({
      { puzzle = PUZZLE, solution = SOLUTION, line = 3 },
      { puzzle = PUZZLE, line = 4 },
    }, items)
  end)
end)

describe("bench Lua predicate of rules (bench/predicate.lua)", function()
  local predicate = require "bench.predicate"
  local Board = require("sudoku").Board

  -- Whether value v may go at (r, c) of a 4x4 board holding `values` ({{r, c, v}, ...}).
  local function allows(spec, values, r, c, v)
    local board = Board.new{ size = 4 }
    for _, p in ipairs(values) do board:set(p[1], p[2], p[3]) end
    return predicate.of({ spec }, 4)(board, r, c, v)
  end

  it("rejects exactly the values each kind of rule rules out", function()
    local pair = { { 1, 1 }, { 1, 2 } }
    local cases = {
      -- spec, the partner's value, a value it allows, a value it rules out
      { { kind = "different", cells = pair }, 3, 2, 3 },
      { { kind = "consecutive", cells = pair }, 3, 4, 1 },
      { { kind = "not_consecutive", cells = pair }, 3, 1, 2 },
      { { kind = "ratio", cells = pair }, 2, 4, 3 },
      { { kind = "not_ratio", cells = pair }, 2, 3, 1 },
      { { kind = "pair_sum", cells = pair, sum = 5 }, 1, 4, 3 },
      { { kind = "not_pair_sum", cells = pair, sums = { 5 } }, 1, 3, 4 },
      { { kind = "thermo", cells = pair }, 2, 3, 1 },
      { { kind = "cage", cells = pair, sum = 5 }, 2, 3, 2 },
    }
    for _, case in ipairs(cases) do
      local spec, partner, yes, no = case[1], case[2], case[3], case[4]
      local kind = spec.kind
      assert.is_true(allows(spec, { { 1, 1, partner } }, 1, 2, yes), kind)
      assert.is_false(allows(spec, { { 1, 1, partner } }, 1, 2, no), kind)
    end
    local odd = { kind = "allowed", cells = { { 2, 2 } }, values = { 1, 3 } }
    assert.is_true(allows(odd, {}, 2, 2, 3))
    assert.is_false(allows(odd, {}, 2, 2, 2))
    -- A thermometer leaves room for the cells after a bulb; a cage for the cells still empty.
    assert.is_false(allows({ kind = "thermo", cells = { { 1, 1 }, { 2, 1 }, { 3, 1 } } }, {}, 1, 1, 3))
    assert.is_false(allows({ kind = "cage", cells = { { 1, 1 }, { 1, 2 }, { 2, 1 } }, sum = 6 },
      {}, 1, 1, 4))
    assert.is_true(allows({ kind = "cage", cells = { { 1, 1 }, { 1, 2 }, { 2, 1 } }, sum = 6 },
      {}, 1, 1, 3))
  end)

  it("raises for a kind it has no check for", function()
    assert.has_error(function() predicate.of({ { kind = "lua", cells = {} } }, 9) end,
      "no Lua check for rules of kind 'lua'")
  end)

  it("checks every native kind of the core's table", function()
    for _, kind in ipairs{ "different", "consecutive", "ratio", "pair_sum", "not_consecutive",
      "not_ratio", "not_pair_sum", "less", "whisper", "allowed", "thermo", "renban", "palindrome",
      "same_values", "cage", "sum", "arrow", "sandwich" } do
      assert.is_true(predicate.knows(kind), kind)
    end
    -- The kinds added for the seams checker, each on a line of a 4x4 board.
    local line = { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 } }
    assert.is_false(allows({ kind = "less", cells = { { 1, 1 }, { 1, 2 } } }, {}, 1, 1, 4))
    assert.is_false(allows({ kind = "whisper", cells = { { 1, 1 }, { 1, 2 } } }, { { 1, 2, 3 } }, 1, 1, 2))
    assert.is_false(allows({ kind = "renban", cells = { { 1, 1 }, { 1, 2 } } }, { { 1, 2, 3 } }, 1, 1, 1))
    assert.is_false(allows({ kind = "palindrome", cells = line }, { { 1, 4, 2 } }, 1, 1, 3))
    assert.is_false(allows({ kind = "sum", cells = { { 1, 1 }, { 1, 2 } }, sum = 3 }, {}, 1, 1, 3))
    local rest = { { 1, 2, 2 }, { 1, 3, 4 }, { 1, 4, 3 } }
    assert.is_true(allows({ kind = "sandwich", cells = line, sum = 2 }, rest, 1, 1, 1))
    assert.is_false(allows({ kind = "sandwich", cells = line, sum = 3 }, rest, 1, 1, 1))
    local halves = { kind = "same_values", cells = { { 1, 1 }, { 2, 3 } } }
    assert.is_true(allows(halves, { { 2, 3, 2 } }, 1, 1, 2))
    assert.is_false(allows(halves, { { 2, 3, 2 } }, 1, 1, 3))
  end)
end)

describe("bench variants table (bench/variants.lua)", function()
  local sudoku = require "sudoku"
  local variants_bench = require "bench.variants"
  local records = variants_bench.read(data.shared .. "variants/antiknight.jsonl")
  local nines = {}
  for _, record in ipairs(records) do
    if record.size == 9 then nines[#nines + 1] = record end
  end

  it("times a record with native rules and with the Lua predicate, checking the answer", function()
    for _, form in ipairs{ "native", "lua" } do
      local result = variants_bench[form](sudoku, "antiknight.jsonl", nines[1], 10)
      assert.is_true(result.seconds >= 0)
      assert.is_true(result.nodes >= 1)
    end
  end)

  it("raises on a wrong answer, naming the file and the record", function()
    local record = {}
    for k, v in pairs(nines[1]) do record[k] = v end
    record.solution = nines[2].solution
    local err = assert.has_error(function()
      variants_bench.native(sudoku, "antiknight.jsonl", record, 10)
    end)
    assert.matches("wrong answer in variants/antiknight.jsonl, " .. record.id, err, 1, true)
  end)

  it("says why a record cannot be built, and gives up on a puzzle past its time", function()
    local record = {}
    for k, v in pairs(nines[1]) do record[k] = v end
    record.cages = { { sum = 3, cells = { { 1, 1 }, { 9, 9 }, { 10, 1 } } } }
    local result, why = variants_bench.native(sudoku, "antiknight.jsonl", record, 10)
    assert.is_nil(result)
    assert.matches("off the 9x9 board", why)
    -- Counting the anti-knight grids up to a million takes longer than 50 ms.
    local empty = { id = "empty", size = 9, box = { 3, 3 }, givens = ("."):rep(81),
                    antiknight = true, negative = true, count = 1000000 }
    assert.equal(measure.TIMEOUT, variants_bench.native(sudoku, "none", empty, 0.05))
  end)

  it("makes one row per family file with the 9x9 puzzles and the predicate's sample #posix", function()
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. dir))
    local f = assert(io.open(dir .. "/antiknight.jsonl", "w"))
    for line in io.lines(data.shared .. "variants/antiknight.jsonl") do f:write(line, "\n") end
    f:close()
    local rows = variants_bench.rows(sudoku, { dir = dir, seconds = 10, lua_seconds = 10,
                                               sample = 1, max = 5 })
    os.remove(dir .. "/antiknight.jsonl")
    os.remove(dir)
    assert.equal(1, #rows)
    assert.equal(#variants_bench.HEADER, #rows[1])
    assert.equal("antiknight", rows[1][1])
    assert.equal(tostring(#nines), rows[1][2])
    assert.equal("1", rows[1][7])
    assert.matches("×$", rows[1][10])
  end)
end)

describe("bench rating table (bench/rating.lua)", function()
  local rating_bench = require "bench.rating"

  it("computes Spearman's rank correlation, ties sharing their average rank", function()
    assert.are.equal(1, rating_bench.spearman({ 1, 2, 3, 4 }, { 10, 20, 30, 40 }))
    assert.are.equal(-1, rating_bench.spearman({ 1, 2, 3, 4 }, { 4, 3, 2, 1 }))
    -- Ranks {1, 2.5, 2.5, 4} against {1, 2, 3, 4}: 0.9486...
    assert.is_true(math.abs(rating_bench.spearman({ 1, 2, 2, 3 }, { 1, 2, 3, 4 }) - 0.9487) < 1e-3)
  end)

  it("rates calibration records by SE band, counting exact ratings and stuck puzzles", function()
    local sudoku = require "sudoku"
    local logic = require "sudoku.logic"
    local records = {}
    for line in io.lines(data.root .. "spec/fixtures/se_rated_sample.txt") do
      local p, r = line:match("^([%d%.]+),([%d%.]+)")
      if p then records[#records + 1] = { puzzle = p, se = tonumber(r) } end
    end
    local rows, sum = rating_bench.run(sudoku, logic, records)
    assert.are.equal(#records, sum.puzzles)
    local counted = 0
    for _, row in ipairs(rows) do counted = counted + tonumber(row[2]) end
    assert.are.equal(#records, counted)
    assert.is_true(sum.spearman >= -1 and sum.spearman <= 1)
    assert.is_true(sum.median_ms >= 0 and sum.p99_ms >= sum.median_ms)
  end)

  it("times a hint at every position along each puzzle's path", function()
    local sudoku = require "sudoku"
    local logic = require "sudoku.logic"
    local easy = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    local h = rating_bench.hints(sudoku, logic, { easy })
    -- One hint per empty cell (singles place one digit each) and a last look at the solved grid
    -- is not taken: the path ends when the pencil is solved.
    assert.are.equal(49, h.positions)
    assert.is_true(h.max_ms >= h.p99_ms and h.p99_ms >= h.median_ms)
    assert.are.equal(easy, h.worst)
  end)
end)

describe("bench levels table (bench/levels.lua)", function()
  local bench_levels = require "bench.levels"

  it("makes puzzles of each level, counting those in the band, and times QQWing when there", function()
    local difficulty = require "sudoku.gen.difficulty"
    local rows = bench_levels.ours(require "sudoku.gen", require "sudoku.logic", difficulty, 1, 0,
      { label = "6x6", box = { 2, 3 }, attempts = 200 })
    assert.are.equal(#difficulty.ORDER, #rows)
    assert.are.equal("sudoku.gen 6x6", rows[1][1])
    assert.are.equal("easy", rows[1][2])
    assert.are.equal("1", rows[1][3])
    assert.are.equal("100 %", rows[1][5])   -- an easy puzzle is always reached
    local q = bench_levels.qqwing(2)
    if q then
      assert.are.equal(5, #q)
      assert.matches("^qqwing ", q[1][1])
      assert.are.equal("2", q[1][3])
    end
  end)
end)

describe("bench frames table (bench/frames.lua)", function()
  local frames = require "bench.frames"

  it("times every step of a generator and of a Solver to the end, in a row of percentiles", function()
    local sudoku, gen = require "sudoku", require "sudoku.gen"
    local times, gave_up = frames.generator(gen, { "easy", "medium" }, 6, 2, nil)
    assert.are.equal(0, gave_up)
    assert.is_true(#times >= 4, #times .. " steps")   -- at least one step per puzzle
    for _, t in ipairs(times) do assert.is_true(t >= 0) end
    local steps = frames.solver(sudoku, { { puzzle = PUZZLE }, { puzzle = PUZZLE } })
    assert.is_true(#steps >= 2)
    local row = frames.row("call", "work", { 3, 1, 2, 5, 4 })
    -- 5 steps; median 3, 99th percentile and worst 5 (ms, as report.auto writes them); budget 4
    assert.are.same({ "call", "work", "5", "3.00", "5.00", "5.00", "4" }, row)
  end)
end)

describe("bench tdoku runner (bench/tdoku.lua)", function()
  local tdoku = require "bench.tdoku"

  -- A stand-in for tdoku's run_benchmark: checks the options the runner must pass and prints
  -- a result line as tdoku does (with the thousands separators of some locales).
  local function fake(line)
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write("#!/bin/sh\n",
      "case \"$*\" in *'-r 0'*'-s tdoku'*) ;; *) echo \"bad options: $*\"; exit 3;; esac\n",
      "test \"$(wc -l < \"$(eval echo \\${$#})\")\" -eq 2 || exit 4\n",
      "echo '|tdoku                      T/shrc+./m+|", line, "'\n")
    f:close()
    os.execute("chmod +x " .. path)
    return path
  end

  it("reads tdoku's puzzles/s and guesses from its own table, on exactly our puzzles #posix", function()
    local path = fake("    12,345.6 |        81.0 |       0.0% |         110.44 |")
    local r = tdoku.run(path, { PUZZLE, PUZZLE }, { warmup = 0, seconds = 0 })
    os.remove(path)
    assert.equal(12345.6, r.wall_pps)
    assert.equal(110.44, r.guesses)
    assert.is_true(r.share > 0 and r.share <= 1)
    assert.is_true(r.pps >= r.wall_pps)
  end)

  it("raises with tdoku's output when it fails #posix", function()
    local path = fake("garbage")
    assert.has_error(function() tdoku.run(path, { PUZZLE }, {}) end)
    os.remove(path)
  end)
end)

describe("bench command rows (bench/cli.lua)", function()
  local bench_cli = require "bench.cli"

  it("times the command and checks every output line #posix", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(PUZZLE, "\n", PUZZLE, "\n")
    f:close()
    local r = bench_cli.time{ root = data.root, args = { "solve" }, file = path, n = 2,
      threads = 1, runs = 1, label = "two", expect = function(_, line) return line == SOLUTION end }
    assert.equal(2, r.n)
    assert.is_true(r.median > 0)
    assert.has_error(function()
      bench_cli.time{ root = data.root, args = { "solve" }, file = path, n = 2, threads = 1,
        runs = 1, label = "two", expect = function(k) return k == 1, "made up" end }
    end, "two: output line 2 is wrong: made up")
    os.remove(path)
  end)
end)

describe("bench memory table (bench/churn.lua)", function()
  local churn = require "bench.churn"

  it("runs a child per size and collector mode and reads its peak resident memory #posix", function()
    local rows = churn.rows { count = 3 }
    local modes = #rows / #churn.SIZES
    assert.is_true(modes == 1 or modes == 2)
    for i, row in ipairs(rows) do
      local size = churn.SIZES[math.floor((i - 1) / modes) + 1]
      assert.equal(("%dx%d"):format(size, size), row[1])
      assert.equal(#churn.HEADER, #row)
      assert.equal("3", row[4])
      assert.matches("^[%d,]+ B$", row[3])
      assert.matches("^[%d.]+ MB$", row[5])
    end
  end)
end)
