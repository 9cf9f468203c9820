---@meta sudoku.format.sdk
-- LuaLS type stubs of sudoku.format.sdk (docs/FORMATS.md).

---@class sudoku.format.sdk: sudoku.FormatModule
local sdk = {}

---@type string[][] the metadata codes and their meta keys, in the order written
sdk.META = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function sdk.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function sdk.records(src, opts) end

return sdk
