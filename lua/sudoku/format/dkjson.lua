-- dkjson, for the formats that read or write JSON (json, fpuzzles, fpuzzles_json, and
-- leetcode's reader), loaded when one of them is first used: `require "sudoku"` and every other
-- format work without it. Where dkjson cannot be loaded, this is a stand-in whose every function
-- raises an error that names dkjson and says how to install it, when called: the JSON formats'
-- modules still load (a module that fails to load stays failed on Lua 5.1 and LuaJIT, whose
-- next require would only say "loop or previous error"), and each use of them says why it
-- cannot work.
local ok, dkjson = pcall(require, "dkjson")
if ok and type(dkjson) == "table" then return dkjson end

local message = "the JSON formats (json, fpuzzles, fpuzzles_json, leetcode) need the dkjson "
  .. "module, which cannot be loaded: install it (`luarocks install dkjson`, or Debian's "
  .. "lua-dkjson)\n" .. tostring(dkjson)

local function missing()
  error(message, 0)
end

-- dkjson.null is compared with at load time; it stays a value of its own. `missing` is the
-- error every function raises, so that the command tells it from a bug by its value (the real
-- dkjson has no such field).
return setmetatable({
  null = setmetatable({}, { __tostring = function() return "null" end }),
  missing = message,
}, {
  __index = function() return missing end,
})
