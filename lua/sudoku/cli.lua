--- The `sudoku` command-line tool. bin/sudoku only sets up the paths and calls main(); keeping
-- everything here makes the tool testable in-process and keeps the library free of printing
-- and exiting: this module alone (with sudoku.cli.pipeline, which it drives) owns stdout,
-- stderr and the exit status.
--
--   local code = require("sudoku.cli").main({"solve", "puzzles.txt"})
--   local code = require("sudoku.cli").main(args, {stdin = f, stdout = g, stderr = h})
-- @module sudoku.cli

local interrupt = require "sudoku.cli.interrupt"
local jobs = require "sudoku.cli.jobs"
local options = require "sudoku.cli.options"
local output = require "sudoku.cli.output"
local pipeline = require "sudoku.cli.pipeline"

local cli = {}

local EXIT_OK, EXIT_USAGE = pipeline.EXIT_OK, pipeline.EXIT_USAGE

-- Which command the user was typing, so that a usage error shows that command's usage line.
local function command_in(args, commands)
  for _, a in ipairs(args) do
    if commands[a] then return commands[a] end
  end
end

local function usage_error(streams, usage_of, message)
  streams.stderr:write(usage_of:get_usage(), "\n\n", "sudoku: ", tostring(message), "\n",
    "Try 'sudoku --help' for more information.\n")
  return EXIT_USAGE
end

-- The command itself, on streams that are all given (stdout checked by cli.main).
local function run(args, streams)
  -- A plain list: argparse must not see arg[0] or the interpreter's own arguments.
  local list = {}
  for i = 1, #(args or {}) do list[i] = tostring(args[i]) end

  local state = {}
  -- The streaming commands as a pipeline calls them are read without argparse.
  local result = options.quick_parse(list, options.CONVERT)
  if not result then
    -- argparse and every command's options and help, loaded only now.
    local parser = require("sudoku.cli.parser").build(state)
    local ok
    ok, result = parser:pparse(list)
    -- Help and --version win over any other problem on the command line (no command given,
    -- say), as with most tools.
    if state.help then
      streams.stdout:write(state.help:get_help(), "\n")
      return EXIT_OK
    end
    if state.version then
      streams.stdout:write(require("sudoku.cli.version").text())
      return EXIT_OK
    end
    if not ok then
      return usage_error(streams, command_in(list, state.commands) or parser, result)
    end
  end
  if result.command == "explain" and result.svg and not result.svg:find("%d", 1, true) then
    return usage_error(streams, state.commands.explain, "--svg PATTERN needs %d for the step's "
      .. "number (e.g. 'step-%d.svg')")
  end
  if result.command == "convert" and not result.to then
    return usage_error(streams, state.commands.convert, "convert needs --to FORMAT")
  end

  if result.command == "generate" then
    if result.size and result.box then
      return usage_error(streams, state.commands.generate, "give --size or --box, not both")
    end
    local generate = require "sudoku.cli.generate"
    local _, why = generate.output_format(result)
    if why then return usage_error(streams, state.commands.generate, why) end
    return generate.run(result, streams)
  end

  if result.command == "lab" then
    return require("sudoku.cli.lab").run(result, streams, args)
  end

  local make_job = jobs[result.command]
  if make_job then
    return pipeline.run(result, streams, make_job(result))
  end
  -- argparse requires a command, so this is only reached if a command lacks a job.
  streams.stderr:write("sudoku: command '", tostring(result.command), "' is not implemented\n")
  return EXIT_USAGE
end

--- Runs the tool. `args` is the argument list (like the global `arg`; arg[0] and below are
--- ignored); `streams` optionally replaces io.stdin, io.stdout and io.stderr. Returns the exit
--- status; never calls os.exit. Every write to stdout is checked, and stdout is flushed at the
--- end: output that cannot be written (a full disk, a closed stdout) stops the run with
--- `sudoku: write error: REASON` on stderr and status 1 (see sudoku.cli.output).
-- @tparam table args the argument list
-- @tparam[opt] table streams `stdin`, `stdout`, `stderr` (default: io's)
-- @treturn int the exit status
function cli.main(args, streams)
  streams = streams or {}
  local stderr = streams.stderr or io.stderr
  local stdout = output.checked(streams.stdout or io.stdout)
  streams = { stdin = streams.stdin or io.stdin, stdout = stdout, stderr = stderr }
  return output.run(stderr, function()
    local status = run(args, streams)
    stdout:flush()
    return status
  end)
end

--- The `sudoku` process itself (bin/sudoku): main over the real streams, with Ctrl-C, SIGTERM
--- and SIGHUP caught. Any of them stops the work under way, inside the C core too: the records
--- written so far stay whole, `sudoku: interrupted` goes to stderr (`interrupted (SIGTERM)`,
--- `(SIGHUP)`), and the status is 130 (143, 129), never a traceback.
-- @tparam table args the argument list
-- @treturn int the exit status
-- @raise what `main` raises, other than the interrupt (a bug: a traceback is the right answer)
function cli.run(args)
  interrupt.catch()
  local ok, status = pcall(cli.main, args)
  if ok then return status end
  if interrupt.is(status) then return interrupt.stop(io) end
  error(status, 0)
end

return cli
