-- What the rule modules of sudoku.variant share: reading cells and lists of the variants schema
-- (docs/FORMATS.md, "Variant rules") with faults that name the place as a JSON path
-- ("cages[3].sum", lists counted from 1, as rows and columns are) and the top-level key it is
-- under, adding a rule so that the core's refusal comes back as such a fault, and the pairs of
-- orthogonal neighbours the "negative" rules cover. A fault is data,
--   {kind = "bad_variant", key = "cages", path = "cages[3].sum", reason = "expected a whole
--    number, got \"x\""}
-- (key and path absent for the record itself), and common.message is the one place that words
-- it: sudoku.variant puts the record's name in front, the json reader its record and line.
local common = {}

-- The key and the path of a place: a top-level key (a string), a place of common.at, or nil.
local function place(where)
  if type(where) == "table" then return where.key, where.path end
  return where, where
end

--- The place `where` (a top-level key or a place this made) followed by `fmt` formatted:
-- `common.at("cages", "[%d]", 3)` is cages[3], under the key "cages".
function common.at(where, fmt, ...)
  local key, path = place(where)
  return { key = key, path = path .. fmt:format(...) }
end

--- nil and the fault of a module at `where` (a top-level key, a place of common.at, or nil: the
-- record itself), its reason `fmt` formatted.
function common.fail(where, fmt, ...)
  local key, path = place(where)
  local reason = select("#", ...) > 0 and fmt:format(...) or fmt
  return nil, { kind = "bad_variant", key = key, path = path, reason = reason }
end

--- The words of a fault: "<path>: <reason>" (the reason alone for the record itself), the path
-- under `parent` when one is given ("constraints.cages[3].sum: ...").
-- @tparam table f the fault
-- @tparam[opt] string parent
-- @treturn string
function common.message(f, parent)
  if not f.path then return f.reason end
  if parent then return ("%s.%s: %s"):format(parent, f.path, f.reason) end
  return ("%s: %s"):format(f.path, f.reason)
end

-- Whether x stands for JSON's null: nil, or the null value of a decoder (dkjson's is an empty
-- table, lua-cjson's a light userdata).
function common.is_null(x)
  return x == nil or type(x) == "userdata" or (type(x) == "table" and next(x) == nil)
end

local is_integer = require("sudoku.number").is_integer
local show = require "sudoku.show"
common.is_integer = is_integer

local LONGEST_SHOWN = 24

--- How a value that is not what was expected reads in a message: a string quoted (and cut when
-- long, its bytes shown as sudoku.show shows them), a number or boolean as itself, null, a list or
-- an object as such.
function common.got(x)
  if x == nil or type(x) == "userdata" then return "null" end
  if type(x) == "string" then return show.quoted(x, '"', LONGEST_SHOWN) end
  if type(x) == "table" then
    if next(x) == nil then return "null or an empty list" end
    if #x == 0 then return "an object" end
    -- A short list of numbers (a cell gone wrong) is shown whole.
    if #x > 4 then return "a list" end
    local parts = {}
    for i, v in ipairs(x) do
      if type(v) ~= "number" then return "a list" end
      parts[i] = v == math.floor(v) and v > -2 ^ 53 and v < 2 ^ 53 and ("%d"):format(v)
        or tostring(v)
    end
    return "[" .. table.concat(parts, ", ") .. "]"
  end
  return tostring(x)
end

--- {r, c} as a fresh pair, or nil and the fault: a list of two integers on the board.
function common.cell(n, cell, what)
  if type(cell) ~= "table" or #cell ~= 2 or not is_integer(cell[1]) or not is_integer(cell[2]) then
    return common.fail(what, "expected a cell [row, column], got %s", common.got(cell))
  end
  local r, c = cell[1], cell[2]
  if r < 1 or r > n or c < 1 or c > n then
    return common.fail(what, "cell [%d, %d] is off the %dx%d board", r, c, n, n)
  end
  return { r, c }
end

