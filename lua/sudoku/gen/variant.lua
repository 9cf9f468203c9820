-- gen.puzzle{variant = ...}: unique puzzles of the variant rules of the shared schema
-- (docs/FORMATS.md, "Variant rules"). Rules are drawn over a random solution, so they are true
-- of it by construction; then either the rules alone must pin it (killer: no givens, cages split
-- until unique, then merged while unique) or the givens of the solution are taken away by
-- gen.puzzle's own removal on a board that carries the rules (every other variant). Every
-- choice comes from the seeded generator (sudoku.gen.random), and every search bound that could
-- change a result is a node count, never a time, so the same seed gives the same puzzle on
-- every machine; opts.timeout only decides when to give up.
--
-- sudoku.gen requires this module and passes itself in (variant.puzzle(opts, gen)), so that
-- nothing here requires sudoku.gen back. The families live beside it: variant_killer (cages),
-- variant_lines (thermometers and arrows: paths over the solution), variant_jigsaw (layouts).
local Board = require "sudoku.board"
local core = require "sudoku.core"
local fault = require "sudoku.format.fault"
local random = require "sudoku.gen.random"
local schema = require "sudoku.variant"
local shape = require "sudoku.shape"
local killer = require "sudoku.gen.variant_killer"
local lines = require "sudoku.gen.variant_lines"
local jigsaw = require "sudoku.gen.variant_jigsaw"

local variant = {}

-- The variants, in the order messages list them.
variant.NAMES = require "sudoku.gen.variant_names"

-- The sizes each variant is made for. Below 4 there is no room for the rules to say anything
-- (and no X-sudoku of size 2 or 3); XV needs N >= 5 for an X (10) to exist at all (the core
-- refuses a not_pair_sum whose sum is above 2N); windoku's four windows are 3x3 boxes of a 9x9
-- grid. Above 12 (above 9 for killer, whose proofs of uniqueness have no givens to lean on) a
-- puzzle takes seconds to minutes: those sizes are refused rather than left to time out.
local SIZES = {
  killer = { 4, 9 }, thermo = { 4, 12 }, kropki = { 4, 12 }, xv = { 5, 12 }, arrow = { 4, 12 },
  x = { 4, 12 }, windoku = { 9, 9 }, jigsaw = { 4, 12 },
}

-- Above 9x9 a given stays when proving the puzzle unique without it would take the general
-- engine more than this many nodes (gen.puzzle's max_nodes, unless opts.max_nodes is set):
-- on 12x12 a few proofs would take minutes. On 9x9 and below no proof comes near it (a few
-- hundred nodes at most), and the faster count without a budget is used.
local BIG, BIG_MAX_NODES = 10, 20000

-- Options of gen.puzzle that have no meaning here: the variant sets up the board and its rules,
-- and the rating knows none of them.
local REFUSED = {
  board = "the variant sets up its own board", constraint = "the variant's rules are native",
  different = "the variant's rules are native", level = "the rating knows no variant rules",
  rating = "the rating knows no variant rules", techniques = "the rating knows no variant rules",
}

local function quoted_names()
  return "'" .. table.concat(variant.NAMES, "', '") .. "'"
end

--- What is wrong with the variant options of `opts` (gen.puzzle's), as the text of the
-- argument error gen.puzzle raises for it, or nil and the board's size and box ({rows, cols};
-- nil for a jigsaw). The command line asks before it starts (a usage error, not a traceback),
-- and names the options its way: `prefix` goes before an option's name ("opts." by default,
-- the command's "--"; every name concerned is one word, the same in both).
function variant.problem(opts, prefix)
  prefix = prefix or "opts."
  local name = opts.variant
  if type(name) ~= "string" or not SIZES[name] then
    return prefix .. "variant must be one of " .. quoted_names()
  end
  for _, key in ipairs{ "board", "constraint", "different", "level", "rating", "techniques" } do
    if opts[key] ~= nil then
      return ("%s%s cannot go with %svariant (%s)"):format(prefix, key, prefix, REFUSED[key])
    end
  end
  if opts.size == nil and opts.box == nil then
    return ("%ssize or %sbox expected"):format(prefix, prefix)
  end
  -- The shape's own check (Board.new's), so that its words come back, not an error to read;
  -- they start with the option's name.
  local fits, why = shape.check(opts.size, opts.box)
  if not fits then return prefix .. why end
  local n, rows, cols = Board.new{ size = opts.size, box = opts.box }:size()
  local low, high = SIZES[name][1], SIZES[name][2]
  if n < low or n > high then
    local sizes = low == high and ("of %d"):format(low) or ("from %d to %d"):format(low, high)
    return ("%svariant '%s' needs a size %s, got %d"):format(prefix, name, sizes, n)
  end
  if name == "windoku" and rows ~= 3 then return prefix .. "variant 'windoku' needs 3x3 boxes" end
  if name == "jigsaw" and opts.box ~= nil then
    return ("%sbox cannot go with %svariant 'jigsaw' (its regions replace the boxes)"):format(prefix, prefix)
  end
  return nil, n, name ~= "jigsaw" and { rows, cols } or nil
