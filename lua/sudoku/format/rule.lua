-- The record rule: how the text of a puzzle list splits into records, declared once for every
-- door that reads one (the `sudoku` command's line mode, `sudoku.solve_many`, `sudoku.records`,
-- the `format.*` readers through `sudoku.format.source`, and the lab). The C core's reader of
-- lines takes its tables from this same declaration: `mk/gen_rule.lua` writes
-- `csrc/text/rule_table.h` from it (and `make` writes it again whenever this file or
-- `sudoku.symbols` changes), so the bytes below are written here and nowhere else.
--
-- - Line ends: `"\r\n"`, `"\n"` and `"\r"` each end a line (old Mac files end lines with `"\r"`
--   alone; a file may mix the three); `"\r\n"` is one end.
-- - A UTF-8 byte order mark at the start is no part of the first line; UTF-16 text (a UTF-16
--   byte order mark, or a NUL in every other byte of its start) is refused as such.
-- - A line that is blank (only spaces) or whose first non-space character is `#` is no record.
-- - Any other line is one record: its puzzle is the text from its first non-space character up
--   to the next space or separator (`,`, `;`, `#`); what follows is the record's comment, and
--   the text between them its separator.
-- - A title: the first line that is neither blank nor a comment, when the next such line is a
--   puzzle of N*N cells and the title's first word (three letters or more, one of them
--   lowercase) holds a character that is no cell of an NxN board, and it is not itself N*N
--   characters long (a puzzle line of the right length with a bad character is an error, never
--   a title).
-- - The board size: the first record whose puzzle is N*N characters long fixes N for the whole
--   file; a record of another length is an error naming both (unless mixed sizes are asked for).
-- - Cells: the alphabet of `sudoku.symbols`.
local symbols = require "sudoku.symbols"

local rule = {}

local byte, find, match, sub = string.byte, string.find, string.match, string.sub

--- The line ends, longest first: each ends a line, `"\r\n"` as one.
rule.LINE_ENDS = { "\r\n", "\n", "\r" }
--- The spaces (what C's `isspace` means in the "C" locale, and Lua's `%s`): around a puzzle,
-- and the only other bytes of a blank line. The line ends are among them.
rule.SPACES = " \t\v\f\r\n"
--- What starts a comment line (after spaces), and ends a puzzle.
rule.COMMENT = "#"
--- What ends a puzzle besides a space: the rest of the line is its comment.
rule.SEPARATORS = ",;#"
--- A UTF-8 byte order mark, dropped from the start of the text.
rule.BOM = "\239\187\191"
--- The byte order marks of UTF-16 text (little-endian, big-endian), which is refused.
rule.UTF16_BOMS = { "\255\254", "\254\255" }
--- The alphabet of the cells (`sudoku.symbols`).
rule.ALPHABET, rule.BLANKS, rule.FOLD_LIMIT = symbols.ALPHABET, symbols.BLANKS,
  symbols.FOLD_LIMIT
--- The first word of a title: three letters or more, one of them lowercase.
rule.TITLE_WORD_LETTERS = 3

local function class(chars)
  return (chars:gsub("[%]%%%-%^]", "%%%0"))
end

local SPACE = "[" .. class(rule.SPACES) .. "]"
local NOT_SPACE = "[^" .. class(rule.SPACES) .. "]"
local ENDS_PUZZLE = class(rule.SPACES .. rule.SEPARATORS)
local PUZZLE = "^[^" .. ENDS_PUZZLE .. "]*"
local LEAD = "^" .. SPACE .. "*()"
local SPLIT = "^(" .. SPACE .. "*)([^" .. ENDS_PUZZLE .. "]*)(.*)$"
local REST = "^(" .. SPACE .. "*[" .. class(rule.SEPARATORS) .. "]?" .. SPACE .. "*)(.-)"
  .. SPACE .. "*$"
local LINE_END = "[\r\n]"
local COMMENT_BYTE = byte(rule.COMMENT)

--- Whether `line` (without its end) is no record: blank, or a comment.
-- @string line
-- @treturn boolean
function rule.is_skipped(line)
  local lead = match(line, LEAD)
  local b = byte(line, lead)
  return b == nil or b == COMMENT_BYTE
end

--- The puzzle of a record's line and where it starts; nil for a line that is no record.
-- @string line
-- @treturn string|nil the puzzle (empty when a separator comes first)
-- @treturn int the index of its first byte in `line`
function rule.puzzle(line)
  local lead = match(line, LEAD)
  local b = byte(line, lead)
  if b == nil or b == COMMENT_BYTE then return nil end
  return match(line, PUZZLE, lead), lead
