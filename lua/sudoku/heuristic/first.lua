--- The classic backtracking answer: branch on the first empty cell in row-major order.
return {
  name = "first",
  description = "first empty cell in row-major order",
  hooks = function()
    return {
      choose_cell = function(board, solver)
        local n = board:size()
        local count = solver.count
        for r = 1, n do
          for c = 1, n do
            if count(solver, r, c) > 0 then return r, c end
          end
        end
      end,
    }
  end,
}
