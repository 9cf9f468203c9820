-- The LeetCode seed interfaces (problems 36 and 37) as thin shims over Board. Their board is a
-- 9x9 table of rows, each a table of one-character strings: "1".."9" or "." for an empty cell.
local Board = require "sudoku.board"

local leetcode = {}

local N = 9

-- A malformed board is a programmer error, so it raises; the message names the row and column
-- (1-based, as the table is indexed from Lua).
local function load(fname, grid)
  if type(grid) ~= "table" then
    error(("bad argument #1 to '%s' (table expected, got %s)"):format(fname, type(grid)), 3)
  end
  if #grid ~= N then
    error(("%s: expected %d rows, got %d"):format(fname, N, #grid), 3)
  end
  local board = Board.new{ size = N }
  for r = 1, N do
    local row = grid[r]
    if type(row) ~= "table" then
      error(("%s: row %d is a %s, expected a table of %d cells"):format(fname, r, type(row), N), 3)
    end
    if #row ~= N then
      error(("%s: row %d has %d cells, expected %d"):format(fname, r, #row, N), 3)
    end
    for c = 1, N do
      local cell = row[c]
      local v = type(cell) == "string" and (cell == "." and 0 or cell:match("^[1-9]$") and tonumber(cell))
      if not v then
        local shown = type(cell) == "string" and ("%q"):format(cell) or tostring(cell)
        error(("%s: row %d, column %d: expected '1'-'9' or '.', got %s"):format(fname, r, c, shown), 3)
      end
      if v ~= 0 then board:set(r, c, v) end
    end
  end
  return board
end

-- LeetCode 37: fills the empty cells of `grid` in place and returns it. A board without a
-- solution (LeetCode promises there is one) is left as it was: nil and a message.
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

-- LeetCode 36: true when no filled digit repeats in a row, column or box. Empty cells are not
-- checked, so a conflict-free board is valid even if it cannot be solved.
function leetcode.isValidSudoku(grid)
  local board = load("isValidSudoku", grid)
  return (board:is_valid())
end

return leetcode
