-- Access to the shared puzzle sets (../shared/data) and the small fixtures in spec/fixtures.
local data = {}

local root = debug.getinfo(1, "S").source:match("^@(.*)spec/support/data%.lua$") or ""
if root == "" then root = "./" end

data.root = root
data.shared = root .. "../shared/data/"
data.fixtures = root .. "spec/fixtures/"

-- The build whose core the specs load (spec/helper.lua puts it on package.cpath): the one
-- SUDOKU_BUILD names (make sanitize's build/asan-5.4, make test-cross), else this Lua's own,
-- build/<5.x> or build/jit. Child processes that must run the same core take it from here.
local build = os.getenv("SUDOKU_BUILD")
if not build or build == "" then build = root .. "build/" .. require("support.lua").build end
data.build = build

-- Returns every record of a dataset file as a list of field lists: comment lines (#) and blank
-- lines are skipped, fields are split on commas.
function data.records(path)
  local f = assert(io.open(path, "r"))
  local out = {}
  for line in f:lines() do
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local fields = {}
      for field in (line .. ","):gmatch("([^,]*),") do fields[#fields + 1] = field end
      out[#out + 1] = fields
    end
  end
  f:close()
  return out
end

-- The first field of every record of a file: the puzzles of a `puzzle,...` list.
function data.puzzles(path)
  local list = {}
  for _, rec in ipairs(data.records(path)) do list[#list + 1] = rec[1] end
  return list
end

function data.shared_records(name)
  return data.records(data.shared .. name)
end

function data.read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

-- The globals a file of settings written in Lua sets (a rockspec, LDoc's docs/config.ld), run
-- in an empty environment as LuaRocks and LDoc run them. `path` is from the checkout's root.
function data.settings(path)
  local env = {}
  local chunk
  if setfenv then
    chunk = assert(loadfile(root .. path))
    setfenv(chunk, env)
  else
    chunk = assert(loadfile(root .. path, "t", env))
  end
  chunk()
  return env
end

-- The public modules: the files of docs/config.ld's `file` list, which LDoc documents (a module
-- is public when its doc comment names it with @module; doc_coverage_spec checks that the list
-- holds exactly those). { {name =, path =}, ... } in the list's order, path from the root.
function data.public_modules()
  local list = {}
  for _, path in ipairs(data.settings("docs/config.ld").file) do
    path = path:gsub("^%.%./", "")
    list[#list + 1] = { name = data.read(root .. path):match("@module%s+([%w_.]+)"), path = path }
  end
  return list
end

return data
