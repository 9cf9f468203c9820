--- MRV with the degree tie-break: of the cells with fewest candidates, the one with the most
-- empty peers.
local heuristic = require "sudoku.heuristic"

return heuristic.combine(require "sudoku.heuristic.mrv", require "sudoku.heuristic.degree",
  "mrv_degree")
