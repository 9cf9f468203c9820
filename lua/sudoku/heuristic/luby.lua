--- Restarts on the Luby schedule (10 failures times 1, 1, 2, 1, 1, 2, 4, ...), keeping what
-- the search learnt (the units' contradiction counts) across runs: dom/wdeg in Lua on the
-- solver's failure counts, ties broken at random, values in a random order after a restart.
local random = require "sudoku.gen.random"

local SEED = 1

return {
  name = "luby",
  description = "dom/wdeg, random ties, Luby restarts (scale 10)",
  options = { seed = SEED, restart = { scale = 10, schedule = "luby" } },
  state = function() return { rng = random.new(SEED), units = {} } end,
  cell = { function(solver, r, c, count, state)
      local key = (r - 1) * 64 + c
      local nunits = state.units[key]
      if not nunits then
        nunits = #solver:cell_units(r, c)
        state.units[key] = nunits
      end
      -- A unit's weight is 1 + its failures: fewest candidates per weight.
      return count / (nunits + solver:failures(r, c))
    end,
    function(_, _, _, _, state) return state.rng:next() end },
}
