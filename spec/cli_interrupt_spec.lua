-- Ctrl-C and search budgets, as a user meets them: every job can be interrupted, wherever it
-- is (inside a long C search, on several threads, or in the Lua record loop), and every search
-- can be bounded with --max-nodes and --timeout. Each case runs bin/sudoku in a child process;
-- the interrupted ones get SIGINT from a shell, as Ctrl-C would send it.
local cmd = require "support.command"
local classic = require "support.puzzles"

local temp_file = cmd.temp_file
local sudoku, interrupt = cmd.run, cmd.interrupt

after_each(function() cmd.cleanup() end)

-- Gecode's examples 0 and 1 and their unique solutions.
local P1 = classic.P1
local S1 = classic.S1
local P2 = classic.P2
local S2 = classic.S2
-- Searches that never end: every solution of an empty 9x9 (6.7e21 of them), the first of an
-- empty 64x64 (the general engine never finds it), every solution of an empty 25x25.
local EMPTY9, EMPTY25, EMPTY64 = ("."):rep(81), ("."):rep(625), ("."):rep(4096)

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

-- What every interrupted run shows: status 130, the one message, no traceback, and an exit
-- well within a second of the signal (by hand it takes a few milliseconds; the bound leaves
-- room for a loaded machine).
local function assert_interrupted(r)
  assert.is_number(r.ms)
  assert.are.equal(130, r.status)
  assert.are.equal("sudoku: interrupted\n", r.stderr)
  assert.is_nil(r.stderr:lower():match("traceback"))
  assert.is_true(r.ms < 1000, ("stopped %d ms after the signal"):format(r.ms))
end

describe("Ctrl-C (SIGINT)", function()
  it("stops count on an empty board, inside the 9x9 fast path, keeping the counts done", function()
    local r = interrupt({ "count", temp_file(lines(P1, EMPTY9, P2)) })
    assert_interrupted(r)
    -- P1's count is out; the empty board's never ends, so P2's, which comes after it, is not.
    assert.are.equal("1\n", r.stdout)
  end)

  it("stops solve on an empty 64x64, inside the general engine", function()
    local r = interrupt({ "solve", temp_file(lines(EMPTY64)) })
    assert_interrupted(r)
    assert.are.equal("", r.stdout)
  end)

  it("stops solve on two threads, every thread of the batch solver", function()
    local r = interrupt({ "solve", "-j", "2", "--size", "auto",
      temp_file(lines(P1, EMPTY64, P2, EMPTY64)) })
    assert_interrupted(r)
    assert.are.equal(lines(S1), r.stdout)
  end)

  -- The lines detection looks ahead at go to the pool as a block of their own; the rest is one
  -- block, done in C: the rest of 300 plain puzzles, then endless counts.
  local function pool_file()
    local rest = {}
    for i = 1, 400 do rest[i] = i <= 300 and P2 or EMPTY9 end
    return temp_file(lines(P1, table.concat(rest, "\n")))
  end

  for _, jobs in ipairs({ "1", "2" }) do
    it("stops count -j " .. jobs .. " inside the fast path of the line blocks, keeping the "
      .. "counts done before", function()
      local r = interrupt({ "count", "-j", jobs, pool_file() })
      assert_interrupted(r)
      assert.are.equal(("1\n"):rep(301), r.stdout)
    end)
  end

  it("stops count in format mode (grids) the same way", function()
    local grid = P1:gsub(".........", "%0\n") .. "\n" .. EMPTY9:gsub(".........", "%0\n")
    local r = interrupt({ "count", "--from", "grid", temp_file(grid) })
    assert_interrupted(r)
    assert.are.equal("1\n", r.stdout)
  end)

  -- The batch solver answers a chunk of records at once and stops at the flag: the answers it
  -- made before are written, all of them, up to the record it left undone.
  it("keeps every answer a batch made before it, in format mode", function()
    local function grid(p, n) return (p:gsub(("."):rep(n), "%0\n")) end
    local path = temp_file(grid(P1, 9) .. "\n" .. grid(P2, 9) .. "\n" .. grid(EMPTY64, 64))
    local r = interrupt({ "solve", "--from", "grid", "--to", "line", path })
    assert_interrupted(r)
    assert.are.equal(lines(S1, S2), r.stdout)
  end)

  it("stops validate on an endless input, one verdict per whole line", function()
    local r = interrupt({ "validate" }, { endless = P1, after_output = true })
    assert_interrupted(r)
    assert.matches("^unique\n", r.stdout)
    assert.are.equal("", (r.stdout:gsub("unique\n", "")))
  end)

  -- A block's 9x9 lines are answered in C and the others (the 64x64) by the Lua path, before
  -- the block is written: the answers before the line Ctrl-C stopped are written all the same.
  it("keeps the answers of a block that come before the line it stopped", function()
    local r = interrupt({ "solve", "--size", "auto", temp_file(lines(P1, P2, EMPTY64, P1)) })
    assert_interrupted(r)
    assert.are.equal(lines(S1, S2), r.stdout)
  end)

  it("stops validate on an empty 64x64", function()
    local r = interrupt({ "validate", "--size", "auto", temp_file(lines(P1, EMPTY64)) })
    assert_interrupted(r)
    assert.are.equal("unique\n", r.stdout)
  end)

  it("stops convert, in the Lua record loop, after a whole record", function()
    local r = interrupt({ "convert", "--to", "grid" }, { endless = P2, after_output = true })
    assert_interrupted(r)
    -- Every record is the same 11-line grid, and records are separated by one blank line.
    local records = 0
    for record in (r.stdout .. "\n"):gmatch("(.-\n)\n") do
      local rows = select(2, record:gsub("\n", ""))
      assert.are.equal(11, rows)
      records = records + 1
    end
    assert.is_true(records > 0)
    assert.are.equal(records * 12, select(2, r.stdout:gsub("\n", "")) + 1)
  end)

  it("stops render writing one file per record", function()
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. cmd.quote(dir)))
    local r = interrupt({ "render", "--output", dir .. "/p-%d.svg" }, { endless = P1 })
    os.execute("rm -rf " .. cmd.quote(dir))
    assert_interrupted(r)
    assert.are.equal("", r.stdout)
  end)

  it("stops generate --size 64 while it fills its first grid", function()
    local r = interrupt({ "generate", "--size", "64", "--seed", "1" })
    assert_interrupted(r)
    assert.are.equal("", r.stdout)
  end)

  it("stops generate between puzzles, each written whole", function()
    local r = interrupt({ "generate", "-n", "1000000", "--seed", "1" }, { after_output = true })
    assert_interrupted(r)
    assert.matches("^[.1-9]+\n", r.stdout)
    assert.are.equal("", (r.stdout:gsub("[.1-9]+\n", function(line)
      assert.are.equal(82, #line)
      return ""
    end)))
  end)
end)

