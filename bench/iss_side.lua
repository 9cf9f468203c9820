-- sigh's Interactive Sudoku Solver (ISS) beside ours on the 9x9 records of every family of
-- ../shared/data/variants (issue 37): `make bench ONLY=iss` with SUDOKU_ISS naming a local ISS
-- tree (github.com/sigh/Interactive-Sudoku-Solver, outside this project; node runs it through
-- bench/iss_driver.mjs).
--
-- Ours, puzzle by puzzle: the board built (`sudoku.variant.board(record)` and `Solver.new`) and,
-- separately, the search (the Solver stepped to the solution and on until the search ends or
-- a second solution is found): bench/variants.lua's `native`, in CPU time (clock.cpu). Then
-- ISS on the same puzzles in one node process: each record said as an ISS constraint string
-- (bench/iss.lua), parsed and built, then its search counting to 2 solutions, each in the
-- process's CPU time. Both count to 2 (a negative record too: its count, at most 2).
-- A puzzle whose first run takes under REPEAT seconds on a side is run `runs` times there and
-- the medians are kept. Every answer is checked on both sides: the published solution first, and
-- the count; a wrong one raises, naming the family and the puzzle.
local clock = require "bench.clock"
local measure = require "bench.measure"
local report = require "bench.report"
local shell = require "bench.shell"
local bench_variants = require "bench.variants"
local iss = require "bench.iss"

local side = {}

-- A first run (build and search together) under this many seconds is repeated to `runs` runs.
side.REPEAT = 0.2
-- The table lists the puzzles that either side searches for longer than this (seconds).
side.SHOWN = 0.005
-- Times are counted at least this long in the ratios (seconds): a clock's tick, so that a search
-- too short to see does not divide by zero.
local FLOOR = 1e-6

--- The ISS tree SUDOKU_ISS names, or nil when it is not set (the section then says how to get
-- it). Raises when it is set but holds no ISS.
function side.find()
  local path = os.getenv("SUDOKU_ISS")
  if not path or path == "" then return nil end
  path = path:gsub("/+$", "")
  local f = io.open(path .. "/js/sudoku_parser.js", "r")
  if not f then
    error("SUDOKU_ISS=" .. path .. ": no js/sudoku_parser.js there (not an ISS tree)", 0)
  end
  f:close()
  return path
end

