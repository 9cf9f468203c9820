-- Watch the search as it happens: the on_place and on_backtrack hooks print every placement
-- and every retracted guess, indented by the number of open guesses.
--   lua5.4 examples/trace_search.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

-- From the magictour "top1465" list of hard puzzles: hard enough to need a few guesses and two
-- backtracks, small enough that the whole trace fits on a screen or two.
local PUZZLE = "..2..9..7..6....3.5.......9..9.126...8..4..9.2.......1.....39.5...785.....3....4."

local board = assert(sudoku.parse(PUZZLE))
print(board)
print()

local WHY = { single = "naked single", hidden = "hidden single", guess = "guess" }

local solver = sudoku.Solver.new(board, {
  on_place = function(r, c, v, depth, reason)
    local mark = reason == "guess" and "? " or "  "
    print(("%s%sr%dc%d = %d   %s"):format(("  "):rep(depth), mark, r, c, v, WHY[reason]))
  end,
  on_backtrack = function(r, c, v, depth)
    print(("%sx r%dc%d = %d   wrong guess, undone"):format(("  "):rep(depth), r, c, v))
  end,
})

local status = solver:step()
print()
print(status .. ":")
print(board)
local stats = solver:stats()
print()
print(("%d nodes, %d guesses, %d backtracks, %d naked and %d hidden singles, deepest %d guesses"):format(
  stats.nodes, stats.guesses, stats.backtracks, stats.singles, stats.hidden, stats.max_depth))
