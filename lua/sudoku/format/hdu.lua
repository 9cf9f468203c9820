--- hdu: the layout of HDU 1426 "Sudoku Killer": one row per line, cells as single characters
-- separated by spaces, '?' for a cell to fill, a blank line between cases. The reader takes a
-- case as the next N*N cells whatever the line breaks, so a missing or doubled blank line, a
-- trailing space or a CRLF file cannot shift the cases after it; N is the number of cells on a
-- case's first line (9 in the problem) unless opts.size says.
-- @module sudoku.format.hdu
local cell_reader = require "sudoku.format.cells"
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local show = require "sudoku.show"
local symbols = require "sudoku.symbols"
local Board = require "sudoku.board"

local hdu = {
  name = "hdu",
  summary = "HDU 1426: cells separated by spaces, '?' blank, a blank line between cases",
  separator = "\n\n",
}

local BLANK = "?"

-- A token as a message shows it: cut after its first 20 bytes (a whole line read as one token
-- can be huge).
local SHOWN_MAX = 20

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function hdu.records(src, opts)
  local index = 0
  -- Every case of a file has the size of the first.
  local n = opts.size or (opts.box and opts.box[1] * opts.box[2])
  return function()
    -- The case's cells, one symbol each (a blank in place of a token that is none).
    local chars, first_line, failure = {}, nil, nil
    while true do
      local line, lineno = src:next()
      if line == nil then break end
      for start, token in line:gmatch("()(%S+)") do
        if not first_line then
          first_line = lineno
          index = index + 1
          if not n then
            local count = 0
            for _ in line:gmatch("%S+") do count = count + 1 end
            n = count
          end
        end
        local v = #token == 1 and symbols.value(token, n)
        if not v and not failure then
          local what = #token == 1 and "expected one of 1..%d or '?' as a cell, got %s"
            or "expected cells of one character separated by spaces (1..%d or '?'), got %s"
          failure = { reader.failure(index, lineno, start,
            what:format(n, show.quoted(token, "'", SHOWN_MAX))) }
        end
        chars[#chars + 1] = v and token or BLANK
      end
      if n and #chars >= n * n then break end
    end
    if not first_line then return nil end
    if failure then return failure[1], failure[2], failure[3] end
    if n > symbols.MAX then
      -- Else the case would wait for n*n cells and only say the input ended.
      return reader.failure(index, first_line, nil,
        ("%d cells on the case's first line, more than the %d a row of the largest board holds")
          :format(n, symbols.MAX))
    end
    if #chars < n * n then
      return reader.failure(index, first_line, nil,
        ("the input ends after %d of the case's %d cells"):format(#chars, n * n))
    end
    local box = opts.box
    local ok, board = pcall(Board.new, { size = n, box = box })
    if not ok then
      return reader.failure(index, first_line, nil, ("no board of size %d"):format(n))
    end
    -- Every token was checked above: the cells go in with one call.
    assert(cell_reader.fill(board, table.concat(chars, "", 1, n * n)))
    return record.new(board, { line = first_line, index = index })
  end
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character for an empty cell (default '?')
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function hdu.write(rec, opts)
  local n = rec.board:size()
  local cells = rec.board:symbols(opts.blank or BLANK)
  local rows = {}
  for r = 1, n do
    rows[r] = cells:sub((r - 1) * n + 1, r * n):gsub(".", " %0"):sub(2)
  end
  return table.concat(rows, "\n")
end

return hdu
