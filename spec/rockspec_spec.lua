-- The LuaRocks package. The rockspec must name every C source and every Lua module of the
-- checkout (a file added to csrc/ or lua/ and forgotten there would build here and be missing
-- from every installed copy), and `luarocks make` must build and install it, offline, for the
-- Lua running the specs, into a tree from which `require "sudoku"` and the installed `sudoku`
-- command work with nothing of the checkout in reach.
local data = require "support.data"
local lua = require "support.lua"
local command = require "support.command"

local quote = command.quote
-- The version has one source, sudoku.VERSION; the rockspec is named for it (LuaRocks wants
-- that) and declares it, as the first case below checks.
local VERSION = require("sudoku").VERSION
local ROCKSPEC = "sudoku-" .. VERSION .. ".rockspec"
local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

-- Runs a shell line; returns everything it wrote, standard error included.
local function shell(line)
  local pipe = assert(io.popen("{ " .. line .. "; } 2>&1"))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

-- The rockspec's fields, read as LuaRocks reads them: a Lua chunk run in an empty environment.
local function read_rockspec()
  return data.settings(ROCKSPEC)
end

local function sorted(list)
  table.sort(list)
  return list
end

describe("the rockspec", function()
  local spec = read_rockspec()
  local modules = spec.build.modules

  it("is the checkout's one rockspec, named for the version the library reports "
    .. "(sudoku.VERSION), and declares that version, as the type stubs do", function()
    assert.equal(ROCKSPEC .. "\n", shell("cd " .. quote(data.root) .. " && ls sudoku-*.rockspec"))
    assert.equal(VERSION, spec.version)
    local f = assert(io.open(data.root .. "types/sudoku/init.lua", "r"))
    local stub = f:read("*a")
    f:close()
    assert.equal(VERSION, stub:match('\n%s*VERSION = "([^"]*)"'))
  end)

  it("builds sudoku.core from every C source in csrc/'s folders but the C API's (csrc/api/), and "
    .. "from nothing else", function()
    local sources = {}
    local ls = "find csrc -name '*.c' -not -path 'csrc/api/*'"
    for path in shell("cd " .. quote(data.root) .. " && " .. ls):gmatch("%S+") do
      sources[#sources + 1] = path
    end
    assert.is_true(#sources > 0)
    assert.same(sorted(sources), sorted(modules["sudoku.core"].sources))
  end)

  it("installs every Lua file under lua/ as the module its path names", function()
    local expected = {}
    local found = shell("cd " .. quote(data.root) .. " && find lua -name '*.lua'")
    for path in found:gmatch("%S+") do
      local name = path:gsub("^lua/", ""):gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
      expected[name] = path
    end
    local listed = {}
    for name, path in pairs(modules) do
      if name ~= "sudoku.core" then listed[name] = path end
    end
    assert.same(expected, listed)
  end)

  it("declares dkjson, which the JSON formats load when used", function()
    local found = false
    for _, dep in ipairs(spec.dependencies) do
      if dep:match("^dkjson[%s>=~]") or dep == "dkjson" then found = true end
    end
    assert.is_true(found, "dkjson is not among the dependencies")
  end)

  it("installs the sudoku command", function()
    assert.same({ sudoku = "bin/sudoku" }, spec.build.install.bin)
  end)
end)

-- LuaJIT takes modules built for Lua 5.1: its tree is LuaRocks' 5.1 tree.
local rocks_version = lua.jit and "5.1" or lua.number

describe("luarocks make on Lua " .. lua.build, function()
  local dir

  -- One build for the cases below: a copy of the checkout's files (luarocks leaves objects
  -- beside the sources, so not in the checkout) built into a tree of its own, with HOME there
  -- too, so no user's ~/.luarocks is read or written. --deps-mode=none: the build is offline,
  -- and LuaRocks does not see Debian's lua-dkjson (the rockspec's one dependency besides Lua).
  setup(function()
    dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir -p " .. quote(dir .. "/src")) ~= false)
  end)

  teardown(function()
    if dir and dir:match("^/tmp/") then os.execute("rm -rf " .. quote(dir)) end
  end)

  local function build()
    assert(shell("command -v luarocks || echo missing"):match("^/"),
      "luarocks not found: install the Debian package luarocks (sh .ci/install-deps does)")
    -- env -u LD_PRELOAD: under make sanitize, cp and the compiler must not run with the
    -- sanitizer's runtime preloaded (its leak check fails them on their own leaks).
    local steps = ("cd %s && cp -r %s csrc lua bin %s && cd %s && HOME=%s "
      .. "luarocks --lua-version=%s make --deps-mode=none --tree %s %s && echo BUILT"):format(
      quote(data.root), ROCKSPEC, quote(dir .. "/src"), quote(dir .. "/src"), quote(dir),
      rocks_version, quote(dir .. "/tree"), ROCKSPEC)
    local out = shell("env -u LD_PRELOAD sh -c " .. quote(steps))
    assert.matches("BUILT\n$", out)
  end

  it("builds the rock offline and installs it into the tree", function()
    build()
    local tree = dir .. "/tree"
    local so = tree .. "/lib/lua/" .. rocks_version .. "/sudoku/core.so"
    assert.truthy(io.open(so, "rb"), "no " .. so)
    assert.truthy(io.open(tree .. "/bin/sudoku", "rb"), "no installed sudoku command")
  end)

  it("gives require 'sudoku' from the tree alone, threads and all", function()
    local tree = dir .. "/tree"
    local script = table.concat({
      ("package.path = %q .. ';' .. package.path"):format(
        tree .. "/share/lua/" .. rocks_version .. "/?.lua;"
        .. tree .. "/share/lua/" .. rocks_version .. "/?/init.lua"),
      ("package.cpath = %q .. ';' .. package.cpath"):format(
        tree .. "/lib/lua/" .. rocks_version .. "/?.so"),
      "local sudoku = require 'sudoku'",
      -- Where the Lua half came from: a function of the facade written in Lua.
      "local where = debug.getinfo(sudoku.count, 'S').source",
      "local solutions = sudoku.solve_many(" .. ("%q"):format(PUZZLE .. "\n" .. PUZZLE)
        .. ", {threads = 2})",
      "io.write(where, '\\n', sudoku.solve(" .. ("%q"):format(PUZZLE) .. "), '\\n',",
      "  solutions[2], '\\n', sudoku.count(" .. ("%q"):format(PUZZLE) .. ", 2))",
    }, "\n")
    local path = dir .. "/check.lua"
    command.write_file(path, script)
    -- Run from the temporary folder, so that no relative path reaches the checkout.
    local out = shell(("cd %s && %s %s"):format(quote(dir), lua.interpreter, quote(path)))
    local where, solved, many, count = out:match("^(.-)\n(.-)\n(.-)\n(.*)$")
    assert.equal("@" .. tree .. "/share/lua/" .. rocks_version .. "/sudoku/init.lua", where, out)
    assert.equal(SOLUTION, solved)
    assert.equal(SOLUTION, many)
    assert.equal("1", count)
  end)

  it("installs a sudoku command that solves and counts standard input", function()
    local input, errors = dir .. "/puzzles.txt", dir .. "/errors.txt"
    command.write_file(input, PUZZLE .. "\n" .. ("."):rep(80) .. "x\n")
    local function run(args)
      local out = shell(("cd %s && %s %s <%s 2>%s; echo status $?"):format(
        quote(dir), quote(dir .. "/tree/bin/sudoku"), args, quote(input), quote(errors)))
      return out, command.read_file(errors)
    end
    local out, err = run("solve")
    assert.equal(SOLUTION .. "\nstatus 1\n", out)
    assert.equal("<stdin>:2: column 81: unexpected character 'x'\n", err)
    out = run("count --limit 2")
    assert.matches("^1\n", out)
  end)
end)
