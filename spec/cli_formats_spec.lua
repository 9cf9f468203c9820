-- `sudoku convert`, `sudoku render` and --from/--to, run as a user runs them (a child process):
-- stdout byte for byte, the messages on stderr and the exit status.
local cmd = require "support.command"
local data = require "support.data"
local format = require "sudoku.format"
local classic = require "support.puzzles"

local sudoku, temp_file, read_file = cmd.run, cmd.temp_file, cmd.read_file

after_each(function() cmd.cleanup({ "-1.svg", "-2.svg" }) end)

local P1 = classic.P1
local S1 = classic.S1
local P2 = classic.P2

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

-- The lines of a list, each ended by "\n".
local function lines_of(list)
  return table.concat(list, "\n") .. "\n"
end

local GRID_P1 = lines(
  ". . 4 | 3 . . | 2 . 9",
  ". . 5 | . . 9 | . . 1",
  ". 7 . | . 6 . | . 4 3",
  "------+-------+------",
  ". . 6 | . . 2 | . 8 7",
  "1 9 . | . . 7 | 4 . .",
  ". 5 . | . 8 3 | . . .",
  "------+-------+------",
  "6 . . | . . . | 1 . 5",
  ". . 3 | 5 . 8 | 6 9 .",
  ". 4 2 | 9 1 . | 3 . .")

