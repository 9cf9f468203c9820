--- Variant puzzles as boards with rules: one decoded record of the shared variants schema
-- (`../shared/data/variants/README.md`: one JSON object per puzzle, with `size`, `box`,
-- `givens` and keys such as `cages`, `thermos`, `kropki_white`, `antiknight`) becomes a Board
-- whose regions and rules say what the record says, so that `b:solve()`, `b:count()`, a Solver
-- and the generators honour them.
--
--   local variant = require "sudoku.variant"
--   local board = assert(variant.board(dkjson.decode(line)))
--   print(board:count(2))   --> 1
--
-- One module per family of the schema (`sudoku.variant.cages`, `.thermos`, `.kropki`, ...)
-- turns its keys into rules; the module's list of families is the registry, so a new family is
-- one module and one line. docs/API.md has the table of keys and the rules they become.
-- @module sudoku.variant
local Board = require "sudoku.board"
local common = require "sudoku.variant.common"
local shape = require "sudoku.shape"

local variant = {}

-- The families, in the order they are applied: regions first (a jigsaw replaces the boxes
-- before anything is placed), then the rules. Each is the module sudoku.variant.<name>, the one
-- place that declares its rule kinds (docs/API.md, "A family module"): KEYS (the schema keys it
-- reads) and HOLDS (what each holds), VARIANTS (the names of the schema's "variants" list it
-- covers), apply(board, record) -> true or nil, fault (which is also the check of its
-- entries; variant.message words the fault), fpuzzles (its f-puzzles names, their reader and
-- its keys' writer) and svg (its drawing, or false when it draws nothing).
local NAMES = {
  "regions", "cages", "thermos", "kropki", "consecutive", "xv", "oddeven", "chess",
  "nonconsecutive", "arrows", "little_killers", "lines", "sandwiches",
}
local MODULES = {}
for i, name in ipairs(NAMES) do MODULES[i] = require("sudoku.variant." .. name) end

--- The family modules, in the order `apply` runs them: what the formats loop over to read,
-- write, check and draw the schema's rule keys without naming them.
-- @table FAMILIES
variant.FAMILIES = MODULES

-- Keys that give the board's shape and its values, and keys that describe the puzzle rather
-- than set it up (read by nothing here, but known).
local SHAPE_KEYS = { size = true, box = true, givens = true }
local META_KEYS = {
  id = true, name = true, author = true, url = true, source = true, license = true, note = true,
  solution = true, solution_origin = true, unique = true, negative = true, count = true,
  variants = true,
}

--- The keys of the schema that set up a board beyond its size, box and givens, each mapped to
-- the name of its family: `KEYS.cages == "cages"`, `KEYS.kropki_negative == "kropki"`, ...
-- @table KEYS
variant.KEYS = {}
-- The names the schema's `variants` list may hold.
local VARIANTS = {}
for i, module in ipairs(MODULES) do
  for _, key in ipairs(module.KEYS) do variant.KEYS[key] = NAMES[i] end
  for _, name in ipairs(module.VARIANTS) do VARIANTS[name] = true end
end

local function check_keys(record)
  local unknown = {}
  for k in pairs(record) do
    if not (SHAPE_KEYS[k] or META_KEYS[k] or variant.KEYS[k]) then
      unknown[#unknown + 1] = tostring(k)
    end
  end
  if #unknown > 0 then
    table.sort(unknown)
    return common.fail(nil, "unknown key%s '%s'", #unknown > 1 and "s" or "",
      table.concat(unknown, "', '"))
  end
  local kinds = record.variants
  if common.is_null(kinds) then return true end
  if type(kinds) ~= "table" then
    return common.fail("variants", "expected a list of names, got %s", common.got(kinds))
  end
  for i, name in ipairs(kinds) do
    if not VARIANTS[name] then
      return common.fail(common.at("variants", "[%d]", i), "unknown kind %s", common.got(name))
    end
  end
  return true
end

-- The record's name in messages: its id, else its name, else a placeholder.
local function name_of(record)
  local id = record.id or record.name
  if type(id) == "string" or type(id) == "number" then return tostring(id) end
  return "(record without an id)"
end

-- nil and the words of fault `f` with the record's name in front.
local function named(record, f)
  return nil, ("%s: %s"):format(name_of(record), common.message(f))
end

local is_integer = common.is_integer

-- The side of the board, or nil and the fault.
local function size_of(record)
  local n = record.size
  if not is_integer(n) or n < 1 or n > 64 then
    return common.fail("size", "expected a whole number from 1 to 64, got %s", common.got(n))
  end
  return n
end

-- An empty board of the record's size and box (nil or null: the squarest, until a jigsaw
-- replaces it), or nil and the fault.
local function empty_board(record, n)
  local box = record.box
  if common.is_null(box) then box = nil end
  if box ~= nil and (type(box) ~= "table" or #box ~= 2 or not is_integer(box[1])
                     or not is_integer(box[2])) then
    return common.fail("box", "expected [rows, columns] or null, got %s", common.got(box))
  end
  -- The shape's own check (Board.new's), so that its refusal comes back as words, not an error.
  local fits, why = shape.check(n, box)
  if not fits then return common.fail("box", "%s", why) end
  return Board.new { size = n, box = box }
