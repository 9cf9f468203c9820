--- line: one puzzle per line, all N*N cells row by row ('.' or '0' for a blank; symbols 1-9, A-Z,
-- ... for larger boards), the form of every public puzzle list. Text after the cells (after
-- whitespace, ',', ';' or '#') is the record's comment: "puzzle,solution" lists and
-- "puzzle # rating" notes keep it, and writing puts it back with the same separator.
-- Blank lines and lines starting with '#' are skipped. A title line at the top ("Hardest
-- puzzles 2011" before the first puzzle, see sudoku.format.rule.is_list_title) is kept as the
-- first record's meta.title, not read as a puzzle. The first record fixes the board size.
-- @module sudoku.format.line
local cells = require "sudoku.format.cells"
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local rule = require "sudoku.format.rule"
local symbols = require "sudoku.symbols"
local shape = require "sudoku.shape"
local core = require "sudoku.core"

-- N for every cell count N*N of a board.
local square_root = {}
for n = 1, symbols.MAX do square_root[n * n] = n end

local line = {
  name = "line",
  summary = "one puzzle per line, N*N cells ('.' or '0' blank), optional trailing comment",
  separator = "\n",
}

-- Splits a line into its leading whitespace, the puzzle, the separator and the comment (the
-- record rule's).
local split = rule.split

-- The board of a puzzle of N*N symbols in one C call (sudoku.format.cells), or nil when the
-- text is anything else; sudoku.parse then reads it, and gives the exact message when it fails.
local function quick_board(puzzle, opts)
  local n = square_root[#puzzle]
  local size = tonumber(opts.size)
  if not n or (size and size ~= n) then return nil end
  local rows, cols
  if opts.box then
    rows, cols = opts.box[1], opts.box[2]
    if rows * cols ~= n then return nil end
  else
    rows, cols = shape.squarest(n)
  end
  local board = core.new_board(rows, cols)
  if cells.fill(board, puzzle) then return board end
  return nil
end

--- One record from one line of text (what `records` reads each line with).
-- @string text the line
-- @tparam table opts as for `records`
-- @int lineno the line's number in the input
-- @int index the record's number in the input
-- @treturn table|false the record, or `false, message, where`
function line.read_line(text, opts, lineno, index)
  local lead, puzzle, sep, comment = split(text)
  local board = quick_board(puzzle, opts)
  local rec, err, where
  if board then
    rec = record.new(board, { line = lineno, index = index })
  else
    rec, err, where = reader.parse(puzzle, opts, index, { lineno }, { #lead })
    if not rec then return rec, err, where end
  end
  rec.comment, rec.separator = comment, sep
  return rec
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options;
-- without `size` the first record fixes the board size for the whole input (a record of another
-- length is a failure naming both), and `size = "auto"` lets each line have its own
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where`: its fault, `sudoku.format.fault`); reading goes on after it
function line.records(src, opts)
  -- The board size of the file (sudoku.format.rule): the first record's of a board's number
  -- of cells; each line its own with opts.size = "auto". (A size or box the caller gives is
  -- the parser's to check, with its own words.)
  local auto = opts.size == "auto" or opts.size ~= nil or opts.box ~= nil
  local n
  -- The puzzle's column in a delimited file: opts.column (a number, or a header's name), or
  -- told from the first record line (sudoku.format.rule.first_record).
  local layout = { column = opts.column }
  return reader.each_line(src, function(text, lineno, index)
    if layout.missing then
      return reader.fail(index, lineno, nil, ("no column named '%s' in the header"):format(
        layout.missing))
    end
    if layout.column then
      local field, count = rule.field(text, layout.column)
      if not field then
        return reader.fail(index, lineno, nil, ("no column %d: the line has %d"):format(
          layout.column, count))
      end
      text = field
    end
    if not auto then
      local _, puzzle = split(text)
      if not n then
        n = rule.side_of(#puzzle)
      elseif #puzzle ~= n * n and rule.side_of(#puzzle) then
        return reader.fail(index, lineno, nil, { kind = "other_size", cells = #puzzle,
          expected = n * n })
      end
    end
    return line.read_line(text, opts, lineno, index)
  end, true, function(text) return rule.first_record(layout, text) end)
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character written for an empty cell (default '.'); `comment = false`
-- leaves the comment out
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function line.write(rec, opts)
  local text = rec.board:symbols(opts.blank or symbols.BLANK)
  if rec.comment and opts.comment ~= false then
    return text .. (rec.separator or " ") .. rec.comment
  end
  return text
end

--- The puzzle cells of a Board as a line (kept for the record module's users who hold a
-- Board).
-- @tparam Board board the board
-- @treturn string its N*N symbols, '.' for a blank
function line.cells(board)
  return line.write(record.of(board), { comment = false })
end

return line
