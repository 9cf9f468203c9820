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

---A family's f-puzzles names, their reader, and the writer of its schema keys.
---@class sudoku.VariantFpuzzles
---@field NAMES string[] the f-puzzles keys it reads
---@field NEGATIVES? table<string, string> names of f-puzzles' "negative" list -> its flag
---@field read fun(kit: table) adds its keys to the flat record being read (kit.out)
---@field write fun(constraints: table, kit: table): true?, string? its entries, or why not

---A family's drawing in the svg format.
---@class sudoku.VariantSvg
---@field DEPTH number its place bottom to top; the grid lines lie at 50
---@field CROSSES? boolean its shapes cross cells (a cage's sum gets a patch over them)
---@field OUTSIDE? boolean its clues lie outside the grid (the picture gets a margin)
---@field looks fun(kit: table): table[] the looks of its CSS classes
---@field draw fun(pen: table, rules: table) draws its layers

---A family module (sudoku.variant.<name>): the one place that declares its rule kinds.
---@class sudoku.VariantFamily
---@field KEYS string[] the schema keys it reads
---@field HOLDS table<string, string> what each key holds (docs/FORMATS.md, "Variant rules")
---@field VARIANTS string[] the names of the schema's "variants" list it covers
---@field apply fun(board: sudoku.Board, record: table): true?, sudoku.VariantFault? its rules; its check
---@field fpuzzles sudoku.VariantFpuzzles
---@field svg sudoku.VariantSvg|false false: it draws nothing

---What is wrong with a record's rule keys, as data (variant.message words it).
---@class sudoku.VariantFault
---@field kind "bad_variant"
---@field key? string the top-level key it is under (absent: the record itself)
---@field path? string the JSON path of what is wrong ("cages[3].sum")
---@field reason string what is wrong there

---@class sudoku.variant
---@field KEYS table<string, string> schema key -> the family that reads it
---@field FAMILIES sudoku.VariantFamily[] the family modules, in the order apply runs them
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
---@return sudoku.VariantFault? fault
function variant.apply(board, record, givens) end

---The board's rules less those the constraints set up (what a writer must still write).
---@param board sudoku.Board
---@param constraints? table the rule keys
---@return sudoku.RuleSpec[] rules
function variant.extra_rules(board, constraints) end

---Checks a record's rule keys for a board of side n as apply does, without a board.
---@param constraints table the rule keys
---@param n integer the side of the board
---@return true? ok
---@return sudoku.VariantFault? fault as apply's
function variant.check(constraints, n) end

---The words of a fault of apply or check: "<path>: <reason>", the path under parent if given.
---@param f sudoku.VariantFault
---@param parent? string "constraints" for a reader's constraints object
---@return string
function variant.message(f, parent) end

---The rules a record sets, as Board:add_rule takes them, without a board.
---@param record sudoku.VariantRecord
---@return sudoku.RuleSpec[]? rules
---@return string? message
function variant.rules(record) end

return variant
