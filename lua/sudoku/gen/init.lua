--- Fresh puzzles on demand. A complete grid comes from the C solver's randomised value order
-- (seeded), givens are taken away while the C core still counts exactly one solution, and every
-- choice is drawn from the module's own generator (sudoku.gen.random), so the same seed gives
-- the same puzzle on every platform and Lua version. Options are checked like arguments: a
-- missing or bad one raises.
--
--   local gen = require "sudoku.gen"
--   local puzzle, solution, info = gen.puzzle{size = 9, seed = 42, symmetry = "rotational"}
-- @module sudoku.gen
local Board = require "sudoku.board"
local core = require "sudoku.core"
local fault = require "sudoku.format.fault"
local number = require "sudoku.number"
local random = require "sudoku.gen.random"
local shape = require "sudoku.shape"
local symmetry = require "sudoku.gen.symmetry"
local difficulty = require "sudoku.gen.difficulty"
local variant = require "sudoku.gen.variant"

local gen = {}

local is_integer = number.is_integer

-- On boards of BIG values or more a proof of uniqueness can take the general engine minutes, so
-- unless max_nodes says otherwise a given goes only when BIG_MAX_NODES nodes prove the puzzle
-- still unique (1: propagation alone pins every cell), and on plain boards only when the
-- engine's propagation brings it back before probing removes anything (see settles). The
-- puzzles are unique all the same.
local BIG, BIG_MAX_NODES = 20, 1

-- On a board with rules (the board's own, or opts.constraint / opts.different) a search has no
-- bound a user could foresee: a grid on some rule sets, or the proof that a 9x9 non-consecutive
-- puzzle of 6 givens is unique, runs for seconds to minutes. So unless opts.max_nodes says
-- otherwise (a number for the counts, or false for no bound at all) each uniqueness count there stops after
-- RULES_COUNT_NODES nodes (the given then stays, and info.reached is false) and the grid's search
-- after RULES_FILL_NODES (the call then returns nil and a message). Both are counts of nodes, not
-- seconds, so a seed gives the same puzzle on every machine. On 9x9 non-consecutive boards a
-- count of 10,000 nodes is about 0.05 s; without the bound puzzles there took 1 to 5 s each.
local RULES_COUNT_NODES, RULES_FILL_NODES = 10000, 200000

--- A new Board, the image of `board` under a random equivalence transform: values
-- relabelled, bands and the rows within each band permuted, stacks and the columns within
-- each, and (square boxes) transposed; every solution maps to a solution.
-- @function transform
-- @tparam Board board the board
-- @int seed the seed
-- @treturn Board the image
-- @treturn table `{values =, rows =, columns =, transposed =}`
-- @raise for jigsaw boards, boards with extra regions and boards with rules
gen.transform = require("sudoku.gen.transform").transform

--- The canonical form of a 9x9 puzzle: the least (row by row, a blank below every digit) of
-- the puzzles equivalent to it under `transform`'s changes, so that equivalent puzzles, and
-- only they, share it. About 100,000 to 250,000 puzzles a second in C; a full grid takes
-- milliseconds.
-- @function canonical
-- @tparam Board|string x a 9x9 board with 3x3 boxes and no extra regions or rules, or a line
-- of 81 symbols
-- @treturn Board|string the canonical form, of the kind given (a line: 81 symbols, "." for a
-- blank)
-- @treturn table the transform that takes `x` there, as `transform` returns it: `{values =,
-- rows =, columns =, transposed =}`
-- @return or `nil, message` for clashing givens or a line that is no 9x9 puzzle
-- @raise for anything but a Board or a string, and for a board of another shape or with
-- regions or rules
gen.canonical = require("sudoku.gen.canonical").canonical

--- An empty set of classes of 9x9 puzzles, for keeping the first puzzle of each class in a
-- stream: `set:add(x)` (x as `canonical` takes it) returns true when x's class is new to the
-- set, false for a puzzle equivalent to one added before, or `nil, message` when x has no
-- canonical form; `set:count()` the classes, `set:bytes()` its memory (41 bytes a class in a
-- table kept at most 3/4 full; exact: whole forms are compared).
-- @function canonical_set
-- @treturn CanonSet the set
gen.canonical_set = require("sudoku.gen.canonical").set

local function argerror(fname, msg)
  error(("bad argument #1 to '%s' (%s)"):format(fname, msg), 3)
end

-- The empty (or partly filled) board to fill, from opts.board (copied), or opts.size / opts.box.
local function template(fname, opts)
  if opts.board ~= nil then
    if getmetatable(opts.board) ~= getmetatable(Board.new{ size = 1 }) then
      argerror(fname, "opts.board must be a Board")
    end
    return opts.board:copy()
  end
  if opts.size == nil and opts.box == nil then
    argerror(fname, "opts.size, opts.box or opts.board expected")
  end
  -- The shape's own check (Board.new's), so that its words come back, not an error to read.
  local fits, why = shape.check(opts.size, opts.box)
  if not fits then argerror(fname, "opts." .. why) end
  return Board.new { size = opts.size, box = opts.box }
