---@meta sudoku.leetcode
-- LuaLS type stubs of sudoku.leetcode.

---@class sudoku.leetcode
local leetcode = {}

---@param grid string[][] 9 rows of 9 one-character strings
---@return string[][]? grid
---@return string? message
function leetcode.solveSudoku(grid) end

---@param grid string[][]
---@return boolean
function leetcode.isValidSudoku(grid) end

return leetcode
