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

---The record of one value of the input (sudoku.format.json_split), as records() gives it.
---@param value table {text =, line =, column =} or {error =, line =, column =}
---@param index integer the record's number in the input
---@param opts table
---@return sudoku.Record|false rec
---@return string? message
---@return table? where
function json.read_value(value, index, opts) end

return json
