---@meta sudoku.cli
-- LuaLS type stubs of sudoku.cli.

---@class sudoku.Streams
---@field stdin? file*
---@field stdout? file*
---@field stderr? file*

---@class sudoku.cli
local cli = {}

---@param args string[]
---@param streams? sudoku.Streams
---@return integer status
function cli.main(args, streams) end

---@param args string[]
---@return integer status
function cli.run(args) end

return cli
