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

local EXIT_STATUS_HELP = table.concat({
  "Exit status:",
  "   0  every puzzle was solved",
  "   1  some puzzle was malformed or had no solution (reported on stderr)",
  "   2  usage error: unknown option or command, unreadable file",
}, "\n")

local function build_parser(state)
  local parser = argparse("sudoku", "Solve Sudoku puzzles.")
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(parser, state)
  parser:command_target("command")

  local solve = parser:command("solve")
    :summary("Solve puzzles given one per line, printing one solution per line.")
    :description(table.concat({
    "Read one puzzle per line and print each solution as one line.",
    "Blank lines and lines starting with # are skipped. On a line like",
    "`puzzle,solution` only the text before the first comma is read.",
    "Malformed and unsolvable lines are reported on stderr as FILE:LINE: message,",
    "and the rest are still solved.",
  }, "\n"))
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(solve, state)
  solve:argument("file", "Puzzle file; standard input when absent or '-'."):args("?")
  state.commands = { solve = solve }
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

local function run_solve(result, streams)
  -- Loaded here rather than at the top so that `sudoku --help` works before the C core is
  -- built.
  local sudoku = require "sudoku"

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

  local failed = 0
  local lineno = 0
  local status = EXIT_OK
  -- Read line by line (not f:lines(), which raises on a read error) so that memory stays
  -- constant however large the file is.
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
    local content = trim(line)
    if content ~= "" and content:sub(1, 1) ~= "#" then
      -- Dataset files carry the answer (and more) after commas; the puzzle comes first.
      local puzzle = trim(content:match("^[^,]*"))
      local solution, err
      if puzzle == "" then
        err = "no puzzle before ','"
      else
        solution, err = solve_text(sudoku, puzzle)
      end
      if solution then
        streams.stdout:write(solution, "\n")
      else
        failed = failed + 1
        streams.stderr:write(name, ":", lineno, ": ", err, "\n")
      end
    end
  end

  if input ~= streams.stdin then input:close() end
  if status == EXIT_OK and failed > 0 then status = EXIT_FAILED end
  return status
end

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

  if result.command == "solve" then
    return run_solve(result, streams)
  end
  -- argparse requires a command, so this is only reached if a command lacks a handler.
  streams.stderr:write("sudoku: command '", tostring(result.command), "' is not implemented\n")
  return EXIT_USAGE
end

return cli
