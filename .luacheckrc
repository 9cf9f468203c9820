-- luacheck configuration: `luacheck lua spec examples bin/sudoku bench` (or `make lint`).
std = "max"
max_line_length = 110

-- Build products (and anything a build step copies there) are not ours to lint.
exclude_files = { "build/**" }

files["spec/"] = { std = "+busted" }

-- LuaLS type stubs (types/): empty functions whose arguments only carry ---@param annotations.
files["types/"] = { unused_args = false }

-- The LÖVE example runs inside LÖVE 11 on LuaJIT: it defines love.* callbacks.
files["examples/love/"] = { std = "luajit+love" }
