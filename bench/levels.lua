-- The generation-by-difficulty table of `make bench`: per board shape and level of
-- sudoku.gen.difficulty, puzzles made with gen.puzzle{level = ...} per second, the share that
-- reached the level's band (each puzzle re-rated by sudoku.logic outside the timed part) and
-- their median rating; beside them QQWing (Debian's qqwing, when installed) making puzzles of
-- its own levels, timed by its own "N puzzles generated in S seconds" line, on the same machine
-- in the same run.
local clock = require "bench.clock"
local shell = require "bench.shell"

local bench_levels = {}

bench_levels.HEADER = { "generator", "level", "puzzles", "puzzles/s", "in band", "median SE" }
bench_levels.ALIGN = "llrrrr"

local function median(list)
  table.sort(list)
  return list[math.floor((#list + 1) / 2)]
end

-- Our rows for one board shape: `count` puzzles per level (seeds 1..count), at most `seconds`
-- per level. shape: {label =, size = or box =, attempts = (gen's default when nil), timeout =
-- (seconds per puzzle; a puzzle that runs out counts as made and out of band)}.
function bench_levels.ours(gen, logic, difficulty, count, seconds, shape)
  local rows = {}
  for _, level in ipairs(difficulty.ORDER) do
    local band = difficulty.LEVELS[level]
    local made, in_band, ratings, spent = 0, 0, {}, 0
    for seed = 1, count do
      local t = os.clock()
      local puzzle = gen.puzzle{ size = shape.size, box = shape.box, seed = seed, level = level,
        attempts = shape.attempts, timeout = shape.timeout }
      spent = spent + os.clock() - t
      made = made + 1
      local r = puzzle and logic.rate(puzzle)
      if r then
        ratings[#ratings + 1] = r.rating
        if r.rating >= band.min and r.rating <= band.max then in_band = in_band + 1 end
      end
      if spent > seconds then break end
    end
    local m = median(ratings)
    rows[#rows + 1] = { "sudoku.gen " .. shape.label, level, tostring(made),
      ("%.2f"):format(made / spent), ("%.0f %%"):format(100 * in_band / made),
      m and ("%.1f"):format(m) or "stuck" }
  end
  return rows
end

-- QQWing's rows, or nil when qqwing is not installed.
function bench_levels.qqwing(count)
  if not shell.which("qqwing") then return nil end
  local rows = {}
  local v = io.popen("qqwing --version 2>&1")
  local version = v:read("*a"):match("([%d%.]+)") or ""
  v:close()
  for _, level in ipairs{ "simple", "easy", "intermediate", "expert", "any" } do
    local t = clock.now()
    local p = io.popen(("qqwing --generate %d --difficulty %s --one-line --timer 2>&1")
      :format(count, level))
    local out = p:read("*a")
    p:close()
    local wall = clock.now() - t
    local n, seconds = out:match("(%d+) puzzles generated in ([%d%.]+) seconds")
    n, seconds = tonumber(n), tonumber(seconds)
    rows[#rows + 1] = { "qqwing " .. version, level,
      tostring(n or "?"), seconds and ("%.1f"):format(n / seconds) or ("~%.1f"):format(count / wall),
      "–", "–" }
  end
  return rows
end

return bench_levels
