--- Most-constrained unit: branch on the places of the value that has fewest places left in
-- some unit (ties: the lowest unit, then the lowest value), never on a cell.
return {
  name = "unit",
  description = "a value's places in the unit where it has fewest (most-constrained unit)",
  hooks = function(get_state)
    return {
      choose_places = function(board, solver)
        local state = get_state(solver)
        local units = state.units
        if not units then
          -- Only the complete units must hold every value (extra regions may be shorter).
          units = {}
          local n = board:size()
          for u, cells in ipairs(solver:units()) do
            if #cells == n then units[#units + 1] = u end
          end
          state.units = units
        end
        local n = board:size()
        local places = solver.places
        local best_u, best_v, best
        for i = 1, #units do
          local u = units[i]
          for v = 1, n do
            local k = places(solver, u, v)
            if k > 0 and (best == nil or k < best) then
              best_u, best_v, best = u, v, k
              if k <= 2 then return best_u, best_v end
            end
          end
        end
        return best_u, best_v
      end,
    }
  end,
}
