--- The LeetCode seed interfaces (problems 36 and 37) as thin shims over Board. Their board is
-- a 9x9 table of rows, each a table of one-character strings: "1".."9" or "." for an empty
-- cell. A malformed table raises, naming the row and column.
-- @module sudoku.leetcode
local format = require "sudoku.format.leetcode"

local leetcode = {}

local N = 9

-- A malformed board is a programmer error, so it raises; the message names the row and column
-- (1-based, as the table is indexed from Lua).
local function load(fname, grid)
  if type(grid) ~= "table" then
    error(("bad argument #1 to '%s' (table expected, got %s)"):format(fname, type(grid)), 3)
  end
  local board, err = format.board_of(grid, { size = N })
  if not board then error(fname .. ": " .. err, 3) end
  return board
end

--- LeetCode 37: fills the empty cells of `grid` in place and returns it. A board without a
-- solution (LeetCode promises there is one) is left as it was.
-- @tparam table grid 9 rows of 9 one-character strings
-- @treturn table|nil `grid`, or `nil, "no solution"`
-- @raise for a malformed table
function leetcode.solveSudoku(grid)
  local board = load("solveSudoku", grid)
  if not board:solve() then
    return nil, "no solution"
  end
  for r = 1, N do
    local row = grid[r]
    for c = 1, N do
      row[c] = tostring(board:get(r, c))
    end
  end
  return grid
end

--- LeetCode 36: whether no filled digit repeats in a row, column or box. Empty cells are not
-- checked, so a conflict-free board is valid even if it cannot be solved.
-- @tparam table grid 9 rows of 9 one-character strings
-- @treturn boolean
-- @raise for a malformed table
function leetcode.isValidSudoku(grid)
  local board = load("isValidSudoku", grid)
  return (board:is_valid())
end

return leetcode
