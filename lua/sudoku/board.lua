--- `sudoku.Board`: the C methods of `sudoku.core` plus the ones written in Lua. Loading this
-- module adds the Lua methods to the shared methods table, so every board has them whoever made
-- it. The methods written in C are documented with `sudoku.core`'s Board type; the ones that
-- need the formats (`Board:format`, `tostring(b)`) are added by `require "sudoku"`, a layer
-- above them.
-- @module sudoku.board
local core = require "sudoku.core"
local shape = require "sudoku.shape"

local Board = core.Board

local function argerror(fname, msg)
  error(("bad argument #1 to '%s' (%s)"):format(fname, msg), 3)
end

--- An empty board of N x N cells, 1 <= N <= 64: `Board.new{size = N, box = {rows, cols}}`.
-- Either field may be left out, not both; without `box` the squarest shape is used (6: 2x3,
-- 12: 3x4, a prime N: 1xN). Same as `sudoku.core.new_board(rows, cols)`.
-- @tparam table spec `size` (N) and/or `box` (`{rows, cols}`, `rows * cols == N`)
-- @treturn Board the empty board
-- @raise when `spec` is not a table, has neither field, or the size and box do not fit
function Board.new(spec)
  if type(spec) ~= "table" then
    argerror("new", "table expected, got " .. type(spec))
  end
  local size, box = spec.size, spec.box
  local n, err = shape.check(size, box)
  if err then argerror("new", err) end
  if not n then argerror("new", "size or box expected") end
  if box then return core.new_board(box[1], box[2]) end
  return core.new_board(shape.squarest(n))
end

--- An iterator over the solutions, each a new Board; the board is never touched because the
-- search runs on a copy. `opts` goes to the solver, so hooks and a Lua `constraint` apply too.
-- @tparam[opt] table opts Solver options (`sudoku.Solver.new`)
-- @treturn function an iterator giving one Board per solution, then `nil`
function Board:solutions(opts)
  local work = self:copy()
  local solver = core.new_solver(work, opts)
  local finished = false
  return function()
    if finished then return nil end
    if solver:step() == "solved" then
      return work:copy()
    end
    finished = true
    return nil
  end
end

return Board
