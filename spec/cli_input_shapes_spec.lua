-- Files as users bring them (issue 12): long comment headers, grid files handed to the batch
-- commands, Project Euler 96's grids, HoDoKu's library, a puzzle list under a title line, and a
-- line far longer than any record. Each case runs bin/sudoku in a child process; the fixtures
-- in spec/fixtures/shapes/ are small files made in the shape of the real ones.
local cmd = require "support.command"
local data = require "support.data"

local sudoku, temp_file = cmd.run, cmd.temp_file

after_each(function() cmd.cleanup() end)

local SHAPES = data.fixtures .. "shapes/"
local EULER = SHAPES .. "euler96_grids.txt"
local HODOKU = SHAPES .. "hodoku_library.txt"
local HARDEST = SHAPES .. "hardest_list.txt"

-- The puzzles of the fixtures and their solutions (from `sudoku generate --seed 12`).
local P = {
  "34.5.9..6..........8.726..4..8..4...6..1.2.5.5.....1.......324...9.1......14..9.3",
  "5...7.82..3.....7..2.6..........473.9..8..........19...1...72..6489......7.....6.",
  "6..2..7.82.5...1..1.7.4.........92.....6...4.85.732...5....6.......2.9...3.1....2",
  ".2...6...9.6.47....1.5...8..6....8......52..4..74.......1.64........3.9..3.7..1..",
  "..6.7....1..4....6..3....599.1.....8.2...9.......3...1.65.1..2.8..6.2..5.....8.1.",
  "2.4.......7...3.18.....8..9....92.7....8....33...7.1..9......67....1...4.4..86.2.",
}
local S = {
  "342589716967341582185726394218954637693172458574638129756893241439217865821465973",
  "596173824831245679724689513182594736957836142463721985315467298648912357279358461",
  "643215798285967134197348526361459287729681345854732619512896473478523961936174852",
  "524836971986147325713529486462371859398652714157498263271964538845213697639785142",
  "596873142172495386483261759931526478724189563658734291365917824817642935249358617",
  "284169735679543218153728649418392576762851493395674182921435867836217954547986321",
}

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

-- The nine rows of an 81-cell text, one per line.
local function rows(cells)
  local out = {}
  for r = 1, 9 do out[r] = cells:sub(r * 9 - 8, r * 9) end
  return table.concat(out, "\n")
end

