---@meta sudoku.shape
-- LuaLS type stubs of sudoku.shape.

---@class sudoku.shape
local shape = {}

---@param n integer
---@return integer rows
---@return integer cols
function shape.squarest(n) end

---@param rows integer
---@param cols integer
---@return boolean
function shape.is_squarest(rows, cols) end

---@param size? integer
---@param box? integer[] {rows, cols}
---@return integer? size
---@return string? message
function shape.check(size, box) end

return shape
