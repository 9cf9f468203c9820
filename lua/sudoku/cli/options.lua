-- argparse converters for the command's option values. Each one checks the value's range and,
-- when it is out, gives a message that names the option, the range and what was given, so that
-- a bad value is a usage error (exit 2) before any work starts, never a traceback from the
-- library or a value taken as nonsense.
--
-- Numbers are read as decimal digits only ("1e3", "0x10", "1.0" and signs are refused) and
-- compared with their bounds as text, so that no value is rounded on its way in: on Lua 5.1,
-- 5.2 and LuaJIT every number is a double, and tonumber("9007199254740993") would come back as
-- 2^53, in range.
local format = require "sudoku.format"

local options = {}

-- The largest whole numbers that are exact on every Lua the command runs on (doubles hold every
-- integer up to 2^53), for counts and seeds.
options.TWO_53 = 9007199254740992
options.SEED_MAX = options.TWO_53 - 1

-- The largest board: one bit per value in the core's 64-bit masks (csrc/engine/board.h, SDK_MAX_N).
options.MAX_SIZE = 64

-- The most threads the batch solver runs (csrc/batch/batch.c, MAX_THREADS); more would only wait.
options.MAX_JOBS = 256

-- How a bound is written in a message: the number, with its power of two when it is one of the
-- exact-number limits above (a reader checks "2^53" more easily than 16 digits).
local function bound_text(n)
  local text = ("%.0f"):format(n)
  if n == options.TWO_53 then return text .. " (2^53)" end
  if n == options.SEED_MAX then return text .. " (2^53 - 1)" end
  return text
end

-- Whether the digits of `text` (decimal digits only) name a number from min to max, both
-- whole numbers from 0 to 2^53. Leading zeros are allowed.
local function digits_within(text, min, max)
  local digits = text:match("^0*(%d+)$")
  if not digits then return false end
  local function at_most(a, b)  -- a <= b, both digit strings without leading zeros
    if #a ~= #b then return #a < #b end
    return a <= b
  end
  local low, high = ("%.0f"):format(min), ("%.0f"):format(max)
  return at_most(low, digits) and at_most(digits, high)
end

-- The number `text` names (already checked by digits_within, so at most 2^53): exact, and an
-- integer on the Lua versions that tell integers from floats. (No base argument: Lua 5.1 reads
-- one through strtoul, which stops at 2^32 where long is 32 bits.)
local function number_of(text)
  return math.floor(tonumber(text))
end

--- A converter for a whole number from min to max (both whole numbers within 0 .. 2^53).
function options.whole_number(option, min, max)
  return function(text)
    if digits_within(text, min, max) then return number_of(text) end
    return nil, ("%s must be a whole number from %s to %s, got '%s'"):format(option,
      bound_text(min), bound_text(max), text)
  end
end

-- The longest time budget, in seconds: about eleven days.
options.MAX_SECONDS = 1000000

--- A converter for a time budget: seconds in decimal digits (10, 0.5, .25), above 0 and at
--- most MAX_SECONDS.
function options.seconds(option)
  return function(text)
    local n = (text:match("^%d+%.?%d*$") or text:match("^%.%d+$")) and tonumber(text)
    if not n or n <= 0 or n > options.MAX_SECONDS then
      return nil, ("%s must be a number of seconds above 0 and at most %d, got '%s'"):format(
        option, options.MAX_SECONDS, text)
    end
    return n
  end
end

--- A converter for a box shape ROWSxCOLUMNS, e.g. 3x3: two whole numbers of at least 1 whose
--- product (the board's size) is at most MAX_SIZE. Gives the shape as {rows, cols}.
function options.box_shape(option)
  local max = options.MAX_SIZE
  return function(text)
    local rows, cols = text:match("^(%d+)x(%d+)$")
    if rows and digits_within(rows, 1, max) and digits_within(cols, 1, max)
        and number_of(rows) * number_of(cols) <= max then
      return { number_of(rows), number_of(cols) }
    end
    return nil, ("%s must be ROWSxCOLUMNS, two whole numbers whose product (the board's size) "
      .. "is from 1 to %d, e.g. 3x3, got '%s'"):format(option, max, text)
  end
end

--- A converter for the board size of a puzzle list: "auto" (each line its own size) or a whole
--- number from 1 to MAX_SIZE. Gives "auto" or the number.
function options.board_size(option)
  local max = options.MAX_SIZE
  return function(text)
    if text == "auto" then return text end
    if digits_within(text, 1, max) then return number_of(text) end
    return nil, ("%s must be auto or a whole number from 1 to %d, got '%s'"):format(option, max,
      text)
  end
end

--- A converter for the column of a delimited file's puzzles: a whole number from 1 (the field's
--- place) or a header's name. Gives the number or the name.
function options.column(option)
  return function(text)
    if text:match("^%d+$") then
      if digits_within(text, 1, 1000000) then return number_of(text) end
    elseif text:match("^[%w_%-%.]+$") then
      return text
    end
    return nil, ("%s must be a column's number (from 1) or its name in the header, got '%s'")
      :format(option, text)
  end
