-- The shared object the build makes: one entry point, no Lua linked in.
local data = require "support.data"

local version = _VERSION:match("%d+%.%d+")
local so = data.root .. "build/" .. version .. "/sudoku/core.so"

local function run(command)
  local pipe = assert(io.popen(command .. " 2>&1"))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

describe("build/<version>/sudoku/core.so", function()
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
