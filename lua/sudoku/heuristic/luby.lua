--- Restarts on the Luby schedule (10 failures times 1, 1, 2, 1, 1, 2, 4, ...), keeping what
-- the search learnt (the units' contradiction counts) across runs: dom/wdeg in Lua on the
-- solver's weights, ties broken at random, values in a random order after a restart.
local random = require "sudoku.gen.random"

return {
  name = "luby",
  description = "dom/wdeg, random ties, Luby restarts (scale 10)",
  options = function(seed) return { seed = seed, restart = { scale = 10, schedule = "luby" } } end,
  state = function(seed) return { rng = random.new(seed) } end,
  -- Fewest candidates per weight (the sum over the cell's units of 1 + their failures).
  cell = { function(solver, r, c, count) return count / solver:weight(r, c) end,
    function(_, _, _, _, state) return state.rng:next() end },
}
