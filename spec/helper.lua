-- Loaded by busted before any spec: make `require "sudoku"` load this checkout's fresh
-- build and Lua sources (lua/), never an installed copy. The build directory is
-- spec/support/data.lua's `data.build`: the one SUDOKU_BUILD names (such as make sanitize's
-- build/asan-5.4), else build/jit under LuaJIT (which reports "Lua 5.1" too), else build/<5.x>.
local root = debug.getinfo(1, "S").source:match("^@(.*)spec/helper%.lua$") or "./"
if root == "" then root = "./" end

package.path = table.concat({
  root .. "lua/?.lua",
  root .. "lua/?/init.lua",
  root .. "spec/?.lua",
  package.path,
}, ";")
local build = require("support.data").build
-- A C module is a .dll on Windows (make test-windows), whose directory separator Lua's
-- package.config names first.
local ext = package.config:sub(1, 1) == "\\" and "dll" or "so"
package.cpath = build .. "/?." .. ext .. ";" .. package.cpath
-- On Windows os.tmpname is msvcrt's tmpnam: a name in the root of the current drive, which a user
-- may not write to (under wine, /). The specs' temporary files go to TEMP instead.
local temp = ext == "dll" and (os.getenv("TEMP") or os.getenv("TMP"))
if temp then
  local tmpname = os.tmpname
  os.tmpname = function() -- luacheck: ignore 122 (the specs see it: that is the point)
    return temp .. "\\" .. tmpname():match("[^\\/]+$")
  end
end
