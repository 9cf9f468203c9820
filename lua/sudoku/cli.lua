-- The `sudoku` command-line tool. bin/sudoku only sets up the paths and calls main(); keeping
-- everything here makes the tool testable in-process and keeps the library free of printing
-- and exiting: this module alone owns stdout, stderr and the exit status.
--
--   local code = require("sudoku.cli").main({"solve", "puzzles.txt"})
--   local code = require("sudoku.cli").main(args, {stdin = f, stdout = g, stderr = h})

local argparse = require "argparse"

local cli = {}

-- Exit statuses, as documented in the README and `sudoku --help`.
local EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

local STDIN_NAME = "<stdin>"

local function trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

-- argparse's own --help prints and calls os.exit, which a library function must never do, so
-- each parser gets a plain flag whose action only records which parser's help was asked for.
local function add_help_flag(parser, state)
  parser:add_help(false)
  parser:flag("-h --help", "Show this help message and exit.")
    :action(function() state.help = state.help or parser end)
end

-- An argparse converter for a whole number of at least min, naming the option when it is not.
local function whole_number(option, min)
  return function(text)
    local n = tonumber(text)
    if not n or n < min or n ~= math.floor(n) then
      return nil, ("%s must be a whole number of at least %d, got '%s'"):format(option, min, text)
    end
    return n
  end
end

-- -j N: the batch solver's threads. Output never depends on it.
local function add_jobs_option(command)
  command:option("-j --jobs", "Solve on N threads (0: one per CPU; default 1). The output is "
    .. "the same whatever N is.")
    :argname("N"):default("1"):convert(whole_number("--jobs", 0))
end

local function add_file_argument(command)
  command:argument("file", "Puzzle file; standard input when absent or '-'."):args("?")
end

local function add_stats_flag(command)
  command:flag("--stats", "At the end, print on stderr how many puzzles were read, how many "
    .. "failed, the time taken and the rate.")
end

local EXIT_STATUS_HELP = table.concat({
  "Exit status:",
  "   0  every puzzle was handled (solved, counted, or found unique)",
  "   1  some puzzle was malformed, had no solution (solve) or was not unique (validate);",
  "      each is reported on stderr",
  "   2  usage error: unknown option or command, unreadable file",
}, "\n")

-- A subcommand with its summary, description, the exit statuses and the -h flag.
local function add_command(parser, state, name, summary, description)
  local command = parser:command(name)
    :summary(summary)
    :description(table.concat(description, "\n"))
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(command, state)
  return command
end

local function build_parser(state)
  local parser = argparse("sudoku", "Solve, count and validate Sudoku puzzles.")
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(parser, state)
  parser:command_target("command")

  local solve = add_command(parser, state, "solve",
    "Solve puzzles given one per line, printing one solution per line.", {
    "Read one puzzle per line and print each solution as one line.",
    "Blank lines and lines starting with # are skipped. On a line like",
    "`puzzle,solution` only the text before the first comma is read.",
    "Malformed and unsolvable lines are reported on stderr as FILE:LINE: message,",
    "and the rest are still solved.",
  })
  add_jobs_option(solve)
  add_stats_flag(solve)
  add_file_argument(solve)

  local count = add_command(parser, state, "count",
    "Count the solutions of puzzles given one per line.", {
    "Read one puzzle per line and print its number of solutions on a line of its own",
    "(0 for a puzzle whose givens clash or that has no solution). With --limit N, counting",
    "stops at N, so `--limit 2` tells unique puzzles (1) from the others (2).",
    "Malformed lines are reported on stderr as FILE:LINE: message.",
  })
  count:option("--limit", "Stop counting at N solutions (default: count them all).")
    :argname("N"):convert(whole_number("--limit", 1))
  add_jobs_option(count)
  add_stats_flag(count)
  add_file_argument(count)

  local validate = add_command(parser, state, "validate",
    "Check that puzzles given one per line each have exactly one solution.", {
    "Read one puzzle per line and print one verdict per puzzle: unique (exactly one",
    "solution), multiple, none (no solution, or givens that clash) or malformed.",
    "Every verdict other than unique is also reported on stderr as FILE:LINE: reason,",
    "and makes the exit status 1.",
  })
  add_stats_flag(validate)
  add_file_argument(validate)

  state.commands = { solve = solve, count = count, validate = validate }
  return parser
end

