-- Random small boards with random rules of one kind, for the differential specs of the native
-- rules (spec/rules_*_spec.lua): a seeded complete grid, rules placed on random cells (most of
-- them drawn so that the grid keeps them, the rest anywhere, so that some boards have no
-- solution), and givens from the grid until few solutions are left.
local sudoku = require "sudoku"
local gen = require "sudoku.gen"
local random = require "sudoku.gen.random"
local twin = require "support.twin"

local random_rules = {}

local function cells_of(n)
  local out = {}
  for r = 1, n do
    for c = 1, n do out[#out + 1] = {r, c} end
  end
  return out
end

-- k distinct random cells.
local function some_cells(rng, n, k)
  local all = rng:shuffle(cells_of(n))
  local out = {}
  for i = 1, k do out[i] = all[i] end
  return out
end

-- The values a grid gives to the cells of a spec.
local function values_of(grid, cells)
  local out = {}
  for i, cell in ipairs(cells) do out[i] = grid:get(cell[1], cell[2]) end
  return out
end

-- The cells of grid that hold v, shuffled.
local function cells_holding(rng, grid, n, v)
  local out = {}
  for _, cell in ipairs(cells_of(n)) do
    if grid:get(cell[1], cell[2]) == v then out[#out + 1] = cell end
  end
  return rng:shuffle(out)
end

-- Per kind: a random spec (cells and arguments) for a board of side n; the lines also know how
-- to draw a spec that the grid keeps, which random cells would rarely give.
local MAKE = {}

local function pair_maker(kind, args)
  return function(rng, n)
    local spec = {kind = kind, cells = some_cells(rng, n, 2)}
    if args then args(spec, rng, n) end
    return spec
  end
end

MAKE.consecutive = pair_maker("consecutive")
MAKE.not_consecutive = pair_maker("not_consecutive")
MAKE.less = pair_maker("less")
MAKE.ratio = pair_maker("ratio", function(spec, rng, n)
  if rng:below(2) == 1 then spec.ratio = 1 + rng:below(math.min(n, 3) - 1) end
end)
MAKE.not_ratio = pair_maker("not_ratio", function(spec, rng, n)
  if rng:below(2) == 1 then spec.ratio = 1 + rng:below(math.min(n, 3) - 1) end
end)
MAKE.pair_sum = pair_maker("pair_sum", function(spec, rng, n) spec.sum = 2 + rng:below(2 * n - 3) end)
MAKE.not_pair_sum = pair_maker("not_pair_sum", function(spec, rng, n)
  spec.sums = {}
  for i = 1, rng:below(3) do spec.sums[i] = 2 + rng:below(2 * n - 3) end
end)
MAKE.whisper = pair_maker("whisper", function(spec, rng, n)
  if rng:below(2) == 1 then spec.gap = rng:below(n - 1) end
end)

function MAKE.allowed(rng, n)
  local spec = {kind = "allowed", cells = some_cells(rng, n, rng:below(4)), values = {}}
  for v = 1, n do
    if rng:below(2) == 1 then spec.values[#spec.values + 1] = v end
  end
  if #spec.values == 0 then spec.values[1] = rng:below(n) end
  return spec
end

local function line_length(rng, n) return 1 + rng:below(math.min(n, 5) - 1) end

function MAKE.thermo(rng, n, grid)
  local k = line_length(rng, n)
  if not grid then return {kind = "thermo", cells = some_cells(rng, n, k)} end
  -- k cells of k different values, bulb at the smallest.
  local values = rng:shuffle(cells_of(n))
  local cells, seen = {}, {}
  for _, cell in ipairs(values) do
    local v = grid:get(cell[1], cell[2])
    if #cells < k and not seen[v] then
      seen[v] = true
      cells[#cells + 1] = cell
    end
  end
  table.sort(cells, function(a, b) return grid:get(a[1], a[2]) < grid:get(b[1], b[2]) end)
  return {kind = "thermo", cells = cells}
end

function MAKE.renban(rng, n, grid)
  local k = line_length(rng, n)
  if not grid then return {kind = "renban", cells = some_cells(rng, n, k)} end
  local low, cells = rng:below(n - k + 1), {}
  for v = low, low + k - 1 do cells[#cells + 1] = cells_holding(rng, grid, n, v)[1] end
  return {kind = "renban", cells = rng:shuffle(cells)}
end

function MAKE.palindrome(rng, n, grid)
  local k = line_length(rng, n)
  if not grid then return {kind = "palindrome", cells = some_cells(rng, n, k)} end
  local cells, used = {}, {}
  local function fresh(list)
    for _, cell in ipairs(list) do
      local key = cell[1] * 100 + cell[2]
      if not used[key] then
        used[key] = true
        return cell
      end
    end
  end
  for i = 1, math.floor(k / 2) do
    local holding = cells_holding(rng, grid, n, rng:below(n))
    cells[i], cells[k + 1 - i] = fresh(holding), fresh(holding)
  end
  if k % 2 == 1 then cells[(k + 1) / 2] = fresh(rng:shuffle(cells_of(n))) end
  return {kind = "palindrome", cells = cells}
end

random_rules.KINDS = {"consecutive", "ratio", "pair_sum", "not_consecutive", "not_ratio",
                      "not_pair_sum", "less", "whisper", "allowed", "thermo", "renban",
                      "palindrome"}

-- A spec of kind that grid keeps: the kind's own way when it has one, else random ones until
-- one fits (nil when none does in a hundred draws).
local function kept(kind, rng, n, grid)
  for _ = 1, 100 do
    local spec = MAKE[kind](rng, n, grid)
    if not twin.breaks(spec, values_of(grid, spec.cells), n) then return spec end
  end
end

-- A random board of side n (box {rows, cols}) with 1 to 3 rules of kind and some givens, from
-- seed: returns the board without its rules, and the rule specs. The givens come from a grid
-- that keeps most rules (each is kept with odds 3 in 4), added until the board with its rules
-- has at most max_count solutions and the board without them at most 20 times as many (which
-- bounds the search of a Lua twin, which has no propagation, also where the rules leave none).
function random_rules.board(kind, n, box, seed, max_count)
  local rng = random.new(seed)
  local grid = assert(gen.solution{size = n, box = box, seed = seed})
  local specs = {}
  for i = 1, rng:below(3) do
    specs[i] = rng:below(4) > 1 and kept(kind, rng, n, grid) or MAKE[kind](rng, n)
  end
  local bare = sudoku.Board.new{size = n, box = box}
  local ruled = bare:copy()
  for _, spec in ipairs(specs) do ruled:add_rule(spec) end
  for _, cell in ipairs(rng:shuffle(cells_of(n))) do
    if ruled:count(max_count + 1) <= max_count and bare:count(20 * max_count + 1) <= 20 * max_count then
      break
    end
    local v = grid:get(cell[1], cell[2])
    bare:set(cell[1], cell[2], v)
    ruled:set(cell[1], cell[2], v)
  end
  return bare, specs
end

return random_rules
