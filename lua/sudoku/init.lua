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
  gen = require "sudoku.gen",
}

-- Solver.new mirrors Board.new, so both types are made the same way from the façade.
local Solver = core.Solver
Solver.new = core.new_solver
sudoku.Solver = Solver

local solve_line, count_line = core.solve_line, core.count_line

-- The first solution of a puzzle in line format, or nil and why not. A lone 81-character line
-- is solved in C before any Lua runs (core.wrap_solve); any other text, or options, come here
-- and go through sudoku.parse, which gives exact errors. Both ways give the same answer.
local function solve(text, opts)
  if opts == nil and type(text) == "string" and #text == 81 then
    local solution, err = solve_line(text)
    if solution ~= false then return solution, err end
  end
  local board, err = parse.parse(text, opts)
  if not board then return nil, err end
  if not board:solve() then return nil, "no solution" end
  return board:format("line")
end
sudoku.solve = core.wrap_solve(solve)

-- The number of solutions of a puzzle up to limit (default: all), or nil and why the text could
-- not be read. 81-character lines are counted in C straight away.
function sudoku.count(text, limit, opts)
  if limit ~= nil and (type(limit) ~= "number" or limit < 1 or limit ~= math.floor(limit)) then
    error("bad argument #2 to 'count' (limit must be an integer of at least 1)", 2)
  end
  if opts == nil and type(text) == "string" and #text == 81 then
    local n = count_line(text, limit)
    if n ~= false then return n end
  end
  local board, err = parse.parse(text, opts)
  if not board then return nil, err end
  return board:count(limit)
end

-- Many puzzles at once, one per line of `text` (a string: read a file with f:read("a")), on
-- POSIX threads. Without opts.limit: solutions, errors, stats, where solutions[i] is the i-th
-- puzzle's first solution as a line or false, and errors[i] says why when it is false. With
-- opts.limit = n: counts, errors, stats, counts[i] being the solutions up to n (0 when there is
-- none) or false for a line that could not be read. opts.threads (default 1; 0: one per CPU),
-- opts.portable (force the 9x9 fast path's portable code). See docs/API.md.
-- The C function itself, so that an argument error names 'solve_many' and the caller's line.
sudoku.solve_many = core.solve_many

return sudoku
