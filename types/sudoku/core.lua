---@meta sudoku.core
-- LuaLS type stubs of sudoku.core, the C module (csrc/): what lua/sudoku/core.luadoc documents.
-- For editors only (add types/ to workspace.library); nothing loads this file.

---A cell as `{r, c}`.
---@alias sudoku.Cell integer[]

---The search budgets of Board:solve, Board:count and the line shortcuts.
---@class sudoku.Budgets
---@field max_nodes? integer search nodes, at least 1
---@field timeout? number seconds, above 0

---order_values(board, r, c, candidates, solver): the values to try at (r, c), in order.
---@alias sudoku.OrderValues fun(board: sudoku.Board, r: integer, c: integer, candidates: integer[],
---  solver: sudoku.Solver): integer[]

---The options of Solver.new.
---@class sudoku.SolverOptions
---reason: "single" (naked single), "hidden" (hidden single) or "guess"
---@field on_place? fun(r: integer, c: integer, v: integer, depth: integer, reason: string): boolean?
---@field on_backtrack? fun(r: integer, c: integer, v: integer, depth: integer): boolean?
---@field on_undo? fun(r: integer, c: integer, v: integer, depth: integer)
---@field on_solution? fun(board: sudoku.Board): boolean?
---@field choose_cell? fun(board: sudoku.Board, solver: sudoku.Solver): integer?, integer?
---@field choose_places? fun(board: sudoku.Board, solver: sudoku.Solver): integer?, integer? unit, value
---@field order_values? sudoku.OrderValues
---@field constraint? fun(board: sudoku.Board, r: integer, c: integer, v: integer): any
---@field seed? integer
---@field restart? boolean|{scale?: integer, schedule?: "luby"|"geometric"} restarts before a solution
---@field different? sudoku.Cell[][] pairs of cells that must differ
---rule: a rule's kind, a Lua rule's name, "locked candidates", "matching" or "probing"
---@field on_eliminate? fun(r: integer, c: integer, values: integer[], rule: string): boolean?

---What a rule written in Lua receives while it runs.
---@class sudoku.RuleContext
local RuleContext = {} -- luacheck: ignore 241 (a class of stubs: only its methods are read)
---@return integer[]
function RuleContext:candidates(r, c) end
---@return boolean
function RuleContext:has(r, c, v) end
---@return integer
function RuleContext:get(r, c) end
---@return integer
function RuleContext:size() end
---@return boolean left false when the cell is left with nothing
function RuleContext:eliminate(r, c, v) end

---The options of solve_many.
---@class sudoku.BatchOptions: sudoku.Budgets
---@field limit? integer count mode: count each puzzle's solutions up to this
---@field threads? integer threads to use (default 1; 0: one per online CPU)
---@field portable? boolean force the 9x9 fast path's portable code
---@field size? integer|"auto" every line's board size, or "auto": each its own (default: the first's)

---The options of solve_block and line_pool: solve_many's, and verdict mode's words.
---@class sudoku.BlockOptions: sudoku.BatchOptions
---@field words? {unique: string, multiple: string, unknown: string} what verdict mode writes

---A record of a block that solve_block did not answer with text alone.
---@class sudoku.BlockNote
---@field line integer its line, from 1 in the block
---@field at integer bytes of the text to print that come before it
---@field hole? boolean the caller answers it: its line is text:sub(start + 1, start + len)
---@field start? integer
---@field len? integer
---A fault to report (sudoku.format.fault words it).
---@field fault? {kind: "not_unique"|"gave_up", nodes: integer?, seconds: number?}

---The statistics of solve_many.
---@class sudoku.BatchStats
---@field puzzles integer
---@field solved integer
---@field failed integer
---@field gave_up integer
---@field interrupted integer
---@field guesses integer
---@field threads integer

---A conflicting pair of cells of Board:is_valid.
---@class sudoku.Conflict
---@field [1] sudoku.Cell
---@field [2] sudoku.Cell
---@field value integer

---The counters of Solver:stats.
---@class sudoku.SolverStats
---@field nodes integer
---@field guesses integer
---@field backtracks integer
---@field max_depth integer
---@field singles integer
---@field hidden integer
---@field solutions integer
---@field restarts integer

---A board of N x N cells (1 <= N <= 64); rows, columns and values are 1-based, 0 is empty.
---@class sudoku.Board
local Board = {}

---@return integer n
---@return integer? box_rows nil once jigsaw regions replace the boxes
---@return integer? box_cols
function Board:size() end

---@param r integer
---@param c integer
---@return integer value 0 for an empty cell
function Board:get(r, c) end

---@param r integer
---@param c integer
---@param v integer 0 clears
function Board:set(r, c, v) end

---@param r integer
---@param c integer
---@return integer[] values ascending, {} for a filled cell
function Board:candidates(r, c) end

