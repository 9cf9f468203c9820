-- Tells which format a text is in from its first lines, for readers called without a format
-- name. Each rule looks for what only one format writes; where two formats would read the same
-- lines differently the answer is nil and a message naming both, never a guess. Formats that
-- read the same text the same way (sdm and line, ss and grid for most grids) are not told
-- apart: the answer is the one whose reader takes the other's files too.
local fault = require "sudoku.format.fault"
local reader = require "sudoku.format.reader"
local rule = require "sudoku.format.rule"
local show = require "sudoku.show"
local symbols = require "sudoku.symbols"

local detect = {}

-- How many lines are looked at from the first that is neither blank nor a comment: enough for
-- a 64x64 grid with its rule lines.
local LOOKAHEAD = 80

-- Lines of a puzzle list hold at least a 4x4 board; a row of a grid is shorter than that, and
-- boards of size 2 or 3 are read as lines only when asked for (--from line).
local MIN_LINE_SIZE = 4

local function trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

local function root(m, power)
  local k = math.floor(m ^ (1 / power) + 0.5)
  for guess = k - 1, k + 1 do
    if guess >= 1 and guess ^ power == m then return guess end
  end
  return nil
end

-- Whether every byte of text is a symbol or a blank; when not, also the first other byte's place.
local function all_cells(text)
  for i = 1, #text do
    local ch = text:sub(i, i)
    if not (symbols.is_symbol(ch) or symbols.is_blank(ch)) then return false, i end
  end
  return true
end

-- Pencil marks of an n x n board: every block of n characters has, at its k-th place, the
-- symbol of k or a blank, and at least one symbol (a cell with no candidate is no position).
local function is_pencil(text, n)
  if n > symbols.MAX then return false end
  for cell = 0, n * n - 1 do
    local marks = 0
    for k = 1, n do
      local ch = text:sub(cell * n + k, cell * n + k)
      if not symbols.is_blank(ch) then
        if symbols.value(ch, n) ~= k then return false end
        marks = marks + 1
      end
    end
    if marks == 0 then return false end
  end
  return true
end

