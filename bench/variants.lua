-- The variants table of `make bench`: per family file of ../shared/data/variants (killer,
-- jigsaw, x, kropki, ...), its 9x9 records solved and proved unique by the general engine with
-- the record's rules as native rules of the board (sudoku.variant.board), one puzzle at a time:
-- the median and the largest time per puzzle and the median search nodes. Beside it, on a small
-- sample of each family, the same search with the rules as one Lua predicate instead
-- (bench/predicate.lua: the `constraint` option, asked before every placement), which is how a
-- variant had to be solved before rules were native: the ratio of the medians is the speed-up.
--
-- Every answer is checked outside the timed part: the first solution must be the published one
-- and the search must then end (unique); a negative record must have exactly its count. A wrong
-- answer raises ("wrong answer in variants/kropki.jsonl, janko-kropki-001: ..."). A puzzle that
-- runs out of its own time is counted as timed out, not as wrong.
local json = require "dkjson"
local clock = require "bench.clock"
local measure = require "bench.measure"
local predicate = require "bench.predicate"
local report = require "bench.report"

local bench_variants = {}

-- The records of a JSON Lines file (JSON null as dkjson.null, as sudoku.variant reads it).
function bench_variants.read(path)
  local out = {}
  for line in io.lines(path) do
    if line:find("%S") then out[#out + 1] = assert(json.decode(line, 1, json.null)) end
  end
  return out
end

--- Raises unless a count to `limit` found what the record says: a negative record its count
-- (at most limit) of solutions, any other one exactly one, the published one (`first`: the
-- first solution found, or nil). `who` names a peer whose answer it is (nil: ours).
function bench_variants.check(file, record, found, first, limit, who)
  local function wrong(why)
    error(("wrong answer %sin variants/%s, %s: %s"):format(who and ("from " .. who .. " ") or "",
      file, record.id, why), 0)
  end
  if record.negative then
    local want = math.min(record.count, limit)
    if found ~= want then wrong(("%d solutions, not %d"):format(found, want)) end
  elseif first ~= record.solution then
    wrong(first and ("solved to " .. first .. ", not the published solution") or "no solution")
  elseif found ~= 1 then
    wrong("a second solution")
  end
end

-- The record without its rules: its shape, regions and givens only.
local function without_rules(variant, record)
  local out = {}
  for k, v in pairs(record) do
    if not variant.KEYS[k] or variant.KEYS[k] == "regions" then out[k] = v end
  end
  return out
end

-- Solves `board` with `opts` and proves the solution unique (or counts a negative record's
-- solutions up to its count + 1, or up to `limit`), within `seconds` of wall clock. Returns
-- {seconds =, build =, nodes =, guesses =}, the search's and the solver's making (plus `built`,
-- the board's) in CPU time, or measure.TIMEOUT; raises on a wrong answer.
local function search(sudoku, file, record, board, opts, seconds, limit, built)
  local cpu, wall = clock.cpu, clock.now
  local t = cpu()
  local solver = sudoku.Solver.new(board, opts)
  local build = (built or 0) + (cpu() - t)
  limit = limit or (record.negative and record.count + 1 or 2)
  local found, spent, left, first = 0, 0, seconds, nil
  while found < limit do
    if left <= 0 then return measure.TIMEOUT end
    local w0, c0 = wall(), cpu()
    local status = solver:step(nil, left)
    spent = spent + (cpu() - c0)
    left = left - (wall() - w0)
    if status == "running" then return measure.TIMEOUT end
    if status ~= "solved" then break end
    found = found + 1
    if found == 1 then first = board:symbols() end
  end
  bench_variants.check(file, record, found, first, limit)
  local stats = solver:stats()
  return { seconds = spent, build = build, nodes = stats.nodes, guesses = stats.guesses }
end

--- The record solved with its rules native: {seconds =, build =, nodes =, guesses =} (CPU
-- time: the search, and the board's and the solver's making), or measure.TIMEOUT, or nil and
-- why the board cannot be built (a kind of rule the core lacks). `limit` (optional) stops the
-- count there, as a peer that counts to 2 does.
function bench_variants.native(sudoku, file, record, seconds, limit)
  local t = clock.cpu()
  local board, err = sudoku.variant.board(record)
  if not board then return nil, err end
  return search(sudoku, file, record, board, nil, seconds, limit, clock.cpu() - t)
end

--- The same with the rules as one Lua predicate on a board that has none.
function bench_variants.lua(sudoku, file, record, seconds)
  local variant = sudoku.variant
  local specs = assert(variant.rules(record))
  local board = assert(variant.board(without_rules(variant, record)))
  local opts = { constraint = predicate.of(specs, record.size) }
  return search(sudoku, file, record, board, opts, seconds)
end

-- Median and largest of a list of numbers (nil for an empty list).
local function spread(list)
  if #list == 0 then return nil, nil end
  local mid, _, hi = measure.median(list)
  return mid, hi
end

local function ms(seconds)
  if not seconds then return "–" end
  return report.auto(seconds * 1e3)
end

-- Times `records` one by one with `fn`, stopping once `budget` seconds are spent. Returns
-- {times =, nodes =, per =, done =, timeouts =, unbuilt =, missing =}: per[i] is record i's
-- result; missing says why the first record that could not be built could not.
local function run_family(sudoku, file, records, fn, seconds, budget)
  local out = { times = {}, nodes = {}, per = {}, done = 0, timeouts = 0, unbuilt = 0 }
  local started = clock.now()
  for i, record in ipairs(records) do
    if budget and clock.now() - started > budget then break end
    local result, why = fn(sudoku, file, record, seconds)
    out.done = out.done + 1
    out.per[i] = result or false
    if result == nil then
      out.unbuilt = out.unbuilt + 1
      out.missing = out.missing or why
    elseif result == measure.TIMEOUT then
      out.timeouts = out.timeouts + 1
    else
      out.times[#out.times + 1] = result.seconds
      out.nodes[#out.nodes + 1] = result.nodes
    end
  end
  return out
end

--- The families, in the order of the table: every .jsonl file of the folder, sorted (the
-- variant specs list them through this too).
function bench_variants.files(dir)
  local out = {}
  -- Windows has no ls (its separator comes first in package.config): cmd's dir lists the names.
  local command
  if package.config:sub(1, 1) == "\\" then
    command = 'dir /b "' .. dir:gsub("/", "\\") .. '" 2>nul'
  else
    command = "ls '" .. dir:gsub("'", "'\\''") .. "' 2>/dev/null"
  end
  local pipe = io.popen(command)
  if not pipe then return out end
  for name in pipe:lines() do
    name = name:gsub("\r$", "")
    if name:match("%.jsonl$") then out[#out + 1] = name end
  end
  pipe:close()
  table.sort(out)
  return out
end

bench_variants.HEADER = {
  "family", "9x9 puzzles", "median ms", "max ms", "median nodes", "timed out",
  "Lua predicate: puzzles", "median ms", "timed out", "speed-up (medians)",
}
bench_variants.ALIGN = "lrrrrrrrrr"

--- The table's rows and notes. opts: `dir` (the variants folder), `quick`, `seconds` (each
-- puzzle's time with native rules), `lua_seconds` (with the predicate), `sample` (puzzles per
-- family for the predicate), `budget` (seconds per family, native), `max` (records per family).
-- @return rows, notes, and per file {native =, lua =} for the machine-readable summary
function bench_variants.rows(sudoku, opts)
  local rows, notes, results = {}, {}, {}
  local variant = sudoku.variant
  for _, file in ipairs(bench_variants.files(opts.dir)) do
    local records = {}
    for _, record in ipairs(bench_variants.read(opts.dir .. "/" .. file)) do
      if record.size == 9 and (not opts.max or #records < opts.max) then
        records[#records + 1] = record
      end
    end
    local label = file:gsub("%.jsonl$", "")
    if #records == 0 then
      rows[#rows + 1] = { label, "0", "–", "–", "–", "–", "–", "–", "–", "–" }
    else
      local native = run_family(sudoku, file, records, bench_variants.native, opts.seconds,
        opts.budget)
      -- The predicate's sample: the first records of the family that have rules. The speed-up
      -- is over the same puzzles, when the native run finished all of them.
      local sample, native_times = {}, {}
      for i, record in ipairs(records) do
        if #sample >= opts.sample then break end
        local specs = variant.rules(record)
        if specs and #specs > 0 then
          sample[#sample + 1] = record
          local result = native.per[i]
          if type(result) == "table" and result ~= measure.TIMEOUT and native_times then
            native_times[#native_times + 1] = result.seconds
          else
            native_times = nil
          end
        end
      end
      local lua = run_family(sudoku, file, sample, bench_variants.lua, opts.lua_seconds, nil)
      results[file] = { native = native, lua = lua }
      local mid, hi = spread(native.times)
      local nodes = spread(native.nodes)
      local built = native.done - native.unbuilt
      local done = report.number(built)
      if native.done < #records then done = done .. " of " .. report.number(#records) end
      if native.unbuilt > 0 then
        done = ("%s (%d wait)"):format(done, native.unbuilt)
        notes[#notes + 1] = ("%s: %d record%s cannot be built: %s"):format(label,
          native.unbuilt, native.unbuilt == 1 and "" or "s", native.missing)
      end
      -- Timed-out predicate runs count at their time limit: the median and the ratio are then
      -- lower bounds ("≥").
      local lua_all = {}
      for i, t in ipairs(lua.times) do lua_all[i] = t end
      for _ = 1, lua.timeouts do lua_all[#lua_all + 1] = opts.lua_seconds end
      local bound = lua.timeouts > 0 and "≥ " or ""
      local lua_mid = spread(lua_all)
      local base = native_times and spread(native_times)
      local speedup = "–"
      if lua_mid and base and base > 0 then speedup = bound .. report.auto(lua_mid / base) .. "×" end
      rows[#rows + 1] = {
        label, done, ms(mid), ms(hi), nodes and report.number(nodes) or "–",
        report.number(native.timeouts),
        #sample > 0 and report.number(#sample) or "–", lua_mid and bound .. ms(lua_mid) or "–",
        #sample > 0 and report.number(lua.timeouts) or "–", speedup,
      }
    end
  end
  return rows, notes, results
end

return bench_variants
