---@meta sudoku.format.pencil
-- LuaLS type stubs of sudoku.format.pencil (docs/FORMATS.md).

---@class sudoku.format.pencil: sudoku.FormatModule
local pencil = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function pencil.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function pencil.records(src, opts) end

---@param text string
---@param opts table
---@param lineno integer
---@param index integer
---@return sudoku.Record|false
---@return string? message
---@return sudoku.Where? where
function pencil.read_line(text, opts, lineno, index) end

return pencil
