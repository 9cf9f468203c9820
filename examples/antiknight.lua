-- Anti-knight Sudoku: equal digits may not be a chess knight's move apart. The rule is a Lua
-- predicate passed to the solver as `constraint`; the core asks it before every placement.
--   lua5.4 examples/antiknight.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

-- lisudoku-anti-knight-9x9-2 from the project's variant collection (antiknight.jsonl): a
-- "no knight step" puzzle from https://www.funwithpuzzles.com/2018/02/no-knight-step-sudoku-puzzles.html
-- as bundled with lisudoku's solver tests, with its published solution.
local GIVENS = "143........59..3.4.2.4...85......21...........32......35...7.2.2.8..97........85."
local SOLUTION = "143578962865921374927463185594736218781295436632184597359847621218659743476312859"

local KNIGHT_MOVES = {
  { -2, -1 }, { -2, 1 }, { -1, -2 }, { -1, 2 }, { 1, -2 }, { 1, 2 }, { 2, -1 }, { 2, 1 },
}

-- May v go at (r, c)? Not when a knight's move away already holds v.
local function no_knight_repeat(board, r, c, v)
  local n = board:size()
  for _, move in ipairs(KNIGHT_MOVES) do
    local rr, cc = r + move[1], c + move[2]
    if rr >= 1 and rr <= n and cc >= 1 and cc <= n and board:get(rr, cc) == v then
      return false
    end
  end
  return true
end

local board = assert(sudoku.parse(GIVENS))
print("An anti-knight Sudoku:")
print(board)
print()
print(("Under the plain rules it has %d solutions."):format(board:count()))

local count = 0
for _ in board:solutions({ constraint = no_knight_repeat }) do count = count + 1 end
print(("With the anti-knight rule it has %d."):format(count))

local solver = sudoku.Solver.new(board, { constraint = no_knight_repeat })
assert(solver:step() == "solved", "no solution")
print()
print(board)
print()
local stats = solver:stats()
print(("%d nodes, %d guesses, %d backtracks"):format(stats.nodes, stats.guesses, stats.backtracks))
print("Same as the published solution: " .. tostring(board:format("line") == SOLUTION))
