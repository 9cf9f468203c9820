---@meta sudoku.format.ss
-- LuaLS type stubs of sudoku.format.ss (docs/FORMATS.md).

---@class sudoku.format.ss: sudoku.FormatModule
local ss = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function ss.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function ss.records(src, opts) end

return ss
