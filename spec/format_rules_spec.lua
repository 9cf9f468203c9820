-- A format without a place for a puzzle's rules or regions refuses the puzzle instead of writing
-- one that reads back with other solutions: every format is written and read back, and the
-- count of solutions read back must be the puzzle's, or the write must say why not.
require "sudoku" -- adds Board:format and tostring(board)
local format = require "sudoku.format"
local gen = require "sudoku.gen"
local command = require "support.command"

-- Puzzles whose values alone have more solutions than the puzzle.
local function puzzles()
  local killer = gen.puzzle{ variant = "killer", size = 9, seed = 1 }
  local jigsaw = gen.puzzle{ variant = "jigsaw", size = 9, seed = 1 }
  local windoku = gen.puzzle{ variant = "windoku", size = 9, seed = 1 }
  return { { "rules", killer }, { "jigsaw regions", jigsaw }, { "extra regions", windoku } }
end

describe("writing a puzzle with rules or regions", function()
  local cases = puzzles()

  it("keeps the count in every format that writes it, and names what the others would lose", function()
    for _, case in ipairs(cases) do
      local what, puzzle = case[1], case[2]
      assert.are.equal(1, puzzle:count(2))
      for _, name in ipairs(format.READ_NAMES) do
        local text, why = format.write(puzzle, name)
        if text then
          local rec = assert(format.read(text, name))
          assert.are.equal(1, rec.board:count(2), name .. " lost the " .. what)
        else
          assert.is_true(what == "rules" and name:match("^fpuzzles") ~= nil or
            why:find("it has no place for the board's " .. what, 1, true) ~= nil, why)
        end
      end
      assert.is_string(format.write(puzzle, "json"))
    end
  end)

  it("writes the solution of such a puzzle in every format: a full grid loses nothing", function()
    for _, case in ipairs(cases) do
      local solution = case[2]:copy()
      assert.is_true(solution:solve())
      for _, name in ipairs{ "line", "grid", "sdk", "sdm", "ss", "hdu", "pencil", "hodoku" } do
        local text = assert(format.write(solution, name))
        assert.are.equal(solution:symbols(), assert(format.read(text, name)).board:symbols())
      end
    end
  end)

  it("still shows any board's values with format.line, format.grid and tostring", function()
    local killer = cases[1][2]
    assert.are.equal(killer:symbols(), format.line(killer))
    assert.are.equal(format.grid(killer), tostring(killer))
    assert.is_nil((killer:format("line")))
  end)

  it("makes the command fail on such a record instead of writing another puzzle #posix", function()
    local file = command.temp_file(format.write(cases[1][2], "json") .. "\n")
    local run = command.run({ "convert", "--to", "line", file })
    assert.are.equal("", run.stdout)
    assert.matches("no place for the board's rules", run.stderr, 1, true)
    assert.are_not.equal(0, run.status)
  end)
end)
