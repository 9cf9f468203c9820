--- hodoku: HoDoKu's library format, one position per line, as in its regression library
-- (reglib-*.txt) and its "copy for library" clipboard:
--
--   :<technique>:<candidates>:<cells>:<deleted candidates>:<eliminations>:<placements>:<extra>
--
-- <cells> are the N*N cells row by row ('.' or '0' blank), a '+' before a value that was placed
-- rather than given; <deleted candidates> are entries "vrc" (value, row, column) separated by
-- spaces: candidates gone from empty cells beyond what their row, column and box rule out.
-- The other fields say what a solving step should find; fields at the end may be left out.
--
-- Reading: the board holds every value, the '+' ones not givens; an empty cell named in
-- <deleted candidates> keeps the candidates its units leave less the deleted ones
-- (rec.candidates); technique, candidates, eliminations, placements and extra go to rec.meta
-- as technique, digits, eliminations, placements and extra (extra whenever the line has that
-- field, even empty, so that a line is written back as it was read). Blank lines and '#' lines
-- are skipped. Writing gives the same fields back; without them, ":0000:x:<cells>:<deleted>::",
-- as HoDoKu copies a position. Boards up to 9x9 write an entry as three digits, as HoDoKu
-- does; larger ones use the symbols of sudoku.symbols for value, row and column alike.
-- @module sudoku.format.hodoku
local Board = require "sudoku.board"
local cell_reader = require "sudoku.format.cells"
local reader = require "sudoku.format.reader"
local record = require "sudoku.format.record"
local shape = require "sudoku.shape"
local show = require "sudoku.show"
local symbols = require "sudoku.symbols"

local hodoku = {
  name = "hodoku",
  summary = "HoDoKu library: :technique:candidates:cells ('+' before placed values):deleted "
    .. "candidates:...",
  separator = "\n",
}

-- The meta keys of the fields after <deleted candidates>, in order.
local TAIL = { "eliminations", "placements", "extra" }