end

-- The solver options that carry the board's rules beyond its units: a Lua `constraint`
-- predicate and native `different` pairs (anti-knight and the like). nil when there are none,
-- so that plain boards are counted by the fastest engine.
local function rules_of(opts)
  if opts.constraint == nil and opts.different == nil then return nil end
  return { constraint = opts.constraint, different = opts.different }
end

local function check_common(fname, opts)
  if type(opts) ~= "table" then argerror(fname, "table expected, got " .. type(opts)) end
  if not is_integer(opts.seed) or opts.seed < 0 or opts.seed >= 2 ^ 53 then
    argerror(fname, "opts.seed must be an integer from 0 to 2^53 - 1")
  end
  local t = opts.timeout
  if t ~= nil and not (type(t) == "number" and t > 0 and t - t == 0) then
    argerror(fname, "opts.timeout must be a number of seconds above 0")
  end
end

-- The keys under which gen.generator hands its pace function, and the function that says how
-- long its step has left, to gen.puzzle in a copy of the caller's options (tables, so no option
-- name can collide with them).
local PACE, FRAME = {}, {}
local function no_pace() end
local function no_frame() return nil end

-- The time budget of a call: opts.timeout seconds from now, as a clock for every search the
-- call runs. clock.left() is the time that remains (nil: no budget), clock.over() whether it
-- has run out, and clock.message the answer then. clock.pace() is called between the searches
-- of a puzzle, and between the slices of one, where a steppable generator may yield
-- (gen.generator); clock.frame() is the time left in the generator's step (nil: no step),
-- clock.slice() the time a slice may take: the least of the two (nil: no limit).
--
-- The clock also carries the node bounds of a board with rules (see RULES_COUNT_NODES):
-- clock.count_nodes and clock.fill_nodes (nil: no bound), and clock.capped, the counts the bound
-- cut short.
local function clock_of(opts, board)
  local t = opts.timeout
  local pace, frame = opts[PACE] or no_pace, opts[FRAME] or no_frame
  local clock
  if not t then
    clock = { left = function() return nil end, over = function() return false end, pace = pace }
  else
    local deadline = core.clock() + t
    clock = { message = fault.reason{ kind = "gave_up", seconds = t }, pace = pace }
    function clock.left() return math.max(deadline - core.clock(), 1e-9) end
    function clock.over() return core.clock() >= deadline end
  end
  clock.capped = 0
  if opts.max_nodes ~= false and (#board:rules() > 0 or rules_of(opts)) then
    -- A max_nodes of the caller's replaces the counts' bound; the grid's stays.
    clock.fill_nodes = RULES_FILL_NODES
    if opts.max_nodes == nil then clock.count_nodes = RULES_COUNT_NODES end
  end
  function clock.frame()
    local left = frame()
    return left and math.max(left, 1e-6)
  end
  function clock.slice()
    local a, b = clock.left(), clock.frame()
    if a and b then return math.min(a, b) end
    return a or b
  end
  return clock
end

-- solver:step to the next solution or the end, under the clock and within `cap` nodes (nil: no
-- bound); with a pace, in slices that end with the generator's step (a time budget pauses inside
-- a node too), with clock.pace() between them. The status, "running" when out of time or nodes.
local function run(solver, clock, cap)
  if clock.pace == no_pace then return solver:step(cap, clock.left()) end
  while true do
    clock.pace()
    local status = solver:step(cap and cap - solver:stats().nodes, clock.slice())
    if status ~= "running" or clock.over() then return status end
    if cap and solver:stats().nodes >= cap then return status end
  end
end

