---@meta sudoku.format.svg
-- LuaLS type stubs of sudoku.format.svg (docs/FORMATS.md).

---@class sudoku.format.svg: sudoku.FormatModule
local svg = {}

---@param rec sudoku.Record
---@param opts table
---@return string
function svg.write(rec, opts) end

return svg
