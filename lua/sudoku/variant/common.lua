-- What the rule modules of sudoku.variant share: reading cells and lists of the shared variants
-- schema (../shared/data/variants/README.md) with messages that name the record and the place,
-- adding a rule so that the core's refusal comes back as such a message, and the pairs of
-- orthogonal neighbours the "negative" rules cover.
local common = {}

-- The record's name in messages: its id, else its name, else a placeholder.
local function name_of(record)
  local id = record.id or record.name
  if type(id) == "string" or type(id) == "number" then return tostring(id) end
  return "(record without an id)"
end

--- nil and "<id>: <what>: <message>": the failure of a module, naming the record and the key.
function common.fail(record, what, fmt, ...)
  local msg = select("#", ...) > 0 and fmt:format(...) or fmt
  if what then return nil, ("%s: %s: %s"):format(name_of(record), what, msg) end
  return nil, ("%s: %s"):format(name_of(record), msg)
end

-- Whether x stands for JSON's null: nil, or the null value of a decoder (dkjson's is an empty
-- table, lua-cjson's a light userdata).
function common.is_null(x)
  return x == nil or type(x) == "userdata" or (type(x) == "table" and next(x) == nil)
end

local function is_integer(x)
  return type(x) == "number" and x == math.floor(x)
end

--- {r, c} as a fresh pair, or nil and the message: a list of two integers on the board.
function common.cell(record, n, cell, what)
  if type(cell) ~= "table" or #cell ~= 2 or not is_integer(cell[1]) or not is_integer(cell[2]) then
    return common.fail(record, what, "expected a cell [row, column]")
  end
  local r, c = cell[1], cell[2]
  if r < 1 or r > n or c < 1 or c > n then
    return common.fail(record, what, "cell [%d, %d] is off the %dx%d board", r, c, n, n)
  end
  return { r, c }
end

--- A fresh list of distinct cells, at least `min` of them, or nil and the message.
function common.cells(record, n, list, what, min)
  if type(list) ~= "table" then return common.fail(record, what, "expected a list of cells") end
  if #list < (min or 1) then
    return common.fail(record, what, "expected at least %d cells, got %d", min or 1, #list)
  end
  local out, seen = {}, {}
  for i, cell in ipairs(list) do
    local pair, err = common.cell(record, n, cell, ("%s[%d]"):format(what, i))
    if not pair then return nil, err end
    local key = (pair[1] - 1) * n + pair[2]
    if seen[key] then
      return common.fail(record, what, "cell [%d, %d] is listed twice", pair[1], pair[2])
    end
    seen[key] = true
    out[i] = pair
  end
  return out
end

--- The list under record[key] (nil: an empty list), or nil and the message.
function common.list(record, key)
  local list = record[key]
  if common.is_null(list) then return {} end
  if type(list) ~= "table" then return common.fail(record, key, "expected a list") end
  return list
end

--- Whether record[key] switches a rule on: true, or absent/false; anything else is refused.
function common.flag(record, key)
  local v = record[key]
  if v == nil or v == false or common.is_null(v) then return false end
  if v == true then return true end
  return common.fail(record, key, "expected true or false")
end

--- board:<method>(...), with the board's refusal (a region that is no partition, a kind of rule
-- the core lacks, ...) turned into true, or nil and a message naming the record and `what`.
function common.call(board, record, what, method, ...)
  local ok, err = pcall(board[method], board, ...)
  if ok then return true end
  local msg = tostring(err):match("^.-bad argument #%d+ to '[^']+' %((.*)%)$") or tostring(err)
  return common.fail(record, what, "%s", msg)
end

--- board:add_rule(spec) through common.call: an unknown kind, a sum no cells can make, ...
-- come back as nil and a message naming the record and `what`.
function common.add(board, record, what, spec)
  return common.call(board, record, what, "add_rule", spec)
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

--- Reads the list of cell pairs under record[key] (kropki dots): a list of fresh pairs, or nil
-- and the message. `marked`, when given, gets the key of every pair.
function common.pairs_of(record, n, key, marked)
  local list, err = common.list(record, key)
  if not list then return nil, err end
  local out = {}
  for i, pair in ipairs(list) do
    local cells, why = common.cells(record, n, pair, ("%s[%d]"):format(key, i), 2)
    if not cells then return nil, why end
    if #cells ~= 2 then return common.fail(record, ("%s[%d]"):format(key, i), "expected two cells") end
    out[i] = cells
    if marked then marked[common.pair_key(n, cells[1], cells[2])] = true end
  end
  return out
end

--- Adds a rule of `kind` (with `fields`) on every adjacent pair whose key is not in `marked`.
function common.unmarked(board, record, n, what, marked, kind, fields)
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
      local ok, err = common.add(board, record, what, spec)
      if not ok then return nil, err end
    end
  end
  return true
end

return common