end

--- A record's line in its parts: the spaces before the puzzle, the puzzle, the separator
-- (spaces around at most one of `,;#`; nil without a comment) and the comment (nil when none:
-- trailing spaces are no comment).
-- @string line
-- @treturn string lead
-- @treturn string puzzle
-- @treturn string|nil separator
-- @treturn string|nil comment
function rule.split(line)
  local lead, puzzle, rest = match(line, SPLIT)
  local sep, comment = match(rest, REST)
  if comment == "" then sep, comment = nil, nil end
  return lead, puzzle, sep, comment
end

--- Where the line that starts at `pos` of `text` ends: the index after its last byte, and where
-- the next line starts (beyond `#text` at the end). A `"\r"` that is the last byte of `text`
-- may be the first half of a `"\r\n"`: the third result says so (true), for a reader of blocks
-- to drop a `"\n"` that starts the next one.
-- @string text
-- @int pos
-- @treturn int the end (exclusive)
-- @treturn int the next line's start
-- @treturn boolean whether the line ended at a `"\r"` that is `text`'s last byte
function rule.line_end(text, pos)
  local e = find(text, LINE_END, pos)
  if not e then return #text + 1, #text + 1, false end
  if byte(text, e) == 13 then
    local after = byte(text, e + 1)
    if after == 10 then return e, e + 2, false end
    return e, e + 1, after == nil
  end
  return e, e + 1, false
end

--- The lines of `text` (a line source's puller: each call the next line without its end, nil
-- after the last; a final line end starts no line).
-- @string text
-- @treturn function
function rule.lines(text)
  local pos, len = 1, #text
  return function()
    if pos > len then return nil end
    local e, nxt = rule.line_end(text, pos)
    local line = sub(text, pos, e - 1)
    pos = nxt
    return line
  end
end

--- The index of the last byte of the last line end within `text[from .. stop]` (a `"\r\n"`
-- taken whole, also when its `"\n"` is just past `stop`), or nil when there is none: where to
-- cut a text into pieces of whole lines.
-- @string text
-- @int stop
-- @int[opt=1] from
-- @treturn int|nil
function rule.last_end(text, stop, from)
  from = from or 1
  local i = stop
  while i >= from do
    local b = byte(text, i)
    if b == 10 then return i end
    if b == 13 then
      if byte(text, i + 1) == 10 then return i + 1 end
      return i
    end
    i = i - 1
  end
  return nil
end