end

-- The board's shape, or the argument error, raised with the place of the caller of gen.puzzle
-- (error < check < variant.puzzle < gen.puzzle < caller).
local function check(opts)
  local why, n, box = variant.problem(opts)
  if why then error(("bad argument #1 to 'puzzle' (%s)"):format(why), 4) end
  return n, box
end

-- Raised through the families when the clock runs out (caught in variant.puzzle).
local OUT_OF_TIME = setmetatable({}, { __tostring = function() return "out of time" end })

-- What the families share: the shape, the seeded generator, the clock and the searches.
local Context = {}
Context.__index = Context

-- Seconds left (nil: no limit); out of time raises OUT_OF_TIME.
function Context:left()
  if not self.deadline then return nil end
  local left = self.deadline - core.clock()
  if left <= 0 then error(OUT_OF_TIME, 0) end
  return left
end

-- A board of the puzzle's shape with the schema's `constraints` (and `regions`: the jigsaw's N
-- first when the puzzle has no boxes, else extra regions) set up by sudoku.variant, as the json
-- reader sets them up, and `grid`'s values on it when given.
function Context:board(constraints, regions, grid)
  local n = self.n
  local board = Board.new{ size = n, box = self.box or { 1, n } }
  local spec = { box = self.box or nil, regions = regions }
  for k, v in pairs(constraints) do spec[k] = v end
  local ok, f = schema.apply(board, spec)
  if not ok then error(schema.message(f)) end -- a generator's own constraints: a bug of ours
  if grid then
    for r = 1, n do
      for c = 1, n do board:set(r, c, grid:get(r, c)) end
    end
  end
  return board
end

-- Solutions of `board` counted up to 2 by the C core, under the board's rules; with
-- `max_nodes`, nil when the search needs more nodes than that to tell.
function Context:count(board, max_nodes)
  local left = self:left()
  local found = board:count(2, { timeout = left, max_nodes = max_nodes })
  if found == nil then
    self:left()
    if not max_nodes then error(OUT_OF_TIME, 0) end
  end
  return found
end

