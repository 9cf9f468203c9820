--- Box geometry shared by the board constructor, the reader and the writer.
-- @module sudoku.shape
local core = require "sudoku.core"
local number = require "sudoku.number"
local symbols = require "sudoku.symbols"

local shape = {}

local MAX_SIZE = symbols.MAX

--- The squarest box for size n: the largest divisor of n that is at most sqrt(n) gives the
-- rows, so 6 -> 2x3, 12 -> 3x4 and a prime n -> 1xn (every row is its own box). It is the
-- core's rule (`sudoku.core.squarest`), which its batch solver and 81-character shortcuts read
-- lines with: one rule for both languages.
-- @function squarest
-- @int n the board's size, 1 to 64
-- @treturn int box rows
-- @treturn int box columns
shape.squarest = core.squarest

--- Whether boxes of `rows` x `cols` are the squarest shape for their board (the one a line of
-- N*N cells reads with, so a line keeps them).
-- @int rows box rows
-- @int cols box columns
-- @treturn boolean
function shape.is_squarest(rows, cols)
  return rows == shape.squarest(rows * cols)
end

--- Checks a board size and a box shape as `Board.new` and `sudoku.parse` take them, either
-- one nil.
-- @tparam int|nil size the board's size
-- @tparam table|nil box `{rows, cols}`
-- @treturn int|nil the size they make (`nil` when both are nil), or `nil, message` saying
-- what is wrong with them
function shape.check(size, box)
  local is_integer = number.is_integer
  if size ~= nil and not (is_integer(size) and size >= 1 and size <= MAX_SIZE) then
    return nil, "size must be an integer 1.." .. MAX_SIZE
  end
  if box == nil then return size end
  if type(box) ~= "table" or not is_integer(box[1]) or not is_integer(box[2])
      or box[1] < 1 or box[2] < 1 then
    return nil, "box must be {rows, cols} with positive integers"
  end
  local rows, cols = box[1], box[2]
  -- The product only of sides that fit: two large integers could wrap around.
  local n = (rows <= MAX_SIZE and cols <= MAX_SIZE) and rows * cols or math.huge
  if size ~= nil and n ~= size then
    return nil, ("box %dx%d does not make a board of size %d"):format(rows, cols, size)
  end
  if n > MAX_SIZE then
    return nil, ("box %dx%d makes a board larger than %d"):format(rows, cols, MAX_SIZE)
  end
  return n
end

return shape
