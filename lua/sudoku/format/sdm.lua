--- sdm: SudoCue's collection file, one puzzle per line as N*N characters. Read like `line`
-- (blanks '0' or '.', comments kept); written with '0' for a blank as SudoCue writes it, and
-- without comments, which SudoCue does not read.
-- @module sudoku.format.sdm
local line = require "sudoku.format.line"

local sdm = {
  name = "sdm",
  summary = "SudoCue collection: one puzzle per line, '0' for a blank",
  separator = "\n",
  records = line.records,
}

--- An iterator over the records of a line source (`sudoku.format.line.records`);
-- `sudoku.format.records` is the way in (it detects the format, makes the source and adds the
-- faults of overlong lines).
-- @function records
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character for an empty cell (default '0')
-- @treturn string the text
-- @raise when `opts.blank` is a symbol of the board's size
function sdm.write(rec, opts)
  return line.write(rec, { blank = opts.blank or "0", comment = false })
end

return sdm
