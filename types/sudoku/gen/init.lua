---@meta sudoku.gen
-- LuaLS type stubs of sudoku.gen.

---@class sudoku.GenOptions
---@field seed integer 0..2^53 - 1
---@field size? integer
---@field box? integer[]
---@field board? sudoku.Board
---@field constraint? fun(board: sudoku.Board, r: integer, c: integer, v: integer): any
---@field different? sudoku.Cell[][]
---@field timeout? number seconds

---@class sudoku.PuzzleOptions: sudoku.GenOptions
---@field symmetry? "none"|"rotational"|"90"|"horizontal"|"vertical"|"diagonal"|"antidiagonal"|"dihedral"
---@field minimal? boolean
---@field clues? integer
---@field max_nodes? integer
---@field attempts? integer
---@field rating? {min: number?, max: number?}
---@field level? "easy"|"medium"|"hard"|"expert"|"extreme"
---@field techniques? {required: string[]?, allowed: string[]?}
---@field variant? "killer"|"thermo"|"kropki"|"xv"|"arrow"|"x"|"windoku"|"jigsaw"

---An equivalence transform: new cell (r, c) holds values[old value at (rows[r], columns[c])],
---r and c swapped first when transposed.
---@class sudoku.Transform
---@field values integer[]
---@field rows integer[]
---@field columns integer[]
---@field transposed boolean

---@class sudoku.PuzzleInfo
---@field clues integer
---@field attempts integer
---@field reached boolean
---@field rating? number
---@field hardest? string
---@field variant? string the variant of a `variant` puzzle
---@field constraints? table its rules in the variants schema (`cages`, `thermos`, ...), for json
---@field regions? sudoku.Cell[][] its windoku windows or jigsaw regions
---@field record? table the puzzle as a flat record of the schema, for `sudoku.variant.board`

---@class sudoku.gen
local gen = {}

---@param opts sudoku.GenOptions
---@return sudoku.Board?
---@return string? message
function gen.solution(opts) end

---@param opts sudoku.PuzzleOptions
---@return sudoku.Board? puzzle
---@return sudoku.Board|string solution_or_message
---@return sudoku.PuzzleInfo? info
function gen.puzzle(opts) end

---@param board sudoku.Board
---@param seed integer
---@return sudoku.Board
---@return sudoku.Transform
function gen.transform(board, seed) end

---A puzzle made a slice at a time (gen.generator).
---@class sudoku.Generator
local Generator = {} -- luacheck: ignore 241 (a class of stubs: only its methods are read)

---@param budget? {ms: number}
---@return "running"|"done"
function Generator:step(budget) end

---@return sudoku.Board? puzzle
---@return sudoku.Board|string solution_or_message
---@return sudoku.PuzzleInfo? info
function Generator:result() end

---@return "running"|"done"
function Generator:status() end

---@param opts sudoku.PuzzleOptions
---@return sudoku.Generator
function gen.generator(opts) end

---@return sudoku.CanonSet
function gen.canonical_set() end

---@param x sudoku.Board|string a 9x9 puzzle: a Board with 3x3 boxes and nothing else, or 81 symbols
---@return sudoku.Board|string? form the canonical form, of the kind given
---@return sudoku.Transform|string transform_or_message
function gen.canonical(x) end

return gen
