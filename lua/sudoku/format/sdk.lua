--- sdk: the SadMan Sudoku file, extended by SudoCue: N rows of N characters ('.' blank), after
-- optional metadata lines "#" + a letter + text: A author, D description, C comment, B date
-- published, S source, L level, U url. A "[Puzzle]" line before the grid is allowed. The
-- metadata becomes rec.meta and is written back in that order; several puzzles may follow one
-- another, each with its own metadata. A title line right before a grid ("Grid 01", as in
-- Project Euler 96's file) is its meta.name, written back there.
-- @module sudoku.format.sdk
local reader = require "sudoku.format.reader"
local symbols = require "sudoku.symbols"

local sdk = {
  name = "sdk",
  summary = "SadMan/SudoCue: #A author, #D description... lines, then N rows of N characters",
  separator = "\n\n",
}

--- The metadata codes, in the order they are written.
sdk.META = {
  { "A", "author" }, { "D", "description" }, { "C", "comment" }, { "B", "date" },
  { "S", "source" }, { "L", "level" }, { "U", "url" },
}

local key_of = {}
for _, entry in ipairs(sdk.META) do key_of[entry[1]] = entry[2] end

local function is_section(line)
  return line:match("^%s*%[%a+%]%s*$") ~= nil
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function sdk.records(src, opts)
  return reader.blocks(src, function(block, index)
    local rec, err, where = reader.parse(reader.block_text(block), opts, index, block.lines)
    if not rec then return rec, err, where end
    for _, entry in ipairs(block.header) do
      local code, text = entry[1]:match("^%s*#(%a)(.-)%s*$")
      local key = code and key_of[code:upper()]
      if key then
        rec.meta = rec.meta or {}
        rec.meta[key] = text
      end
    end
    if block.header[1] then rec.line = block.header[1][2] end
    return rec
  end, is_section)
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character for an empty cell (default '.')
-- @treturn string the text
function sdk.write(rec, opts)
  local board = rec.board
  local n = board:size()
  local blank = opts.blank or symbols.BLANK
  local lines = {}
  local meta = rec.meta or {}
  for _, entry in ipairs(sdk.META) do
    local text = meta[entry[2]]
    if text ~= nil then
      -- One line each: a line break inside would start a row.
      lines[#lines + 1] = "#" .. entry[1] .. tostring(text):gsub("[\r\n]+", " ")
    end
  end
  lines[#lines + 1] = reader.title_line(rec, n)
  local cells = board:symbols(blank)
  for r = 1, n do
    lines[#lines + 1] = cells:sub((r - 1) * n + 1, r * n)
  end
  return table.concat(lines, "\n")
end

return sdk
