-- The command line as argparse reads it: every command, option and help text of `sudoku`
-- (sudoku.cli runs it). Loaded only when the quick path (sudoku.cli.options.quick_parse) leaves
-- the line to argparse: help, another command, an error to explain.
local argparse = require "argparse"
local format = require "sudoku.format"
local variant_names = require "sudoku.gen.variant_names"
local options = require "sudoku.cli.options"

local parser_module = {}

local whole_number, TWO_53 = options.whole_number, options.TWO_53

local MAX_JOBS = options.MAX_JOBS
-- The largest cell --cell draws, in pixels: a 64x64 board of them is already 64,000 px wide.
local MAX_CELL = 1000

-- The formats of sudoku.format's registry, as --from and --to take them (svg is render's alone).
local READ_FORMATS = format.READ_NAMES

-- argparse's own --help prints and calls os.exit, which a library function must never do, so
-- each parser gets a plain flag whose action only records which parser's help was asked for.
local function add_help_flag(parser, state)
  parser:add_help(false)
  parser:flag("-h --help", "Show this help message and exit.")
    :action(function() state.help = state.help or parser end)
end

local CONVERT = options.CONVERT

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
  command:option("--size", "The board size of a file of puzzles one per line: N, or auto for "
    .. "lines of any size (default: the first puzzle's; a puzzle of another length is an "
    .. "error naming its line and both lengths).")
    :argname("N|auto"):convert(CONVERT.size)
  command:option("--column", "The puzzle's column in a delimited file (id,puzzle,solution "
    .. "CSV; fields between spaces, ',' and ';'): its number from 1, or its name in the header "
    .. "line, which is then no record. Sudoku Exchange lines (id puzzle rating) are told "
    .. "without it.")
    :argname("N|NAME"):convert(CONVERT.column)
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

-- -j N: the batch solver's threads (or the line pool's, for canon and dedup: `verb` says what
-- they do). Output never depends on it.
local function add_jobs_option(command, verb)
  command:option("-j --jobs", (verb or "Solve") .. " on N threads, up to " .. MAX_JOBS
    .. " (0: one per CPU; default 1). The output is the same whatever N is. Used for "
    .. "one-puzzle-per-line input.")
    :argname("N"):default("1"):convert(CONVERT.jobs)
end

-- --line-offset N: the streaming commands' input is a piece of a longer one (GNU parallel's
-- --pipe), so that their messages name the lines of the whole.
local function add_line_offset_option(command)
  command:option("--line-offset", "The input is a piece of a longer one that has N lines "
    .. "before it: add N to the line numbers of messages, and look for no title line at its "
    .. "top (for GNU parallel --pipe -N K: N = ({#} - 1) * K).")
    :argname("N"):convert(CONVERT.line_offset)
end

local function add_file_argument(command)
  command:argument("file", "Puzzle file; standard input when absent or '-'."):args("?")
end

-- --placeholders: a line in the output for every record, failed ones too, so that the output
-- lines up with the input (sudoku.cli.pipeline; `what` is the placeholder line).
local function add_placeholders_flag(command, what)
  command:flag("--placeholders", "Write " .. (what or "a line '-'") .. " in place of the answer "
    .. "of every record that fails (reported on stderr all the same), so that the output's Nth "
    .. "record answers the input's Nth (blank lines, comments and a title line are no records).")
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
  " 143  stopped by SIGTERM (timeout, kill, a batch scheduler) as by Ctrl-C",
  " 129  stopped by SIGHUP (the terminal closed) as by Ctrl-C",
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

-- How rate, hint and explain name each puzzle (sudoku.cli.jobs, record_name).
local NAMED = {
  "A puzzle's NAME is its id when it has one (a json record's \"id\", a single word),",
  "else the number of the line where it starts, as messages name it.",
}