-- What a one-line puzzle of m cells is: "line" (N*N cells) or "pencil" (N*N*N marks).
local function one_line_kinds(puzzle)
  local m = #puzzle
  local kinds = {}
  local cells, bad = all_cells(puzzle)
  if not cells then return kinds, m, bad end
  local n = root(m, 2)
  if n and n >= MIN_LINE_SIZE and n <= symbols.MAX then kinds[#kinds + 1] = { "line", n } end
  -- Pencil marks win over a line: a line of pencil marks could hold value k only in the
  -- columns at place k of a block, so it would repeat a value in some column; it is no puzzle.
  local p = root(m, 3)
  if p and p >= 2 and is_pencil(puzzle, p) then return { { "pencil", p } }, m end
  return kinds, m
end

-- The rows of a grid at the top of `lines` (from `first`): their count before a blank line,
-- with rule lines left out, and the cells of the first.
local function grid_rows(lines, first)
  local width, rows = nil, {}
  for i = first, #lines do
    local line = lines[i]
    if not line:find("%S") or line:find("^%s*#") then break end
    if not reader.is_rule(line) then
      local cells = reader.cells_in(line)
      width = width or cells
      if cells ~= width then break end
      rows[#rows + 1] = line
    end
  end
  return rows, width
end

-- Which block format a grid's rows are written in.
local function block_kind(rows, lines, first)
  local spaced, barred, question = false, false, false
  for _, row in ipairs(rows) do
    local cells = trim(row)
    if cells:find("%s") then spaced = true end
    if cells:find("|", 1, true) then barred = true end
    if cells:find("?", 1, true) then question = true end
  end
  if lines[first]:find("^%s*%*%-") then return "ss" end
  if spaced then
    if question and not barred then return "hdu" end
    return "grid"
  end
  if barred then return "ss" end
  return "sdk"
end

-- The format of the text from lines[first] on (line base + first of the input), or nil, why it
-- cannot be told and, when what follows cannot change that answer (two formats fit, or the
-- text is SVG), "final".
local function classify(lines, first, base, sdk_meta)
  local text = trim(lines[first])
  local where = ("line %d"):format(base + first)

  -- A pretty-printed array puts its "[" on a line of its own.
  if text:find("^{") or text:find("^%[%s*{")
      or (text == "[" and (lines[first + 1] or ""):find("^%s*{")) then
    return "json"
  end
  if text:find("^%[%s*%[") or (text == "[" and (lines[first + 1] or ""):find("^%s*%[")) then
    return "leetcode"
  end
  if text:find("^%[%a+%]$") then return "sdk" end
  -- An f-puzzles link, or its load= text alone: LZ-string's base64 of JSON that starts with
  -- '{"' always starts "N4Ig". (A puzzle line has N*N characters; the load text seldom does.)
  if text:find("^https?://[^%s]*[?&]load=") or (text:find("^N4Ig[%w+/=%%-]*$")
      and root(#text, 2) == nil) then
    return "fpuzzles"
  end
  if text:find("^<") then
    return nil, where .. " starts with '<': SVG and XML are written, not read", "final"
  end
  -- HoDoKu's library lines, ":0000:x:<cells>:...": no other format starts a line with ':'.
  if text:find("^:[^:]*:[^:]*:") then return "hodoku" end
  -- A Sudoku Exchange line, "id puzzle rating": a list of puzzles in their second column.
  if rule.layout_column(text) then return "line" end
  -- A "puzzle,solution" line with its puzzle left out: a line to report, in no other format.
  if text:find("^[,;]") then return "line" end

  local rows, width = grid_rows(lines, first)
  local puzzle = rule.puzzle(text) or ""
  local kinds, m, bad = one_line_kinds(puzzle)
  local is_grid = width and width >= 2 and #rows >= width
  -- A puzzle line with text after it ("puzzle,0,box duplicate") is no grid row, however many
  -- words its comment has.
  if #kinds > 0 and kinds[1][1] == "line" and puzzle ~= text then return "line" end
  if is_grid and #kinds > 0 and puzzle == text and kinds[1][1] == "line" then
    -- w lines of w cells each: w puzzles of sqrt(w) x sqrt(w), or one w x w grid.
    return nil, ("ambiguous: lines %d-%d each hold %d cells, which reads as %d puzzles of "
      .. "%dx%d ('line') or as one %dx%d grid ('%s'); name the format"):format(
      base + first, base + first + width - 1, width, width, kinds[1][2], kinds[1][2], width,
      width, block_kind(rows, lines, first)), "final"
  end
  if is_grid then
    if sdk_meta then return "sdk" end
    return block_kind(rows, lines, first)
  end
  if #kinds == 1 then return kinds[1][1] end
  if width and #rows < width and #rows > 1 then
    return nil, ("%s starts a grid of %d cells a row, but only %d rows follow"):format(
      where, width, #rows)
  end
  if bad then
    -- The first line is no puzzle line because of a byte no format reads as a cell: say which.
    local column = #lines[first]:match("^%s*") + bad
    return nil, ("cannot tell the format of %s: column %d holds '%s', which is no cell symbol, "
      .. "and no grid follows it"):format(where, column, show.char(puzzle:sub(bad, bad)))
  end
  return nil, ("cannot tell the format of %s: its %d cell%s %s neither a puzzle line (N*N "
    .. "cells, N of 4 or more) nor pencil marks (N*N*N), and no grid follows it"):format(where, m,
    m == 1 and "" or "s", m == 1 and "is" or "are")
end

local BLOCK_FORMATS = { sdk = true, grid = true, ss = true }

-- The format's name, or nil, why not and (for an input with no puzzle at all) "empty".
-- Blank and '#' lines at the top are passed over however many there are; what follows them is
-- looked at for LOOKAHEAD lines.
function detect.detect(src)
  local lines, first = src:lookahead(LOOKAHEAD, reader.is_skipped)
  -- lines[i] is line base + i of the input (leading comments beyond LOOKAHEAD were passed).
  local base = src.line
  if src.utf16 then return nil, fault.reason{ kind = "utf16" } end
  if not first then return nil, "no puzzle in the input (only blank or '#' lines)", "empty" end
  local sdk_meta = false
  for i = 1, first - 1 do
    if lines[i]:find("^#[ADCBSLU]%S") then sdk_meta = true end
  end
  local name, err, final = classify(lines, first, base, sdk_meta)
  if name or final then return name, err end
  -- The first line is no puzzle. When a title ("Grid 01" before a grid, a list's name before
  -- its puzzles) or a malformed puzzle of a list, the format is told from what follows: the
  -- readers keep a title (see sudoku.format.reader) and report a malformed line as a record.
  local second
  for i = first + 1, #lines do
    if not reader.is_skipped(lines[i]) then second = i break end
  end
  if second then
    local after = classify(lines, second, base, sdk_meta)
    if after == "line" or (BLOCK_FORMATS[after] and second == first + 1
        and reader.is_grid_title(lines[first], lines[second])) then
      return after
    end
  end
  return nil, err
end

return detect