-- Files below mix a 9x9 puzzle with a larger board on purpose: --size auto asks for each
-- line's own size (without it, the first line fixes the file's).
describe("--max-nodes and --timeout", function()
  it("give up the hopeless record of count, report it, and count the others", function()
    local path = temp_file(lines(P1, EMPTY25, P2))
    local r = sudoku({ "count", "--size", "auto", "--max-nodes", "1000", path })
    assert.are.equal(lines("1", "1"), r.stdout)
    assert.are.equal(path .. ":2: gave up after 1000 nodes\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("bound the 9x9 fast path too: an empty 9x9 count gives up", function()
    local path = temp_file(lines(EMPTY9, P2))
    local r = sudoku({ "count", "--max-nodes", "5000", path })
    assert.are.equal(lines("1"), r.stdout)
    assert.are.equal(path .. ":1: gave up after 5000 nodes\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("give up the hopeless record of solve after the time, on any number of threads", function()
    local path = temp_file(lines(P1, EMPTY64, P2))
    for _, jobs in ipairs({ "1", "2" }) do
      local r = sudoku({ "solve", "-j", jobs, "--size", "auto", "--timeout", "0.3", path })
      assert.are.equal(lines(S1, S2), r.stdout)
      assert.are.equal(path .. ":2: gave up after 0.3 s\n", r.stderr)
      assert.are.equal(1, r.status)
    end
  end)

  it("give up solve in format mode as well", function()
    local grid = EMPTY64:gsub(("."):rep(64), "%0\n") .. "\n" .. P2:gsub(".........", "%0\n")
    local path = temp_file(grid)
    local r = sudoku({ "solve", "--from", "grid", "--to", "line", "--max-nodes", "100", path })
    assert.are.equal(lines(S2), r.stdout)
    assert.are.equal(path .. ":1: gave up after 100 nodes\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("make validate say unknown for the record it could not settle", function()
    local path = temp_file(lines(P1, EMPTY64, P2))
    local r = sudoku({ "validate", "--size", "auto", "--max-nodes", "1000", "--timeout", "10",
      path })
    assert.are.equal(lines("unique", "unknown", "unique"), r.stdout)
    assert.are.equal(path .. ":2: gave up after 1000 nodes\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("change nothing when the budgets suffice", function()
    local path = temp_file(lines(P1, P2))
    local r = sudoku({ "solve", "--max-nodes", "100000", "--timeout", "60", path })
    assert.are.same({ stdout = lines(S1, S2), stderr = "", status = 0 }, r)
  end)

  it("give up each puzzle of generate after --timeout, and go on with the next", function()
    local r = sudoku({ "generate", "--size", "64", "-n", "2", "--timeout", "0.2", "--seed", "1" })
    assert.are.equal("", r.stdout)
    assert.are.equal("sudoku: puzzle 1: gave up after 0.2 s\nsudoku: puzzle 2: gave up after 0.2 s\n",
      r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("leave generate's puzzles as they were when there is time", function()
    local plain = sudoku({ "generate", "-n", "3", "--seed", "7" })
    local timed = sudoku({ "generate", "-n", "3", "--seed", "7", "--timeout", "60" })
    assert.are.equal(0, timed.status)
    assert.are.equal(plain.stdout, timed.stdout)
  end)

  it("are usage errors when out of range, naming the option and the range", function()
    local cases = {
      { { "count", "--max-nodes", "0" }, "--max-nodes must be a whole number from 1 to " },
      { { "solve", "--max-nodes", "1e99" }, "--max-nodes must be a whole number from 1 to " },
      { { "validate", "--timeout", "0" }, "--timeout must be a number of seconds above 0 and "
        .. "at most 1000000, got '0'" },
      { { "solve", "--timeout=-1" }, "--timeout must be a number of seconds" },
      { { "generate", "--timeout", "inf" }, "--timeout must be a number of seconds" },
      { { "count", "--timeout", "1e3" }, "--timeout must be a number of seconds" },
    }
    for _, case in ipairs(cases) do
      local r = sudoku(case[1], lines(P1))
      assert.are.equal(2, r.status)
      assert.are.equal("", r.stdout)
      assert.matches(case[2], r.stderr, 1, true)
      assert.is_nil(r.stderr:lower():match("traceback"))
    end
  end)
end)
