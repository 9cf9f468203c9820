-- The game's state: a generated puzzle played through sudoku.play (givens, entries checked
-- against the solution, pencil marks, undo and redo, hints), the selected cell, the last
-- message, and the hint on show.
local sudoku = require "sudoku"
local play = require "sudoku.play"

local game = {}
game.__index = game

function game.new(seed)
  local puzzle = assert(sudoku.gen.puzzle { size = 9, seed = seed })
  return setmetatable({
    seed = seed, puzzle = puzzle, play = assert(play.new(puzzle)),
    selected = { 1, 1 }, hint = nil, message = "", marking = false,
  }, game)
end

function game:move(dr, dc)
  local r, c = self.selected[1] + dr, self.selected[2] + dc
  if r >= 1 and r <= 9 and c >= 1 and c <= 9 then self.selected = { r, c } end
end

-- A digit key: an entry in the selected cell (0 clears it), or a pencil mark in marking mode.
function game:key(v)
  local r, c = self.selected[1], self.selected[2]
  local ok, err
  if self.marking and v > 0 then ok, err = self.play:toggle_mark(r, c, v)
  else ok, err = self.play:enter(r, c, v) end
  self.hint = nil
  if not ok then
    self.message = err
  elseif self.play:is_right(r, c) == false then
    self.message = v .. " does not go in r" .. r .. "c" .. c
  elseif self.play:solved() then
    self.message = "Solved!"
  else
    self.message = ""
  end
end

function game:undo()
  self.hint = nil
  self.message = self.play:undo() and "" or "Nothing to undo"
end

function game:redo()
  self.hint = nil
  self.message = self.play:redo() and "" or "Nothing to redo"
end

-- h: the hint one level further (the technique, then its cells, then the move), from the
-- player's own entries and pencil marks; the hint's cells are drawn highlighted.
function game:ask_hint()
  self.hint = self.play:hint()
  self.message = self.hint and ("Hint %d/3: %s"):format(self.hint.level, self.hint.text)
    or "Solved: no hint left"
end

-- a: makes the hint's move (entries placed, marks crossed out, a mistake cleared).
function game:apply_hint()
  local applied = self.play:apply_hint()
  self.hint = nil
  if not applied then
    self.message = "Solved: no hint left"
  else
    self.message = self.play:solved() and "Solved!" or ("Applied: " .. applied.text)
  end
end

return game
