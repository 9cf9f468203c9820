---@meta sudoku.lab.stats
-- LuaLS type stubs of sudoku.lab.stats.

---@class sudoku.lab.stats
local stats = {}

---@param sorted number[]
---@return number?
function stats.median(sorted) end

---@param sorted number[]
---@param resamples integer
---@param seed? integer
---@return number? lo
---@return number? hi
function stats.median_interval(sorted, resamples, seed) end

---@param values number[]
---@param opts? {resamples?: integer, seed?: integer}
---@return {n: integer, median: number?, p90: number?, max: number?, lo: number?, hi: number?}
function stats.summary(values, opts) end

return stats