--- A fresh list of distinct cells, at least `min` of them, or nil and the fault.
function common.cells(n, list, what, min)
  if type(list) ~= "table" then
    return common.fail(what, "expected a list of cells, got %s", common.got(list))
  end
  if #list < (min or 1) then
    return common.fail(what, "expected at least %d cells, got %d", min or 1, #list)
  end
  local out, seen = {}, {}
  for i, cell in ipairs(list) do
    local pair, err = common.cell(n, cell, common.at(what, "[%d]", i))
    if not pair then return nil, err end
    local key = (pair[1] - 1) * n + pair[2]
    if seen[key] then
      return common.fail(what, "cell [%d, %d] is listed twice", pair[1], pair[2])
    end
    seen[key] = true
    out[i] = pair
  end
  return out
end

--- The list under record[key] (absent or null: an empty list), or nil and the fault; `path`
-- (default `key`) names it in the fault.
function common.list(record, key, path)
  local list = record[key]
  if common.is_null(list) then return {} end
  if type(list) ~= "table" or (#list == 0 and next(list) ~= nil) then
    return common.fail(path or key, "expected a list, got %s", common.got(list))
  end
  return list
end

--- The object at `what` (a table that is no list), or nil and the fault.
function common.object(x, what)
  if type(x) ~= "table" or #x > 0 or next(x) == nil then
    return common.fail(what, "expected an object, got %s", common.got(x))
  end
  return x
end

--- The entry at `what`: an object whose keys are all among `keys` (a list); nil and the fault
-- naming the first other key and the ones it may have (`what` is `kind` in that message).
function common.entry(x, what, kind, keys)
  local ok, err = common.object(x, what)
  if not ok then return nil, err end
  local allowed = {}
  for _, k in ipairs(keys) do allowed[k] = true end
  local unknown = {}
  for k in pairs(x) do
    if not allowed[k] then unknown[#unknown + 1] = tostring(k) end
  end
  if #unknown == 0 then return x end
  table.sort(unknown)
  local names = '"' .. table.concat(keys, '", "') .. '"'
  return common.fail(what, "unknown key '%s' (%s has %s)", unknown[1], kind,
    names:gsub(', ([^,]*)$', " and %1"))
end

--- Whether record[key] switches a rule on: true, or absent/false; anything else is refused.
function common.flag(record, key)
  local v = record[key]
  if v == nil or v == false or common.is_null(v) then return false end
  if v == true then return true end
  return common.fail(key, "expected true or false, got %s", common.got(v))
end

--- The whole number at `what`, or nil and the fault.
function common.integer(x, what)
  if not is_integer(x) then
    return common.fail(what, "expected a whole number, got %s", common.got(x))
  end
  return x
end

--- board:try_add_rule(spec): a spec the core refuses (an unknown kind, a sum no cells can
-- make, ...) comes back as nil and a fault at `what` with its reason.
function common.add(board, what, spec)
  local count, fault = board:try_add_rule(spec)
  if count then return true end
  return common.fail(what, "%s", fault.reason)
end

--- The pairs of orthogonally adjacent cells of an n x n board, each once, as {{r, c}, {r, c2}}
-- with the first cell above or left of the second, in row-major order of the first.
function common.adjacent_pairs(n)
  local out = {}
  for r = 1, n do
    for c = 1, n do
      if c < n then out[#out + 1] = { { r, c }, { r, c + 1 } } end
      if r < n then out[#out + 1] = { { r, c }, { r + 1, c } } end
    end
  end
  return out
end

--- A key for the unordered pair of cells a and b on a board of side n.
function common.pair_key(n, a, b)
  local i, j = (a[1] - 1) * n + a[2], (b[1] - 1) * n + b[2]
  if i > j then i, j = j, i end
  return i * (n * n + 1) + j
end

--- Two distinct cells at `what` that are orthogonal neighbours (a dot or a mark sits on the
-- edge between them), or nil and the fault.
function common.neighbours(n, list, what)
  local cells, why = common.cells(n, list, what, 2)
  if not cells then return nil, why end
  if #cells ~= 2 then return common.fail(what, "expected two cells, got %d", #cells) end
  local a, b = cells[1], cells[2]
  if math.abs(a[1] - b[1]) + math.abs(a[2] - b[2]) ~= 1 then
    return common.fail(what, "cells [%d, %d] and [%d, %d] are not orthogonal neighbours",
      a[1], a[2], b[1], b[2])
  end
  return cells
end

--- Reads the list of cell pairs under record[key] (kropki dots): a list of fresh pairs, or nil
-- and the fault. `marked`, when given, gets the key of every pair.
function common.pairs_of(record, n, key, marked)
  local list, err = common.list(record, key)
  if not list then return nil, err end
  local out = {}
  for i, pair in ipairs(list) do
    local cells, why = common.neighbours(n, pair, common.at(key, "[%d]", i))
    if not cells then return nil, why end
    out[i] = cells
    if marked then marked[common.pair_key(n, cells[1], cells[2])] = true end
  end
  return out
end

--- Adds a rule of `kind` (with `fields`) on every adjacent pair whose key is not in `marked`.
function common.unmarked(board, n, what, marked, kind, fields)
  for _, pair in ipairs(common.adjacent_pairs(n)) do
    if not marked[common.pair_key(n, pair[1], pair[2])] then
      local spec = { kind = kind, cells = pair }
      for k, v in pairs(fields or {}) do
        if type(v) == "table" then
          local copy = {}
          for i, x in ipairs(v) do copy[i] = x end
          v = copy
        end
        spec[k] = v
      end
      local ok, err = common.add(board, what, spec)
      if not ok then return nil, err end
    end
  end
  return true
end

--- The lines under record[key]: a list of fresh cell lists of at least `min` cells each, or nil
-- and the fault (thermometers, whispers, renbans, palindromes, arrows' shafts); `path`
-- (default `key`) names the list in faults.
function common.lines(record, n, key, min, path)
  path = path or key
  local list, err = common.list(record, key, path)
  if not list then return nil, err end
  local out = {}
  for i, line in ipairs(list) do
    local cells, why = common.cells(n, line, common.at(path, "[%d]", i), min)
    if not cells then return nil, why end
    out[i] = cells
  end
  return out
end

return common
