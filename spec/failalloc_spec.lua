-- Allocation failure: spec/support/failalloc.c runs parse, solve, count, solve_many, a variant
-- board and a Solver with every hook over an allocator that refuses the k-th allocation (then
-- also every later one), for every k until the snippet no longer reaches a refusal. Each run
-- must end in the right answers or a Lua memory error ("not enough memory"), never a crash or
-- another error, and lua_close must give back every byte. Built by make (build/<version>/
-- failalloc, or in the build SUDOKU_BUILD names, so make sanitize runs it under ASan).
local data = require "support.data"

local program = data.build .. "/failalloc"

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- Runs failalloc with the arguments; returns its output and exit status.
local function failalloc(...)
  local args = { quote(program), quote(data.root) }
  for _, a in ipairs { ... } do args[#args + 1] = quote(tostring(a)) end
  local pipe = assert(io.popen(table.concat(args, " ") .. " 2>&1; echo \"exit:$?\""))
  local out = pipe:read("*a")
  pipe:close()
  local body, status = out:match("^(.*)exit:(%d+)\n$")
  return body, tonumber(status)
end

describe("the core when memory runs out", function()
  local f = io.open(program, "rb")
  if f then f:close() end

  it("is built as " .. program, function()
    assert.is_not_nil(f, "build it with make failalloc")
  end)

  it("gives a memory error or the right answers for the first refusals, and frees everything", function()
    local out, status = failalloc(40)
    assert.matches("; 0 problems\n$", out)
    assert.equal(0, status)
  end)

  it("#slow does so for every allocation of parse, solve, solve_many and a hooked Solver", function()
    local out, status = failalloc()
    local total, runs, memory = out:match("(%d+) allocations in the snippet; (%d+) runs with a " ..
      "refusal: (%d+) memory errors")
    assert.is_not_nil(total, out)
    -- Every k up to the last allocation, twice (that one only, and every one from it on).
    assert.is_true(tonumber(runs) >= 2 * tonumber(total) - 2, out)
    assert.is_true(tonumber(memory) >= tonumber(total) - 1, out)
    assert.matches("; 0 problems\n$", out)
    assert.equal(0, status)
  end)
end)