---@return boolean valid
---@return sudoku.Conflict[] conflicts
function Board:is_valid() end

---@return boolean
function Board:is_solved() end

---@return integer
function Board:filled() end

---@return sudoku.Board
function Board:copy() end

---@param cells sudoku.Cell[]
---@return integer index
function Board:add_region(cells) end

---@param regions sudoku.Cell[][]
function Board:set_regions(regions) end

---add_region for a list read from data: nil and its fault `{kind = "bad_region", reason =}`
---instead of an error.
---@param cells sudoku.Cell[]
---@return integer|nil index
---@return {kind: string, reason: string}? fault
function Board:try_add_region(cells) end

---set_regions for regions read from data: true, or nil and its fault
---`{kind = "bad_region", reason =}` instead of an error.
---@param regions sudoku.Cell[][]
---@return true|nil ok
---@return {kind: string, reason: string}? fault
function Board:try_set_regions(regions) end

---The kinds of rule: the rows of the core's rule table (csrc/rules/table.c), and "lua".
---@alias sudoku.RuleKind
---| "different"
---| "consecutive"
---| "ratio"
---| "pair_sum"
---| "not_consecutive"
---| "not_ratio"
---| "not_pair_sum"
---| "less"
---| "whisper"
---| "allowed"
---| "thermo"
---| "renban"
---| "palindrome"
---| "same_values"
---| "cage"
---| "sum"
---| "arrow"
---| "sandwich"
---| "lua"

---A rule (docs/API.md, "Rules"): its kind and cells, and the fields its kind takes; b:rules()
---gives each back as it was added. spec/types_spec.lua checks that these are every field of
---every kind of the core's rule table (csrc/rules/table.c) and of a Lua rule.
---@class sudoku.RuleSpec
---@field kind sudoku.RuleKind
---@field cells sudoku.Cell[]
---@field ratio? integer ratio, not_ratio: one value is (not) ratio times the other (default 2; 2..N)
---@field sum? integer pair_sum, sum, sandwich: the total (required); cage: the cage's total (optional)
---@field sums? integer[] not_pair_sum: totals the pair must not reach (each 2..2N)
---@field gap? integer whisper: the least difference of neighbours (default N/2 rounded up; 1..N-1)
---@field values? integer[] allowed: the values every cell may hold (1..N)
---@field split? integer same_values: how many of the cells form the first group
---@field copies? integer same_values: full sets the first group holds beyond the second's values
---@field propagate? fun(ctx: sudoku.RuleContext): boolean? a Lua rule's propagator
---@field name? string a Lua rule's name
---@field level? "cheap"|"medium"|"slow" when a Lua rule runs

---@param spec sudoku.RuleSpec
---@return integer count
function Board:add_rule(spec) end

---The same for a spec read from data: a spec that cannot be a rule of this board gives nil and
---its fault `{kind = "bad_rule", reason = "..."}` instead of an error.
---@param spec sudoku.RuleSpec
---@return integer|nil count
---@return {kind: string, reason: string}? fault
function Board:try_add_rule(spec) end

---@return sudoku.RuleSpec[]
function Board:rules() end

function Board:clear_rules() end

---@return sudoku.Cell[][]
function Board:regions() end

---@return sudoku.Cell[][]?
function Board:jigsaw() end

---@param opts? sudoku.Budgets
---@return boolean? solved nil when a budget ran out
---@return string? message
function Board:solve(opts) end

---@param limit? integer
---@param opts? sudoku.Budgets
---@return integer? count
---@return string? message
function Board:count(limit, opts) end

---@return integer
function Board:bytes() end

function Board:close() end

---@param r integer
---@param c integer
---@return boolean
function Board:is_given(r, c) end

---@param r integer
---@param c integer
---@param on? boolean
function Board:set_given(r, c, on) end

---@return integer
function Board:mark_givens() end

---@param blank? string one character, default "."
---@return string
function Board:symbols(blank) end

---@param text string N*N symbols
---@return true?
---@return string? message
function Board:fill(text) end

---A resumable search over a board.
---@class sudoku.Solver
local Solver = {}

---@param budget? integer|{ms: number?, nodes: integer?} search nodes, or a budget table
---@param seconds? number
---@return "running"|"solved"|"done"|"unsat"
function Solver:step(budget, seconds) end

---@return "ready"|"running"|"solved"|"done"|"unsat"
function Solver:status() end

---@return sudoku.SolverStats
function Solver:stats() end

function Solver:reset() end

---@return sudoku.Board
function Solver:board() end

---@param r integer
---@param c integer
---@return integer[]
function Solver:candidates(r, c) end

---@param r integer
---@param c integer
---@return integer
function Solver:count(r, c) end

---@param r integer
---@param c integer
---@param v integer
---@return boolean
function Solver:has(r, c, v) end