local function lines_with(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, line in ipairs(list) do out[#out + 1] = line end
  end
  return out
end

--- The parser of the whole command line; state.help gets the parser whose -h was given,
--- state.version is set by --version, and state.commands gets each command's parser (for its
--- usage line in an error).
function parser_module.build(state)
  local parser = argparse("sudoku",
    "Solve, count, validate, convert, render and generate Sudoku puzzles.")
    :epilog(EXIT_STATUS_HELP)
  add_help_flag(parser, state)
  parser:flag("--version", "Print the version and the build's identity (the core's file and "
    .. "digest, the Lua running it), and exit.")
    :action(function() state.version = true end)
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
  add_line_offset_option(solve)
  add_placeholders_flag(solve)
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
  add_line_offset_option(count)
  add_placeholders_flag(count)
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
  add_line_offset_option(validate)
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
  add_placeholders_flag(convert)
  add_stats_flag(convert)
  add_file_argument(convert)

  local canon = add_command(parser, state, "canon",
    "Write the canonical form of 9x9 puzzles.", lines_with({
    "Print each puzzle's canonical form, a line of 81 symbols: the least of the puzzles",
    "equivalent to it (digits relabelled, bands and the rows in them, stacks and the",
    "columns in them permuted, transposed), a blank counting below every digit. Two",
    "puzzles print the same line exactly when they are equivalent. With --unique, only",
    "the first puzzle of each class prints its form.",
  }, ONE_PER_LINE, {
    "A puzzle that is not 9x9 with 3x3 boxes, or whose givens clash, is reported on",
    "stderr as FILE:LINE: message.",
  }))
  canon:flag("--unique", "Print only the first puzzle of each class (see dedup).")
  add_from_option(canon)
  add_box_option(canon)
  add_jobs_option(canon, "Work")
  add_line_offset_option(canon)
  add_placeholders_flag(canon)
  add_stats_flag(canon)
  add_file_argument(canon)

  local dedup = add_command(parser, state, "dedup",
    "Keep the first of each class of equivalent 9x9 puzzles.", lines_with({
    "Copy the input's puzzles to stdout in the input's format, leaving out every puzzle",
    "equivalent to one before it (the same canonical form, see canon). Memory grows",
    "with the classes kept, 41 bytes each, not with the input; --stats adds how many",
    "classes there were and how many puzzles were left out.",
  }, ONE_PER_LINE, {
    "A puzzle that is not 9x9 with 3x3 boxes, or whose givens clash, is reported on",
    "stderr as FILE:LINE: message.",
  }))
  add_from_option(dedup)
  add_box_option(dedup)
  add_jobs_option(dedup, "Work")
  add_line_offset_option(dedup)
  add_stats_flag(dedup)
  add_file_argument(dedup)

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
    "Print \"NAME PUZZLE RATING HARDEST\" for every puzzle: its NAME (below), the",
    "puzzle's values on one line, its rating on Sukaku Explainer's scale (SE: 1.0 to",
    "about 10) and the technique of the hardest step of the easiest-first path of",
    "human-style techniques. Only SE's techniques count unless --all-techniques. A",
    "puzzle must have exactly one solution; one the techniques cannot finish is",
    "reported as FILE:LINE: stuck: ...",
  }, ONE_PER_LINE, NAMED))
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
  add_placeholders_flag(rate, "a line 'NAME -'")
  add_stats_flag(rate)
  add_file_argument(rate)

  local hint = add_command(parser, state, "hint",
    "Show the easiest next step of each puzzle, explained.", lines_with({
    "Print \"NAME RATING TECHNIQUE: SENTENCE\" for every puzzle: its NAME (below)",
    "and its easiest step (the lowest SE rating) on its pencil marks (a pencil-format",
    "record's own marks, else the values each cell's units leave). A puzzle must have",
    "exactly one solution.",
  }, NAMED))
  add_from_option(hint)
  add_box_option(hint)
  add_allow_option(hint)
  add_budget_options(hint)
  add_placeholders_flag(hint, "a line 'NAME -'")
  add_stats_flag(hint)
  add_file_argument(hint)

  local explain = add_command(parser, state, "explain",
    "Solve puzzles step by step as a human would, explaining each step.", lines_with({
    "Print every puzzle's NAME (below) and values on a line, then its path, the",
    "easiest step each time, one numbered step a line (\"3. X-Wing (3.2): ...\"), then",
    "its rating; puzzles are separated by a blank line.",
    "With --svg, one picture per step: the pattern's cells highlighted, eliminated",
    "pencil marks in red, placed ones in green, the links of a chain drawn.",
  }, NAMED))
  add_from_option(explain)
  add_box_option(explain)
  add_allow_option(explain)
  explain:option("--svg", "Write step K of puzzle P to the file PATTERN names, %d replaced by K "
    .. "and %p by P (%p is needed for more than one puzzle).")
    :argname("PATTERN")
  add_budget_options(explain)
  add_placeholders_flag(explain, "a line 'NAME -'")
  add_stats_flag(explain)
  add_file_argument(explain)

  local lab = add_command(parser, state, "lab",
    "Compare search heuristics on a set of puzzles.", {
    "Run every strategy of --heuristics on every puzzle of the input with the same node",
    "budget, and print a Markdown report: per strategy the puzzles solved within the",
    "budget and the median (with its 95 % bootstrap interval), 90th percentile and",
    "maximum of nodes, guesses, backtracks and CPU time, then a head-to-head table.",
    "Everything but the CPU times is the same on every run and for every -j.",
  })
  lab:option("--heuristics", "Comma-separated strategies: names of sudoku.heuristic (first, "
    .. "mrv, mrv_degree, wdeg, unit, lcv, random, singles, luby) or paths of .lua files that "
    .. "return a strategy table (default: all the names).")
    :argname("LIST")
  lab:option("--max-nodes", "Node budget of each search (default 100000).")
    :argname("N"):convert(CONVERT.max_nodes)
  lab:option("--seed", "Seed of the run, a whole number from 0 to 2^53 - 1, which the "
    .. "randomised strategies draw from (default 1): the same seed, the same searches.")
    :argname("S"):convert(whole_number("--seed", 0, options.SEED_MAX))
  lab:option("-j --jobs", "Run the puzzles in N processes, up to " .. MAX_JOBS .. " (0: one per "
    .. "CPU; default 1).")
    :argname("N"):default("1"):convert(CONVERT.jobs)
  lab:option("--svg", "Also draw the cactus plot (puzzles solved against nodes, or CPU time "
    .. "with --cactus-by time; one line per strategy) to FILE.")
    :argname("FILE")
  lab:option("--cactus-by", "What the cactus plot's axis measures: nodes or time (default nodes).")
    :argname("WHAT"):choices({ "nodes", "time" })
  lab:option("--scatter", "Also draw the nodes of the first two strategies, puzzle by puzzle, "
    .. "to FILE.")
    :argname("FILE")
  lab:option("--worker", "(internal) Run share K of N and write raw results.")
    :argname("K/N"):hidden(true)
  add_from_option(lab)
  add_box_option(lab)
  add_file_argument(lab)

  state.commands = {
    solve = solve, count = count, validate = validate, convert = convert, render = render,
    generate = generate, rate = rate, hint = hint, explain = explain, lab = lab,
  }
  return parser
end

return parser_module
