--- The façade over the C core and the Lua modules: `local sudoku = require "sudoku"`.
-- Reads, solves and counts puzzles given as text, and hands out `Board`, `Solver`, `format`,
-- `symbols`, and, loaded when first read, `leetcode`, `gen`, `variant`, `logic`, `play`,
-- `heuristic` and `lab`. Loading it also adds the board methods that need
-- the formats (`Board:format`, `tostring(b)`). docs/API.md is the contract.
-- @module sudoku
local core = require "sudoku.core"
local Board = require "sudoku.board"
local number = require "sudoku.number"
local format = require "sudoku.format"
local parse = require "sudoku.format.parse"
local fault = require "sudoku.format.fault"

--- Reads one puzzle (`sudoku.format.parse`): an 81-character line, or a grid with any
-- whitespace and `|+-` separators; blanks `.`, `0`, `_`, `?`, `*`.
-- @function parse
-- @string text the puzzle
-- @tparam[opt] table opts `size` (N; default: from the cell count) and `box = {rows, cols}`
-- @treturn Board|nil the board, or `nil, message` naming the line, column and character
-- ("line 2, column 5: unexpected character 'Z'")

local sudoku = {
  VERSION = "scm-1",
  core = core,
  Board = Board,
  parse = parse.parse,
  format = format,
  symbols = require "sudoku.symbols",
}

-- The modules above the formats are loaded when first used (the first read of the field), not
-- with the façade: a program that only solves loads none of them (nor dkjson, which only the
-- JSON formats need), and starts in a fraction of the time. Each loader names its module in a
-- require of its own, so that spec/layers_spec.lua sees these requires too: none of them may
-- point to a higher layer, or back to `sudoku` (a cycle).
local LAZY = {
  leetcode = function() return require "sudoku.leetcode" end,
  gen = function() return require "sudoku.gen" end,
  variant = function() return require "sudoku.variant" end,
  logic = function() return require "sudoku.logic" end,
  play = function() return require "sudoku.play" end,
  heuristic = function() return require "sudoku.heuristic" end,
  lab = function() return require "sudoku.lab" end,
}
setmetatable(sudoku, {
  __index = function(t, key)
    local load = LAZY[key]
    if load == nil then return nil end
    local module = load()
    rawset(t, key, module)
    return module
  end,
})

-- The conveniences of a board that need the formats, which sit above sudoku.board.

--- The text of the board in a format of `sudoku.format` (docs/FORMATS.md). Added by
-- `require "sudoku"`, as is `tostring(b)` (the `grid` format).
-- @string[opt="line"] name the format's name
-- @tparam[opt] table opts the writer's options (`blank`, ...)
-- @treturn string the text, without a final newline
-- @raise for a format name there is no format of
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

--- A resumable search over `board` (`sudoku.core.new_solver`): see the Solver type of
-- `sudoku.core` for its methods.
-- @function Solver.new
-- @tparam Board board the board to solve in place
-- @tparam[opt] table opts `on_place`, `on_backtrack`, `on_solution`, `choose_cell`,
-- `order_values`, `constraint`, `seed`, `different` (docs/API.md, Solvers)
-- @treturn Solver

--- A solver that goes on with a search saved by `s:save()` (`sudoku.core.restore_solver`): the
-- same nodes and events as the saved one would have run.
-- @function Solver.restore
-- @tparam Board board the board as the search started (its puzzle, without its placements)
-- @tparam string saved what `s:save()` returned
-- @tparam[opt] table opts the saved solver's options, less `seed` and `restart`
-- @treturn Solver|nil the solver, paused where the saved one was
-- @treturn string when `saved` does not fit the board or the options: why

local Solver = core.Solver
Solver.new = core.new_solver
Solver.restore = core.restore_solver
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

--- The first solution of a puzzle in line format. A lone 81-character line is solved in C
-- with no Lua frame in between; anything else goes through `parse`.
-- @function solve
-- @string text the puzzle
-- @tparam[opt] table opts as for `parse`, plus the budgets `max_nodes` and `timeout`
-- @treturn string|nil the solution, or `nil, message` (unreadable, "no solution",
-- "gave up after ...")
sudoku.solve = core.wrap_solve(solve)

--- The number of solutions of a puzzle. 81-character lines are counted in C straight away.
-- @string text the puzzle
-- @int[opt] limit stop counting there (default: all)
-- @tparam[opt] table opts as for `parse`, plus the budgets `max_nodes` and `timeout`
-- @treturn int|nil the count, or `nil, message` when the text cannot be read or a budget
-- ran out
-- @raise when `limit` is not an integer of at least 1
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

--- Many puzzles at once, one per line of `text` (a string: read a file with f:read("a")), on
-- POSIX threads. Lines are records by the record rule (`sudoku.format.rule`, as the command and
-- the readers of `sudoku.format` have it): "\r\n", "\n" or "\r" end them, blank and `#` lines
-- are skipped, a puzzle runs to the first space, `,`, `;` or `#`. The first puzzle fixes the
-- board size for the whole text. Without `opts.limit`: solutions, errors, stats, faults, where
-- `solutions[i]` is the i-th puzzle's first solution as a line or `false`, `errors[i]` says why
-- when it is `false`, and `faults[i]` says it as data (`sudoku.format.fault`). With
-- `opts.limit = n`: counts, errors, stats, faults, `counts[i]` being the solutions up to n (0
-- when there is none) or `false` for a line that could not be read. See docs/API.md.
-- @function solve_many
-- @string text puzzles, one per line
-- @tparam[opt] table opts `limit`, `threads` (default 1; 0: one per CPU), `portable` (force the
-- 9x9 fast path's portable code), `max_nodes` and `timeout` (each puzzle's budgets: one that
-- runs out is `false`, its error "line N: gave up after ..."), `size` (the board size N of every
-- line, or `"auto"`: each line its own; default: the first puzzle's)
-- @treturn table solutions (or counts)
-- @treturn table errors
-- @treturn table stats `{puzzles =, solved =, failed =, gave_up =, interrupted =, guesses =, threads =}`
-- @treturn table faults `{kind =, line =, column =, byte =, cells =, expected =, reason =}` per
-- failed line (and what the kind needs: `nodes` or `seconds` for "gave_up")
-- @raise for a text that is not a string, an unknown option or an out-of-range value

-- A C function (core.solve_many with its faults worded here), so that an argument error names
-- 'solve_many' and the caller's line.
sudoku.solve_many = core.wrap_solve_many(fault.messages)

return sudoku
