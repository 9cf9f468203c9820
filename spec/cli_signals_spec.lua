-- The signals that stop a run, as pipelines and schedulers send them: Ctrl-C (SIGINT), SIGTERM
-- (timeout, kill, batch schedulers, service managers) and SIGHUP (a terminal or ssh session
-- closing). Each stops every long command as Ctrl-C does: what was written is whole records
-- only, stderr says `sudoku: interrupted` (naming the signal when it is not Ctrl-C's), and the
-- exit status is 128 + the signal's number, as shells report a command the signal ended. Each
-- case runs bin/sudoku in a child process on an input that never ends, waits until it has
-- written something (it is well under way), then sends the signal.
local cmd = require "support.command"
local data = require "support.data"
local gen = require "sudoku.gen"
local classic = require "support.puzzles"

after_each(function() cmd.cleanup() end)

local SIGNALS = {
  { name = "INT", status = 130, message = "sudoku: interrupted\n" },
  { name = "TERM", status = 143, message = "sudoku: interrupted (SIGTERM)\n" },
  { name = "HUP", status = 129, message = "sudoku: interrupted (SIGHUP)\n" },
}

-- Gecode's example 1 and its solution; a puzzle rated 1.0 (30 blanks, about 0.15 ms each, so
-- that rate writes its first chunk of 4096 ratings within a second).
local P2 = classic.P2
local S2 = classic.S2
local EASY = "3461.925.1875.3964529.483.19.58.2417.729.68358.375462.798.6154363.4857.2254.97186"

-- What each command writes for each record of its input: a whole line, always the same one
-- (rate: named by its line; generate: a puzzle line, checked against a run of the same seed
-- below).
local function exactly(text)
  return function(line) return line == text end
end

-- rate names each record (its line, the input having no ids) before its answer.
local function named(text)
  return function(line, n) return line == n .. " " .. text end
end

