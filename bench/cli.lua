-- Row (g): the `sudoku` command over a set's file, whole process (start, reading, solving,
-- writing), as a pipeline runs it. One thread is timed in the child's CPU time (the shell's
-- `times`), two threads on the wall clock; the output of each run is checked: a line per
-- puzzle, each the published solution where the file has one, or the count / verdict expected.
local measure = require "bench.measure"
local shell = require "bench.shell"

local cli = {}

-- The interpreter running the bench, to run bin/sudoku with the same Lua.
local interpreter = shell.interpreter

-- Runs `sudoku ARGS FILE` once from the checkout at root, its output to out_path. Returns its
-- CPU seconds, its wall seconds. Raises when it fails.
local function once(root, args, file, out_path)
  local quote, words = shell.quote, {}
  for i, a in ipairs(args) do words[i] = quote(a) end
  local out, status, cpu, wall = shell.timed(("cd %s && %s bin/sudoku %s %s > %s"):format(
    quote(root), quote(interpreter()), table.concat(words, " "), quote(file), quote(out_path)))
  if status ~= "0" or not cpu then
    error(("`sudoku %s` failed on %s:\n%s"):format(table.concat(args, " "), file, out), 0)
  end
  return cpu, wall
end

-- Checks the command's output (a file) against expect(k, line) for puzzle k; raises on the
-- first wrong line.
local function check(out_path, n, expect, what)
  local f = assert(io.open(out_path, "r"))
  local k = 0
  for line in f:lines() do
    k = k + 1
    local ok, why = expect(k, line)
    if not ok then
      f:close()
      error(("%s: output line %d is wrong: %s"):format(what, k, why or line), 0)
    end
  end
  f:close()
  if k ~= n then error(("%s: %d output lines for %d puzzles"):format(what, k, n), 0) end
end

-- Runs run_once() (its CPU and wall seconds, and optionally the CPU seconds of the library
-- call inside it) `runs` times, checks the output file after the first run (see check), and
-- removes it and the files of `also_remove` whatever happens. Returns the times (wall times
-- when wall is true) as a result for report.timing.
local function timed_runs(opts, out_path, run_once, wall, also_remove)
  local times, walls, calls = {}, {}, {}
  local ok, err = pcall(function()
    for run = 1, opts.runs do
      local cpu, elapsed, call = run_once()
      times[run], walls[run], calls[run] = wall and elapsed or cpu, elapsed, call
      if run == 1 then check(out_path, opts.n, opts.expect, opts.label) end
    end
  end)
  -- Also when the command failed or its output was wrong.
  os.remove(out_path)
  for _, path in ipairs(also_remove or {}) do os.remove(path) end
  if not ok then error(err, 0) end
  local mid, lo, hi = measure.median(times)
  -- The wall clock's median too: one thread against two is told in wall time.
  return { n = opts.n, of = opts.n, runs = opts.runs, median = mid, min = lo, max = hi,
           wall = measure.median(walls), call = #calls > 0 and measure.median(calls) or nil }
end

-- Times `sudoku ARGS FILE` runs times. opts = {root =, args =, file =, n = puzzles, threads =,
-- expect = function(k, line) -> ok, why, label =}. Returns a result for report.timing.
function cli.time(opts)
  local out_path = os.tmpname()
  return timed_runs(opts, out_path, function()
    return once(opts.root, opts.args, opts.file, out_path)
  end, opts.threads > 1)
end

-- The same work as a script of the library's own: a process that loads sudoku, reads the
-- file, calls solve_many on one thread and writes the solutions, a line each; timed and checked
-- as cli.time does (CPU time). opts = {file =, n =, expect =, runs =, label =}; the module paths
-- are the bench's own. The result's `call` is the CPU time of the solve_many call alone, as a
-- process that solves a file once sees it. Row (f), the median of repeated calls in one
-- process, runs faster than that first call: its answers for the whole set are new memory
-- that the first call touches (page faults, dear on a VM) and later calls reuse (on the
-- 17-clue set: 2,471 faults and 102 ms for the first call, none and 72 ms for the fourth).
function cli.time_script(opts)
  local script_path, out_path = os.tmpname(), os.tmpname()
  local f = assert(io.open(script_path, "w"))
  f:write(("package.path = %q\npackage.cpath = %q\n"):format(package.path, package.cpath), [[
local sudoku = require "sudoku"
local input = assert(io.open(arg[1], "rb"))
local text = input:read("*a")
input:close()
local started = os.clock()
local solutions = sudoku.solve_many(text, { threads = 1 })
io.stderr:write(("solve_many=%.9f\n"):format(os.clock() - started))
io.write(table.concat(solutions, "\n"), "\n")
]])
  f:close()
  return timed_runs(opts, out_path, function()
    local out, status, cpu, wall = shell.timed(("%s %s %s > %s"):format(
      shell.quote(interpreter()), shell.quote(script_path), shell.quote(opts.file),
      shell.quote(out_path)))
    local call = tonumber(out:match("solve_many=([%d.]+)"))
    if status ~= "0" or not cpu or not call then
      error("the solve_many script failed:\n" .. out, 0)
    end
    return cpu, wall, call
  end, false, { script_path })
end

return cli
