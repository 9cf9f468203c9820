-- The command's output, checked: nothing it writes may be lost without a word. Standard output
-- is buffered, so a full disk or a closed descriptor may show at any write, or only when the
-- buffer is flushed at the end; every write and the final flush are checked, and so are the
-- creation, the write and the close of each file --output names. The first failure stops the
-- run: the command says `sudoku: write error: REASON` on stderr and exits 1.
--
-- A failure deep in the record loop stops the run by raising a stop (output.stop), which
-- output.run turns into the message and the exit status; a render job also stops that way on a
-- usage error that only the input can reveal.
--
--   local out = output.checked(io.stdout)
--   return output.run(io.stderr, function() ... out:write(text) ... out:flush() return 0 end)
local output = {}

output.EXIT_FAILED, output.EXIT_USAGE = 1, 2

-- LuaJIT compiles a file:write met in a hot loop into its trace, and there a failed write can
-- come back as a success (seen with /dev/full on about one run in three; it looks like the
-- trace leaving at the failed result and the interpreter doing the write again, into the buffer
-- the failure emptied). A trace that reaches a function given to this is abandoned instead, so
-- its writes run in the interpreter, whose results are always checked.
local function interpreted(fn)
  local jit = rawget(_G, "jit")
  if jit then jit.off(fn) end
end

local Stop = {}
Stop.__index = Stop

--- Stops the run: output.run prints `sudoku: MESSAGE` on stderr and returns `status`.
function output.stop(message, status)
  error(setmetatable({ message = message, status = status }, Stop), 0)
end

local function write_error(reason)
  output.stop("write error: " .. tostring(reason), output.EXIT_FAILED)
end

--- `stream` (io.stdout, or any table with a write method that reports failure as io's files do:
--- nil or false, and a message) with every write and flush checked: a failure stops the run.
--- flush() is a no-op for a stream that has none.
function output.checked(stream)
  local out = {}
  function out.write(_, ...)
    local ok, err = stream:write(...)
    if not ok and err then write_error(err) end
    return out
  end
  function out.flush()
    if stream.flush then
      local ok, err = stream:flush()
      if not ok and err then write_error(err) end
    end
    return out
  end
  interpreted(out.write)
  interpreted(out.flush)
  return out
end

--- Writes `...` to a new file at `path`. A file that cannot be created (its directory missing,
--- say), a write or a close that fails stops the run: the next file would most likely fail
--- the same way, and one message says it.
function output.write_file(path, ...)
  local f, open_err = io.open(path, "w")
  -- io.open's message names the path already.
  if not f then write_error(open_err) end
  local ok, err = f:write(...)
  if not ok then
    f:close()
    write_error(("%s: %s"):format(path, tostring(err)))
  end
  -- The data may still be in the buffer: a full disk often shows only here.
  ok, err = f:close()
  if not ok then write_error(("%s: %s"):format(path, tostring(err))) end
end
interpreted(output.write_file)

--- Runs body() and returns its result (the exit status), or, when it stopped, prints the stop's
--- message on `stderr` and returns its status; a JSON format used without dkjson stops it
--- too, with status 2. Any other error is raised again with the traceback of where it happened.
function output.run(stderr, body)
  local ok, result = xpcall(body, function(err)
    if getmetatable(err) == Stop then return err end
    -- A JSON format used where dkjson cannot be loaded (sudoku.format.dkjson's stand-in, told
    -- by the error it says it raises): no bug of ours, so its message, which says what to
    -- install, and no traceback.
    local json = package.loaded["sudoku.format.dkjson"]
    if type(json) == "table" and err == rawget(json, "missing") then
      return setmetatable({ message = err, status = output.EXIT_USAGE }, Stop)
    end
    return debug.traceback(tostring(err), 2)
  end)
  if ok then return result end
  if getmetatable(result) ~= Stop then error(result, 0) end
  stderr:write("sudoku: ", result.message, "\n")
  return result.status
end

return output
