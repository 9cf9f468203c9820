-- Loaded by busted before any spec: make `require "sudoku"` load this checkout's fresh
-- build (build/<lua version>/) and Lua sources (lua/), never an installed copy. The build
-- directory is build/jit under LuaJIT (which reports "Lua 5.1" too), else build/<5.x>.
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")
local root = debug.getinfo(1, "S").source:match("^@(.*)spec/helper%.lua$") or "./"
if root == "" then root = "./" end

package.path = table.concat({
  root .. "lua/?.lua",
  root .. "lua/?/init.lua",
  root .. "spec/?.lua",
  package.path,
}, ";")
package.cpath = root .. "build/" .. version .. "/?.so;" .. package.cpath
