--- Least constraining value: at the MRV cell, first the value that the fewest empty peers
-- could also take (it takes the fewest candidates away).
local heuristic = require "sudoku.heuristic"

return {
  name = "lcv",
  description = "fewest candidates; values: least constraining first",
  cell = require("sudoku.heuristic.mrv").cell,
  value = function(solver, r, c, v, state)
    local cost = 0
    for _, p in ipairs(heuristic.peers(solver, state, r, c)) do
      if solver:has(p[1], p[2], v) then cost = cost + 1 end
    end
    return cost
  end,
}