describe("sudoku convert", function()
  it("writes each puzzle in --to's format, grids separated by a blank line", function()
    local r = sudoku({ "convert", "--to", "grid" }, lines(P1, P1))
    assert.are.equal(GRID_P1 .. "\n" .. GRID_P1, r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("tells the input's format from its first lines", function()
    local grids = sudoku({ "convert", "--to", "grid" }, lines(P1, P2)).stdout
    local r = sudoku({ "convert", "--to", "line" }, grids)
    assert.are.equal(lines(P1, P2), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("goes through every format and back to the same lines", function()
    local text = lines(P1, P2)
    for _, name in ipairs({ "grid", "hdu", "leetcode", "sdk", "sdm", "ss", "pencil", "json" }) do
      local there = sudoku({ "convert", "--to", name }, text)
      assert.are.equal(0, there.status, name .. ": " .. there.stderr)
      local back = sudoku({ "convert", "--from", name, "--to", "line" }, there.stdout)
      assert.are.equal(0, back.status, name .. ": " .. back.stderr)
      if name == "pencil" then
        -- Cells with one candidate come back placed, so the lines differ; the marks read and
        -- written again must not.
        local again = sudoku({ "convert", "--from", "pencil", "--to", "pencil" }, there.stdout)
        assert.are.equal(there.stdout, again.stdout)
      else
        assert.are.equal(text, back.stdout, name)
      end
    end
  end)

  it("reports a bad record as FILE:LINE: column: reason, converts the rest and exits 1", function()
    local bad = GRID_P1:gsub("7", "Z", 1)
    local path = temp_file(GRID_P1 .. "\n" .. bad .. "\n" .. GRID_P1)
    local r = sudoku({ "convert", "--from", "grid", "--to", "line", path })
    assert.are.equal(lines(P1, P1), r.stdout)
    assert.are.equal(path .. ":15: column 3: unexpected character 'Z'\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("exits 2 when the format cannot be told, naming the candidates", function()
    local rows = {}
    for i = 1, 16 do rows[i] = ("."):rep(16) end
    local r = sudoku({ "convert", "--to", "line" }, lines(table.concat(rows, "\n")))
    assert.are.equal("", r.stdout)
    assert.are.equal("sudoku: <stdin>: ambiguous: lines 1-16 each hold 16 cells, which reads "
      .. "as 16 puzzles of 4x4 ('line') or as one 16x16 grid ('sdk'); name the format\n", r.stderr)
    assert.are.equal(2, r.status)
    local named = sudoku({ "convert", "--from", "sdk", "--to", "line" }, lines(table.concat(rows, "\n")))
    assert.are.equal(lines(("."):rep(256)), named.stdout)
  end)

  it("needs --to, and takes only known formats, with exit 2", function()
    local r = sudoku({ "convert" }, lines(P1))
    assert.matches("sudoku: convert needs %-%-to FORMAT", r.stderr)
    assert.are.equal(2, r.status)
    r = sudoku({ "convert", "--to", "svg" }, lines(P1))
    assert.matches("%-%-to must be one of line, grid, hdu, leetcode, sdk, sdm, ss, pencil, hodoku, "
      .. "json, fpuzzles, fpuzzles_json, got 'svg'", r.stderr)
    assert.are.equal(2, r.status)
    r = sudoku({ "solve", "--from", "xml" }, lines(P1))
    assert.matches("%-%-from must be one of line, .*, auto, got 'xml'", r.stderr)
    assert.are.equal(2, r.status)
  end)

  it("converts nothing, quietly, from an input with no puzzle", function()
    local r = sudoku({ "convert", "--to", "grid" }, "# nothing here\n\n")
    assert.are.same({ "", "", 0 }, { r.stdout, r.stderr, r.status })
  end)

  it("has its own --help, and so has render", function()
    assert.matches("^Usage: sudoku render", sudoku({ "render", "--help" }).stdout)
    local r = sudoku({ "convert", "--help" })
    assert.matches("^Usage: sudoku convert", r.stdout)
    assert.matches("%-%-to FORMAT", r.stdout)
    assert.are.equal(0, r.status)
  end)
end)

describe("--from and --to on solve, count and validate", function()
  it("solve --from hdu answers HDU 1426 byte for byte, and so does --from auto", function()
    local r = sudoku({ "solve", "--from", "hdu", "examples/hdu1426.in" })
    assert.are.equal(read_file(data.root .. "examples/hdu1426.out"), r.stdout)
    assert.are.equal(0, r.status)
    r = sudoku({ "solve", "--from", "auto", "examples/hdu1426.in" })
    assert.are.equal(read_file(data.root .. "examples/hdu1426.out"), r.stdout)
  end)

  it("solve --to json keeps the givens apart from the cells it filled", function()
    local r = sudoku({ "solve", "--to", "json" }, lines(P1))
    local record = require("dkjson").decode(r.stdout)
    assert.are.equal(P1, record.givens)
    assert.are.equal(S1, record.values)
  end)

  it("solve --from grid writes grids unless --to says otherwise", function()
    assert.are.equal(sudoku({ "convert", "--to", "grid" }, lines(S1)).stdout,
      sudoku({ "solve", "--from", "grid" }, GRID_P1).stdout)
    assert.are.equal(lines(S1), sudoku({ "solve", "--from", "grid", "--to", "line" }, GRID_P1).stdout)
  end)

  it("solve and count with --from use -j threads too, with the same bytes for any N", function()
    local puzzles = {}
    for line in io.lines(data.shared .. "magictour_top1465.txt") do
      if line:sub(1, 1) ~= "#" and #puzzles < 300 then puzzles[#puzzles + 1] = line end
    end
    local grids = sudoku({ "convert", "--to", "grid" }, lines_of(puzzles)).stdout
    local one = sudoku({ "solve", "--from", "grid", "--to", "line" }, grids)
    local two = sudoku({ "solve", "--from", "grid", "--to", "line", "-j", "2" }, grids)
    assert.are.equal(one.stdout, two.stdout)
    assert.are.equal(sudoku({ "solve" }, table.concat(puzzles, "\n")).stdout, one.stdout)
    local counts = sudoku({ "count", "--from", "grid", "-j", "0", "--limit", "2" }, grids)
    assert.are.equal(("1\n"):rep(300), counts.stdout)
  end)

  it("count and validate read any format", function()
    local empty = lines(("."):rep(16))
    assert.are.equal(lines("288"), sudoku({ "count", "--from", "line" }, empty).stdout)
    local grid = sudoku({ "convert", "--to", "grid" }, empty).stdout
    assert.are.equal(lines("2"), sudoku({ "count", "--from", "grid", "--limit", "2" }, grid).stdout)
    local r = sudoku({ "validate", "--from", "auto" }, grid)
    assert.are.equal(lines("multiple"), r.stdout)
    assert.are.equal("<stdin>:1: more than one solution\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("read a file named .json or .jsonl as JSON, and a pretty-printed array too", function()
    local pretty = '[\n  {\n    "size": 4,\n    "givens": "12..3...........",\n'
      .. '    "antiknight": true\n  }\n]\n'
    local want = '{"size":4,"box":[2,2],"givens":"12..3...........","values":"1243342143122134",'
      .. '"constraints":{"antiknight":true}}\n'
    assert.are.equal(want, sudoku({ "solve" }, pretty).stdout)
    -- A first line that reads as no JSON: the name says what the file holds, and the reader
    -- says what is wrong.
    local path = temp_file("# made by hand\n" .. P1 .. "\n")
    os.rename(path, path .. ".jsonl")
    local r = sudoku({ "solve", path .. ".jsonl" })
    os.remove(path .. ".jsonl")
    assert.are.equal("", r.stdout)
    assert.matches("%.jsonl:2: column 1: malformed JSON: no valid JSON value\n$", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("solve, count, validate, convert and render f-puzzles links, answering in links", function()
    local blitz = read_file(data.fixtures .. "fpuzzles/04-blitz.txt")
    local r = sudoku({ "solve" }, blitz)
    assert.are.equal("", r.stderr)
    assert.matches("^https://www%.f%-puzzles%.com/%?load=N4Ig[%w+/=]+\n$", r.stdout)
    local solved = assert(format.read(r.stdout, "fpuzzles"))
    assert.equal("132748956475916283896352741528637194619284375347195628781469532964523817253871469",
      solved.board:symbols())
    assert.equal(15, #solved.constraints.cages)
    assert.are.equal("1\n", sudoku({ "count" }, blitz).stdout)
    assert.are.equal("unique\n", sudoku({ "validate" }, blitz).stdout)
    local json = sudoku({ "convert", "--to", "json" }, blitz)
    assert.matches('"little_killers":%[', json.stdout)
    local back = sudoku({ "convert", "--to", "fpuzzles" }, json.stdout)
    assert.equal(json.stdout, sudoku({ "convert", "--to", "json" }, back.stdout).stdout)
    -- f-puzzles' own JSON (its Export), which the fpuzzles link unpacks to.
    local export = sudoku({ "convert", "--to", "fpuzzles_json" }, blitz)
    assert.matches('^{"size":9,"grid":%[%[', export.stdout)
    assert.equal(json.stdout, sudoku({ "convert", "--to", "json" }, export.stdout).stdout)
    local svg = sudoku({ "render" }, blitz)
    assert.are.equal(0, svg.status)
    assert.matches('class="little%-killer"', svg.stdout)
    assert.matches('class="cage"', svg.stdout)
  end)

  it("report a record f-puzzles cannot hold, write the rest, and exit 1", function()
    local r = sudoku({ "convert", "--to", "fpuzzles" },
      '{"size":4,"rules":[{"kind":"less","cells":[[1,1],[1,2]]}]}\n{"size":4}\n')
    assert.are.equal("<stdin>:1: cannot write as f-puzzles: the board's rule 'less' has no f-puzzles "
      .. "counterpart\n", r.stderr)
    assert.matches("^https://www%.f%-puzzles%.com/%?load=[^\n]+\n$", r.stdout)
    assert.are.equal(1, r.status)
  end)

  it("solve a variant record under its rules, writing JSON that keeps them", function()
    local killer = read_file(data.fixtures .. "killer_4x4.jsonl")
    local r = sudoku({ "solve" }, killer)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
    local solved = assert(format.read(r.stdout, "json"))
    assert.equal("2341413232141423", solved.board:symbols())
    assert.equal(6, #solved.constraints.cages)
    assert.equal("janko-killer-001", solved.meta.id)
  end)

  it("solve --from json honours diagonals and jigsaw regions", function()
    local x = '{"size":4,"box":[2,2],"givens":"1...............","constraints":{"diagonals":["main","anti"]}}'
    local r = sudoku({ "solve", "--from", "json", "--to", "line" }, lines(x))
    local solution = r.stdout:sub(1, 16)
    local main, anti = {}, {}
    for i = 1, 4 do
      main[solution:sub((i - 1) * 4 + i, (i - 1) * 4 + i)] = true
      anti[solution:sub((i - 1) * 4 + 5 - i, (i - 1) * 4 + 5 - i)] = true
    end
    assert.are.same({ ["1"] = true, ["2"] = true, ["3"] = true, ["4"] = true }, main)
    assert.are.same({ ["1"] = true, ["2"] = true, ["3"] = true, ["4"] = true }, anti)
  end)
end)

describe("sudoku render", function()
  it("draws one puzzle as an SVG document on stdout", function()
    local r = sudoku({ "render" }, lines(P1))
    assert.matches("^<svg", r.stdout)
    assert.matches("</svg>\n$", r.stdout)
    local _, givens = r.stdout:gsub('class="given"', "")
    assert.are.equal(#P1:gsub("%.", ""), givens)
    assert.are.equal(0, r.status)
  end)

  it("--solve draws the solution with the givens set apart, --candidates the pencil marks", function()
    local solved = sudoku({ "render", "--solve" }, lines(P1)).stdout
    local _, filled = solved:gsub('<text[^>]-class="filled"', "")
    assert.are.equal(#P1:gsub("[^.]", ""), filled)
    local marked = sudoku({ "render", "--candidates", "--cell", "60" }, lines(P1)).stdout
    assert.matches('class="candidate"', marked)
    assert.matches('width="540"', marked)
  end)

  it("writes one file per puzzle with --output, and asks for it when there are several", function()
    local base = temp_file()
    local r = sudoku({ "render", "--output", base .. "-%d.svg" }, lines(P1, P2))
    assert.are.same({ "", "", 0 }, { r.stdout, r.stderr, r.status })
    assert.matches("^<svg", read_file(base .. "-1.svg"))
    assert.matches("^<svg", read_file(base .. "-2.svg"))
    r = sudoku({ "render" }, lines(P1, P2))
    assert.matches("^<svg.*</svg>\n$", r.stdout)
    assert.are.equal("<stdin>:2: more than one puzzle: name one file each with --output "
      .. "PATTERN (e.g. 'puzzle-%d.svg')\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("highlights cells, and reports one off the board", function()
    local r = sudoku({ "render", "--highlight", "1,1", "--highlight", "9,9" }, lines(P1))
    local _, highlighted = r.stdout:gsub('class="highlight"', "")
    assert.are.equal(2, highlighted)
    r = sudoku({ "render", "--highlight", "10,1" }, lines(P1))
    assert.are.equal("<stdin>:1: --highlight 10,1 is off the 9x9 board\n", r.stderr)
    assert.are.equal(1, r.status)
    r = sudoku({ "render", "--highlight", "a,1" }, lines(P1))
    assert.matches("%-%-highlight must be ROW,COLUMN", r.stderr)
    assert.are.equal(2, r.status)
  end)

  it("draws killer cages from a JSON record", function()
    local r = sudoku({ "render" }, read_file(data.fixtures .. "killer_4x4.jsonl"))
    assert.matches('class="cage', r.stdout)
    assert.are.equal(0, r.status)
  end)
end)

describe("streaming through the command", function()
  -- Peak memory, sampled at every write: the CLI's own output stream is replaced in-process.
  local cli = require "sudoku.cli"

  local function peak_kb(args, path)
    local peak, writes = 0, 0
    local sink = {
      write = function(self)
        writes = writes + 1
        if writes % 2000 == 0 then
          collectgarbage()
          peak = math.max(peak, collectgarbage("count"))
        end
        return self
      end,
    }
    local list = {}
    for i, a in ipairs(args) do list[i] = a end
    list[#list + 1] = path
    collectgarbage()
    local base = collectgarbage("count")
    local status = cli.main(list, { stdout = sink, stderr = io.tmpfile() })
    assert.are.equal(0, status)
    return peak - base
  end

  local function puzzle_file(count)
    local path = temp_file()
    local f = assert(io.open(path, "w"))
    for _ = 1, count do f:write(P1, "\n") end
    f:close()
    return path
  end

  it("converts 40,000 puzzles in the memory it needs for 4,000", function()
    local small = peak_kb({ "convert", "--to", "sdm" }, puzzle_file(4000))
    local large = peak_kb({ "convert", "--to", "sdm" }, puzzle_file(40000))
    assert.is_true(large < small + 2048, ("%.0f KB for 4,000, %.0f KB for 40,000"):format(small, large))
  end)

  it("solves and converts a million-line file in constant memory #slow", function()
    local path = puzzle_file(1000000)
    local solve = peak_kb({ "solve", "-j", "2" }, path)
    assert.is_true(solve < 16 * 1024, ("solve held %.0f KB"):format(solve))
    local convert = peak_kb({ "convert", "--to", "sdm" }, path)
    assert.is_true(convert < 16 * 1024, ("convert held %.0f KB"):format(convert))
  end)
end)
