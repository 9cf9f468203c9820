--- Degree: the empty cell with the most empty peers (it constrains the most of the rest).
-- Mostly a tie-break (see mrv_degree).
local heuristic = require "sudoku.heuristic"

return {
  name = "degree",
  description = "most empty peers (degree)",
  cell = function(solver, r, c, _, state)
    local degree = 0
    for _, p in ipairs(heuristic.peers(solver, state, r, c)) do
      if solver:count(p[1], p[2]) > 0 then degree = degree + 1 end
    end
    return -degree
  end,
}
