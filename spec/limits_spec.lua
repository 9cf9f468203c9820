-- Search budgets and Ctrl-C in the library: b:solve, b:count, sudoku.solve, sudoku.count and
-- sudoku.solve_many take max_nodes and timeout, Solver:step takes a time budget, and once
-- sudoku.core.catch_interrupt has been called SIGINT (Ctrl-C), SIGTERM and SIGHUP stop any search
-- under way.
local sudoku = require "sudoku"
local data = require "support.data"
local command = require "support.command"

local core = sudoku.core
local Board, Solver = sudoku.Board, sudoku.Solver

local EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local EASY_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
local EMPTY9, EMPTY64 = ("."):rep(81), ("."):rep(4096)

-- The first puzzle of a shared set that makes the fast path guess, with its guesses.
local function hard9()
  for _, rec in ipairs(data.shared_records("forum_hardest_1106.txt")) do
    local _, _, guesses = core.debug.fast9(rec[1], 0)
    if guesses > 20 then return rec[1], guesses end
  end
end

-- Nodes the general engine spends counting every solution of board (a Solver without hooks
-- runs the same search as b:count).
local function general_nodes(board)
  local solver = Solver.new(board:copy())
  local status
  repeat status = solver:step() until status == "done" or status == "unsat"
  return solver:stats().nodes
end

