---@meta sudoku.format.hdu
-- LuaLS type stubs of sudoku.format.hdu (docs/FORMATS.md).

---@class sudoku.format.hdu: sudoku.FormatModule
local hdu = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function hdu.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function hdu.records(src, opts) end

return hdu
