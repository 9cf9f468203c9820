-- sudoku.Board: the C methods of sudoku.core plus the ones written in Lua. Loading this module
-- adds the Lua methods to the shared methods table, so every board has them whoever made it.
-- The methods that need the formats (b:format, tostring(b)) are added by require "sudoku", a
-- layer above them.
local core = require "sudoku.core"
local shape = require "sudoku.shape"

local Board = core.Board

local function argerror(fname, msg)
  error(("bad argument #1 to '%s' (%s)"):format(fname, msg), 3)
end

-- Board.new{size = N, box = {rows, cols}}: either field may be left out, not both.
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

-- An iterator over the solutions, each a new Board; `self` is never touched because the search
-- runs on a copy. `opts` goes to the solver, so hooks and a Lua `constraint` apply too.
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
