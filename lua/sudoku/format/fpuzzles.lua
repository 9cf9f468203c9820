--- fpuzzles: puzzles of f-puzzles (https://www.f-puzzles.com), the variant community's common
-- exchange, one per line: an f-puzzles link (`https://www.f-puzzles.com/?load=N4Ig...`), the
-- `load=` text alone (f-puzzles' JSON compressed by LZ-string, in base64), or the JSON itself
-- (an object with "size" and "grid"; it may span lines). Written as links, or as the JSON with
-- `opts.json`.
--
-- Reading turns the f-puzzles rules into the variant rules of our schema (killer cages, little
-- killers, sandwiches, thermometers, arrows, kropki dots and their negatives, XV, odd/even,
-- diagonals, anti-knight, anti-king, non-consecutive, disjoint groups, extra regions, jigsaw
-- regions, palindromes, whispers, renbans), then builds the record as the json format does, so
-- the board carries a rule for each. A rule f-puzzles has and the schema lacks is an error
-- naming it (sudoku.format.fpuzzles_object). The json format reads f-puzzles' JSON too.
-- @module sudoku.format.fpuzzles
local dkjson = require "sudoku.format.dkjson"
local lzstring = require "sudoku.format.lzstring"
local object = require "sudoku.format.fpuzzles_object"
local json = require "sudoku.format.json"
local reader = require "sudoku.format.reader"
local json_text = require "sudoku.format.json_text"
local split = require "sudoku.format.json_split"

local fpuzzles = {
  name = "fpuzzles",
  summary = "f-puzzles links (https://www.f-puzzles.com/?load=...), their load text, or "
    .. "f-puzzles JSON",
  separator = "\n",
  keeps_box = true,
  keeps_rules = true,
}

local LINK = "https://www.f-puzzles.com/?load="

--- The compressed text of an f-puzzles link, or the text itself when it is no link (a bare
-- `load=` value). Other parameters of the link are left out; `%2B`-style escapes stay for
-- the decompressor, which takes them.
function fpuzzles.load_text(text)
  local load = text:match("[?&]load=([^&#%s]*)")
  if load then return load end
  return text
end

--- The record of one decoded f-puzzles object, or nil and a message.
-- @tparam table obj the object as dkjson decodes it (nulls kept as dkjson.null)
-- @tparam[opt] table opts the reader's options
--- The record of one decoded f-puzzles object, or nil and a message.
-- @function record_of
-- @tparam table obj the object as dkjson decodes it (nulls kept as dkjson.null)
-- @tparam[opt] table opts the reader's options
-- @treturn table|nil the record
fpuzzles.record_of = object.record_of

-- The JSON text of an f-puzzles link or load text, or nil and a message.
local function unpack(text)
  local load = fpuzzles.load_text(text)
  if load == "" then return nil, "an f-puzzles link without its load= text" end
  local decoded, err = lzstring.decompress_base64(load)
  if not decoded then return nil, "not an f-puzzles link or load text: " .. err end
  if decoded == "" then return nil, "not an f-puzzles link or load text: it decompresses to nothing" end
  return decoded
end

-- A value of the input: f-puzzles JSON is read as the json format reads it (which takes
-- f-puzzles' objects), a link or load text is unpacked first.
local function read_value(value, index, opts)
  if value.error or value.text:find("^%s*{") then return json.read_value(value, index, opts) end
  local text, why = unpack(value.text:match("^%s*(.-)%s*$"))
  if not text then return reader.failure(index, value.line, nil, why) end
  local obj, _, err = dkjson.decode(text, 1, dkjson.null, nil, nil)
  if err or type(obj) ~= "table" or #obj > 0 then
    return reader.failure(index, value.line, nil, "the link holds no f-puzzles JSON: "
      .. tostring(err or "not an object"))
  end
  local rec, bad = fpuzzles.record_of(obj, opts)
  if not rec then return reader.failure(index, value.line, nil, bad) end
  rec.line, rec.index = value.line, index
  return rec
end

--- An iterator over the records of a line source; `sudoku.format.records` is the way in.
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts the reader's options
-- @treturn function each step a record, or `false, message, where`
function fpuzzles.records(src, opts)
  return split.records(src, opts, read_value)
end

--- The f-puzzles link of a record (or its JSON with `opts.json`), or nil and a message naming
-- what f-puzzles cannot hold (a box shape other than its default, a rule without a
-- counterpart).
-- @tparam table rec a record (docs/FORMATS.md)
-- @tparam table opts `json = true` for the JSON instead of a link
-- @treturn string|nil the text
function fpuzzles.write(rec, opts)
  local obj, err = object.from_record(rec)
  if not obj then return nil, "cannot write as f-puzzles: " .. err end
  -- Keys in a fixed order (size and grid first, then sorted): the same record, the same link.
  local text = json_text.encode(obj, { "size", "grid" })
  if opts and opts.json then return text end
  -- A link holds UTF-16 text: a byte of a name or title that is no UTF-8 becomes U+FFFD (a
  -- JSON record may carry any bytes; what the format cannot hold is left out).
  return LINK .. lzstring.compress_base64(text, true)
end

return fpuzzles
