-- The json format's reading half after decoding: a decoded JSON object (dkjson, with
-- dkjson.null for null and no metatables) becomes a record, or a message saying which key is
-- wrong. The schema is documented in sudoku/format/json.lua.
local dkjson = require "sudoku.format.dkjson"
local Board = require "sudoku.board"
local cell_reader = require "sudoku.format.cells"
local fault = require "sudoku.format.fault"
local record = require "sudoku.format.record"
local number = require "sudoku.number"
local symbols = require "sudoku.symbols"
local variant = require "sudoku.variant"
local variant_common = require "sudoku.variant.common"

local object = {}

local null = dkjson.null
local is_integer = number.is_integer

-- The keys of the record schema itself; any other key is metadata or a variant rule.
local RECORD_KEYS = {
  size = true, box = true, givens = true, values = true, candidates = true, regions = true,
  constraints = true, rules = true, name = true, comment = true, meta = true,
}

-- Keys of the shared variants files that describe a puzzle rather than set a rule: they go to
-- rec.meta as strings. (Any other key with a string value goes there too.)
local META_KEYS = {
  id = true, author = true, url = true, source = true, license = true, note = true,
  solution = true, solution_origin = true, unique = true, negative = true, count = true,
  variants = true,
}

-- The rule keys of the variants schema (sudoku.variant.KEYS: cages, thermos, arrows, ...) may
-- stand at the top level of a flat record or in "constraints"; "regions" is the record's own
-- key. Any other top-level key that is not a string is refused: JSON written by other tools
-- (f-puzzles' "grid", a "clues" array) must not read as an empty board.
local RULE_KEYS = {}
for key in pairs(variant.KEYS) do
  if not RECORD_KEYS[key] then RULE_KEYS[key] = true end
end

-- Keys that tell another tool's JSON, and what the message says about it.
local FOREIGN = {
  grid = "f-puzzles JSON has \"size\" and \"grid\"",
}

-- Failures travel as a table through error() so that the checks below read straight; read()
-- turns them back into a message and lets anything else (a bug) propagate.
local function fail(fmt, ...)
  error({ message = fmt:format(...) }, 0)
end

local function is_list(x)
  return type(x) == "table" and x ~= null
end

local function cell_name(n, i)
  return ("r%dc%d"):format(math.floor((i - 1) / n) + 1, (i - 1) % n + 1)
end


-- Metadata values are strings; the shared files' numbers and booleans become their text, and
-- their "variants" list its names joined with ','.
local function meta_string(key, v)
  if type(v) == "string" then return v end
  if type(v) == "boolean" then return tostring(v) end
  -- Integers a double holds exactly are written out whole; larger ones as Lua shows them.
  if is_integer(v) and v > -2 ^ 53 and v < 2 ^ 53 then return ("%d"):format(v) end
  if type(v) == "number" then return tostring(v) end
  if key == "variants" and is_list(v) then
    for i, name in ipairs(v) do
      if type(name) ~= "string" then fail("%s[%d]: expected a string", key, i) end
    end
    return table.concat(v, ",")
  end
  fail("%s: expected a string", key)
end

-- A copy of a constraint value in plain Lua: null object members are dropped (an absent key
-- reads the same), null list entries stay dkjson.null so that lists keep their length.
local function plain(v)
  if type(v) ~= "table" or v == null then return v end
  local out = {}
  for k, x in pairs(v) do
    if not (x == null and type(k) == "string") then out[k] = plain(x) end
  end
  return out
end

-- The board size: "size", else the caller's opts.size, else the length of givens or values.
local function size_of(obj, opts)
  local n = obj.size
  if n ~= nil then
    if not is_integer(n) or n < 1 or n > symbols.MAX then
      fail("size must be an integer 1..%d", symbols.MAX)
    end
    return n
  end
  if opts.size then return opts.size end
  local key = obj.givens and "givens" or "values"
  local cells = obj[key]
  if type(cells) ~= "string" then fail("no size: give \"size\" or \"givens\"") end
  local root = math.floor(math.sqrt(#cells) + 0.5)
  if root < 1 or root * root ~= #cells or root > symbols.MAX then
    fail("%s", fault.reason{ kind = "bad_size", cells = #cells, of = key })
  end
  return root
end

-- The board's shape: {rows, cols}, false for a jigsaw (box null), nil for the squarest.
local function box_of(obj, opts, n)
  local box, asked = obj.box, ""
  if box == nil then box, asked = opts.box, " (opts.box)" end
  if box == null then return false end
  if box == nil then return nil end
  if not is_list(box) or #box ~= 2 or not is_integer(box[1]) or not is_integer(box[2])
      or box[1] < 1 or box[2] < 1 then
    fail("box must be [rows, cols] with positive integers, or null for a jigsaw")
  end
  if box[1] * box[2] ~= n then
    fail("box [%d, %d]%s does not make a board of size %d", box[1], box[2], asked, n)
  end
  return { box[1], box[2] }
end

-- The values of an N*N string of symbols ('.' or '0' for a blank).
local function cells_of(key, text, n)
  if type(text) ~= "string" then fail("%s: expected a string of %d cells", key, n * n) end
  if #text ~= n * n then
    fail("%s", fault.reason{ kind = "bad_size", cells = #text, size = n, of = key })
  end
  local values, bad = cell_reader.values(text, n)
  if not values then
    fail("%s, cell %d (%s): %s", key, bad, cell_name(n, bad),
      fault.reason{ kind = "bad_char", byte = text:byte(bad) })
  end
  return values
end

-- Variant rules: the "constraints" object and the rule keys at the top level (flat records of
-- the shared variants files), in one table (nil when there are none), and the set of the keys
-- that came from "constraints", so that a message can give their path in the record.
local function constraints_of(obj)
  local given = obj.constraints
  local out, inside = {}, {}
  if given ~= nil then
    if not is_list(given) or (#given > 0) then fail("constraints: expected an object") end
    local keys = {}
    for k, v in pairs(given) do
      if not RULE_KEYS[k] then keys[#keys + 1] = tostring(k) end
      if v ~= null then out[k], inside[k] = plain(v), true end
    end
    if #keys > 0 then
      table.sort(keys)
      fail("constraints: unknown rule%s '%s'", #keys > 1 and "s" or "", table.concat(keys, "', '"))
    end
  end
  for k, v in pairs(obj) do
    if type(k) == "string" and RULE_KEYS[k] then
      if out[k] ~= nil then fail("'%s' is given both at the top level and in constraints", k) end
      out[k] = plain(v)
    end
  end
  if next(out) == nil then return nil, inside end
  return out, inside
end

-- The regions (a jigsaw's first when the box is null), the diagonals and a rule for every
-- variant constraint, as sudoku.variant sets them up; its fault is worded with the JSON path,
-- under "constraints." for a rule given there.
local function apply_variant(board, obj, constraints, inside, jigsaw)
  local spec = {}
  for k, v in pairs(constraints or {}) do spec[k] = v end
  spec.regions = obj.regions
  -- sudoku.variant takes an absent box with regions for a jigsaw (a decoder may drop nulls);
  -- here an absent box is the squarest, so only null says jigsaw.
  spec.box = jigsaw and null or { board:size() }
  local ok, f = variant.apply(board, spec)
  if ok then return end
  fail("%s", variant.message(f, f.key and inside[f.key] and "constraints" or nil))
end

-- The board's rules (Board:add_rule specs): a list of objects {"kind": ..., "cells": [[r, c],
-- ...], and the kind's own fields}. The core checks the kind and its fields; its complaint is
-- reported under rules[i].
local function add_rules(board, list, n)
  if not is_list(list) or (#list == 0 and next(list) ~= nil) then
    fail("rules: expected a list of rules")
  end
  for i, spec in ipairs(list) do
    local what = ("rules[%d]"):format(i)
    if not is_list(spec) or #spec > 0 then
      fail("%s: expected an object with \"kind\" and \"cells\"", what)
    end
    spec = plain(spec)
    if spec.cells ~= nil then
      local cells, bad = variant_common.cells(n, spec.cells, variant_common.at("rules", "[%d].cells", i))
      if not cells then fail("%s", variant.message(bad)) end
      spec.cells = cells
    end
    local added, refused = board:try_add_rule(spec)
    if not added then fail("%s: %s", what, refused.reason) end
  end
end

-- Pencil marks: N*N entries, each a string of distinct symbols or null.
local function candidates_of(list, board, n)
  if not is_list(list) or #list ~= n * n then
    fail("candidates: expected a list of %d entries (strings or null), got %s", n * n,
      is_list(list) and tostring(#list) or type(list))
  end
  local out = {}
  for i, marks in ipairs(list) do
    if marks ~= null then
      local what = ("candidates[%d] (%s)"):format(i, cell_name(n, i))
      if type(marks) ~= "string" then fail("%s: expected a string of symbols or null", what) end
      local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
      if board:get(r, c) ~= 0 then fail("%s: marks for a filled cell", what) end
      local values, seen = {}, {}
      for k = 1, #marks do
        local ch = marks:sub(k, k)
        local v = symbols.value(ch, n)
        if not v or v == 0 then
          fail("%s: %s", what, fault.reason{ kind = "bad_char", byte = ch:byte() })
        end
        if seen[v] then fail("%s: '%s' repeats", what, ch) end
        seen[v] = true
        values[#values + 1] = v
      end
      table.sort(values)
      out[i] = values
    end
  end
  return out
end

-- rec.meta from "name", "meta" and the metadata keys at the top level; nil when empty.
local function meta_of(obj)
  local meta = {}
  for k, v in pairs(obj) do
    if type(k) == "string" and (META_KEYS[k] or (not RECORD_KEYS[k] and type(v) == "string")) then
      meta[k] = meta_string(k, v)
    end
  end
  local given = obj.meta
  if given ~= nil then
    if not is_list(given) or #given > 0 then fail("meta: expected an object of strings") end
    for k, v in pairs(given) do
      if v ~= null then meta[k] = meta_string("meta." .. tostring(k), v) end
    end
  end
  if obj.name ~= nil then meta.name = meta_string("name", obj.name) end
  if next(meta) == nil then return nil end
  return meta
end

-- Top-level members that are null read as absent, but for "box": null, which is a jigsaw.
local function without_nulls(obj)
  local out = {}
  for k, v in pairs(obj) do
    if v ~= null or k == "box" then out[k] = v end
  end
  return out
end

-- Whether a string reads as the cells of a board of 4x4 or more: N*N symbols and blanks.
local function looks_like_cells(text)
  local root = math.floor(math.sqrt(#text) + 0.5)
  return root >= 4 and root * root == #text and not cell_reader.bad(text, symbols.MAX)
end

-- A record with neither "givens" nor "values" whose metadata holds a puzzle's cells under
-- another name ({"puzzle": "53..7...."}) is some other tool's JSON: read as it stands it would
-- be an empty board, so it is refused, naming the key.
local function check_cells_elsewhere(obj)
  if obj.givens ~= nil or obj.values ~= nil then return end
  local keys = {}
  for k, v in pairs(obj) do
    if not (RECORD_KEYS[k] or META_KEYS[k]) and type(v) == "string" and looks_like_cells(v) then
      keys[#keys + 1] = k
    end
  end
  if #keys == 0 then return end
  table.sort(keys)
  fail("unknown key '%s' (it holds %d cells: a puzzle's cells go in \"givens\")", keys[1],
    #obj[keys[1]])
end

-- Refuses the top-level keys that are none of the schema's: not a record key, not metadata,
-- not a rule of the shared schema, and not a string (which is metadata). All of them are
-- named, in order; a key that tells another tool's JSON says which tool.
local function check_keys(obj)
  local unknown = {}
  for k, v in pairs(obj) do
    if not (RECORD_KEYS[k] or META_KEYS[k] or RULE_KEYS[k] or type(v) == "string") then
      unknown[#unknown + 1] = k
    end
  end
  if #unknown == 0 then
    check_cells_elsewhere(obj)
    return
  end
  table.sort(unknown)
  for _, k in ipairs(unknown) do
    if FOREIGN[k] then fail("unknown key '%s' (%s)", k, FOREIGN[k]) end
  end
  fail("unknown key%s '%s'", #unknown > 1 and "s" or "", table.concat(unknown, "', '"))
end

local function build(obj, opts)
  obj = without_nulls(obj)
  check_keys(obj)
  local n = size_of(obj, opts)
  local box = box_of(obj, opts, n)
  local board = Board.new{ size = n, box = box or nil }
  local givens = obj.givens ~= nil and cells_of("givens", obj.givens, n) or nil
  local values = obj.values ~= nil and cells_of("values", obj.values, n) or nil
  local constraints, inside = constraints_of(obj)
  apply_variant(board, obj, constraints, inside, box == false)
  if obj.rules ~= nil then add_rules(board, obj.rules, n) end
  local rec = record.new(board, { constraints = constraints, meta = meta_of(obj) })
  if values then
    rec.givens = {}
    for i = 1, n * n do
      local g = givens and givens[i] or 0
      if g ~= 0 and values[i] ~= g then
        fail("givens and values disagree at %s: givens has '%s', values '%s'", cell_name(n, i),
          symbols.symbol(g), symbols.symbol(values[i]))
      end
      if g ~= 0 then rec.givens[i] = true end
    end
  end
  -- The cells shown: the values when given (the givens among them), else the givens; both
  -- were read above, so the one call cannot fail.
  local shown = obj.values or obj.givens
  if shown then assert(cell_reader.fill(board, shown)) end
  if obj.candidates ~= nil then rec.candidates = candidates_of(obj.candidates, board, n) end
  if obj.comment ~= nil then rec.comment = meta_string("comment", obj.comment) end
  return rec
end

-- The record of decoded object `obj`, or nil and a message naming what is wrong. opts.size
-- and opts.box stand in for a missing "size" and "box".
function object.read(obj, opts)
  local ok, rec = pcall(build, obj, opts or {})
  if ok then return rec end
  if type(rec) == "table" and rec.message then return nil, rec.message end
  error(rec, 0)
end

return object
