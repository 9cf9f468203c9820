-- f-puzzles (https://www.f-puzzles.com) puzzles as records of our JSON schema, both ways: a
-- decoded f-puzzles object becomes the flat object sudoku.format.json_object reads (size, box,
-- givens, values, regions and the variant rule keys of docs/FORMATS.md), and a record becomes
-- an f-puzzles object. f-puzzles names a cell "R3C7" (rows and columns from 1; clues outside
-- the grid are row or column 0 or N+1) and keeps the digits and jigsaw regions in "grid", one
-- object per cell.
--
-- Nothing is dropped silently: a rule f-puzzles has and the schema lacks (clone, quadruple,
-- between lines, minimum, maximum, a dot of another difference or ratio, a two-cell arrow
-- bulb) is an error naming it, and so is a key neither knows. Only f-puzzles' own decorations
-- (text, lines, circles, rectangles and cages it draws without a rule) and its solver's
-- settings are passed over, as f-puzzles itself gives them no rule.
local dkjson = require "sudoku.format.dkjson"
local common = require "sudoku.variant.common"
local regions_family = require "sudoku.variant.regions"
local little_killers = require "sudoku.variant.little_killers"
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

-- The keys read here, beyond those of UNSUPPORTED and COSMETIC.
local KNOWN = {
  size = true, grid = true, title = true, author = true, ruleset = true, solution = true,
  killercage = true, littlekillersum = true, sandwichsum = true, thermometer = true,
  arrow = true, difference = true, ratio = true, xv = true, negative = true, odd = true,
  even = true, ["diagonal+"] = true, ["diagonal-"] = true, antiknight = true, antiking = true,
  nonconsecutive = true, disjointgroups = true, extraregion = true, palindrome = true,
  whispers = true, renban = true,
}

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

-- Digits, given or not, and the regions of the grid's cells.
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
      if cell.parity == "Odd" or cell.parity == "Even" then
        append(out, cell.parity == "Odd" and "odd" or "even", { r, c })
      elseif cell.parity ~= nil and cell.parity ~= null then
        fail("%s.parity: expected \"Odd\" or \"Even\", got %s", what, got(cell.parity))
      end
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

local READERS = {}

function READERS.killercage(obj, n, out)
  each(obj, "killercage", function(entry, what)
    append(out, "cages", { sum = number_of(entry.value, what) or null,
      cells = cells_of(entry.cells, n, what .. ".cells") })
  end)
end

function READERS.littlekillersum(obj, n, out)
  each(obj, "littlekillersum", function(entry, what)
    local sum = number_of(entry.value, what)
    -- An empty clue draws an arrow and sets no rule.
    if sum then
      append(out, "little_killers", { sum = sum, clue = cell_of(entry.cell, n, what .. ".cell", true),
        direction = entry.direction })
    end
  end)
end

function READERS.sandwichsum(obj, n, out)
  each(obj, "sandwichsum", function(entry, what)
    local sum = number_of(entry.value, what)
    local at = cell_of(entry.cell, n, what .. ".cell", true)
    if sum then
      if (at[1] == 0 or at[1] == n + 1) and at[2] >= 1 and at[2] <= n then
        append(out, "sandwiches", { column = at[2], sum = sum })
      elseif (at[2] == 0 or at[2] == n + 1) and at[1] >= 1 and at[1] <= n then
        append(out, "sandwiches", { row = at[1], sum = sum })
      else
        fail("%s.cell: %s is not beside a row or a column", what, entry.cell)
      end
    end
  end)
end

function READERS.thermometer(obj, n, out)
  each(obj, "thermometer", function(entry, what)
    for _, line in ipairs(lines_of(entry, n, what)) do append(out, "thermos", line) end
  end)
end

-- Each line of an f-puzzles arrow is an arrow of its own from the shared circle (a circle
-- with two arrows: each sums to it).
function READERS.arrow(obj, n, out)
  each(obj, "arrow", function(entry, what)
    local bulb = cells_of(entry.cells, n, what .. ".cells")
    if #bulb ~= 1 then
      fail("%s: an arrow whose circle is %d cells (a number read across cells) is not supported",
        what, #bulb)
    end
    local circle = bulb[1]
    for i, line in ipairs(lines_of(entry, n, what)) do
      -- f-puzzles draws each line from the circle's cell.
      if line[1] and line[1][1] == circle[1] and line[1][2] == circle[2] then
        table.remove(line, 1)
      end
      if #line == 0 then fail("%s.lines[%d]: a line with no cell beyond the circle", what, i) end
      append(out, "arrows", { circle = { circle[1], circle[2] }, lines = { line } })
    end
  end)
end

-- Dots: f-puzzles' difference dots are white kropki dots when their value is 1 (or absent),
-- ratio dots black ones when it is 2 (or absent).
local function dots(key, target, default, name)
  return function(obj, n, out)
    each(obj, key, function(entry, what)
      local value = number_of(entry.value, what)
      if value and value ~= default then
        fail("%s: a %s dot of %d is not supported (only %d)", what, name, value, default)
      end
      append(out, target, cells_of(entry.cells, n, what .. ".cells"))
    end)
  end
end
READERS.difference = dots("difference", "kropki_white", 1, "difference")
READERS.ratio = dots("ratio", "kropki_black", 2, "ratio")

function READERS.xv(obj, n, out)
  each(obj, "xv", function(entry, what)
    if entry.value ~= "X" and entry.value ~= "V" then
      fail("%s.value: expected \"X\" or \"V\", got %s", what, got(entry.value))
    end
    append(out, "xv", { type = entry.value, cells = cells_of(entry.cells, n, what .. ".cells") })
  end)
end

-- f-puzzles' "negative" list: each kind of mark it names is shown wherever it applies.
-- (f-puzzles' "nonconsecutive" is the negative of its difference dots: see READERS.flags.)
local NEGATIVE = { ratio = "ratio_negative", difference = "consecutive_negative", xv = "xv_negative" }

function READERS.negative(obj, _, out)
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

function READERS.odd(obj, n, out)
  for _, key in ipairs{ "odd", "even" } do
    each(obj, key, function(entry, what) append(out, key, cell_of(entry.cell, n, what .. ".cell")) end)
  end
end

function READERS.flags(obj, _, out)
  for _, key in ipairs{ "antiknight", "antiking" } do
    if flag(obj, key) then out[key] = true end
  end
  -- f-puzzles' non-consecutive leaves out the pairs with a difference dot: it is how the site
  -- shows every white dot (with no dot at all, the two rules are the same).
  if flag(obj, "nonconsecutive") then out.consecutive_negative = true end
  -- f-puzzles' positive diagonal rises from bottom left to top right: the schema's "anti".
  if flag(obj, "diagonal-") then append(out, "diagonals", "main") end
  if flag(obj, "diagonal+") then append(out, "diagonals", "anti") end
end

function READERS.extraregion(obj, n, out)
  each(obj, "extraregion", function(entry, what)
    append(out, "extra", cells_of(entry.cells, n, what .. ".cells"))
  end)
  if flag(obj, "disjointgroups") then
    if out.box == null then fail("disjointgroups: disjoint groups on a jigsaw are not supported") end
    local rows, cols = out.box[1], out.box[2]
    for k = 1, n do
      local group = {}
      local dr, dc = math.floor((k - 1) / cols), (k - 1) % cols
      for b = 1, n do
        local br, bc = math.floor((b - 1) / (n / cols)), (b - 1) % (n / cols)
        group[#group + 1] = { br * rows + dr + 1, bc * cols + dc + 1 }
      end
      append(out, "extra", group)
    end
  end
end

function READERS.lines(obj, n, out)
  for key, target in pairs{ palindrome = "palindromes", whispers = "whispers", renban = "renbans" } do
    each(obj, key, function(entry, what)
      for _, line in ipairs(lines_of(entry, n, what)) do append(out, target, line) end
    end)
  end
end

-- The order READERS run in: the grid's cells first (jigsaw regions, odd/even parity).
local ORDER = {
  "killercage", "littlekillersum", "sandwichsum", "thermometer", "arrow", "difference", "ratio",
  "xv", "negative", "odd", "flags", "extraregion", "lines",
}

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
  for _, name in ipairs(ORDER) do READERS[name](obj, n, out) end
  -- Extra regions follow a jigsaw's N regions, or stand alone.
  if out.extra then
    out.regions = out.regions or {}
    for _, region in ipairs(out.extra) do out.regions[#out.regions + 1] = region end
    out.extra = nil
  end
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

-- Each schema key's f-puzzles entries, added to `out`; `n` the size.
local WRITERS = {
  cages = function(list, out)
    for _, cage in ipairs(list) do
      local entry = { cells = names_of(cage.cells) }
      if type(cage.sum) == "number" then entry.value = ("%d"):format(cage.sum) end
      append(out, "killercage", entry)
    end
  end,
  little_killers = function(list, out, n)
    for _, clue in ipairs(list) do
      append(out, "littlekillersum", { cell = name_of(clue.clue), direction = clue.direction,
        value = ("%d"):format(clue.sum),
        cells = names_of(little_killers.cells(n, clue.clue[1], clue.clue[2], clue.direction)) })
    end
  end,
  sandwiches = function(list, out)
    for _, clue in ipairs(list) do
      local at = clue.row and { clue.row, 0 } or { 0, clue.column }
      append(out, "sandwichsum", { cell = name_of(at), value = ("%d"):format(clue.sum) })
    end
  end,
  thermos = function(list, out)
    for _, line in ipairs(list) do append(out, "thermometer", { lines = { names_of(line) } }) end
  end,
  arrows = function(list, out)
    for _, arrow in ipairs(list) do
      local lines = {}
      for i, line in ipairs(arrow.lines) do
        lines[i] = { name_of(arrow.circle) }
        for _, cell in ipairs(line) do lines[i][#lines[i] + 1] = name_of(cell) end
      end
      append(out, "arrow", { cells = { name_of(arrow.circle) }, lines = lines })
    end
  end,
  kropki_white = function(list, out)
    for _, pair in ipairs(list) do append(out, "difference", { cells = names_of(pair) }) end
  end,
  kropki_black = function(list, out)
    for _, pair in ipairs(list) do append(out, "ratio", { cells = names_of(pair) }) end
  end,
  xv = function(list, out)
    for _, mark in ipairs(list) do append(out, "xv", { cells = names_of(mark.cells), value = mark.type }) end
  end,
  odd = function(list, out)
    for _, cell in ipairs(list) do append(out, "odd", { cell = name_of(cell) }) end
  end,
  even = function(list, out)
    for _, cell in ipairs(list) do append(out, "even", { cell = name_of(cell) }) end
  end,
  diagonals = function(list, out)
    for _, which in ipairs(list) do out[which == "main" and "diagonal-" or "diagonal+"] = true end
  end,
  palindromes = function(list, out)
    for _, line in ipairs(list) do append(out, "palindrome", { lines = { names_of(line) } }) end
  end,
  whispers = function(list, out)
    for _, line in ipairs(list) do append(out, "whispers", { lines = { names_of(line) } }) end
  end,
  renbans = function(list, out)
    for _, line in ipairs(list) do append(out, "renban", { lines = { names_of(line) } }) end
  end,
}
-- Flags: f-puzzles' "negative" list, and its non-consecutive, which is also the negative of
-- its difference dots (see READERS.flags).
local function add_negative(out, name)
  for _, had in ipairs(out.negative or {}) do
    if had == name then return end
  end
  append(out, "negative", name)
end
local function negative(name)
  return function(on, out) if on then add_negative(out, name) end end
end
local function set(...)
  local keys = { ... }
  return function(on, out)
    if on then
      for _, key in ipairs(keys) do out[key] = true end
    end
  end
end
WRITERS.ratio_negative = negative("ratio")
WRITERS.xv_negative = negative("xv")
WRITERS.antiknight = set("antiknight")
WRITERS.antiking = set("antiking")
WRITERS.nonconsecutive = set("nonconsecutive")
WRITERS.consecutive_negative = set("nonconsecutive")
WRITERS.kropki_negative = function(on, out)
  if on then
    out.nonconsecutive = true
    add_negative(out, "ratio")
  end
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
  -- f-puzzles' non-consecutive leaves out the pairs with a dot (READERS.flags): the schema's,
  -- which covers every pair, has no counterpart beside dots.
  if constraints.nonconsecutive and (next(constraints.kropki_white or {})
      or next(constraints.kropki_black or {})) then
    return nil, "nonconsecutive: f-puzzles' non-consecutive leaves out the pairs with a kropki "
      .. "dot, so it has no counterpart beside dots"
  end
  for key, value in pairs(constraints) do
    if not WRITERS[key] then return nil, ("%s: f-puzzles has no counterpart"):format(key) end
    WRITERS[key](value, out, n)
  end
  local extra = variant.extra_rules(board, constraints)
  if #extra > 0 then
    return nil, ("the board's rule '%s' has no f-puzzles counterpart"):format(extra[1].kind)
  end
  -- Extra regions: the board's, less the diagonals that "diagonal+/-" give back.
  local diagonals = {}
  for _, which in ipairs(constraints.diagonals or {}) do
    local key = {}
    for k, cell in ipairs(regions_family.diagonal(n, which)) do key[k] = name_of(cell) end
    diagonals[table.concat(key, " ")] = true
  end
  for _, cells in ipairs(board:regions()) do
    local names = names_of(cells)
    local key = table.concat(names, " ")
    if diagonals[key] then diagonals[key] = nil else append(out, "extraregion", { cells = names }) end
  end
  local meta = rec.meta or {}
  if meta.name then out.title = meta.name end
  if meta.author then out.author = meta.author end
  if meta.ruleset then out.ruleset = meta.ruleset end
  return out
end

return object
