---@meta sudoku.format.sdm
-- LuaLS type stubs of sudoku.format.sdm (docs/FORMATS.md).

---@class sudoku.format.sdm: sudoku.FormatModule
local sdm = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function sdm.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function sdm.records(src, opts) end

return sdm
