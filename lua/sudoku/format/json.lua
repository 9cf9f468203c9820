--- json: one JSON object per record, in JSON Lines files (one object per line). Decoding goes
-- through dkjson; sudoku.format.json_split cuts the input into values and
-- sudoku.format.json_object turns a decoded object into a record.
--
-- Input layout. Records are read one after another: one object per line (blank lines, and
-- lines starting with '#' between records, are skipped); an object may also span several lines
-- (pretty-printed), and the whole input may be one top-level array of objects, read element by
-- element. Errors name the record (its number in the input) and the line it starts on; for
-- malformed JSON, the line and column where dkjson stopped instead (counted in the whole input;
-- where a string, array or object that is never closed opens), with "(the record starts on line
-- L)" when that is another line.
--
-- Keys of a record (rows and columns 1-based; cells row-major):
--   size        N, 1..64; may be left out when givens (or values) has N*N characters
--   box         [rows, cols] with rows * cols = N; null: a jigsaw, whose N regions come first
--               in "regions"; absent: the squarest shape (as Board.new{size = N})
--   givens      N*N characters: '.' or '0' for a blank, symbols 1-9, A-Z, ... (sudoku.symbols);
--               absent: no cell is given
--   values      N*N characters, every value shown: the givens plus the cells filled in since;
--               where givens has a value, values must have the same one. Absent: the givens are
--               all there is (and every filled cell counts as a given)
--   candidates  N*N entries, each the pencil marks of an empty cell as a string of distinct
--               symbols (any order; read in ascending order), or null: no marks recorded (always
--               null for a filled cell)
--   regions     list of regions, each a list of [r, c]: extra all-different regions (after the
--               N jigsaw regions when box is null)
--   rules       list of the board's rules as Board:add_rule takes them and Board:rules gives
--               them: objects {"kind": "cage", "cells": [[r, c], ...], "sum": 15}
--   constraints object of variant rules (docs/FORMATS.md, "Variant rules": cages, thermos,
--               arrows, little_killers, kropki_white, ...): each checked and built into rules
--               of the board by sudoku.variant (regions and diagonals first), and kept as
--               written in rec.constraints (members that are null are dropped)
--   name        rec.meta.name
--   comment     rec.comment
--   meta        object of strings: rec.meta
-- A member that is null reads as if it were absent, but for "box", where null means a jigsaw.
--
-- The flat records of the shared variants files (../shared/data/variants, schema in its
-- README) read too: a top-level key that is none of the above is metadata when it is id,
-- author, url, source, license, note, solution, solution_origin, unique, negative, count,
-- variants, or any key whose value is a string (rec.meta, as strings: numbers and booleans as
-- their text, the variants list joined with ','), and a variant rule when it is a rule key
-- (rec.constraints, together with the "constraints" object; a rule given in both places is an
-- error). Any other key is refused by name (sudoku.format.json_object), so that another tool's
-- JSON never reads as an empty board, and so is a name in "constraints" that is no rule.
-- f-puzzles' JSON (an object with "size" and "grid") is read as the fpuzzles format reads it.
--
-- Writing gives one compact line per record, keys in a fixed order: size, box, givens, values
-- (only when a filled cell is not a given), candidates (only when rec.candidates is set),
-- regions (jigsaw regions first; the diagonal regions are left out when constraints.diagonals
-- is there, since reading adds them back), rules (the board's, less those the constraints give
-- back on reading), constraints, name, comment,
-- meta (other meta keys). Object keys inside rules, constraints and meta are sorted, so the same
-- record gives the same text.
-- @module sudoku.format.json
local dkjson = require "sudoku.format.dkjson"
local record = require "sudoku.format.record"
local reader = require "sudoku.format.reader"
local split = require "sudoku.format.json_split"
local json_text = require "sudoku.format.json_text"
local object = require "sudoku.format.json_object"
local fpuzzles_object = require "sudoku.format.fpuzzles_object"
local symbols = require "sudoku.symbols"
local variant = require "sudoku.variant"
local regions_family = require "sudoku.variant.regions"

local json = {
  name = "json",
  summary = "JSON Lines: one object per record (size, box, givens, values, candidates, "
    .. "regions, rules, constraints, meta)",
  separator = "\n",
  keeps_box = true,
  keeps_rules = true,
}

local null = dkjson.null

-- The line and column of byte `offset` of a value's text in the input.
local function position(value, offset)
  local line, start = value.line, 1
  local nl = value.text:find("\n", 1, true)
  while nl and nl < offset do
    line, start = line + 1, nl + 1
    nl = value.text:find("\n", start, true)
  end
  local column = offset - start + 1
  if line == value.line then column = column + value.column - 1 end
  return line, column
end

