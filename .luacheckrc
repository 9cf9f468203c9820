-- luacheck configuration: `luacheck lua spec examples bin/sudoku bench` (or `make lint`).
std = "max"
max_line_length = 110

files["spec/"] = { std = "+busted" }
