-- The independent re-count of generated puzzles: solutions up to 2 by the general engine with
-- the values tried in descending order, a search the generators never use (they count on the
-- 9x9 fast path or with ascending values), under the board's rules.
local sudoku = require "sudoku"

local recount = {}

local function descending(_, _, _, candidates)
  local out = {}
  for i = #candidates, 1, -1 do out[#out + 1] = candidates[i] end
  return out
end

function recount.count(board, rules)
  local opts = { order_values = descending }
  for k, v in pairs(rules or {}) do opts[k] = v end
  local solver = sudoku.Solver.new(board:copy(), opts)
  local found = 0
  while found < 2 and solver:step() == "solved" do found = found + 1 end
  return found
end

return recount
