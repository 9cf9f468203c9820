-- sudoku.gen.puzzle by difficulty: SE rating bands, named levels, required and allowed
-- techniques. Each puzzle is checked by rating it again through sudoku.logic.
local gen = require "sudoku.gen"
local logic = require "sudoku.logic"
local difficulty = require "sudoku.gen.difficulty"

describe("gen.puzzle with a difficulty", function()
  it("makes puzzles in each level's band, unique, with their rating in info", function()
    for _, level in ipairs{ "easy", "medium", "hard" } do
      local band = difficulty.LEVELS[level]
      for seed = 1, 3 do
        local puzzle, solution, info = gen.puzzle{ size = 9, seed = seed, level = level }
        assert.is_true(info.reached, level)
        assert.are.equal(1, puzzle:count(2))
        local r = assert(logic.rate(puzzle))
        assert.are.equal(r.rating, info.rating)
        assert.are.equal(r.hardest, info.hardest)
        assert.is_true(r.rating >= band.min and r.rating <= band.max, level)
        assert.is_true(solution:is_solved())
      end
    end
  end)

  it("keeps to a rating band and to the techniques allowed, and uses the ones required", function()
    local puzzle, _, info = gen.puzzle{ size = 9, seed = 7, rating = { min = 2.6, max = 2.6 } }
    assert.is_true(info.reached)
    assert.are.equal(2.6, logic.rate(puzzle).rating)
    local singles = { "full_house", "hidden_single_box", "hidden_single_line", "naked_single" }
    puzzle, _, info = gen.puzzle{ size = 9, seed = 7, techniques = { allowed = singles,
      required = { "naked_single" } } }
    assert.is_true(info.reached)
    local steps, path = logic.steps(puzzle, { allowed = singles })
    assert.is_true(path.solved)
    assert.is_truthy(path.counts.naked_single)
    assert.is_true(#steps > 0)
  end)

  it("is repeatable from its seed", function()
    local a = gen.puzzle{ size = 9, seed = 11, level = "medium" }
    local b = gen.puzzle{ size = 9, seed = 11, level = "medium" }
    assert.are.equal(a:symbols(), b:symbols())
  end)

  it("works on other box shapes", function()
    local puzzle, _, info = gen.puzzle{ box = { 2, 3 }, seed = 3, level = "easy" }
    assert.is_true(info.reached)
    assert.is_true(logic.rate(puzzle).rating <= 1.5)
  end)

  -- Most 6x6 grids give easy puzzles; swaps of givens lift the near misses into the band.
  it("reaches the hard and extreme bands on 6x6 too, with a symmetry kept", function()
    for _, level in ipairs{ "hard", "extreme" } do
      local band = difficulty.LEVELS[level]
      for seed = 1, 2 do
        local puzzle, _, info = gen.puzzle{ box = { 2, 3 }, seed = seed, level = level }
        assert.is_true(info.reached, level)
        assert.are.equal(1, puzzle:count(2))
        local r = logic.rate(puzzle).rating
        assert.is_true(r >= band.min and r <= band.max, level)
      end
    end
    local puzzle, _, info = gen.puzzle{ box = { 2, 3 }, seed = 5, level = "hard",
      symmetry = "rotational" }
    assert.is_true(info.reached)
    for r = 1, 6 do
      for c = 1, 6 do
        assert.are.equal(puzzle:get(r, c) == 0, puzzle:get(7 - r, 7 - c) == 0)
      end
    end
  end)

  it("says when the band was not reached, giving the closest puzzle", function()
    local puzzle, _, info = gen.puzzle{ size = 9, seed = 1, rating = { min = 9.9, max = 10 },
      attempts = 2 }
    assert.is_false(info.reached)
    assert.are.equal(2, info.attempts)
    assert.are.equal(1, puzzle:count(2))
  end)

  it("raises for a bad target", function()
    assert.has_error(function() gen.puzzle{ size = 9, seed = 1, level = "fiendish" } end,
      "bad argument #1 to 'puzzle' (opts.level must be one of easy, medium, hard, expert, "
        .. "extreme)")
    assert.has_error(function() gen.puzzle{ size = 9, seed = 1, rating = { min = 5, max = 2 } } end,
      "bad argument #1 to 'puzzle' (opts.rating: min is above max)")
    assert.has_error(function()
      gen.puzzle{ size = 9, seed = 1, techniques = { allowed = { "guessing" } } }
    end, "bad argument #1 to 'puzzle' (opts.techniques.allowed[1]: unknown technique guessing)")
    assert.has_error(function()
      gen.puzzle{ size = 9, seed = 1, level = "easy", different = { { { 1, 1 }, { 2, 3 } } } }
    end, "bad argument #1 to 'puzzle' (a difficulty target needs a board without rules (its "
      .. "rating knows none))")
  end)
end)
