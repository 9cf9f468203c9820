---@meta sudoku.gen.difficulty
-- LuaLS type stubs of sudoku.gen.difficulty.

---A difficulty target of gen.puzzle.
---@class sudoku.DifficultyTarget
---@field min number
---@field max number
---@field allowed? string[]
---@field required? table<string, boolean>

---@class sudoku.gen.difficulty
local difficulty = {}

---@type table<string, {min: number, max: number}>
difficulty.LEVELS = {}

---@type string[]
difficulty.ORDER = {}

---@param opts table
---@return sudoku.DifficultyTarget?
function difficulty.target(opts) end

---@param board sudoku.Board
---@param target sudoku.DifficultyTarget
---@return boolean
function difficulty.may_take(board, target) end

---@param board sudoku.Board
---@param target sudoku.DifficultyTarget
---@return boolean meets
---@return {rating: number, hardest: string, counts: table<string, integer>}? rating
function difficulty.meets(board, target) end

---@param r {rating: number}?
---@param target sudoku.DifficultyTarget
---@return number
function difficulty.distance(r, target) end

return difficulty
