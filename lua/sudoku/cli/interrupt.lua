-- Ctrl-C, SIGTERM and SIGHUP for the command: the signals a terminal, `timeout`, `kill`, a batch
-- scheduler or a hang-up send to stop a run. The command asks the core to catch them
-- (sudoku.core.catch_interrupt: the flag they raise stops any search under way, which then
-- raises "interrupted"), and looks at the flag between records: what is written is whole
-- records only, then `sudoku: interrupted` on stderr (naming the signal when it is not Ctrl-C's)
-- and exit status 128 + the signal's number, as shells report a command the signal stopped
-- (130, 143, 129), never a traceback. Nothing is caught unless interrupt.catch() is called, so
-- cli.main run inside another program (the specs) leaves every signal alone.
local interrupt = {}

-- The signals caught, by number (the numbers POSIX gives them, as `kill -2` takes them): the
-- core's flag holds the first one that came.
interrupt.SIGNALS = { [2] = "SIGINT", [15] = "SIGTERM", [1] = "SIGHUP" }

local SIGINT = 2

--- Whether a signal came since catch(): false until then, and afterwards the core's own
--- sudoku.core.interrupted (false, or the signal's number), so that a loop that keeps it in a
--- local pays one C call a record.
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

--- Raises when a signal came: for loops that run Lua code only, between two records.
function interrupt.check()
  if interrupt.pending() then error(STOP, 0) end
end

--- Whether an error caught by pcall means "stop, a signal came": the flag is up (the core's
--- "interrupted", check()'s value, or any error the stop caused on its way), or the error is
--- the standalone interpreter's own "interrupted!" (a Ctrl-C before catch() was in place).
--- That text is lua.c's, not this project's: the interpreter's hook raises it as a bare string,
--- with no value or field to compare, so it is the one error message matched by its words.
function interrupt.is(err)
  if interrupt.pending() or err == STOP then return true end
  return type(err) == "string" and err:match("interrupted!$") ~= nil
end

--- The exit status and the message for the signal that stopped the run: 128 + its number, and
--- `interrupted`, followed by the signal's name unless it is SIGINT (Ctrl-C, which also stands
--- for the interpreter's own "interrupted!", raised before catch() was in place).
function interrupt.outcome()
  local sig = interrupt.pending()
  if type(sig) ~= "number" or not interrupt.SIGNALS[sig] then sig = SIGINT end
  local message = "interrupted"
  if sig ~= SIGINT then message = ("interrupted (%s)"):format(interrupt.SIGNALS[sig]) end
  return 128 + sig, message
end

--- Ends the run: whatever stdout holds goes out (whole records only), then the message.
--- Returns the exit status.
function interrupt.stop(streams)
  if streams.stdout.flush then streams.stdout:flush() end
  local status, message = interrupt.outcome()
  streams.stderr:write("sudoku: ", message, "\n")
  return status
end

return interrupt
