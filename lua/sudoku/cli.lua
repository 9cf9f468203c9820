--- The `sudoku` command-line tool. bin/sudoku only sets up the paths and calls main(); keeping
-- everything here makes the tool testable in-process and keeps the library free of printing
-- and exiting: this module alone (with sudoku.cli.pipeline, which it drives) owns stdout,
-- stderr and the exit status.
--
--   local code = require("sudoku.cli").main({"solve", "puzzles.txt"})
--   local code = require("sudoku.cli").main(args, {stdin = f, stdout = g, stderr = h})
-- @module sudoku.cli

local format = require "sudoku.format"
local variant_names = require "sudoku.gen.variant_names"
local interrupt = require "sudoku.cli.interrupt"
local jobs = require "sudoku.cli.jobs"
local options = require "sudoku.cli.options"
local output = require "sudoku.cli.output"
local pipeline = require "sudoku.cli.pipeline"

local cli = {}

local EXIT_OK, EXIT_USAGE = pipeline.EXIT_OK, pipeline.EXIT_USAGE

local whole_number, TWO_53 = options.whole_number, options.TWO_53

-- The most threads the batch solver runs (csrc/batch.c, MAX_THREADS); more would only wait.
local MAX_JOBS = 256
-- The largest cell --cell draws, in pixels: a 64x64 board of them is already 64,000 px wide.
local MAX_CELL = 1000

-- The formats of sudoku.format's registry, as --from and --to take them (svg is render's alone).
local READ_FORMATS = format.READ_NAMES
local WRITE_FORMATS = READ_FORMATS

-- argparse's own --help prints and calls os.exit, which a library function must never do, so
-- each parser gets a plain flag whose action only records which parser's help was asked for.
local function add_help_flag(parser, state)
  parser:add_help(false)
  parser:flag("-h --help", "Show this help message and exit.")
    :action(function() state.help = state.help or parser end)
end

-- An argparse converter for a format name among `names`.
local function format_name(option, names, extra)
  local allowed = {}
  for _, name in ipairs(names) do allowed[name] = true end
  if extra then allowed[extra] = true end
  return function(text)
    if allowed[text] then return text end
    return nil, ("%s must be one of %s%s, got '%s'"):format(option, table.concat(names, ", "),
      extra and ", " .. extra or "", text)
  end
end

-- The converters of the options solve, count and validate take, shared by argparse and the
-- quick path (quick_parse), so that both read a value the same way.
local CONVERT = {
  jobs = whole_number("--jobs", 0, MAX_JOBS),
  limit = whole_number("--limit", 1, TWO_53),
  max_nodes = whole_number("--max-nodes", 1, TWO_53),
  timeout = options.seconds("--timeout"),
  box = options.box_shape("--box"),
  from = format_name("--from", READ_FORMATS, "auto"),
  to = format_name("--to", WRITE_FORMATS),
}

-- --max-nodes and --timeout: each record's search budgets. A record whose search runs out is
-- reported as FILE:LINE: gave up after ..., and the rest go on.
local function add_budget_options(command)
  command:option("--max-nodes", "Give a puzzle up after N search nodes (the root and each "
    .. "guess), N up to 2^53, reporting FILE:LINE: gave up after N nodes.")
    :argname("N"):convert(CONVERT.max_nodes)
  command:option("--timeout", "Give a puzzle up after SECONDS of search (decimals allowed, up "
    .. "to " .. options.MAX_SECONDS .. "), reporting FILE:LINE: gave up after SECONDS s.")
    :argname("SECONDS"):convert(CONVERT.timeout)
end

-- --box on the commands that read puzzles: the shape of the input's boards, which a line
-- cannot say (it reads with the squarest boxes); a json record's own "box" wins over it.
local function add_box_option(command)
  command:option("--box", "Read boards with boxes of R rows and C columns, e.g. 3x2 (a 6x6 "
    .. "board of 3-row boxes; default: the shape a grid draws or a json record names, else "
    .. "the squarest, 2x3 for 6x6). A json record's own box wins.")
    :argname("RxC"):convert(CONVERT.box)
end

local FORMAT_LIST = table.concat(READ_FORMATS, ", ")

-- --from: the input's format; every command tells it from the input unless told.
local function add_from_option(command)
  local text = "Read puzzles in FORMAT: " .. FORMAT_LIST .. ", or auto to tell it from the "
    .. "input (default: auto)."
  command:option("--from", text):argname("FORMAT")
    :convert(CONVERT.from)
end

local function add_to_option(command, text)
  command:option("--to", text .. " Formats: " .. FORMAT_LIST .. "."):argname("FORMAT")
    :convert(CONVERT.to)
end

