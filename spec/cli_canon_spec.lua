-- `sudoku canon` and `sudoku dedup`: canonical forms of 9x9 puzzles in a pipeline, and the
-- first puzzle of each class of equivalent ones.
local sudoku_lib = require "sudoku"
local cmd = require "support.command"
local classic = require "support.puzzles"

local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

local P1 = classic.P1
local P2 = classic.P2

local function lines(list)
  return table.concat(list, "\n") .. "\n"
end

-- P1, P2, then images of P1 and P2 under equivalence transforms, a clash and a 4x4 puzzle.
local function input()
  local t1 = sudoku_lib.gen.transform(sudoku_lib.parse(P1), 5):symbols()
  local t2 = sudoku_lib.gen.transform(sudoku_lib.parse(P2), 6):symbols()
  return lines { P1, P2, t1, "11" .. ("."):rep(79), t2 .. ",its comment", "1234341221434321" }
end

describe("sudoku canon", function()
  it("prints each puzzle's canonical form; equivalent puzzles print the same line", function()
    local r = sudoku({ "canon", cmd.temp_file(input()) })
    local c1, c2 = sudoku_lib.gen.canonical(P1), sudoku_lib.gen.canonical(P2)
    assert.equal(lines { c1, c2, c1, c2 }, r.stdout)
    assert.matches(":4: r1c1 and r1c2 both hold 1: clashing givens have no canonical form\n",
      r.stderr, 1, true)
    -- A 4x4 line in a file of 9x9 puzzles: another size than the file's (the record rule).
    assert.matches(":6: 16 cells, but this file's puzzles have 81", r.stderr, 1, true)
    assert.equal(1, r.status)
  end)

  it("--size auto reads each line with its own size, and names what has no canonical form", function()
    local r = sudoku({ "canon", "--size", "auto", cmd.temp_file(input()) })
    assert.matches(":6: a 4x4 puzzle: canonical forms are for 9x9 puzzles", r.stderr, 1, true)
    assert.equal(1, r.status)
  end)

  it("--unique prints only the first puzzle of each class", function()
    local r = sudoku({ "canon", "--unique", cmd.temp_file(input()) })
    assert.equal(lines { (sudoku_lib.gen.canonical(P1)), (sudoku_lib.gen.canonical(P2)) }, r.stdout)
  end)
end)

describe("sudoku dedup", function()
  it("copies the first puzzle of each class as it was written, and drops the rest", function()
    local image = sudoku_lib.gen.transform(sudoku_lib.parse(P2), 3):symbols()
    local text = lines { P1, P2 .. ",first of its class", image, P1 }
    local r = sudoku({ "dedup", "--stats", cmd.temp_file(text) })
    assert.equal(lines { P1, P2 .. ",first of its class" }, r.stdout)
    assert.matches("sudoku: 4 puzzles, 0 failed, .*; 2 classes, 2 duplicates left out\n$", r.stderr)
    assert.equal(0, r.status)
  end)

  it("reads other formats and writes them back", function()
    local grid = sudoku_lib.parse(P1):format("grid")
    local r = sudoku({ "dedup", cmd.temp_file(grid .. "\n\n" .. grid .. "\n") })
    assert.equal(grid .. "\n", r.stdout)
  end)
end)

-- The line pool (-j N): the 81-symbol lines' forms are made in C on N threads, and dedup's set is
-- looked up on the calling thread in input order, so the bytes are the same whatever N is,
-- duplicates, error lines and lines the Lua path reads (a comment, a byte order mark, a line
-- of another size) included.
describe("sudoku canon and dedup on threads", function()
  local data = require "support.data"
  local text, expected

  setup(function()
    local puzzles = {}
    for i, rec in ipairs(data.shared_records("sudoku17_royle.txt")) do
      if i > 3000 then break end
      puzzles[i] = rec[1]:sub(1, 81)
    end
    local seps = { "", " ", ",x", " , its comment  ", "\t;\tz\t", "  ,  ", "#", ",," }
    local list = {}
    for i, p in ipairs(puzzles) do
      local q = p
      if i % 7 == 0 then q = puzzles[i - 3] end
      if i % 5 == 0 then q = sudoku_lib.gen.transform(sudoku_lib.parse(puzzles[i - 2]), i):symbols() end
      if i % 11 == 0 then q = q:gsub("%.", "0") end
      list[#list + 1] = (i % 13 == 0 and "  " or "") .. q .. seps[i % #seps + 1]
        .. (i % 17 == 0 and "\r" or "")
      if i % 97 == 0 then list[#list + 1] = "11" .. ("."):rep(79) end
      if i % 101 == 0 then list[#list + 1] = ",no puzzle" end
      if i % 103 == 0 then list[#list + 1] = "1234341221434321" end
      if i % 107 == 0 then list[#list + 1] = "# a comment" end
      if i % 113 == 0 then list[#list + 1] = p:sub(1, 80) .. "x" end
      if i % 127 == 0 then list[#list + 1] = "\239\187\191" .. puzzles[i - 5] end
    end
    text = lines(list)
    -- What dedup keeps, from the library: each line the line format reads as a 9x9 puzzle with
    -- a canonical form, the first of its class, written back.
    expected = {}
    local seen = sudoku_lib.gen.canonical_set()
    local line_format = require "sudoku.format.line"
    for k, line in ipairs(list) do
      local rec = line:sub(1, 1) ~= "#" and line_format.read_line(line:gsub("\r$", ""), {}, k, k)
      if rec and rec.board:size() == 9 then
        local form = sudoku_lib.gen.canonical(rec.board:symbols())
        if form and seen:add(form) then expected[#expected + 1] = sudoku_lib.format.write(rec, "line") end
      end
    end
  end)

  for _, args in ipairs { { "canon" }, { "canon", "--unique" }, { "dedup" } } do
    local name = table.concat(args, " ")
    it(name .. ": the same bytes, messages and status on 1 and 2 threads", function()
      local path = cmd.temp_file(text)
      local function with(j)
        local list = {}
        for i, a in ipairs(args) do list[i] = a end
        list[#list + 1] = "-j"
        list[#list + 1] = j
        list[#list + 1] = path
        return sudoku(list)
      end
      local one, two = with("1"), with("2")
      assert.equal(one.stdout, two.stdout)
      assert.equal(one.stderr, two.stderr)
      assert.equal(1, one.status)
      assert.equal(1, two.status)
      assert.matches(":98: r1c1 and r1c2 both hold 1: clashing givens have no canonical form\n",
        one.stderr, 1, true)
      if args[1] == "dedup" then assert.equal(lines(expected), one.stdout) end
    end)
  end

  it("dedup --stats counts the classes and duplicates the pool's blocks left out", function()
    local r = sudoku({ "dedup", "--stats", "-j", "2", cmd.temp_file(text) })
    assert.matches(("; %d classes, %d duplicates left out\n$"):format(#expected,
      3000 + math.floor(3000 / 127) - #expected), r.stderr)
  end)
end)
