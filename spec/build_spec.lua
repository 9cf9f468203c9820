-- The shared object the build makes: one entry point, no Lua linked in.
local data = require "support.data"

local lua = require "support.lua"
local version = lua.build
-- The core the specs load: build/<version>/, or the build SUDOKU_BUILD names (make sanitize).
local build = data.build
local so = build .. "/sudoku/core.so"

local function run(command)
  local pipe = assert(io.popen(command .. " 2>&1"))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

describe("the build's sudoku/core.so", function()
  it("exports luaopen_sudoku_core and nothing else of its own", function()
    local exported = {}
    for name in run("nm -D --defined-only " .. so):gmatch("%x+ [TDBR] ([%w_]+)") do
      if not name:match("^_") then exported[#exported + 1] = name end
    end
    assert.same({"luaopen_sudoku_core"}, exported)
  end)

  it("does not link liblua: the host program provides Lua", function()
    local deps = run("ldd " .. so)
    assert.is_nil(deps:match("liblua"))
  end)
end)

describe("a build without the AVX2 code (as on a CPU without it)", function()
  it("builds with -DSDK_FAST9_PORTABLE_ONLY, runs the portable fast path and gets the answers", function()
    local dir = "build/portable-" .. version
    -- LUA_VERSION by name: the headers must be those of the Lua running the specs, under make or
    -- not. env -u LD_PRELOAD: under make sanitize the compiler must not run with the sanitizer's
    -- runtime preloaded (its leak check would fail the build on the compiler's own leaks).
    local out = run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s portable && echo built")
      :format(data.root, version))
    assert.matches("built", out)
    local script = [[
      package.cpath = ARG_SO .. ";" .. package.cpath
      package.path = ARG_LUA .. "lua/?.lua;" .. ARG_LUA .. "lua/?/init.lua;" .. package.path
      local sudoku = require "sudoku"
      io.write(sudoku.core.debug.fast9_isa(), " ")
      local ok = 0
      for line in io.lines(ARG_DATA) do
        local puzzle, solution = line:match("^([^#,]+),(%S+)")
        if puzzle and sudoku.solve(puzzle) == solution then ok = ok + 1 end
      end
      io.write(ok)
    ]]
    script = script:gsub("ARG_SO", ("%q"):format(data.root .. dir .. "/?.so"))
      :gsub("ARG_LUA", ("%q"):format(data.root))
      :gsub("ARG_DATA", ("%q"):format(data.shared .. "magictour_top1465_solved.txt"))
    local f = assert(io.open(data.root .. dir .. "/check.lua", "w"))
    f:write(script)
    f:close()
    assert.equal("portable 1465", run(lua.interpreter .. " " .. data.root .. dir .. "/check.lua"))
  end)
end)
