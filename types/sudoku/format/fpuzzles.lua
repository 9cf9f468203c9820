---@meta sudoku.format.fpuzzles
-- LuaLS type stubs of sudoku.format.fpuzzles (docs/FORMATS.md, "fpuzzles").

---@class sudoku.format.fpuzzles: sudoku.FormatModule
local fpuzzles = {}

---@param rec sudoku.Record
---@param opts table `json = true` for f-puzzles' JSON instead of a link
---@return string? text
---@return string? message what f-puzzles cannot hold
function fpuzzles.write(rec, opts) end

---@param src table a line source (sudoku.format.source)
---@param opts table
---@return sudoku.RecordIterator
function fpuzzles.records(src, opts) end

---The compressed text of an f-puzzles link (its load= value), or the text itself.
---@param text string
---@return string
function fpuzzles.load_text(text) end

---The record of one decoded f-puzzles object.
---@param obj table as dkjson decodes it, nulls kept
---@param opts? table the reader's options
---@return sudoku.Record? rec
---@return string? message
function fpuzzles.record_of(obj, opts) end

return fpuzzles
