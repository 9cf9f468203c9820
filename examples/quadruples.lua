-- Quadruples, a variant the core has no rule for, written in Lua alone: a clue at the corner
-- where four cells meet lists digits that must appear among those four cells. The rule is a
-- propagator (a board rule of kind "lua"): woken whenever the candidates of its four cells
-- change, it fails when a listed digit has no place left among them, and when a digit has one
-- place left it clears that cell of everything else. The C search does the rest.
--   lua5.4 examples/quadruples.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

-- A 10-clue puzzle made for this example: ambiguous as a plain sudoku, unique with its nine
-- quadruples. Each clue: the top-left cell of the 2x2 square, then its digits.
local GIVENS = ".....9..3....................7........6......2..3...................2.7....7.4..."
local QUADS = {
  { 4, 5, { 1, 2, 7 } }, { 5, 5, { 1, 6, 8 } }, { 1, 6, { 5, 6, 9 } },
  { 6, 7, { 1, 5, 7, 9 } }, { 3, 2, { 1, 6, 7, 9 } }, { 3, 7, { 3, 4, 8 } },
  { 3, 8, { 1, 3, 6, 8 } }, { 2, 1, { 3, 5, 6, 7 } }, { 6, 5, { 1, 3, 6, 8 } },
}

-- The rule for the square whose top-left cell is (r, c).
local function quadruple(r, c, digits)
  local cells = { { r, c }, { r, c + 1 }, { r + 1, c }, { r + 1, c + 1 } }
  return { kind = "lua", name = "quadruple", cells = cells, propagate = function(ctx)
    for _, d in ipairs(digits) do
      local places = {}
      for _, cell in ipairs(cells) do
        if ctx:has(cell[1], cell[2], d) then places[#places + 1] = cell end
      end
      if #places == 0 then return false end           -- d can no longer appear: dead end
      if #places == 1 then                             -- d's last place: nothing else goes there
        local at = places[1]
        for _, v in ipairs(ctx:candidates(at[1], at[2])) do
          if v ~= d and not ctx:eliminate(at[1], at[2], v) then return false end
        end
      end
    end
  end }
end

local board = assert(sudoku.parse(GIVENS))
local plain = board:count(1000)
print(("As a plain sudoku, these %d givens allow %s solutions."):format(
  board:filled(), plain == 1000 and "1000 or more" or tostring(plain)))
for _, q in ipairs(QUADS) do board:add_rule(quadruple(q[1], q[2], q[3])) end

local start = os.clock()
local count = board:count(2)
local solved = board:copy()
assert(solved:solve())
local ms = (os.clock() - start) * 1000
print(("With the quadruples: %d solution (solved and proven unique in %.1f ms):"):format(count, ms))
print(solved)
for _, q in ipairs(QUADS) do
  local r, c, seen = q[1], q[2], {}
  for _, cell in ipairs{ { r, c }, { r, c + 1 }, { r + 1, c }, { r + 1, c + 1 } } do
    seen[solved:get(cell[1], cell[2])] = true
  end
  for _, d in ipairs(q[3]) do assert(seen[d], "a quadruple is not satisfied") end
end
print("Every quadruple holds.")
