-- A board remembers its givens: the values the puzzle came with, told apart from the cells
-- filled in since. sudoku.parse and the readers mark them, copy keeps them, and the writers that
-- can hold the difference (JSON, SVG, f-puzzles, HoDoKu) write it.
local sudoku = require "sudoku"
local format = require "sudoku.format"

local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

describe("a board's givens", function()
  it("are the values sudoku.parse read; values set since are not", function()
    local b = sudoku.parse(PUZZLE)
    assert.is_true(b:is_given(1, 1))
    assert.is_false(b:is_given(1, 3))
    b:set(1, 3, 4)
    assert.is_false(b:is_given(1, 3))
    b:set(1, 1, 0)                       -- an empty cell holds no given
    assert.is_false(b:is_given(1, 1))
    b:set(1, 1, 5)
    assert.is_false(b:is_given(1, 1))
    b:set_given(1, 1)
    assert.is_true(b:is_given(1, 1))
    b:set_given(1, 1, false)
    assert.is_false(b:is_given(1, 1))
  end)

  it("are kept by copy and by solving", function()
    local b = sudoku.parse(PUZZLE)
    b:set(1, 3, 4)
    local c = b:copy()
    assert.is_true(c:is_given(1, 1))
    assert.is_false(c:is_given(1, 3))
    assert.is_true(c:solve())
    assert.is_true(c:is_given(1, 2))
    assert.is_false(c:is_given(9, 7))    -- filled by the solver
  end)

  it("can be marked all at once, and only on cells that hold a value", function()
    local b = sudoku.Board.new { size = 4 }
    assert.is_false(b:is_given(1, 1))
    b:set(1, 1, 2)
    b:set(2, 3, 1)
    assert.equal(2, b:mark_givens())
    assert.is_true(b:is_given(2, 3))
    assert.has_error(function() b:set_given(4, 4) end,
      "r4c4 is empty: only a cell that holds a value can be a given")
  end)

  it("survive JSON: a board with entries writes givens and values, and reads back the same", function()
    local b = sudoku.parse(PUZZLE)
    b:set(1, 3, 4)
    b:set(1, 4, 6)
    local text = format.write(b, "json")
    assert.matches('"givens":"53..7', text, 1, true)
    assert.matches('"values":"53467', text, 1, true)
    local rec = assert(format.read(text, "json"))
    assert.is_true(rec.board:is_given(1, 2))
    assert.is_false(rec.board:is_given(1, 3))
    assert.equal(4, rec.board:get(1, 3))
  end)

  it("are drawn as givens in SVG, the entries as filled in", function()
    local b = sudoku.parse(PUZZLE)
    b:set(1, 3, 4)
    local svg = format.write(b, "svg")
    assert.matches('<text class="filled" x="103" y="31.4">4</text>', svg, 1, true)
    assert.matches('<text class="given" x="23" y="31.4">5</text>', svg, 1, true)
  end)

  it("of a board that marks none are every filled cell, as before", function()
    local b = sudoku.Board.new { size = 4 }
    b:set(1, 1, 1)
    local text = format.write(b, "json")
    assert.is_nil(text:match('"values"'))
  end)
end)
