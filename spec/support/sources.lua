-- Line sources (sudoku.format.source) over a string for the specs of the records' stream and
-- route: a temporary file read in blocks, as the command reads a file.
local source = require "sudoku.format.source"

local sources = {}

function sources.blocks_of(text)
  local f = assert(io.tmpfile())
  f:write(text)
  f:seek("set")
  return source.of(f, { blocks = true })
end

return sources
