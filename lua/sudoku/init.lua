-- require "sudoku": the façade over the C core and the Lua modules.
local core = require "sudoku.core"
local Board = require "sudoku.board"
local number = require "sudoku.number"
local format = require "sudoku.format"
local parse = require "sudoku.format.parse"

local sudoku = {
  VERSION = "scm-1",
  core = core,
  Board = Board,
  parse = parse.parse,
  format = format,
  symbols = require "sudoku.symbols",
  leetcode = require "sudoku.leetcode",
  gen = require "sudoku.gen",
}

-- The conveniences of a board that need the formats, which sit above sudoku.board.
-- b:format([name [, opts]]): the text of the board in a format of sudoku.format ("line" unless
-- named); opts go to the format's writer.
function Board:format(name, opts)
  name = name or "line"
  local _, err = format.get(name)
  if err then
    error("bad argument #1 to 'format' (" .. err .. ")", 2)
  end
  return format.write(self, name, opts)
end

-- tostring(b): the grid format.
if core.board_meta then
  core.board_meta.__tostring = function(board) return format.grid(board) end
end

-- Solver.new mirrors Board.new, so both types are made the same way from the façade.
local Solver = core.Solver
Solver.new = core.new_solver
sudoku.Solver = Solver

local solve_line, count_line = core.solve_line, core.count_line

-- The search budgets among opts (max_nodes, timeout), for b:solve and b:count; nil when none.
local function limits_of(opts)
  if type(opts) ~= "table" or (opts.max_nodes == nil and opts.timeout == nil) then return nil end
  return { max_nodes = opts.max_nodes, timeout = opts.timeout }
end

-- Whether opts leave an 81-character line to the C shortcut: no shape asked for (budgets are
-- fine, the shortcut honours them).
local function line_shortcut(text, opts)
  return type(text) == "string" and #text == 81
    and (opts == nil or (type(opts) == "table" and opts.size == nil and opts.box == nil))
end

-- The first solution of a puzzle in line format, or nil and why not. A lone 81-character line
-- is solved in C before any Lua runs (core.wrap_solve); any other text, or options, come here
-- and go through sudoku.parse, which gives exact errors. Both ways give the same answer.
-- opts.max_nodes and opts.timeout bound the search: nil, "gave up after ..." when it runs out.
local function solve(text, opts)
  local limits = limits_of(opts)
  if line_shortcut(text, opts) then
    local solution, err = solve_line(text, limits)
    if solution ~= false then return solution, err end
  end
  local board, err = parse.parse(text, opts)
  if not board then return nil, err end
  local solved, why = board:solve(limits)
  if solved == nil then return nil, why end
  if not solved then return nil, "no solution" end
  return board:format("line")
end
sudoku.solve = core.wrap_solve(solve)

-- The number of solutions of a puzzle up to limit (default: all), or nil and why the text could
-- not be read (or why opts.max_nodes / opts.timeout stopped the count). 81-character lines are
-- counted in C straight away.
function sudoku.count(text, limit, opts)
  if limit ~= nil and not (number.is_integer(limit) and limit >= 1) then
    error("bad argument #2 to 'count' (limit must be an integer of at least 1)", 2)
  end
  local limits = limits_of(opts)
  if line_shortcut(text, opts) then
    local n, err = count_line(text, limit, limits)
    if n == nil then return nil, err end
    if n ~= false then return n end
  end
  local board, err = parse.parse(text, opts)
  if not board then return nil, err end
  return board:count(limit, limits)
end

-- Many puzzles at once, one per line of `text` (a string: read a file with f:read("a")), on
-- POSIX threads. Without opts.limit: solutions, errors, stats, where solutions[i] is the i-th
-- puzzle's first solution as a line or false, and errors[i] says why when it is false. With
-- opts.limit = n: counts, errors, stats, counts[i] being the solutions up to n (0 when there is
-- none) or false for a line that could not be read. opts.threads (default 1; 0: one per CPU),
-- opts.portable (force the 9x9 fast path's portable code), opts.max_nodes and opts.timeout
-- (each puzzle's budgets: one that runs out is false, its error "line N: gave up after ...").
-- See docs/API.md.
-- The C function itself, so that an argument error names 'solve_many' and the caller's line.
sudoku.solve_many = core.solve_many

return sudoku
