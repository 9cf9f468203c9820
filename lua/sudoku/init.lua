-- require "sudoku": the façade over the C core and the Lua modules.
local core = require "sudoku.core"
local Board = require "sudoku.board"
local parse = require "sudoku.parse"

local sudoku = {
  VERSION = "scm-1",
  core = core,
  Board = Board,
  parse = parse.parse,
  format = require "sudoku.format",
  symbols = require "sudoku.symbols",
  leetcode = require "sudoku.leetcode",
}

-- Solver.new mirrors Board.new, so both types are made the same way from the façade.
local Solver = core.Solver
Solver.new = core.new_solver
sudoku.Solver = Solver

local solve_line = core.solve_line

-- The first solution of a puzzle in line format, or nil and why not. A plain 81-character line
-- goes straight to C (core.solve_line); anything else, or a line that C declines, is read by
-- sudoku.parse, which gives exact errors. Both ways give the same answer.
function sudoku.solve(text, opts)
  if opts == nil and type(text) == "string" and #text == 81 then
    local solution, err = solve_line(text)
    if solution ~= false then return solution, err end
  end
  local board, err = parse.parse(text, opts)
  if not board then return nil, err end
  if not board:solve() then return nil, "no solution" end
  return board:format("line")
end

return sudoku
