-- `sudoku lab`: the heuristics lab (sudoku.lab) on the puzzles of a file. With -j N the
-- puzzles are shared among N processes of this same command (--worker K/N, each writing its
-- runs to a file of its own), and the parent puts the results together in puzzle order, so
-- the report is the same for every N but for the CPU times. A signal (Ctrl-C, SIGTERM, SIGHUP)
-- stops it in every process, in a search (each looks at the flag when it starts) or while it
-- makes the report, and nothing is written.
local source = require "sudoku.format.source"
local heuristic = require "sudoku.heuristic"
local interrupt = require "sudoku.cli.interrupt"
local lab = require "sudoku.lab"
local output = require "sudoku.cli.output"
local pipeline = require "sudoku.cli.pipeline"

local lab_cli = {}

local EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2

-- The puzzles of the input, opened and read as the other commands read theirs, and a message
-- for each record that could not be read (FILE:LINE: message); or nil and the message of an
-- input that cannot be opened or read, or whose format cannot be told (a usage error).
local function read_puzzles(result, streams)
  local input, name = pipeline.open_input(result.file, streams)
  if not input then return nil, name end
  local src = source.of(input)
  local from = result.from ~= "auto" and result.from or nil
  local boards, faults, fatal = {}, {}, nil
  for item in pipeline.record_items(src, from, { box = result.box, size = result.size }) do
    if item.record then
      boards[#boards + 1] = item.record.board
    elseif item.fatal then
      fatal = ("%s: %s"):format(name, item.fatal)   -- the format cannot be told
    else
      faults[#faults + 1] = ("%s:%d: %s"):format(name, item.line, item.error)
    end
  end
  if input ~= streams.stdin then input:close() end
  fatal = pipeline.read_failure(src, name) or fatal
  if fatal then return nil, fatal end
  return boards, faults
end

local function strategies_of(result)
  local list = {}
  if not result.heuristics then
    for i, name in ipairs(heuristic.NAMES) do list[i] = name end
    return list
  end
  for spec in result.heuristics:gmatch("[^,]+") do
    spec = spec:match("^%s*(.-)%s*$")
    local s, err = heuristic.resolve(spec)
    if not s then return nil, err end
    list[#list + 1] = s
  end
  if #list == 0 then return nil, "--heuristics names no strategy" end
  return list
end

-- One run as a worker writes it, and back.
local function encode(si, pi, run)
  return string.format("%d %d %s %d %d %d %d %.9g\n", si, pi, run.status, run.solved and 1 or 0,
    run.nodes, run.guesses, run.backtracks, run.seconds)
end

local function decode(line)
  local si, pi, status, solved, nodes, guesses, backtracks, seconds = line:match(
    "^(%d+) (%d+) (%S+) ([01]) (%d+) (%d+) (%d+) (%S+)$")
  if not si then return nil end
  return tonumber(si), tonumber(pi), { status = status, solved = solved == "1",
    nodes = tonumber(nodes), guesses = tonumber(guesses), backtracks = tonumber(backtracks),
    seconds = tonumber(seconds) }
end

local WINDOWS = package.config:sub(1, 1) == "\\"

local function quote(s)
  if WINDOWS then return '"' .. s:gsub('"', '\\"') .. '"' end
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- The command that runs this tool again: the interpreter (with its own options) and script
-- of `args` (the global arg), or nil when the tool runs in-process (cli.main from a script).
-- SUDOKU_INTERPRETER, when set, names the interpreter instead: a wrapper that the interpreter
-- itself cannot see (an emulator's, as make test-cross runs the suite under qemu).
local function self_command(args)
  if not args or not args[0] or not args[-1] then return nil end
  local wrapper = os.getenv("SUDOKU_INTERPRETER")
  if wrapper and wrapper ~= "" then return quote(wrapper) .. " " .. quote(tostring(args[0])) end
  local first = -1
  while args[first - 1] do first = first - 1 end
  local words = {}
  for i = first, 0 do words[#words + 1] = quote(tostring(args[i])) end
  return table.concat(words, " ")
end

-- Runs shares 2..n in child processes writing to temporary files, share 1 here, then reads
-- the children's runs into results. Returns results, or nil and a message.
local function run_shared(boards, strategies, result, args, n)
  local command = self_command(args)
  -- One process does it all for -j 1, when this tool runs in-process, and for standard input,
  -- which the children cannot read.
  if not command or n <= 1 or result.file == nil or result.file == "-" then
    return lab.run(boards, strategies, { max_nodes = result.max_nodes, seed = result.seed })
  end
  local children = {}
  for k = 2, n do
    local out = os.tmpname()
    local words = { command, "lab", "--worker", k .. "/" .. n, "--max-nodes",
      string.format("%d", result.max_nodes), "--seed", string.format("%d", result.seed or 1),
      "--heuristics", quote(result.heuristics
      or table.concat(heuristic.NAMES, ",")) }
    if result.from then words[#words + 1] = "--from " .. quote(result.from) end
    if result.box then words[#words + 1] = "--box " .. result.box[1] .. "x" .. result.box[2] end
    words[#words + 1] = quote(result.file)
    words[#words + 1] = "> " .. quote(out)
    local line = table.concat(words, " ")
    -- On POSIX the shell says the child's process id first (exec keeps it), for the signal.
    if not WINDOWS then line = "echo $$; exec " .. line end
    local child = { out = out, pipe = io.popen(line, "r") }
    if not WINDOWS then child.pid = tonumber(child.pipe:read("*l")) end
    children[#children + 1] = child
  end
  -- Share 1 here, while the children run. A signal that stops it goes on to the children (which
  -- only a terminal's Ctrl-C or `timeout` reaches on their own, through the process group):
  -- they stop too, and their files go.
  local ok, mine = pcall(lab.run, boards, strategies, { max_nodes = result.max_nodes,
    seed = result.seed, first = 1, step = n })
  if not ok then
    if interrupt.is(mine) then
      local sig = interrupt.SIGNALS[interrupt.pending()]   -- "SIGTERM"; nil: the interpreter's
      for _, child in ipairs(children) do
        if child.pid and sig then
          os.execute(("kill -%s %d 2>/dev/null"):format(sig:sub(4), child.pid))
        end
        child.pipe:close()
        os.remove(child.out)
      end
    end
    error(mine, 0)
  end
  local failed
  for _, child in ipairs(children) do
    child.pipe:read("*a")
    child.pipe:close()
    local f = io.open(child.out, "r")
    local complete = false
    for line in (f and f:lines() or function() end) do
      if line == "end" then
        complete = true
      else
        local si, pi, run = decode(line)
        if si then mine.runs[si][pi] = run end
      end
    end
    if f then f:close() end
    os.remove(child.out)
    if not complete then failed = "a worker process stopped before its share was done" end
  end
  if failed then return nil, failed end
  return mine
end

function lab_cli.run(result, streams, args)
  local strategies, err = strategies_of(result)
  if not strategies then
    streams.stderr:write("sudoku: ", err, "\n")
    return EXIT_USAGE
  end
  result.max_nodes = result.max_nodes or 100000
  local boards, faults = read_puzzles(result, streams)
  if not boards then
    streams.stderr:write("sudoku: ", faults, "\n")
    return EXIT_USAGE
  end
  -- A worker reads the same file as its parent, which reports its faults once.
  if not result.worker then
    for _, message in ipairs(faults) do streams.stderr:write(message, "\n") end
  end

  if result.worker then
    local k, n = result.worker:match("^(%d+)/(%d+)$")
    k, n = tonumber(k), tonumber(n)
    if not k or k < 1 or k > n then
      streams.stderr:write("sudoku: --worker must be K/N with 1 <= K <= N\n")
      return EXIT_USAGE
    end
    local ok, results = pcall(lab.run, boards, strategies, { max_nodes = result.max_nodes,
      seed = result.seed, first = k, step = n })
    if not ok then
      -- Stopped by a signal: the parent, which has it too or passed it on, says so.
      if interrupt.is(results) then return (interrupt.outcome()) end
      error(results, 0)
    end
    for si = 1, #results.names do
      for pi = k, results.puzzles, n do streams.stdout:write(encode(si, pi, results.runs[si][pi])) end
    end
    streams.stdout:write("end\n")
    return EXIT_OK
  end

  local jobs = result.jobs == 0 and require("sudoku.core").cpus() or result.jobs or 1
  if jobs > #boards then jobs = math.max(#boards, 1) end
  local results, why = run_shared(boards, strategies, result, args, jobs)
  if not results then
    streams.stderr:write("sudoku: ", why, "\n")
    return EXIT_FAILURE
  end
  -- The report's intervals take seconds of Lua for thousands of puzzles: a signal stops them
  -- too, between two resamples, and nothing is written.
  streams.stdout:write(require("sudoku.lab.report").markdown(results,
    { progress = interrupt.check }))
  local plot = require "sudoku.lab.plot"
  local metric = result.cactus_by == "time" and "seconds" or "nodes"
  local pictures = { { result.svg, function() return plot.cactus(results, { metric = metric }) end },
    { result.scatter, function() return plot.scatter(results, 1, math.min(2, #results.names)) end } }
  for _, p in ipairs(pictures) do
    if p[1] then output.write_file(p[1], p[2]()) end
  end
  return #faults > 0 and EXIT_FAILURE or EXIT_OK
end

return lab_cli
