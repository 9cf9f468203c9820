---@meta sudoku.records
-- LuaLS type stubs of sudoku.records.

---@class sudoku.records
local records = {}

---@param rec sudoku.Record
---@return string?
function records.unsearchable(rec) end

---@param rec sudoku.Record
---@param board sudoku.Board
---@return sudoku.Record
function records.solution(rec, board) end

---@param rec sudoku.Record
---@param limits? sudoku.Budgets
---@return sudoku.Record?
---@return string? message
function records.solve(rec, limits) end

---@param rec sudoku.Record
---@param answer string
---@return sudoku.Record
function records.answered(rec, answer) end

---@param rec sudoku.Record
---@param limit? integer
---@param limits? sudoku.Budgets
---@return integer?
---@return string? message
function records.count(rec, limit, limits) end

---@param rec sudoku.Record
---@param limits? sudoku.Budgets
---@return "unique"|"multiple"|"none"|"malformed"|"unknown"
---@return string? why
function records.verdict(rec, limits) end

---@param rec sudoku.Record
---@return boolean
function records.batchable(rec) end

---@param text string
---@param box? integer[]
---@return boolean
function records.batch_reads_line(text, box) end

---@param texts string[]
---@param opts? sudoku.BatchOptions
---@param box? integer[]
---@return table<integer, string|integer|false> answers
---@return table<integer, string> errors
function records.solve_lines(texts, opts, box) end

---@param text string whole lines
---@param mode "solve"|"count"|"verdict"|"canon"|"canon_record"
---@param opts? sudoku.BlockOptions
---@return string out
---@return sudoku.BlockNote[] notes
---@return {lines: integer, records: integer, interrupted: boolean, guesses: integer} info
function records.solve_block(text, mode, opts) end

---@param list sudoku.Record[]
---@param opts? sudoku.BatchOptions
---@return table<integer, string|integer|false> answers
---@return table<integer, string> errors
function records.solve_many(list, opts) end

---@param texts string[]
---@param opts? sudoku.RateOptions
---@param box? integer[]
---@return table<integer, {rating: number, hardest: string?}|false> answers
---@return table<integer, string> errors
function records.rate_lines(texts, opts, box) end

---@param list table[]
---@param opts? sudoku.RateOptions
---@return table<integer, {rating: number, hardest: string?}|false> answers
---@return table<integer, string> errors
function records.rate_many(list, opts) end

---@param rec sudoku.Record
---@param limits? sudoku.Budgets
---@return string? why nil when the record has exactly one solution
function records.refusal(rec, limits) end

---@param rec sudoku.Record
---@param opts? sudoku.RateOptions
---@return {rating: number, hardest: string?, counts: table<string, integer>}? rating
---@return string? message
function records.rate(rec, opts) end

---@param rec sudoku.Record
---@return string? form 81 symbols
---@return string? message
function records.canonical(rec) end

return records