describe("a node budget (max_nodes)", function()
  it("gives up b:count on an empty 9x9 board, in the fast path, and leaves the board alone", function()
    local board = Board.new{ size = 9 }
    assert.are.same({ nil, "gave up after 1000 nodes" }, { board:count(nil, { max_nodes = 1000 }) })
    assert.are.equal(0, board:filled())
  end)

  it("counts the fast path's nodes exactly: the root and one per guess", function()
    local puzzle, guesses = hard9()
    local board = sudoku.parse(puzzle)
    assert.are.equal(1, board:count(nil, { max_nodes = guesses + 1 }))
    assert.are.same({ nil, ("gave up after %d nodes"):format(guesses) },
      { board:count(nil, { max_nodes = guesses }) })
  end)

  it("counts the general engine's nodes exactly, as Solver:stats() does", function()
    -- Every 4x4 grid: 288 of them, found by the general engine (the fast path is 9x9's).
    local board = Board.new{ size = 4 }
    local nodes = general_nodes(board)
    assert.is_true(nodes > 1)
    assert.are.equal(288, board:count(nil, { max_nodes = nodes }))
    assert.are.same({ nil, ("gave up after %d nodes"):format(nodes - 1) },
      { board:count(nil, { max_nodes = nodes - 1 }) })
  end)

  it("gives up b:solve on an empty 64x64 board and leaves it empty", function()
    local board = Board.new{ size = 64 }
    assert.are.same({ nil, "gave up after 500 nodes" }, { board:solve{ max_nodes = 500 } })
    assert.are.equal(0, board:filled())
  end)

  it("changes no answer when it is large enough", function()
    local board = sudoku.parse(EASY)
    assert.is_true(board:solve{ max_nodes = 100 })
    assert.are.equal(EASY_SOLVED, board:symbols())
    assert.are.equal(2, Board.new{ size = 4 }:count(2, { max_nodes = 1000 }))
  end)

  it("bounds sudoku.solve and sudoku.count, on 81-character lines and other texts", function()
    assert.are.same({ nil, "gave up after 3 nodes" }, { sudoku.solve(EMPTY9, { max_nodes = 3 }) })
    assert.are.same({ nil, "gave up after 3 nodes" }, { sudoku.count(EMPTY9, nil, { max_nodes = 3 }) })
    assert.are.same({ nil, "gave up after 3 nodes" },
      { sudoku.solve(("."):rep(256), { max_nodes = 3 }) })
    assert.are.equal(EASY_SOLVED, sudoku.solve(EASY, { max_nodes = 100 }))
    assert.are.equal(1, sudoku.count(EASY, nil, { max_nodes = 100 }))
  end)
end)

describe("a time budget (timeout)", function()
  it("gives up b:solve on an empty 64x64 board after about that long", function()
    local board = Board.new{ size = 64 }
    local started = core.clock()
    assert.are.same({ nil, "gave up after 0.2 s" }, { board:solve{ timeout = 0.2 } })
    local took = core.clock() - started
    -- At least the budget, and not much more: the engine looks at the clock before every node
    -- (a few milliseconds each here; the bound leaves room for sanitizers and valgrind).
    assert.is_true(took >= 0.2 and took < 5, ("took %.3f s"):format(took))
    assert.are.equal(0, board:filled())
  end)

  it("gives up b:count on an empty 9x9 board, in the fast path", function()
    assert.are.same({ nil, "gave up after 0.1 s" }, { Board.new{ size = 9 }:count(nil, { timeout = 0.1 }) })
  end)

  it("pauses Solver:step, which can go on afterwards", function()
    local board = Board.new{ size = 64 }
    local solver = Solver.new(board)
    assert.are.equal("running", solver:step(nil, 0.1))
    local nodes = solver:stats().nodes
    assert.are.equal("running", solver:step(nil, 0.1))
    assert.is_true(solver:stats().nodes > nodes)
    solver:reset()
    assert.are.equal(0, board:filled())
  end)

  it("gives up gen.puzzle, all its searches together", function()
    assert.are.same({ nil, "gave up after 0.2 s" },
      { sudoku.gen.puzzle{ size = 64, seed = 1, timeout = 0.2 } })
    local plain = sudoku.gen.puzzle{ size = 9, seed = 5 }
    local timed = sudoku.gen.puzzle{ size = 9, seed = 5, timeout = 60 }
    assert.are.equal(plain:symbols(), timed:symbols())
  end)
end)

describe("budgets in solve_many", function()
  -- Sizes mixed on purpose (size = "auto": a 64x64 that runs out of budget among 9x9s).
  local text = table.concat({ EASY, EMPTY64, EASY, EMPTY9 }, "\n")

  it("give a puzzle up on its own, the others answered, on one thread or two", function()
    for _, threads in ipairs({ 1, 2 }) do
      local solutions, errors, stats = sudoku.solve_many(text,
        { max_nodes = 500, threads = threads, size = "auto" })
      assert.are.same({ EASY_SOLVED, false, EASY_SOLVED, sudoku.solve(EMPTY9) }, solutions)
      assert.are.same({ [2] = "line 2: gave up after 500 nodes" }, errors)
      assert.are.equal(1, stats.gave_up)
      assert.are.equal(0, stats.interrupted)
      assert.are.equal(3, stats.solved)
      assert.are.equal(1, stats.failed)
    end
  end)

  it("bound each puzzle's time, in count mode too", function()
    local counts, errors, stats = sudoku.solve_many(text, { limit = 2 ^ 53, timeout = 0.1, size = "auto" })
    assert.are.same({ 1, false, 1, false }, counts)
    assert.are.same({ [2] = "line 2: gave up after 0.1 s", [4] = "line 4: gave up after 0.1 s" },
      errors)
    assert.are.equal(2, stats.gave_up)
  end)

  it("are checked like the other options", function()
    for _, opts in ipairs({ { max_nodes = 0 }, { max_nodes = 1.5 }, { timeout = 0 },
        { timeout = -1 }, { timeout = 0 / 0 }, { timeout = math.huge }, { timeout = "1" } }) do
      assert.has_error(function() sudoku.solve_many(EASY, opts) end)
      assert.has_error(function() Board.new{ size = 9 }:count(nil, opts) end)
    end
    local ok, err = pcall(function() Board.new{ size = 9 }:solve{ max_node = 3 } end)
    assert.is_false(ok)
    assert.matches("unknown option 'max_node'", err, 1, true)
  end)
end)

describe("Ctrl-C, SIGTERM and SIGHUP, once sudoku.core.catch_interrupt() is called", function()
  -- The core the specs load (spec/helper.lua): SUDOKU_BUILD's, else this Lua's build.
  local build = data.build

  -- In a child process of its own: the handler is process-wide, and the process signals itself.
  -- `shell` comes before the interpreter (a trap, say). Returns what it wrote (stdout and
  -- stderr) and its exit status.
  local function run(body, shell)
    local script = command.temp_file(([[
      package.path = %q .. "lua/?.lua;" .. %q .. "lua/?/init.lua;" .. package.path
      package.cpath = %q .. ";" .. package.cpath
      local sudoku = require "sudoku"
      local core = sudoku.core
      local pid = io.open("/proc/self/stat"):read("*n")
      local function signal_in(seconds, name)
        os.execute(("(sleep %%s; kill -%%s %%d) &"):format(seconds, name, pid))
      end
      local function ctrl_c_in(seconds) signal_in(seconds, "INT") end
      -- Lua code only, which no flag stops: a command that does not heed the signal.
      local function busy(seconds)
        local t = core.clock()
        while core.clock() - t < seconds do end
      end
      %s
    ]]):format(data.root, data.root, build .. "/?.so", body))
    return command.shell((shell or "") .. command.LUA .. " " .. command.quote(script))
  end
  after_each(function() command.cleanup() end)

  it("is off until asked for: the flag stays down", function()
    assert.is_false(core.interrupted())
  end)

  it("stops a count under way, which raises 'interrupted', and leaves the board alone #posix", function()
    local out = run([[
      assert(core.catch_interrupt())
      local board = sudoku.Board.new{ size = 9 }
      ctrl_c_in(0.2)
      local started = core.clock()
      print(pcall(board.count, board))
      print(core.interrupted(), board:filled(), core.clock() - started < 5)
      core.catch_interrupt()
      print(core.interrupted())
    ]])
    -- core.interrupted() gives the signal's number: 2, SIGINT.
    assert.are.equal("false\tinterrupted\n2\t0\ttrue\nfalse\n", out)
  end)

  it("stops solve_many on two threads, keeping the answers already found #posix", function()
    local out = run(([[
      assert(core.catch_interrupt())
      ctrl_c_in(0.3)
      local text = table.concat({ %q, %q, %q, %q }, "\n")
      local solutions, errors, stats = sudoku.solve_many(text, { threads = 2, size = "auto" })
      print(solutions[1] == %q, solutions[2], errors[2], stats.interrupted >= 1)
    ]]):format(EASY, EMPTY64, EMPTY64, EASY, EASY_SOLVED))
    assert.are.equal("true\tfalse\tline 2: interrupted\ttrue\n", out)
  end)

  it("stops Solver:step, which raises and can go on once the flag is lowered #posix", function()
    local out = run([[
      assert(core.catch_interrupt())
      local board = sudoku.Board.new{ size = 64 }
      local solver = sudoku.Solver.new(board)
      ctrl_c_in(0.2)
      print(pcall(solver.step, solver))
      print(solver:status())
      core.catch_interrupt()
      print(solver:step(10), solver:stats().nodes > 10)
    ]])
    assert.are.equal("false\tinterrupted\nrunning\nrunning\ttrue\n", out)
  end)

  it("stops a search on SIGTERM and SIGHUP as on Ctrl-C, the flag holding the signal's number "
    .. "#posix", function()
    -- Under nohup SIGHUP stays ignored (as documented) and must not raise the flag; a count
    -- it cannot stop would never end, so that case waits out a while instead.
    local out = run(([[
      for _, name in ipairs({ "TERM", "HUP" }) do
        assert(core.catch_interrupt())
        local board = sudoku.Board.new{ size = 9 }
        signal_in(0.2, name)
        if name == "HUP" and %s then
          busy(0.5)
          print(name, "ignored")
        else
          print(name, pcall(board.count, board))
        end
        print(core.interrupted())
      end
    ]]):format(tostring(command.hup_ignored())))
    local hup = command.hup_ignored() and "HUP\tignored\nfalse\n" or "HUP\tfalse\tinterrupted\n1\n"
    assert.are.equal("TERM\tfalse\tinterrupted\n15\n" .. hup, out)
  end)

  it("keeps the first signal's number when others follow #posix", function()
    local out = run([[
      assert(core.catch_interrupt())
      -- Each has come by the time os.execute returns (it ends the wait for the child).
      os.execute(("kill -TERM %d"):format(pid))
      os.execute(("kill -HUP %d"):format(pid))
      busy(0.2)
      print(core.interrupted())
    ]])
    assert.are.equal("15\n", out)
  end)

  -- `timeout` sends its signal to the command, then to the command's process group: the
  -- command gets it twice within microseconds, and must not take the second for a second Ctrl-C.
  it("takes a signal within half a second of the first as the same request #posix", function()
    local out, status = run([[
      assert(core.catch_interrupt())
      os.execute(("kill -TERM %d"):format(pid))
      os.execute(("kill -TERM %d"):format(pid))
      os.execute(("kill -HUP %d"):format(pid))
      busy(0.3)
      print(core.interrupted(), "still here")
    ]])
    assert.are.equal("15\tstill here\n", out)
    assert.are.equal(0, status)
  end)

  it("ends the process at a later signal, even when the first went unheeded #posix", function()
    local cases = { { "INT", 130 }, { "TERM", 143 } }
    -- Under nohup no SIGHUP reaches the process (the test above): nothing to end it with.
    if not command.hup_ignored() then cases[#cases + 1] = { "HUP", 129 } end
    for _, case in ipairs(cases) do
      local out, status = run(([[
        assert(core.catch_interrupt())
        os.execute(("kill -TERM %%d"):format(pid))
        busy(0.3)
        print(core.interrupted())
        io.stdout:flush()
        signal_in(0.3, %q)
        busy(10)
        print("still here")
      ]]):format(case[1]))
      -- The shell reports a process the signal ended as 128 + its number (and may name the
      -- signal: "Terminated").
      assert.matches("^15\n", out)
      assert.is_nil(out:find("still here", 1, true))
      assert.are.equal(case[2], status)
    end
  end)

  it("leaves SIGTERM and SIGHUP ignored when they were (nohup), but not SIGINT #posix", function()
    local out, status = run([[
      assert(core.catch_interrupt())
      os.execute(("kill -HUP %d; kill -TERM %d"):format(pid, pid))
      busy(0.3)
      print(core.interrupted())
      signal_in(0, "INT")
      busy(0.3)
      print(core.interrupted())
    ]], "trap '' HUP TERM INT; ")
    assert.are.equal("false\n2\n", out)
    assert.are.equal(0, status)
  end)
end)
