---@meta sudoku.lab
-- LuaLS type stubs of sudoku.lab (and sudoku.lab.report, sudoku.lab.plot, sudoku.lab.stats).

---One strategy on one puzzle.
---@class sudoku.LabRun
---@field status string the solver's status when the search stopped
---@field solved boolean a verified solution within the budget
---@field nodes integer
---@field guesses integer
---@field backtracks integer
---@field seconds number CPU time

---@class sudoku.LabResults
---@field names string[]
---@field descriptions string[]
---@field puzzles integer
---@field max_nodes integer
---@field seed integer
---@field runs sudoku.LabRun[][] runs[strategy][puzzle]

---@class sudoku.LabOptions
---@field max_nodes? integer default 100000
---@field seed? integer what randomised strategies draw from, default 1
---@field clock? fun(): number default os.clock
---@field progress? fun(done: integer, total: integer)
---@field first? integer
---@field step? integer

---@class sudoku.lab
local lab = {}

---@param board sudoku.Board
---@param strategy sudoku.Strategy
---@param opts? {max_nodes?: integer, clock?: fun(): number, seed?: integer, options?: sudoku.SolverOptions}
---@return sudoku.LabRun
function lab.solve(board, strategy, opts) end

---@param puzzles (string|sudoku.Board)[]
---@param strategies (string|sudoku.Strategy)[]
---@param opts? sudoku.LabOptions
---@return sudoku.LabResults
function lab.run(puzzles, strategies, opts) end

return lab