---@param u integer
---@param v integer
---@return integer
function Solver:places(u, v) end

---@return sudoku.Cell[][]
function Solver:units() end

---@param r integer
---@param c integer
---@return integer[]
function Solver:cell_units(r, c) end

---@param r integer
---@param c integer
---@return sudoku.Cell[]
function Solver:peers(r, c) end

---@param u integer
---@return integer
function Solver:unit_failures(u) end

---@param r integer
---@param c integer
---@return integer
function Solver:failures(r, c) end

---@param r integer
---@param c integer
---@return integer
function Solver:weight(r, c) end

---@return integer
function Solver:depth() end

---@return integer
function Solver:nodes() end

---@return integer
function Solver:bytes() end

---@return string? saved
---@return string? message
function Solver:save() end

---@return string? traceback
function Solver:traceback() end

function Solver:close() end

---@class sudoku.core
local core = {}

core.MAX_SIZE = 64
core.Board = Board
core.Solver = Solver
---@type table
core.board_meta = {}
---@type table
core.solver_meta = {}

---@param rows integer
---@param cols integer
---@return sudoku.Board
function core.new_board(rows, cols) end

---@param board sudoku.Board
---@param opts? sudoku.SolverOptions
---@return sudoku.Solver
function core.new_solver(board, opts) end

---@param board sudoku.Board
---@param saved string
---@param opts? sudoku.SolverOptions
---@return sudoku.Solver? solver
---@return string? message
function core.restore_solver(board, saved, opts) end

---@param text string
---@param opts? sudoku.BatchOptions
---@return (string|integer|false)[] results
---@return sudoku.BatchStats stats
---@return table<integer, table> faults
function core.solve_many(text, opts) end

---@alias sudoku.SolveMany fun(text: string, opts?: sudoku.BatchOptions): table, table, table, table

---@param messages fun(faults: table<integer, table>): table<integer, string>
---@return sudoku.SolveMany solve_many solutions, errors, stats, faults
function core.wrap_solve_many(messages) end

---@param text string whole lines
---@param mode "solve"|"count"|"verdict"|"canon"|"canon_record"
---@param opts? sudoku.BlockOptions
---@return string out
---@return sudoku.BlockNote[] notes
---@return {lines: integer, records: integer, interrupted: boolean, guesses: integer, forms: string?} info
function core.solve_block(text, mode, opts) end

---@param fd 0|1|2
---@return boolean
function core.isatty(fd) end

---A pool of threads doing blocks of the command's line mode (core.line_pool).
---@class sudoku.LinePool
---@field submit fun(self: sudoku.LinePool, text: string): integer copies whole lines in; their count
---@field collect fun(self: sudoku.LinePool): string?, sudoku.BlockNote[]?, table? the oldest block's answers
---@field full fun(self: sudoku.LinePool): boolean
---@field pending fun(self: sudoku.LinePool): integer
---@field close fun(self: sudoku.LinePool)

---@param mode "solve"|"count"|"verdict"|"canon"|"canon_record"
---@param opts? sudoku.BlockOptions
---@param inline? boolean no threads: collect() does each block
---@return sudoku.LinePool
function core.line_pool(mode, opts, inline) end

---@param n integer board size, 1 to 64
---@return integer rows
---@return integer cols
function core.squarest(n) end

---@param line string
---@return sudoku.Board|false board
function core.line_board(line) end

---@param x sudoku.Board|string a 9x9 puzzle: a Board with 3x3 boxes and nothing else, or 81 symbols
---@return string? line the canonical form, 81 symbols
---@return sudoku.Transform|string transform_or_message
function core.canonical(x) end

---@param line string
---@param opts? sudoku.Budgets
---@return string|false|nil solution
---@return string? message
function core.solve_line(line, opts) end

---@param line string
---@param limit? integer
---@param opts? sudoku.Budgets
---@return integer|false|nil count
---@return string? message
function core.count_line(line, limit, opts) end

---@param fallback fun(text: string, opts?: table): string?, string?
---@return fun(text: string, opts?: table): string?, string?
function core.wrap_solve(fallback) end

---@return true?
---@return string? message
function core.catch_interrupt() end

---@return integer|false
function core.interrupted() end

---@return number seconds
function core.clock() end

---@return integer
function core.cpus() end

