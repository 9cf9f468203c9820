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

---A hint at one of its levels (Game:hint): a field not shown yet is an empty list.
---@class sudoku.Hint
---@field level integer 1 (the technique), 2 (its cells and units), 3 (the move)
---@field levels integer 3
---@field technique string a sudoku.logic technique, or "mistake" or "reveal"
---@field title string
---@field rating number
---@field se boolean
---@field text string what to say at this level
---@field digits integer[]
---@field cells integer[][]
---@field units {kind: string, index: integer}[]
---@field base integer
---@field placements integer[][]
---@field eliminations integer[][]
---@field links table[]
---@field erase integer[][] cells whose entry (else marks) a mistake's move clears

---@param opts? sudoku.LogicOptions|{level?: integer}
---@return sudoku.Hint? hint nil when solved
function Game:hint(opts) end

---@param opts? sudoku.LogicOptions
---@return sudoku.Hint? hint the hint applied (level 3), nil when solved
function Game:apply_hint(opts) end

---@return sudoku.Pencil? pencil
---@return string? message
function Game:pencil() end

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
