-- The variant generators' rows of `make bench`: puzzles per second of
-- `sudoku.gen.puzzle{variant = ...}` for each variant and size, every puzzle re-counted outside
-- the timed loop by a count that does not use the rules the generator counted with; and that
-- count itself (recount), which spec/gen_variant_spec.lua uses too.
--
-- The independent count, by what the variant is made of:
-- - regions (x, windoku, jigsaw): bench/predicate.lua's own search in Lua (predicate.count),
--   no C at all;
-- - thermometers, kropki dots, XV marks, arrows: the general engine on a board with no native
--   rule, each rule replaced by its Lua twin (predicate.rule: arc consistency derived from the
--   placement checks of bench/predicate.lua);
-- - killer cages: the general engine with each cage as a native `sum` (repeats allowed, another
--   propagator than `cage`'s) plus an extra all-different region over its cells, and the region
--   arithmetic written out here (each row, column and box, and each run of rows or columns:
--   what the cages inside it leave for its other cells, when those are few), since the engine
--   derives innies and outies only from `cage` rules. The Lua twin of a cage proves a 9x9
--   killer with no givens unique too, but takes tens of seconds where this takes a fraction of
--   one.
local measure = require "bench.measure"
local predicate = require "bench.predicate"
local recount = require "bench.recount"
local report = require "bench.report"

local bench = {}

local values_of = recount.values_of

-- Solutions of `board` up to 2 by the general engine (values in descending order, each step
-- within 2 minutes), and the first one's values.
local function engine_count(sudoku, board)
  return recount.count(sudoku, board, nil, 120)
end

-- The most cells a region-arithmetic sum may name: more tells the search little.
local MAX_REST = 6

-- Killer: each cage as a `sum` and a region, and the region arithmetic of every unit and run of
-- rows or columns.
local function killer_board(sudoku, record)
  local n = record.size
  local board = sudoku.Board.new{ size = n, box = record.box }
  assert(board:fill(record.givens))
  local owner = {}
  for k, cage in ipairs(record.cages) do
    for _, cell in ipairs(cage.cells) do owner[(cell[1] - 1) * n + cell[2]] = k end
    board:add_rule{ kind = "sum", cells = cage.cells, sum = cage.sum }
    if #cage.cells > 1 then board:add_region(cage.cells) end
  end
  local units = predicate.units{ size = n, box = record.box }
  local groups = {}
  for _, unit in ipairs(units) do groups[#groups + 1] = { unit } end
  -- predicate.units lists row k and column k as units 2k - 1 and 2k.
  for length = 2, n - 1 do
    for start = 1, n - length + 1 do
      local rows, columns = {}, {}
      for k = start, start + length - 1 do
        rows[#rows + 1], columns[#columns + 1] = units[2 * k - 1], units[2 * k]
      end
      groups[#groups + 1], groups[#groups + 1] = rows, columns
    end
  end
  for _, group in ipairs(groups) do
    -- The cells of each cage inside the group (cells in no cage count as cage 0, never whole).
    local inside = {}
    for _, unit in ipairs(group) do
      for _, cell in ipairs(unit) do
        local k = owner[(cell[1] - 1) * n + cell[2]] or 0
        inside[k] = (inside[k] or 0) + 1
      end
    end
    local total, rest = #group * n * (n + 1) / 2, {}
    local whole = {}
    for k, cage in ipairs(record.cages) do
      if inside[k] == #cage.cells then total, whole[k] = total - cage.sum, true end
    end
    for _, unit in ipairs(group) do
      for _, cell in ipairs(unit) do
        if not whole[owner[(cell[1] - 1) * n + cell[2]] or 0] then rest[#rest + 1] = cell end
      end
    end
    if #rest > 0 and #rest <= MAX_REST then
      board:add_rule{ kind = "sum", cells = rest, sum = total }
    end
  end
  return board
end

--- Solutions of a generated puzzle up to 2 by the independent count above, and the first
-- one's values (row-major; nil when there is none). `info` is gen.puzzle's third result (its
-- `record`: the puzzle in the variants schema).
function bench.recount(sudoku, info)
  local record = info.record
  local n = record.size
  if info.variant == "killer" then return engine_count(sudoku, killer_board(sudoku, record)) end
  local specs = assert(sudoku.variant.rules(record))
  if #specs == 0 then
    local values = {}
    local plain = sudoku.Board.new{ size = n, box = { 1, n } }
    assert(plain:fill(record.givens))
    for i, v in ipairs(values_of(plain)) do values[i] = v end
    return predicate.count{ size = n, units = predicate.units(record), specs = {},
      values = values }
  end
  local board = sudoku.Board.new{ size = n, box = record.box }
  assert(board:fill(record.givens))
  for _, spec in ipairs(specs) do board:add_rule(predicate.rule(spec, n)) end
  return engine_count(sudoku, board)
end

--- nil when the puzzle is what gen.puzzle promises, else what is wrong: exactly one solution
-- by the independent count, the solution returned, which satisfies every rule (is_solved on
-- the puzzle's board with its rules) and keeps the givens.
function bench.check(sudoku, puzzle, solution, info)
  local found, first = bench.recount(sudoku, info)
  if found ~= 1 then return ("%d solutions, not 1"):format(found) end
  local n = puzzle:size()
  for r = 1, n do
    for c = 1, n do
      local v = solution:get(r, c)
      if first[(r - 1) * n + c] ~= v then
        return ("the solution differs from the independent count's at r%dc%d"):format(r, c)
      end
      local given = puzzle:get(r, c)
      if given ~= 0 and given ~= v then return ("r%dc%d: the given is not kept"):format(r, c) end
    end
  end
  if not solution:is_solved() then return "the solution breaks a rule of its board" end
  return nil
end

-- The rows: {variant, size, puzzles (full), puzzles (QUICK)}.
local CASES = {
  { "killer", 6, 100, 20 }, { "killer", 9, 40, 10 },
  { "thermo", 6, 200, 40 }, { "thermo", 9, 100, 20 },
  { "kropki", 6, 200, 40 }, { "kropki", 9, 100, 20 },
  { "xv", 6, 200, 40 }, { "xv", 9, 100, 20 },
  { "arrow", 6, 200, 40 }, { "arrow", 9, 100, 20 },
  { "x", 6, 200, 40 }, { "x", 9, 100, 20 },
  { "windoku", 9, 100, 20 },
  { "jigsaw", 6, 200, 40 }, { "jigsaw", 9, 100, 20 },
}

--- Times every case (`opts.runs` runs, the median; the first run within `opts.budget` seconds)
-- and returns the table rows. A puzzle the check refuses raises.
function bench.rows(sudoku, opts)
  local gen = sudoku.gen or require "sudoku.gen"
  local out = {}
  for _, case in ipairs(CASES) do
    local name, n = case[1], case[2]
    local count = opts.quick and case[4] or case[3]
    local label = ("%s %dx%d (`variant = \"%s\", size = %d`)"):format(name, n, n, name, n)
    local seeds = {}
    for i = 1, count do seeds[i] = i end
    -- Each seed is checked once; later runs must give the same puzzle.
    local seen, givens, rules = {}, 0, 0
    local m = measure.new{
      items = seeds, budget = opts.budget, chunk = 1,
      work = function(seed)
        return { gen.puzzle{ variant = name, size = n, seed = seed } }
      end,
      check = function(seed, result)
        local puzzle, solution, info = result[1], result[2], result[3]
        if not puzzle then error(("%s: seed %d: %s"):format(label, seed, tostring(solution))) end
        local text = puzzle:symbols() .. #puzzle:rules()
        if seen[seed] then
          if seen[seed] ~= text then error(("%s: seed %d gave another puzzle"):format(label, seed)) end
          return
        end
        local wrong = bench.check(sudoku, puzzle, solution, info)
        if wrong then error(("%s: the puzzle of seed %d: %s"):format(label, seed, wrong)) end
        seen[seed] = text
        givens = givens + puzzle:filled()
        rules = rules + #puzzle:rules() + #puzzle:regions() + #(puzzle:jigsaw() or {})
      end,
    }
    for _ = 1, opts.runs do m:run() end
    local result = m:result()
    local checked = 0
    for _ in pairs(seen) do checked = checked + 1 end
    local note = checked > 0 and ("%.1f givens, %.1f rules and regions per puzzle")
      :format(givens / checked, rules / checked) or ""
    out[#out + 1] = report.timing(label, result, note)
  end
  return out
end

return bench
