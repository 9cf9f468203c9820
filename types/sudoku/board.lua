---@meta sudoku.board
-- LuaLS type stubs of sudoku.board: the Board methods written in Lua (the C ones are in
-- types/sudoku/core.lua).

---@class sudoku.BoardSpec
---@field size? integer N, 1..64
---@field box? integer[] {rows, cols}

---@class sudoku.Board
local Board = {}

---@param spec sudoku.BoardSpec
---@return sudoku.Board
function Board.new(spec) end

---@param opts? sudoku.SolverOptions
---@return fun(): sudoku.Board?
function Board:solutions(opts) end

return Board