-- The lines of a file that are neither comments nor blank, without their "\r".
local function records_of(path)
  local out = {}
  for line in io.lines(path) do
    line = line:gsub("\r$", "")
    if line ~= "" and line:sub(1, 1) ~= "#" then out[#out + 1] = line end
  end
  return out
end

local function comment_header(count)
  local out = {}
  for i = 1, count do out[i] = ("# header line %d of a long description"):format(i) end
  return table.concat(out, "\n") .. "\n"
end

describe("a file with a long comment header", function()
  -- More '#' lines than detection used to look at (80): it then saw no puzzle at all, and
  -- convert, render and solve printed nothing and exited 0.
  local path

  before_each(function()
    path = temp_file(comment_header(120) .. lines(P[1], P[2]))
  end)

  it("is read past its comments by convert, render and solve", function()
    assert.are.same({ stdout = lines(P[1], P[2]), stderr = "", status = 0 },
      sudoku({ "convert", "--to", "line", path }))
    assert.are.same({ stdout = lines(S[1], S[2]), stderr = "", status = 0 },
      sudoku({ "solve", "--from", "auto", path }))
    assert.are.same({ stdout = lines(S[1], S[2]), stderr = "", status = 0 },
      sudoku({ "solve", path }))
    local one = temp_file(comment_header(120) .. lines(P[1]))
    local r = sudoku({ "render", one })
    assert.matches("^<svg", r.stdout)
    assert.are.same({ "", 0 }, { r.stderr, r.status })
  end)

  it("is read past its comments on standard input too", function()
    local r = sudoku({ "convert", "--to", "line" }, comment_header(500) .. lines(P[1]))
    assert.are.same({ stdout = lines(P[1]), stderr = "", status = 0 }, r)
  end)

  it("whose first puzzle cannot be told makes exit 2 with the reason, naming its line", function()
    local bad = temp_file(comment_header(100) .. lines("12345"))
    local r = sudoku({ "convert", "--to", "line", bad })
    assert.are.same({ stdout = "", status = 2, stderr = "sudoku: " .. bad .. ": cannot tell the "
      .. "format of line 101: its 5 cells are neither a puzzle line (N*N cells, N of 4 or more) "
      .. "nor pencil marks (N*N*N), and no grid follows it\n" }, r)
  end)
end)

describe("solve, count and validate tell the input's format by default", function()
  -- They read one puzzle per line unless told otherwise: a grid's nine rows were nine 3x3
  -- puzzles ("123231312"), exit 0.
  local grid

  before_each(function()
    grid = temp_file(rows(P[1]) .. "\n")
  end)

  it("solve answers a grid with its solved grid", function()
    assert.are.same({ stdout = rows(S[1]) .. "\n", stderr = "", status = 0 },
      sudoku({ "solve", grid }))
  end)

  it("count and validate see one puzzle in a grid", function()
    assert.are.same({ stdout = "1\n", stderr = "", status = 0 }, sudoku({ "count", grid }))
    assert.are.same({ stdout = "unique\n", stderr = "", status = 0 },
      sudoku({ "validate", grid }))
  end)

  it("--from line still reads each row as a puzzle of its own", function()
    local r = sudoku({ "count", "--from", "line" }, lines("123231...", "123......"))
    assert.are.same({ stdout = lines("1", "2"), stderr = "", status = 0 }, r)
  end)

  it("a puzzle list still goes to the batch solver in line mode: text after the cells is not "
    .. "copied, and any -j gives the same bytes", function()
    local list = temp_file(lines(P[1] .. "," .. S[1], P[2] .. " # rated 3.4", P[3]))
    local one = sudoku({ "solve", list })
    assert.are.same({ stdout = lines(S[1], S[2], S[3]), stderr = "", status = 0 }, one)
    assert.are.same(one, sudoku({ "solve", "-j", "2", list }))
    assert.are.same({ stdout = lines("1", "1", "1"), stderr = "", status = 0 },
      sudoku({ "count", "--limit", "2", list }))
  end)

  it("a list whose lines end in words is still a list, not a grid of two-word rows", function()
    local list = temp_file(lines(P[1] .. ",1,box duplicate", P[2] .. ",1,row duplicate"))
    for _, args in ipairs({ { "solve", list }, { "solve", "--from", "auto", list } }) do
      assert.are.same({ stdout = lines(S[1], S[2]), stderr = "", status = 0 }, sudoku(args))
    end
  end)

  it("a malformed first line of a list is still reported as a record", function()
    local r = sudoku({ "solve" }, lines("123", P[2]))
    assert.are.equal(lines(S[2]), r.stdout)
    assert.matches("^<stdin>:1: cannot infer a board size from 3 cells", r.stderr)
    assert.are.equal(1, r.status)
  end)
end)

describe("Project Euler 96's file ('Grid 01' lines, then nine rows, 0 for a blank)", function()
  it("is told and solved grid by grid, each answer under its own title", function()
    local r = sudoku({ "solve", EULER })
    local expected = {}
    for i = 1, 3 do expected[i] = ("Grid %02d\n"):format(i) .. rows(S[i]) end
    assert.are.same({ stdout = table.concat(expected, "\n\n") .. "\n", stderr = "", status = 0 }, r)
  end)

  it("loses no grid with --from sdk or --from grid, and keeps each title as its name", function()
    for _, from in ipairs({ "sdk", "grid", "auto" }) do
      local r = sudoku({ "convert", "--from", from, "--to", "line", EULER })
      assert.are.same({ stdout = lines(P[1], P[2], P[3]), stderr = "", status = 0 }, r)
    end
    local r = sudoku({ "convert", "--to", "json", EULER })
    assert.are.equal(0, r.status)
    local names = {}
    for name in r.stdout:gmatch('"name":"([^"]*)"') do names[#names + 1] = name end
    assert.are.same({ "Grid 01", "Grid 02", "Grid 03" }, names)
  end)

  it("goes round through sdk, grid and json with its titles", function()
    local sdk = sudoku({ "convert", "--to", "sdk", EULER })
    assert.are.equal(0, sdk.status)
    assert.matches("^Grid 01\n34%.5%.9%.%.6\n", sdk.stdout)
    local grid = sudoku({ "convert", "--from", "sdk", "--to", "grid" }, sdk.stdout)
    assert.matches("^Grid 01\n3 4 %. | 5 %. 9 | %. %. 6\n", grid.stdout)
    local json = sudoku({ "convert", "--from", "grid", "--to", "json" }, grid.stdout)
    local back = sudoku({ "convert", "--from", "json", "--to", "sdk" }, json.stdout)
    assert.are.same({ stdout = sdk.stdout, stderr = "", status = 0 }, back)
  end)

  it("with a row missing reports that grid and reads the next one with its title", function()
    local text = cmd.read_file(EULER)
    local broken = text:gsub("\n008004000\n", "\n", 1)
    local r = sudoku({ "convert", "--from", "sdk", "--to", "json", temp_file(broken) })
    assert.are.equal(1, r.status)
    assert.matches(":2: ", r.stderr)
    assert.matches('"name":"Grid 02"', r.stdout)
    assert.matches('"name":"Grid 03"', r.stdout)
  end)
end)

describe("HoDoKu's library format (91 header lines, then :technique:candidates:cells:... lines)",
  function()
  it("is told past its header and written back line for line", function()
    local r = sudoku({ "convert", "--to", "hodoku", HODOKU })
    assert.are.same({ stdout = table.concat(records_of(HODOKU), "\n") .. "\n", stderr = "",
      status = 0 }, r)
  end)

  it("is solved, the placed cells ('+') still apart from the givens", function()
    local r = sudoku({ "solve", HODOKU })
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
    local got = {}
    for line in r.stdout:gmatch("[^\n]+") do got[#got + 1] = line end
    assert.are.equal(4, #got)
    for i, line in ipairs(got) do
      local cells = line:match("^:[^:]*:[^:]*:([^:]*):")
      assert.are.equal(S[i], (cells:gsub("%+", "")))
      -- Every given of the puzzle is written bare, every other cell with its '+'.
      local k = 0
      for plus, ch in cells:gmatch("(%+?)(%d)") do
        k = k + 1
        assert.are.equal(P[i]:sub(k, k) == "." and "+" or "", plus, ("puzzle %d, cell %d"):format(i, k))
        assert.are.equal(S[i]:sub(k, k), ch)
      end
    end
  end)

  it("keeps the deleted candidates and the step's fields through JSON", function()
    local json = sudoku({ "convert", "--to", "json", HODOKU })
    assert.are.equal(0, json.status)
    assert.matches('"technique":"0100"', json.stdout)
    assert.matches('"eliminations":"455 465"', json.stdout)
    assert.matches('"candidates":%[', json.stdout)
    local back = sudoku({ "convert", "--from", "json", "--to", "hodoku" }, json.stdout)
    assert.are.same({ stdout = table.concat(records_of(HODOKU), "\n") .. "\n", stderr = "",
      status = 0 }, back)
  end)

  it("reports a malformed line at its column and reads on", function()
    local good = records_of(HODOKU)
    local bad = good[2]:gsub("^(:[^:]*:[^:]*:)5", "%1Z")
    local r = sudoku({ "convert", "--to", "line" }, lines(good[1], bad, good[3]))
    assert.are.equal(sudoku({ "convert", "--to", "line" }, lines(good[1], good[3])).stdout,
      r.stdout)
    assert.are.equal("<stdin>:2: column 9: unexpected character 'Z'\n", r.stderr)
    assert.are.equal(1, r.status)
  end)
end)

describe("a puzzle list under a title line (the forum's HardestDatabase)", function()
  it("is solved, the title passed over and the fields after each puzzle too", function()
    assert.are.same({ stdout = lines(S[4], S[5], S[6]), stderr = "", status = 0 },
      sudoku({ "solve", HARDEST }))
    assert.are.same({ stdout = lines("unique", "unique", "unique"), stderr = "", status = 0 },
      sudoku({ "validate", HARDEST }))
  end)

  it("keeps the title as the first record's meta.title, and every puzzle's fields", function()
    local r = sudoku({ "convert", "--to", "json", HARDEST })
    assert.are.equal(0, r.status)
    assert.matches('"meta":{"title":"HardestDatabase110626"}', r.stdout)
    local line = sudoku({ "convert", "--to", "line", HARDEST })
    local want = records_of(HARDEST)
    table.remove(want, 1)
    assert.are.same({ stdout = table.concat(want, "\n") .. "\n", stderr = "", status = 0 }, line)
  end)

  it("still reports a line of words among the puzzles as an error", function()
    local r = sudoku({ "solve" }, lines("HardestDatabase110626", P[4], "Hardest list part two", P[5]))
    assert.are.equal(lines(S[4], S[5]), r.stdout)
    assert.matches("^<stdin>:3: ", r.stderr)
    assert.are.equal(1, r.status)
  end)
end)

describe("a line far longer than any record", function()
  -- 200 MB of '1's on one line between two puzzles, made on the spot (not committed). The
  -- command runs with its address space capped at 150 MB, so it must not hold the line.
  local dir, path

  setup(function()
    dir = os.tmpname()
    os.remove(dir)
    assert(os.execute(("mkdir -p %s"):format(cmd.quote(dir))))
    path = dir .. "/long.txt"
    local script = ("{ printf '%%s\\n' %s; head -c 209715200 /dev/zero | tr '\\0' 1; "
      .. "printf '\\n%%s\\n' %s; } > %s"):format(P[1], P[2], cmd.quote(path))
    assert(os.execute(script))
  end)

  teardown(function()
    os.remove(path)
    os.remove(dir)
  end)

  -- Runs `sudoku solve` on the file (or on a pipe from it), under the cap unless the core is a
  -- sanitizer build (ASan reserves far more address space than any cap would allow) or the
  -- interpreter runs under qemu (make test-cross: qemu maps a 128 MB buffer for its own code).
  local function solve_capped(through_pipe)
    local capped = not (os.getenv("LD_PRELOAD") or ""):find("asan") and not os.getenv("CROSS_QEMU")
    local out, err, status = temp_file(), temp_file(), temp_file()
    local run = ("%s bin/sudoku solve %s"):format(cmd.LUA, through_pipe and "" or cmd.quote(path))
    if capped then run = "(ulimit -v 150000; exec " .. run .. ")" end
    if through_pipe then run = ("cat %s | %s"):format(cmd.quote(path), run) end
    local line = ("cd %s && { %s >%s 2>%s; echo $? >%s; }"):format(cmd.quote(data.root), run,
      cmd.quote(out), cmd.quote(err), cmd.quote(status))
    assert(os.execute(line))
    return { stdout = cmd.read_file(out), stderr = cmd.read_file(err),
      status = tonumber(cmd.read_file(status)) }
  end

  it("is reported as FILE:LINE without being held, and the records after it are read", function()
    local message = "line of 209715200 bytes, longer than any record can be (1048576 bytes at "
      .. "most); skipped\n"
    assert.are.same({ stdout = lines(S[1], S[2]), stderr = path .. ":2: " .. message, status = 1 },
      solve_capped(false))
    assert.are.same({ stdout = lines(S[1], S[2]), stderr = "<stdin>:2: " .. message, status = 1 },
      solve_capped(true))
  end)
end)
