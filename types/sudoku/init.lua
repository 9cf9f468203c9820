---@meta sudoku
-- LuaLS type stubs of the façade, require "sudoku" (lua/sudoku/init.lua). Its fields leetcode,
-- gen, variant, logic, play, heuristic and lab are the modules, loaded on their first read.

---The options of parse (and of solve and count, which add the budgets).
---@class sudoku.ParseOptions: sudoku.Budgets
---@field size? integer N (default: from the cell count)
---@field box? integer[] {rows, cols}

---@class sudoku.Board
local Board = {}

---Added by require "sudoku", as is tostring(b).
---@param name? string a format's name, default "line"
---@param opts? table the writer's options
---@return string
function Board:format(name, opts) end

---@class sudoku.Solver
local Solver = {}

---@param board sudoku.Board
---@param opts? sudoku.SolverOptions
---@return sudoku.Solver
function Solver.new(board, opts) end

---@param board sudoku.Board
---@param saved string
---@param opts? sudoku.SolverOptions
---@return sudoku.Solver? solver
---@return string? message
function Solver.restore(board, saved, opts) end

---@class sudoku
local sudoku = {
  VERSION = "scm-1",
  core = require "sudoku.core",
  Board = Board,
  Solver = Solver,
  format = require "sudoku.format",
  symbols = require "sudoku.symbols",
  leetcode = require "sudoku.leetcode",
  gen = require "sudoku.gen",
  variant = require "sudoku.variant",
  logic = require "sudoku.logic",
  play = require "sudoku.play",
  heuristic = require "sudoku.heuristic",
  lab = require "sudoku.lab",
}

---@param text string
---@param opts? sudoku.ParseOptions
---@return sudoku.Board?
---@return string? message
function sudoku.parse(text, opts) end

---@param text string
---@param opts? sudoku.ParseOptions
---@return string? solution
---@return string? message
function sudoku.solve(text, opts) end

---@param text string
---@param limit? integer
---@param opts? sudoku.ParseOptions
---@return integer? count
---@return string? message
function sudoku.count(text, limit, opts) end

---@param text string
---@param opts? sudoku.BatchOptions
---@return (string|integer|false)[] results
---@return table<integer, string> errors
---@return sudoku.BatchStats stats
---@return table<integer, table> faults each failed line's fault: kind, line, column, byte, reason, ...
function sudoku.solve_many(text, opts) end

return sudoku
