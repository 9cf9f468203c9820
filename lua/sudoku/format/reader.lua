-- What the streaming readers share: how a failure is reported, and the two ways a file splits
-- into records (one per line, or blocks of rows). Every failure names the record's number and
-- the line (and column when one character is to blame) in the whole input, so a message from
-- the millionth record of a file points into that file.
local record = require "sudoku.format.record"
local rule = require "sudoku.format.rule"
local fault = require "sudoku.format.fault"

local reader = {}

-- A failed record as the iterators give it: false, the message, and where it is: the fault
-- (sudoku.format.fault), which says what is wrong as data. `what` is the fault's kind and
-- fields (a string: a format's own reason).
function reader.fail(index, line, column, what)
  local f = type(what) == "table" and fault.new(what.kind, what) or { kind = "record", reason = what }
  f.record, f.line, f.column = index, line, column
  return false, fault.message(f), f
end

-- The same with a format's own words for what is wrong.
function reader.failure(index, line, column, message)
  return reader.fail(index, line, column, message)
end

-- A failure from sudoku.parse's fault, whose line and column count within the text it was
-- given: lines[l] is that line's number in the input and shift[l] how many bytes were cut from
-- its start.
function reader.parse_failure(index, f, lines, shift)
  local copy = fault.new(f.kind, f)
  local l = f.line
  if l and f.column then
    return reader.fail(index, lines[l] or lines[1], f.column + ((shift and shift[l]) or 0), copy)
  end
  copy.column = nil
  return reader.fail(index, lines[1], nil, copy)
end

-- Parses `text` into a record with the input's line numbers in any error. The parser (and with
-- it the board and the core) is loaded at the first record parsed, not with the reader: format
-- detection and the title check use only the reader's line tests, and a plain puzzle list
-- goes to the core's line reader without it (sudoku.cli.pipeline).
local parse
function reader.parse(text, opts, index, lines, shift)
  parse = parse or require "sudoku.format.parse"
  local size = opts and tonumber(opts.size)
  local board, _, f = parse.read(text, opts and (size or opts.box) and
    { size = size, box = opts.box } or nil)
  if not board then return reader.parse_failure(index, f, lines, shift) end
  return record.new(board, { line = lines[1], index = index })
end

local function is_blank(line)
  return line:find("%S") == nil
end

local function is_comment(line)
  return line:match("^%s*#") ~= nil
end

-- The record rule's tests of a line (sudoku.format.rule): no record, a title's word.
reader.is_skipped = rule.is_skipped
reader.has_word = rule.has_word

-- Titles. Files in the wild put a line of words before their puzzles: Project Euler 96 a
-- "Grid 01" line before each grid, the forum's HardestDatabase a "HardestDatabase110626" line
-- at the top of a puzzle list. A title is no puzzle, but it is not garbage either: readers keep
-- it in the record's meta (a grid's as meta.name, a list's as its first record's meta.title).
-- To keep a broken puzzle from passing for one, a title must start with a word (three letters
-- or more, one of them lowercase, which no puzzle of up to 35 values writes) and must not fit as
-- the row or puzzle that follows it: a truly malformed line stays an error.

-- Whether `line`, before the first row of a grid, is the grid's title: `row` is the line right
-- after it, which must be a row of a different number of cells.
function reader.is_grid_title(line, row)
  if not row or is_blank(line) or is_comment(line) or reader.is_rule(line) then return false end
  if line:find("^%s*%[") or not reader.has_word(line) then return false end
  if is_blank(row) or is_comment(row) or reader.is_rule(row) then return false end
  return reader.cells_in(line) ~= reader.cells_in(row)
end

-- The puzzle of a one-line record: the text before whitespace, ',', ';' or '#'.
function reader.puzzle_of(line)
  return (rule.puzzle(line)) or ""
end

-- N when `puzzle` is N*N cells of an NxN board (symbols up to N, blanks), else nil.
reader.line_size = rule.line_size

-- Whether `line`, the first of a puzzle list, is the list's title (sudoku.format.rule).
reader.is_list_title = rule.is_list_title

-- How many lines after the first one the search for a title's puzzle looks at.
local TITLE_LOOKAHEAD = 80

-- When the first line of `src` that is neither blank nor a comment is a list's title (see
-- is_list_title), takes the lines up to it and returns it and its line number; else leaves the
-- source as it was and returns nil.
function reader.take_title(src)
  local lines, first = src:lookahead(TITLE_LOOKAHEAD, reader.is_skipped)
  if not first then return nil end
  local after
  for i = first + 1, #lines do
    if not reader.is_skipped(lines[i]) then after = lines[i] break end
  end
  if not reader.is_list_title(lines[first], after) then return nil end
  local title, lineno
  repeat
    title, lineno = src:next()
  until not reader.is_skipped(title)
  return title, lineno
end

