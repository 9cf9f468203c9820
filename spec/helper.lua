-- Loaded by busted before any spec: make `require "sudoku"` load this checkout's fresh
-- build and Lua sources (lua/), never an installed copy. The build directory is the one
-- SUDOKU_BUILD names (such as make sanitize's build/asan-5.4), else build/jit under LuaJIT
-- (which reports "Lua 5.1" too), else build/<5.x>.
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")
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
