-- JSON text of a Lua value that reads the same every time: object keys sorted (dkjson leaves
-- their order to pairs()), whole numbers without a fraction, an empty table as [] unless it
-- carries the OBJECT metatable ({}). The json writer's and the fpuzzles writer's encoder.
local dkjson = require "sudoku.format.dkjson"

local json_text = {}

--- The metatable of a table written as a JSON object even when empty (an f-puzzles grid cell
-- with nothing in it is {}, not []).
json_text.OBJECT = {}

--- The JSON text of `v`; `first`, when given, lists keys of the top-level object that come
-- before the sorted others (f-puzzles puts "size" and "grid" first).
function json_text.encode(v, first)
  if type(v) == "number" and v == math.floor(v) and v > -2 ^ 53 and v < 2 ^ 53 then
    return ("%d"):format(v)
  end
  if type(v) ~= "table" or v == dkjson.null then return (dkjson.encode(v)) end
  local parts = {}
  if #v > 0 or (next(v) == nil and getmetatable(v) ~= json_text.OBJECT) then
    for i = 1, #v do parts[i] = json_text.encode(v[i]) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  local keys, leading = {}, {}
  for _, k in ipairs(first or {}) do
    if v[k] ~= nil then
      keys[#keys + 1] = k
      leading[k] = true
    end
  end
  local rest = {}
  for k in pairs(v) do
    if not leading[k] then rest[#rest + 1] = k end
  end
  table.sort(rest)
  for _, k in ipairs(rest) do keys[#keys + 1] = k end
  for i, k in ipairs(keys) do
    parts[i] = dkjson.quotestring(k) .. ":" .. json_text.encode(v[k])
  end
  return "{" .. table.concat(parts, ",") .. "}"
end

return json_text
