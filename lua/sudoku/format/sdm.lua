-- sdm: SudoCue's collection file, one puzzle per line as N*N characters. Read like `line`
-- (blanks '0' or '.', comments kept); written with '0' for a blank as SudoCue writes it, and
-- without comments, which SudoCue does not read.
local line = require "sudoku.format.line"

local sdm = {
  name = "sdm",
  summary = "SudoCue collection: one puzzle per line, '0' for a blank",
  separator = "\n",
  records = line.records,
}

function sdm.write(rec, opts)
  return line.write(rec, { blank = opts.blank or "0", comment = false })
end

return sdm
