-- A wall clock for the bench: seconds as a float from a monotonic source. Plain Lua has only
-- os.clock, which counts the CPU time of every thread of the process, so it would misreport a
-- solve on two threads; lua-system (a dependency of busted) and LuaSocket tell wall time.
local clock = {}

local ok, system = pcall(require, "system")
if ok and type(system) == "table" and system.monotime then
  clock.now, clock.source = system.monotime, "lua-system monotime"
else
  local has_socket, socket = pcall(require, "socket")
  if has_socket and type(socket) == "table" and socket.gettime then
    clock.now, clock.source = socket.gettime, "LuaSocket gettime"
  else
    clock.now, clock.source = os.clock, "os.clock (CPU time: multi-thread rows are wrong)"
  end
end

return clock
