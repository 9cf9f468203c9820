-- A stand-in for lua-system (Debian's lua-system, module "system") in make test-windows, used
-- only when `apt-get source lua-system` cannot fetch its source (a mirror without it): busted
-- takes three functions from it (busted/core.lua), to time the specs and to sleep, and nothing
-- in the suite's results depends on them. From standard Lua alone, so coarser: whole seconds
-- of wall-clock time, and the C runtime's clock() (on Windows the time since the process
-- started) for the monotonic one.
local system = {}

function system.gettime()
  return os.time()
end

function system.monotime()
  return os.clock()
end

function system.sleep(seconds)
  local stop = os.clock() + seconds
  repeat until os.clock() >= stop
end

return system
