-- HDU 1426 "Sudoku Killer": solve every case on standard input.
--   lua5.4 examples/hdu1426.lua < examples/hdu1426.in
-- A case is 9 lines of 9 cells ("1".."9", or "?" for a cell to fill) separated by spaces;
-- cases are separated by a blank line. Each solution is printed in the same layout, with a
-- blank line between cases. The layout is the library's `hdu` format (sudoku.format.hdu), which
-- takes a case as the next 81 cells whatever the line breaks, so stray blank lines, trailing
-- spaces and CRLF line ends cannot shift a case. (`sudoku solve --from hdu` does the same.)

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local format = require "sudoku.format"

local failed = false
local printed = 0
for case, err, where in format.records(io.stdin, "hdu", { size = 9 }) do
  if case and case.board:solve() then
    if printed > 0 then io.write("\n") end
    io.write(format.write(case, "hdu"), "\n")
    printed = printed + 1
  else
    io.stderr:write(("case %d: %s\n"):format(case and case.index or where.record,
      case and "no solution" or err))
    failed = true
  end
end

if failed then os.exit(1) end
