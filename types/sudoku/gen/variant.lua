---@meta sudoku.gen.variant
-- LuaLS type stubs of sudoku.gen.variant (gen.puzzle's opts.variant; internal).

---@class sudoku.gen.variant
local variant = {}

---The variants gen.puzzle makes: killer, thermo, kropki, xv, arrow, x, windoku, jigsaw.
---@type string[]
variant.NAMES = {}

---What is wrong with the variant options of gen.puzzle's `opts` (the argument error's text), or
---nil with the board's size and box (nil for a jigsaw).
---@param opts sudoku.PuzzleOptions
---@param prefix? string what goes before an option's name: "opts." (default), the command's "--"
---@return string? problem
---@return integer? size
---@return integer[]? box
function variant.problem(opts, prefix) end

---@param opts sudoku.PuzzleOptions
---@param gen sudoku.gen
---@return sudoku.Board? puzzle
---@return sudoku.Board|string solution_or_message
---@return sudoku.PuzzleInfo? info
function variant.puzzle(opts, gen) end

return variant
