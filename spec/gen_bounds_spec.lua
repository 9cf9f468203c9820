-- Generators on boards with rules are bounded by default: each uniqueness count stops after a
-- fixed number of search nodes (the given then stays, the puzzle is still unique, and
-- info.reached is false with info.capped saying how many counts were cut short), and the grid's
-- search after a larger number (nil and a message). Node counts, not seconds: a seed gives the
-- same puzzle on every machine. opts.max_nodes = false lifts both bounds; a number replaces the
-- count's bound as it always has.
local sudoku = require "sudoku"
local gen = require "sudoku.gen"
local variant = require "sudoku.variant"

local function nonconsecutive()
  return assert(variant.board{ size = 9, nonconsecutive = true, givens = string.rep(".", 81) })
end

-- The puzzle's solutions under its own rules, counted with no bound at all.
local function solutions(puzzle)
  return puzzle:count(3)
end

describe("gen.puzzle on a board with rules", function()
  it("bounds each count, keeps the puzzle unique and says the bound decided", function()
    local puzzle, solution, info = gen.puzzle{ board = nonconsecutive(), seed = 1 }
    assert.are.equal(1, solutions(puzzle))
    assert.are.equal(81, solution:filled())
    assert.is_true(info.capped > 0)
    assert.is_false(info.reached)
    assert.are.equal(puzzle:filled(), info.clues)
  end)

  it("gives the same puzzle for the same seed, whatever the machine's speed", function()
    local a = gen.puzzle{ board = nonconsecutive(), seed = 3 }
    local b = gen.puzzle{ board = nonconsecutive(), seed = 3 }
    assert.are.equal(a:symbols(), b:symbols())
  end)

  it("lifts the bound with max_nodes = false: no count is cut, at most as many givens", function()
    local bounded = gen.puzzle{ board = nonconsecutive(), seed = 3 }
    local puzzle, _, info = gen.puzzle{ board = nonconsecutive(), seed = 3, max_nodes = false }
    assert.are.equal(1, solutions(puzzle))
    assert.is_true(info.reached)
    assert.is_nil(info.capped)
    assert.is_true(puzzle:filled() <= bounded:filled())
  end)

  it("reports nothing capped on a plain board, where no default bound applies", function()
    local _, _, info = gen.puzzle{ size = 9, seed = 1 }
    assert.is_true(info.reached)
    assert.is_nil(info.capped)
  end)

  it("gives up on a grid the rules keep out of reach, with a message that says how to go on", function()
    -- A predicate that refuses every placement once 40 cells are filled: no grid exists, and
    -- showing it would take a search through every partial grid of 40 cells.
    local function forty(board) return board:filled() < 40 end
    for _, call in ipairs{ gen.solution, gen.puzzle } do
      local grid, err = call{ size = 9, seed = 1, constraint = forty }
      assert.is_nil(grid)
      assert.matches("no grid within 200000 nodes", err, 1, true)
      assert.matches("max_nodes = false", err, 1, true)
    end
    -- A max_nodes of the caller's bounds the counts; the grid's search keeps its bound.
    local grid, err = gen.puzzle{ size = 9, seed = 1, constraint = forty, max_nodes = 50 }
    assert.is_nil(grid)
    assert.matches("no grid within 200000 nodes", err, 1, true)
  end)

  it("refuses a max_nodes other than false for gen.solution, and a bad one for gen.puzzle", function()
    assert.has_error(function() gen.solution{ size = 4, seed = 1, max_nodes = 10 } end,
      "bad argument #1 to 'solution' (opts.max_nodes can only be false (no bound on a board with rules))")
    assert.has_error(function() gen.puzzle{ size = 4, seed = 1, max_nodes = true } end,
      "bad argument #1 to 'puzzle' (opts.max_nodes must be a whole number of at least 1, or false)")
  end)

  it("bounds a board whose rules are written in Lua too", function()
    local board = sudoku.Board.new{ size = 4 }
    board:add_rule{ kind = "lua", cells = { { 1, 1 }, { 1, 2 } }, propagate = function() end }
    local puzzle, _, info = gen.puzzle{ board = board, seed = 2 }
    assert.are.equal(1, solutions(puzzle))
    assert.are.equal(0, info.capped)
    assert.is_true(info.reached)
  end)
end)
