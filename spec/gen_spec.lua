-- Generators: seeded random numbers, symmetry orbits, complete grids, unique puzzles and
-- equivalence transforms. Every generated puzzle is re-counted here by an independent search
-- (the general engine with the values tried in descending order, never the generator's own
-- count) with the board's rules.
local sudoku = require "sudoku"
local gen = require "sudoku.gen"
local random = require "sudoku.gen.random"
local symmetry = require "sudoku.gen.symmetry"
local variants = require "support.variants"

-- The puzzle of seed 42 as generated on Lua 5.4; the same on every version and platform.
local GOLDEN_42 = "2.....7....97....1....8.5.93.....8....6.5..1......9.3..2.8....3.8761.4....3..7..8"

-- Solutions of `board` up to 2, by a search the generator does not use.
local independent_count = require("support.recount").count

-- Whether every given of `puzzle` agrees with `solution`.
local function keeps(puzzle, solution)
  local n = puzzle:size()
  for r = 1, n do
    for c = 1, n do
      local v = puzzle:get(r, c)
      if v ~= 0 and v ~= solution:get(r, c) then return false end
    end
  end
  return true
end

local knight_pairs = variants.knight_pairs

-- A 9x9 X-sudoku board: both diagonals are regions of their own.
local function x_board()
  local board = sudoku.Board.new{ size = 9 }
  local main, anti = {}, {}
  for i = 1, 9 do main[i], anti[i] = { i, i }, { i, 10 - i } end
  board:add_region(main)
  board:add_region(anti)
  return board
end

describe("sudoku.gen.random", function()
  it("gives the same numbers for the same seed, on every Lua version", function()
    local rng = random.new(42)
    local first = {}
    for i = 1, 5 do first[i] = rng:next() end
    assert.are.same({ 1290587497, 716143114, 1953339004, 373850218, 861924715 }, first)
    local again = random.new(42)
    assert.are.equal(first[1], again:next())
    assert.are_not.equal(first[1], random.new(43):next())
  end)

  it("draws whole numbers 1..n, each about as often", function()
    local rng = random.new(7)
    local seen = {}
    for _ = 1, 6000 do
      local v = rng:below(6)
      assert.is_true(v >= 1 and v <= 6 and v == math.floor(v))
      seen[v] = (seen[v] or 0) + 1
    end
    for v = 1, 6 do assert.is_true(seen[v] > 850 and seen[v] < 1150, tostring(seen[v])) end
  end)

  it("shuffles into a permutation, and seeds the C solver with an integer", function()
    local list = random.new(1):shuffle({ 1, 2, 3, 4, 5, 6, 7, 8, 9 })
    table.sort(list)
    assert.are.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9 }, list)
    local seed = random.new(1):seed()
    assert.are.equal(math.floor(seed), seed)
    assert.is_true(seed >= 0 and seed < 2 ^ 52)
  end)

  it("refuses a seed that is no whole number below 2^53", function()
    assert.has_error(function() random.new(1.5) end,
      "bad argument #1 to 'new' (seed must be an integer from 0 to 2^53 - 1)")
    assert.has_error(function() random.new(-1) end)
  end)
end)

