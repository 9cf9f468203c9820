--- Every text format in one registry. Each format is a module of its own,
-- sudoku.format.<name>, loaded when first used, with the same fields (docs/FORMATS.md):
--
--   name, summary      what it is called and a line about it
--   records(src, opts) an iterator over the records of a line source (sudoku.format.source):
--                      each step gives a record, or false, a message and {record =, line =,
--                      column =} for a record that could not be read; reading goes on after it
--                      (a line too long for any record comes between them as false, a message
--                      and {line =, bytes =}, from records() below)
--   write(rec, opts)   the text of one record (a record or a Board), without a final newline
--   separator          what goes between two written records
--   keeps_box          set for formats whose text keeps any box shape (grid, ss, json); the
--                      others' boards read back with the squarest boxes unless told opts.box
--   read_only / write_only  set for formats that go one way only (svg is written, never read)
--   keeps_rules        set for formats whose text keeps a board's rules, jigsaw and extra
--                      regions (json, the f-puzzles formats, svg's picture); the others refuse
--                      a puzzle that has any (write returns nil and why), since it would read
--                      back as another puzzle; a full grid (a solution) loses nothing and is
--                      written
--
-- The functions here pick the module by name, or by looking at the input when no name is given.
-- @module sudoku.format
local record = require "sudoku.format.record"
local source = require "sudoku.format.source"

local format = {}

--- Every format, in the order `sudoku --help` lists them.
format.NAMES = { "line", "grid", "hdu", "leetcode", "sdk", "sdm", "ss", "pencil", "hodoku", "json",
  "fpuzzles", "fpuzzles_json", "svg" }

-- The formats that are written and never read.
local WRITE_ONLY = { svg = true }

--- The formats that are read, in the same order: all of them but svg. (Each is written too.)
format.READ_NAMES = {}

local known = {}
for _, name in ipairs(format.NAMES) do
  known[name] = true
  if not WRITE_ONLY[name] then format.READ_NAMES[#format.READ_NAMES + 1] = name end
end

local function name_list()
  return "'" .. table.concat(format.NAMES, "', '") .. "'"
end

--- The module of a format.
-- @string name the format's name
-- @treturn table|nil the module (`sudoku.format.<name>`), or `nil, message` naming the
-- formats there are
function format.get(name)
  if not known[name] then
    return nil, ("unknown format '%s' (expected one of %s)"):format(tostring(name), name_list())
  end
  return (require("sudoku.format." .. name))
end

local function get_or_raise(name, fname, arg)
  local module, err = format.get(name)
  if not module then
    error(("bad argument #%d to '%s' (%s)"):format(arg, fname, err), 3)
  end
  return module
end

-- The module of a format that is read, named by argument #2 of `fname`; raises at its caller
-- for an unknown name or a format that is only written.
local function reader_or_raise(name, fname)
  local module, err = format.get(name)
  if module and module.write_only then err = ("format '%s' is written, not read"):format(name) end
  if err then error(("bad argument #2 to '%s' (%s)"):format(fname, err), 3) end
  return module
end

--- The name of the format `input` is written in. Looks at the first lines only; a source
-- keeps them for the reader.
-- @tparam string|file|table input a string, an open file or a line source
-- @treturn string|nil the name, or `nil, message` saying why it cannot be told (with the
-- candidates when two formats fit)
function format.detect(input)
  return require("sudoku.format.detect").detect(source.of(input))
end

-- The line where a step of a records iterator is, or nil at the end.
local function line_of(rec, where)
  if rec then return rec.line end
  if rec == false then return where and where.line end
  return nil
end

-- The steps of `next_record` with the faults of `src` (lines too long for any record, see
-- sudoku.format.source) among them in line order, each as false, "line L: message",
-- {kind = "long_line", line = L, bytes = length}.
local function with_faults(src, next_record)
  -- A step held back while a fault before it is given first (kept in locals: no table a step).
  local held, rec, err, where = false, nil, nil, nil
  return function()
    local a, b, c
    if held then
      a, b, c, held = rec, err, where, false
    else
      a, b, c = next_record()
    end
    local faults = src.faults
    if faults and faults[1] then
      local fault = src:fault_before(line_of(a, c))
      if fault then
        held, rec, err, where = true, a, b, c
        return false, ("line %d: %s"):format(fault.line, source.fault_message(fault)),
          { kind = "long_line", line = fault.line, bytes = fault.bytes }
      end
    end
    return a, b, c
  end
end

--- An iterator over the records of `input` in the named format, or in the one `detect`
-- finds. When the format cannot be told the iterator gives that one failure (whose where has no
-- record number) and ends; an input with no puzzle at all has no records. A line too long for
-- any record is a failure of its own (`where = {line =, bytes =}`), and reading goes on after
-- it. Reads a line at a time: constant memory on any file size.
-- @tparam string|file|function|table input a string, an open file, a function returning lines
-- or a line source (`sudoku.format.source`)
-- @string[opt] name the format (default: detected)
-- @tparam[opt] table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`)
-- @raise for an unknown format name or a format that is only written
function format.records(input, name, opts)
  local src = source.of(input)
  -- UTF-16 text is no text of any format: one failure that says so.
  src:peek()
  if src.utf16 then
    local done = false
    return function()
      if done then return nil end
      done = true
      local f = { kind = "utf16", line = 1 }
      return false, require("sudoku.format.fault").message(f), f
    end
  end
  if name == nil then
    local detected, err, empty = format.detect(src)
    -- An input with no puzzle has no records, whatever its format.
    if empty then return with_faults(src, function() return nil end) end
    if not detected then
      local done = false
      return function()
        if done then return nil end
        done = true
        return false, err, { line = 1 }
      end
    end
    name = detected
  end
  local module = reader_or_raise(name, "records")
  local next_record = module.records(src, opts or {})
  return with_faults(src, function()
    local rec, err, where = next_record()
    if rec then record.mark_givens(rec) end
    return rec, err, where
  end)
end

--- The records of a file, as `records` gives them, the file closed after the last. A path
-- that names no file, a directory or a file that cannot be read is refused when it is opened,
-- not read as an input without records.
-- @string path the file's path
-- @string[opt] name the format (default: detected)
-- @tparam[opt] table opts as for `records`
-- @treturn function|nil the iterator, or `nil, message` when the file cannot be opened or read
-- (`"PATH: reason"`, as io.open words it: `"puzzles: Is a directory"`)
-- @raise for a path that is not a string, an unknown format name or a format that is only
-- written (before the file is opened)
function format.open(path, name, opts)
  if type(path) ~= "string" then
    error(("bad argument #1 to 'open' (string expected, got %s)"):format(type(path)), 2)
  end
  if name ~= nil then reader_or_raise(name, "open") end
  -- In binary mode: the record rule reads line ends itself (CRLF, CR, LF), and on Windows a
  -- text-mode file cannot seek after the read of nothing below (the C runtime's ungetc), which
  -- the line source needs.
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  -- A directory opens on Linux and fails at the first read: a read of nothing asks now (and
  -- takes nothing from a file; at its end it gives nil and no message).
  local readable, read_err = f:read(0)
  if readable == nil and read_err then
    f:close()
    return nil, ("%s: %s"):format(path, tostring(read_err))
  end
  local next_record = format.records(f, name, opts)
  return function()
    if not f then return nil end
    local rec, message, where = next_record()
    if rec == nil then
      f:close()
      f = nil
    end
    return rec, message, where
  end
end

--- The one record of `input`. A text that holds more than one record is refused (use
-- `records` for those).
-- @tparam string|file|table input as for `records`
-- @string[opt] name the format (default: detected)
-- @tparam[opt] table opts as for `records`
-- @treturn table|nil the record, or `nil, message`
function format.read(input, name, opts)
  local next_record = format.records(input, name, opts)
  local rec, err = next_record()
  if rec == nil then return nil, "no puzzle found" end
  if not rec then return nil, err end
  local more, _, where = next_record()
  if more ~= nil then
    return nil, ("more than one puzzle (the next starts at line %d)"):format(
      more and more.line or where.line)
  end
  return rec
end

--- The text of a Board or a record in the named format, without a final newline; separate
-- records with the module's `separator`.
-- @tparam Board|table x a Board or a record (docs/FORMATS.md)
-- @string name the format's name
-- @tparam[opt] table opts the writer's options
-- @treturn string|nil the text, or `nil, message` when the format cannot hold the record: a
-- puzzle with rules, jigsaw or extra regions in a format that keeps only values and boxes (it
-- would read back as another puzzle; json keeps them), or in `fpuzzles` a rule f-puzzles has no
-- counterpart of
-- @raise for an unknown format name, a format that is only read, or a bad writer option
function format.write(x, name, opts)
  local module = get_or_raise(name, "write", 2)
  if module.read_only then
    error(("bad argument #2 to 'write' (format '%s' is read, not written)"):format(name), 2)
  end
  local rec = record.of(x)
  local unkept = not module.keeps_rules and record.unkept(rec)
  if unkept then
    return nil, ("cannot write as %s: it has no place for the board's %s, and the puzzle would "
      .. "read back as another (json keeps them)"):format(name, unkept)
  end
  if not module.write_only and record.has_lua_rule(rec) then
    return nil, ("cannot write as %s: the board has a rule written in Lua, a function no text "
      .. "keeps"):format(name)
  end
  -- Not a tail call: a writer's argument error names the caller of write() as its place.
  local text, why = module.write(rec, opts or {})
  return text, why
end

-- The two formats every board has had since the first release, kept as plain functions.

--- The `line` format of a board's values, as `format.write(board, "line")` writes them but also
-- for a board with rules or regions, which the text does not show (a display: `format.write`
-- refuses such a puzzle).
-- @tparam Board board the board
-- @treturn string
function format.line(board) return (format.get("line").write(record.of(board), {})) end
--- The `grid` format of a board's values (what `tostring` shows), as `format.line` for a board
-- with rules or regions.
-- @tparam Board board the board
-- @treturn string
function format.grid(board) return (format.get("grid").write(record.of(board), {})) end

return format
