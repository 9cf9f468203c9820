-- sudoku.play: the player's side of a game, as a Sudoku game would use it.
local play = require "sudoku.play"
local sudoku = require "sudoku"

local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

describe("sudoku.play", function()
  it("starts from a puzzle with one solution: givens fixed, the rest empty", function()
    local game = assert(play.new(PUZZLE))
    assert.equal(9, game:size())
    assert.is_true(game:is_given(1, 1))
    assert.is_false(game:is_given(1, 3))
    assert.equal(5, game:get(1, 1))
    assert.equal(0, game:get(1, 3))
    assert.same({ nil, "r1c1 is a given" }, { game:enter(1, 1, 6) })
    assert.equal(5, game:get(1, 1))
  end)

  it("refuses a puzzle with no solution or several, and text that is no puzzle", function()
    assert.same({ nil, "a game needs a puzzle with exactly one solution: this one has none" },
      { play.new("55" .. ("."):rep(79)) })
    assert.same({ nil, "a game needs a puzzle with exactly one solution: this one has 2 or more" },
      { play.new(("."):rep(81)) })
    local game, err = play.new("12")
    assert.is_nil(game)
    assert.is_string(err)
    assert.has_error(function() play.new(42) end,
      "bad argument #1 to 'new' (Board or string expected, got number)")
  end)

  it("tells right entries from wrong ones, and knows when the puzzle is solved", function()
    local game = play.new(sudoku.parse(PUZZLE))
    assert.is_true(game:enter(1, 3, 4))
    assert.is_true(game:is_right(1, 3))
    game:enter(1, 4, 9)
    assert.is_false(game:is_right(1, 4))
    assert.is_nil(game:is_right(1, 1))      -- a given
    assert.is_nil(game:is_right(1, 5 + 1))  -- empty
    assert.same({ { 1, 4 } }, game:mistakes())
    assert.is_false(game:solved())
    for i = 1, 81 do
      local r, c = math.floor((i - 1) / 9) + 1, (i - 1) % 9 + 1
      if not game:is_given(r, c) then game:enter(r, c, tonumber(SOLUTION:sub(i, i))) end
    end
    assert.same({}, game:mistakes())
    assert.is_true(game:solved())
    assert.equal(SOLUTION, game:board():symbols())
    assert.equal(SOLUTION, game:solution():symbols())
  end)

  it("undoes and redoes entries and marks in order; a new move drops what was undone", function()
    local game = play.new(PUZZLE)
    game:enter(1, 3, 4)
    game:toggle_mark(1, 4, 2)
    game:toggle_mark(1, 4, 6)
    game:enter(1, 3, 1)
    assert.same({ 2, 6 }, game:marks(1, 4))
    assert.same({ 4, 0 }, { game:history() })
    assert.is_true(game:undo())
    assert.equal(4, game:get(1, 3))
    assert.is_true(game:undo())
    assert.same({ 2 }, game:marks(1, 4))
    assert.is_true(game:redo())
    assert.same({ 2, 6 }, game:marks(1, 4))
    assert.same({ 3, 1 }, { game:history() })
    game:toggle_mark(1, 4, 2)              -- a new move: the undone entry of 1 is gone for good
    assert.same({ 6 }, game:marks(1, 4))
    assert.is_false(game:redo())
    for _ = 1, 4 do game:undo() end
    assert.is_false(game:undo())
    assert.equal(0, game:get(1, 3))
    assert.same({}, game:marks(1, 4))
    assert.equal(PUZZLE, game:board():symbols())
  end)

  it("points out a wrong entry before any hint, then hints from the logic", function()
    local game = play.new(PUZZLE)
    game:enter(1, 3, 9)
    local step = game:hint()
    assert.equal("mistake", step.technique)
    assert.same({ { 1, 3 } }, step.cells)
    assert.equal("r1c3 is wrong", step.text)
    game:undo()
    step = game:hint()
    assert.is_string(step.technique)
    assert.is_true(#step.placements + #step.eliminations > 0)
  end)

  it("saves to plain data and restores the same game, moves to undo and redo included", function()
    local game = play.new(PUZZLE)
    game:enter(1, 3, 4)
    game:toggle_mark(2, 2, 7)
    game:enter(2, 3, 1)
    game:undo()
    local saved = game:save()
    local copy = assert(play.restore(saved))
    assert.equal(game:board():symbols(), copy:board():symbols())
    assert.same(game:marks(2, 2), copy:marks(2, 2))
    assert.same({ game:history() }, { copy:history() })
    assert.is_true(copy:redo())
    assert.equal(1, copy:get(2, 3))
    copy:undo()
    copy:undo()
    copy:undo()
    assert.equal(PUZZLE, copy:board():symbols())
    assert.same({ nil, "not a saved game (version 1)" }, { play.restore { version = 2 } })
  end)

  it("checks its arguments", function()
    local game = play.new(PUZZLE)
    assert.has_error(function() game:enter(0, 1, 1) end,
      "bad argument #1 to 'enter' (row must be an integer from 1 to 9)")
    assert.has_error(function() game:enter(1, 10, 1) end,
      "bad argument #2 to 'enter' (column must be an integer from 1 to 9)")
    assert.has_error(function() game:enter(1, 3, 10) end,
      "bad argument #3 to 'enter' (value must be an integer from 0 to 9)")
    assert.has_error(function() game:toggle_mark(1, 3, 0) end,
      "bad argument #3 to 'toggle_mark' (value must be an integer from 1 to 9)")
  end)
end)