--- The 9x9 records of every family: a list of {file =, family =, record =}, at most `max`
-- per file (nil: all).
function side.records(dir, max)
  local out = {}
  for _, file in ipairs(bench_variants.files(dir)) do
    local taken = 0
    for _, record in ipairs(bench_variants.read(dir .. "/" .. file)) do
      if record.size == 9 and (not max or taken < max) then
        taken = taken + 1
        out[#out + 1] = { file = file, family = (file:gsub("%.jsonl$", "")), record = record }
      end
    end
  end
  return out
end

-- One run of ours, counting to 2 as ISS does: bench/variants.lua's own measure, which checks
-- the answer.
local function ours_once(sudoku, item, seconds)
  return bench_variants.native(sudoku, item.file, item.record, seconds, 2)
end

--- Ours on one item, checked: {build =, search =, nodes =, guesses =} (medians over the runs
-- when the first is short), or {timeout = seconds}.
function side.ours(sudoku, item, opts)
  collectgarbage("collect")
  local first = ours_once(sudoku, item, opts.seconds)
  if first == measure.TIMEOUT then return { timeout = opts.seconds } end
  local builds, searches = { first.build }, { first.seconds }
  if first.build + first.seconds < side.REPEAT then
    for k = 2, opts.runs do
      local again = ours_once(sudoku, item, opts.seconds)
      if again == measure.TIMEOUT then break end
      builds[k], searches[k] = again.build, again.seconds
    end
  end
  return { build = measure.median(builds), search = measure.median(searches), nodes = first.nodes,
           guesses = first.guesses }
end

--- ISS on the items, in one node process: per item {build =, search =, guesses =} in seconds,
-- in the items' order, each checked. Items whose record cannot be said in ISS's terms are left
-- out (result false) and counted in `refused`, with their reasons. Raises when node fails or
-- an answer is wrong.
function side.theirs(tree, items, opts)
  local input, output, errors = os.tmpname(), os.tmpname(), os.tmpname()
  local f = assert(io.open(input, "w"))
  local sent, results, refused = {}, {}, {}
  for k, item in ipairs(items) do
    local text, why = iss.constraint(item.record)
    if text then
      f:write(item.record.id, "\t", text, "\n")
      sent[#sent + 1] = k
    else
      results[k] = false
      refused[#refused + 1] = ("%s %s: %s"):format(item.family, item.record.id, why)
    end
  end
  f:close()
  local driver = opts.root .. "bench/iss_driver.mjs"
  local out, status, cpu, wall = shell.timed(("%s %s %s %d %g < %s > %s 2> %s"):format(
    shell.quote(opts.node or "node"), shell.quote(driver), shell.quote(tree), opts.runs,
    side.REPEAT * 1000, shell.quote(input), shell.quote(output), shell.quote(errors)))
  local function slurp(path)
    local h = io.open(path, "r")
    local text = h and h:read("*a") or ""
    if h then h:close() end
    os.remove(path)
    return text
  end
  local lines, stderr = slurp(output), slurp(errors)
  os.remove(input)
  if status ~= "0" then
    error(("the ISS driver failed (exit %s):\n%s%s"):format(tostring(status), stderr, out), 0)
  end
  local n = 0
  for line in lines:gmatch("[^\n]+") do
    n = n + 1
    local k = sent[n]
    local item = k and items[k]
    if not item then error("the ISS driver printed more lines than it was given puzzles", 0) end
    local fields = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do fields[#fields + 1] = field end
    if fields[1] ~= item.record.id then
      error(("the ISS driver answered %s where %s was asked"):format(fields[1], item.record.id), 0)
    end
    if fields[2] == "ERROR" then
      error(("ISS failed on variants/%s, %s: %s"):format(item.file, item.record.id,
        fields[3] or "?"), 0)
    end
    local solution = fields[6] ~= "-" and fields[6] or nil
    bench_variants.check(item.file, item.record, tonumber(fields[5]), solution, 2, "ISS")
    results[k] = { build = tonumber(fields[2]) / 1000, search = tonumber(fields[3]) / 1000,
                   guesses = tonumber(fields[4]) }
  end
  if n ~= #sent then
    error(("the ISS driver answered %d of %d puzzles:\n%s"):format(n, #sent, stderr), 0)
  end
  return results, refused, { cpu = cpu, wall = wall }
end

local function ms(seconds) return report.auto(seconds * 1000) end

-- The geometric mean of a list of ratios (nil when empty).
local function geomean(list)
  if #list == 0 then return nil end
  local sum = 0
  for _, x in ipairs(list) do sum = sum + math.log(x) end
  return math.exp(sum / #list)
end

side.HEADER = { "family", "puzzle", "our search ms", "our build ms", "our nodes", "our guesses",
                "ISS search ms", "ISS build ms", "ISS guesses", "ISS ÷ ours" }
side.ALIGN = "llrrrrrrrr"
side.FAMILY_HEADER = { "family", "9x9 puzzles", "ours at least as fast", "geomean ISS ÷ ours",
                       "with the build", "search ms ours / ISS", "with the build ms ours / ISS" }
side.FAMILY_ALIGN = "lrrrrrr"

--- The section: the table's rows (the puzzles that either side searches for longer than
-- side.SHOWN, where ISS is fastest against us first), the notes under it (lines of Markdown) and
-- the rows of the table per family (side.FAMILY_HEADER). opts: `dir` (the variants folder),
-- `tree` (ISS), `root` (the checkout, ending in /), `runs`, `seconds` (our limit per puzzle),
-- `max` (records per family; nil: all).
function side.rows(sudoku, opts)
  local started = clock.now()
  local items = side.records(opts.dir, opts.max)
  local ours = {}
  for k, item in ipairs(items) do ours[k] = side.ours(sudoku, item, opts) end
  local ours_wall = clock.now() - started
  local theirs, refused, process = side.theirs(opts.tree, items, opts)

  -- Ratios per puzzle: ISS ÷ ours, search only and build included; a timed-out search of ours
  -- counts at its limit (the ratio is then at most what is shown).
  local function group()
    return { search = {}, total = {}, faster = 0, n = 0, ours = 0, theirs = 0, ours_build = 0,
             theirs_build = 0 }
  end
  local rows, shown = {}, {}
  local all, big = group(), group()
  local families, family_order = {}, {}
  local timeouts = 0
  for k, item in ipairs(items) do
    local o, t = ours[k], theirs[k]
    if t then
      local o_search = o.timeout or o.search
      local o_build = o.build or 0
      local ratio = math.max(t.search, FLOOR) / math.max(o_search, FLOOR)
      local total = math.max(t.search + t.build, FLOOR) / math.max(o_search + o_build, FLOOR)
      if o.timeout then timeouts = timeouts + 1 end
      local family = families[item.family]
      if not family then
        family = group()
        families[item.family] = family
        family_order[#family_order + 1] = item.family
      end
      local groups = { all, family }
      if o_search > side.SHOWN or t.search > side.SHOWN then
        groups[3] = big
        shown[#shown + 1] = { ratio = ratio, row = {
          item.family, item.record.id,
          o.timeout and ("> " .. ms(o.timeout) .. " (timed out)") or ms(o.search),
          o.timeout and "–" or ms(o.build), o.timeout and "–" or report.number(o.nodes),
          o.timeout and "–" or report.number(o.guesses),
          ms(t.search), ms(t.build), report.number(t.guesses),
          (o.timeout and "≤ " or "") .. "**" .. report.auto(ratio) .. "**" } }
      end
      for _, g in ipairs(groups) do
        g.n = g.n + 1
        g.search[#g.search + 1] = ratio
        g.total[#g.total + 1] = total
        if ratio >= 1 then g.faster = g.faster + 1 end
        g.ours, g.theirs = g.ours + o_search, g.theirs + t.search
        g.ours_build, g.theirs_build = g.ours_build + o_build, g.theirs_build + t.build
      end
    end
  end
  local sums = all
  -- Where ISS is fastest against us first.
  table.sort(shown, function(a, b) return a.ratio < b.ratio end)
  for i, s in ipairs(shown) do rows[i] = s.row end
  -- Per family.
  local family_rows = {}
  for i, name in ipairs(family_order) do
    local g = families[name]
    family_rows[i] = { name, report.number(g.n), report.number(g.faster),
      "**" .. report.auto(geomean(g.search)) .. "**", report.auto(geomean(g.total)),
      ("%s / %s"):format(ms(g.ours), ms(g.theirs)),
      ("%s / %s"):format(ms(g.ours + g.ours_build), ms(g.theirs + g.theirs_build)) }
  end

  local notes = {}
  local function summary(label, g)
    return ("%s: %d puzzles; ours at least as fast (search) on %d; geometric mean of ISS ÷ ours "
      .. "%s on the search, %s with the build included"):format(label, g.n, g.faster,
      g.n > 0 and ("**%.2f**"):format(geomean(g.search)) or "–",
      g.n > 0 and ("%.2f"):format(geomean(g.total)) or "–")
  end
  notes[#notes + 1] = summary(("the table (either side's search over %g ms)"):format(
    side.SHOWN * 1000), big)
  notes[#notes + 1] = summary(("every 9x9 record%s"):format(
    opts.max and (" (the first %d of each family)"):format(opts.max) or ""), all)
  notes[#notes + 1] = ("totals over those %d puzzles: search ours %.2f s, ISS %.2f s (ISS ÷ ours "
    .. "%.2f); build ours %.2f s, ISS %.2f s; search and build ours %.2f s, ISS %.2f s (%.2f). "
    .. "ISS's build does more than ours: its optimizer adds the constraints it derives (a killer's "
    .. "innies and outies, ...) and every handler's initialize prunes the grid, where our "
    .. "propagation at the root runs in the first step, inside the search; on puzzles solved in "
    .. "a few nodes the search alone favours ISS and the sum with the build is the fairer figure")
    :format(all.n, sums.ours, sums.theirs, sums.theirs / math.max(sums.ours, FLOOR),
      sums.ours_build, sums.theirs_build, sums.ours + sums.ours_build,
      sums.theirs + sums.theirs_build,
      (sums.theirs + sums.theirs_build) / math.max(sums.ours + sums.ours_build, FLOOR))
  if timeouts > 0 then
    notes[#notes + 1] = ("%d of our searches passed their limit of %g s: counted at the limit "
      .. "(their ratios are upper bounds, \"≤\")"):format(timeouts, opts.seconds)
  end
  if #refused > 0 then
    notes[#notes + 1] = ("%d records could not be said in ISS's terms and are left out: %s")
      :format(#refused, table.concat(refused, "; "))
  end
  notes[#notes + 1] = ("ours: `sudoku.variant.board(record)` and `Solver.new` (build), then the "
    .. "Solver stepped until the search ends or finds a second solution (search), one core, CPU "
    .. "time (os.clock), each puzzle within %g s; ISS: `node bench/iss_driver.mjs %s` (ISS's "
    .. "SudokuParser.parseText, SudokuBuilder.resolveConstraint and build, then its solver's run "
    .. "with maxSolutions 2), the process's CPU time (process.cpuUsage, user + system), the "
    .. "records said as ISS constraint strings by bench/iss.lua; a puzzle whose first run took "
    .. "under %g ms is run %d times on each side, medians shown. Both count to 2; every first "
    .. "solution is the published one and every count the record's. Ours took %.1f s of wall "
    .. "time, the ISS process %.1f s (%.1f s of CPU, start-up and its JIT included).")
    :format(opts.seconds, opts.tree, side.REPEAT * 1000, opts.runs, ours_wall, process.wall,
      process.cpu or 0)
  return rows, notes, family_rows
end

return side
