-- `make bench`: times the solver over the shared puzzle sets and prints Markdown.
--
--   lua5.4 bench/run.lua --cbench build/5.4/bench/cbench [--flags TEXT] [--data DIR] [--quick]
--                        [--runs N] [--budget SECONDS] [--only NAME]
--
-- Prints a machine line, then one table per dataset (rows (a) to (f), see docs/DEVELOPING.md,
-- "Benchmarks"; with tdoku timed beside row (a) when TDOKU_BENCH names its run_benchmark), the
-- tdoku summary, the generators' table, the variants table (bench/variants.lua), sigh's
-- Interactive Sudoku Solver beside ours on the variants (bench/iss_side.lua, when SUDOKU_ISS
-- names its tree), the memory table (bench/churn.lua) and the memory line. Every timed answer
-- is verified; a wrong one stops the bench with exit status 1 and a message naming the dataset
-- and the puzzle's line (a variant puzzle's file and id). Exit status 2: bad usage or missing
-- data.
local root = (arg and arg[0] or ""):match("^(.*)bench/run%.lua$") or "./"
if root == "" then root = "./" end
local lua_version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit

-- This checkout's fresh build and sources first, never an installed copy (as spec/helper.lua).
package.path = table.concat({ root .. "?.lua", root .. "lua/?.lua", root .. "lua/?/init.lua",
                              package.path }, ";")
package.cpath = root .. "build/" .. lua_version .. "/?.so;" .. package.cpath

local clock = require "bench.clock"
local datasets = require "bench.datasets"
local measure = require "bench.measure"
local cdriver = require "bench.cdriver"
local tdoku = require "bench.tdoku"
local bench_cli = require "bench.cli"
local rows = require "bench.rows"
local report = require "bench.report"

local USAGE = [[
usage: lua5.4 bench/run.lua --cbench PATH [options]   (what `make bench` runs)
  --cbench PATH      the C driver for row (a), built by `make bench` (build/5.4/bench/cbench)
  --flags TEXT       the compile command to show in the machine line
  --data DIR         the puzzle sets (default: ../shared/data beside the checkout)
  --quick            the first puzzles of each set only (make bench QUICK=1)
  --runs N           runs per figure, of which the median is shown (default 5, QUICK 3)
  --budget SECONDS   time box of a measurement's first run (default 60, QUICK 2)
  --only NAME        only the sets whose file name contains NAME, or whose label is NAME
                     (the variants table runs when NAME is part of "variants", the
                     variant generators' table when it is part of "gen_variant", the
                     ISS table (with SUDOKU_ISS set) when it is part of "iss", the
                     generators' when part of "generators", the memory table when part
                     of "memory", the frames table when part of "frames")
exit status: 0 done, 1 a wrong answer or a failure, 2 bad usage or missing data]]

local function fail(status, msg)
  io.stderr:write("bench: ", msg, "\n")
  os.exit(status)
end

local function parse_args(argv)
  local o = { data = root .. "../shared/data", quick = false }
  local i = 1
  while i <= #argv do
    local a = argv[i]
    local function value()
      i = i + 1
      if argv[i] == nil then fail(2, "option " .. a .. " needs a value") end
      return argv[i]
    end
    if a == "--help" or a == "-h" then
      print(USAGE)
      os.exit(0)
    elseif a == "--quick" then o.quick = true
    elseif a == "--cbench" then o.cbench = value()
    elseif a == "--flags" then o.flags = value()
    elseif a == "--data" then o.data = value()
    elseif a == "--runs" then o.runs = tonumber(value())
    elseif a == "--budget" then o.budget = tonumber(value())
    elseif a == "--only" then o.only = value()
    else fail(2, "unknown option " .. a .. " (--help lists them)") end
    i = i + 1
  end
  if not o.cbench then fail(2, "--cbench PATH (the C driver, built by `make bench`) is required") end
  o.runs = o.runs or (o.quick and 3 or 5)
  -- Seconds after which the first run of one measurement stops (the later ones repeat it).
  o.budget = o.budget or (o.quick and 2 or 60)
  -- 25x25: QUICK takes the first puzzles only; a full run takes what fits in the budget.
  o.big_budget = o.quick and 10 or 60
  o.big_runs = 3
  return o
end

local function cpu_model()
  local f = io.open("/proc/cpuinfo", "r")
  local model, cores = nil, 0
  if f then
    for line in f:lines() do
      local m = line:match("^model name%s*:%s*(.-)%s*$")
      if m then model = model or m; cores = cores + 1 end
    end
    f:close()
  end
  if not model then
    local p = io.popen("uname -m 2>/dev/null")
    model = p and p:read("l") or "unknown CPU"
    if p then p:close() end
  end
  return model, cores
end

-- The first n items of a list, as a new list.
local function first(items, n)
  local out = {}
  for i = 1, n do out[i] = items[i] end
  return out
end

local function file_exists(path)
  local f = io.open(path, "r")
  if f then f:close() return true end
  return false
end

