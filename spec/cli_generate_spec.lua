-- `sudoku generate` as a user runs it: repeatable with --seed, any size and format, every
-- puzzle unique.
local cmd = require "support.command"
local data = require "support.data"
local recount = require "support.recount"

local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

local function lines_of(text)
  local out = {}
  for line in text:gmatch("[^\n]+") do out[#out + 1] = line end
  return out
end

describe("sudoku generate", function()
  it("prints COUNT unique puzzles, the same ones for the same --seed", function()
    local r = sudoku({ "generate", "-n", "5", "--seed", "42" })
    assert.are.equal(0, r.status)
    assert.are.equal("", r.stderr)
    local puzzles = lines_of(r.stdout)
    assert.are.equal(5, #puzzles)
    assert.are.equal(r.stdout, sudoku({ "generate", "-n", "5", "--seed", "42" }).stdout)
    assert.are_not.equal(r.stdout, sudoku({ "generate", "-n", "5", "--seed", "43" }).stdout)
    -- Re-counted by a search the generator does not use.
    local lib = require "sudoku"
    for _, line in ipairs(puzzles) do
      assert.are.equal(1, recount.count(assert(lib.parse(line))), line)
    end
  end)

  it("makes boards of any box shape, in any format, with the solution when asked", function()
    local r = sudoku({ "generate", "--box", "2x3", "--seed", "1", "--solution" })
    local puzzle, solution = r.stdout:match("^([^,]+),(%S+)\n$")
    assert.are.equal(36, #puzzle)
    assert.are.equal(solution .. "\n", sudoku({ "solve" }, puzzle .. "\n").stdout)
    local grid = sudoku({ "generate", "--size", "4", "--seed", "1", "--to", "grid" })
    assert.matches("^[1-4.] [1-4.] | [1-4.] [1-4.]\n", grid.stdout)
  end)

  it("keeps the givens' symmetry", function()
    local r = sudoku({ "generate", "--seed", "3", "--symmetry", "rotational" })
    local line = r.stdout:sub(1, 81)
    for i = 1, 81 do
      assert.are.equal(line:sub(i, i) == ".", line:sub(82 - i, 82 - i) == ".")
    end
  end)

  it("rejects bad options with exit 2", function()
    local r = sudoku({ "generate", "--size", "9", "--box", "3x3" })
    assert.matches("give %-%-size or %-%-box, not both", r.stderr)
    assert.are.equal(2, r.status)
    r = sudoku({ "generate", "--symmetry", "spiral" })
    assert.are.equal(2, r.status)
    r = sudoku({ "generate", "--box", "3by3" })
    assert.matches("%-%-box must be ROWSxCOLUMNS", r.stderr)
  end)

  it("reports a target it could not reach, and exits 1", function()
    local r = sudoku({ "generate", "--seed", "3", "--clues", "12", "--minimal", "--attempts", "2" })
    assert.are.equal(1, r.status)
    assert.matches("^sudoku: puzzle 1: targets not met in 2 attempts %(%d+ clues%)\n$", r.stderr)
    assert.are.equal(1, #lines_of(r.stdout))
  end)

  it("draws a progress bar with the ETA when stderr is a terminal, and nothing otherwise", function()
    local out = cmd.temp_file()
    local line = ("cd %s && script -qec %s /dev/null > %s"):format(cmd.quote(data.root),
      cmd.quote(("%s bin/sudoku generate -n 30 --seed 1 > /dev/null"):format(cmd.LUA)),
      cmd.quote(out))
    os.execute(line)
    assert.matches("%[####################%] 100%%  30 puzzles  [%d,]+/s  ETA 0:00",
      cmd.read_file(out))
    assert.are.equal("", sudoku({ "generate", "-n", "30", "--seed", "1" }).stderr)
  end)

  it("has its own --help", function()
    assert.matches("^Usage: sudoku generate", sudoku({ "generate", "--help" }).stdout)
  end)
end)

describe("sudoku generate by difficulty", function()
  local cmd2 = require "support.command"
  local logic = require "sudoku.logic"
  local lib = require "sudoku"

  it("makes puzzles of a level, each rated within its band", function()
    local r = cmd2.run({ "generate", "--level", "hard", "-n", "3", "--seed", "4" })
    assert.are.equal(0, r.status)
    local count = 0
    for line in r.stdout:gmatch("[^\n]+") do
      local rating = assert(logic.rate(assert(lib.parse(line)))).rating
      assert.is_true(rating >= 2.6 and rating <= 3.9, line)
      count = count + 1
    end
    assert.are.equal(3, count)
  end)

  it("takes a rating band, and refuses a malformed one", function()
    local r = cmd2.run({ "generate", "--rating", "1.6-2.5", "--seed", "4" })
    assert.are.equal(0, r.status)
    local rating = assert(logic.rate(assert(lib.parse((r.stdout:gsub("\n$", "")))))).rating
    assert.is_true(rating >= 1.6 and rating <= 2.5)
    r = cmd2.run({ "generate", "--rating", "hard" })
    assert.are.equal(2, r.status)
    assert.matches("--rating must be MIN-MAX", r.stderr, 1, true)
  end)
end)