describe("sudoku.gen.symmetry", function()
  local expected = { none = 81, rotational = 41, ["90"] = 21, horizontal = 45, vertical = 45,
    diagonal = 45, antidiagonal = 45, dihedral = 15 }
  for _, name in ipairs(symmetry.NAMES) do
    it("splits a 9x9 board into orbits for " .. name .. ", every cell once", function()
      local orbits = assert(symmetry.orbits(name, 9))
      assert.are.equal(expected[name], #orbits)
      local seen = {}
      for _, orbit in ipairs(orbits) do
        for _, cell in ipairs(orbit) do
          local key = cell[1] * 100 + cell[2]
          assert.is_nil(seen[key])
          seen[key] = true
        end
      end
      local count = 0
      for _ in pairs(seen) do count = count + 1 end
      assert.are.equal(81, count)
    end)
  end

  it("names the symmetries there are for an unknown one", function()
    assert.are.same({ nil, "unknown symmetry 'spiral' (expected one of none, rotational, 90, "
      .. "horizontal, vertical, diagonal, antidiagonal, dihedral)" }, { symmetry.orbits("spiral", 9) })
  end)
end)

describe("sudoku.gen.solution", function()
  for _, box in ipairs({ { 2, 2 }, { 2, 3 }, { 3, 3 }, { 3, 4 }, { 4, 4 }, { 5, 5 } }) do
    it(("fills a %dx%d board with a valid grid"):format(box[1] * box[2], box[1] * box[2]), function()
      local grid = assert(gen.solution{ box = box, seed = 3 })
      assert.is_true(grid:is_solved())
      assert.are.same({ box[1] * box[2], box[1], box[2] }, { grid:size() })
    end)
  end

  it("gives the same grid for the same seed and others for other seeds", function()
    local a = gen.solution{ size = 9, seed = 11 }
    assert.are.equal(a, gen.solution{ size = 9, seed = 11 })
    local distinct = {}
    for seed = 1, 20 do distinct[gen.solution{ size = 9, seed = seed }:symbols()] = true end
    local count = 0
    for _ in pairs(distinct) do count = count + 1 end
    assert.are.equal(20, count)
  end)

  -- From 36x36 on, a search for a first solution can take minutes: an empty plain board gets a
  -- pattern grid under a random equivalence transform instead.
  it("gives empty 36x36 to 64x64 boards a grid of their own per seed, boxes of any shape", function()
    for _, o in ipairs{ { size = 64 }, { size = 49 }, { box = { 6, 7 } }, { size = 37 } } do
      local seen = {}
      for seed = 1, 3 do
        o.seed = seed
        local grid = assert(gen.solution(o))
        assert.is_true(grid:is_solved())
        local n = grid:size()
        assert.are.same({ sudoku.Board.new{ size = o.size, box = o.box }:size() }, { grid:size() })
        seen[grid:symbols()] = true
        -- Not the pattern itself: its first row would read 1, 2, ..., n.
        local ascending = true
        for c = 1, n do ascending = ascending and grid:get(1, c) == c end
        assert.is_false(ascending)
      end
      local count = 0
      for _ in pairs(seen) do count = count + 1 end
      assert.are.equal(3, count)
      assert.are.equal(gen.solution(o), gen.solution(o))
    end
    -- Not on a board with more than boxes: that one is searched as before.
    local board = sudoku.Board.new{ size = 36 }
    board:set(1, 1, 5)
    local grid = assert(gen.solution{ board = board, seed = 1, timeout = 60 })
    assert.is_true(grid:is_solved() and grid:is_valid())
    assert.are.equal(5, grid:get(1, 1))
  end)

  it("keeps a template board's regions and values, and a rule given as a constraint", function()
    local board = x_board()
    board:set(5, 5, 7)
    local grid = assert(gen.solution{ board = board, seed = 5 })
    assert.is_true(grid:is_solved())
    assert.are.equal(7, grid:get(5, 5))
    local knights = knight_pairs(9)
    local anti_knight = assert(gen.solution{ size = 9, seed = 5, different = knights })
    for _, pair in ipairs(knights) do
      assert.are_not.equal(anti_knight:get(pair[1][1], pair[1][2]), anti_knight:get(pair[2][1], pair[2][2]))
    end
  end)

  it("says so when the template has no solution", function()
    local board = sudoku.Board.new{ size = 4 }
    board:set(1, 1, 1)
    board:set(1, 2, 1)
    assert.are.same({ nil, "no solution" }, { gen.solution{ board = board, seed = 1 } })
  end)

  it("raises for a missing seed or board", function()
    assert.has_error(function() gen.solution{ size = 9 } end,
      "bad argument #1 to 'solution' (opts.seed must be an integer from 0 to 2^53 - 1)")
    assert.has_error(function() gen.solution{ seed = 1 } end,
      "bad argument #1 to 'solution' (opts.size, opts.box or opts.board expected)")
  end)
end)

describe("sudoku.gen.puzzle", function()
  it("makes the same 9x9 puzzle from the same seed on every platform and Lua version", function()
    local puzzle, solution, info = gen.puzzle{ size = 9, seed = 42 }
    assert.are.equal(GOLDEN_42, puzzle:symbols())
    assert.are.equal(1, independent_count(puzzle))
    assert.is_true(keeps(puzzle, solution))
    assert.are.equal(puzzle:filled(), info.clues)
  end)

  for _, size in ipairs({ 4, 6, 8, 9, 12 }) do
    it(("makes unique, minimal %dx%d puzzles"):format(size, size), function()
      for seed = 1, 3 do
        local puzzle, solution = gen.puzzle{ size = size, seed = seed }
        assert.are.equal(1, independent_count(puzzle))
        assert.is_true(keeps(puzzle, solution) and solution:is_solved())
        -- Minimal: every given is needed.
        for r = 1, size do
          for c = 1, size do
            local v = puzzle:get(r, c)
            if v ~= 0 then
              local fewer = puzzle:copy()
              fewer:set(r, c, 0)
              assert.are.equal(2, independent_count(fewer))
            end
          end
        end
      end
    end)
  end

  -- By default on 25x25 a given goes when the general engine's propagation brings it back
  -- before probing: the puzzle is unique, solved at the engine's root node, and every given
  -- left is one that propagation alone cannot bring back from the others.
  it("makes unique 25x25 puzzles, solved by propagation alone, by default", function()
    for seed = 1, 2 do
      local puzzle, solution = gen.puzzle{ size = 25, seed = seed }
      assert.are.equal(1, independent_count(puzzle))
      assert.is_true(keeps(puzzle, solution))
      assert.is_true(puzzle:filled() < 625 * 0.5)
      local solver = sudoku.Solver.new(puzzle:copy())
      assert.are.same({ "solved", "done", 1 }, { solver:step(1), solver:step(1), solver:stats().nodes })
      for r = 1, 25 do
        for c = 1, 25 do
          local v = puzzle:get(r, c)
          if v ~= 0 then
            local fewer, back = puzzle:copy(), false
            fewer:set(r, c, 0)
            sudoku.Solver.new(fewer, {
              on_place = function(pr, pc) back = back or (pr == r and pc == c) end,
              on_eliminate = function(_, _, _, rule) return rule ~= "probing" end,
            }):step(1)
            assert.is_false(back, ("r%dc%d comes back"):format(r, c))
          end
        end
      end
    end
  end)

  -- With max_nodes = 1 a removal is checked by propagation stopped once the orbit is back:
  -- the same givens go as with a count to 2 within one node.
  it("keeps with max_nodes = 1 exactly the givens a count within one node says must stay", function()
    local puzzle, solution = gen.puzzle{ size = 16, seed = 2, max_nodes = 1 }
    assert.are.equal(1, independent_count(puzzle))
    assert.is_true(keeps(puzzle, solution))
    for r = 1, 16 do
      for c = 1, 16 do
        local v = puzzle:get(r, c)
        if v ~= 0 then
          local fewer = puzzle:copy()
          fewer:set(r, c, 0)
          local solver = sudoku.Solver.new(fewer)
          local first, second = solver:step(1), solver:step(1)
          assert.is_false(first == "solved" and second == "done", ("r%dc%d can go"):format(r, c))
        end
      end
    end
  end)

  it("makes unique 16x16 puzzles", function()
    for seed = 1, 3 do
      local puzzle, solution = gen.puzzle{ size = 16, seed = seed }
      assert.are.equal(1, independent_count(puzzle))
      assert.is_true(keeps(puzzle, solution))
    end
  end)

  -- On 16x16 a removal is tried by looking for a solution other than the grid's, one case per
  -- orbit cell, rather than by a count to 2: the puzzle must be unique and every orbit of
  -- givens must be one a count to 2 says cannot go.
  it("keeps on 16x16, orbit by orbit, exactly the givens a count to 2 says must stay", function()
    local puzzle, solution = gen.puzzle{ size = 16, seed = 3, symmetry = "dihedral" }
    assert.are.equal(1, independent_count(puzzle))
    assert.is_true(keeps(puzzle, solution))
    for _, orbit in ipairs(require("sudoku.gen.symmetry").orbits("dihedral", 16)) do
      local copy = puzzle:copy()
      local given = false
      for _, cell in ipairs(orbit) do
        given = given or copy:get(cell[1], cell[2]) ~= 0
        copy:set(cell[1], cell[2], 0)
      end
      if given then assert.are.equal(2, copy:count(2)) end
    end
  end)

  local SYMMETRIC = { "rotational", "90", "horizontal", "vertical", "diagonal", "antidiagonal",
    "dihedral" }
  for _, name in ipairs(SYMMETRIC) do
    it("keeps the givens' pattern " .. name .. " and the solution unique", function()
      local puzzle = gen.puzzle{ size = 9, seed = 9, symmetry = name }
      assert.are.equal(1, independent_count(puzzle))
      for _, orbit in ipairs(symmetry.orbits(name, 9)) do
        local filled = puzzle:get(orbit[1][1], orbit[1][2]) ~= 0
        for _, cell in ipairs(orbit) do
          assert.are.equal(filled, puzzle:get(cell[1], cell[2]) ~= 0)
        end
      end
    end)
  end

  it("with minimal and a symmetry, tries grids until no single given can go", function()
    local puzzle, _, info = gen.puzzle{ size = 9, seed = 7, symmetry = "rotational", minimal = true }
    assert.is_true(info.reached)
    assert.is_true(info.attempts > 1)
    for r = 1, 9 do
      for c = 1, 9 do
        if puzzle:get(r, c) ~= 0 then
          local fewer = puzzle:copy()
          fewer:set(r, c, 0)
          assert.are.equal(2, independent_count(fewer))
        end
      end
    end
  end)

  it("stops at a clue target, and says when a target was not reached", function()
    local puzzle, _, info = gen.puzzle{ size = 9, seed = 3, clues = 30 }
    assert.is_true(puzzle:filled() <= 30 and puzzle:filled() >= 29)
    assert.is_true(info.reached)
    local _, _, missed = gen.puzzle{ size = 9, seed = 3, clues = 12, minimal = true, attempts = 3 }
    assert.is_false(missed.reached)
    assert.are.equal(3, missed.attempts)
  end)

  it("keeps every puzzle within max_nodes of the general engine", function()
    for seed = 1, 5 do
      local puzzle = gen.puzzle{ size = 9, seed = seed, max_nodes = 1 }
      local solver = sudoku.Solver.new(puzzle:copy(), {})
      assert.are.equal("solved", solver:step())
      assert.are.equal("done", solver:step())
      assert.is_true(solver:stats().nodes <= 1)
    end
  end)

  it("respects extra regions and rules in the uniqueness check", function()
    local x = gen.puzzle{ board = x_board(), seed = 2 }
    assert.are.equal(1, independent_count(x))
    assert.are.equal(2, #x:regions())
    local knights = knight_pairs(9)
    local puzzle = gen.puzzle{ size = 9, seed = 2, different = knights }
    assert.are.equal(1, independent_count(puzzle, { different = knights }))
    -- Without the rule the givens leave more than one grid: the rule was used.
    assert.are.equal(2, independent_count(puzzle))
    local small_knights = knight_pairs(4)
    local function no_knight_twins(b, r, c, v)
      for _, pair in ipairs(small_knights) do
        local a, z = pair[1], pair[2]
        if a[1] == r and a[2] == c and b:get(z[1], z[2]) == v then return false end
        if z[1] == r and z[2] == c and b:get(a[1], a[2]) == v then return false end
      end
      return true
    end
    local by_lua = gen.puzzle{ size = 4, seed = 2, constraint = no_knight_twins }
    assert.are.equal(1, independent_count(by_lua, { constraint = no_knight_twins }))
  end)

  it("raises for bad options", function()
    assert.has_error(function() gen.puzzle{ size = 9, seed = 1, symmetry = "spiral" } end)
    assert.has_error(function() gen.puzzle{ size = 9, seed = 1, clues = -1 } end,
      "bad argument #1 to 'puzzle' (opts.clues must be a whole number)")
  end)
end)

describe("sudoku.gen.transform", function()
  it("keeps the number of solutions of unique and non-unique puzzles", function()
    local cases = {
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
      "8.........95.......76.........426798...571432...893165....5.916...9.8247......583",
      ".................................................................................",
    }
    for _, text in ipairs(cases) do
      local board = sudoku.parse(text)
      local limit = 50
      for seed = 1, 5 do
        local moved = gen.transform(board, seed)
        assert.are.equal(board:count(limit), moved:count(limit))
        assert.are.equal(board:filled(), moved:filled())
      end
    end
  end)

  it("maps a solved grid to a solved grid, the same way for the same seed", function()
    for _, box in ipairs({ { 2, 3 }, { 3, 3 }, { 4, 4 } }) do
      local grid = gen.solution{ box = box, seed = 1 }
      local moved, how = gen.transform(grid, 8)
      assert.is_true(moved:is_solved())
      assert.are.same({ grid:size() }, { moved:size() })
      assert.are.equal(moved, (gen.transform(grid, 8)))
      assert.is_boolean(how.transposed)
    end
  end)

  it("refuses boards whose regions the permutations would break", function()
    local board = sudoku.Board.new{ size = 4 }
    board:add_region({ { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 } })
    assert.has_error(function() gen.transform(board, 1) end,
      "bad argument #1 to 'transform' (a board with extra regions cannot be permuted freely)")
  end)
end)
