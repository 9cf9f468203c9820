-- f-puzzles (https://www.f-puzzles.com) puzzles as records of our JSON schema, both ways: a
-- decoded f-puzzles object becomes the flat object sudoku.format.json_object reads (size, box,
-- givens, values, regions and the variant rule keys of docs/FORMATS.md), and a record becomes
-- an f-puzzles object. f-puzzles names a cell "R3C7" (rows and columns from 1; clues outside
-- the grid are row or column 0 or N+1) and keeps the digits and jigsaw regions in "grid", one
-- object per cell. The grid and the metadata are read and written here; each rule is its
-- family's (the `fpuzzles` of each module of sudoku.variant: the f-puzzles keys it reads, their
-- reader, the writer of its schema keys), and this loops over the families.
--
-- Nothing is dropped silently: a rule f-puzzles has and the schema lacks (clone, quadruple,
-- between lines, minimum, maximum, a dot of another difference or ratio, a two-cell arrow
-- bulb) is an error naming it, and so is a key neither knows. Only f-puzzles' own decorations
-- (text, lines, circles, rectangles and cages it draws without a rule) and its solver's
-- settings are passed over, as f-puzzles itself gives them no rule.
local dkjson = require "sudoku.format.dkjson"
local common = require "sudoku.variant.common"
local variant = require "sudoku.variant"
local json_object = require "sudoku.format.json_object"
local json_text = require "sudoku.format.json_text"
local symbols = require "sudoku.symbols"
local shape = require "sudoku.shape"

local object = {}

local null = dkjson.null
local got = common.got

-- Failures travel through error() as tables, as in sudoku.format.json_object.
local function fail(fmt, ...)
  error({ message = fmt:format(...) }, 0)
end

-- Keys that draw without a rule, or set up f-puzzles' own solver: passed over.
local COSMETIC = {
  text = true, line = true, circle = true, rectangle = true, cage = true,
  disabledlogic = true, truecandidatesoptions = true, activeConstraints = true,
  highlightConflicts = true,
}

-- f-puzzles rules the schema has no key for, and what they are.
local UNSUPPORTED = {
  clone = "clone cells", quadruple = "quadruples", betweenline = "between lines",
  minimum = "minimum cells", maximum = "maximum cells",
}

-- The keys read here, beyond those of UNSUPPORTED and COSMETIC: the board's, the metadata,
-- the "negative" list, and every family's.
local KNOWN = {
  size = true, grid = true, title = true, author = true, ruleset = true, solution = true,
  negative = true,
}
-- f-puzzles' "negative" list: each kind of mark it names is shown wherever it applies, the
-- schema's key of its family.
local NEGATIVE = {}
for _, family in ipairs(variant.FAMILIES) do
  for _, name in ipairs(family.fpuzzles.NAMES) do KNOWN[name] = true end
  for name, key in pairs(family.fpuzzles.NEGATIVES or {}) do NEGATIVE[name] = key end
end

local function is_list(x)
  return type(x) == "table" and x ~= null
end

-- {r, c} of "R3C7" at `what`; `outside` lets the row or column be 0 or n + 1 (a clue).
local function cell_of(name, n, what, outside)
  local r, c
  if type(name) == "string" then r, c = name:match("^[Rr](%d+)[Cc](%d+)$") end
  if not r then fail("%s: expected a cell such as \"R1C1\", got %s", what, got(name)) end
  r, c = tonumber(r), tonumber(c)
  local low, high = outside and 0 or 1, outside and n + 1 or n
  if r < low or r > high or c < low or c > high then
    fail("%s: %s is off the %dx%d grid", what, name, n, n)
  end
  return { r, c }
end

local function cells_of(list, n, what)
  if not is_list(list) then fail("%s: expected a list of cells, got %s", what, got(list)) end
  local out = {}
  for i, name in ipairs(list) do out[i] = cell_of(name, n, ("%s[%d]"):format(what, i)) end
  return out
end

