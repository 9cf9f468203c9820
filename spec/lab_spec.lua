-- The heuristics lab: every strategy on every puzzle with one budget, as data, Markdown, SVG,
-- and the `sudoku lab` command.
local sudoku = require "sudoku"
local lab = require "sudoku.lab"
local report = require "sudoku.lab.report"
local stats = require "sudoku.lab.stats"
local plot = require "sudoku.lab.plot"
local heuristic = require "sudoku.heuristic"
local data = require "support.data"
local command = require "support.command"
local classic = require "support.puzzles"

local FIXTURE = data.fixtures .. "top1465_first20.txt"

local function puzzles_of(path)
  local list, solutions = {}, {}
  for i, rec in ipairs(data.records(path)) do list[i], solutions[i] = rec[1], rec[2] end
  return list, solutions
end

-- A Markdown report without its CPU times, which are the only figures that vary.
local function without_times(text)
  return (text:gsub("| CPU ms |[^\n]*\n", ""):gsub("| (%d+/%d+) | ([%d,.]+) | [%d,.e+-]+ |", "| %1 | %2 | |"))
end

describe("lab.run", function()
  local puzzles = puzzles_of(FIXTURE)

  it("gives each strategy's runs, puzzle by puzzle, equal to the solver's own statistics", function()
    local results = lab.run(puzzles, { "wdeg", "mrv" }, { max_nodes = 100000 })
    assert.same({ "wdeg", "mrv" }, results.names)
    assert.equal(#puzzles, results.puzzles)
    for i, p in ipairs(puzzles) do
      local b = sudoku.parse(p)
      local s = sudoku.Solver.new(b)
      assert.equal("solved", s:step(100000))
      local st = s:stats()
      local run = results.runs[1][i]
      assert.is_true(run.solved)
      assert.equal(st.nodes, run.nodes)
      assert.equal(st.guesses, run.guesses)
      assert.equal(st.backtracks, run.backtracks)
      assert.is_number(run.seconds)
    end
  end)

  it("stops a search at the budget and counts it unsolved", function()
    local results = lab.run(puzzles, { "first" }, { max_nodes = 2 })
    local unsolved = 0
    for _, run in ipairs(results.runs[1]) do
      assert.is_true(run.nodes <= 2)
      if not run.solved then
        unsolved = unsolved + 1
        assert.equal("running", run.status)
      end
    end
    assert.is_true(unsolved > 0)
  end)

  it("takes strategy tables and boards too, and leaves the boards as they were", function()
    local board = sudoku.parse(puzzles[1])
    local results = lab.run({ board }, { heuristic.get("lcv") })
    assert.is_true(results.runs[1][1].solved)
    assert.equal(puzzles[1], board:symbols())
  end)

  it("gives randomised strategies the run's seed", function()
    local one = lab.run(puzzles, { "random" }, { seed = 5 })
    local again = lab.run(puzzles, { "random" }, { seed = 5 })
    assert.equal(5, one.seed)
    for i = 1, #puzzles do assert.equal(one.runs[1][i].nodes, again.runs[1][i].nodes) end
    assert.has_error(function() lab.run(puzzles, { "random" }, { seed = -1 }) end,
      "lab.run: seed must be an integer from 0 to 2^53 - 1")
  end)

  it("runs one worker's share: puzzles first, first + step, ...", function()
    local results = lab.run(puzzles, { "mrv" }, { first = 2, step = 3 })
    assert.is_nil(results.runs[1][1])
    assert.is_table(results.runs[1][2])
    assert.is_nil(results.runs[1][3])
    assert.is_table(results.runs[1][5])
  end)

  it("raises for what a caller got wrong", function()
    assert.has_error(function() lab.run(puzzles, {}) end, "lab.run: strategies must be a non-empty list")
    assert.has_error(function() lab.run(puzzles, { "mrv" }, { max_nodes = 0 }) end,
      "lab.run: max_nodes must be a positive integer")
    assert.has_error(function() lab.run({ "12" }, { "mrv" }) end)
    local ok, err = pcall(lab.run, puzzles, { "nope" })
    assert.is_false(ok)
    assert.matches("lab.run: strategy 1: unknown heuristic 'nope'", err)
  end)
end)

describe("the lab's statistics", function()
  it("median, 90th percentile and maximum", function()
    local s = stats.summary({ 5, 1, 4, 2, 3, 10, 6, 7, 9, 8 }, { resamples = 0 })
    assert.equal(5.5, s.median)
    assert.equal(9, s.p90)
    assert.equal(10, s.max)
    assert.is_nil(s.lo)
  end)

  it("a bootstrap interval that holds the median and is the same every time", function()
    local values = {}
    for i = 1, 101 do values[i] = (i * 37) % 101 end
    local a = stats.summary(values, { resamples = 500, seed = 7 })
    local b = stats.summary(values, { resamples = 500, seed = 7 })
    assert.same(a, b)
    assert.is_true(a.lo <= a.median and a.median <= a.hi)
    assert.is_true(a.hi - a.lo < 40)
  end)

  -- What the command uses to stop the intervals on a signal (they take seconds of Lua).
  it("calls progress after each resample, and stops where it raises", function()
    local calls = 0
    stats.summary({ 3, 1, 2 }, { resamples = 50, progress = function() calls = calls + 1 end })
    assert.equal(50, calls)
    calls = 0
    local ok, err = pcall(stats.summary, { 3, 1, 2 }, { resamples = 50, progress = function()
      calls = calls + 1
      if calls == 7 then error("stop", 0) end
    end })
    assert.is_false(ok)
    assert.equal("stop", err)
    assert.equal(7, calls)
  end)
end)

describe("the report", function()
  local puzzles = puzzles_of(FIXTURE)
  local results = lab.run(puzzles, { "mrv", "first", "unit" }, { max_nodes = 100000 })

  it("has an overview, a table per strategy and the head-to-head counts", function()
    local text = report.markdown(results, { resamples = 200 })
    assert.matches("^# Heuristics lab\n\n20 puzzles, 3 strategies, at most 100,000 nodes", text)
    assert.matches("| mrv | 20/20 |", text, 1, true)
    assert.matches("\n## first\n\nSolved within the budget: 20 of 20.", text, 1, true)
    assert.matches("| nodes | [%d,.]+ | [%d,.]+ – [%d,.]+ | [%d,.]+ | [%d,.]+ |", text)
    assert.matches("## Head to head", text, 1, true)
  end)

  it("counts head to head from the runs", function()
    local wins = report.head_to_head(results)
    local fewer = 0
    for i = 1, #puzzles do
      if results.runs[1][i].nodes < results.runs[2][i].nodes then fewer = fewer + 1 end
    end
    assert.equal(fewer, wins[1][2])
    assert.is_true(wins[1][2] + wins[2][1] <= #puzzles)
  end)

  it("is the same text for the same runs", function()
    assert.equal(report.markdown(results, { resamples = 100 }), report.markdown(results, { resamples = 100 }))
  end)
end)

describe("the pictures", function()
  local results = lab.run(puzzles_of(FIXTURE), { "mrv", "wdeg" })

  it("a cactus plot: one step line per strategy and a legend", function()
    local svg = plot.cactus(results)
    assert.matches("^<svg xmlns=\"http://www.w3.org/2000/svg\"", svg)
    local _, lines = svg:gsub("<polyline ", "")
    assert.equal(2, lines)
    assert.matches(">mrv</text>", svg, 1, true)
    assert.matches("search nodes per puzzle (log scale)", svg, 1, true)
    assert.matches("CPU time per puzzle", plot.cactus(results, { metric = "seconds" }), 1, true)
  end)

  it("a scatter: one point a puzzle", function()
    local svg = plot.scatter(results, "mrv", "wdeg")
    local _, points = svg:gsub("<circle ", "")
    assert.equal(20, points)
    assert.has_error(function() plot.scatter(results, "mrv", "nope") end, "scatter: no strategy 'nope'")
  end)
end)

describe("sudoku lab #posix", function()
  after_each(function() command.cleanup() end)

  it("prints the report, and the same counts on two processes as on one", function()
    local one = command.run({ "lab", FIXTURE, "--heuristics", "mrv,unit", "--max-nodes", "5000" })
    assert.equal(0, one.status, one.stderr)
    assert.equal("", one.stderr)
    assert.matches("| unit | 20/20 |", one.stdout, 1, true)
    local two = command.run({ "lab", FIXTURE, "--heuristics", "mrv,unit", "--max-nodes", "5000", "-j", "2" })
    assert.equal(0, two.status, two.stderr)
    assert.equal(without_times(one.stdout), without_times(two.stdout))
  end)

  it("hands its seed to the processes of -j", function()
    local args = { "lab", FIXTURE, "--heuristics", "random,luby", "--seed", "9" }
    local one = command.run(args)
    assert.equal(0, one.status, one.stderr)
    assert.matches("seed 9;", one.stdout, 1, true)
    args[#args + 1] = "-j"
    args[#args + 1] = "2"
    local two = command.run(args)
    assert.equal(0, two.status, two.stderr)
    assert.equal(without_times(one.stdout), without_times(two.stdout))
  end)

  it("accepts a strategy file by path and draws the pictures", function()
    local strategy = command.temp_file('return { name = "mine", description = "MRV again", '
      .. 'cell = function(_, _, _, count) return count end }\n')
    local cactus, scatter = command.temp_file(), command.temp_file()
    local r = command.run({ "lab", FIXTURE, "--heuristics", "mrv," .. strategy, "--svg", cactus,
      "--scatter", scatter })
    assert.equal(0, r.status, r.stderr)
    assert.matches("| mine | 20/20 |", r.stdout, 1, true)
    assert.matches("<polyline", command.read_file(cactus), 1, true)
    assert.matches("<circle", command.read_file(scatter), 1, true)
    local by_time = command.temp_file()
    r = command.run({ "lab", FIXTURE, "--heuristics", "mrv", "--svg", by_time, "--cactus-by", "time" })
    assert.equal(0, r.status, r.stderr)
    assert.matches("CPU time per puzzle", command.read_file(by_time), 1, true)
    -- The pictures are SVG that a renderer draws (librsvg, when it is installed).
    local _, found = command.shell("command -v rsvg-convert")
    if found == 0 then
      for _, svg in ipairs({ cactus, scatter, by_time }) do
        local png = svg .. ".png"
        local out, status = command.shell("rsvg-convert " .. command.quote(svg) .. " -o "
          .. command.quote(png))
        assert.equal(0, status, out)
        assert.equal("\137PNG", command.read_file(png):sub(1, 4))
        os.remove(png)
      end
    end
  end)

  it("reports an unreadable record as FILE:LINE: reason and exits 1, having run the others",
    function()
    local file = command.temp_file(classic.TOP1 .. "\nnot a puzzle\n")
    local r = command.run({ "lab", file, "--heuristics", "mrv" })
    assert.equal(1, r.status)
    assert.equal(file .. ":2: ", r.stderr:sub(1, #file + 4))
    assert.matches("1 puzzles, 1 strategies", r.stdout, 1, true)
  end)

  it("refuses an unknown strategy", function()
    local r = command.run({ "lab", FIXTURE, "--heuristics", "mrv,nope" })
    assert.equal(2, r.status)
    assert.matches("unknown heuristic 'nope'", r.stderr, 1, true)
  end)
end)

describe("every ready strategy on magictour top1465 #slow", function()
  local path = data.shared .. "magictour_top1465_solved.txt"
  local f = io.open(path, "r")
  if not f then
    pending("needs " .. path)
    return
  end
  f:close()
  it("solves every puzzle to its solution within the budget", function()
    local puzzles, solutions = puzzles_of(path)
    for _, name in ipairs(heuristic.NAMES) do
      for i, p in ipairs(puzzles) do
        local b = sudoku.parse(p)
        local s = sudoku.Solver.new(b, heuristic.options(heuristic.get(name)))
        assert.equal("solved", s:step(1000000), name .. " on puzzle " .. i)
        assert.equal(solutions[i], b:symbols(), name .. " on puzzle " .. i)
      end
    end
  end)
end)
