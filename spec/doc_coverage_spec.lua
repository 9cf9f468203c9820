-- Every public function has its place in the API reference (`make doc`: LDoc over the doc
-- comments of the public modules and lua/sudoku/core.luadoc), so that a function added without
-- one fails here. "Public" is what the modules really hand out (spec/support/api.lua): every key
-- of a public module's table whose value is a function (and of the tables inside it, such as
-- sudoku.core.debug), and every method of a Board, a Solver, a Pencil, a Generator, a CanonSet
-- and a Game (the __index of their metatables). The other way round, everything the reference
-- documents as a function exists, so that a renamed or removed function does not linger in it.
-- spec/types_spec.lua holds the same API against the LuaLS stubs of types/.
--
-- The public modules are those whose doc comment names them with @module, and docs/config.ld
-- lists exactly those (checked here); it says why the others are internal.
local api = require "support.api"
local command = require "support.command"
local data = require "support.data"

local quote, read_file = command.quote, command.read_file

-- The text of a file, or nil when there is none.
local try_read = require("support.links").read

-- sudoku.board's table is the Board methods table itself: its functions are Board methods.
local METHOD_TABLES = { ["sudoku.board"] = "Board" }

-- The output of a shell command line (stderr too) and whether it succeeded. The status is
-- echoed, since Lua 5.1's close of a pipe does not give it. The line runs without LD_PRELOAD:
-- under make sanitize, LDoc and the tools it starts (sed, the interpreter) are no programs of
-- ours, and the sanitizer's leak report of theirs would be taken for their output.
local function shell(line)
  local pipe = assert(io.popen("{ unset LD_PRELOAD; " .. line .. "; } 2>&1; echo \"exit $?\""))
  local out = pipe:read("*a")
  pipe:close()
  local text, status = out:match("^(.-)exit (%d+)%s*$")
  return text, status == "0"
end

-- Nil when ldoc is there, else why the cases that need it are pending (an error under CI).
local function no_ldoc()
  return command.missing_tool("ldoc", "lua-ldoc")
end

-- The public functions: { {module =, name =}, ... }, name as the reference spells it ("solve",
-- "debug.fast9", "Board:get").
local function public_functions()
  local list, seen = {}, {}
  local function add(module, name)
    if not seen[module .. " " .. name] then
      seen[module .. " " .. name] = true
      list[#list + 1] = { module = module, name = name }
    end
  end
  for _, module in ipairs(api.modules()) do
    for key, value in pairs(module.value) do
      if type(key) == "string" and type(value) == "function" then
        if METHOD_TABLES[module.name] then
          add("*", METHOD_TABLES[module.name] .. ":" .. key)
        else
          add(module.name, key)
        end
      elseif module.name == "sudoku.core" and key == "debug" then
        for name, fn in pairs(value) do
          if type(fn) == "function" then add(module.name, "debug." .. name) end
        end
      end
    end
  end
  for class, object in pairs(api.objects()) do
    for key in pairs(api.methods(object)) do add("*", class .. ":" .. key) end
  end
  table.sort(list, function(a, b) return a.module .. a.name < b.module .. b.name end)
  return list
end

-- What the reference documents: documented[module][name] = summary, from LDoc's own object
-- graph (spec/support/ldoc_names.lua as its --filter).
local function ldoc_items()
  local root = data.root
  local out, ok = shell("cd " .. quote(root) .. " && LUA_PATH=\"$(pwd)/spec/?.lua;;\" ldoc "
    .. "-c docs/config.ld --filter support.ldoc_names.print .")
  assert(ok, out)
  local documented = {}
  for module, kind, name, summary in out:gmatch("([^\t\n]+)\t([^\t\n]+)\t([^\t\n]+)\t([^\n]*)") do
    if kind ~= "module" then
      documented[module] = documented[module] or {}
      documented[module][name] = { kind = kind, summary = summary }
    end
  end
  return documented
end

-- A method is documented wherever its class's functions are: "Board:get" or "Board.new", in
-- any module (the C ones in sudoku.core, the Lua ones in sudoku.board and sudoku).
local function documented_item(documented, fn)
  if fn.module ~= "*" then
    return documented[fn.module] and documented[fn.module][fn.name]
  end
  local class, method = fn.name:match("^(%w+):(.*)$")
  for _, items in pairs(documented) do
    local item = items[class .. ":" .. method] or items[class .. "." .. method]
    if item then return item end
  end
  return nil
end

describe("the API reference", function()
  local functions = public_functions()

  it("find the public functions to check (a sanity check of the lists above)", function()
    assert.is_true(#functions > 100, #functions .. " public functions")
  end)

  it("have in docs/config.ld every module whose doc comment says @module, and only those #posix",
    function()
    local tagged = {}
    local pipe = assert(io.popen("cd " .. quote(data.root)
      .. " && find lua -name '*.lua' -o -name '*.luadoc' | LC_ALL=C sort"))
    for path in pipe:lines() do
      if read_file(data.root .. path):match("@module%s") then tagged[#tagged + 1] = path end
    end
    pipe:close()
    local listed = {}
    for _, module in ipairs(data.public_modules()) do
      assert(module.name, module.path .. " is in docs/config.ld without an @module tag")
      listed[#listed + 1] = module.path
    end
    table.sort(listed)
    assert.are.same(tagged, listed)
  end)

  it("document every public function, with a summary, in the LDoc reference #posix", function()
    if no_ldoc() then return pending(no_ldoc()) end
    local documented = ldoc_items()
    local missing = {}
    for _, fn in ipairs(functions) do
      local item = documented_item(documented, fn)
      if not (item and item.kind == "function" and item.summary:match("%S")) then
        missing[#missing + 1] = (fn.module == "*" and "" or fn.module .. ".") .. fn.name
      end
    end
    assert.are.same({}, missing)
  end)

  it("documents no function that is not there #posix", function()
    if no_ldoc() then return pending(no_ldoc()) end
    local public = {}
    for _, fn in ipairs(functions) do public[fn.module .. " " .. fn.name] = true end
    local stale = {}
    for module, items in pairs(ldoc_items()) do
      for name, item in pairs(items) do
        if item.kind == "function" then
          local class = name:match("^(%u%w*)[:.]")
          local key = class and ("* " .. class .. ":" .. name:match("[:.](.*)$"))
            or (module .. " " .. name)
          if not public[key] then stale[#stale + 1] = module .. ": " .. name end
        end
      end
    end
    table.sort(stale)
    assert.are.same({}, stale)
  end)

  it("build warning-free with make doc #posix", function()
    if no_ldoc() then return pending(no_ldoc()) end
    -- In a directory of its own: another suite (CI's other lane) may be making build/doc.
    local dir = os.tmpname()
    os.remove(dir)
    local out, ok = shell("cd " .. quote(data.root) .. " && make --no-print-directory doc DOC_DIR="
      .. quote(dir))
    local index = try_read(dir .. "/index.html")
    os.execute("rm -rf " .. quote(dir))
    assert.is_true(ok, out)
    -- LDoc's warnings, and the link checker's broken links, are "FILE:LINE: message" lines.
    assert.is_nil(out:find(":%d+: "), out)
    assert.is_not_nil(index)
  end)
end)
