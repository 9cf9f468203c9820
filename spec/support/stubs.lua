-- What the LuaLS stubs of types/ declare, read from their text the way LuaLS reads the parts
-- the specs compare: each `---@class NAME[: PARENT]` with its `---@field NAME` lines and the
-- local table that follows it (`local Board = {}`), the functions defined on those tables
-- (`function Board:get(`, `function core.debug.fast9(`), the fields assigned to them
-- (`core.MAX_SIZE = 64`) or given in their constructor (`local sudoku = { VERSION = ...}`), and
-- which class each `---@meta MODULE` file returns. spec/types_spec.lua holds it against what
-- the modules hand out at run time.
local data = require "support.data"

local stubs = {}

-- A class: { name =, parent =, members = {name = "function"|"field"|"optional"}, nested = true
-- for a table inside a module's (core.debug) }, made on first mention. An optional field
-- (`---@field records? ...`) is one a table may lack.
local function class_of(model, name)
  local class = model.classes[name]
  if not class then
    class = { name = name, members = {} }
    model.classes[name] = class
  end
  return class
end

-- Reads one stub file's text into model; `path` names it in errors.
local function read_stub(model, path, text)
  local vars = {}          -- local table variable -> class name
  local pending_class      -- the class whose annotations are being read
  local module
  local depth, constructor = 0, nil
  local n = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    local where = path .. ":" .. n
    local meta = line:match("^%-%-%-@meta%s+([%w_.]+)")
    if meta then module = meta end
    local name, parent = line:match("^%-%-%-@class%s+([%w_.]+)%s*:?%s*([%w_.]*)")
    if name then
      pending_class = class_of(model, name)
      if parent ~= "" then pending_class.parent = parent end
    elseif pending_class and line:match("^%-%-%-@field%s") then
      local field, optional = line:match("^%-%-%-@field%s+([%w_]+)(%??)")
      if field then
        pending_class.members[field] = pending_class.members[field]
          or (optional == "?" and "optional" or "field")
      end
    elseif not line:match("^%-%-%-") then
      local var, rest = line:match("^local%s+([%w_]+)%s*=%s*(.*)$")
      if var and pending_class then
        vars[var] = pending_class.name
        if rest:match("^{%s*$") or rest:match("^{%s*%-%-") then
          constructor, depth = pending_class, 1
        end
      elseif constructor then
        if depth == 1 then
          local key = line:match("^%s*([%w_]+)%s*=")
          if key then constructor.members[key] = "field" end
        end
        local _, opens = line:gsub("{", "")
        local _, closes = line:gsub("}", "")
        depth = depth + opens - closes
        if depth <= 0 then constructor = nil end
      end
      if not line:match("^%s*$") then pending_class = nil end
      -- function VAR.a.b(  /  function VAR:m(
      local head = line:match("^function%s+([%w_.:]+)%s*%(")
      if head then
        local var_name, path_rest = head:match("^([%w_]+)[.:](.*)$")
        local class = assert(vars[var_name], where .. ": " .. head .. " is on no class's table")
        local owner, member = model.classes[class], path_rest
        local sub, last = path_rest:match("^([%w_.]+)[.:]([%w_]+)$")
        if sub then
          -- core.debug.fast9: a function of the table core.debug, a class of its own.
          owner, member = class_of(model, class .. "." .. sub), last
          owner.nested = true
        end
        owner.members[member] = "function"
      end
      local target, key = line:match("^([%w_]+)%.([%w_]+)%s*=")
      if target and vars[target] then
        local members = model.classes[vars[target]].members
        members[key] = members[key] or "field"
      end
      local returned = line:match("^return%s+([%w_]+)%s*$")
      if returned and module then
        model.modules[module] = assert(vars[returned], where .. ": returns no class's table")
      end
    end
  end
end

--- Every stub of types/: `{ classes = {NAME = class}, modules = {MODULE = class name} }`.
function stubs.read()
  local model = { classes = {}, modules = {} }
  local pipe = assert(io.popen("cd '" .. data.root .. "' && find types -name '*.lua' | LC_ALL=C sort"))
  for path in pipe:lines() do read_stub(model, path, data.read(data.root .. path)) end
  pipe:close()
  return model
end

--- The members of a class with its parents': name -> "function", "field" or "optional".
function stubs.members(model, name)
  local out = {}
  local class = model.classes[name]
  while class do
    for key, kind in pairs(class.members) do out[key] = out[key] or kind end
    class = class.parent and model.classes[class.parent]
  end
  return out
end

return stubs