-- Malformed JSON: dkjson stopped at byte `pos` of the value's text. Its position is the data
-- (dkjson's words are not read back): a value it ran off the end of is one that the splitter
-- saw end with a string, array or object open, named where that opened; elsewhere, the character
-- there starts no JSON value.
local function decode_failure(index, value, pos)
  local open = pos > #value.text and value.open
  local line, column, what
  if open then
    line, column, what = open.line, open.column, "unterminated " .. open.kind
  else
    line, column = position(value, pos)
    what = pos > #value.text and "the value ends too soon" or "no valid JSON value"
  end
  if line ~= value.line then what = ("%s (the record starts on line %d)"):format(what, value.line) end
  return reader.failure(index, line, column, "malformed JSON: " .. what)
end

local function kind_of(x)
  if x == null then return "null" end
  if type(x) == "table" then return "an array" end
  if type(x) == "string" then return "a string" end
  if type(x) == "number" then return "a number" end
  return "a " .. type(x)
end

-- Whether every key in t and the tables inside it is a string or a positive integer.
local function plain_keys(t)
  for k, v in pairs(t) do
    local kind = type(k)
    if kind ~= "string" and not (kind == "number" and k >= 1 and k == math.floor(k)) then
      return false
    end
    if type(v) == "table" and v ~= null and not plain_keys(v) then return false end
  end
  return true
end

--- The record of one value of the input (sudoku.format.json_split), or false, message, where:
-- what the json format's records() gives for it. The fpuzzles format reads its JSON with it.
function json.read_value(value, index, opts)
  if value.error then return reader.failure(index, value.line, value.column, value.error) end
  -- Explicit nil metatables: plain tables; dkjson.null keeps nulls (a jigsaw's "box": null).
  local obj, after, err = dkjson.decode(value.text, 1, null, nil, nil)
  if err then return decode_failure(index, value, after) end
  local extra = value.text:find("%S", after)
  if extra then
    local line, column = position(value, extra)
    return reader.failure(index, line, column, "malformed JSON: unexpected text after the value")
  end
  if value.text:sub(1, 1) ~= "{" then
    return reader.failure(index, value.line, value.column,
      "expected a JSON object, got " .. kind_of(obj))
  end
  -- dkjson takes a member without "key": for a list entry, and any value as a member's key
  -- ({[1,7]: 2}); JSON has neither. Arrays come out with keys 1..n, objects with strings: any
  -- other key, at any depth, is one of those (a table key would later break sorting the keys).
  for k in pairs(obj) do
    if type(k) ~= "string" then
      return reader.failure(index, value.line, nil, "malformed JSON: a member without a \"key\":")
    end
  end
  if not plain_keys(obj) then
    return reader.failure(index, value.line, nil, "malformed JSON: a member whose key is not a string")
  end
  local rec, msg
  if fpuzzles_object.is_fpuzzles(obj) then
    -- f-puzzles' own JSON (its "grid" of cell objects), as the fpuzzles format reads it.
    rec, msg = fpuzzles_object.record_of(obj, opts)
  else
    rec, msg = object.read(obj, opts)
  end
  if not rec then return reader.failure(index, value.line, nil, msg) end
  rec.line, rec.index = value.line, index
  return rec
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in
-- (it detects the format, makes the source and adds the faults of overlong lines).
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts `size`, `box` (as for `sudoku.parse`) and the format's own options
-- @treturn function an iterator: each step a record, or `false, message, where` for a record
-- that could not be read (`where = {record =, line =, column =}`); reading goes on after it
function json.records(src, opts)
  return split.records(src, opts, json.read_value)
end

local encode = json_text.encode

local function cells(board, n)
  local out = {}
  for r = 1, n do
    for c = 1, n do out[#out + 1] = symbols.symbol(board:get(r, c)) end
  end
  return table.concat(out)
end

local function candidates_text(rec, n)
  local out = {}
  for i = 1, n * n do
    local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
    local marks = rec.board:get(r, c) == 0 and rec.candidates[i]
    if marks then
      local chars = {}
      for k, v in ipairs(marks) do chars[k] = symbols.symbol(v) end
      out[i] = dkjson.quotestring(table.concat(chars))
    else
      out[i] = "null"
    end
  end
  return "[" .. table.concat(out, ",") .. "]"
end

-- The regions to write: the jigsaw's, then the extra ones less the diagonals that
-- constraints.diagonals puts back on reading (sudoku.variant.regions.extra).
local function regions_to_write(board, constraints)
  local out = {}
  for _, region in ipairs(board:jigsaw() or {}) do out[#out + 1] = region end
  for _, region in ipairs(regions_family.extra(board, constraints)) do out[#out + 1] = region end
  return out
end

--- The text of one record in this format, without a final newline; `sudoku.format.write`
-- is the way in (it takes a Board too).
-- @tparam table rec a record (docs/FORMATS.md)
-- @treturn string the text
function json.write(rec)
  local board = rec.board
  local n, rows, cols = board:size()
  local fields = {}
  local function add(key, text) fields[#fields + 1] = '"' .. key .. '":' .. text end
  add("size", encode(n))
  add("box", board:jigsaw() and "null" or encode({ rows, cols }))
  local givens = record.givens_board(rec)
  add("givens", dkjson.quotestring(cells(givens, n)))
  if givens:filled() < board:filled() then add("values", dkjson.quotestring(cells(board, n))) end
  if rec.candidates then add("candidates", candidates_text(rec, n)) end
  local regions = regions_to_write(board, rec.constraints)
  if #regions > 0 then add("regions", encode(regions)) end
  local rules = variant.extra_rules(board, rec.constraints)
  if #rules > 0 then add("rules", encode(rules)) end
  if rec.constraints and next(rec.constraints) then add("constraints", encode(rec.constraints)) end
  local meta, rest = rec.meta or {}, {}
  if meta.name then add("name", encode(meta.name)) end
  if rec.comment then add("comment", encode(rec.comment)) end
  for k, v in pairs(meta) do
    if k ~= "name" then rest[k] = v end
  end
  if next(rest) then add("meta", encode(rest)) end
  return "{" .. table.concat(fields, ",") .. "}"
end

return json