local opts = parse_args(arg)
local data_dir = opts.data:gsub("/$", "")
if not file_exists(data_dir .. "/sudoku17_royle.txt") then
  fail(2, ("no puzzle sets in %s: the bench reads the shared data folder (../shared/data beside "
    .. "the checkout, or --data DIR)"):format(data_dir))
end

for _, set in ipairs(datasets.list) do
  if not file_exists(data_dir .. "/" .. datasets.file(set)) then
    fail(2, ("missing %s in %s"):format(datasets.file(set), data_dir))
  end
end

local sudoku = require "sudoku"
local core_path = package.searchpath("sudoku.core", package.cpath)
local info = cdriver.info(opts.cbench)
local model, cores = cpu_model()

local out = {}
local function say(s) out[#out + 1] = s; print(s); io.stdout:flush() end

say("# sudoku benchmarks")
say("")
say(("machine: %s (%d cores) | compiler %s | flags `%s` | %s%s | fast path %s | clock: CPU time "
  .. "(2 threads: wall, %s)")
  :format(model, cores, info.compiler, (opts.flags or "?"):gsub("%s+", " "):gsub(" $", ""), _VERSION,
          (jit and (" / " .. jit.version)) or "", info.isa, clock.source))
say(("module: %s | data: %s"):format(core_path or "?", data_dir))
say(("mode: %s; each figure is the median of %d runs (25x25: %d), the first run of each "
  .. "measurement time-boxed at %g s (25x25: %g s) and the later runs repeating its puzzles; "
  .. "every answer verified, outside the timed loops")
  :format(opts.quick and "QUICK (the first puzzles of each set)" or "full sets", opts.runs,
          opts.big_runs, opts.budget, opts.big_budget))

local results = {}   -- per set name: {a =, a2 =, b =, ..., tdoku =}
local tdoku_bin = tdoku.find()
local solver_bytes = {}

-- The hook's cost per puzzle, round by round: each round runs (d) and then (c0) (the same
-- search without the hook) back to back over the same puzzles, so that the median of the
-- rounds' differences is what the hook costs whatever the host did between rounds. The hook
-- is a tenth of a search or less, so each side of a round lasts about HOOK_ROUND seconds: the
-- first puzzles of `items` that take that long (by (d)'s time per puzzle, `per_puzzle`),
-- repeated when the set is shorter. On 16x16 a single pass (37 puzzles, 4 ms) let the host's
-- noise through (49.6 and 59.3 ns in two runs where 41 rounds of 30 ms gave 19.4). Returns the
-- differences per puzzle, the puzzles of a round and the repeats of a round.
local HOOK_ROUND, HOOK_ROUNDS = 0.05, 21
local function hook_rounds(d, c0, items, per_puzzle)
  local count = math.min(#items, math.max(1, math.ceil(HOOK_ROUND / per_puzzle)))
  local subset = first(items, count)
  local repeats = math.max(1, math.floor(HOOK_ROUND / (count * per_puzzle) + 0.5))
  local function pass(row)
    local started = clock.cpu()
    for _ = 1, repeats do
      for _, item in ipairs(subset) do row.work(item) end
    end
    return clock.cpu() - started
  end
  local differences = {}
  for k = 1, HOOK_ROUNDS do differences[k] = (pass(d) - pass(c0)) / (repeats * count) end
  return differences, subset, repeats
end

-- Row (g): the command, whole process, over the puzzles `subset` (written to a file of their
-- own): solve on 1 and 2 threads, count --limit 2, and validate for sets of unique puzzles;
-- with a note comparing it with row (f) (the same work through solve_many, in-process).
local function cli_rows(set, subset, runs, table_rows, notes, r, f1_once)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  for _, item in ipairs(subset) do f:write(item.puzzle, "\n") end
  f:close()
  local unique = set.mode ~= "count"
  local function solved(k, line)
    local item = subset[k]
    if item.solution then return line == item.solution, "not the published solution" end
    local board = sudoku.parse(line)
    if not board or not board:is_solved() then return false, "not a solved grid" end
    for i = 1, 81 do
      local c = item.puzzle:sub(i, i)
      if c:match("[1-9]") and c ~= line:sub(i, i) then return false, "a given changed" end
    end
    return true
  end
  local function equals(text) return function(_, line) return line == text end end
  local commands = {
    { { "solve", "-j", "1" }, 1, solved },
    { { "solve", "-j", "2" }, 2, solved },
    { { "count", "--limit", "2", "-j", "1" }, 1, equals(unique and "1" or "2") },
  }
  if unique then commands[#commands + 1] = { { "validate", "-j", "1" }, 1, equals("unique") } end
  local solve1, solve2, count1, same_command
  for _, c in ipairs(commands) do
    local label = ("(g) `sudoku %s FILE`, whole process%s"):format(table.concat(c[1], " "),
      c[2] > 1 and " (wall time)" or "")
    local m = bench_cli.time{ root = root, args = c[1], file = path, n = #subset, threads = c[2],
                              expect = c[3], runs = runs, label = set.label .. " " .. label }
    if c[1][1] == "solve" then
      if c[2] == 1 then solve1 = m else solve2 = m end
    elseif c[1][1] == "count" then
      count1 = m
    end
    -- The command that does (f)'s work: solve on one thread, or count for a set of several
    -- solutions.
    if (unique and c[1][1] == "solve" and c[2] == 1) or (not unique and c[1][1] == "count") then
      same_command = c
    end
    table_rows[#table_rows + 1] = report.timing(label, m)
  end
  -- The command's fixed cost: start, load, detect, on a file of one puzzle.
  local one_path = os.tmpname()
  f = assert(io.open(one_path, "w"))
  f:write(subset[1].puzzle, "\n")
  f:close()
  local start = bench_cli.time{ root = root, args = { "solve", "-j", "1" }, file = one_path,
                                n = 1, threads = 1, expect = solved,
                                runs = runs, label = set.label .. " start-up" }
  os.remove(one_path)
  local same = unique and solve1 or count1
  if r.f1 and same and f1_once then
    -- Paired, as tdoku is beside row (a): each of `runs` pairs times (f) on 1 thread (3 runs,
    -- its median) and then the command (one run, whole process) on the whole set again; the
    -- ratio is the median of the pairs' ratios, so that a host that speeds up or slows down
    -- between the rows moves both sides. The rows above were timed minutes apart.
    local ratios, script_ratios, first_ratios = {}, {}, {}
    for k = 1, runs do
      local inproc = f1_once()
      local cmd = bench_cli.time{ root = root, args = same_command[1], file = path,
                                  n = #subset, threads = 1, expect = same_command[3],
                                  runs = 1, label = set.label .. " paired" }
      ratios[k] = inproc.median / cmd.median
      -- And beside it, for sets of unique puzzles, the same work as a script process of
      -- the library's: the whole process on both sides.
      if unique then
        local script = bench_cli.time_script{ file = path, n = #subset, expect = solved,
                                              runs = 1, label = set.label .. " script" }
        script_ratios[k] = script.median / cmd.median
        first_ratios[k] = script.call / cmd.median
      end
    end
    notes[#notes + 1] = ("(g) the command's `%s -j 1`, whole process, runs at %.2f of (f) "
      .. "`solve_many` on 1 thread (puzzles/s; median over %d pairs of (f), 3 runs, then the "
      .. "command, 1 run; the rows alone give %.2f)%s; its start-up (a file of one puzzle) "
      .. "takes %.1f ms, beyond which it runs at %.2f of (f) by the rows; `solve -j 2` at %.2fx "
      .. "`solve -j 1` (wall time, the medians of the rows' runs)"):format(
      unique and "solve" or "count --limit 2", measure.median(ratios), runs,
      r.f1.median / same.median,
      unique and (", at %.2f of a script process that reads the file, calls solve_many "
        .. "and writes the solutions, and at %.2f of that solve_many call alone, the "
        .. "library's one pass over the file in a new process as the command's is (CPU "
        .. "time; medians of the same pairs' ratios; see bench/cli.lua on why (f) is "
        .. "faster)"):format(
          measure.median(script_ratios), measure.median(first_ratios)) or "",
      start.median * 1000, r.f1.median / math.max(same.median - start.median, 1e-9),
      solve1.wall / solve2.median)
  end
  os.remove(path)
end

local function run_set(set)
  local started = clock.now()
  local path = data_dir .. "/" .. datasets.file(set)
  local max = opts.quick and set.quick or nil
  local big = set.size >= 25
  local runs = big and opts.big_runs or opts.runs
  local budget = big and opts.big_budget or opts.budget
  local items = datasets.read(path, max)
  local total = #datasets.read(path)
  local table_rows, notes = {}, {}
  local r = {}
  results[set.name] = r

  say("")
  say(("## %s: `%s`, %s of %s puzzles, %s"):format(set.label, datasets.file(set),
    report.number(#items), report.number(total),
    set.mode == "count" and ("count up to %d, every count must be %d"):format(set.limit, set.expect)
      or "first solution, verified"))
  say("")

  if set.size == 9 then
    -- The API's answer (the first solution found), then the count to 2 (the uniqueness proof,
    -- which is what tdoku measures by default), then the same count on the portable code.
    local copts = { mode = "solve", any = set.mode == "count", max = max, runs = runs,
                    budget = budget, label = set.name }
    r.a = cdriver.run(opts.cbench, path, copts)
    table_rows[#table_rows + 1] = report.timing(
      "(a) C fast path `sdk_fast9_solve`: the first solution found (the API's answer)", r.a, r.a.isa)
    local count = { mode = "count", limit = 2, expect = set.mode == "count" and set.expect or 1,
                    max = max, runs = runs, budget = budget, label = set.name }
    r.a2 = cdriver.run(opts.cbench, path, count)
    table_rows[#table_rows + 1] = report.timing(
      "(a) C fast path `sdk_fast9_count(limit 2)`: counted to 2 (tdoku's measure)", r.a2, r.a2.isa)
    if r.a2.isa ~= "portable" then
      count.portable = true
      local p = cdriver.run(opts.cbench, path, count)
      table_rows[#table_rows + 1] = report.timing("(a) the same count, portable code", p, p.isa)
      count.portable = nil
    end
    if tdoku_bin then
      -- Side by side: each of `runs` pairs times our count to 2 (3 runs, its median) and then
      -- tdoku's (one run of its own program) on the same puzzles; the ratio is the median of
      -- the pairs' ratios, so that a host that speeds up or slows down moves both sides.
      local puzzles = {}
      for k = 1, r.a2.n do puzzles[k] = items[k].puzzle end
      local ours, theirs, ratios, shares, guesses = {}, {}, {}, {}, nil
      -- Our side runs the set often enough to span about as long as tdoku's timed seconds
      -- (at least 3 runs, their median), so that both sides see the host over a like stretch
      -- of time: a short set timed 3 times in 30 ms moved with every hiccup of a shared host.
      local seconds = opts.quick and 1 or 2
      count.max, count.budget = r.a2.n, nil
      count.runs = math.max(3, math.min(500, math.ceil(seconds / math.max(r.a2.median, 1e-6))))
      for k = 1, runs do
        local a = cdriver.run(opts.cbench, path, count)
        local t = tdoku.run(tdoku_bin, puzzles, { warmup = 1, seconds = seconds })
        ours[k], theirs[k], shares[k], guesses = a.n / a.median, t.pps, t.share, t.guesses
        ratios[k] = ours[k] / theirs[k]
      end
      r.tdoku = { ours = measure.median(ours), theirs = measure.median(theirs),
                  ratio = measure.median(ratios), guesses = guesses,
                  ours_guesses = r.a2.guesses / r.a2.n, share = measure.median(shares),
                  first = (r.a.n / r.a.median) / measure.median(theirs) }
      local pps = r.tdoku.theirs
      table_rows[#table_rows + 1] = { "tdoku `run_benchmark -r 0` on the same puzzles (counts to 2)",
        report.number(r.a2.n), report.number(pps), report.auto(1e6 / pps),
        report.auto(guesses), ("ours / tdoku %.2f, side by side (ours %s/s in those pairs)")
          :format(r.tdoku.ratio, report.number(r.tdoku.ours)) }
      notes[#notes + 1] = ("tdoku: %s, counting to 2, its own puzzles/s turned into CPU time by "
        .. "the share of a core its process had (median %.3f); ratio = median over %d pairs of "
        .. "(our count to 2, the median of %d runs: about %d s) then (tdoku, 1 run of %d s)")
        :format(tdoku_bin, r.tdoku.share, runs, count.runs, seconds, seconds)
    end
  end

  local function lua_row(row, subset, b)
    return measure.new{ items = subset, budget = b or budget, work = row.work, check = row.check,
                        chunk = set.size >= 16 and 1 or 64 }
  end

  if not big then
    local b = rows.lua_solve(sudoku, set)
    -- Chunks of 1024: the answers are checked between chunks, and checking after every 64
    -- puzzles would leave the solver's tables out of cache at the start of every chunk.
    r.b = measure.run{ items = items, runs = runs, budget = budget, work = b.work,
                       work_chunk = b.work_chunk, check = b.check, chunk = 1024 }
    table_rows[#table_rows + 1] = report.timing(b.label, r.b)
    -- The Lua path against C, pair by pair: each pair of runs is timed back to back, so that a
    -- machine that speeds up or slows down between the two rows moves both, and the ratio is
    -- the median over the pairs.
    if set.lua_target and r.a then
      local mb = measure.new{ items = first(items, r.b.n), work = b.work,
                              work_chunk = b.work_chunk, check = b.check, chunk = 1024 }
      local ratios = {}
      for k = 1, runs do
        local a = cdriver.run(opts.cbench, path, { mode = "solve", any = set.mode == "count",
                                                   max = r.b.n, runs = 1, label = set.name })
        mb:run()
        ratios[k] = (a.median / a.n) / (mb.times[k] / mb.n)
      end
      r.paired = measure.median(ratios)
    end
  end

  -- (c) and (d) take turns run by run, so that both see the same machine, and (d) takes the
  -- puzzles that (c)'s time box let through. The hook's cost per event is measured after them
  -- (hook_rounds), against (c0): (c) on (d)'s tree (rows.engine_same_tree).
  local c = rows.engine(sudoku, set)
  local mc = lua_row(c, items):run()
  local d, md
  if not big then
    d = rows.engine_hook(sudoku, set)
    md = lua_row(d, first(items, mc.n), budget * 3):run()
  end
  for _ = 2, runs do
    mc:run()
    if md then md:run() end
  end
  r.c = mc:result()
  table_rows[#table_rows + 1] = report.timing(c.label, r.c)
  if c.last then solver_bytes[set.size] = math.max(solver_bytes[set.size] or 0, c.last:bytes()) end

  if big then
    notes[#notes + 1] = "(b) and (d) are left out on 25x25 for time; (b) runs the same engine as (c)."
  else
    r.d = md:result()
    local events = d.count_events(first(items, r.d.n)) / r.d.n
    table_rows[#table_rows + 1] = report.timing(d.label, r.d,
      ("%s events/puzzle"):format(report.auto(events)))
    local per_c, per_d = r.c.median / r.c.n, r.d.median / r.d.n
    local differences, subset, repeats = hook_rounds(d, rows.engine_same_tree(sudoku, set),
                                                     first(items, r.d.n), per_d)
    local subset_events = d.count_events(subset) / #subset
    r.hook_ns = measure.median(differences) / subset_events * 1e9
    notes[#notes + 1] = ("(d) cost of the hook: %s ns per place event = the median over %d "
      .. "rounds of (time with the hook − time of the same search without it, back to back, "
      .. "each over the set's first %s puzzles %s) / their place events (counted in a run of "
      .. "their own); the search without it has a no-op on_solution, which turns "
      .. "value-symmetry pruning off as any hook that may veto does")
      :format(report.auto(r.hook_ns), #differences, report.number(#subset),
              repeats == 1 and "once" or ("%d times"):format(repeats))
    if r.d.n == r.c.n and r.d.guesses ~= r.c.guesses then
      notes[#notes + 1] = ("(d) searched a larger tree than (c) (%s against %s guesses, value-"
        .. "symmetry pruning off): with it, (d) − (c) is %s ns per place event"):format(
        report.number(r.d.guesses), report.number(r.c.guesses),
        report.auto((per_d - per_c) / events * 1e9))
    end
  end

  if set.size == 9 then
    local n = r.b and r.b.n or #items
    local subset = first(items, n)
    local f1_once
    for _, threads in ipairs{ 1, 2 } do
      local f = rows.solve_many(sudoku, set, subset, threads)
      if not f then
        notes[#notes + 1] = "(f) skipped: this build has no `sudoku.solve_many`."
        break
      end
      local m = measure.once{ n = n, runs = runs, work = f.work, check = f.check, threads = threads }
      m.guesses = f.guesses
      r["f" .. threads] = m
      table_rows[#table_rows + 1] = report.timing(f.label, m)
      if threads == 1 then
        f1_once = function()
          return measure.once{ n = n, runs = 3, work = f.work, check = f.check, threads = 1 }
        end
      end
    end
    cli_rows(set, subset, runs, table_rows, notes, r, f1_once)
  end

  notes[#notes + 1] = ("this set took %.1f s of wall time to run and verify"):format(
    clock.now() - started)
  say(report.table(report.TIMING_HEADER, table_rows, report.TIMING_ALIGN))
  say("")
  for _, note in ipairs(notes) do say("- " .. note) end
end

local ok, err = pcall(function()
  for _, set in ipairs(datasets.list) do
    if not opts.only or set.name:find(opts.only, 1, true) or set.label == opts.only then
      run_set(set)
    end
  end
end)
if not ok then fail(1, tostring(err)) end

-- tdoku beside us.
say("")
say("## tdoku side by side (count to 2, CPU time, same puzzles)")
say("")
local ref = {}
for _, set in ipairs(datasets.list) do
  local r = results[set.name]
  if r and r.tdoku then
    local t = r.tdoku
    ref[#ref + 1] = { set.label, report.number(t.theirs), report.number(t.ours),
                      ("**%.2f**"):format(t.ratio), ("%.2f"):format(t.first),
                      ("%s / %s"):format(report.auto(t.ours_guesses), report.auto(t.guesses)) }
  end
end
if #ref > 0 then
  say(report.table({ "set", "tdoku puzzles/s", "ours, count to 2", "ratio (paired)",
                     "ours, solve (first solution) / tdoku", "guesses/puzzle ours / tdoku" },
                   ref, "lrrrrr"))
  say("")
  say("Both count to 2 (tdoku's default measure: the solution and the proof that it is the only")
  say("one); the fifth column is our `solve` (first solution, the API's answer) over tdoku's count.")
elseif tdoku_bin then
  say("(no 9x9 set ran)")
else
  say("Skipped: set TDOKU_BENCH to tdoku's `run_benchmark` (built outside this project, see")
  say("docs/DEVELOPING.md, \"Benchmarks\") to time it beside ours.")
end
for _, set in ipairs(datasets.list) do
  local r = results[set.name]
  if set.lua_target and r and r.a and r.b then
    local ratio = (r.b.n / r.b.median) / (r.a.n / r.a.median)
    say("")
    say(("%s, Lua per puzzle (b) / C (a), in puzzles/s: %.2f paired (the median over %d pairs of "
      .. "runs timed back to back), %.2f from the medians in the table (target: at least %.2f, "
      .. "the Lua path within %d %% of C)"):format(set.label, r.paired or ratio, opts.runs, ratio,
      set.lua_target, math.floor((1 - set.lua_target) * 100 + 0.5)))
  end
end

-- CaDiCaL beside us on 25x25 (issue 37), when `cadical` is on PATH: bench/sat_side.lua. Runs
-- with no --only, with the 25x25 set's name or label, or a part of "sat" or "cadical".
do
  local sat = require "bench.sat_side"
  if sat.wanted(opts.only) then
    local sat_ok, sat_err = pcall(sat.section, sudoku, { data = data_dir, quick = opts.quick, say = say })
    if not sat_ok then fail(1, tostring(sat_err)) end
  end
end

-- Generators.
if not opts.only or ("generators"):find(opts.only, 1, true) then
  say("")
  say("## Generators: new puzzles per second (`sudoku.gen.puzzle`, seeds 1, 2, ...)")
  say("")
  local gen_ok, gen_rows = pcall(require("bench.gen").rows, sudoku,
    { quick = opts.quick, runs = opts.runs, budget = opts.budget })
  if not gen_ok then fail(1, tostring(gen_rows)) end
  say(report.table(report.TIMING_HEADER, gen_rows, report.TIMING_ALIGN))
  say("")
  say("- \"puzzles\" counts generated puzzles; the guesses column does not apply. Each puzzle is "
    .. "checked outside the timed loop: one solution by an independent search, and for 9x9 no "
    .. "given that can go.")
end

-- A section of timing rows: its title, the rows that rows_of() gives (a failure ends the run),
-- and its notes, each a bullet.
local function timing_section(name, title, rows_of, notes)
  if opts.only and not name:find(opts.only, 1, true) then return end
  say("")
  say("## " .. title)
  say("")
  local done, section_rows = pcall(rows_of)
  if not done then fail(1, tostring(section_rows)) end
  say(report.table(report.TIMING_HEADER, section_rows, report.TIMING_ALIGN))
  say("")
  for _, note in ipairs(notes) do say("- " .. note) end
end

-- Canonical forms (issue 19).
timing_section("canonical", "Canonical forms: `gen.canonical`, one representative per class of "
  .. "equivalent puzzles", function()
    return require("bench.canon").rows(sudoku, data_dir, { cbench = opts.cbench, runs = opts.runs,
      budget = opts.budget, quick = opts.quick, root = root })
  end, {
    "C: bench/cbench.c `canon`, the search alone (no transform map), one core, CPU time; "
      .. "Lua: `gen.canonical(line)` a line at a time (the first 20,000 lines of a set), which also "
      .. "builds the transform table; the commands' rows are `bin/sudoku dedup` and `bin/sudoku "
      .. "canon` on 1 thread (CPU time) and 2 (wall clock), start-up, reading and writing included. "
      .. "Goal (issue 19): 100,000 puzzles/s per core in C.",
  })

-- The heuristics lab (issue 20).
timing_section("lab", "Heuristics lab: a strategy in Lua and the lab's overhead (magictour top1465)",
  function()
    return require("bench.lab").rows(sudoku, data_dir,
      { runs = opts.runs, budget = opts.budget, quick = opts.quick })
  end, {
    "First solution, one core, CPU time. (b) runs the same rule as (a) before any "
      .. "contradiction (dom/wdeg is MRV until a unit is blamed), so its cost per node is what a "
      .. "strategy written in Lua on the solver's view pays: goal (issue 20) within 3x of (a). "
      .. "(c) is one search per puzzle through `lab.run`, goal at most 10 % over (a).",
  })

-- Variant generators.
timing_section("gen_variant", "Variant generators: puzzles per second (`gen.puzzle{variant = ...}`, "
  .. "seeds 1, 2, ...)", function()
    return require("bench.gen_variant").rows(sudoku,
      { quick = opts.quick, runs = opts.runs, budget = opts.budget })
  end, {
    "Each seed's puzzle is checked once, outside the timed loop, by a count that does not use "
      .. "the rules the generator counted with (bench/gen_variant.lua: exactly one solution, the one "
      .. "returned, which keeps the givens and satisfies every rule); later runs must give the same "
      .. "puzzle. The note gives the mean givens and rules (regions for x, windoku, jigsaw) per puzzle.",
  })

-- Generation by difficulty.
if not opts.only or ("levels"):find(opts.only, 1, true) then
  say("")
  say("## Puzzles by difficulty: `gen.puzzle{level = ...}` on 9x9, 6x6 and 16x16 beside QQWing")
  say("")
  local bl = require "bench.levels"
  local gen, logic, difficulty = require "sudoku.gen", require "sudoku.logic",
    require "sudoku.gen.difficulty"
  -- 9x9 at most 200 grids a puzzle (the default, 1000, only costs time there); 6x6 with gen's
  -- defaults; 16x16 a few puzzles, each within a time limit (a hard one takes tens of seconds;
  -- the rating of an extreme one, minutes: the limit is checked between searches, not inside it).
  local shapes = {
    { label = "9x9", size = 9, attempts = 200, count = opts.quick and 10 or 100,
      seconds = opts.quick and 10 or 60 },
    { label = "6x6", box = { 2, 3 }, count = opts.quick and 10 or 50,
      seconds = opts.quick and 10 or 60 },
    { label = "16x16", size = 16, count = opts.quick and 1 or 2, timeout = opts.quick and 30 or 60,
      seconds = opts.quick and 30 or 60 },
  }
  local level_rows = {}
  for _, shape in ipairs(shapes) do
    for _, row in ipairs(bl.ours(gen, logic, difficulty, shape.count, shape.seconds, shape)) do
      level_rows[#level_rows + 1] = row
    end
  end
  for _, row in ipairs(bl.qqwing(opts.quick and 100 or 1000) or {}) do
    level_rows[#level_rows + 1] = row
  end
  say(report.table(bl.HEADER, level_rows, bl.ALIGN))
  say("")
  for _, shape in ipairs(shapes) do
    say(("- sudoku.gen %s: up to %d puzzles per level (seeds 1..%d, %s, each level within %d s"
      .. "%s)."):format(shape.label, shape.count, shape.count,
        shape.attempts and ("at most %d grids each"):format(shape.attempts) or "gen's defaults",
        shape.seconds, shape.timeout and (", a puzzle within %d s"):format(shape.timeout) or ""))
  end
  say("- CPU time of the generator only; \"in band\": re-rated by `sudoku.logic.rate` (SE bands in "
    .. "`sudoku.gen.difficulty`). A band no puzzle of a shape reaches (16x16 extreme within its "
    .. "limit) shows 0 %: gen.puzzle then returns the nearest puzzle with `info.reached` false. "
    .. "QQWing: `qqwing --generate N --difficulty LEVEL --one-line --timer`, its own total time; "
    .. "its levels are its own (by the techniques its solver needs), not SE bands.")
end

-- Frames: the steppable calls under a game's frame budget (issue 35).
if not opts.only or ("frames"):find(opts.only, 1, true) then
  say("")
  say("## Frames: the CPU time of one steppable call with a budget of 4 ms")
  say("")
  local bf = require "bench.frames"
  local fok, frows, fnotes = pcall(bf.rows, sudoku, { quick = opts.quick, data = data_dir })
  if not fok then fail(1, tostring(frows)) end
  say(report.table(bf.HEADER, frows, bf.ALIGN))
  say("")
  say("- Each call timed alone in CPU time (os.clock); the budget is on the monotonic clock, so a "
    .. "busy host shows less CPU per step, never more. Promise (docs/API.md): the budget plus at "
    .. "most about 1 ms. Not an assertion.")
  for _, note in ipairs(fnotes) do say("- " .. note) end
end

-- Variants.
local variants_dir = data_dir .. "/variants"
if not opts.only or ("variants"):find(opts.only, 1, true) then
  say("")
  say("## Variants: 9x9 puzzles of `variants/*.jsonl`, solved and proved unique with native rules")
  say("")
  if not file_exists(variants_dir .. "/README.md") then
    say("- skipped: no variants folder in " .. data_dir)
  else
    local v = opts.quick and { max = 10, seconds = 2, sample = 2, lua_seconds = 0.5, budget = 10 }
      or { seconds = 5, sample = 5, lua_seconds = 2, budget = 120 }
    v.dir = variants_dir
    local vok, vrows, vnotes = pcall(require("bench.variants").rows, sudoku, v)
    if not vok then fail(1, tostring(vrows)) end
    local bv = require "bench.variants"
    say(report.table(bv.HEADER, vrows, bv.ALIGN))
    say("")
    say(("- native: `sudoku.variant.board(record)`, then a `Solver` stepped to the solution and on "
      .. "until the search ends (count 2; a negative record: its count + 1); the first solution must "
      .. "be the published one. The search's CPU time (os.clock), one run per puzzle, each "
      .. "within %g s of wall clock (then \"timed out\")%s; nodes from `solver:stats()`.")
      :format(v.seconds,
        v.max and (", the first %d 9x9 records of each file"):format(v.max)
          or (", each family within %g s"):format(v.budget)))
    say(("- Lua predicate: the same search on the board without rules, with the rules as one "
      .. "`constraint` function (bench/predicate.lua), on the first %d records with rules of each "
      .. "family, each within %g s; the speed-up is the ratio of the medians over those puzzles "
      .. "(\"≥\": timed-out runs counted at %g s)."):format(v.sample, v.lua_seconds, v.lua_seconds))
    for _, note in ipairs(vnotes) do say("- " .. note) end
  end
end

-- sigh's Interactive Sudoku Solver beside ours on the variants' 9x9 records (issue 37).
if not opts.only or ("iss"):find(opts.only, 1, true) then
  local iss_side = require "bench.iss_side"
  say("")
  say("## ISS beside ours: 9x9 puzzles of `variants/*.jsonl`, counted to 2, per puzzle")
  say("")
  local found, tree = pcall(iss_side.find)
  if not found then fail(2, tostring(tree)) end
  if not file_exists(variants_dir .. "/README.md") then
    say("- skipped: no variants folder in " .. data_dir)
  elseif not tree then
    say("Skipped: set SUDOKU_ISS to a local tree of sigh's Interactive Sudoku Solver (kept outside")
    say("this project, run with node; see docs/DEVELOPING.md, \"Benchmarks\") to time it beside ours.")
  else
    local iok, irows, inotes, ifamilies = pcall(iss_side.rows, sudoku, {
      dir = variants_dir, tree = tree, root = root, runs = opts.runs,
      seconds = opts.quick and 5 or 60, max = opts.quick and 10 or nil })
    if not iok then fail(1, tostring(irows)) end
    say(report.table(iss_side.HEADER, irows, iss_side.ALIGN))
    say("")
    say(report.table(iss_side.FAMILY_HEADER, ifamilies, iss_side.FAMILY_ALIGN))
    say("")
    for _, note in ipairs(inotes) do say("- " .. note) end
  end
end

-- The rating.
local rated_path = data_dir .. "/rated/se_calibration.txt"
if not opts.only or ("rating"):find(opts.only, 1, true) then
  say("")
  say("## Rating: sudoku.logic's SE-style rating against Sukaku Explainer's (rated/se_calibration.txt)")
  say("")
  if not file_exists(rated_path) then
    say("- skipped: no " .. rated_path)
  else
    local rb = require "bench.rating"
    local records = rb.read(rated_path, opts.quick and 12 or nil)
    local rating_rows, sum = rb.run(sudoku, require "sudoku.logic", records)
    say(report.table(rb.HEADER, rating_rows, rb.ALIGN))
    say("")
    say(("- %d puzzles%s: Spearman rank correlation %.3f (stuck puzzles ranked above every "
      .. "rating), exact SE value on %.1f %%, stuck on %d; time per puzzle median %.3f ms, 99th "
      .. "percentile %.3f ms, all %.2f s (os.clock, one core). Goal (issue 15): Spearman at least "
      .. "0.95, exact on at least 80 %%, all in under 60 s.")
      :format(sum.puzzles, opts.quick and " (every 12th of the file)" or "", sum.spearman,
        100 * sum.exact, sum.stuck, sum.median_ms, sum.p99_ms, sum.total_s))
    -- Hints where a game asks for them: every position along the paths of a sample of the
    -- rated puzzles (SE 2.5 to 9.0), then of the forum's hardest (nested chains, SE 9.5 and up).
    local stride = opts.quick and 60 or 5
    local sample = {}
    for i, r in ipairs(rb.read(rated_path, stride)) do sample[i] = r.puzzle end
    local hs = rb.hints(sudoku, require "sudoku.logic", sample)
    say(("- hints: %d positions along the paths of %d puzzles of se_calibration.txt (every %dth, "
      .. "SE 2.5 to 9.0): median %.3f ms, 99th percentile %.3f ms, max %.3f ms (goal: under 50 ms "
      .. "each).")
      :format(hs.positions, #sample, stride, hs.median_ms, hs.p99_ms, hs.max_ms))
    local hardest = data_dir .. "/forum_hardest_1106.txt"
    if file_exists(hardest) then
      local list = {}
      for line in io.lines(hardest) do
        local p = line:match("^([%d%.]+)")
        if p and #p == 81 and (not opts.quick or #list < 20) then list[#list + 1] = p end
      end
      local h = rb.hints(sudoku, require "sudoku.logic", list)
      say(("- hints: %d positions along the paths of %d puzzles of forum_hardest_1106.txt (every "
        .. "position a game could ask at): median %.3f ms, 99th percentile %.3f ms, max %.3f ms "
        .. "(goal: under 50 ms each).")
        :format(h.positions, #list, h.median_ms, h.p99_ms, h.max_ms))
    end
  end
end

-- Memory: solvers made and dropped by the thousand, each size in a process of its own.
if not opts.only or ("memory"):find(opts.only, 1, true) then
  local churn = require "bench.churn"
  say("")
  say(("## Memory: %s boards and solvers made, stepped once and dropped, a process per size")
    :format(report.number(churn.COUNT)))
  say("")
  local churn_ok, churn_rows = pcall(churn.rows)
  if not churn_ok then fail(1, tostring(churn_rows)) end
  say(report.table(churn.HEADER, churn_rows, churn.ALIGN))
  say("")
  say("- Each child (bench/churn.lua) makes `Solver.new(Board.new{size = N})`, steps it once "
    .. "(its undo trail is sized then: most of its memory) and drops both, then reads its peak "
    .. "resident memory (VmHWM, /proc/self/status). The core's memory is told to the collector "
    .. "(docs/API.md, `b:close()`): what dropped objects hold uncollected stays under 8 MB plus "
    .. "Lua's own heap. Goal (issue 35): under 64 MB for 64x64.")
end

-- Memory: bytes per object.
local Board = sudoku.Board
local board_bytes, how = {}, nil
for _, n in ipairs{ 9, 16, 25 } do
  if type(Board.bytes) == "function" then
    board_bytes[n] = Board.new{ size = n }:bytes()
    how = "Board:bytes()"
  else
    board_bytes[n] = info["board_bytes_" .. n]
    how = "counted by the C driver's allocator (no Board:bytes() in this build)"
  end
end
local function bytes_of(t, n) return t[n] and report.number(t[n]) .. " B" or "–" end
say("")
say(("memory: board 9x9 %s, 16x16 %s, 25x25 %s (%s); solver, general engine (`solver:bytes()` "
  .. "after its last solve in row (c)) 9x9 %s, 16x16 %s, 25x25 %s; fast path "
  .. "`sdk_fast9_bytes()` %s B")
  :format(bytes_of(board_bytes, 9), bytes_of(board_bytes, 16), bytes_of(board_bytes, 25), how,
          bytes_of(solver_bytes, 9), bytes_of(solver_bytes, 16), bytes_of(solver_bytes, 25),
          report.number(info.fast9_bytes)))