--- Whether the start of a text (its first bytes) is UTF-16: a UTF-16 byte order mark, or a NUL
-- in every other byte of its first four.
-- @string head
-- @treturn boolean
function rule.is_utf16(head)
  for _, bom in ipairs(rule.UTF16_BOMS) do
    if sub(head, 1, #bom) == bom then return true end
  end
  if #head < 4 then return false end
  local a, b, c, d = byte(head, 1, 4)
  return (a == 0 and c == 0 and b ~= 0 and d ~= 0) or (b == 0 and d == 0 and a ~= 0 and c ~= 0)
end

-- Byte -> value tables for sizes 1..symbols.MAX, made when first needed.
local value_tables = {}
local function values_of(n)
  local t = value_tables[n]
  if not t then
    t = {}
    for b = 0, 255 do t[b] = symbols.value(string.char(b), n) end
    value_tables[n] = t
  end
  return t
end
rule.values_of = values_of

--- The index of the first character of `text` that is no cell of an NxN board, or nil.
-- @string text
-- @int n
-- @treturn int|nil
function rule.bad_cell(text, n)
  local value = values_of(n)
  for i = 1, #text do
    if not value[byte(text, i)] then return i end
  end
  return nil
end

--- The side N of a board of `count` cells (N*N, 1 <= N <= 64), or nil.
-- @int count
-- @treturn int|nil
function rule.side_of(count)
  local n = math.floor(math.sqrt(count) + 0.5)
  if n >= 1 and n <= symbols.MAX and n * n == count then return n end
  return nil
end

--- N when `puzzle` is N*N cells of an NxN board (symbols up to N, blanks), else nil.
-- @string puzzle
-- @treturn int|nil
function rule.line_size(puzzle)
  local n = rule.side_of(#puzzle)
  if not n or rule.bad_cell(puzzle, n) then return nil end
  return n
end

--- Whether `line` starts with a title's word (three letters or more, one lowercase: no puzzle
-- of up to 35 values writes one).
-- @string line
-- @treturn boolean
function rule.has_word(line)
  local word = match(line, "^" .. SPACE .. "*(%a%a%a+)")
  return word ~= nil and #word >= rule.TITLE_WORD_LETTERS and find(word, "%l") ~= nil
end

--- Whether `line`, the first record line of a list, is the list's title: `after` is the next
-- line that is no blank or comment, which must be a puzzle of N*N cells, while the title's first
-- word holds a character that is no cell of an NxN board and the title is not N*N characters
-- long (a puzzle of the list's length with a bad character is a damaged puzzle).
-- @string line
-- @string[opt] after
-- @treturn boolean
function rule.is_list_title(line, after)
  if not after or rule.is_skipped(line) or rule.is_skipped(after) then return false end
  local n = rule.line_size((rule.puzzle(after)))
  local word = rule.puzzle(line)
  if not n or #word == n * n or not rule.has_word(word) or rule.line_size(word) then
    return false
  end
  return rule.bad_cell(word, n) ~= nil
end

-- Fields of a delimited line: runs of bytes that are no space, ',' or ';' ('#' starts a
-- comment, which ends the fields).
local FIELD = "[^" .. class(rule.SPACES) .. ",;#]+"

--- The fields of a record's line (an `id,puzzle,solution` CSV line, a Sudoku Exchange line
-- `id puzzle rating`): its runs of bytes between spaces, `,` and `;`, up to a `#`.
-- @string line
-- @treturn {string,...}
function rule.fields(line)
  local list = {}
  local text = match(line, "^[^#]*")
  for field in text:gmatch(FIELD) do list[#list + 1] = field end
  return list
end

--- The puzzle of a record's line in column `column` (1 is the first field), or nil and the
-- number of fields when the line has fewer; nil for a line that is no record.
-- @string line
-- @int column
-- @treturn string|nil
-- @treturn int|nil
function rule.field(line, column)
  if rule.is_skipped(line) then return nil end
  local list = rule.fields(line)
  if list[column] then return list[column] end
  return nil, #list
end

--- The column of the puzzle when `line` is a delimited line whose first field is no puzzle
-- (an id) and a later one is: a Sudoku Exchange line (`id puzzle rating`), an
-- `id,puzzle,solution` CSV line; else nil. A puzzle here is N*N cells with N of 4 or more.
-- @string line
-- @treturn int|nil
function rule.layout_column(line)
  local fields = rule.fields(line)
  if #fields < 2 then return nil end
  local n = rule.line_size(fields[1])
  if n and n >= 4 then return nil end
  for k = 2, #fields do
    n = rule.line_size(fields[k])
    if n and n >= 4 then return k end
  end
  return nil
end

--- Whether `line` is a header of a delimited file: two fields or more, each a name.
-- @string line
-- @treturn boolean
function rule.is_header(line)
  local fields = rule.fields(line)
  if #fields < 2 then return false end
  for _, field in ipairs(fields) do
    if not field:match("^%a[%w_%-]*$") then return false end
  end
  return true
end

--- Settles the column of a file's puzzles at its first record line, in `state` (a table the
-- reader keeps for the file): `state.column` is a column's number or a header's name asked for
-- (nil: none), and becomes the puzzle's column (2 for a Sudoku Exchange line or an
-- `id,puzzle,...` line, see layout_column; nil for plain puzzle lines); `state.missing` is
-- the name asked for when the header lacks it. Returns true when `line` is a header, which is
-- no record (a header line of names before an `id,puzzle` layout, or the line naming the
-- column asked for).
-- @tparam table state
-- @string line a record line (no blank or comment line)
-- @treturn boolean
function rule.first_record(state, line)
  if state.first_seen then return false end
  state.first_seen = true
  local fields = rule.fields(line)
  if type(state.column) == "string" then
    for i, name in ipairs(fields) do
      if name == state.column then
        state.column = i
        return true
      end
    end
    state.missing = state.column
    return false
  elseif state.column then
    local field = fields[state.column]
    return field ~= nil and rule.has_word(field) and not rule.line_size(field)
  end
  state.column = rule.layout_column(line)
  if not state.column and not state.header_seen and rule.is_header(line) then
    -- The next line tells the layout.
    state.header_seen, state.first_seen = true, false
    return true
  end
  return false
end

--- The non-space pattern (for readers that look for the first character of a line).
rule.NOT_SPACE = NOT_SPACE

return rule
