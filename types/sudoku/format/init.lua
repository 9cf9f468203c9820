---@meta sudoku.format
-- LuaLS type stubs of sudoku.format (docs/FORMATS.md).

---A record: what every format reads into and writes from.
---@class sudoku.Record
---@field board sudoku.Board
---@field givens? table<integer, true>
---@field candidates? table<integer, integer[]>
---@field constraints? table
---@field comment? string
---@field separator? string
---@field meta? table<string, any>
---@field line? integer
---@field index? integer

---Where a record that could not be read is.
---@class sudoku.Where
---@field record? integer
---@field line? integer
---@field column? integer
---@field bytes? integer

---A step of a records iterator: a record, or false, a message and where; nil at the end.
---@alias sudoku.RecordIterator fun(): (sudoku.Record|false|nil), string?, sudoku.Where?

---The fields every format module has.
---@class sudoku.FormatModule
---@field name string
---@field summary string
---@field separator string
---@field keeps_box? boolean
---@field keeps_rules? boolean
---@field write_only? boolean
---@field read_only? boolean
---@field records? fun(src: table, opts: table): sudoku.RecordIterator
---@field write fun(rec: sudoku.Record, opts: table): string

---@class sudoku.format
local format = {}

---@type string[]
format.NAMES = {}
---@type string[]
format.READ_NAMES = {}

---@param name string
---@return sudoku.FormatModule?
---@return string? message
function format.get(name) end

---@param input string|file*|table
---@return string? name
---@return string? message
function format.detect(input) end

---@param input string|file*|function|table
---@param name? string
---@param opts? table
---@return sudoku.RecordIterator
function format.records(input, name, opts) end

---@param path string
---@param name? string
---@param opts? table
---@return sudoku.RecordIterator?
---@return string? message
function format.open(path, name, opts) end

---@param input string|file*|table
---@param name? string
---@param opts? table
---@return sudoku.Record?
---@return string? message
function format.read(input, name, opts) end

---@param x sudoku.Board|sudoku.Record
---@param name string
---@param opts? table
---@return string
function format.write(x, name, opts) end

---@param board sudoku.Board
---@return string
function format.line(board) end

---@param board sudoku.Board
---@return string
function format.grid(board) end

return format
