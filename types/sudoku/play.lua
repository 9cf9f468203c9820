---@meta sudoku.play
-- LuaLS type stubs of sudoku.play.

---A game in progress (play.new, play.restore).
---@class sudoku.Game
local Game = {} -- luacheck: ignore 241 (a class of stubs: only its methods are read)

---@return integer
function Game:size() end

---@param r integer
---@param c integer
---@return integer
function Game:get(r, c) end

---@param r integer
---@param c integer
---@return boolean
function Game:is_given(r, c) end

---@param r integer
---@param c integer
---@param v integer 0 clears
---@return true?
---@return string? message
function Game:enter(r, c, v) end

---@param r integer
---@param c integer
---@return true?
---@return string? message
function Game:clear(r, c) end

---@param r integer
---@param c integer
---@param v integer
---@return true?
---@return string? message
function Game:toggle_mark(r, c, v) end

---@param r integer
---@param c integer
---@return integer[]
function Game:marks(r, c) end

---@return boolean
function Game:undo() end

---@return boolean
function Game:redo() end

---@return integer undo_count
---@return integer redo_count
function Game:history() end

---@param r integer
---@param c integer
---@return boolean?
function Game:is_right(r, c) end

---@return integer[][]
function Game:mistakes() end

---@return boolean
function Game:solved() end

---@param opts? table
---@return table? step
function Game:hint(opts) end

---@return sudoku.Board
function Game:board() end

---@return sudoku.Board
function Game:solution() end

---@return table saved
function Game:save() end

---@class sudoku.play
local play = {}

---@param puzzle sudoku.Board|string
---@return sudoku.Game?
---@return string? message
function play.new(puzzle) end

---@param saved table
---@return sudoku.Game?
---@return string? message
function play.restore(saved) end

return play
