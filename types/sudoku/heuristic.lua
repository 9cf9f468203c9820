---@meta sudoku.heuristic
-- LuaLS type stubs of sudoku.heuristic.

---A cell's score (lowest first): the solver, the cell, its candidates' number, the state.
---@alias sudoku.CellScore fun(solver: sudoku.Solver, r: integer, c: integer, count: integer,
---  state: table): number
---A value's score at a cell (lowest first).
---@alias sudoku.ValueScore fun(solver: sudoku.Solver, r: integer, c: integer, v: integer,
---  state: table): number

---A search strategy: scores, hooks and options that heuristic.options turns into Solver options.
---@class sudoku.Strategy
---@field name string
---@field description? string
---@field cell? sudoku.CellScore|sudoku.CellScore[]
---@field value? sudoku.ValueScore|sudoku.ValueScore[]
---@field hooks? fun(get_state: fun(solver: sudoku.Solver): table): sudoku.SolverOptions
---@field options? sudoku.SolverOptions|fun(seed: integer): sudoku.SolverOptions
---@field state? fun(seed: integer): table

---@class sudoku.heuristic
local heuristic = {}

---@type string[]
heuristic.NAMES = {}

---@param name string
---@return sudoku.Strategy?
---@return string? message
function heuristic.get(name) end

---@param path string
---@return sudoku.Strategy?
---@return string? message
function heuristic.load(path) end

---@param spec string|sudoku.Strategy a name, a path or a strategy
---@return sudoku.Strategy?
---@return string? message
function heuristic.resolve(spec) end

---@param primary sudoku.Strategy
---@param tie_break sudoku.Strategy
---@param name? string
---@return sudoku.Strategy
function heuristic.combine(primary, tie_break, name) end

---@param strategy sudoku.Strategy
---@param extra? sudoku.SolverOptions
---@param seed? integer the run's, default 1
---@return sudoku.SolverOptions
function heuristic.options(strategy, extra, seed) end

---@param strategy sudoku.Strategy
---@param seed? integer
---@return sudoku.SolverOptions
function heuristic.plain_options(strategy, seed) end

---@param solver sudoku.Solver
---@param state table
---@param r integer
---@param c integer
---@return sudoku.Cell[]
function heuristic.peers(solver, state, r, c) end

return heuristic
