-- sudoku.play: the player's side of a game, as a Sudoku game would use it.
local play = require "sudoku.play"
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local gen = require "sudoku.gen"

-- Whether the list holds v.
local function hinted(list, v)
  for _, x in ipairs(list) do
    if x == v then return true end
  end
  return false
end

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
    assert.same({ 1, "mistake", "There is a mistake on the board", {} },
      { step.level, step.technique, step.text, step.cells })
    step = game:hint()
    assert.same({ 2, { { 1, 3 } }, "r1c3 is wrong" }, { step.level, step.cells, step.text })
    step = game:hint()
    assert.same({ 3, { { 1, 3 } }, "r1c3 is wrong: clear it" }, { step.level, step.erase, step.text })
    assert.equal(step.text, game:apply_hint().text)   -- clears the entry
    assert.equal(0, game:get(1, 3))
    step = game:hint()
    assert.is_string(step.technique)
    assert.not_equal("mistake", step.technique)
  end)

  it("gives a hint in three levels: the technique, then its cells, then the move", function()
    local game = play.new(PUZZLE)
    local one, two, three = game:hint(), game:hint(), game:hint()
    assert.same({ 1, 2, 3 }, { one.level, two.level, three.level })
    assert.equal(3, one.levels)
    assert.equal(three.technique, one.technique)
    assert.equal("Next: " .. three.title, one.text)
    -- Level 1 names the technique only; level 2 adds where; level 3 the move and its reason.
    assert.same({ {}, {}, {}, {} }, { one.cells, one.digits, one.placements, one.eliminations })
    assert.is_true(#two.cells > 0)
    assert.matches("look at r%dc%d", two.text)
    assert.same({ {}, {} }, { two.placements, two.eliminations })
    assert.same(two.cells, three.cells)
    assert.is_true(#three.placements + #three.eliminations > 0)
    assert.equal(logic.hint(sudoku.parse(PUZZLE)).text, three.text)
    -- Any level on demand; the call after level 3 starts the next hint.
    assert.equal(two.text, game:hint { level = 2 }.text)
    assert.equal(3, game:hint { level = 3 }.level)
    assert.equal(1, game:hint().level)
    assert.has_error(function() game:hint { level = 4 } end,
      "bad argument #1 to 'hint' (level must be 1, 2 or 3)")
  end)

  it("hints from the player's own marks: a cell marked with one value is a naked single", function()
    local game = play.new(PUZZLE)
    local naked = { allowed = { "naked_single" }, level = 3 }
    assert.equal("r5c5 has one candidate left: 5.", game:hint(naked).text)   -- from the units
    game:toggle_mark(1, 3, 4)
    assert.equal("r1c3 has one candidate left: 4.", game:hint(naked).text)   -- from the marks
    local pencil = game:pencil()
    assert.same({ 4 }, pencil:candidates(1, 3))                             -- marked
    assert.same({ 2, 6 }, pencil:candidates(1, 4))                          -- not: the units' values
  end)

  it("points out marks that leave out a cell's value before reasoning from them", function()
    local game = play.new(PUZZLE)
    game:toggle_mark(1, 3, 1)
    game:toggle_mark(1, 3, 2)                 -- r1c3 is 4
    local step = game:hint { level = 3 }
    assert.same({ "mistake", { { 1, 3 } }, "r1c3: its pencil marks leave out its value: clear it" },
      { step.technique, step.erase, step.text })
    game:apply_hint()
    assert.same({}, game:marks(1, 3))
    assert.is_true(game:undo())               -- one move: both marks come back
    assert.same({ 1, 2 }, game:marks(1, 3))
  end)

  it("keeps a shown step's eliminations, so that the next hint is a new step", function()
    -- A player who follows the hints of this puzzle meets an elimination at hint 25; with the
    -- board alone the same pointing came back for ever.
    local game = play.new((gen.puzzle { size = 9, level = "hard", seed = 2 }))
    local eliminating
    for _ = 1, 40 do
      local step = game:hint { level = 3 }
      if #step.eliminations > 0 then
        eliminating = step
        break
      end
      local p = step.placements[1]
      game:enter(p[1], p[2], p[3])
    end
    assert.is_table(eliminating)
    local e = eliminating.eliminations[1]
    assert.is_falsy(hinted(game:pencil():candidates(e[1], e[2]), e[3]))   -- kept by the game
    assert.same({}, game:marks(e[1], e[2]))                                 -- the player's marks untouched
    assert.equal(1, game:hint().level)      -- the call after level 3: the next hint
    local copy = assert(play.restore(game:save()))
    local after = game:hint { level = 3 }
    assert.not_equal(eliminating.text, after.text)
    -- Saved and restored, the game still knows.
    assert.equal(after.text, copy:hint { level = 3 }.text)
  end)

  it("applies a hint as one move: entries placed, the player's marks crossed out", function()
    local game = play.new(PUZZLE)
    for _, cell in ipairs { { 1, 3 }, { 1, 4 } } do
      for _, v in ipairs(game:pencil():candidates(cell[1], cell[2])) do
        game:toggle_mark(cell[1], cell[2], v)
      end
    end
    local moves = game:history()
    local step = game:apply_hint { allowed = { "naked_single" } }
    local p = step.placements[1]
    assert.equal(p[3], game:get(p[1], p[2]))
    assert.same({ moves + 1, 0 }, { game:history() })
    game:undo()
    assert.equal(0, game:get(p[1], p[2]))
    game:redo()
    assert.equal(p[3], game:get(p[1], p[2]))
  end)

  it("crosses an elimination out of the player's marks, as one move a saved game keeps", function()
    local game = play.new((gen.puzzle { size = 9, level = "hard", seed = 2 }))
    local pencil = game:pencil()
    for r = 1, 9 do
      for c = 1, 9 do
        if pencil:value(r, c) == 0 then
          for _, v in ipairs(pencil:candidates(r, c)) do game:toggle_mark(r, c, v) end
        end
      end
    end
    local step
    repeat step = game:apply_hint() until #step.eliminations > 1
    for _, e in ipairs(step.eliminations) do assert.is_false(hinted(game:marks(e[1], e[2]), e[3])) end
    local copy = assert(play.restore(game:save()))
    assert.same({ game:history() }, { copy:history() })
    assert.is_true(copy:undo())                -- every mark back at once
    for _, e in ipairs(step.eliminations) do assert.is_true(hinted(copy:marks(e[1], e[2]), e[3])) end
    assert.is_true(copy:redo())
    for _, e in ipairs(step.eliminations) do assert.is_false(hinted(copy:marks(e[1], e[2]), e[3])) end
  end)

  it("reveals a cell from the solution when no allowed technique applies", function()
    local game = play.new((gen.puzzle { size = 9, level = "hard", seed = 2 }))
    local singles = { allowed = { "full_house" } }
    local step = game:hint(singles)
    assert.same({ "reveal", "No technique applies: a cell can be revealed" }, { step.technique, step.text })
    step = game:apply_hint(singles)
    local p = step.placements[1]
    assert.equal(game:solution():get(p[1], p[2]), p[3])
    assert.equal(p[3], game:get(p[1], p[2]))
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
