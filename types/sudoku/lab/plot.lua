---@meta sudoku.lab.plot
-- LuaLS type stubs of sudoku.lab.plot.

---@class sudoku.lab.plot
local plot = {}

---@param results sudoku.LabResults
---@param opts? {metric?: "nodes"|"seconds", title?: string}
---@return string svg
function plot.cactus(results, opts) end

---@param results sudoku.LabResults
---@param a integer|string
---@param b integer|string
---@param opts? {title?: string}
---@return string svg
function plot.scatter(results, a, b, opts) end

return plot
