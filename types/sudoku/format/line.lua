---@meta sudoku.format.line
-- LuaLS type stubs of sudoku.format.line (docs/FORMATS.md).

---@class sudoku.format.line: sudoku.FormatModule
local line = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function line.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function line.records(src, opts) end

---@param text string
---@param opts table
---@param lineno integer
---@param index integer
---@return sudoku.Record|false
---@return string? message
---@return sudoku.Where? where
function line.read_line(text, opts, lineno, index) end

---@param board sudoku.Board
---@return string
function line.cells(board) end

return line
