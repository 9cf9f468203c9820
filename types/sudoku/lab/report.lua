---@meta sudoku.lab.report
-- LuaLS type stubs of sudoku.lab.report.

---@class sudoku.lab.report
local report = {}

---@type string[]
report.METRICS = {}

---@param results sudoku.LabResults
---@param opts? {resamples?: integer, seed?: integer}
---@return table[] per strategy: solved, runs, and a summary per measurement
function report.summaries(results, opts) end

---@param results sudoku.LabResults
---@return integer[][] wins[a][b]
function report.head_to_head(results) end

---@param results sudoku.LabResults
---@param opts? {resamples?: integer, seed?: integer, title?: string}
---@return string
function report.markdown(results, opts) end

return report
