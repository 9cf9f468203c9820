-- The canonical-form rows of `make bench` (issue 19): `gen.canonical` over the shared sets, in C
-- (bench/cbench.c `canon`: sdk_canon9 alone, every form checked: as many givens, no clash, its
-- own canonical form) and through Lua (`gen.canonical(line)` a line at a time, each form checked
-- against the C driver's by being equal for the puzzle's gen.transform image), and the
-- commands `sudoku dedup` and `sudoku canon` on 1 and 2 threads, whole process.
local cdriver = require "bench.cdriver"
local datasets = require "bench.datasets"
local measure = require "bench.measure"
local report = require "bench.report"

local bench_canon = {}

-- The sets: file, label, and the field of a line that holds the puzzle (default 1). The
-- kaggle set's second field is its solution: full grids, where the search has the most orders
-- to try (every digit of the first row is new), the first 1,000 of them.
local SETS = {
  { "sudoku17_royle.txt", "17-clue" },
  { "magictour_top1465.txt", "top1465" },
  { "forum_hardest_1905_11plus.txt", "forum 1905" },
  { "serg_benchmark.txt", "serg" },
  { "kaggle_1m_first10k_solved.txt", "kaggle (10,000)" },
  { "kaggle_1m_first10k_solved.txt", "kaggle solutions (full grids)", field = 2, max = 1000 },
}

-- The 9x9 lines of a set (the solutions, field 2, of a puzzle,solution file), at most max.
local function lines_of(path, max, field)
  local out = {}
  for _, rec in ipairs(datasets.read(path, max)) do
    local p = field == 2 and rec.solution or rec.puzzle
    if p and #p == 81 then out[#out + 1] = p end
  end
  return out
end

-- Rows for every set found in data_dir. opts = {cbench =, runs =, budget =, quick =}.
function bench_canon.rows(sudoku, data_dir, opts)
  local gen = sudoku.gen or require "sudoku.gen"
  local out = {}
  for _, set in ipairs(SETS) do
    local path = data_dir .. "/" .. set[1]
    local f = io.open(path, "r")
    if f then
      f:close()
      local max = opts.quick and (set.max and 200 or 2000) or set.max
      local items = lines_of(path, max or 20000, set.field)
      local c_path = path
      if set.field then
        -- The C driver reads a line's first field: the grids go to a file of their own.
        c_path = os.tmpname()
        local w = assert(io.open(c_path, "w"))
        w:write(table.concat(items, "\n"), "\n")
        w:close()
      end
      local c = cdriver.run(opts.cbench, c_path, { mode = "canon", runs = opts.runs,
        budget = opts.budget, max = max, label = set[2] .. " (canon)" })
      if c_path ~= path then os.remove(c_path) end
      c.guesses = nil   -- no search
      out[#out + 1] = report.timing(set[2] .. ": C (`sdk_canon9`)", c, "every form re-checked")
      local m = measure.new {
        items = items, budget = opts.budget,
        work = function(line) return (gen.canonical(line)) end,
        check = function(line, form)
          local image = gen.transform(sudoku.parse(line), 7):format("line")
          if form ~= gen.canonical(image) then
            error(("canonical form differs for a transform of %s"):format(line), 0)
          end
        end,
      }
      for _ = 1, opts.runs do m:run() end
      out[#out + 1] = report.timing(set[2] .. ": Lua (`gen.canonical(line)`)", m:result(),
        "each form held against a transformed copy's")
    end
  end
  -- The commands: `sudoku dedup` and `sudoku canon` over Royle's 17-clue puzzles (no two
  -- equivalent, so dedup copies every line), whole process, on 1 thread (CPU time) and 2 (wall
  -- clock: the line pool's workers make the forms while the calling thread reads, looks them up
  -- and writes). Every output line is checked: dedup's is the input's line, canon's the form
  -- gen.canonical gives.
  local royle = data_dir .. "/sudoku17_royle.txt"
  local f = opts.root and io.open(royle, "r")
  if f then
    f:close()
    local lines = lines_of(royle, opts.quick and 2000 or nil)
    local path = os.tmpname()
    local w = assert(io.open(path, "w"))
    w:write(table.concat(lines, "\n"), "\n")
    w:close()
    local forms = {}
    local commands = {
      { "dedup", "every line kept (no two of Royle's puzzles are equivalent)", function(k, line)
        return line == lines[k], "not the input's line"
      end },
      { "canon", "each line `gen.canonical`'s form", function(k, line)
        forms[k] = forms[k] or gen.canonical(lines[k])
        return line == forms[k], "not the canonical form"
      end },
    }
    for _, c in ipairs(commands) do
      for _, threads in ipairs { 1, 2 } do
        local m = require("bench.cli").time { root = opts.root, file = path, n = #lines,
          args = { c[1], "-j", tostring(threads) }, threads = threads, runs = opts.runs,
          label = ("17-clue %s -j %d"):format(c[1], threads), expect = c[3] }
        out[#out + 1] = report.timing(("17-clue: `sudoku %s -j %d FILE`, whole process, %s"):format(
          c[1], threads, threads == 1 and "CPU time" or "wall clock"), m, c[2])
      end
    end
    os.remove(path)
  end
  return out
end

return bench_canon
