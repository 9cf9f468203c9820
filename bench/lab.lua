-- The heuristics lab's rows of `make bench` (issue 20): on magictour top1465, the built-in
-- choice, the same rule's Lua counterpart (MRV written on the solver's view, sudoku.heuristic.mrv)
-- and one strategy through the lab (lab.run) against the same solves without it. Every solution
-- is held against the set's own, outside the timed loop.
local datasets = require "bench.datasets"
local measure = require "bench.measure"
local report = require "bench.report"

local bench_lab = {}

-- The puzzles of a `puzzle,solution` file, and each one's solution by puzzle.
local function records(path, max)
  local puzzles, solutions = {}, {}
  for i, rec in ipairs(datasets.read(path, max)) do
    puzzles[i], solutions[rec.puzzle] = rec.puzzle, rec.solution
  end
  return puzzles, solutions
end

-- Rows for top1465 when data_dir has it. opts = {runs =, budget =, quick =}. Returns the rows
-- and the ratios the notes quote.
function bench_lab.rows(sudoku, data_dir, opts)
  local path = data_dir .. "/magictour_top1465_solved.txt"
  local f = io.open(path, "r")
  if not f then return {}, {} end
  f:close()
  local heuristic = require "sudoku.heuristic"
  local lab = require "sudoku.lab"
  local puzzles, solutions = records(path, opts.quick and 300 or nil)
  local wdeg, mrv = heuristic.get("wdeg"), heuristic.get("mrv")
  local nodes = {}

  local function measured(label, work)
    local total = 0
    local m = measure.new {
      items = puzzles, budget = opts.budget, work = work,
      check = function(p, r)
        if r[1] ~= solutions[p] then error(label .. ": wrong solution for " .. p, 0) end
        total = total + r[2]
      end,
    }
    for _ = 1, opts.runs do m:run() end
    local result = m:result()
    nodes[label] = total / (opts.runs * result.n)
    return result
  end

  local builtin = measured("built-in", function(p)
    local b = sudoku.parse(p)
    local s = sudoku.Solver.new(b)
    s:step()
    return { b:symbols(), s:stats().nodes }
  end)
  local lua_mrv = measured("mrv", function(p)
    local b = sudoku.parse(p)
    local s = sudoku.Solver.new(b, heuristic.options(mrv))
    s:step()
    return { b:symbols(), s:stats().nodes }
  end)
  -- The lab takes its puzzles a chunk at a time, as a lab run takes a whole set.
  local through_lab
  do
    local total = 0
    local m = measure.new {
      items = puzzles, budget = opts.budget,
      work_chunk = function(items, first, last, results)
        local slice = {}
        for k = first, last do slice[#slice + 1] = items[k] end
        local runs = lab.run(slice, { wdeg }).runs[1]
        for k = first, last do results[k - first + 1] = runs[k - first + 1] end
      end,
      check = function(p, run)
        -- The lab verified the solution against the puzzle; this is the set's own.
        if not run.solved then error("lab: unsolved " .. p, 0) end
        total = total + run.nodes
      end,
    }
    for _ = 1, opts.runs do m:run() end
    through_lab = m:result()
    nodes.lab = total / (opts.runs * through_lab.n)
  end

  local function per_node(m, label) return m.median / (m.n * nodes[label]) * 1e6 end
  local ratios = {
    mrv_per_node = per_node(lua_mrv, "mrv") / per_node(builtin, "built-in"),
    lab_overhead = through_lab.median / builtin.median - 1,
  }
  local rows = {
    (report.timing("(a) built-in choice, `Solver.new(board):step()`", builtin,
      ("%.2f nodes/puzzle, %.2f µs/node"):format(nodes["built-in"], per_node(builtin, "built-in")))),
    (report.timing("(b) MRV in Lua, `sudoku.heuristic.mrv` on the solver's view", lua_mrv,
      ("%.2f nodes/puzzle, %.2f µs/node: %.2fx (a)'s per node"):format(nodes.mrv,
        per_node(lua_mrv, "mrv"), ratios.mrv_per_node))),
    (report.timing("(c) the built-in choice through the lab, `lab.run({p}, {wdeg})`", through_lab,
      ("%+.1f %% on (a): parsing, copying, verifying"):format(ratios.lab_overhead * 100))),
  }
  return rows, ratios
end

return bench_lab
