-- The CLI's sense of time and its progress line: a monotonic clock, numbers for people, and a
-- bar on stderr that is drawn only when stderr is a terminal.
local number = require "sudoku.number"

local progress = {}

-- Wall-clock seconds: lua-system's monotonic clock when it is installed (it comes with busted),
-- else whole seconds from os.time. lua-system is loaded at the first call: a run without --stats
-- or a progress bar never asks the time.
local clock
function progress.now()
  if not clock then
    local ok, system = pcall(require, "system")
    clock = ok and type(system) == "table" and system.monotime or os.time
  end
  return clock()
end

progress.thousands = number.thousands

local function clock_text(seconds)
  seconds = math.floor(seconds + 0.5)
  return ("%d:%02d"):format(math.floor(seconds / 60), seconds % 60)
end

-- Whether the real standard error is a terminal: the core's isatty(2), or where the core lacks
-- it the shell's `test -t 2` in a child, which inherits this process's descriptor 2. Asked only
-- when the CLI writes to io.stderr itself.
function progress.stderr_is_terminal(streams)
  if streams.stderr ~= io.stderr then return false end
  local loaded, core = pcall(require, "sudoku.core")
  if loaded and type(core) == "table" and core.isatty then return core.isatty(2) end
  local ok, how, code = os.execute("test -t 2")
  if type(ok) == "number" then return ok == 0 end  -- Lua 5.1: the status itself
  return ok == true and how == "exit" and code == 0
end

-- The progress line on a terminal: done, rate, and for a file of known size the share read
-- and the time left. Redrawn in place with "\r"; cleared at the end.
function progress.bar(stderr, total_bytes)
  local now, thousands = progress.now, progress.thousands
  local started, width = now(), 0
  local bar = {}
  function bar.update(done, bytes)
    local elapsed = now() - started
    local rate = elapsed > 0 and done / elapsed or 0
    local text = ("%s puzzles  %s/s"):format(thousands(done), thousands(rate))
    if total_bytes and total_bytes > 0 then
      local share = math.min(bytes / total_bytes, 1)
      local filled = math.floor(share * 20 + 0.5)
      local left = share > 0 and elapsed * (1 - share) / share or 0
      text = ("[%s%s] %3d%%  %s  ETA %s"):format(("#"):rep(filled), ("."):rep(20 - filled),
        math.floor(share * 100), text, clock_text(left))
    end
    stderr:write("\r", text, (" "):rep(math.max(width - #text, 0)))
    width = #text
  end
  function bar.clear()
    if width > 0 then stderr:write("\r", (" "):rep(width), "\r") end
  end
  return bar
end

return progress