---A fault of a reader or a search, as the C library words it (sudoku.format.fault's data).
---@class sudoku.CoreFault
---@field kind "bad_char"|"bad_size"|"gave_up"
---@field byte? integer bad_char: the byte, 0..255
---@field cells? integer bad_size: the cells the text holds
---@field size? integer bad_size: the board's side they were read for
---@field asked? "size"|"box" bad_size: that side is the caller's opts.size or opts.box
---@field box? integer[] bad_size with asked "box": {rows, cols}
---@field of? string bad_size: the key holding the cells ("givens")
---@field nearest? boolean bad_size: name the board sizes around the count
---@field nodes? integer gave_up: the node budget
---@field seconds? number gave_up: the time budget

---@param f sudoku.CoreFault
---@return string reason the words, without the place
function core.fault_reason(f) end

---@param b integer a byte, 0..255
---@return string shown as messages show it: itself, or escaped (\0, \xHH, \', \\)
function core.show_byte(b) end

---The 9x9 fast path on its own, for tests and benchmarks.
core.debug = {}

---@param line string
---@param limit integer 0 counts all
---@param isa? "portable"
---@return integer count
---@return string? first_solution
---@return integer guesses
function core.debug.fast9(line, limit, isa) end

---@return "avx2"|"portable"
function core.debug.fast9_isa() end

---@return integer
function core.debug.fast9_bytes() end

---@param board sudoku.Board
---@param solution string
---@return "solved"|"stuck"|"unsound" outcome
---@return string? technique
---@return integer? r
---@return integer? c
---@return integer? value
---@return boolean? placed
function core.debug.rate_checked(board, solution) end

---A step of human-style logic (sudoku.logic).
---@class sudoku.LogicStep
---@field technique string
---@field title string
---@field rating number
---@field se boolean
---@field digits integer[]
---@field cells integer[][]
---@field units {kind: string, index: integer}[]
---@field base integer
---@field placements integer[][]
---@field eliminations integer[][]
---@field links table[]
---@field text string

---Options of the logic functions.
---@class sudoku.LogicOptions
---@field allowed? string[]|table<string, boolean>
---@field max_rating? number
---@field se_only? boolean

---A set of classes of 9x9 puzzles (core.canon_set, gen.canonical_set).
---@class sudoku.CanonSet
local CanonSet = {}

---@param x sudoku.Board|string
---@return boolean? new
---@return string? message
function CanonSet:add(x) end

---@param lines string whole lines, the k-th (from 0) of form first + k
---@param forms string canonical forms, 81 bytes (values 0..9) each
---@param first? integer default 0
---@return string kept the lines whose class was new
---@return integer used
---@return integer dropped
function CanonSet:keep(lines, forms, first) end

---@return integer
function CanonSet:count() end

---@return integer
function CanonSet:bytes() end

core.CanonSet = CanonSet

---@return sudoku.CanonSet
function core.canon_set() end

---@class sudoku.Pencil
local Pencil = {}

---@param r integer
---@param c integer
---@return integer[]
function Pencil:candidates(r, c) end

---@param r integer
---@param c integer
---@return integer
function Pencil:value(r, c) end

---@return integer
function Pencil:size() end

---@return boolean
function Pencil:solved() end

---@param r integer
---@param c integer
---@param v integer
---@return boolean? changed
---@return string? message
function Pencil:eliminate(r, c, v) end

---@param r integer
---@param c integer
---@param v integer
---@return boolean? ok
---@return string? message
function Pencil:place(r, c, v) end

---@return sudoku.Board
function Pencil:board() end

---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep?
function Pencil:hint(opts) end

---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep[]
function Pencil:find(opts) end

---@param step sudoku.LogicStep|table
---@return boolean? ok
---@return string? message
function Pencil:apply(step) end

---@param opts? sudoku.LogicOptions
---@return sudoku.LogicStep[] steps
---@return boolean solved
---@return number rating
---@return string? hardest
---@return table<string, integer> counts
function Pencil:path(opts) end

---The same as path without the steps. `opts.ms`: in slices of about that many milliseconds
---(`"running"` while more is left; call again with the same options); `opts.stop_above`: the
---path ends at its first step rated above it (solved false).
---@param opts? sudoku.LogicOptions|{ms?: number, stop_above?: number}
---@return boolean|"running" solved
---@return number rating
---@return string? hardest
---@return table<string, integer> counts
function Pencil:rate(opts) end

---The board's solutions when the pencil was made: 0, 1, 2 (two or more), or nil (not counted).
---@return integer?
function Pencil:solutions() end

core.Pencil = Pencil

---@param board sudoku.Board
---@param marks? table<integer, integer[]>
---@param opts? {assume_unique?: boolean}
---@return sudoku.Pencil? pencil
---@return string? message
function core.pencil(board, marks, opts) end

---@return {name: string, title: string, rating: number, se: boolean}[]
function core.logic_techniques() end

---Options of rate_many.
---@class sudoku.RateOptions: sudoku.LogicOptions
---@field threads? integer
---@field max_nodes? integer
---@field timeout? number
---@field check? boolean

---@param text string
---@param opts? sudoku.RateOptions
---@return table<integer, number|false> ratings
---@return table stats
---@return table<integer, string|false> hardest
---@return table<integer, table> faults
function core.rate_many(text, opts) end

return core