end

-- The givens text (false: none), or nil and the fault.
local function givens_of(record, n)
  local givens = record.givens
  if common.is_null(givens) then return false end
  if type(givens) ~= "string" then
    return common.fail("givens", "expected a string, got %s", common.got(givens))
  end
  if #givens ~= n * n then
    return common.fail("givens", "expected %d characters, got %d", n * n, #givens)
  end
  return givens
end

--- The board of a variant record: its shape (`size`, `box`; a jigsaw when `box` is null),
-- its regions and diagonals, its `givens` placed, and a rule for every constraint of the
-- record (`board:rules()` lists them).
-- @tparam table record one decoded JSON object of the shared variants schema (JSON null may be
-- `nil` or the decoder's null value)
-- @treturn Board|nil the board, or `nil, message` naming the record's id and what is wrong: an
-- unknown key or an unknown kind in `variants`, a cell off the board, a sum no cells can make,
-- givens that do not read, a rule the core refuses ("unknown kind of rule 'cage'" while the
-- core has none)
-- @raise when `record` is not a table
function variant.board(record)
  if type(record) ~= "table" then
    error("bad argument #1 to 'board' (table expected, got " .. type(record) .. ")", 2)
  end
  local ok, err = check_keys(record)
  if not ok then return named(record, err) end
  local n, why = size_of(record)
  if not n then return named(record, why) end
  local givens, bad = givens_of(record, n)
  if givens == nil then return named(record, bad) end
  local board, e = empty_board(record, n)
  if not board then return named(record, e) end
  ok, err = variant.apply(board, record, givens or nil)
  if not ok then return named(record, err) end
  return board
end

--- Sets up `board` (of the record's shape, with no regions or rules of its own yet) as the
-- record's rule keys say: its regions (a jigsaw's replace the boxes when `record.box` is null
-- or absent), then `givens` (N*N characters, optional) placed with `b:fill`, then a rule for
-- every constraint. Keys other than the rule keys are not looked at: this is the part of
-- `variant.board` that the json reader shares.
-- @tparam Board board the board to set up
-- @tparam table record the rule keys (`cages`, `thermos`, ...), and `box` for a jigsaw
-- @tparam[opt] string givens the values to place once the regions are set
-- @treturn true|nil true, or `nil, fault`: `{kind = "bad_variant", key = "cages", path =
-- "cages[3].sum", reason = "expected a whole number, got \"x\""}`, the place of what is wrong
-- as its top-level key and JSON path (`variant.message` words it)
function variant.apply(board, record, givens)
  for i, module in ipairs(MODULES) do
    -- The values go on after the regions (the first family): a jigsaw replaces the boxes of an
    -- empty board.
    if i == 2 and givens then
      local filled, wrong = board:fill(givens)
      if not filled then return common.fail("givens", "%s", wrong) end
    end
    local ok, err = module.apply(board, record)
    if not ok then return nil, err end
  end
  return true
end

-- Every family's apply on a stand-in for a board of side n that records the rules: the list
-- of rule specs, or nil and the fault. Regions are checked and not kept.
local function recorded(record, n)
  local list = {}
  local recorder = {
    size = function() return n end,
    try_add_rule = function(_, spec) list[#list + 1] = spec; return #list end,
    try_set_regions = function() return true end,
    try_add_region = function() return true end,
  }
  for _, module in ipairs(MODULES) do
    local ok, err = module.apply(recorder, record)
    if not ok then return nil, err end
  end
  return list
end

--- The rules a variant record sets, as `board:add_rule` takes them (`{kind =, cells =, ...}`),
-- without building a board: what `variant.board` adds, in the same order. Regions and diagonals
-- are not rules and are left out (their cells are checked all the same).
-- @tparam table record a record of the shared variants schema
-- @treturn table|nil the list of rule specs, or `nil, message` as for `variant.board` (but
-- nothing here asks the core, so a kind it lacks is no error)
-- @raise when `record` is not a table
function variant.rules(record)
  if type(record) ~= "table" then
    error("bad argument #1 to 'rules' (table expected, got " .. type(record) .. ")", 2)
  end
  local ok, err = check_keys(record)
  if not ok then return named(record, err) end
  local n, why = size_of(record)
  if not n then return named(record, why) end
  local list, bad = recorded(record, n)
  if not list then return named(record, bad) end
  return list
end

--- Checks the rule keys of `constraints` (a record's, in the schema's words) for a board of
-- side `n`, as `apply` checks them, without a board: what the writers that draw or convert the
-- constraints (svg, fpuzzles) call before they do, so that an entry is checked in one place.
-- Keys no family reads are left alone.
-- @tparam table constraints the rule keys
-- @int n the side of the board
-- @treturn true|nil true, or `nil, fault` as `apply`'s
function variant.check(constraints, n)
  local spec = { size = n }
  for k, v in pairs(constraints) do spec[k] = v end
  local list, err = recorded(spec, n)
  if not list then return nil, err end
  return true
end

--- The words of a fault of `apply` or `check`: "<path>: <reason>" ("cages[3].sum: expected a
-- whole number, got \"x\""), the path under `parent` when one is given (a reader's
-- "constraints"); the reason alone for a fault of the record itself.
-- @tparam table f the fault
-- @tparam[opt] string parent
-- @treturn string
function variant.message(f, parent)
  return common.message(f, parent)
end

-- JSON text of a rule spec with its keys sorted, to compare two specs.
local function spec_text(spec)
  local keys = {}
  for k in pairs(spec) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for i, k in ipairs(keys) do
    local v = spec[k]
    if type(v) == "table" then
      local items = {}
      for m, x in ipairs(v) do
        items[m] = type(x) == "table" and table.concat(x, ",") or tostring(x)
      end
      v = "[" .. table.concat(items, ";") .. "]"
    end
    parts[i] = k .. "=" .. tostring(v)
  end
  return table.concat(parts, " ")
end

--- The board's rules less those that `constraints` (rule keys of the schema) set up: what a
-- writer of the constraints must still write as plain rules. A board built from the
-- constraints (`variant.board`, the json reader) has their rules first, in the order
-- `variant.apply` adds them; a board whose first rules are not those (put together by hand)
-- gets all its rules back.
-- @tparam Board board the board
-- @tparam table|nil constraints the rule keys
-- @treturn table the list of rule specs (`board:rules()` entries)
function variant.extra_rules(board, constraints)
  local rules = board:rules()
  if not constraints or not next(constraints) then return rules end
  local spec = { size = board:size() }
  for k, v in pairs(constraints) do spec[k] = v end
  local implied = variant.rules(spec)
  if not implied or #implied > #rules then return rules end
  for i, rule in ipairs(implied) do
    if spec_text(rule) ~= spec_text(rules[i]) then return rules end
  end
  local rest = {}
  for i = #implied + 1, #rules do rest[#rest + 1] = rules[i] end
  return rest
end

return variant
