-- What the streaming readers share: how a failure is reported, and the two ways a file splits
-- into records (one per line, or blocks of rows). Every failure names the record's number and
-- the line (and column when one character is to blame) in the whole input, so a message from
-- the millionth record of a file points into that file.
local parse = require "sudoku.parse"
local record = require "sudoku.format.record"

local reader = {}

-- Bytes of the input that a message quotes (a JSON string, a token) are shown escaped: a NUL as
-- \0, other control and non-ASCII bytes as \xHH, so that a message is plain printable text.
local function escape(ch)
  local b = ch:byte()
  if b == 0 then return "\\0" end
  return ("\\x%02X"):format(b)
end

-- A failed record as the iterators give it: false, the message, and where it is.
function reader.failure(index, line, column, message)
  local where = { record = index, line = line, column = column }
  local at = column and ("line %d, column %d"):format(line, column) or ("line %d"):format(line)
  message = message:gsub("[%z\1-\31\127-\255]", escape)
  return false, ("record %d, %s: %s"):format(index, at, message), where
end

-- A failure from a sudoku.parse message, whose "line l, column c" count within the text it was
-- given: lines[l] is that line's number in the input and shift[l] how many bytes were cut from
-- its start.
function reader.parse_failure(index, message, lines, shift)
  local l, c, rest = message:match("^line (%d+), column (%d+): (.*)$")
  if l then
    l, c = tonumber(l), tonumber(c)
    return reader.failure(index, lines[l] or lines[1], c + ((shift and shift[l]) or 0), rest)
  end
  return reader.failure(index, lines[1], nil, message)
end

-- Parses `text` into a record with the input's line numbers in any error.
function reader.parse(text, opts, index, lines, shift)
  local board, err = parse.parse(text, opts and (opts.size or opts.box) and
    { size = opts.size, box = opts.box } or nil)
  if not board then return reader.parse_failure(index, err, lines, shift) end
  return record.new(board, { line = lines[1], index = index })
end

local function is_blank(line)
  return line:find("%S") == nil
end

local function is_comment(line)
  return line:match("^%s*#") ~= nil
end

-- One record per line: blank lines and lines starting with '#' are skipped. read_one(line,
-- lineno, index) gives the record, or false, message, where (see failure()).
function reader.each_line(src, read_one)
  local index = 0
  return function()
    while true do
      local line, lineno = src:next()
      if line == nil then return nil end
      if not is_blank(line) and not is_comment(line) then
        index = index + 1
        return read_one(line, lineno, index)
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
-- read_block(block, index) gets {rows = {text...}, lines = {lineno...}, header = {{text,
-- lineno}...}} with rule lines kept (as rows) for the box shape, and returns what each_line's
-- read_one does.
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
    if #block.rows == 0 then return nil end
    index = index + 1
    return read_block(block, index)
  end
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