-- One record per line: blank lines and lines starting with '#' are skipped. read_one(line,
-- lineno, index) gives the record, or false, message, where (see failure()). With `titled`, a
-- title line at the top of the input (see take_title) is kept as the first record's meta.title.
-- header(line), when given, is asked of each record line and passes over those it says are a
-- header (a delimited file's, see sudoku.format.rule.first_record).
function reader.each_line(src, read_one, titled, header)
  local index = 0
  local title = titled
  return function()
    if title == true then title = reader.take_title(src) end
    while true do
      local line, lineno = src:next()
      if line == nil then return nil end
      if not is_blank(line) and not is_comment(line) and not (header and header(line)) then
        index = index + 1
        local rec, err, where = read_one(line, lineno, index)
        if title and rec then
          rec.meta = rec.meta or {}
          rec.meta.title = title:match("^%s*(.-)%s*$")
        end
        title = nil
        return rec, err, where
      end
    end
  end
end

-- A rule line draws a border and holds no cell: only '-', '=', '+', '|', '*' and spaces, with a
-- '-' or '='. ('*' is a blank cell elsewhere, but Simple Sudoku draws its corners with it.)
function reader.is_rule(line)
  return line:find("[-=]") ~= nil and line:find("^[-=+|*%s]+$") ~= nil
end

-- The cells one row line holds: tokens when it writes numbers of two digits, else the cell
-- characters (symbols and blanks).
function reader.cells_in(line)
  if line:find("%d%d") and line:find("%s") then
    local count = 0
    for _ in line:gmatch("[^%s|+]+") do count = count + 1 end
    return count
  end
  local stripped = line:gsub("[%s|+%-]", "")
  return #stripped
end

-- Blocks of rows: a record is the lines up to a blank line, or up to the row that completes a
-- square grid (as many rows as the first row has cells), so grids may follow one another with
-- or without blank lines between them. '#' lines before the first row are the block's header
-- (sdk keeps them as metadata); skip_line(line) may drop more lines (a format's own headers).
-- A title line right before the first row (is_grid_title: "Grid 01") is the block's title, and
-- a title line after rows ends the block, as a comment does.
-- read_block(block, index) gets {rows = {text...}, lines = {lineno...}, header = {{text,
-- lineno}...}, title = {text, lineno} or nil} with rule lines kept (as rows) for the box
-- shape, and returns what each_line's read_one does.
function reader.blocks(src, read_block, skip_line)
  local index = 0
  return function()
    local block = { rows = {}, lines = {}, header = {} }
    local width, count = nil, 0
    while true do
      local line, lineno = src:next()
      if line == nil then break end
      if is_blank(line) then
        if #block.rows > 0 then break end
      elseif skip_line and skip_line(line) then
        if #block.rows > 0 then src:back(line); break end
        block.header[#block.header + 1] = { line, lineno }
      elseif is_comment(line) then
        if #block.rows > 0 then src:back(line); break end
        block.header[#block.header + 1] = { line, lineno }
      elseif reader.has_word(line) and (#block.rows > 0 or not block.title)
          and reader.is_grid_title(line, src:peek()) then
        if #block.rows > 0 then src:back(line); break end
        block.title = { line:match("^%s*(.-)%s*$"), lineno }
      else
        block.rows[#block.rows + 1] = line
        block.lines[#block.lines + 1] = lineno
        if not reader.is_rule(line) then
          count = count + 1
          width = width or reader.cells_in(line)
        end
        -- A closing border line (ss prints one) belongs to the grid it closes.
        if width and count >= width then
          local after = src:peek()
          if after and reader.is_rule(after) then
            local border, border_line = src:next()
            block.rows[#block.rows + 1] = border
            block.lines[#block.lines + 1] = border_line
          end
          break
        end
      end
    end
    -- (A title is only taken with a row after it, so a block with a title has rows.)
    if #block.rows == 0 then return nil end
    index = index + 1
    local rec, err, where = read_block(block, index)
    if rec and block.title then
      rec.meta = rec.meta or {}
      rec.meta.name = block.title[1]
      rec.line = math.min(rec.line or block.title[2], block.title[2])
    end
    return rec, err, where
  end
end

-- The line a writer puts before a grid of `n` cells a row for the record's meta.name: the name
-- when it reads back as the grid's title (see is_grid_title), else nil (the name is left out).
function reader.title_line(rec, n)
  local name = rec.meta and rec.meta.name
  if type(name) ~= "string" or name:find("[\r\n]") then return nil end
  name = name:match("^%s*(.-)%s*$")
  if not reader.is_grid_title(name, ("1"):rep(n)) then return nil end
  return name
end

-- The text sudoku.parse reads for a block: rule lines become a plain "-" so that no '*' corner
-- reads as a cell, and the box shape they draw is still seen.
function reader.block_text(block)
  local parts = {}
  for i, row in ipairs(block.rows) do
    parts[i] = reader.is_rule(row) and "-" or row
  end
  return table.concat(parts, "\n")
end

return reader
