-- Draws the first puzzle of examples/puzzles.txt, solved, as an SVG picture on stdout: the
-- givens in bold black, the values the solver filled in in blue.
--   lua5.4 examples/render_svg.lua > puzzle.svg

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"
local format = require "sudoku.format"
local record = require "sudoku.format.record"

-- The first puzzle line of a puzzle list: '#' lines and blank lines are notes, not puzzles.
local function first_puzzle(path)
  for line in io.lines(path) do
    if line:match("%S") and not line:match("^%s*#") then return line:match("%S+") end
  end
end

local puzzle = assert(first_puzzle(here .. "puzzles.txt"), "no puzzle in puzzles.txt")
local board = assert(sudoku.parse(puzzle))

-- A board keeps values only, so the givens are noted before the solver fills the rest in.
local n = board:size()
local givens = {}
for r = 1, n do
  for c = 1, n do
    if board:get(r, c) ~= 0 then givens[record.index(n, r, c)] = true end
  end
end
assert(board:solve(), "no solution")

local rec = record.new(board, { givens = givens, meta = { name = "examples/puzzles.txt, puzzle 1" } })
io.write(format.write(rec, "svg"), "\n")
