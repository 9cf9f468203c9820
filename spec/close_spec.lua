-- Board:close and Solver:close (and <close> variables on Lua 5.4): memory freed now rather than
-- at collection, idempotent, and a clear error for a closed object; and the memory the core
-- holds is told to the garbage collector, so that dropped solvers get collected.
local sudoku = require "sudoku"
local data = require "support.data"
local lua = require "support.lua"

-- A method called on a closed object raises luaL_argerror's message for its self: "calling
-- 'get' on bad self (board is closed)" on 5.4, "bad argument #1 to 'get' (...)" on 5.1.
local function raises(why, f)
  local ok, err = pcall(f)
  assert.is_false(ok)
  assert.matches("(" .. why .. ")", err, 1, true)
end

local HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

describe("Board:close", function()
  it("frees the board; closing again does nothing; using it then raises", function()
    local b = sudoku.parse(HARD)
    b:close()
    b:close()
    raises("board is closed", function() b:get(1, 1) end)
    raises("board is closed", function() b:copy() end)
  end)

  it("is refused from a hook of a search on it, and leaves a solver on it unusable", function()
    local b = sudoku.parse(HARD)
    local s = sudoku.Solver.new(b, { on_place = function() b:close() end })
    local ok, err = pcall(s.step, s)
    assert.is_false(ok)
    assert.matches("cannot close the board: the board is being solved", err, 1, true)
    assert.equal(HARD, b:symbols())
    local paused = sudoku.Solver.new(b)
    assert.equal("running", paused:step(2))
    b:close()
    raises("the solver's board is closed", function() paused:step() end)
    paused = nil   -- luacheck: ignore 311
    collectgarbage()   -- and its collection does not touch the closed board
  end)
end)

describe("Solver:close", function()
  it("takes a paused search's guesses off the board, then frees the search; idempotent", function()
    local b = sudoku.parse(HARD)
    local s = sudoku.Solver.new(b)
    assert.equal("running", s:step(20))
    s:close()
    s:close()
    assert.equal(HARD, b:symbols())
    raises("solver is closed", function() s:step() end)
    raises("solver is closed", function() s:stats() end)
  end)

  it("keeps a solution on the board, and is refused from the solver's own hooks", function()
    local b = sudoku.parse(HARD)
    local s
    s = sudoku.Solver.new(b, { on_solution = function() s:close() end })
    local ok, err = pcall(s.step, s)
    assert.is_false(ok)
    assert.matches("cannot close: the solver is running", err, 1, true)
    local t = sudoku.Solver.new(b)
    assert.equal("solved", t:step())
    t:close()
    assert.equal(81, b:filled())
  end)

  it("runs at the end of a <close> variable's scope on Lua 5.4", function()
    if _VERSION ~= "Lua 5.4" then
      pending("<close> is Lua 5.4 syntax")
      return
    end
    local chunk = assert(load([[
      local sudoku, puzzle = ...
      local b <close> = sudoku.parse(puzzle)
      local s <close> = sudoku.Solver.new(b)
      s:step(3)
      return b, s
    ]]))
    local b, s = chunk(sudoku, HARD)
    raises("solver is closed", function() s:step() end)
    raises("board is closed", function() b:get(1, 1) end)
  end)
end)

describe("the memory the core holds", function()
  it("is told to the collector: solvers dropped in a loop get collected as they go #posix", function()
    -- A fresh interpreter, so that busted's own heap does not set the pace: 300 25x25 solvers
    -- (60 KB each, outside Lua's heap) dropped one by one. Untold, a few hundred KB of Lua
    -- garbage never starts a cycle and all 300 stay alive.
    local script = os.tmpname()
    local f = assert(io.open(script, "w"))
    f:write(([[
      package.path = %q .. package.path
      package.cpath = %q .. package.cpath
      local sudoku = require "sudoku"
      local line
      for l in io.lines(%q) do if l:sub(1, 1) ~= "#" then line = l:sub(1, 625) break end end
      local puzzle = sudoku.parse(line)
      local live = setmetatable({}, { __mode = "v" })
      for i = 1, 300 do
        local s = sudoku.Solver.new(puzzle:copy())
        s:step(1)
        live[i] = s
      end
      local n = 0
      for _ in pairs(live) do n = n + 1 end
      io.write(n)
    ]]):format(data.root .. "lua/?.lua;" .. data.root .. "lua/?/init.lua;",
      data.build .. "/?.so;",
      data.shared .. "gecode_25x25.txt"))
    f:close()
    local pipe = assert(io.popen(lua.interpreter .. " " .. script))
    local alive = tonumber(pipe:read("*a"))
    pipe:close()
    os.remove(script)
    assert.is_true(alive ~= nil and alive < 100, tostring(alive))
  end)
end)
