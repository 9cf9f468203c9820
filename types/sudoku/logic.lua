---@meta sudoku.logic
-- LuaLS type stubs of sudoku.logic.

---@class sudoku.logic
local logic = {}

---@param board sudoku.Board
---@param marks? table<integer, integer[]>
---@param opts? {assume_unique?: boolean}
---@return sudoku.Pencil? pencil
---@return string? message
function logic.pencil(board, marks, opts) end

---@param x sudoku.Board|sudoku.Pencil
---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep?
function logic.hint(x, opts) end

---@param x sudoku.Board|sudoku.Pencil
---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep[]
function logic.find(x, opts) end

---@param x sudoku.Board|sudoku.Pencil
---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep[] steps
---@return {solved: boolean, rating: number, hardest: string?, counts: table<string, integer>} info
function logic.steps(x, opts) end

---@param pencil sudoku.Pencil changed in place
---@param opts? sudoku.LogicOptions
---@param visit? fun(step: sudoku.LogicStep, k: integer) before step k is applied
---@return integer steps
---@return sudoku.LogicStep? hardest
---@return boolean solved
function logic.walk(pencil, opts, visit) end

---@param x sudoku.Board|sudoku.Pencil
---@param step sudoku.LogicStep|table
---@return any? result the pencil's true, or the board (nil for a step that eliminates)
---@return string? message
function logic.apply(x, step) end

---@param x sudoku.Board|sudoku.Pencil
---@param opts? sudoku.LogicOptions
---@return {rating: number, hardest: string, counts: table<string, integer>}? rating
---@return string? message
function logic.rate(x, opts) end

---@return {name: string, title: string, rating: number, se: boolean}[]
function logic.techniques() end

---@param steps sudoku.LogicStep[]
---@param solution sudoku.Board
---@return string? message the first step against the solution, or nil
function logic.check(steps, solution) end

---@param x sudoku.Board|sudoku.Pencil
---@param step sudoku.LogicStep
---@param opts? table
---@return string svg
function logic.svg(x, step, opts) end

---@param text string
---@param opts? sudoku.RateOptions
---@return table<integer, number|false> ratings
---@return table<integer, string> errors
---@return table stats
---@return table<integer, string|false> hardest
function logic.rate_many(text, opts) end

return logic