-- Solutions of `board` under `rules`, counted up to 2, and the general engine's nodes when a
-- budget is set (nil: not measured). Over budget: nil. Out of time (clock): false.
local function count_two(board, rules, max_nodes, clock)
  local cap = not max_nodes and clock.count_nodes or nil
  if not rules and not max_nodes then
    local left = clock.left()
    local n = board:count(2, (left or cap) and { timeout = left, max_nodes = cap } or nil)
    if n == nil then
      if not cap or clock.over() then return false end
      clock.capped = clock.capped + 1
      return nil
    end
    return n
  end
  if cap then
    local found = count_two(board, rules, cap, clock)
    if found == nil then clock.capped = clock.capped + 1 end
    return found
  end
  local opts = {}
  for k, v in pairs(rules or {}) do opts[k] = v end
  local solver = core.new_solver(board:copy(), opts)
  local found = 0
  while found < 2 do
    -- A step pauses before the node that would go over the budget (the nodes left, at least
    -- one), so the search never runs a node that could only show it needs too many.
    local budget = max_nodes and math.max(max_nodes - solver:stats().nodes, 1)
    local status = solver:step(budget, clock.left())
    if max_nodes and solver:stats().nodes > max_nodes then return nil end
    if status == "running" then
      if clock.over() then return false end
      if max_nodes then return nil end   -- paused by the budget: one more node at least
    end
    if status ~= "solved" then break end
    found = found + 1
  end
  return found
end

-- On empty boards of PATTERN_N values or more, with boxes and nothing else (no extra region,
-- no rule), a random search can stall thousands of nodes deep near the end (an empty 64x64
-- board fills 3,500 of its 4,096 cells in a second, then backtracks for minutes), so the grid
-- is the shifted-rows pattern under a random equivalence transform (values relabelled, bands,
-- stacks and the lines in each permuted, square boxes maybe transposed): a random member of
-- the pattern's class, drawn from the seed in well under a second.
local PATTERN_N = 36

local function plain_empty(board, opts)
  return board:size() >= PATTERN_N and rules_of(opts) == nil and board:filled() == 0 and
    select(2, board:size()) ~= nil and #board:regions() == 0 and #board:rules() == 0
end

-- The pattern grid of `board`'s shape under a transform drawn from rng.
local function pattern(board, rng)
  local n, box_rows, box_cols = board:size()
  for r = 0, n - 1 do
    for c = 0, n - 1 do
      board:set(r + 1, c + 1, (box_cols * (r % box_rows) + math.floor(r / box_rows) + c) % n + 1)
    end
  end
  return (gen.transform(board, rng:seed()))
end

-- The grid of gen.solution, under `clock` (see clock_of).
local function fill(opts, clock)
  local board = template("solution", opts)
  local rng = random.new(opts.seed)
  if plain_empty(board, opts) then return pattern(board, rng) end
  local solver_opts = { seed = rng:seed() }
  for k, v in pairs(rules_of(opts) or {}) do solver_opts[k] = v end
  local solver = core.new_solver(board, solver_opts)
  local status = run(solver, clock, clock.fill_nodes)
  if status == "running" then
    solver:reset()
    if clock.over() then return nil, clock.message end
    return nil, ("no grid within %d nodes (the bound of a board with rules: opts.max_nodes = false "
      .. "lifts it)"):format(clock.fill_nodes)
  end
  if status ~= "solved" then return nil, "no solution" end
  return board
end

