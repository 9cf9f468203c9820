-- Every public function has its place in the API reference (`make doc`: LDoc over the doc
-- comments of the public modules and lua/sudoku/core.luadoc) and a LuaLS stub in types/, so
-- that a function added without them fails here. "Public" is what the modules really hand out:
-- every key of a public module's table whose value is a function (and of the tables inside it,
-- such as sudoku.core.debug), and every method of a Board, a Solver and a Pencil (the __index of their
-- metatables). The other way round, everything the reference documents as a function exists,
-- so that a renamed or removed function does not linger in it.
--
-- The internal modules (sudoku.number, sudoku.show, the readers' machinery of sudoku.format,
-- sudoku.gen's parts, sudoku.cli.*) are left out of the reference on purpose: docs/config.ld
-- says why.
local command = require "support.command"
local data = require "support.data"

local quote, read_file = command.quote, command.read_file

-- The text of a file, or nil when there is none.
local function try_read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return text
end

-- The public modules: those of docs/config.ld, where LDoc reads them.
local config_modules = data.public_modules

local MODULES = {}
for i, module in ipairs(config_modules()) do MODULES[i] = module.name end

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
  for _, module in ipairs(MODULES) do
    local t = require(module)
    for key, value in pairs(t) do
      if type(key) == "string" and type(value) == "function" then
        if METHOD_TABLES[module] then
          add("*", METHOD_TABLES[module] .. ":" .. key)
        else
          add(module, key)
        end
      elseif module == "sudoku.core" and key == "debug" then
        for name, fn in pairs(value) do
          if type(fn) == "function" then add(module, "debug." .. name) end
        end
      end
    end
  end
  local sudoku = require "sudoku"
  local board = sudoku.Board.new { size = 4 }
  local objects = { Board = board, Solver = sudoku.Solver.new(board),
    Pencil = require("sudoku.logic").pencil(board),
    Generator = require("sudoku.gen").generator { size = 4, seed = 1 },
    CanonSet = require("sudoku.gen").canonical_set(),
    Game = require("sudoku.play").new(("1234341221434321"):gsub("4321$", "...."):gsub("^1", ".")) }
  for class, object in pairs(objects) do
    for key, value in pairs(getmetatable(object).__index) do
      if type(value) == "function" then add("*", class .. ":" .. key) end
    end
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

-- The stub file of a module: types/<path>.lua, or types/<path>/init.lua for a package.
local function stub_of(module)
  local path = data.root .. "types/" .. module:gsub("%.", "/")
  return try_read(path .. ".lua") or try_read(path .. "/init.lua")
end

-- Every "function NAME(" the stubs define, by file.
local function stub_functions(text)
  local names = {}
  for name in text:gmatch("\nfunction%s+([%w_.:]+)%s*%(") do names[name] = true end
  return names
end

local function all_stubs()
  local names = {}
  local pipe = assert(io.popen("cd " .. quote(data.root) .. " && find types -name '*.lua'"))
  for path in pipe:lines() do
    for name in pairs(stub_functions("\n" .. read_file(data.root .. path))) do names[name] = true end
  end
  pipe:close()
  return names
end

local function has_stub(fn, stubs_anywhere)
  if fn.module == "*" then
    local class, method = fn.name:match("^(%w+):(.*)$")
    return stubs_anywhere[class .. ":" .. method] or stubs_anywhere[class .. "." .. method]
  end
  local text = stub_of(fn.module)
  if not text then return false end
  local var = text:match("\nreturn%s+([%w_]+)%s*$")
  return var ~= nil and stub_functions("\n" .. text)[var .. "." .. fn.name] == true
end

describe("the API reference and the type stubs", function()
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
    for _, module in ipairs(config_modules()) do
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

  it("give every public function a LuaLS stub in types/ #posix", function()
    local anywhere = all_stubs()
    local missing = {}
    for _, fn in ipairs(functions) do
      if not has_stub(fn, anywhere) then
        missing[#missing + 1] = (fn.module == "*" and "" or fn.module .. ".") .. fn.name
      end
    end
    assert.are.same({}, missing)
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
