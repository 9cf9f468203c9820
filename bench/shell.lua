-- Commands the bench runs in a child process: the interpreter to run them with, quoting for the
-- shell, and one run of a command with its output, exit status, children's CPU time and wall
-- time.
local clock = require "bench.clock"

local shell = {}

-- The interpreter running the bench (arg's lowest index), to start children on the same Lua;
-- SUDOKU_INTERPRETER instead when set, as for sudoku lab's children (lua/sudoku/cli/lab.lua): a
-- wrapper the interpreter cannot see (make test-cross's emulator), whose binary is for another CPU.
function shell.interpreter()
  local wrapper = os.getenv("SUDOKU_INTERPRETER")
  if wrapper and wrapper ~= "" then return wrapper end
  local i = -1
  while arg and arg[i - 1] do i = i - 1 end
  return arg and arg[i] or "lua5.4"
end

-- The path of the command `name` on PATH, or nil. What `command -v` prints, not os.execute's
-- status, whose form differs between Lua 5.1 (a number, true even for a failure) and later
-- versions.
function shell.which(name)
  local p = io.popen("command -v " .. shell.quote(name) .. " 2>/dev/null")
  if not p then return nil end
  local path = p:read("*l")
  p:close()
  if path and path ~= "" then return path end
  return nil
end

function shell.quote(s)
  return "'" .. tostring(s):gsub("'", "'\\''") .. "'"
end

-- Seconds of "1m2.5s" as `times` prints them.
local function seconds(text)
  local m, s = text:match("^(%d+)m([%d.]+)s$")
  return m and tonumber(m) * 60 + tonumber(s) or nil
end

-- Runs `command` (shell text; its stderr goes with its stdout) and returns its output, its exit
-- status as a string ("0" when it succeeded; nil when it could not be told), the CPU seconds of
-- its children (nil when they could not be read) and the wall seconds of the whole run. bash,
-- not sh: bash's `times` reads the children's CPU time to the millisecond, sh's in clock ticks.
function shell.timed(command)
  local t0 = clock.now()
  local p = assert(io.popen("bash -c " .. shell.quote(command .. "; echo status=$?; times")
                            .. " 2>&1", "r"))
  local out = p:read("*a")
  p:close()
  local wall = clock.now() - t0
  local user, sys = out:match("\n(%S+) (%S+)%s*$")
  local cpu = user and seconds(user) and seconds(sys) and seconds(user) + seconds(sys)
  return out, out:match("status=(%d+)"), cpu, wall
end

return shell
