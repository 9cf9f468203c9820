-- The LeetCode seed problems on their sample board:
--   36 "Valid Sudoku" (isValidSudoku) and 37 "Sudoku Solver" (solveSudoku).
--   lua5.4 examples/leetcode.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local leetcode = require("sudoku").leetcode

-- LeetCode's board: 9 rows of 9 one-character strings, "." for an empty cell.
local function board_from(rows)
  local board = {}
  for r, row in ipairs(rows) do
    board[r] = {}
    for c = 1, #row do board[r][c] = row:sub(c, c) end
  end
  return board
end

local function show(board)
  local rows = {}
  for r, row in ipairs(board) do
    rows[r] = '  ["' .. table.concat(row, '","') .. '"]'
  end
  print("[\n" .. table.concat(rows, ",\n") .. "\n]")
end

local sample = {
  "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
  "7...2...6", ".6....28.", "...419..5", "....8..79",
}

local board = board_from(sample)
print("isValidSudoku(sample) -> " .. tostring(leetcode.isValidSudoku(board)))

-- The problem's second example: the top-left 5 becomes an 8, which repeats in column 1 and
-- in the top-left box.
local broken = board_from(sample)
broken[1][1] = "8"
print("isValidSudoku(sample with board[1][1] = \"8\") -> " .. tostring(leetcode.isValidSudoku(broken)))

leetcode.solveSudoku(board)
print("solveSudoku(sample) fills the board in place:")
show(board)
print("isValidSudoku(solved board) -> " .. tostring(leetcode.isValidSudoku(board)))
