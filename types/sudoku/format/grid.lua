---@meta sudoku.format.grid
-- LuaLS type stubs of sudoku.format.grid (docs/FORMATS.md).

---@class sudoku.format.grid: sudoku.FormatModule
local grid = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function grid.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function grid.records(src, opts) end

return grid