-- The fields of a line after its leading ':', each with the column it starts at.
local function fields_of(text, start)
  local fields, columns = {}, {}
  local pos = start
  while true do
    local colon = text:find(":", pos, true)
    fields[#fields + 1] = text:sub(pos, (colon or #text + 1) - 1)
    columns[#columns + 1] = pos
    if not colon then break end
    pos = colon + 1
  end
  return fields, columns
end

-- The board of <cells> (from column `at` of its line) and the givens, or nil, column and what is
-- wrong (the format's own words, or a fault's kind and fields: sudoku.format.fault words it).
local function read_cells(cells, at, opts)
  local values, placed = {}, {}
  local i = 1
  while i <= #cells do
    local ch = cells:sub(i, i)
    if ch == "+" then
      local after = cells:sub(i + 1, i + 1)
      if after == "" or symbols.value(after) == nil or symbols.is_blank(after) then
        return nil, at + i - 1, "'+' must stand before a value"
      end
      placed[#values + 1] = true
    else
      values[#values + 1] = { ch, at + i - 1 }
    end
    i = i + 1
  end
  local count = #values
  local n = opts.size or (opts.box and opts.box[1] * opts.box[2])
  if not n then
    n = math.floor(math.sqrt(count) + 0.5)
    if n * n ~= count or n > symbols.MAX then
      return nil, nil, { kind = "bad_size", cells = count }
    end
  elseif count ~= n * n then
    local box = opts.box and { opts.box[1], opts.box[2] }
    return nil, nil, { kind = "bad_size", cells = count, size = n, asked = box and "box" or "size",
      box = box }
  end
  local rows, cols
  if opts.box then
    rows, cols = opts.box[1], opts.box[2]
  else
    rows, cols = shape.squarest(n)
  end
  local board = Board.new{ size = n, box = { rows, cols } }
  local givens, any_placed = {}, false
  local value = cell_reader.values_of(n)
  for k, cell in ipairs(values) do
    local v = value[cell[1]:byte()]
    if v == nil then
      return nil, cell[2], { kind = "bad_char", byte = cell[1]:byte() }
    end
    if v ~= 0 then
      board:set(math.floor((k - 1) / n) + 1, (k - 1) % n + 1, v)
      if placed[k] then any_placed = true else givens[k] = true end
    end
  end
  return board, any_placed and givens or nil
end

-- rec.candidates from <deleted candidates> (from column `at`), or nil and column, message.
local function read_deleted(field, at, board)
  local n = board:size()
  local deleted = {}
  local pos = 1
  while true do
    local from, to = field:find("%S+", pos)
    if not from then break end
    local entry = field:sub(from, to)
    local v, r, c = entry:match("^(.)(.)(.)$")
    v, r, c = v and symbols.value(v, n), r and symbols.value(r, n), c and symbols.value(c, n)
    if not v or v == 0 or not r or r == 0 or not c or c == 0 then
      return nil, at + from - 1, ("'%s' is no candidate: value, row and column expected, as "
        .. "'314' for 3 in r1c4"):format(show.message(entry))
    end
    if board:get(r, c) ~= 0 then
      return nil, at + from - 1, ("candidate '%s': r%dc%d holds a value"):format(entry, r, c)
    end
    local i = record.index(n, r, c)
    deleted[i] = deleted[i] or {}
    deleted[i][v] = true
    pos = to + 1
  end
  local candidates
  for i, gone in pairs(deleted) do
    local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
    local left = {}
    for _, v in ipairs(board:candidates(r, c)) do
      if not gone[v] then left[#left + 1] = v end
    end
    candidates = candidates or {}
    candidates[i] = left
  end
  return candidates or false
end

--- One record from one line of text (what `records` reads each line with).
-- @string text the line
-- @tparam table opts as for `records`
-- @int lineno the line's number in the input
-- @int index the record's number in the input
-- @treturn table|false the record, or `false, message, where`
function hodoku.read_line(text, opts, lineno, index)
  local lead = #text:match("^%s*")
  text = text:match("^(.-)%s*$")
  if text:sub(lead + 1, lead + 1) ~= ":" then
    return reader.failure(index, lineno, lead + 1, "expected ':' starting a HoDoKu library line")
  end
  local fields, columns = fields_of(text, lead + 2)
  if #fields < 3 then
    return reader.failure(index, lineno, nil, ("%d field%s, expected at least 3 "
      .. "(technique, candidates, cells)"):format(#fields, #fields == 1 and "" or "s"))
  end
  local board, givens, wrong = read_cells(fields[3], columns[3], opts)
  if not board then return reader.fail(index, lineno, givens, wrong) end
  local candidates, column, message
  candidates, column, message = read_deleted(fields[4] or "", columns[4] or 0, board)
  if candidates == nil then return reader.failure(index, lineno, column, message) end
  local meta = { technique = fields[1], digits = fields[2] }
  for k, key in ipairs(TAIL) do
    local value = fields[4 + k]
    if value ~= nil and (value ~= "" or key == "extra") then meta[key] = value end
  end
  return record.new(board, {
    givens = givens, candidates = candidates or nil, meta = meta, line = lineno, index = index,
  })
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function hodoku.records(src, opts)
  return reader.each_line(src, function(text, lineno, index)
    return hodoku.read_line(text, opts, lineno, index)
  end)
end

-- <deleted candidates> of a record: each candidate that an empty cell's units leave and its
-- recorded candidates do not have, cell by cell and in ascending order within a cell.
local function deleted_of(rec)
  local board = rec.board
  local n = board:size()
  local short = n <= 9
  local entries = {}
  if not rec.candidates then return "" end
  for r = 1, n do
    for c = 1, n do
      local marks = rec.candidates[record.index(n, r, c)]
      if marks and board:get(r, c) == 0 then
        local kept = {}
        for _, v in ipairs(marks) do kept[v] = true end
        for _, v in ipairs(board:candidates(r, c)) do
          if not kept[v] then
            entries[#entries + 1] = short and ("%d%d%d"):format(v, r, c)
              or symbols.symbol(v) .. symbols.symbol(r) .. symbols.symbol(c)
          end
        end
      end
    end
  end
  return table.concat(entries, " ")
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `blank`: the character written for an empty cell (default '.')
-- @treturn string the text
function hodoku.write(rec, opts)
  local board = rec.board
  local n = board:size()
  local blank = opts.blank or symbols.BLANK
  local cells = {}
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      if v == 0 then
        cells[#cells + 1] = blank
      else
        cells[#cells + 1] = (record.is_given(rec, r, c) and "" or "+") .. symbols.symbol(v)
      end
    end
  end
  local meta = rec.meta or {}
  local function field(key, default)
    local value = meta[key]
    if value == nil then return default end
    return (tostring(value):gsub("[:\r\n]", " "))
  end
  local parts = {
    "", field("technique", "0000"), field("digits", "x"), table.concat(cells), deleted_of(rec),
    field("eliminations", ""), field("placements", ""),
  }
  if meta.extra ~= nil then parts[#parts + 1] = field("extra", "") end
  return table.concat(parts, ":")
end

return hodoku
