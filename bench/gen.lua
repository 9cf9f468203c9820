-- The generator rows of `make bench`: unique puzzles per second from sudoku.gen (minimal up to
-- 16x16), each checked outside the timed loop by a search the generator does not use (the
-- general engine, values in descending order): exactly one solution, and for 9x9 no given that
-- can go.
local measure = require "bench.measure"
local recount = require "bench.recount"
local report = require "bench.report"

local bench_gen = {}

-- Solutions up to 2 by the independent search.
local function independent_count(sudoku, board)
  return (recount.count(sudoku, board:copy()))
end

local function check_puzzle(sudoku, label, seed, puzzle, minimal)
  if independent_count(sudoku, puzzle) ~= 1 then
    error(("%s: the puzzle of seed %d is not unique: %s"):format(label, seed, puzzle:symbols()))
  end
  if not minimal then return end
  local n = puzzle:size()
  for r = 1, n do
    for c = 1, n do
      local v = puzzle:get(r, c)
      if v ~= 0 then
        puzzle:set(r, c, 0)
        local count = independent_count(sudoku, puzzle)
        puzzle:set(r, c, v)
        if count ~= 2 then
          error(("%s: the puzzle of seed %d is not minimal (r%dc%d can go)"):format(label, seed, r, c))
        end
      end
    end
  end
end

-- The rows: {label, opts, how many puzzles (full, QUICK), whether to check minimality}.
local CASES = {
  { "9x9, unique and minimal (`gen.puzzle{size = 9}`)", { size = 9 }, 400, 100, true },
  { "9x9, 180-degree symmetric, strictly minimal (`symmetry = \"rotational\", minimal = true`)",
    { size = 9, symmetry = "rotational", minimal = true }, 40, 10, true },
  { "16x16, unique and minimal (`gen.puzzle{size = 16}`)", { size = 16 }, 6, 2, false },
  -- Not minimal: every given left is one the engine's propagation cannot bring back from the
  -- others (gen.puzzle's default on boards of 20 values and more).
  { "25x25, unique (`gen.puzzle{size = 25}`)", { size = 25 }, 20, 3, false },
}

-- Times every case (`runs` runs, median) and returns the table rows.
function bench_gen.rows(sudoku, opts)
  local gen = sudoku.gen or require "sudoku.gen"
  local out = {}
  for _, case in ipairs(CASES) do
    local label, base, count = case[1], case[2], opts.quick and case[4] or case[3]
    local seeds = {}
    for i = 1, count do seeds[i] = i end
    local m = measure.new{
      items = seeds, budget = opts.budget, chunk = 1,
      work = function(seed)
        local o = { seed = seed }
        for k, v in pairs(base) do o[k] = v end
        return (gen.puzzle(o))
      end,
      check = function(seed, puzzle) check_puzzle(sudoku, label, seed, puzzle, case[5]) end,
    }
    for _ = 1, opts.runs do m:run() end
    out[#out + 1] = report.timing(label, m:result(), "every puzzle re-counted")
  end
  return out
end

return bench_gen
