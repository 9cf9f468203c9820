--- Seeded random: the MRV cell with its ties broken at random, and values in a random order
-- (the solver's `seed`), both drawn from the run's seed. The same seed gives the same search on
-- every Lua version.
local random = require "sudoku.gen.random"

return {
  name = "random",
  description = "fewest candidates, ties and values at random (seeded)",
  options = function(seed) return { seed = seed } end,
  state = function(seed) return { rng = random.new(seed) } end,
  cell = { function(_, _, _, count) return count end,
    function(_, _, _, _, state) return state.rng:next() end },
}