-- -j N: the batch solver's threads. Output never depends on it.
local function add_jobs_option(command)
  command:option("-j --jobs", "Solve on N threads, up to " .. MAX_JOBS .. " (0: one per CPU; "
    .. "default 1). The output is the same whatever N is. Used for one-puzzle-per-line input.")
    :argname("N"):default("1"):convert(CONVERT.jobs)
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
  "   0  every puzzle was handled (solved, counted, converted, or found unique)",
  "   1  some puzzle was malformed, had no solution (solve), was not unique (validate)",
  "      or ran out of --max-nodes or --timeout; each is reported on stderr as",
  "      FILE:LINE: reason; or the output could not be written (sudoku: write error:",
  "      reason), which stops the run",
  "   2  usage error: unknown option or command, an option's value out of its range,",
  "      unreadable file, a format that cannot be told",
  " 130  interrupted (Ctrl-C): what was written is whole records, the rest is not",
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

local ONE_PER_LINE = {
  "The input's format is told from its first lines (--from names it). Puzzles one",
  "per line (N*N cells, '.' or '0' for a blank) go to the batch solver: blank lines",
  "and lines starting with # are skipped, text after the cells (after a space, ',',",
  "';' or '#', as in `puzzle,solution` lists) is ignored, and so is a title line",
  "at the top. Nine rows of nine cells read as one grid; --from line reads each",
  "line as a puzzle, 2x2 and 3x3 boards too.",
}