-- io.open's message is "PATH: reason"; the CLI names the file itself, so keep only the reason.
local function reason_of(message, path)
  message = tostring(message)
  local prefix = path .. ": "
  if message:sub(1, #prefix) == prefix then return message:sub(#prefix + 1) end
  return message
end

-- sudoku.parse numbers lines and columns within the text it was given; the CLI hands it a
-- single line and reports the file's own line number, so "line 1, " would only mislead.
local function parse_message(message)
  message = tostring(message)
  return message:match("^line 1, (column .*)$") or message
end

local function describe_conflict(conflict)
  local a, b = conflict[1], conflict[2]
  return string.format("givens clash: %d at row %d, column %d and at row %d, column %d",
    conflict.value, a[1], a[2], b[1], b[2])
end

-- Solves one puzzle text: the solution in line format, or nil and a message for stderr.
local function solve_text(sudoku, text)
  local board, err = sudoku.parse(text)
  if not board then return nil, parse_message(err) end
  -- A clash among the givens is the commonest reason for "no solution"; naming the cells
  -- tells the user which clue to fix instead of leaving them to hunt for it.
  local valid, conflicts = board:is_valid()
  if not valid then
    return nil, "no solution: " .. describe_conflict(conflicts[1])
  end
  if not board:solve() then return nil, "no solution" end
  return board:format("line")
end

-- Counts the solutions of one puzzle text (up to limit): the count as text, or nil and a message.
local function count_text(sudoku, text, limit)
  local board, err = sudoku.parse(text)
  if not board then return nil, parse_message(err) end
  if not board:is_valid() then return "0" end
  return tostring(board:count(limit))
end

-- The verdict on one puzzle text: "unique", or the verdict and the reason it is not.
local function validate_text(sudoku, text)
  local board, err = sudoku.parse(text)
  if not board then return "malformed", parse_message(err) end
  local valid, conflicts = board:is_valid()
  if not valid then return "none", "no solution: " .. describe_conflict(conflicts[1]) end
  local n = board:count(2)
  if n == 0 then return "none", "no solution" end
  if n > 1 then return "multiple", "more than one solution" end
  return "unique"
end

-- Wall-clock seconds: lua-system's monotonic clock when it is installed (it comes with busted),
-- else whole seconds from os.time.
local now = (function()
  local ok, system = pcall(require, "system")
  if ok and type(system) == "table" and system.monotime then return system.monotime end
  return os.time
end)()

local function thousands(n)
  local s = ("%d"):format(math.floor(n + 0.5))
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end

local function clock_text(seconds)
  seconds = math.floor(seconds + 0.5)
  return ("%d:%02d"):format(math.floor(seconds / 60), seconds % 60)
end

-- Whether the real standard error is a terminal: the shell's `test -t 2` in a child, which
-- inherits this process's descriptor 2. Asked only when the CLI writes to io.stderr itself.
local function stderr_is_terminal(streams)
  if streams.stderr ~= io.stderr then return false end
  local ok, how, code = os.execute("test -t 2")
  if type(ok) == "number" then return ok == 0 end  -- Lua 5.1: the status itself
  return ok == true and how == "exit" and code == 0
end

-- The progress line on a terminal: done, rate, and for a file of known size the share read
-- and the time left. Redrawn in place with "\r"; cleared at the end.
local function progress_bar(stderr, total_bytes)
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

-- Puzzles handled per batch: enough for the batch solver's threads to share out, few enough
-- that memory stays small and constant however long the input is.
local CHUNK = 4096

-- The loop every command shares: reads the input named by result.file a line at a time
-- (constant memory however large it is), skips blank and # lines, takes the text before the
-- first ',' as the puzzle, and hands the puzzles CHUNK at a time to handle(puzzles), which
-- returns two lists: per puzzle the line to print (or nil) and a message for stderr (or nil).
-- A record with a message counts as failed. Output keeps the input's order.
local function run_records(result, streams, handle)
  local path = result.file
  local input, name
  if path == nil or path == "-" then
    input, name = streams.stdin, STDIN_NAME
  else
    local f, err = io.open(path, "r")
    if not f then
      streams.stderr:write("sudoku: cannot open ", path, ": ", reason_of(err, path), "\n")
      return EXIT_USAGE
    end
    input, name = f, path
  end

  local failed, handled = 0, 0
  local lineno, bytes = 0, 0
  local status = EXIT_OK
  local puzzles, numbers, empty = {}, {}, {}
  local started = now()
  local bar
  if stderr_is_terminal(streams) then
    local size = input ~= streams.stdin and input:seek("end") or nil
    if size then input:seek("set") end
    bar = progress_bar(streams.stderr, size)
  end

  local function flush()
    local outs, errs = handle(puzzles)
    for i = 1, #numbers do
      local out, err = outs[i], errs[i]
      if empty[i] then out, err = nil, "no puzzle before ','" end
      if out then streams.stdout:write(out, "\n") end
      if err then
        failed = failed + 1
        streams.stderr:write(name, ":", numbers[i], ": ", err, "\n")
      end
    end
    handled = handled + #numbers
    puzzles, numbers, empty = {}, {}, {}
    if bar then bar.update(handled, bytes) end
  end

  -- Read line by line (not f:lines(), which raises on a read error).
  while true do
    local line, read_err = input:read("*l")
    if line == nil then
      if read_err then
        streams.stderr:write("sudoku: cannot read ", name, ": ", reason_of(read_err, name), "\n")
        status = EXIT_USAGE
      end
      break
    end
    lineno = lineno + 1
    bytes = bytes + #line + 1
    local content = trim(line)
    if content ~= "" and content:sub(1, 1) ~= "#" then
      -- Dataset files carry the answer (and more) after commas; the puzzle comes first.
      local puzzle = trim(content:match("^[^,]*"))
      local k = #numbers + 1
      numbers[k], empty[k] = lineno, puzzle == ""
      -- A stand-in that any reader rejects keeps the lists aligned; its verdict is replaced.
      puzzles[k] = puzzle == "" and "#" or puzzle
      if k == CHUNK then flush() end
    end
  end
  if #numbers > 0 then flush() end
  if bar then bar.clear() end
  if result.stats then
    local elapsed = now() - started
    streams.stderr:write(("sudoku: %s puzzles, %s failed, %.2f s, %s puzzles/s\n"):format(
      thousands(handled), thousands(failed), elapsed,
      elapsed > 0 and thousands(handled / elapsed) or "-"))
  end

  if input ~= streams.stdin then input:close() end
  if status == EXIT_OK and failed > 0 then status = EXIT_FAILED end
  return status
end

-- A chunk handler from a handler of one puzzle.
local function each(handle_one)
  return function(puzzles)
    local outs, errs = {}, {}
    for i, puzzle in ipairs(puzzles) do outs[i], errs[i] = handle_one(puzzle) end
    return outs, errs
  end
end

-- A chunk handler over sudoku.solve_many: the batch solver does the chunk on result.jobs
-- threads; a puzzle it could not read or solve goes through handle_one, which gives the
-- command's own message (or reads what only the Lua reader reads). value(x) turns a batch
-- answer into the line to print.
local function batched(sudoku, opts, handle_one, value)
  return function(puzzles)
    local answers = sudoku.solve_many(table.concat(puzzles, "\n"), opts)
    local outs, errs = {}, {}
    for i, puzzle in ipairs(puzzles) do
      if answers[i] then
        outs[i] = value(answers[i])
      else
        outs[i], errs[i] = handle_one(puzzle)
      end
    end
    return outs, errs
  end
end

-- Each command: how one puzzle is handled. The core is loaded here rather than at the top so
-- that `sudoku --help` works before the C core is built.
local handlers = {
  solve = function(result)
    local sudoku = require "sudoku"
    local function one(puzzle) return solve_text(sudoku, puzzle) end
    return batched(sudoku, { threads = result.jobs }, one, tostring)
  end,
  count = function(result)
    local sudoku = require "sudoku"
    local function one(puzzle) return count_text(sudoku, puzzle, result.limit) end
    -- Without --limit every solution counts; 2^53 is as far as a count stays exact anyway.
    local opts = { threads = result.jobs, limit = result.limit or math.floor(2 ^ 53) }
    return batched(sudoku, opts, one, function(n) return ("%d"):format(n) end)
  end,
  validate = function()
    local sudoku = require "sudoku"
    return each(function(puzzle) return validate_text(sudoku, puzzle) end)
  end,
}

-- Which command the user was typing, so that a usage error shows that command's usage line.
local function command_in(args, commands)
  for _, a in ipairs(args) do
    if commands[a] then return commands[a] end
  end
end

--- Runs the tool. `args` is the argument list (like the global `arg`; arg[0] and below are
--- ignored); `streams` optionally replaces io.stdin, io.stdout and io.stderr. Returns the exit
--- status; never calls os.exit.
function cli.main(args, streams)
  streams = streams or {}
  streams = {
    stdin = streams.stdin or io.stdin,
    stdout = streams.stdout or io.stdout,
    stderr = streams.stderr or io.stderr,
  }
  -- A plain list: argparse must not see arg[0] or the interpreter's own arguments.
  local list = {}
  for i = 1, #(args or {}) do list[i] = tostring(args[i]) end

  local state = {}
  local parser = build_parser(state)
  local ok, result = parser:pparse(list)

  -- Help wins over any other problem on the command line, as with most tools.
  if state.help then
    streams.stdout:write(state.help:get_help(), "\n")
    return EXIT_OK
  end
  if not ok then
    local usage_of = command_in(list, state.commands) or parser
    streams.stderr:write(usage_of:get_usage(), "\n\n", "sudoku: ", tostring(result), "\n",
      "Try 'sudoku --help' for more information.\n")
    return EXIT_USAGE
  end

  local handler = handlers[result.command]
  if handler then
    return run_records(result, streams, handler(result))
  end
  -- argparse requires a command, so this is only reached if a command lacks a handler.
  streams.stderr:write("sudoku: command '", tostring(result.command), "' is not implemented\n")
  return EXIT_USAGE
end

return cli
