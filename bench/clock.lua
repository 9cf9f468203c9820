-- The bench's clocks, seconds as floats. clock.cpu is the process's CPU time (os.clock): what
-- single-threaded rows are timed with, so that a busy host slows a figure less than it would
-- on a wall clock and ratios to peers compare work, not luck. It counts every thread of the
-- process, so a solve on two threads is timed with clock.now, a wall clock from a monotonic
-- source: lua-system (a dependency of busted) or LuaSocket.
local clock = { cpu = os.clock }

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