local function lines_with(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, line in ipairs(list) do out[#out + 1] = line end
  end
  return out
end

local function build_parser(state)
  -- Loaded here: the quick path (quick_parse) needs none of it.
  local argparse = require "argparse"
  local parser = argparse("sudoku",
    "Solve, count, validate, convert, render and generate Sudoku puzzles.")
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(parser, state)
  parser:command_target("command")

  local solve = add_command(parser, state, "solve",
    "Solve puzzles, printing each first solution.", lines_with({
    "Print the first solution of every puzzle, in the input's order.",
  }, ONE_PER_LINE, {
    "Solutions are written in --to's format, by default the input's.",
    "Malformed and unsolvable puzzles are reported on stderr as FILE:LINE: message,",
    "and the rest are still solved.",
  }))
  add_from_option(solve)
  add_box_option(solve)
  add_to_option(solve, "Write solutions in FORMAT (default: the input's format, named or "
    .. "detected).")
  add_jobs_option(solve)
  add_budget_options(solve)
  add_stats_flag(solve)
  add_file_argument(solve)

  local count = add_command(parser, state, "count",
    "Count the solutions of puzzles.", lines_with({
    "Print each puzzle's number of solutions on a line of its own (0 for a puzzle",
    "whose givens clash or that has no solution). With --limit N, counting stops at",
    "N, so `--limit 2` tells unique puzzles (1) from the others (2).",
  }, ONE_PER_LINE, {
    "Malformed puzzles are reported on stderr as FILE:LINE: message.",
  }))
  count:option("--limit", "Stop counting at N solutions, N up to 2^53 (default: count them "
    .. "all).")
    :argname("N"):convert(CONVERT.limit)
  add_from_option(count)
  add_box_option(count)
  add_jobs_option(count)
  add_budget_options(count)
  add_stats_flag(count)
  add_file_argument(count)

  local validate = add_command(parser, state, "validate",
    "Check that puzzles each have exactly one solution.", lines_with({
    "Print one verdict per puzzle: unique (exactly one solution), multiple, none",
    "(no solution, or givens that clash), malformed, or unknown (--max-nodes or",
    "--timeout ran out before the search could tell).",
  }, ONE_PER_LINE, {
    "Every verdict other than unique is also reported on stderr as FILE:LINE: reason,",
    "and makes the exit status 1.",
  }))
  add_from_option(validate)
  add_box_option(validate)
  add_budget_options(validate)
  add_jobs_option(validate)
  add_stats_flag(validate)
  add_file_argument(validate)

  local convert = add_command(parser, state, "convert",
    "Convert puzzles from one format to another.", {
    "Read every puzzle of the input (its format told from the first lines, or named",
    "with --from) and write it in --to's format: records in order, one per line for",
    "line-based formats and separated by a blank line for grids. What a format cannot",
    "hold is left out (line keeps values, not which are givens; json keeps everything).",
    "Unreadable records are reported on stderr as FILE:LINE: message; the rest go on.",
  })
  add_from_option(convert)
  add_box_option(convert)
  add_to_option(convert, "Write puzzles in FORMAT (required).")
  add_stats_flag(convert)
  add_file_argument(convert)

  local render = add_command(parser, state, "render",
    "Draw puzzles as SVG pictures.", {
    "Draw every puzzle of the input as an SVG picture: givens and filled-in digits in",
    "different styles, clashing cells marked, extra regions tinted, killer cages",
    "outlined. One puzzle goes to stdout; for more, --output names a file per puzzle.",
  })
  add_from_option(render)
  add_box_option(render)
  render:option("--cell", "Cell size in pixels, 8 to " .. MAX_CELL .. " (default 40, more "
    .. "beyond 9x9 so that pencil marks stay legible: 54 for 16x16).")
    :argname("PX"):convert(whole_number("--cell", 8, MAX_CELL))
  render:flag("--candidates", "Draw pencil marks in the empty cells (the recorded ones, else "
    .. "the values each cell's row, column and box leave).")
  render:option("--highlight", "Highlight the cell at row R, column C (repeatable).")
    :argname("R,C"):count("*"):convert(options.cell("--highlight"))
  render:flag("--solve", "Draw each puzzle's first solution, its givens still set apart.")
  render:option("-o --output", "Write puzzle K to the file PATTERN names, with %d replaced "
    .. "by K (a PATTERN without %d takes one puzzle only).")
    :argname("PATTERN")
  add_stats_flag(render)
  add_file_argument(render)

  local generate = add_command(parser, state, "generate",
    "Make new puzzles, each with exactly one solution.", {
    "Print COUNT new puzzles, each with exactly one solution: a random grid from the",
    "seeded solver, then givens taken away one symmetry orbit at a time while the",
    "solution stays unique. The same --seed gives the same puzzles on every machine",
    "and Lua version (without it, the time is the seed; --stats prints it).",
    "With --variant, the rules of a variant (killer cages, thermometers, kropki dots,",
    "...) are drawn over the grid, and the records are written with them (json).",
  })
  generate:option("-n --count", "How many puzzles (default 1).")
    :argname("COUNT"):default("1"):convert(whole_number("--count", 1, TWO_53))
  generate:option("--size", "Board size N, 1 to " .. options.MAX_SIZE .. ", boxes of the "
    .. "squarest shape (default 9).")
    :argname("N"):convert(whole_number("--size", 1, options.MAX_SIZE))
  generate:option("--box", "Box shape, e.g. 2x3 (a 6x6 board of 2-row boxes).")
    :argname("RxC"):convert(options.box_shape("--box"))
  generate:option("--symmetry", "Pattern of the givens: none, rotational, 90, horizontal, "
    .. "vertical, diagonal, antidiagonal, dihedral (default none).")
    :argname("S")
    :choices({ "none", "rotational", "90", "horizontal", "vertical", "diagonal",
      "antidiagonal", "dihedral" })
  generate:flag("--minimal", "No given can be taken away (tries grids until one allows it "
    .. "with the symmetry).")
  generate:option("--clues", "Stop at N givens or fewer (tries grids until reached).")
    :argname("N"):convert(whole_number("--clues", 0, options.MAX_SIZE * options.MAX_SIZE))
  generate:option("--max-nodes", "Each puzzle is solved and proved unique within N search "
    .. "nodes of the general engine (lower: easier). A hardness knob: a given whose removal "
    .. "would need a longer proof stays, and no puzzle is given up for it (--timeout does that).")
    :argname("N"):convert(whole_number("--max-nodes", 1, TWO_53))
  generate:option("--timeout", "Give a puzzle up after SECONDS (decimals allowed), all its "
    .. "searches together: sudoku: puzzle K: gave up after SECONDS s; the next one goes on.")
    :argname("SECONDS"):convert(options.seconds("--timeout"))
  generate:option("--level", "Difficulty: easy, medium, hard, expert or extreme, a band of "
    .. "SE ratings of the hardest step a human solver needs (sudoku.gen.difficulty).")
    :argname("LEVEL"):choices({ "easy", "medium", "hard", "expert", "extreme" })
  generate:option("--rating", "SE rating band MIN-MAX (e.g. 3.0-4.5; 4.0- for at least 4.0).")
    :argname("MIN-MAX"):convert(function(text)
      local lo, hi = text:match("^(%d+%.?%d*)%-(%d*%.?%d*)$")
      if not lo then
        return nil, ("--rating must be MIN-MAX, such as 3.0-4.5 or 6-, got '%s'"):format(text)
      end
      local band = { min = tonumber(lo), max = tonumber(hi) }
      if band.max and band.max < band.min then
        return nil, ("--rating %s: MIN is above MAX"):format(text)
      end
      return band
    end)
  generate:option("--attempts", "Grids to try per puzzle for --minimal/--clues/--level/--rating "
    .. "(default 200; 1000 with a difficulty).")
    :argname("N"):convert(whole_number("--attempts", 1, TWO_53))
  generate:option("--variant", "Make variant puzzles: killer (cages and their sums, no "
    .. "givens), thermo (thermometers), kropki (every dot, and no dot means neither), xv (every "
    .. "X and V, and no mark means neither), arrow, x (both diagonals), windoku (9x9 only) or "
    .. "jigsaw (random regions). Sizes 4 to 12 (killer up to 9, xv from 5). Written as json, "
    .. "which keeps the rules (fpuzzles and fpuzzles_json keep them too; other formats are refused).")
    :argname("NAME"):choices(variant_names)
  generate:option("--seed", "Seed of the run, a whole number from 0 to 2^53 - 1.")
    :argname("S"):convert(whole_number("--seed", 0, options.SEED_MAX))
  generate:flag("--solution", "Append each solution after a ',' (line format).")
  add_to_option(generate, "Write puzzles in FORMAT (default line; json for --variant, and for a "
    .. "--box shape other than the squarest, which a line cannot keep: only json, grid and ss "
    .. "keep it).")
  add_stats_flag(generate)

  local function add_allow_option(command)
    command:option("--allow", "Use only these techniques, a comma-separated list of names "
      .. "(sudoku.logic.techniques() lists them: full_house, hidden_single_box, ..., x_wing).")
      :argname("LIST")
  end

  local rate = add_command(parser, state, "rate",
    "Rate puzzles by the hardest step a human solver needs.", lines_with({
    "Print \"PUZZLE RATING HARDEST\" for every puzzle: the puzzle's values on one line,",
    "its rating on Sukaku Explainer's scale (SE: 1.0 to about 10) and the technique of",
    "the hardest step of the easiest-first path of human-style techniques. Only SE's",
    "techniques count unless --all-techniques. A puzzle must have exactly one",
    "solution; one the techniques cannot finish is reported as FILE:LINE: stuck: ...",
  }, ONE_PER_LINE))
  add_from_option(rate)
  add_box_option(rate)
  add_allow_option(rate)
  rate:flag("--all-techniques", "Let techniques SE does not rate (finned fish, W-Wing, "
    .. "colouring, ALS) take part.")
  rate:flag("--check", "Also solve each puzzle and hold every step of its path against the "
    .. "solution: a step that places another value or eliminates the solution's is reported as "
    .. "FILE:LINE: unsound step: ... (a self-test of the techniques).")
  add_jobs_option(rate)
  add_budget_options(rate)
  add_stats_flag(rate)
  add_file_argument(rate)

  local hint = add_command(parser, state, "hint",
    "Show the easiest next step of each puzzle, explained.", {
    "Print \"RATING TECHNIQUE: SENTENCE\" for every puzzle: its easiest step (the lowest",
    "SE rating) on its pencil marks (a pencil-format record's own marks, else the values",
    "each cell's units leave). A puzzle must have exactly one solution.",
  })
  add_from_option(hint)
  add_box_option(hint)
  add_allow_option(hint)
  add_budget_options(hint)
  add_stats_flag(hint)
  add_file_argument(hint)

  local explain = add_command(parser, state, "explain",
    "Solve puzzles step by step as a human would, explaining each step.", {
    "Print every puzzle's path, the easiest step each time, one numbered step a line",
    "(\"3. X-Wing (3.2): ...\"), then its rating; puzzles are separated by a blank line.",
    "With --svg, one picture per step: the pattern's cells highlighted, eliminated",
    "pencil marks in red, placed ones in green, the links of a chain drawn.",
  })
  add_from_option(explain)
  add_box_option(explain)
  add_allow_option(explain)
  explain:option("--svg", "Write step K of puzzle P to the file PATTERN names, %d replaced by K "
    .. "and %p by P (%p is needed for more than one puzzle).")
    :argname("PATTERN")
  add_budget_options(explain)
  add_stats_flag(explain)
  add_file_argument(explain)

  state.commands = {
    solve = solve, count = count, validate = validate, convert = convert, render = render,
    generate = generate, rate = rate, hint = hint, explain = explain,
  }
  return parser
end

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
  -- solve, count and validate as a pipeline calls them are read without argparse.
  local result = options.quick_parse(list, CONVERT)
  if not result then
    local parser = build_parser(state)
    local ok
    ok, result = parser:pparse(list)
    -- Help wins over any other problem on the command line, as with most tools.
    if state.help then
      streams.stdout:write(state.help:get_help(), "\n")
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

--- The `sudoku` process itself (bin/sudoku): main over the real streams, with Ctrl-C caught.
--- A Ctrl-C stops the work under way, inside the C core too: the records written so far stay
--- whole, `sudoku: interrupted` goes to stderr, and the status is 130, never a traceback.
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
