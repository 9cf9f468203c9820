-- The canonical-form rows of `make bench` (issue 19): `gen.canonical` over the shared sets, in C
-- (bench/cbench.c `canon`: sdk_canon9 alone, every form checked: as many givens, no clash, its
-- own canonical form) and through Lua (`gen.canonical(line)` a line at a time, each form checked
-- against the C driver's by being equal for the puzzle's gen.transform image).
local cdriver = require "bench.cdriver"
local measure = require "bench.measure"
local report = require "bench.report"

local bench_canon = {}

-- The sets: file, label.
local SETS = {
  { "sudoku17_royle.txt", "17-clue" },
  { "magictour_top1465.txt", "top1465" },
  { "forum_hardest_1905_11plus.txt", "forum 1905" },
  { "serg_benchmark.txt", "serg" },
  { "kaggle_1m_first10k_solved.txt", "kaggle (10,000)" },
}

local function lines_of(path, max)
  local out = {}
  for line in io.lines(path) do
    local p = line:match("^([^#,%s][^,%s]*)")
    if p and #p == 81 then out[#out + 1] = p end
    if max and #out >= max then break end
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
      local max = opts.quick and 2000 or nil
      local c = cdriver.run(opts.cbench, path, { mode = "canon", runs = opts.runs, budget = opts.budget,
        max = max, label = set[2] .. " (canon)" })
      c.guesses = nil   -- no search
      out[#out + 1] = report.timing(set[2] .. ": C (`sdk_canon9`)", c, "every form re-checked")
      local items = lines_of(path, max or 20000)
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
  -- The command: `sudoku dedup` over Royle's 17-clue puzzles (no two equivalent, so every line
  -- comes out as it went in), whole process, CPU time.
  local royle = data_dir .. "/sudoku17_royle.txt"
  local f = opts.root and io.open(royle, "r")
  if f then
    f:close()
    local lines = lines_of(royle, opts.quick and 2000 or nil)
    local path = os.tmpname()
    local w = assert(io.open(path, "w"))
    w:write(table.concat(lines, "\n"), "\n")
    w:close()
    local m = require("bench.cli").time { root = opts.root, args = { "dedup" }, file = path,
      n = #lines, threads = 1, runs = opts.runs, label = "17-clue dedup",
      expect = function(k, line) return line == lines[k], "not the input's line" end }
    os.remove(path)
    out[#out + 1] = report.timing("17-clue: `sudoku dedup FILE`, whole process", m,
      "every line kept (no two of Royle's puzzles are equivalent)")
  end
  return out
end

return bench_canon