local COMMANDS = {
  { args = { "solve" }, endless = P2, whole = exactly(S2) },
  { args = { "count" }, endless = P2, whole = exactly("1") },
  { args = { "generate", "-n", "1000000", "--seed", "1" },
    whole = function(line) return #line == 81 and line:match("^[.1-9]+$") ~= nil end },
  { args = { "rate" }, endless = EASY, whole = named(EASY .. " 1.0 full_house") },
  { args = { "canon" }, endless = P2, whole = exactly(gen.canonical(P2)) },
}

-- The first three puzzles of `generate --seed 1`, which an interrupted run begins with.
local generated
local function first_generated()
  if not generated then
    local r = cmd.run({ "generate", "-n", "3", "--seed", "1" })
    assert.are.equal(0, r.status)
    generated = r.stdout
  end
  return generated
end

-- Runs `sudoku ARGS...` (with -j 2 when jobs), stops it with the signal once it has written
-- something and checks what it left: the status and the message, no traceback, and standard
-- output whole lines only, each the record the command writes.
local function check(command, signal, jobs)
  local args = {}
  for i, a in ipairs(command.args) do args[i] = a end
  if jobs then
    args[#args + 1] = "-j"
    args[#args + 1] = "2"
  end
  local r = cmd.interrupt(args, { signal = signal.name, endless = command.endless,
    after_output = true, delay = 0.2 })
  assert.are.equal(signal.status, r.status)
  assert.are.equal(signal.message, r.stderr)
  -- Within seconds of the signal (milliseconds by hand; room for a loaded machine).
  assert.is_true(r.ms < 5000, ("stopped %d ms after the signal"):format(r.ms))
  assert.is_true(#r.stdout > 0, "wrote nothing before the signal")
  assert.are.equal("\n", r.stdout:sub(-1), "the last line is cut short")
  local n = 0
  for line in r.stdout:gmatch("([^\n]*)\n") do
    n = n + 1
    if not command.whole(line, n) then
      error(("line %d is no whole record: %q"):format(n, line:sub(1, 120)))
    end
  end
  if command.args[1] == "generate" and n >= 3 then
    assert.are.equal(first_generated(), r.stdout:match("^[^\n]*\n[^\n]*\n[^\n]*\n"))
  end
end

-- The cases of the user's report (`timeout 1 sudoku solve big.txt > out`, and generate) and
-- one of SIGHUP run in the fast suite, the rest with #slow (each case takes about a second).
local FAST = { ["solve TERM"] = true, ["generate TERM"] = true, ["count HUP"] = true }

-- Under `nohup` SIGHUP reaches no command (it stays ignored, as documented): those cases wait.
local HUP_IGNORED = cmd.hup_ignored()
local function it_unless_hup_ignored(signal, title, fn)
  if signal == "HUP" and HUP_IGNORED then
    pending(title .. " (SIGHUP is ignored here, as under nohup)")
  else
    it(title, fn)
  end
end

describe("a signal stops a long command after a whole record", function()
  for _, command in ipairs(COMMANDS) do
    for _, signal in ipairs(SIGNALS) do
      local name = command.args[1]
      local tag = FAST[name .. " " .. signal.name] and "" or " #slow"
      it_unless_hup_ignored(signal.name, ("%s on SIG%s: whole lines, then exit %d")
        :format(name, signal.name, signal.status) .. tag, function()
        check(command, signal)
      end)
    end
  end

  -- On threads, every thread stops at the flag and what they did before it is written in
  -- input order. generate has no -j.
  for _, command in ipairs(COMMANDS) do
    local name = command.args[1]
    if name ~= "generate" then
      it(name .. " -j 2 on SIGTERM: whole lines, then exit 143 #slow", function()
        check(command, SIGNALS[2], true)
      end)
    end
  end
end)

-- lab writes its report at the end, and -j N runs it in N processes of its own (not threads).
describe("a signal stops sudoku lab", function()
  -- Empty 64x64 boards: every search runs to its budget (100,000 nodes, seconds each).
  local function endless_lab_file(puzzles)
    return cmd.temp_file((("."):rep(4096) .. "\n"):rep(puzzles))
  end
  local function lab_args(...)
    local args = { "lab", "--heuristics", "first", "--max-nodes", "100000" }
    for _, a in ipairs({ ... }) do args[#args + 1] = a end
    return args
  end

  -- The process ids of the commands still running on path (its worker processes name it).
  local function running_on(path)
    local out = cmd.shell("ps -e -o pid= -o args= | grep -F " .. cmd.quote(path)
      .. " | grep -v grep")
    local pids = {}
    for pid in out:gmatch("(%d+)[^\n]*\n") do pids[#pids + 1] = pid end
    return pids
  end

  -- The report's intervals take seconds of Lua for thousands of puzzles: the lab looks at the
  -- signal's flag between two resamples. (It wrote the whole report and exited 0.)
  it("while it makes the report: nothing written, exit 143 #slow", function()
    local puzzles = cmd.read_file(data.root .. "/spec/fixtures/top1465_first20.txt")
    -- 1,800 puzzles, all the strategies: about a second of searches, then six of report (the
    -- signal, 3 s in, finds either; both stop).
    local path = cmd.temp_file(puzzles:rep(90))
    local r = cmd.interrupt({ "lab", path }, { signal = "TERM", delay = 3 })
    assert.are.equal(143, r.status)
    assert.are.equal("sudoku: interrupted (SIGTERM)\n", r.stderr)
    assert.are.equal("", r.stdout)
    assert.is_true(r.ms < 5000, ("stopped %d ms after the signal"):format(r.ms))
  end)

  it_unless_hup_ignored("HUP",
    "-j 2 sent to the parent alone (kill PID): it passes the signal on to its worker #slow",
    function()
    local path = endless_lab_file(40)   -- about half a second of search each
    local r = cmd.interrupt(lab_args("-j", "2", path), { signal = "HUP", delay = 1 })
    local left = running_on(path)
    if #left > 0 then cmd.shell("kill " .. table.concat(left, " ")) end
    assert.are.equal(129, r.status)
    -- One message: the worker ends quietly.
    assert.are.equal("sudoku: interrupted (SIGHUP)\n", r.stderr)
    assert.are.equal("", r.stdout)
    assert.are.same({}, left)
  end)
end)
