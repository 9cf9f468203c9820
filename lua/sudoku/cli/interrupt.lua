-- Ctrl-C for the command. The command asks the core to catch SIGINT (sudoku.core.catch_interrupt:
-- the flag it raises stops any search under way, which then raises "interrupted"), and looks at
-- the flag between records: what is written is whole records only, then `sudoku: interrupted`
-- on stderr and exit status 130, never a traceback. Nothing is caught unless interrupt.catch()
-- is called, so cli.main run inside another program (the specs) leaves SIGINT alone.
local interrupt = {}

-- 128 + SIGINT, as shells report a command that Ctrl-C stopped.
interrupt.EXIT = 130

--- Whether Ctrl-C came since catch(): false until then, and afterwards the core's own
--- sudoku.core.interrupted, so that a loop that keeps it in a local pays one C call a record.
function interrupt.pending()
  return false
end

--- Installs the handler. Returns whether it is in place (not when the core cannot be loaded:
--- `sudoku --help` works without a build, and Lua's own handler then stays).
function interrupt.catch()
  local ok, core = pcall(require, "sudoku.core")
  if ok and type(core) == "table" and core.catch_interrupt and core.catch_interrupt() then
    interrupt.pending = core.interrupted
    return true
  end
  return false
end

-- What check() raises: a value of its own, so that no message is mistaken for it.
local STOP = setmetatable({}, { __tostring = function() return "interrupted" end })

--- Raises when Ctrl-C came: for loops that run Lua code only, between two records.
function interrupt.check()
  if interrupt.pending() then error(STOP, 0) end
end

--- Whether an error caught by pcall means "stop, Ctrl-C came": the flag is up (the core's
--- "interrupted", check()'s value, or any error the stop caused on its way), or the error is
--- the standalone interpreter's own "interrupted!" (a Ctrl-C before catch() was in place).
function interrupt.is(err)
  if interrupt.pending() or err == STOP then return true end
  return type(err) == "string" and err:match("interrupted!$") ~= nil
end

--- Ends the run: whatever stdout holds goes out (whole records only), then the message.
--- Returns the exit status.
function interrupt.stop(streams)
  if streams.stdout.flush then streams.stdout:flush() end
  streams.stderr:write("sudoku: interrupted\n")
  return interrupt.EXIT
end

return interrupt
