-- Killer Sudoku from JSON text: one record of the shared variants schema (size, box, givens and
-- cages, each cage a sum and its cells), decoded with dkjson and turned by sudoku.variant into
-- a board whose cages are rules of the board: solve, count and the Solver honour them.
--   lua5.4 examples/killer_json.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local dkjson = require "dkjson"
local sudoku = require "sudoku"

-- A 6x6 killer made for this example (cages drawn around a grid of sudoku.gen.solution,
-- uniqueness checked): no givens, only the cages.
local KILLER = [==[
{"id": "example-killer-6x6", "size": 6, "box": [2, 3], "givens": "....................................",
 "cages": [
  {"sum": 7, "cells": [[1, 1], [2, 1], [2, 2]]}, {"sum": 14, "cells": [[1, 2], [1, 3], [2, 3]]},
  {"sum": 18, "cells": [[1, 4], [2, 4], [2, 5], [3, 5]]}, {"sum": 9, "cells": [[1, 5], [1, 6], [2, 6]]},
  {"sum": 7, "cells": [[3, 1], [3, 2]]}, {"sum": 10, "cells": [[3, 3], [4, 3]]},
  {"sum": 3, "cells": [[3, 4], [4, 4]]}, {"sum": 8, "cells": [[3, 6], [4, 6]]},
  {"sum": 4, "cells": [[4, 1], [4, 2]]}, {"sum": 10, "cells": [[4, 5], [5, 5], [6, 5]]},
  {"sum": 13, "cells": [[5, 1], [5, 2], [6, 2]]}, {"sum": 12, "cells": [[5, 3], [5, 4], [6, 4], [6, 3]]},
  {"sum": 6, "cells": [[5, 6], [6, 6]]}, {"sum": 5, "cells": [[6, 1]]}
 ]}
]==]

local record = assert(dkjson.decode(KILLER))
local board, err = sudoku.variant.board(record)
if not board then
  -- A build of the core without the `cage` rule says so here, naming the record and the cage.
  io.stderr:write("cannot build the killer: ", err, "\n")
  os.exit(1)
end

print(("A %dx%d killer with %d cages and no givens."):format(record.size, record.size, #record.cages))
print(("Its board has %d rules, one per cage; it has %d solution(s)."):format(#board:rules(),
  board:count(2)))

local solver = sudoku.Solver.new(board)
assert(solver:step() == "solved", "no solution")
print()
print(board)
print()
local stats = solver:stats()
print(("%d nodes, %d guesses"):format(stats.nodes, stats.guesses))
print("Every cage holds its sum: " .. tostring(board:is_solved()))
