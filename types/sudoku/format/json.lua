---@meta sudoku.format.json
-- LuaLS type stubs of sudoku.format.json (docs/FORMATS.md).

---@class sudoku.format.json: sudoku.FormatModule
local json = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function json.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function json.records(src, opts) end

return json
