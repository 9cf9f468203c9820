-- sudoku.Board: the C methods of sudoku.core plus the ones written in Lua. Loading this module
-- adds the Lua methods to the shared methods table, so every board has them whoever made it.
local core = require "sudoku.core"
local format = require "sudoku.format"
local shape = require "sudoku.shape"

local Board = core.Board

local MAX_SIZE = core.MAX_SIZE

-- An integer-valued number that messages can show with %d: infinities and floats beyond 2^53
-- (1e400 in JSON reads as inf, whose floor is itself) are not.
local function is_integer(x)
  return type(x) == "number" and x == math.floor(x) and x > -2 ^ 53 and x < 2 ^ 53
end

local function argerror(fname, msg)
  error(("bad argument #1 to '%s' (%s)"):format(fname, msg), 3)
end

-- Board.new{size = N, box = {rows, cols}}: either field may be left out, not both.
function Board.new(spec)
  if type(spec) ~= "table" then
    argerror("new", "table expected, got " .. type(spec))
  end
  local size, box = spec.size, spec.box
  if size ~= nil and not (is_integer(size) and size >= 1 and size <= MAX_SIZE) then
    argerror("new", "size must be an integer 1.." .. MAX_SIZE)
  end
  local rows, cols
  if box ~= nil then
    if type(box) ~= "table" or not is_integer(box[1]) or not is_integer(box[2])
        or box[1] < 1 or box[2] < 1 then
      argerror("new", "box must be {rows, cols} with positive integers")
    end
    rows, cols = box[1], box[2]
    if size ~= nil and rows * cols ~= size then
      argerror("new", ("box %dx%d does not make a board of size %d"):format(rows, cols, size))
    end
    if rows * cols > MAX_SIZE then
      argerror("new", ("box %dx%d makes a board larger than %d"):format(rows, cols, MAX_SIZE))
    end
  elseif size ~= nil then
    rows, cols = shape.squarest(size)
  else
    argerror("new", "size or box expected")
  end
  return core.new_board(rows, cols)
end

-- The text of the board in a format of sudoku.format ("line" unless named); opts go to the
-- format's writer.
function Board:format(name, opts)
  name = name or "line"
  local _, err = format.get(name)
  if err then
    error("bad argument #1 to 'format' (" .. err .. ")", 2)
  end
  return format.write(self, name, opts)
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

if core.board_meta then
  core.board_meta.__tostring = function(board) return format.grid(board) end
end

return Board
