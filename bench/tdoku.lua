-- tdoku beside us: runs tdoku's own benchmark program (`run_benchmark`, built outside this
-- project; TDOKU_BENCH names it) on exactly the puzzles our row timed, in the same orientation
-- (`-r 0`: tdoku's default permutes every puzzle at random), counting to 2 as tdoku does by
-- default. Its figure is its own (puzzles per second of its timed loop, on a wall clock); we
-- turn it into CPU time with the share of a core its process got (its CPU time, from the
-- shell's `times`, over the wall time of the run), so both sides are compared in CPU time.
local shell = require "bench.shell"

local tdoku = {}

-- The path of tdoku's run_benchmark from the environment, or nil when it is not set (the
-- comparison is then left out). Raises when it is set but not runnable.
function tdoku.find()
  local path = os.getenv("TDOKU_BENCH")
  if not path or path == "" then return nil end
  local f = io.open(path, "r")
  if not f then error("TDOKU_BENCH=" .. path .. ": no such file", 0) end
  f:close()
  return path
end

-- One run of tdoku over the puzzles (a list of 81-character texts), written to a temporary file.
-- opts = {warmup =, seconds =} (whole seconds, tdoku's -w and -t). Returns {pps =, wall_pps =,
-- share =, guesses =}: puzzles per second in CPU time and as tdoku printed it, the share of a
-- core its process had, and tdoku's guesses per puzzle. Raises with tdoku's output when it fails.
function tdoku.run(bin, puzzles, opts)
  local file = os.tmpname()
  local f = assert(io.open(file, "w"))
  f:write(table.concat(puzzles, "\n"), "\n")
  f:close()
  local out, status, cpu, wall = shell.timed(("LC_ALL=C %s -r 0 -c 0 -n %d -w %d -t %d -s tdoku %s")
    :format(shell.quote(bin), #puzzles, opts.warmup or 1, opts.seconds or 2, shell.quote(file)))
  os.remove(file)
  local pps, guesses = out:match("|tdoku[^|]*|%s*([%d.,]+)%s*|[^|]*|[^|]*|%s*([%d.,]+)%s*|")
  if status ~= "0" or not pps or not cpu then
    error("tdoku's run_benchmark failed:\n" .. out, 0)
  end
  local share = math.min(1, cpu / wall)
  local wall_pps = tonumber((pps:gsub(",", "")))
  return { pps = wall_pps / share, wall_pps = wall_pps, share = share,
           guesses = tonumber((guesses:gsub(",", ""))) }
end

return tdoku
