---@meta sudoku.variant
-- LuaLS type stubs of sudoku.variant (lua/sudoku/variant/init.lua).

---One decoded record of the shared variants schema (../shared/data/variants/README.md); JSON
---null may be nil or the decoder's null value.
---@class sudoku.VariantRecord
---@field id? string named in messages
---@field size integer N
---@field box? integer[]|nil {rows, cols}; null: a jigsaw (the first N regions)
---@field givens? string N*N symbols, "." blank
---@field regions? sudoku.Cell[][]
---@field diagonals? ("main"|"anti")[]
---@field cages? {sum: integer?, cells: sudoku.Cell[]}[]
---@field thermos? sudoku.Cell[][]
---@field kropki_white? sudoku.Cell[][]
---@field kropki_black? sudoku.Cell[][]
---@field kropki_negative? boolean
---@field consecutive_negative? boolean
---@field xv? {type: "X"|"V", cells: sudoku.Cell[]}[]
---@field xv_negative? boolean
---@field odd? sudoku.Cell[]
---@field even? sudoku.Cell[]
---@field antiknight? boolean
---@field antiking? boolean
---@field nonconsecutive? boolean
---@field ratio_negative? boolean
---@field arrows? {circle: sudoku.Cell, lines: sudoku.Cell[][]}[]
---@field little_killers? {sum: integer, clue: integer[], direction: "DR"|"DL"|"UR"|"UL"}[]
---@field whispers? sudoku.Cell[][]
---@field renbans? sudoku.Cell[][]
---@field palindromes? sudoku.Cell[][]
---@field sandwiches? {row: integer?, column: integer?, sum: integer}[]
---@field variants? string[]

---@class sudoku.variant
---@field KEYS table<string, string> schema key -> the family that reads it
local variant = {}

---The board of a variant record, with its regions, givens and rules.
---@param record sudoku.VariantRecord
---@return sudoku.Board? board
---@return string? message names the record's id and what is wrong
function variant.board(record) end

---Sets up an empty board of the record's shape: regions, givens, then a rule per constraint.
---@param board sudoku.Board
---@param record sudoku.VariantRecord the rule keys (and box: null for a jigsaw)
---@param givens? string N*N symbols to place once the regions are set
---@return true? ok
---@return string? message the JSON path of what is wrong
function variant.apply(board, record, givens) end

---The board's rules less those the constraints set up (what a writer must still write).
---@param board sudoku.Board
---@param constraints? table the rule keys
---@return sudoku.RuleSpec[] rules
function variant.extra_rules(board, constraints) end

---The rules a record sets, as Board:add_rule takes them, without a board.
---@param record sudoku.VariantRecord
---@return sudoku.RuleSpec[]? rules
---@return string? message
function variant.rules(record) end

return variant
