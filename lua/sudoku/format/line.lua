-- line: one puzzle per line, all N*N cells row by row ('.' or '0' for a blank; symbols 1-9, A-Z,
-- ... for larger boards), the form of every public puzzle list. Text after the cells (after
-- whitespace, ',', ';' or '#') is the record's comment: "puzzle,solution" lists and
-- "puzzle # rating" notes keep it, and writing puts it back with the same separator.
-- Blank lines and lines starting with '#' are skipped.
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local symbols = require "sudoku.symbols"

local line = {
  name = "line",
  summary = "one puzzle per line, N*N cells ('.' or '0' blank), optional trailing comment",
  separator = "\n",
}

-- Splits a line into its leading whitespace, the puzzle, the separator and the comment.
local function split(text)
  local lead, puzzle, rest = text:match("^(%s*)([^%s,;#]*)(.*)$")
  local sep, comment = rest:match("^(%s*[,;#]?%s*)(.-)%s*$")
  if comment == "" then sep, comment = nil, nil end
  return lead, puzzle, sep, comment
end

function line.read_line(text, opts, lineno, index)
  local lead, puzzle, sep, comment = split(text)
  local rec, err, where = reader.parse(puzzle, opts, index, { lineno }, { #lead })
  if not rec then return rec, err, where end
  rec.comment, rec.separator = comment, sep
  return rec
end

function line.records(src, opts)
  return reader.each_line(src, function(text, lineno, index)
    return line.read_line(text, opts, lineno, index)
  end)
end

-- opts.blank: the character written for an empty cell (default '.'); opts.comment = false
-- leaves the comment out.
function line.write(rec, opts)
  local board = rec.board
  local n = board:size()
  local blank = opts.blank or symbols.BLANK
  local out = {}
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      out[#out + 1] = v == 0 and blank or symbols.symbol(v)
    end
  end
  if rec.comment and opts.comment ~= false then
    out[#out + 1] = rec.separator or " "
    out[#out + 1] = rec.comment
  end
  return table.concat(out)
end

-- Kept for the record module's users who hold a Board: the puzzle cells only.
function line.cells(board)
  return line.write(record.of(board), { comment = false })
end

return line