--- A random complete grid. On an empty board of 36 values or more with boxes and nothing else,
-- a random equivalence transform of one pattern grid (see `transform`): a search there can
-- stall for minutes, this takes milliseconds.
-- @tparam table opts `seed` (required), and the board: `size` and/or `box`, or `board` (a Board
-- whose shape, regions, rules and any values it holds are kept), with `constraint` / `different` as
-- for Solver.new, and `timeout` (seconds: the search gives up after that long); on a board with
-- rules the search stops after 200,000 nodes unless `max_nodes` is false
-- @treturn Board|nil the grid, or `nil, message` when the board has no solution ("no
-- solution") or the time ran out ("gave up after 2 s")
-- @raise for a missing or bad option
function gen.solution(opts)
  check_common("solution", opts)
  if opts.max_nodes ~= nil and opts.max_nodes ~= false then
    argerror("solution", "opts.max_nodes can only be false (no bound on a board with rules)")
  end
  return fill(opts, clock_of(opts, template("solution", opts)))
end

local function filled_count(board)
  return board:filled()
end

-- Whether any single given of `puzzle` can go with the solution staying unique; nil when the
-- clock ran out before it could tell.
local function strictly_minimal(puzzle, rules, clock)
  local n = puzzle:size()
  for r = 1, n do
    for c = 1, n do
      local v = puzzle:get(r, c)
      if v ~= 0 then
        puzzle:set(r, c, 0)
        local found = count_two(puzzle, rules, nil, clock)
        puzzle:set(r, c, v)
        if found == false then return nil end
        if found == 1 then return false end
      end
    end
  end
  return true
end

local function max_nodes_of(opts, grid)
  if opts.max_nodes == false then return nil end
  return opts.max_nodes or (grid:size() >= BIG and BIG_MAX_NODES or nil)
end

-- The orbits in a random order (a new list).
local function shuffled(orbits, rng)
  local order = {}
  for i = 1, #orbits do order[i] = orbits[i] end
  return rng:shuffle(order)
end

-- Whether value v has no other place than (r, c) in a line through it: the other empty cells of
-- its row (dr = 0) or column (dc = 0) all see v among the givens.
local function only_place_in_line(puzzle, r, c, v, dr, dc)
  for k = 1, puzzle:size() do
    local rr, cc = dr == 0 and r or k, dc == 0 and c or k
    if (rr ~= r or cc ~= c) and puzzle:get(rr, cc) == 0 then
      for _, w in ipairs(puzzle:candidates(rr, cc)) do
        if w == v then return false end
      end
    end
  end
  return true
end

-- Whether the givens just taken from `orbit` (their values `saved`) come back by singles alone:
-- one orbit cell with a single candidate left by the other givens, or the only place for its
-- value in its row or column, and so on. Then the puzzle keeps exactly its solutions (each of
-- those cells is forced), and the search that would count them, which propagates at least as
-- strongly at its root, walks the same tree: no need to run it.
local function forced(puzzle, orbit, saved)
  local placed, left = {}, #orbit
  local progress = true
  while left > 0 and progress do
    progress = false
    for i, cell in ipairs(orbit) do
      if not placed[i] then
        local r, c, v = cell[1], cell[2], saved[i]
        if #puzzle:candidates(r, c) == 1 or only_place_in_line(puzzle, r, c, v, 0, 1)
            or only_place_in_line(puzzle, r, c, v, 1, 0) then
          placed[i] = true
          left = left - 1
          progress = true
          puzzle:set(r, c, v)
        end
      end
    end
  end
  for i, cell in ipairs(orbit) do
    if placed[i] then puzzle:set(cell[1], cell[2], 0) end
  end
  return left == 0
end

-- Whether the puzzle, unique before the givens `saved` left the cells of `orbit`, still is:
-- any other solution now differs from the old one at one of those cells at least, so a search
-- for a solution with the old value banned at one cell (an "allowed" rule), cell after cell,
-- answers it, where counting to 2 would first find the old solution again and then search all
-- the rest. The search tries the grid's own value first at every cell it branches on: another
-- solution, when there is one, is then met sooner (on 16x16 a third fewer nodes), and when there
-- is none the whole tree is searched in any order. 1 (unique), 2 (not), or false when the clock
-- ran out.
local function still_unique(puzzle, orbit, saved, clock, grid)
  local n = puzzle:size()
  local function grid_first(_, r, c, candidates)
    local want, out, has = grid:get(r, c), {}, false
    for _, v in ipairs(candidates) do
      if v == want then has = true else out[#out + 1] = v end
    end
    if has then table.insert(out, 1, want) end
    return out
  end
  for i, cell in ipairs(orbit) do
    local copy, values = puzzle:copy(), {}
    for v = 1, n do
      if v ~= saved[i] then values[#values + 1] = v end
    end
    copy:add_rule{ kind = "allowed", cells = { cell }, values = values }
    local solver = core.new_solver(copy, { order_values = grid_first })
    local status = run(solver, clock)
    if status == "running" then return false end
    if status == "solved" then return 2 end
  end
  return 1
end

-- A check for removals from `puzzle`, settles(orbit, saved, clock): whether the general engine's
-- root propagation brings back every given just taken from `orbit` (their values `saved`); the
-- search stops at the placement of the orbit's last cell. With `probing` false, before probing
-- removes anything: the propagation of singles, hidden singles, locked candidates and unit
-- matching alone. 1 when it does, nil when not, false when the clock ran out. The puzzle is
-- searched in place and left as it was, by one solver for every check (a new solver for each
-- cost 5 % of a 25x25 puzzle).
--
-- Every propagation is sound, so then every solution of the puzzle has the old values there and
-- is a solution of the puzzle before the removal: unique before, unique now. And propagation
-- that has placed the orbit knows all the puzzle before the removal knew, from which (by
-- induction from the full grid) the same propagation solved the whole board: so it solves this
-- one too, and the engine proves the puzzle unique at its root node, as a count within one node
-- would, without the rest of that count (which, when the orbit is placed early, is most of it;
-- and probing, on boards of 20 values and more, is most of a root that stalls).
local function settler(puzzle, probing)
  local n = puzzle:size()
  local want, left, settled = {}, 0, false
  local solver = core.new_solver(puzzle, {
    on_place = function(r, c)
      if want[(r - 1) * n + c] then
        left = left - 1
        if left == 0 then
          settled = true
          return false
        end
      end
    end,
    on_eliminate = not probing and function(_, _, _, rule)
      if rule == "probing" then return false end
    end or nil,
  })
  return function(orbit, saved, clock)
    want, left, settled = {}, #orbit, false
    for i, cell in ipairs(orbit) do want[(cell[1] - 1) * n + cell[2]] = saved[i] end
    solver:reset()
    local status = solver:step(1, clock.left())
    if status == "running" or status == "solved" then solver:reset() end
    if settled then return 1 end
    if status == "running" and clock.over() then return false end
    return nil
  end
end

-- How a removal on `puzzle` is checked by settles: "plain" (no probing) on plain boards of BIG
-- values or more with the default budget, "probe" on plain boards with a budget of one node
-- (the same givens go as with a count within that node); nil: not by settles. Plain boards:
-- boxes and nothing else (no extra region, no rule of the board's or the caller's).
local function settle_mode(puzzle, opts, rules, max_nodes)
  if max_nodes ~= 1 or rules or select(2, puzzle:size()) == nil or #puzzle:regions() > 0
      or #puzzle:rules() > 0 then
    return nil
  end
  return opts.max_nodes == nil and "plain" or "probe"
end

-- Whether a removal is checked with still_unique: on boards the general engine counts anyway
-- (9x9 counts go through the fast path, quicker than any search of the general engine), with
-- no rules of the caller's and no node budget (which counts the nodes of the count itself).
local function bans(puzzle, rules, max_nodes)
  return not rules and not max_nodes and puzzle:size() >= 16
end

-- Takes away each orbit of givens in `order` (all of whose cells hold a given) when the puzzle
-- stays unique (within max_nodes) and, with a difficulty target, rated within its maximum; stops
-- at opts.clues givens unless opts.minimal. `grid` is the solution. False when the clock ran out.
local function take_away(puzzle, order, opts, rules, clock, target, max_nodes, grid)
  local stop_at = not opts.minimal and opts.clues or nil
  local settle = settle_mode(puzzle, opts, rules, max_nodes)
  local settles = settle and settler(puzzle, settle == "probe")
  for _, orbit in ipairs(order) do
    if stop_at and filled_count(puzzle) <= stop_at then break end
    clock.pace()
    local saved, whole = {}, true
    for i, cell in ipairs(orbit) do
      saved[i] = puzzle:get(cell[1], cell[2])
      whole = whole and saved[i] ~= 0
    end
    if whole then
      for _, cell in ipairs(orbit) do puzzle:set(cell[1], cell[2], 0) end
      local found
      if forced(puzzle, orbit, saved) then
        found = 1
      elseif settle then
        found = settles(orbit, saved, clock)
      elseif bans(puzzle, rules, max_nodes) then
        found = still_unique(puzzle, orbit, saved, clock, grid)
      else
        found = count_two(puzzle, rules, max_nodes, clock)
      end
      if found == false then return false end
      -- A difficulty target keeps a given whose removal would rate the puzzle above its band.
      if found == 1 and target then
        local may = difficulty.may_take(puzzle, target, clock)
        if may == nil then return false end
        if not may then found = 0 end
      end
      if found ~= 1 then
        for i, cell in ipairs(orbit) do puzzle:set(cell[1], cell[2], saved[i]) end
      end
    end
  end
  return true
end

-- One try: a grid from `rng`, then one pass over the orbits in a random order, each taken away
-- when the puzzle stays unique (and within max_nodes). A single pass is enough for minimality:
-- taking givens away never makes a puzzle easier to pin down, so an orbit that had to stay
-- still has to at the end.
local function attempt(opts, rng, orbits, rules, clock, target)
  local grid, err = fill({
    seed = rng:seed(), board = opts.board, size = opts.size, box = opts.box,
    constraint = opts.constraint, different = opts.different,
  }, clock)
  if not grid then return nil, err end
  local puzzle = grid:copy()
  if not take_away(puzzle, shuffled(orbits, rng), opts, rules, clock, target,
      max_nodes_of(opts, grid), grid) then
    return nil, clock.message
  end
  return puzzle, grid
end

-- Swaps tried on a puzzle rated below its target's band before a new grid is tried.
local CLIMB_SWAPS = 40

-- Lifts a puzzle rated below the target's band (rated: its rating) by swaps: an orbit of givens
-- goes, an empty orbit gets the solution's digits back, and the result stays when it is unique,
-- rated within the band's maximum and no easier than before; then any orbit that can go, goes.
-- Most grids give easy puzzles on small boards (6x6), so a band like "hard" is reached far more
-- often from a near miss than from new grids. Returns whether the target is met and the rating;
-- nil when the clock ran out.
local function climb(puzzle, grid, orbits, opts, rng, rules, clock, target, rated)
  local max_nodes = max_nodes_of(opts, grid)
  for _ = 1, CLIMB_SWAPS do
    -- A swap's own work (its scan, copy, count and the restore of a swap that did not keep)
    -- comes to about a millisecond on 9x9: a place to yield before each.
    clock.pace()
    local full, empty = {}, {}
    for _, orbit in ipairs(orbits) do
      local filled = 0
      for _, cell in ipairs(orbit) do
        if puzzle:get(cell[1], cell[2]) ~= 0 then filled = filled + 1 end
      end
      if filled == #orbit then full[#full + 1] = orbit elseif filled == 0 then empty[#empty + 1] = orbit end
    end
    if #full == 0 or #empty == 0 then break end
    local out, back = full[rng:below(#full)], empty[rng:below(#empty)]
    local saved = puzzle:copy()
    for _, cell in ipairs(out) do puzzle:set(cell[1], cell[2], 0) end
    for _, cell in ipairs(back) do puzzle:set(cell[1], cell[2], grid:get(cell[1], cell[2])) end
    local found = count_two(puzzle, rules, max_nodes, clock)
    if found == false then return nil end
    local kept = false
    if found == 1 then
      if not take_away(puzzle, shuffled(orbits, rng), opts, rules, clock, target, max_nodes,
          grid) then
        return nil
      end
      local meets, r = difficulty.meets(puzzle, target, clock)
      if meets == nil then return nil end
      if meets then return true, r end
      kept = r ~= nil and r.rating >= rated.rating and r.rating <= target.max
      if kept then rated = r end
    end
    if not kept then
      for r = 1, saved:size() do
        for c = 1, saved:size() do puzzle:set(r, c, saved:get(r, c)) end
      end
    end
  end
  return false, rated
end

local function check_puzzle_opts(opts)
  check_common("puzzle", opts)
  if opts.clues ~= nil and not (is_integer(opts.clues) and opts.clues >= 0) then
    argerror("puzzle", "opts.clues must be a whole number")
  end
  if opts.max_nodes ~= nil and opts.max_nodes ~= false and
      not (is_integer(opts.max_nodes) and opts.max_nodes >= 1) then
    argerror("puzzle", "opts.max_nodes must be a whole number of at least 1, or false")
  end
  if opts.attempts ~= nil and not (is_integer(opts.attempts) and opts.attempts >= 1) then
    argerror("puzzle", "opts.attempts must be a whole number of at least 1")
  end
end

--- A puzzle with exactly one solution. `opts` as for `solution`, and:
--   symmetry   the pattern the givens keep: none (default), rotational (180 degrees), 90,
--              horizontal, vertical, diagonal, antidiagonal, dihedral
--   minimal    true: no given can be taken away and leave the solution unique; with a
--              symmetry, tries grids until one gives such a puzzle
--   clues      stop taking givens away at this many (or fewer); with minimal, tries grids
--              until the minimal puzzle has at most this many
--   max_nodes  every puzzle must be solved and proved unique by the general engine within this
--              many search nodes (a first hardness knob: lower is easier); false: no limit;
--              default: no limit on plain boards, 10,000 on boards with rules (a given whose
--              count runs over it stays, and info.reached is false; the grid's search there
--              stops after 200,000 nodes), and 1 on boards of 20 values or more (25x25),
--              where a full proof can take
--              minutes: givens that only a longer search could show to be spare then stay;
--              there, on boards with boxes and nothing else, a given goes only when the
--              engine's propagation brings it back before probing removes anything
--   attempts   grids to try for minimal/clues targets (default 200)
--   timeout    seconds for the whole call, every search and rating included: when they run
--              out, the call gives up (unlike max_nodes, which only makes puzzles easier)
--   rating     {min =, max =}: the puzzle's SE rating (sudoku.logic.rate) within that band;
--              givens whose removal would rate it above max stay, a puzzle rated below min
--              gets a few swaps of givens to lift it, and grids are tried until the rating
--              reaches min (attempts, default 1000 with a target)
--   level      "easy", "medium", "hard", "expert" or "extreme": a named band
--              (sudoku.gen.difficulty documents them); rating narrows it
--   techniques {required = {...}, allowed = {...}}: technique names (sudoku.logic) the path
--              must use, and the only ones it may (then the rating counts those)
--   variant    "killer", "thermo", "kropki", "xv", "arrow", "x", "windoku" or "jigsaw" (with
--              size or box): a puzzle of that variant's rules drawn over a random solution
--              (sudoku.gen.variant); info adds variant, constraints (the rules in the variants
--              schema, as the json writer keeps them), regions and record (the puzzle as a flat
--              record of the schema, for sudoku.variant.board)
-- @tparam table opts the options above
-- @treturn Board|nil the puzzle, or `nil, message` when the board has no solution or the time
-- ran out ("gave up after 2 s")
-- @treturn Board the solution
-- @treturn table info `{clues =, attempts =, reached = true/false (the targets were met, and
-- no given was kept by the default bound of a board with rules), capped = (the counts that bound
-- cut short; nil where it does not apply), rating =, hardest = (with a difficulty target)}`; when
-- not reached, the puzzle closest to the band
-- @raise for a missing or bad option
function gen.puzzle(opts)
  check_puzzle_opts(opts)
  if opts.variant ~= nil then
    -- Not a tail call: an option error names the caller of gen.puzzle as its place.
    local puzzle, solution, info = variant.puzzle(opts, gen)
    return puzzle, solution, info
  end
  local target = difficulty.target(opts)
  if target and (opts.constraint ~= nil or opts.different ~= nil or
      (opts.board and #opts.board:rules() > 0)) then
    argerror("puzzle", "a difficulty target needs a board without rules (its rating knows none)")
  end
  local board = template("puzzle", opts)
  local clock = clock_of(opts, board)
  local orbits, err = symmetry.orbits(opts.symmetry or "none", (board:size()))
  if not orbits then argerror("puzzle", "opts.symmetry: " .. err) end
  local rules = rules_of(opts)
  local rng = random.new(opts.seed)
  local attempts = opts.attempts or (target and 1000 or 200)
  local best, best_solution, best_clues, best_rating, best_distance
  for k = 1, attempts do
    clock.pace()
    local puzzle, solution = attempt(opts, rng, orbits, rules, clock, target)
    if not puzzle then return nil, solution end
    local meets, rated, distance = true, nil, 0
    if target then
      meets, rated = difficulty.meets(puzzle, target, clock)
      if meets == nil then return nil, clock.message end
      if not meets and rated and rated.rating < target.min then
        meets, rated = climb(puzzle, solution, orbits, opts, rng, rules, clock, target, rated)
        if meets == nil then return nil, clock.message end
      end
      distance = difficulty.distance(rated, target)
    end
    local clues = filled_count(puzzle)
    local ok = meets and (not opts.clues or clues <= opts.clues)
    if ok and opts.minimal and (opts.symmetry or "none") ~= "none" then
      ok = strictly_minimal(puzzle, rules, clock)
      if ok == nil then return nil, clock.message end
    end
    if ok then
      -- A given kept because its count ran over the default bound of a board with rules: the
      -- puzzle is unique, but a longer search might have taken more away.
      return puzzle, solution, { clues = clues, attempts = k, reached = clock.capped == 0,
        capped = clock.count_nodes and clock.capped, rating = rated and rated.rating,
        hardest = rated and rated.hardest }
    end
    if not best or distance < best_distance or (distance == best_distance and clues < best_clues) then
      best, best_solution, best_clues, best_rating, best_distance = puzzle, solution, clues, rated,
        distance
    end
    if clock.over() then break end
  end
  return best, best_solution, { clues = best_clues, attempts = attempts, reached = false,
    capped = clock.count_nodes and clock.capped, rating = best_rating and best_rating.rating,
    hardest = best_rating and best_rating.hardest }
end

-- Whether a coroutine can yield inside the variant generators' protected calls: not on plain
-- Lua 5.1, whose pcall is a C boundary (LuaJIT and Lua 5.2 on can).
local YIELD_ACROSS_PCALL = _VERSION ~= "Lua 5.1" or rawget(_G, "jit") ~= nil

local Generator = {}
Generator.__index = Generator

--- A puzzle made a slice at a time, for a game that cannot stop drawing while `gen.puzzle`
-- runs (a 16x16 puzzle takes tens of milliseconds, a 25x25 one a hundred or more). The same
-- `opts` and the same puzzle as `gen.puzzle(opts)`; `g:step{ms = 2}` runs about 2 ms of it and
-- returns `"running"`, or `"done"` once the puzzle is made, and `g:result()` then gives what
-- `gen.puzzle` would have returned. It stops between searches and inside them: a search (a
-- grid, a uniqueness check) runs in time slices that end with the step, and so does a
-- difficulty target's rating (`pencil:rate{ms = ...}`, which pauses inside its finders and
-- inside a nested forcing chain's run), so a step overruns by one part of that work at most
-- (under 1 ms on 9x9 and 16x16: `make bench`, the frames table).
-- Hooks are not involved: this is a coroutine that yields between slices, so it works wherever
-- Lua code may yield (on plain Lua 5.1 a variant puzzle is made in one step).
-- @tparam table opts as for `puzzle`
-- @treturn table the generator: `g:step([budget])` (budget `{ms = n}`, or nil: to the end) and
-- `g:result()`, `g:status()`
-- @raise for a missing or bad option, as `puzzle` does
function gen.generator(opts)
  check_puzzle_opts(opts)
  local self = setmetatable({ state = "running" }, Generator)
  local copy = {}
  for k, v in pairs(opts) do copy[k] = v end
  local yields = YIELD_ACROSS_PCALL or opts.variant == nil
  copy[PACE] = function()
    if yields and self.deadline and core.clock() >= self.deadline then coroutine.yield() end
  end
  copy[FRAME] = function()
    return yields and self.deadline and self.deadline - core.clock() or nil
  end
  self.co = coroutine.create(function() return gen.puzzle(copy) end)
  return self
end

--- Runs the generator for about `budget.ms` milliseconds (no budget: to the end). Returns
-- `"running"` while there is more to do, then `"done"`.
-- @tparam[opt] table budget `{ms = n}`, n > 0
-- @treturn string `"running"` or `"done"`
-- @raise for a bad budget, or with the generator's own error (it is then done, with no result)
function Generator:step(budget)
  local ms = budget ~= nil and type(budget) == "table" and budget.ms
  if budget ~= nil and not (type(ms) == "number" and ms > 0 and ms - ms == 0) then
    error("bad argument #1 to 'step' (budget must be {ms = a number above 0})", 2)
  end
  if self.state == "done" then return "done" end
  self.deadline = ms and core.clock() + ms / 1000 or nil
  local results = { coroutine.resume(self.co) }
  if not results[1] then
    self.state, self.results = "done", { nil, tostring(results[2]) }
    error(results[2], 0)
  end
  if coroutine.status(self.co) == "dead" then
    self.state = "done"
    self.results = { results[2], results[3], results[4] }
  end
  return self.state
end

--- What `gen.puzzle` returns, once `step` has said `"done"`: puzzle, solution, info, or `nil`
-- and a message.
-- @return the puzzle, solution and info
-- @raise while the generator is still running
function Generator:result()
  if self.state ~= "done" then
    error("bad argument #1 to 'result' (the generator is still running: step it to \"done\")", 2)
  end
  local r = self.results
  return r[1], r[2], r[3]
end

--- `"running"` or `"done"`.
-- @treturn string the state
function Generator:status()
  return self.state
end

return gen
