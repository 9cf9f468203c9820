---@meta sudoku.format.fpuzzles_json
-- LuaLS type stubs of sudoku.format.fpuzzles_json (docs/FORMATS.md, "fpuzzles").

---@class sudoku.format.fpuzzles_json: sudoku.FormatModule
local fpuzzles_json = {}

---@param rec sudoku.Record
---@return string? text
---@return string? message what f-puzzles cannot hold
function fpuzzles_json.write(rec) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function fpuzzles_json.records(src, opts) end

return fpuzzles_json
