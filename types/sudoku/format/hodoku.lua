---@meta sudoku.format.hodoku
-- LuaLS type stubs of sudoku.format.hodoku (docs/FORMATS.md).

---@class sudoku.format.hodoku: sudoku.FormatModule
local hodoku = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function hodoku.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function hodoku.records(src, opts) end

---@param text string
---@param opts table
---@param lineno integer
---@param index integer
---@return sudoku.Record|false
---@return string? message
---@return sudoku.Where? where
function hodoku.read_line(text, opts, lineno, index) end

return hodoku
