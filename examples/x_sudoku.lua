-- X-Sudoku (diagonal Sudoku): both long diagonals must also hold every digit once. Each
-- diagonal is one extra all-different region, added with board:add_region.
--   lua5.4 examples/x_sudoku.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

-- janko-x-0764: "Sudoku 0764" by Otto Janko, https://www.janko.at/Raetsel/Sudoku/0764.a.htm
-- (record from the project's variant collection, x.jsonl), with its published solution.
local GIVENS = "..57..21.1.8...9..49.....87....3...1...217...5...4....63.....52..1...6.3.84..51.."
local SOLUTION = "365789214178423965492651387726538491849217536513946728637194852951872643284365179"

local board = assert(sudoku.parse(GIVENS))
print("Janko's Sudoku 0764, an X-Sudoku:")
print(board)
print()
print(("As a plain Sudoku it has %d solutions."):format(board:count()))

local n = board:size()
local main, anti = {}, {}
for i = 1, n do
  main[i] = { i, i }
  anti[i] = { i, n + 1 - i }
end
board:add_region(main)
board:add_region(anti)

print(("With both diagonals as regions it has %d."):format(board:count()))
assert(board:solve(), "no solution")
print()
print(board)
print()
print("Same as the published solution: " .. tostring(board:format("line") == SOLUTION))
