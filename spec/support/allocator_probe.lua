-- Run by build/<version>/allochost for spec/allocator_spec.lua (see spec/support/allochost.c):
--   allochost spec/support/allocator_probe.lua ROOT
-- Prints "name value" lines that the spec checks. alloc_live() and alloc_calls() come from the
-- host; collectgarbage("count") counts the collector's objects only, so the difference between
-- the two is memory allocated through the state's allocator outside the collector: the core's.
local root = arg[1] or "./"
local build = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")
package.path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
package.cpath = root .. "build/" .. build .. "/?.so;" .. package.cpath
local sudoku = require "sudoku"

-- LuaJIT's trace compiler allocates too (its traces); keep it out of the counts.
local jit = rawget(_G, "jit")
if jit then jit.off() end

local alloc_live, alloc_calls, alloc_peak = alloc_live, alloc_calls, alloc_peak   -- luacheck: ignore 113
local function outside_collector() return alloc_live() - collectgarbage("count") * 1024 end
local function settle() collectgarbage("collect"); collectgarbage("collect") end
local function say(name, value) io.write(name, " ", string.format("%.0f", value), "\n") end

local f = assert(io.open(root .. "examples/puzzles.txt", "rb"))
local text = f:read("*a")
f:close()

-- A 25x25 board: its arrays come through the state's allocator.
settle()
collectgarbage("stop")
local before = outside_collector()
local board = sudoku.Board.new{size = 25}
say("board_bytes", board:bytes())
say("board_outside", outside_collector() - before)
collectgarbage("restart")

-- A general search: nothing after its first step, not one allocator call.
local solver = sudoku.Solver.new(sudoku.parse(("."):rep(256)))
assert(solver:step(1) == "running")
collectgarbage("stop")
local calls = alloc_calls()
assert(solver:step() == "solved")
say("search_calls", alloc_calls() - calls)
collectgarbage("restart")
board, solver = nil, nil   -- luacheck: ignore 311

-- solve_many's workers each make a fast-path object on the first 9x9 puzzle they take, helper
-- threads included: through the state's allocator (behind the core's mutex), so the peak shows it.
collectgarbage("stop")
local live = alloc_live()
alloc_peak()
assert(#sudoku.solve_many(text, {threads = 2}) > 0)
say("many_peak", alloc_peak() - live)
say("fast9_bytes", sudoku.core.debug.fast9_bytes())
collectgarbage("restart")

-- Everything the core allocates it frees, through the same allocator: boards, solvers, the
-- fast path, solve_many on helper threads. After a first round (which loads what loads once),
-- twenty rounds leave nothing outside the collector.
local function round()
  local b = sudoku.Board.new{size = 16}
  sudoku.Solver.new(b, {seed = 5}):step()
  sudoku.solve_many(text, {threads = 2})
  sudoku.solve_many(text, {threads = 1, limit = 2})
  assert(sudoku.parse(("."):rep(81)):count(3) == 3)
  assert(sudoku.parse(("."):rep(81)):solve())
end
round()
settle()
before = outside_collector()
calls = alloc_calls()
for _ = 1, 20 do round() end
settle()
say("rounds_calls", alloc_calls() - calls)
say("rounds_outside", outside_collector() - before)
