-- dkjson, loaded for the formats that read or write JSON (json, fpuzzles, fpuzzles_json, and
-- leetcode's reader) when one of them is first used: `require "sudoku"` and every other format
-- work without it. Where it cannot be found, using a JSON format raises an error that names it
-- and says how to install it.
local ok, dkjson = pcall(require, "dkjson")
if not ok or type(dkjson) ~= "table" then
  error("the JSON formats (json, fpuzzles, fpuzzles_json, leetcode) need the dkjson module, "
    .. "which cannot be loaded: install it (`luarocks install dkjson`, or Debian's "
    .. "lua-dkjson)\n" .. tostring(dkjson), 0)
end
return dkjson
