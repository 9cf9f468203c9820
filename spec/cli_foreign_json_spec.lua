-- JSON that other tools write is not this toolkit's json format: run as a user runs the tool,
-- such a record is refused with a message naming the key it does not know, never read as an
-- empty board; f-puzzles' export is read as f-puzzles (sudoku.format.fpuzzles). The shared
-- variants files, whose flat records carry rules at the top level, still read in full.
local cmd = require "support.command"
local data = require "support.data"

local sudoku, temp_file = cmd.run, cmd.temp_file

after_each(function() cmd.cleanup() end)

-- f-puzzles' export: a size and a grid of cell objects (here its first row only: broken).
local F_PUZZLES = '{"size":9,"title":"Classic","grid":[[{"value":5,"given":true},{},{},'
  .. '{"value":3,"given":true},{},{},{},{},{}]]}\n'
local EMPTY_LINE = ("."):rep(81)

describe("JSON of other tools", function()
  it("reads f-puzzles' export as f-puzzles, naming what is wrong in a broken one", function()
    local input = temp_file(F_PUZZLES)
    for _, from in ipairs({ "json", "auto" }) do
      local r = sudoku({ "convert", "--from", from, "--to", "line", input })
      assert.are.equal("", r.stdout, from)
      assert.are.equal(input .. ":1: grid: expected 9 rows, got 1\n", r.stderr)
      assert.are.equal(1, r.status)
    end
  end)

  it("is read by render and solve alike", function()
    local input = temp_file(F_PUZZLES)
    local render = sudoku({ "render", "--from", "json", input })
    assert.are.equal("", render.stdout)
    assert.are.equal(input .. ":1: grid: expected 9 rows, got 1\n", render.stderr)
    assert.are.equal(1, render.status)
    local solve = sudoku({ "solve", "--from", "json", input })
    assert.are.equal(input .. ":1: grid: expected 9 rows, got 1\n", solve.stderr)
    assert.are.equal(1, solve.status)
  end)

  it("reads a whole f-puzzles export, and tells a grid without a size from it", function()
    local row = '[{"value":1,"given":true},{},{},{}]'
    local r = sudoku({ "convert", "--to", "line" },
      '{"size":4,"grid":[' .. row .. ',[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}\n'
      .. '{"grid":[' .. row .. ']}\n')
    assert.are.equal("1...............\n", r.stdout)
    assert.are.equal("<stdin>:2: unknown key 'grid' (f-puzzles JSON has \"size\" and \"grid\")\n",
      r.stderr)
  end)

  it("names every key it does not know, whatever holds the clues", function()
    local r = sudoku({ "convert", "--from", "json", "--to", "line" },
      '{"size":9,"clues":[[5,3,0,0,7,0,0,0,0]]}\n{"size":4,"board":[[1]],"cells":[]}\n')
    assert.are.equal("", r.stdout)
    assert.are.equal("<stdin>:1: unknown key 'clues'\n<stdin>:2: unknown keys 'board', 'cells'\n",
      r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("refuses a puzzle's cells under another key than givens, rather than an empty board", function()
    local r = sudoku({ "convert", "--from", "json", "--to", "line" },
      '{"size":9,"puzzle":"5...7' .. ("."):rep(76) .. '"}\n')
    assert.are.equal("", r.stdout)
    assert.are.equal("<stdin>:1: unknown key 'puzzle' (it holds 81 cells: a puzzle's cells go in "
      .. "\"givens\")\n", r.stderr)
  end)

  it("goes on with the records after a refused one", function()
    local r = sudoku({ "convert", "--from", "json", "--to", "line" },
      F_PUZZLES .. '{"size":9,"name":"empty on purpose"}\n')
    assert.are.equal(EMPTY_LINE .. "\n", r.stdout)
    assert.are.equal("<stdin>:1: grid: expected 9 rows, got 1\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("reads every rule, at the top level or under constraints, and keeps none unread", function()
    local r = sudoku({ "convert", "--from", "json", "--to", "json" },
      '{"size":4,"arrows":[{"circle":[1,1],"lines":[[[1,2]]]}]}\n'
      .. '{"size":4,"constraints":{"arrows":[[[1,1],[1,2]]]}}\n'
      .. '{"size":4,"constraints":{"spirals":[[[1,1],[1,2]]]}}\n'
      .. '{"size":4,"cages":[{"sum":"x","cells":[[1,1]]}],"thermos":42}\n')
    assert.are.equal('{"size":4,"box":[2,2],"givens":"................",'
      .. '"constraints":{"arrows":[{"circle":[1,1],"lines":[[[1,2]]]}]}}\n', r.stdout)
    assert.are.equal("<stdin>:2: constraints.arrows[1]: expected an object, got a list\n"
      .. "<stdin>:3: constraints: unknown rule 'spirals'\n"
      .. "<stdin>:4: cages[1].sum: expected a whole number, got \"x\"\n", r.stderr)
    assert.are.equal(1, r.status)
  end)
end)

describe("the shared variants files", function()
  it("convert to json with every record kept: no key of theirs is unknown", function()
    local files = { "antiking", "antiknight", "consecutive", "jigsaw", "killer", "kropki", "mixed",
      "nonconsecutive", "oddeven", "thermo", "windoku", "x", "xv" }
    for _, name in ipairs(files) do
      local path = data.shared .. "variants/" .. name .. ".jsonl"
      local records = 0
      for line in io.lines(path) do
        if line:find("%S") then records = records + 1 end
      end
      local r = sudoku({ "convert", "--from", "json", "--to", "json", path })
      assert.are.equal("", r.stderr, name)
      assert.are.equal(0, r.status, name)
      local written = select(2, r.stdout:gsub("\n", ""))
      assert.are.equal(records, written, name)
    end
  end)
end)
