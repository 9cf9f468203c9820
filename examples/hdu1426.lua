-- HDU 1426 "Sudoku Killer": solve every case on standard input.
--   lua5.4 examples/hdu1426.lua < examples/hdu1426.in
-- A case is 9 lines of 9 tokens ("1".."9", or "?" for a cell to fill); cases are separated by a
-- blank line. Each solution is printed in the same layout, with a blank line between cases.

-- Use this checkout's Lua sources and C build, wherever the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = _VERSION:match("%d+%.%d+")
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = here .. "../build/" .. version .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

local CELLS = 81

-- Cases are read as runs of 81 tokens rather than by line, so stray blank lines, trailing
-- spaces and CRLF line ends cannot shift a case.
local tokens = {}
for token in io.read("*a"):gmatch("%S+") do
  tokens[#tokens + 1] = token
end

local function layout(line)
  local rows = {}
  for r = 0, 8 do
    rows[#rows + 1] = line:sub(r * 9 + 1, r * 9 + 9):gsub(".", " %0"):sub(2)
  end
  return table.concat(rows, "\n") .. "\n"
end

local failed = false
local printed = 0
for first = 1, #tokens, CELLS do
  local case = math.floor(first / CELLS) + 1
  local chunk = table.concat(tokens, " ", first, math.min(first + CELLS - 1, #tokens))
  local solution, err = sudoku.solve(chunk, { size = 9 })
  if solution then
    if printed > 0 then io.write("\n") end
    io.write(layout(solution))
    printed = printed + 1
  else
    io.stderr:write(("case %d: %s\n"):format(case, err))
    failed = true
  end
end

if failed then os.exit(1) end
