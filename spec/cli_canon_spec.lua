-- `sudoku canon` and `sudoku dedup`: canonical forms of 9x9 puzzles in a pipeline, and the
-- first puzzle of each class of equivalent ones.
local sudoku_lib = require "sudoku"
local cmd = require "support.command"

local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

local P1 = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
local P2 = ".4.1...5.1.7..396.52...8..........17...9.68..8.3.5.62..9..6.5436...8.7..25..971.."

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
