-- Precompiles one Lua module for bin/sudoku: `lua mk/precompile.lua SOURCE OUT` writes OUT as
--
--   sudoku-luac 1 <bytes of the source>\n<the source><its bytecode>
--
-- The bytecode keeps its debug information (tracebacks keep their lines). bin/sudoku loads it
-- only while the source beside it is byte for byte the one held here, so an edit made without
-- rerunning make is never hidden by a stale copy. Compiling the command's modules from source
-- was most of its start-up: `sudoku solve` on one puzzle took 16.6 million instructions, 6.3
-- million with the copies (callgrind).
--
-- Runs on every Lua the project builds for (5.1 to 5.4, LuaJIT): the bytecode is the running
-- interpreter's own, which is why each build directory has its copies.
local source_path, out_path = arg[1], arg[2]
if not (source_path and out_path) then
  io.stderr:write("usage: lua mk/precompile.lua SOURCE OUT\n")
  os.exit(2)
end

local f = assert(io.open(source_path, "rb"))
local source = f:read("*a")
f:close()

-- The chunk's name is the source's path as make gives it (lua/sudoku/cli.lua), which a
-- traceback shows.
local chunk = assert((loadstring or load)(source, "@" .. source_path))
local bytecode = string.dump(chunk)

-- Written under another name first, so that an interrupted make leaves no half file that a
-- later make would take as done. The name is this process's own (a table's address, which
-- address-space randomisation makes differ from process to process): two makes of one build
-- at once (CI's two lanes, whose specs make build/jit) must not rename each other's file away.
local tmp = ("%s.%s.tmp"):format(out_path, tostring({}):match("(%x+)$") or os.time())
local out = assert(io.open(tmp, "wb"))
assert(out:write("sudoku-luac 1 ", #source, "\n", source, bytecode))
assert(out:close())
assert(os.rename(tmp, out_path))
