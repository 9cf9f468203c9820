-- Loaded by busted before any spec: make `require "sudoku"` load this checkout's fresh
-- build (build/<lua version>/, or the directory SUDOKU_BUILD names, such as make sanitize's
-- build/asan-5.4) and Lua sources (lua/), never an installed copy.
local version = _VERSION:match("%d+%.%d+")
local root = debug.getinfo(1, "S").source:match("^@(.*)spec/helper%.lua$") or "./"
if root == "" then root = "./" end

package.path = table.concat({
  root .. "lua/?.lua",
  root .. "lua/?/init.lua",
  root .. "spec/?.lua",
  package.path,
}, ";")
local build = os.getenv("SUDOKU_BUILD")
if not build or build == "" then build = root .. "build/" .. version end
package.cpath = build .. "/?.so;" .. package.cpath
