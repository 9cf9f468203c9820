-- The `sudoku` command as a user sees it: each case runs bin/sudoku in a child process from the
-- checkout's root and checks stdout byte for byte, the stderr messages and the exit status.
local data = require "support.data"

local cmd = require "support.command"

local LUA = cmd.LUA
local quote, read_file, temp_file = cmd.quote, cmd.read_file, cmd.temp_file
local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

-- Two classic puzzles (Gecode's examples 0 and 1) and their unique solutions.
local P1 = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
local S1 = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
local P2 = ".4.1...5.1.7..396.52...8..........17...9.68..8.3.5.62..9..6.5436...8.7..25..971.."
local S2 = "346179258187523964529648371965832417472916835813754629798261543631485792254397186"
-- Two 1s side by side in the first row.
local CLASH = "11" .. ("."):rep(79)
-- No clue repeats, yet row 1 needs a 9 in its last cell and column 9 already has one.
local DEAD_END = "12345678." .. "........9" .. ("."):rep(63)
-- P1 with its fifth cell replaced by a letter that no 9x9 puzzle uses.
local BAD_CHAR = P1:sub(1, 4) .. "Z" .. P1:sub(6)

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

describe("sudoku solve", function()
  it("prints one solution line per puzzle line, in order, and exits 0", function()
    local input = temp_file(lines(P1, P2))
    local r = sudoku({ "solve", input })
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("reads standard input when no file is named", function()
    local r = sudoku({ "solve" }, lines(P1, P2))
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("reads standard input when the file is '-'", function()
    local r = sudoku({ "solve", "-" }, lines(P2))
    assert.are.equal(lines(S2), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("succeeds quietly on input with no puzzles", function()
    local r = sudoku({ "solve" }, "")
    assert.are.same({ stdout = "", stderr = "", status = 0 }, r)
  end)

  it("skips blank lines and # comments, and still counts them as lines", function()
    local r = sudoku({ "solve" }, lines("# two puzzles", "", P1, "   ", "  # indented comment", P2,
      CLASH))
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal("<stdin>:7: no solution: givens clash: 1 at row 1, column 1 and at row 1, "
      .. "column 2\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("reads only the field before the first comma of dataset lines (puzzle,solution,...)", function()
    local r = sudoku({ "solve" }, lines(P1 .. "," .. S1, P2 .. ",1,easy"))
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("accepts Windows line ends and spaces around the puzzle", function()
    local r = sudoku({ "solve" }, "  " .. P1 .. "  \r\n" .. P2 .. "\r\n")
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("agrees with every solution in a shared puzzle,solution dataset", function()
    local path = data.shared .. "gecode_9x9_solved.txt"
    local expected = {}
    for _, record in ipairs(data.records(path)) do expected[#expected + 1] = record[2] end
    local r = sudoku({ "solve", path })
    assert.are.equal(18, #expected)
    assert.are.equal(table.concat(expected, "\n") .. "\n", r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("agrees with all 1465 magictour solutions #slow", function()
    local path = data.shared .. "magictour_top1465_solved.txt"
    local expected = {}
    for _, record in ipairs(data.records(path)) do expected[#expected + 1] = record[2] end
    local r = sudoku({ "solve", path })
    assert.are.equal(1465, #expected)
    assert.are.equal(table.concat(expected, "\n") .. "\n", r.stdout)
    assert.are.equal(0, r.status)
  end)

  describe("on a puzzle it cannot solve", function()
    it("names the file, the line and the clashing givens, prints nothing for it, goes on and "
      .. "exits 1", function()
      local input = temp_file(lines(P1, CLASH, P2))
      local r = sudoku({ "solve", input })
      assert.are.equal(lines(S1, S2), r.stdout)
      assert.are.equal(input .. ":2: no solution: givens clash: 1 at row 1, column 1 and at row 1, "
        .. "column 2\n", r.stderr)
      assert.are.equal(1, r.status)
    end)

    it("says 'no solution' when the givens agree but lead nowhere", function()
      local r = sudoku({ "solve" }, lines(DEAD_END, P1))
      assert.are.equal(lines(S1), r.stdout)
      assert.are.equal("<stdin>:1: no solution\n", r.stderr)
      assert.are.equal(1, r.status)
    end)
  end)

  describe("on a malformed line", function()
    it("reports the line and the column of the bad character, and goes on", function()
      local input = temp_file(lines(P1, BAD_CHAR, P2))
      local r = sudoku({ "solve", input })
      assert.are.equal(lines(S1, S2), r.stdout)
      assert.are.equal(input .. ":2: column 5: unexpected character 'Z'\n", r.stderr)
      assert.are.equal(1, r.status)
    end)

    it("reports a line too short to be a puzzle on its own line of stderr", function()
      local r = sudoku({ "solve" }, lines("123", P2, "12345"))
      assert.are.equal(lines(S2), r.stdout)
      local reported = {}
      for line in r.stderr:gmatch("[^\n]+") do reported[#reported + 1] = line end
      assert.are.equal(2, #reported)
      assert.matches("^<stdin>:1: %S", reported[1])
      assert.matches("^<stdin>:3: %S", reported[2])
      assert.are.equal(1, r.status)
    end)

    it("reports a dataset line with nothing before the comma", function()
      local r = sudoku({ "solve" }, lines("," .. S1))
      assert.are.equal("", r.stdout)
      -- The fault names the separator's column, as solve_many does.
      assert.are.equal("<stdin>:1: column 1: no puzzle before ','\n", r.stderr)
      assert.are.equal(1, r.status)
    end)
  end)

  describe("usage errors exit 2 and print nothing on stdout", function()
    it("for a file that does not exist", function()
      local r = sudoku({ "solve", "no/such/puzzles.txt" })
      assert.are.equal("", r.stdout)
      assert.are.equal("sudoku: cannot open no/such/puzzles.txt: No such file or directory\n",
        r.stderr)
      assert.are.equal(2, r.status)
    end)

    it("for a directory given as the file", function()
      local r = sudoku({ "solve", "spec" })
      assert.are.equal("", r.stdout)
      assert.matches("^sudoku: cannot %a+ spec: ", r.stderr)
      assert.are.equal(2, r.status)
    end)

    it("for an unknown option, showing the command's usage", function()
      local r = sudoku({ "solve", "--bogus" }, lines(P1))
      assert.are.equal("", r.stdout)
      assert.matches("Usage: sudoku solve", r.stderr, 1, true)
      assert.matches("sudoku: unknown option '--bogus'", r.stderr, 1, true)
      assert.are.equal(2, r.status)
    end)

    it("for an unknown command", function()
      local r = sudoku({ "frobnicate" })
      assert.are.equal("", r.stdout)
      assert.matches("sudoku: unknown command 'frobnicate'", r.stderr, 1, true)
      assert.are.equal(2, r.status)
    end)

    it("for no command at all", function()
      local r = sudoku({})
      assert.are.equal("", r.stdout)
      assert.matches("Usage: sudoku", r.stderr, 1, true)
      assert.are.equal(2, r.status)
    end)

    it("for more than one file", function()
      local r = sudoku({ "solve", "a.txt", "b.txt" })
      assert.are.equal("", r.stdout)
      assert.are.equal(2, r.status)
    end)
  end)

  describe("help", function()
    it("`sudoku --help` prints the commands and exit statuses on stdout and exits 0", function()
      local r = sudoku({ "--help" })
      assert.matches("^Usage: sudoku ", r.stdout)
      assert.matches("solve", r.stdout, 1, true)
      assert.matches("Exit status:", r.stdout, 1, true)
      assert.are.equal("", r.stderr)
      assert.are.equal(0, r.status)
    end)

    it("`sudoku solve --help` describes solve and exits 0 without reading stdin", function()
      local r = sudoku({ "solve", "--help" }, lines(P1))
      assert.matches("^Usage: sudoku solve ", r.stdout)
      assert.is_nil(r.stdout:find(S1, 1, true))
      assert.are.equal("", r.stderr)
      assert.are.equal(0, r.status)
    end)
  end)
end)

describe("sudoku count", function()
  local EMPTY = ("."):rep(81)

  it("prints each puzzle's number of solutions on its own line and exits 0", function()
    local r = sudoku({ "count" }, lines(P1, P2))
    assert.are.equal(lines("1", "1"), r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("stops counting at --limit, and counts 0 for clashing givens or a dead end", function()
    local r = sudoku({ "count", "--limit", "2" }, lines(P1, EMPTY, CLASH, DEAD_END))
    assert.are.equal(lines("1", "2", "0", "0"), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("reports a malformed line on stderr, goes on, and exits 1", function()
    local path = temp_file(lines(BAD_CHAR, P2))
    local r = sudoku({ "count", path })
    assert.are.equal(lines("1"), r.stdout)
    assert.are.equal(path .. ":1: column 5: unexpected character 'Z'\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("rejects a --limit that is not a whole number from 1 to 2^53 with exit 2", function()
    for _, bad in ipairs { "0", "-3", "1.5", "many" } do
      local r = sudoku({ "count", "--limit=" .. bad }, lines(P1))
      assert.are.equal("", r.stdout)
      assert.matches("--limit must be a whole number from 1 to 9007199254740992 (2^53)", r.stderr,
        1, true)
      assert.are.equal(2, r.status)
    end
  end)

  it("has its own --help", function()
    local r = sudoku({ "count", "--help" })
    assert.matches("^Usage: sudoku count ", r.stdout)
    assert.matches("--limit", r.stdout, 1, true)
    assert.are.equal(0, r.status)
  end)
end)

describe("sudoku solve and count with -j", function()
  it("print the same bytes on 1, 2 and one-per-CPU threads", function()
    local path = data.shared .. "magictour_top1465_solved.txt"
    for _, command in ipairs { "solve", "count" } do
      local one = sudoku({ command, "-j", "1", path })
      assert.are.equal(0, one.status)
      for _, jobs in ipairs { "2", "0" } do
        local r = sudoku({ command, "-j", jobs, path })
        assert.are.equal(one.stdout, r.stdout)
        assert.are.equal(0, r.status)
      end
    end
  end)

  it("keep the messages of malformed lines and the order of the output", function()
    local path = temp_file(lines(P1, BAD_CHAR, CLASH, P2))
    local r = sudoku({ "solve", "--jobs", "2", path })
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.are.equal(table.concat({
      path .. ":2: column 5: unexpected character 'Z'",
      path .. ":3: no solution: givens clash: 1 at row 1, column 1 and at row 1, column 2",
    }, "\n") .. "\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("reject a --jobs that is not a whole number from 0 to 256 with exit 2", function()
    local r = sudoku({ "solve", "--jobs=two" }, lines(P1))
    assert.are.equal("", r.stdout)
    assert.matches("--jobs must be a whole number from 0 to 256", r.stderr, 1, true)
    assert.are.equal(2, r.status)
  end)
end)

describe("--stats and the progress bar", function()
  it("--stats ends stderr with the puzzles read, the failures, the time and the rate", function()
    local r = sudoku({ "solve", "--stats" }, lines(P1, CLASH, P2))
    assert.are.equal(lines(S1, S2), r.stdout)
    assert.matches("\nsudoku: 3 puzzles, 1 failed, %d+%.%d%d s, [%d,]+ puzzles/s\n$", "\n" .. r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("draws a progress bar on stderr only when stderr is a terminal", function()
    -- util-linux's script(1) gives the command a terminal; skip where it is missing.
    if not os.execute("command -v script >/dev/null 2>&1") then return end
    local out = temp_file()
    local command = ("cd %s && script -qec %s /dev/null > %s"):format(quote(data.root),
      quote(("%s bin/sudoku solve %s > /dev/null"):format(LUA,
        quote(data.shared .. "magictour_top1465.txt"))), quote(out))
    os.execute(command)
    local screen = read_file(out)
    assert.matches("%[####################%] 100%%  1,465 puzzles  [%d,]+/s  ETA 0:00", screen)
    -- Not a terminal (as in every other case here): nothing but the messages.
    local r = sudoku({ "solve", data.shared .. "magictour_top1465.txt" })
    assert.are.equal("", r.stderr)
  end)
end)

describe("sudoku validate", function()
  it("prints 'unique' for every puzzle with exactly one solution and exits 0", function()
    local r = sudoku({ "validate" }, lines(P1, P2))
    assert.are.equal(lines("unique", "unique"), r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("gives a verdict for every line, reports each flaw on stderr and exits 1", function()
    local path = temp_file(lines(P1, ("."):rep(81), CLASH, DEAD_END, BAD_CHAR))
    local r = sudoku({ "validate", path })
    assert.are.equal(lines("unique", "multiple", "none", "none", "malformed"), r.stdout)
    assert.are.equal(table.concat({
      path .. ":2: more than one solution",
      path .. ":3: no solution: givens clash: 1 at row 1, column 1 and at row 1, column 2",
      path .. ":4: no solution",
      path .. ":5: column 5: unexpected character 'Z'",
    }, "\n") .. "\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("finds every puzzle of serg's set not unique and every top1465 puzzle unique #slow", function()
    local r = sudoku({ "validate", data.shared .. "magictour_top1465.txt" })
    local _, uniques = r.stdout:gsub("unique\n", "")
    assert.are.equal(1465, uniques)
    assert.are.equal(0, r.status)
    r = sudoku({ "validate", data.shared .. "serg_benchmark.txt" })
    local _, multiples = r.stdout:gsub("multiple\n", "")
    assert.are.equal(6667, multiples)
    assert.are.equal(1, r.status)
  end)
end)

describe("sudoku.cli.main, called in-process", function()
  local cli = require "sudoku.cli"

  local function streams(input)
    local stdin = io.tmpfile()
    stdin:write(input)
    stdin:seek("set")
    return { stdin = stdin, stdout = io.tmpfile(), stderr = io.tmpfile() }
  end

  local function contents(f)
    f:seek("set")
    return f:read("*a")
  end

  it("returns the exit status and writes only to the streams it is given", function()
    local s = streams(lines(P1, CLASH))
    assert.are.equal(1, cli.main({ "solve" }, s))
    assert.are.equal(lines(S1), contents(s.stdout))
    assert.matches("^<stdin>:2: no solution", contents(s.stderr))
  end)

  it("returns 2 for a usage error instead of exiting", function()
    local s = streams("")
    assert.are.equal(2, cli.main({ "--bogus" }, s))
    assert.are.equal("", contents(s.stdout))
    assert.matches("unknown option '--bogus'", contents(s.stderr), 1, true)
  end)

  it("returns 0 for --help instead of exiting", function()
    local s = streams("")
    assert.are.equal(0, cli.main({ "--help" }, s))
    assert.matches("^Usage: sudoku", contents(s.stdout))
  end)
end)
