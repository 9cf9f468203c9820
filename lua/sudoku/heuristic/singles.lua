--- Singles first, as a person would: at the MRV cell, first the value that leaves the most
-- peers with a single candidate (peers whose only other candidate it is), so that the
-- placements that follow are the ones a solver by hand would see next.
local heuristic = require "sudoku.heuristic"

return {
  name = "singles",
  description = "fewest candidates; values: the one making most naked singles first",
  cell = require("sudoku.heuristic.mrv").cell,
  value = function(solver, r, c, v, state)
    local made = 0
    for _, p in ipairs(heuristic.peers(solver, state, r, c)) do
      if solver:count(p[1], p[2]) == 2 and solver:has(p[1], p[2], v) then made = made + 1 end
    end
    return -made
  end,
}