end

--- A converter for a cell ROW,COLUMN, each a whole number from 1 to MAX_SIZE (the board's own
--- size is checked against each record later). Returns the text unchanged.
function options.cell(option)
  local max = options.MAX_SIZE
  return function(text)
    local r, c = text:match("^(%d+),(%d+)$")
    if r and digits_within(r, 1, max) and digits_within(c, 1, max) then return text end
    return nil, ("%s must be ROW,COLUMN with whole numbers from 1 to %d, got '%s'")
      :format(option, max, text)
  end
end

--- An argparse converter for a format name among `names` (and `extra`).
function options.format_name(option, names, extra)
  local allowed = {}
  for _, name in ipairs(names) do allowed[name] = true end
  if extra then allowed[extra] = true end
  return function(text)
    if allowed[text] then return text end
    return nil, ("%s must be one of %s%s, got '%s'"):format(option, table.concat(names, ", "),
      extra and ", " .. extra or "", text)
  end
end

-- The converters of the options solve, count and validate take, by result key, shared by
-- argparse (sudoku.cli.parser) and the quick path (quick_parse), so that both read a value the
-- same way. The formats are sudoku.format's registry (svg is render's alone).
options.CONVERT = {
  jobs = options.whole_number("--jobs", 0, options.MAX_JOBS),
  limit = options.whole_number("--limit", 1, options.TWO_53),
  max_nodes = options.whole_number("--max-nodes", 1, options.TWO_53),
  line_offset = options.whole_number("--line-offset", 0, options.TWO_53),
  timeout = options.seconds("--timeout"),
  box = options.box_shape("--box"),
  size = options.board_size("--size"),
  column = options.column("--column"),
  from = options.format_name("--from", format.READ_NAMES, "auto"),
  to = options.format_name("--to", format.READ_NAMES),
}

-- The quick path of the command line: the streaming commands `solve`, `count`, `validate`,
-- `canon` and `dedup` with the options a pipeline gives them (-j/--jobs, --limit, --to, --from,
-- --box, --size, --max-nodes, --timeout, --line-offset, --unique, --placeholders, --stats, a
-- file) are read here, without argparse, whose loading and parser take longer than solving a
-- thousand puzzles. The result is the table argparse makes of the same words
-- (spec/cli_quick_parse_spec.lua holds them side by side); anything else (help, another
-- command, an option repeated or unknown, a value the converter refuses or that starts with
-- '-', `--`, a second file) gives nil, and argparse reads the line, with its messages. Per
-- command: its own options (by result key), its flags, and whether it takes the search
-- budgets.
local PLACEHOLDERS = { ["--placeholders"] = "placeholders" }
local QUICK_OPTIONS = {
  solve = { options = { ["--to"] = "to" }, flags = PLACEHOLDERS, budgets = true },
  count = { options = { ["--limit"] = "limit" }, flags = PLACEHOLDERS, budgets = true },
  validate = { options = {}, budgets = true },
  canon = { options = {}, flags = { ["--unique"] = "unique", ["--placeholders"] = "placeholders" } },
  dedup = { options = {} },
}
local QUICK_COMMON = {
  ["-j"] = "jobs", ["--jobs"] = "jobs", ["--from"] = "from", ["--box"] = "box",
  ["--line-offset"] = "line_offset", ["--size"] = "size", ["--column"] = "column",
}
local QUICK_BUDGETS = { ["--max-nodes"] = "max_nodes", ["--timeout"] = "timeout" }

--- The command line `list` (words) read by the quick path, the options' values through
--- `convert[key]` (the converters argparse is given, by result key); nil for argparse to read.
function options.quick_parse(list, convert)
  local command = list[1]
  local spec = QUICK_OPTIONS[command]
  if not spec then return nil end
  local own, flags = spec.options, spec.flags or {}
  local result = { command = command, [command] = true }
  local i = 2
  while i <= #list do
    local word = list[i]
    local flag = word == "--stats" and "stats" or flags[word]
    if flag then
      if result[flag] then return nil end
      result[flag] = true
    elseif word:sub(1, 1) == "-" and word ~= "-" then
      local name, value = word:match("^(%-%-[%w-]+)=(.*)$")
      if not name then
        name = word
        if word:match("^%-j.") then name, value = "-j", word:sub(3) end
      end
      local key = own[name] or QUICK_COMMON[name] or (spec.budgets and QUICK_BUDGETS[name])
      if not key or result[key] ~= nil then return nil end
      if value == nil then
        i = i + 1
        value = list[i]
        if value == nil or value:sub(1, 1) == "-" then return nil end
      end
      local converted = convert[key](value)
      if converted == nil then return nil end
      result[key] = converted
    else
      if result.file ~= nil then return nil end
      result.file = word
    end
    i = i + 1
  end
  if result.jobs == nil then result.jobs = convert.jobs("1") end
  return result
end

return options
