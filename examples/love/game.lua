-- The player's side: a generated puzzle, the player's entries checked against the solution,
-- the selected cell, and hints from the human-style logic.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"

local game = {}
game.__index = game

function game.new(seed)
  local puzzle, solution = assert(sudoku.gen.puzzle { size = 9, seed = seed })
  return setmetatable({
    seed = seed, puzzle = puzzle, solution = solution, player = puzzle:copy(),
    selected = { 1, 1 }, hint = nil, message = "",
  }, game)
end

function game:is_given(r, c)
  return self.puzzle:get(r, c) ~= 0
end

-- Whether the player's entry at (r, c) is wrong (false for an empty or given cell).
function game:is_wrong(r, c)
  local v = self.player:get(r, c)
  return v ~= 0 and v ~= self.solution:get(r, c)
end

function game:move(dr, dc)
  local r, c = self.selected[1] + dr, self.selected[2] + dc
  if r >= 1 and r <= 9 and c >= 1 and c <= 9 then self.selected = { r, c } end
end

-- Enters v (0 clears) in the selected cell, unless it is a given.
function game:enter(v)
  local r, c = self.selected[1], self.selected[2]
  if self:is_given(r, c) then
    self.message = "r" .. r .. "c" .. c .. " is a given"
    return
  end
  self.player:set(r, c, v)
  self.hint = nil
  if v ~= 0 and self:is_wrong(r, c) then
    self.message = v .. " does not go in r" .. r .. "c" .. c
  elseif self.player:filled() == 81 then
    self.message = "Solved!"
  else
    self.message = ""
  end
end

-- The next step a person could take, from the cells the player has right (a wrong entry is
-- pointed out first, since no logic can go on from it).
function game:ask_hint()
  for r = 1, 9 do
    for c = 1, 9 do
      if self:is_wrong(r, c) then
        self.hint = { cells = { { r, c } } }
        self.message = "r" .. r .. "c" .. c .. " is wrong"
        return
      end
    end
  end
  local step = logic.hint(self.player)
  self.hint = step
  self.message = step and step.text or "No hint: the board is full"
end

return game
