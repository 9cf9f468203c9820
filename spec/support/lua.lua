-- Which Lua runs the specs, as the build and the shell name it: `build` is the directory under
-- build/ that `make LUA_VERSION=...` fills ("5.4", "5.3", "5.2", "5.1", or "jit" for LuaJIT,
-- which reports "Lua 5.1" in _VERSION too), `interpreter` the command that runs that Lua
-- (lua5.4 ... lua5.1, luajit), so child processes run the same Lua as busted.
local lua = {}

lua.jit = rawget(_G, "jit") ~= nil
lua.number = _VERSION:match("%d+%.%d+")
lua.build = lua.jit and "jit" or lua.number
lua.interpreter = lua.jit and "luajit" or ("lua" .. lua.number)

return lua
