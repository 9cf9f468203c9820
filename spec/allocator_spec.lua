-- The core takes all its memory from the Lua state's allocator (lua_getallocf in the binding),
-- on every Lua, LuaJIT included. collectgarbage("count") cannot show it (it counts the
-- collector's objects only), so this spec builds a small host, build/<version>/allochost
-- (spec/support/allochost.c), whose state allocates through a counting wrapper installed with
-- lua_setallocf, and runs spec/support/allocator_probe.lua in it.
local data = require "support.data"
local command = require "support.command"
local lua = require "support.lua"

local quote, run = command.quote, command.shell

describe("the core's memory, on " .. lua.build, function()
  local probe

  setup(function()
    -- env -u LD_PRELOAD: under make sanitize the sanitizer's runtime is preloaded into every
    -- child, and make and the (uninstrumented) host would report their own memory as errors.
    -- This spec is about where the core's memory comes from, which the ordinary build shows.
    local out, status = run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s allochost"):format(
      quote(data.root), lua.build))
    assert(status == 0, out)
    out, status = run(("cd %s && env -u LD_PRELOAD build/%s/allochost spec/support/allocator_probe.lua ./")
      :format(quote(data.root), lua.build))
    assert(status == 0, out)
    probe = {}
    for name, value in out:gmatch("(%S+) (%-?%d+)\n") do probe[name] = tonumber(value) end
  end)

  it("comes through the state's allocator: a board's arrays are allocated there", function()
    -- All of the board but its small header, which lives in the userdata (a collector object).
    assert.is_true(probe.board_outside > 0.9 * probe.board_bytes, probe.board_outside)
    assert.is_true(probe.board_outside <= probe.board_bytes, probe.board_outside)
  end)

  it("is not asked for once a general search has started", function()
    assert.equal(0, probe.search_calls)
  end)

  it("comes through the state's allocator on solve_many's helper threads too", function()
    assert.is_true(probe.many_peak >= probe.fast9_bytes, probe.many_peak)
  end)

  it("is all given back through the same allocator", function()
    assert.is_true(probe.rounds_calls > 0)
    assert.equal(0, probe.rounds_outside)
  end)
end)
