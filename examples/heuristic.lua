-- A search heuristic in twenty lines of Lua, compared with the ready ones in the lab.
--   lua5.4 examples/heuristic.lua [PUZZLE_FILE]
-- Without a file it takes the first 20 puzzles of magictour's "top1465" hard list (a copy in
-- spec/fixtures). `sudoku lab FILE --heuristics mrv,wdeg,my.lua` does the same from the shell.

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local heuristic = require "sudoku.heuristic"
local lab = require "sudoku.lab"
local report = require "sudoku.lab.report"

-- A new idea: among the cells with fewest candidates, the one that has run out of candidates
-- most often, then the heaviest (the solver counts contradictions per cell and per unit).
-- Scores are lowest first; each breaks the ties of the one before.
local busiest = {
  name = "fewest, then most failures",
  description = "fewest candidates; ties: most failures at the cell, then in its units",
  cell = {
    function(_, _, _, count) return count end,
    function(solver, r, c) return -solver:failures(r, c) end,
    function(solver, r, c) return -solver:weight(r, c) end,
  },
}

-- The same tie-breaks as a strategy of their own, composed onto MRV by the library.
local failures = {
  name = "failures", description = "most failures at the cell, then in its units",
  cell = {
    function(solver, r, c) return -solver:failures(r, c) end,
    function(solver, r, c) return -solver:weight(r, c) end,
  },
}
local composed = heuristic.combine(heuristic.get("mrv"), failures, "mrv+failures")

local puzzles = {}
for line in io.lines(arg[1] or (here .. "../spec/fixtures/top1465_first20.txt")) do
  local puzzle = line:match("^([^#,%s][^,%s]*)")
  if puzzle then puzzles[#puzzles + 1] = puzzle end
end

local results = lab.run(puzzles, { "wdeg", "mrv", "first", "lcv", busiest, composed },
  { max_nodes = 100000 })
io.write(report.markdown(results, { title = "Heuristics on " .. #puzzles .. " hard puzzles" }))
