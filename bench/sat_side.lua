-- CaDiCaL beside us on 25x25 (issue 37, goal 2): on every record of gecode_25x25.txt, ours at
-- least as fast as CaDiCaL on the one-hot encoding, and our total at most half of CaDiCaL's.
--
-- Ours: the 25x25 table's row (c) itself (bench/rows.lua `rows.engine`: `sudoku.parse` of the
-- record, `Solver.new(board)`, stepped to the first solution), one run per record, in the
-- process's CPU time (os.clock), within a cap (then "≥ cap"). CaDiCaL: the record as CNF
-- (bench/cnf.lua; written before, its time shown apart and not counted), then `cadical -q FILE`
-- in a child process under the same cap of CPU time (`ulimit -S -t`), timed in that child's CPU
-- time (user + sys, bash's `times`: its parse of the file included). Its answer is read back
-- from its `v` lines and must be a valid completion of the record that equals ours; a wrong or
-- different one raises, naming the record.
--
-- sat.find() -> the path of `cadical` on PATH, or nil.
-- sat.wanted(only) -> whether `--only only` selects this table (no --only; part of "sat" or
--   "cadical"; or a name that selects the 25x25 set).
-- sat.cadical(bin, board, cap) -> {grid =, why =, cpu =, write =, variables =, clauses =,
--   capped =}: one run of CaDiCaL on the board, at most cap seconds of CPU time (then capped is
--   true); grid nil and why when it gave none.
-- sat.section(sudoku, opts) prints the table through opts.say; opts = {data =, quick =,
--   bin = (default sat.find()), cap = (seconds, default 120, QUICK 10), max = (records,
--   default all, QUICK 2), progress = (a function of one line, default stderr)}.
local clock = require "bench.clock"
local cnf = require "bench.cnf"
local datasets = require "bench.datasets"
local measure = require "bench.measure"
local report = require "bench.report"
local rows = require "bench.rows"
local shell = require "bench.shell"
local verify = require "bench.verify"

local sat = {}

local SET_NAME = "gecode_25x25.txt"

local function the_set()
  for _, set in ipairs(datasets.list) do
    if set.name == SET_NAME then return set end
  end
  error("bench.datasets has no " .. SET_NAME)
end

function sat.find()
  return shell.which("cadical")
end

function sat.wanted(only)
  if not only then return true end
  local set = the_set()
  return ("sat"):find(only, 1, true) ~= nil or ("cadical"):find(only, 1, true) ~= nil
    or set.name:find(only, 1, true) ~= nil or set.label == only
end

function sat.cadical(bin, board, cap)
  local n = board:size()
  local path, out_path = os.tmpname(), os.tmpname()
  local t0 = clock.cpu()
  local variables, clauses = cnf.write(board, path)
  local write = clock.cpu() - t0
  -- The cap is on CPU time, as ours: a soft `ulimit -t`, whose SIGXCPU ends the solver
  -- (cadical's own `-t` is a wall-clock limit, which a busy host reaches with half the work).
  local out, status, cpu = shell.timed(("(ulimit -S -t %d && exec %s -q %s > %s)"):format(
    math.ceil(cap), shell.quote(bin), shell.quote(path), shell.quote(out_path)))
  os.remove(path)
  local f = assert(io.open(out_path, "r"))
  local answer = f:read("*a")
  f:close()
  os.remove(out_path)
  if not cpu then error("could not read CaDiCaL's CPU time:\n" .. out, 0) end
  -- 10: satisfiable, 20: unsatisfiable, 152 (128 + SIGXCPU): the cap.
  local capped = status == "152"
  if status ~= "10" and status ~= "20" and not capped then
    error(("cadical exited with status %s:\n%s%s"):format(tostring(status), out, answer), 0)
  end
  local grid, why = cnf.decode(answer, n)
  return { grid = grid, why = why, cpu = cpu, write = write, variables = variables,
           clauses = clauses, capped = capped }
end

-- Raises, naming the record, unless grid is a valid completion of the record.
local function check_grid(item, grid, who)
  local ok, why = verify.grid(item.puzzle, grid)
  verify.check(SET_NAME, item, ok, why, who)
end

-- Ours: row (c) of the 25x25 table on one record, within cap seconds of CPU time.
local function ours(row, item, cap)
  collectgarbage("collect")
  local t0 = clock.cpu()
  local result = row.work(item, t0 + cap)
  local cpu = clock.cpu() - t0
  local nodes = row.last and row.last:stats().nodes
  row.last = nil
  if result == measure.TIMEOUT then return { cpu = cpu, nodes = nodes, timeout = true } end
  if type(result) ~= "userdata" then
    error(("ours ended with status %s on %s line %d"):format(tostring(result), SET_NAME,
                                                              item.line), 0)
  end
  local grid = result:format("line")
  check_grid(item, grid, "ours")
  return { cpu = cpu, nodes = nodes, grid = grid }
end

local function seconds(x, at_least)
  return (at_least and "≥ " or "") .. report.auto(x)
end

-- A ratio ours / CaDiCaL where either side may have hit its cap: a lower bound when ours did, an
-- upper bound when CaDiCaL did, unknown when both did.
local function bounded(ratio, ours_capped, theirs_capped)
  if ours_capped and theirs_capped then return "?" end
  return (ours_capped and "≥ " or theirs_capped and "≤ " or "") .. ("%.2f"):format(ratio)
end

function sat.section(sudoku, opts)
  local say = opts.say or print
  local progress = opts.progress or function(line) io.stderr:write(line, "\n") end
  local cap = opts.cap or (opts.quick and 10 or 120)
  local max = opts.max or (opts.quick and 2 or nil)
  local set = the_set()
  say("")
  say("## CaDiCaL beside us on 25x25: each record of `" .. SET_NAME .. "` as one-hot CNF")
  say("")
  local bin = opts.bin or sat.find()
  if not bin then
    say("Skipped: no `cadical` on PATH (Debian's package `cadical`). With it, each record is "
      .. "written as CNF (bench/cnf.lua) and solved by CaDiCaL beside our engine; see "
      .. "docs/DEVELOPING.md, \"Benchmarks\".")
    return
  end
  local items = datasets.read(opts.data .. "/" .. SET_NAME)
  local total_records = #items
  for k = #items, (max or #items) + 1, -1 do items[k] = nil end
  local row = rows.engine(sudoku, set)
  local lines = {}
  local sum_ours, sum_theirs, sum_write, sum_nodes = 0, 0, 0, 0
  local ours_late, theirs_late, wins, nodes_known = false, false, 0, true
  local shape
  for k, item in ipairs(items) do
    local board = assert(sudoku.parse(item.puzzle))
    local o = ours(row, item, cap)
    local t = sat.cadical(bin, board, cap)
    shape = shape or t
    local late = t.capped
    if not t.grid and not late then
      verify.check(SET_NAME, item, false, "CaDiCaL found no solution: " .. tostring(t.why),
                   "CaDiCaL")
    end
    if t.grid then
      check_grid(item, t.grid, "CaDiCaL")
      if o.grid and o.grid ~= t.grid then
        verify.check(SET_NAME, item, false, "CaDiCaL's solution " .. t.grid
          .. " is not ours " .. o.grid, "CaDiCaL beside ours")
      end
    end
    sum_ours, sum_theirs, sum_write = sum_ours + o.cpu, sum_theirs + t.cpu, sum_write + t.write
    if o.nodes then sum_nodes = sum_nodes + o.nodes else nodes_known = false end
    ours_late, theirs_late = ours_late or o.timeout, theirs_late or late
    local ratio = o.cpu / math.max(t.cpu, 1e-3)
    -- A win must hold whatever a capped side would have taken: a capped CaDiCaL's time is a
    -- lower bound, so the ratio is then an upper bound; a capped ours never wins.
    if not o.timeout and ratio <= 1 then wins = wins + 1 end
    lines[#lines + 1] = { ("%d (line %d)"):format(k, item.line),
      seconds(o.cpu, o.timeout), o.nodes and ((o.timeout and "≥ " or "") .. report.number(o.nodes))
        or "–",
      seconds(t.cpu, late), bounded(ratio, o.timeout, late), report.auto(t.write) }
    progress(("sat: record %d of %d (line %d): ours %.2f s%s, %s nodes; CaDiCaL %.2f s%s")
      :format(k, #items, item.line, o.cpu, o.timeout and " (cap)" or "",
              o.nodes and report.number(o.nodes) or "?", t.cpu, late and " (cap)" or ""))
  end
  local total_ratio = sum_ours / math.max(sum_theirs, 1e-3)
  local total_shown = bounded(total_ratio, ours_late, theirs_late)
  lines[#lines + 1] = { "**total**", "**" .. seconds(sum_ours, ours_late) .. "**",
    nodes_known and ((ours_late and "≥ " or "") .. report.number(sum_nodes)) or "–",
    "**" .. seconds(sum_theirs, theirs_late) .. "**", "**" .. total_shown .. "**",
    report.auto(sum_write) }
  say(report.table({ "record", "ours, s", "our nodes", "CaDiCaL, s", "ours / CaDiCaL",
                     "CNF written, s (not counted)" }, lines, "lrrrrr"))
  say("")
  local every = wins == #items
  local half = not ours_late and total_ratio <= 0.5
  say(("- ours ≤ CaDiCaL on %d of %d records; total ratio %s. Goal (issue 37, goal 2): every "
    .. "record ≤ 1.00 and the total ≤ 0.50: %s%s.")
    :format(wins, #items, total_shown,
            (every and half) and "**met**" or ("**not met** (%s)"):format(
              (not every and not half) and "neither part" or (not every) and "not every record"
              or "the total"),
            #items < total_records and " on these records (not the whole set)" or ""))
  say(("- %d of %d records%s, one run each side, one after the other, CPU time on one core. "
    .. "Ours: `sudoku.parse(record)`, `Solver.new(board)` stepped to the first solution (row (c) "
    .. "of the 25x25 table), `os.clock`, nodes from `solver:stats()`, capped at %g s (then ≥). "
    .. "CaDiCaL (%s): `cadical -q FILE` under `ulimit -S -t %d` (the same cap on CPU time: "
    .. "cadical's own `-t` is on the wall clock) on the one-hot CNF (%s variables, %s clauses "
    .. "for the first record: a variable per cell and value; every cell, and every row, column "
    .. "and box with every value, exactly one, pairwise; the givens as unit clauses), the "
    .. "child's user + sys time (bash `times`), its parse of the file included. Writing the CNF "
    .. "(Lua) is the last column, not counted. Every solution is checked: CaDiCaL's, read from "
    .. "its `v` lines, must complete the record and equal ours.")
    :format(#items, total_records, opts.quick and " (QUICK)" or "", cap, bin, math.ceil(cap),
            report.number(shape and shape.variables), report.number(shape and shape.clauses)))
end

return sat