-- Two solutions of `board` (new Boards), or one and nil when it is unique, or nil when it has
-- none.
function Context:two_solutions(board)
  local work = board:copy()
  local solver = core.new_solver(work, nil)
  local found = {}
  while #found < 2 do
    local status = solver:step(nil, self:left())
    if status == "running" then
      solver:reset()
      error(OUT_OF_TIME, 0)
    end
    if status ~= "solved" then break end
    found[#found + 1] = work:copy()
  end
  return found[1], found[2]
end

-- A random complete grid of `board` (its regions and rules) from the C solver's seeded value
-- order, within `nodes` search nodes (nil: no limit): nil when the board has no solution or the
-- nodes ran out. A node budget, not a time, so that the answer is the same on every machine.
function Context:fill(board, nodes)
  local work = board:copy()
  local solver = core.new_solver(work, { seed = self.rng:seed() })
  local status = solver:step(nodes, self:left())
  if status == "running" then
    local spent = solver:stats().nodes
    solver:reset()
    if not nodes or spent < nodes then error(OUT_OF_TIME, 0) end
    return nil
  end
  if status ~= "solved" then return nil end
  return work
end

-- Cells: {r, c} pairs; `index` and `cell` convert to and from the row-major index.
function Context:index(r, c) return (r - 1) * self.n + c end
function Context:cell(i) return { math.floor((i - 1) / self.n) + 1, (i - 1) % self.n + 1 } end

-- The orthogonal neighbours of each pair of cells, right and down, as {a, b} index pairs.
function Context:adjacent_pairs()
  local n, out = self.n, {}
  for r = 1, n do
    for c = 1, n do
      if c < n then out[#out + 1] = { self:index(r, c), self:index(r, c + 1) } end
      if r < n then out[#out + 1] = { self:index(r, c), self:index(r + 1, c) } end
    end
  end
  return out
end

-- Kropki: a white dot on every pair of neighbours of the solution that differ by 1, a black
-- one on every pair that holds a value and its double (a 1-2 pair takes either, at random),
-- and kropki_negative: every pair without a dot is neither.
local function kropki(ctx, grid)
  local white, black = {}, {}
  for _, pair in ipairs(ctx:adjacent_pairs()) do
    local a, b = ctx:cell(pair[1]), ctx:cell(pair[2])
    local x, y = grid:get(a[1], a[2]), grid:get(b[1], b[2])
    local consecutive, double = x - y == 1 or y - x == 1, x == 2 * y or y == 2 * x
    if consecutive and double then
      if ctx.rng:below(2) == 1 then double = false else consecutive = false end
    end
    if consecutive then white[#white + 1] = { a, b } end
    if double then black[#black + 1] = { a, b } end
  end
  return { kropki_white = white, kropki_black = black, kropki_negative = true }
end

-- XV: an X on every pair of neighbours of the solution adding up to 10, a V on every pair
-- adding up to 5, and xv_negative: every pair without a mark adds up to neither.
local function xv(ctx, grid)
  local marks = {}
  for _, pair in ipairs(ctx:adjacent_pairs()) do
    local a, b = ctx:cell(pair[1]), ctx:cell(pair[2])
    local sum = grid:get(a[1], a[2]) + grid:get(b[1], b[2])
    if sum == 10 or sum == 5 then
      marks[#marks + 1] = { type = sum == 10 and "X" or "V", cells = { a, b } }
    end
  end
  return { xv = marks, xv_negative = true }
end

-- Windoku's four extra windows: the 3x3 blocks at rows and columns 2-4 and 6-8.
local function windows()
  local out = {}
  for _, top in ipairs{ 2, 6 } do
    for _, left in ipairs{ 2, 6 } do
      local cells = {}
      for r = top, top + 2 do
        for c = left, left + 2 do cells[#cells + 1] = { r, c } end
      end
      out[#out + 1] = cells
    end
  end
  return out
end

-- The variants whose rules are drawn over a random grid of the plain board: each gives the
-- schema's constraints for `grid`.
local DRAWN = {
  thermo = function(ctx, grid) return { thermos = lines.thermos(ctx, grid) } end,
  kropki = kropki,
  xv = xv,
  arrow = function(ctx, grid) return { arrows = lines.arrows(ctx, grid) } end,
}

-- The variants that are regions: the constraints, the regions (nil: none; the jigsaw's layout,
-- or nil when none was found) and, when finding them took one, a complete grid of them.
local REGIONS = {
  x = function() return { diagonals = { "main", "anti" } } end,
  windoku = function() return {}, windows() end,
  jigsaw = function(ctx) return {}, jigsaw.layout(ctx) end,
}

-- The givens of `full` (a solved board with its rules) taken away by gen.puzzle's removal:
-- one orbit at a time while the puzzle stays unique, with the options of gen.puzzle that shape
-- it (symmetry, minimal, clues, max_nodes, attempts). gen.puzzle fills its copy of a full board
-- with nothing new, so the solution it returns is `full`'s.
local function take_away(ctx, full, opts)
  local left = ctx:left()
  local puzzle, solution, info = ctx.gen.puzzle{
    board = full, seed = ctx.rng:seed(), timeout = left, symmetry = opts.symmetry,
    minimal = opts.minimal, clues = opts.clues,
    max_nodes = opts.max_nodes or (ctx.n >= BIG and BIG_MAX_NODES or nil),
    attempts = opts.attempts,
  }
  if not puzzle then
    if left then error(OUT_OF_TIME, 0) end
    error("sudoku.gen.variant: a full grid gave no puzzle: " .. tostring(solution))
  end
  return puzzle, solution, info
end

-- The puzzle, solution and info of one variant (raises OUT_OF_TIME), or nil and a message.
local function make(ctx, name, opts)
  local constraints, regions, puzzle, solution, info
  if name == "killer" then
    local grid = ctx:fill(ctx:board({}))
    local cages = killer.cages(ctx, grid)
    constraints = { cages = cages }
    puzzle = ctx:board(constraints)
    solution = ctx:board(constraints, nil, grid)
    info = { clues = 0, attempts = 1, reached = true }
  elseif DRAWN[name] then
    local grid = ctx:fill(ctx:board({}))
    constraints = DRAWN[name](ctx, grid)
    puzzle, solution, info = take_away(ctx, ctx:board(constraints, nil, grid), opts)
  else
    local grid
    constraints, regions, grid = REGIONS[name](ctx)
    if name == "jigsaw" and not regions then
      return nil, ("no jigsaw layout with a solution in %d tries"):format(jigsaw.TRIES)
    end
    grid = grid or assert(ctx:fill(ctx:board(constraints, regions)))
    puzzle, solution, info = take_away(ctx, grid, opts)
  end
  info.variant, info.constraints, info.regions = name, constraints, regions
  -- The flat record of the schema that variant.board() turns back into the puzzle.
  local n = ctx.n
  local record = { size = n, box = ctx.box, givens = puzzle:symbols(), regions = regions }
  for k, v in pairs(constraints) do record[k] = v end
  info.record = record
  return puzzle, solution, info
end

--- gen.puzzle with opts.variant (opts already checked by gen.puzzle: seed, timeout, clues,
-- max_nodes, attempts). `gen` is sudoku.gen itself.
function variant.puzzle(opts, gen)
  local n, box = check(opts)
  local ctx = setmetatable({
    n = n, box = box, rng = random.new(opts.seed), gen = gen,
    deadline = opts.timeout and core.clock() + opts.timeout or nil,
  }, Context)
  local ok, puzzle, solution, info = pcall(make, ctx, opts.variant, opts)
  if ok then return puzzle, solution, info end
  if puzzle == OUT_OF_TIME then return nil, fault.reason{ kind = "gave_up", seconds = opts.timeout } end
  error(puzzle, 0)
end

return variant
