-- Faults as data: what a reader found wrong and where, and the one place that words it.
-- A reader (the C core's batch and line readers, and the Lua readers of `sudoku.format`)
-- gives a fault as a table, and nothing above it reads message text: the library's message and
-- the command's line on stderr are both made here from the fields.
--
--   kind      what is wrong: "bad_char", "bad_size", "bad_value", "other_size", "no_puzzle",
--             "utf16", "long_line", "no_column" (a line of a delimited file without the puzzle's
--             field), "no_column_name" (a header without the column named), "no_solution",
--             "gave_up", "interrupted", "not_unique", "stuck", "unsound", or "record" (a
--             format's own reason, in `reason`)
--   record    the record's number in the input (the readers of `sudoku.format`)
--   line      the line it is on, counted in the whole input
--   column    the column of the character to blame (absent when none is)
--   byte      that character's byte value (with `column`)
--   cells     the puzzle's length; `expected` the length of the file's puzzles ("other_size")
--   size, asked, box, of, nearest  how a "bad_size" says what the cells should have been: `size`
--             the board's side they were read for (absent: the count's own); `asked` "size" or
--             "box" when that side is the caller's opts.size or opts.box (`box` its {rows, cols});
--             `of` the key holding the cells ("givens has 3 cells, ..."); `nearest` to name the
--             board sizes around a count that is no board's (sudoku.parse's words)
--   token     a number out of the board's range, as written ("bad_value", with `size`)
--   bytes     a line's length ("long_line")
--   nodes, seconds  the budget that ran out ("gave_up")
--   column_number, fields  the puzzle's field and the fields the line has ("no_column");
--             name the column named ("no_column_name")
--   hardest, rating  the hardest technique so far and the rating ("stuck"; none without steps)
--   technique, placed, value, row, col  the step that went against the solution: it placed
--             (or eliminated) value at row, col ("unsound")
--   reason    the words without the place, when the reader had its own (a format's JSON path);
--             sudoku.solve_many hands its faults out with theirs filled in
--
-- The faults that the C library words too ("bad_char", "bad_size": its readers' faults, which
-- the C API must word without Lua; "gave_up": b:solve's and b:count's) have their one wording
-- in C, which this module takes through sudoku.core.fault_reason; the rest are worded here.
local show = require "sudoku.show"
local core_reason = require("sudoku.core").fault_reason

local fault = {}

local MAX_LINE = 4 * 64 * 64 * 64

local WORDS = {
  bad_char = core_reason,
  bad_size = core_reason,
  bad_value = function(f) return ("value '%s' out of range 1..%d"):format(f.token, f.size) end,
  no_puzzle = function(f) return ("no puzzle before '%s'"):format(show.byte(f.byte)) end,
  other_size = function(f)
    return ("%d cells, but this file's puzzles have %d"):format(f.cells, f.expected)
  end,
  utf16 = function() return "UTF-16 text: convert to UTF-8" end,
  long_line = function(f)
    return ("line of %d bytes, longer than any record can be (%d bytes at most); skipped")
      :format(f.bytes, f.max or MAX_LINE)
  end,
  no_column = function(f)
    return ("no column %d: the line has %d"):format(f.column_number, f.fields)
  end,
  no_column_name = function(f)
    return ("no column named '%s' in the header (line %d)"):format(f.name, f.line)
  end,
  no_solution = function() return "no solution" end,
  gave_up = core_reason,
  interrupted = function() return "interrupted" end,
  not_unique = function() return "more than one solution" end,
  stuck = function(f)
    if not f.hardest then return "stuck: no technique applies" end
    return ("stuck: no technique applies (hardest so far: %s, %.1f)"):format(f.hardest, f.rating)
  end,
  unsound = function(f)
    return ("unsound step: %s %s %d at r%dc%d, against the solution"):format(f.technique,
      f.placed and "places" or "eliminates", f.value, f.row, f.col)
  end,
}

--- The words of a fault without its place.
-- @tparam table f the fault
-- @treturn string
function fault.reason(f)
  if f.reason then return f.reason end
  local words = WORDS[f.kind]
  if words then return words(f) end
  return tostring(f.kind)
end

--- The fault after its place within the line: "column C: reason", or the reason (what the
-- command prints after FILE:LINE:).
-- @tparam table f
-- @treturn string
function fault.after_line(f)
  if f.column then return ("column %d: %s"):format(f.column, fault.reason(f)) end
  return fault.reason(f)
end

--- The library's message: "[record K, ]line L[, column C]: reason" (printable ASCII: bytes of
-- the input the reason quotes are escaped).
-- @tparam table f
-- @treturn string
function fault.message(f)
  local at = f.line and ("line %d"):format(f.line) or nil
  if at and f.column then at = ("%s, column %d"):format(at, f.column) end
  if f.record then at = at and ("record %d, %s"):format(f.record, at) or ("record %d"):format(f.record) end
  local reason = show.message(fault.reason(f))
  if not at then return reason end
  return at .. ": " .. reason
end

--- The messages of the faults of a batch (`faults[i]` for the i-th puzzle that failed, a sparse
-- table), as `message` words them, indexed alike; each fault gets its `reason` too. What
-- `sudoku.solve_many` and `sudoku.logic.rate_many` hand out beside the core's data.
-- @tparam table faults
-- @treturn table the messages
function fault.messages(faults)
  local messages = {}
  for i, f in pairs(faults) do
    f.reason = fault.reason(f)
    messages[i] = fault.message(f)
  end
  return messages
end

--- A fault of `kind` with the fields of `fields` (a new table).
-- @string kind
-- @tparam[opt] table fields
-- @treturn table
function fault.new(kind, fields)
  local f = { kind = kind }
  for k, v in pairs(fields or {}) do f[k] = v end
  return f
end

return fault
