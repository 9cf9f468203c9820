-- The seams fuzz program (fuzz/lua_seams.lua: random boards with random and hostile rules, and
-- random sequences of the API on them) on inputs drawn from a fixed seed, so that every run of
-- the suite, the sanitizer lane's included, goes through a few hundred of them; make fuzz runs
-- it under libFuzzer (the `seams` harness), guided by coverage.
local data = require "support.data"

local run = dofile(data.root .. "fuzz/lua_seams.lua")

-- Bytes from a small linear congruential generator: the same inputs on every Lua.
local function inputs(seed, count, length)
  local list, x = {}, seed
  for i = 1, count do
    local bytes = {}
    for j = 1, length do
      x = (x * 1103515245 + 12345) % 2147483648
      bytes[j] = string.char(math.floor(x / 65536) % 256)
    end
    list[i] = table.concat(bytes)
  end
  return list
end

describe("the seams fuzz program", function()
  it("finds nothing broken on 400 inputs, which reach every call both answering and raising", function()
    local answered, raised = {}, {}
    for i, input in ipairs(inputs(35, 400, 96)) do
      local ok, tally = pcall(run, input)
      assert(ok, ("input %d: %s"):format(i, tostring(tally)))
      for name in pairs(tally.answered) do answered[name] = true end
      for name in pairs(tally.raised) do raised[name] = true end
    end
    for _, name in ipairs{ "solve", "count", "Solver.new", "step", "restore", "hint", "steps",
      "gen.puzzle", "play.new", "set" } do
      assert.is_true(answered[name], name .. " never answered")
    end
    -- Hostile Lua rules make the searches and the logic raise their errors.
    for _, name in ipairs{ "solve", "count", "hint", "steps" } do
      assert.is_true(raised[name], name .. " never raised")
    end
  end)

  it("takes an empty input and one of all ones", function()
    assert.is_table(run(""))
    assert.is_table(run(string.rep("\255", 64)))
  end)
end)
