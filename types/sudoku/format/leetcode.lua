---@meta sudoku.format.leetcode
-- LuaLS type stubs of sudoku.format.leetcode (docs/FORMATS.md).

---@class sudoku.format.leetcode: sudoku.FormatModule
local leetcode = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function leetcode.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function leetcode.records(src, opts) end

---@param grid string[][]
---@param opts? {size?: integer, box?: integer[]}
---@return sudoku.Board?
---@return string? message
function leetcode.board_of(grid, opts) end

---@param x sudoku.Board|sudoku.Record
---@return string[][]
function leetcode.table_of(x) end

return leetcode