-- The entries under key `key` (a list of objects), each given to fn(entry, what).
local function each(obj, key, fn)
  local list = obj[key]
  if list == nil or list == null then return end
  if not is_list(list) then fail("%s: expected a list, got %s", key, got(list)) end
  for i, entry in ipairs(list) do
    local what = ("%s[%d]"):format(key, i)
    if not is_list(entry) then fail("%s: expected an object, got %s", what, got(entry)) end
    fn(entry, what)
  end
end

-- A number f-puzzles keeps as text ("15"), or nil when the entry has none (an empty clue).
local function number_of(value, what)
  if value == nil or value == null or value == "" then return nil end
  local n = tonumber(value)
  if not n or n ~= math.floor(n) then
    fail("%s.value: expected a whole number, got %s", what, got(value))
  end
  return n
end

local function append(t, key, v)
  t[key] = t[key] or {}
  t[key][#t[key] + 1] = v
end

-- The lines of an entry ({"lines": [[cells], ...]}), each a list of cells.
local function lines_of(entry, n, what)
  if not is_list(entry.lines) then fail("%s.lines: expected a list of lines", what) end
  local out = {}
  for i, line in ipairs(entry.lines) do out[i] = cells_of(line, n, ("%s.lines[%d]"):format(what, i)) end
  return out
end

local function flag(obj, key)
  local v = obj[key]
  if v == nil or v == null or v == false then return false end
  if v == true then return true end
  fail("%s: expected true or false, got %s", key, got(v))
end

-- f-puzzles' default regions are boxes of the squarest shape, as Board.new's: the tallest
-- box no taller than it is wide (3x3 on 9x9, 2x3 on 6x6, one row on 7x7).
local default_box = shape.squarest

-- The 0-based index of the box of rows x cols that holds cell i (1-based, row-major) of an
-- n x n grid, boxes counted row by row as f-puzzles numbers its regions.
local function box_index(i, n, rows, cols)
  local r, c = math.floor((i - 1) / n), (i - 1) % n
  return math.floor(r / rows) * (n / cols) + math.floor(c / cols)
end

-- {rows, cols} when the regions of the cells (region[i], row-major) are boxes of that shape:
-- f-puzzles can only give other boxes than its default (3x2 on 6x6) as regions.
local function boxes_of(region, n)
  for rows = 1, n do
    if n % rows == 0 then
      local cols = n / rows
      local of_box, same = {}, true
      for i = 1, n * n do
        local b = box_index(i, n, rows, cols)
        if of_box[b] == nil then of_box[b] = region[i] end
        if of_box[b] ~= region[i] then
          same = false
          break
        end
      end
      if same then return { rows, cols } end
    end
  end
  return nil
end

-- Digits, given or not, and the regions of the grid's cells (their parity is
-- sudoku.variant.oddeven's).
local function read_grid(obj, n, out)
  local grid = obj.grid
  if not is_list(grid) or #grid ~= n then
    fail("grid: expected %d rows, got %s", n, is_list(grid) and tostring(#grid) or got(grid))
  end
  local givens, values, region, any_region = {}, {}, {}, false
  local rows, cols = default_box(n)
  for r = 1, n do
    local row = grid[r]
    if not is_list(row) or #row ~= n then fail("grid[%d]: expected %d cells", r, n) end
    for c = 1, n do
      local cell, what = row[c], ("grid[%d][%d]"):format(r, c)
      if not is_list(cell) then fail("%s: expected an object, got %s", what, got(cell)) end
      local i = (r - 1) * n + c
      givens[i], values[i] = ".", "."
      local v = cell.value
      if v ~= nil and v ~= null then
        if type(v) ~= "number" or v ~= math.floor(v) or v < 1 or v > n then
          fail("%s.value: expected a digit from 1 to %d, got %s", what, n, got(v))
        end
        values[i] = symbols.symbol(v)
        if cell.given == true then givens[i] = values[i] end
      end
      local k = cell.region
      if k == null then fail("%s: a cell in no region is not supported", what) end
      if k ~= nil then
        if type(k) ~= "number" or k ~= math.floor(k) or k < 0 or k >= n then
          fail("%s.region: expected a region from 0 to %d, got %s", what, n - 1, got(k))
        end
        any_region = true
      else
        k = box_index((r - 1) * n + c, n, rows, cols)
      end
      region[i] = k
    end
  end
  out.givens = table.concat(givens)
  local shown = table.concat(values)
  if shown ~= out.givens then out.values = shown end
  local box = any_region and boxes_of(region, n)
  if box then
    out.box = box
  elseif any_region then
    local jigsaw = {}
    for k = 1, n do jigsaw[k] = {} end
    for i = 1, n * n do
      local list = jigsaw[region[i] + 1]
      list[#list + 1] = { math.floor((i - 1) / n) + 1, (i - 1) % n + 1 }
    end
    out.box, out.regions = null, jigsaw
  else
    out.box = { rows, cols }
  end
end

-- The f-puzzles "negative" list, as the schema's flags.
local function read_negative(obj, out)
  local list = obj.negative
  if list == nil or list == null then return end
  if not is_list(list) then fail("negative: expected a list, got %s", got(list)) end
  for i, name in ipairs(list) do
    local key = NEGATIVE[name]
    if not key then
      fail("negative[%d]: the negative of %s is not supported", i, got(name))
    end
    out[key] = true
  end
end

-- What a family's reader reads with: the object, its size, the flat object being built, and
-- the readers of f-puzzles' cells, lists and numbers, which fail through error().
local function reading_kit(obj, n, out)
  return {
    obj = obj, n = n, out = out, null = null, fail = fail, got = got,
    cell = function(name, what, outside) return cell_of(name, n, what, outside) end,
    cells = function(list, what) return cells_of(list, n, what) end,
    lines = function(entry, what) return lines_of(entry, n, what) end,
    number = number_of,
    flag = function(key) return flag(obj, key) end,
    each = function(key, fn) each(obj, key, fn) end,
    add = function(key, value) append(out, key, value) end,
  }
end

-- Refuses the keys of rules the schema lacks, and the keys nobody knows, naming them all.
local function check_keys(obj)
  local unsupported, unknown = {}, {}
  for k, v in pairs(obj) do
    local empty = v == null or v == false or (is_list(v) and next(v) == nil)
    if UNSUPPORTED[k] and not empty then
      unsupported[#unsupported + 1] = ("'%s' (%s)"):format(k, UNSUPPORTED[k])
    elseif not (KNOWN[k] or COSMETIC[k] or UNSUPPORTED[k]) then
      unknown[#unknown + 1] = ("'%s'"):format(tostring(k))
    end
  end
  table.sort(unsupported)
  table.sort(unknown)
  if #unsupported > 0 then
    fail("f-puzzles rule%s %s not supported", #unsupported > 1 and "s" or "",
      table.concat(unsupported, ", ") .. (#unsupported > 1 and " are" or " is"))
  end
  if #unknown > 0 then
    fail("unknown f-puzzles key%s %s", #unknown > 1 and "s" or "", table.concat(unknown, ", "))
  end
end

local function read(obj)
  check_keys(obj)
  local n = obj.size
  if type(n) ~= "number" or n ~= math.floor(n) or n < 1 or n > symbols.MAX then
    fail("size: expected a whole number from 1 to %d, got %s", symbols.MAX, got(n))
  end
  local out = { size = n }
  read_grid(obj, n, out)
  local kit = reading_kit(obj, n, out)
  for _, family in ipairs(variant.FAMILIES) do family.fpuzzles.read(kit) end
  read_negative(obj, out)
  local meta = {}
  for from, to in pairs{ title = "name", author = "author", ruleset = "ruleset" } do
    local v = obj[from]
    if type(v) == "string" and v ~= "" then meta[to] = v end
  end
  if is_list(obj.solution) and #obj.solution == n * n then
    local digits = {}
    for i, v in ipairs(obj.solution) do
      digits[i] = type(v) == "number" and v >= 1 and v <= n and symbols.symbol(v) or "."
    end
    meta.solution = table.concat(digits)
  end
  if next(meta) then out.meta = meta end
  return out
end

--- The flat object of our JSON schema for decoded f-puzzles object `obj` (dkjson, nulls kept),
-- for sudoku.format.json_object.read; or nil and a message with the f-puzzles path of what is
-- wrong or unsupported.
function object.to_schema(obj)
  local ok, out = pcall(read, obj)
  if ok then return out end
  if type(out) == "table" and out.message then return nil, out.message end
  error(out, 0)
end

--- The record of decoded f-puzzles object `obj`, built as the json format builds its own
-- (sudoku.format.json_object), or nil and a message.
function object.record_of(obj, opts)
  local flat, err = object.to_schema(obj)
  if not flat then return nil, err end
  return json_object.read(flat, opts)
end

--- Whether a decoded JSON object is f-puzzles' (it has "grid" and "size") rather than ours.
function object.is_fpuzzles(obj)
  return type(obj) == "table" and obj.grid ~= nil and obj.size ~= nil
end

-- Writing ------------------------------------------------------------------------------------

local function name_of(cell)
  return ("R%dC%d"):format(cell[1], cell[2])
end

local function names_of(cells)
  local out = {}
  for i, cell in ipairs(cells) do out[i] = name_of(cell) end
  return out
end

-- Adds `name` to f-puzzles' "negative" list, once.
local function add_negative(out, name)
  for _, had in ipairs(out.negative or {}) do
    if had == name then return end
  end
  append(out, "negative", name)
end

-- What a family's writer writes with: the size, the board, the f-puzzles object being built,
-- f-puzzles' names of cells, and the adding of entries, flags and negatives to the object.
local function writing_kit(n, board, out)
  return {
    n = n, board = board, out = out, name = name_of, names = names_of,
    add = function(key, entry) append(out, key, entry) end,
    set = function(key) out[key] = true end,
    negative = function(name) add_negative(out, name) end,
  }
end

--- The f-puzzles object of a record (docs/FORMATS.md), or nil and a message naming what
-- f-puzzles cannot hold: a rule of the board beyond what its constraints give, a schema key
-- without a counterpart.
function object.from_record(rec)
  local board = rec.board
  local n, rows, cols = board:size()
  local out = { size = n, grid = {} }
  -- A jigsaw's regions, and boxes of another shape than f-puzzles' default, go cell by cell.
  local jigsaw = board:jigsaw()
  local region
  if jigsaw then
    region = {}
    for k, cells in ipairs(jigsaw) do
      for _, cell in ipairs(cells) do region[(cell[1] - 1) * n + cell[2]] = k - 1 end
    end
  elseif rows ~= default_box(n) then
    region = {}
    for i = 1, n * n do region[i] = box_index(i, n, rows, cols) end
  end
  local givens = rec.givens
  for r = 1, n do
    local row = {}
    for c = 1, n do
      local cell = setmetatable({}, json_text.OBJECT)
      local v = board:get(r, c)
      if v ~= 0 then
        cell.value = v
        if not givens or givens[(r - 1) * n + c] then cell.given = true end
      end
      if region then cell.region = region[(r - 1) * n + c] end
      row[c] = cell
    end
    out.grid[r] = row
  end
  local constraints = rec.constraints or {}
  local unknown = {}
  for key in pairs(constraints) do
    if not variant.KEYS[key] then unknown[#unknown + 1] = tostring(key) end
  end
  if #unknown > 0 then
    table.sort(unknown)
    return nil, ("%s: f-puzzles has no counterpart"):format(unknown[1])
  end
  -- A record built by hand may hold anything: its entries are checked as a reader checks them.
  local fine, bad = variant.check(constraints, n)
  if not fine then return nil, variant.message(bad, "constraints") end
  local kit = writing_kit(n, board, out)
  for _, family in ipairs(variant.FAMILIES) do
    local ok, why = family.fpuzzles.write(constraints, kit)
    if not ok then return nil, why end
  end
  local extra = variant.extra_rules(board, constraints)
  if #extra > 0 then
    return nil, ("the board's rule '%s' has no f-puzzles counterpart"):format(extra[1].kind)
  end
  local meta = rec.meta or {}
  if meta.name then out.title = meta.name end
  if meta.author then out.author = meta.author end
  if meta.ruleset then out.ruleset = meta.ruleset end
  return out
end

return object
