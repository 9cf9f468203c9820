-- The independent re-count of generated puzzles, for the bench's generator tables and the
-- specs (spec/support/recount.lua): solutions up to 2 by the general engine with the values
-- tried in descending order, a search the generators never use (they count on the 9x9 fast
-- path or with ascending values).
local recount = {}

--- order_values for a Solver: the candidates from the largest down.
function recount.descending(_, _, _, candidates)
  local out = {}
  for i = #candidates, 1, -1 do out[#out + 1] = candidates[i] end
  return out
end

--- The values of a board as a row-major list.
function recount.values_of(board)
  local n, out = board:size(), {}
  for r = 1, n do
    for c = 1, n do out[#out + 1] = board:get(r, c) end
  end
  return out
end

--- Solutions of `board` up to 2 (the board itself is searched: pass a copy to keep it), and
-- the first one's values (row-major). `opts` adds Solver options (rules as `constraint`, ...);
-- `seconds`, when given, bounds each step, and running out of it raises.
function recount.count(sudoku, board, opts, seconds)
  local solver_opts = { order_values = recount.descending }
  for k, v in pairs(opts or {}) do solver_opts[k] = v end
  local solver = sudoku.Solver.new(board, solver_opts)
  local found, first = 0, nil
  while found < 2 do
    local status = solver:step(nil, seconds)
    if status == "running" then error(("the independent count ran for %d s"):format(seconds)) end
    if status ~= "solved" then break end
    found = found + 1
    first = first or recount.values_of(board)
  end
  return found, first
end

return recount
