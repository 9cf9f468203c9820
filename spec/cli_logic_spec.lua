-- `sudoku rate`, `sudoku hint` and `sudoku explain`: human-style logic from the command line,
-- run as a user runs it (bin/sudoku in a child process).
local cmd = require "support.command"

local quote, read_file = cmd.quote, cmd.read_file
local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

-- Singles solve it (SE 1.2: hidden singles in boxes are its hardest steps).
local EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
-- Needs a pointing pair (SE 2.6) with the techniques this build has at least.
local POINTING = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
-- Many solutions.
local EMPTY = ("."):rep(81)

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

describe("sudoku rate", function()
  it("prints each puzzle's name (its line), the puzzle, its SE rating and hardest technique",
    function()
    local r = sudoku({ "rate" }, lines(EASY, POINTING))
    assert.are.equal(lines("1 " .. EASY .. " 1.2 hidden_single_box",
      "2 " .. POINTING .. " 2.6 pointing"), r.stdout)
    assert.are.equal("", r.stderr)
    assert.are.equal(0, r.status)
  end)

  it("with --check, holds every step against the solution and answers as without it",
    function()
      local input = lines(EASY, POINTING)
      local plain = sudoku({ "rate" }, input)
      local checked = sudoku({ "rate", "--check", "--all-techniques", "-j", "2" }, input)
      assert.are.equal(plain.stdout, checked.stdout)
      assert.are.equal("", checked.stderr)
      assert.are.equal(0, checked.status)
      -- A record with rules goes the path of one record at a time; checked there too.
      local json = '{"size": 9, "givens": "' .. EASY .. '", "rules": [{"kind": "cage", '
        .. '"cells": [[1, 1], [1, 2]], "sum": 12}]}'
      local r = sudoku({ "rate", "--check", "--from", "json" }, json .. "\n")
      assert.are.equal("", r.stderr)
      assert.are.equal(0, r.status)
    end)

  it("gives the same answers on several threads", function()
    local input = lines(EASY, POINTING, EASY, POINTING, EASY)
    local one = sudoku({ "rate", "-j", "1" }, input)
    local two = sudoku({ "rate", "-j", "2" }, input)
    assert.are.equal(one.stdout, two.stdout)
  end)

  it("reports a puzzle without exactly one solution, and one it cannot finish, by line, and "
    .. "exits 1", function()
    local r = sudoku({ "rate", "--allow", "full_house" }, lines(EASY, EMPTY, "1234x"))
    assert.are.equal("", r.stdout)
    assert.matches("<stdin>:1: stuck: no technique applies", r.stderr, 1, true)
    assert.matches("<stdin>:2: more than one solution", r.stderr, 1, true)
    assert.matches("<stdin>:3: ", r.stderr, 1, true)
    assert.are.equal(1, r.status)
  end)

  it("rates a grid-format puzzle too", function()
    local grid = {}
    for row = 0, 8 do grid[#grid + 1] = EASY:sub(row * 9 + 1, row * 9 + 9) end
    local r = sudoku({ "rate", "--from", "grid" }, table.concat(grid, "\n") .. "\n")
    assert.are.equal(lines("1 " .. EASY:gsub("0", ".") .. " 1.2 hidden_single_box"), r.stdout)
    assert.are.equal(0, r.status)
  end)

  it("refuses an unknown technique name", function()
    local r = sudoku({ "rate", "--allow", "telepathy" }, lines(EASY))
    assert.matches("unknown technique telepathy", r.stderr, 1, true)
    assert.are_not.equal(0, r.status)
  end)
end)

describe("sudoku hint", function()
  it("prints the easiest step with its rating, technique and explanation", function()
    local r = sudoku({ "hint" }, lines(EASY))
    assert.are.equal(lines("1 1.2 hidden_single_box: 6 has one place left in box 1: r2c2."),
      r.stdout)
    assert.are.equal(0, r.status)
  end)

  -- EASY as one pencil-format line, r1c1's marks replaced by `first` (the others: the values
  -- their units leave).
  local function pencil_line(first)
    local board = assert(require("sudoku").parse(EASY))
    local cells = {}
    for r = 1, 9 do
      for c = 1, 9 do
        local marks = board:get(r, c) ~= 0 and { board:get(r, c) } or board:candidates(r, c)
        if r == 1 and c == 1 then marks = first end
        local set = {}
        for _, v in ipairs(marks) do set[v] = true end
        for v = 1, 9 do cells[#cells + 1] = set[v] and tostring(v) or "." end
      end
    end
    return table.concat(cells) .. "\n"
  end

  it("uses a pencil record's own marks", function()
    local logic = require "sudoku.logic"
    local board = assert(require("sudoku").parse(EASY))
    local solution = board:copy()
    assert(solution:solve())
    local keep = { solution:get(1, 1), board:candidates(1, 1)[1] == solution:get(1, 1)
      and board:candidates(1, 1)[2] or board:candidates(1, 1)[1] }
    table.sort(keep)
    local expected = assert(logic.pencil(board, { [1] = keep })):hint()
    local r = sudoku({ "hint" }, pencil_line(keep))
    assert.are.equal(("1 %.1f %s: %s\n"):format(expected.rating, expected.technique,
      expected.text), r.stdout)
    assert.are.equal(0, r.status)
    -- Marks that do not fit the units: nothing to hint from.
    r = sudoku({ "hint" }, pencil_line({ 3, 9 }))
    assert.are.equal("", r.stdout)
    assert.are.equal("<stdin>:1: r1c1: none of its pencil marks fits its row, column and box\n",
      r.stderr)
    assert.are.equal(1, r.status)
  end)
end)

describe("rate, hint and explain name each puzzle", function()
  local function json(id, givens)
    return ('{%s"size": 9, "givens": "%s"}'):format(id and ('"id": "' .. id .. '", ') or "",
      givens)
  end

  it("by its id when it has one, else by the line where it starts", function()
    local input = lines(json("easy-1", EASY), json(nil, POINTING), json("two words", EASY))
    local r = sudoku({ "hint", "--from", "json" }, input)
    assert.are.equal(0, r.status)
    assert.are.same({ "easy-1", "2", "3" }, { r.stdout:match("^(%S+) [^\n]*\n(%S+) [^\n]*\n"
      .. "(%S+) [^\n]*\n$") })
    -- A grid names the line of its first row, past the comments before it.
    local grid = { "# a comment", "" }
    for row = 0, 8 do grid[#grid + 1] = POINTING:sub(row * 9 + 1, row * 9 + 9) end
    r = sudoku({ "rate", "--from", "grid" }, lines(table.concat(grid, "\n")))
    assert.are.equal(lines("3 " .. POINTING .. " 2.6 pointing"), r.stdout)
    r = sudoku({ "explain", "--from", "json" }, lines(json("p", POINTING)))
    assert.matches("^p " .. POINTING:gsub("%.", "%%.") .. "\n1%. ", r.stdout)
  end)

  it("and with --placeholders write \"NAME -\" for each puzzle that fails, so that line N "
    .. "answers puzzle N", function()
    local input = lines(EASY, EMPTY, "1234x", POINTING)
    local r = sudoku({ "rate", "--placeholders" }, input)
    assert.are.equal(lines("1 " .. EASY .. " 1.2 hidden_single_box", "2 -", "3 -",
      "4 " .. POINTING .. " 2.6 pointing"), r.stdout)
    -- The messages and the exit status are those of a run without it.
    local plain = sudoku({ "rate" }, input)
    assert.are.equal(plain.stderr, r.stderr)
    assert.are.equal(1, r.status)
    assert.are.equal(r.stdout, sudoku({ "rate", "--placeholders", "-j", "2" }, input).stdout)
    -- A record that fails names its id; one that cannot be read, its line.
    r = sudoku({ "hint", "--placeholders", "--from", "json" },
      lines(json("a", EASY), json("b", EMPTY), "{", json(nil, POINTING)))
    assert.are.same({ "a 1.2", "b -", "3 -", "4 " }, { r.stdout:match("^(a %S+)[^\n]*\n"
      .. "([^\n]*)\n([^\n]*)\n(4 )[^\n]*\n$") })
    assert.are.equal(1, r.status)
    r = sudoku({ "explain", "--placeholders" }, lines(EMPTY, EASY))
    assert.matches("^1 %-\n\n2 " .. EASY:gsub("0", "%%.") .. "\n1%. ", r.stdout)
  end)
end)

describe("sudoku explain", function()
  it("prints each puzzle's name and values, the numbered path and the rating, puzzles apart "
    .. "by a blank line", function()
    local r = sudoku({ "explain" }, lines(EASY, EASY))
    assert.are.equal(0, r.status)
    local first, second = r.stdout:match("^(.-)\n\n(.*)\n$")
    assert.matches("^1 " .. EASY:gsub("0", "%%.") .. "\n1%. Hidden single %(box%) %(1%.2%): ",
      first)
    assert.matches("\nrating 1%.2 %(hidden_single_box%), %d+ steps$", first)
    assert.are.equal(first:gsub("^1 ", "2 "), second)
  end)

  it("writes one picture per step with --svg", function()
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. quote(dir)))
    local r = sudoku({ "explain", "--svg", dir .. "/step-%d.svg" }, lines(POINTING))
    assert.are.equal(0, r.status)
    local steps = tonumber(r.stdout:match("(%d+) steps\n$"))
    local svg = read_file(dir .. "/step-" .. steps .. ".svg")
    assert.matches("^<svg ", svg)
    assert.is_nil(io.open(dir .. "/step-" .. (steps + 1) .. ".svg"))
    -- The pointing step's picture marks eliminations in red.
    local found
    for k = 1, steps do
      if read_file(dir .. "/step-" .. k .. ".svg"):find('class="candidate eliminated"', 1, true) then
        found = true
        break
      end
    end
    assert.is_true(found)
    os.execute("rm -r " .. quote(dir))
  end)

  it("needs %d in --svg's pattern, and %p for more than one puzzle", function()
    local r = sudoku({ "explain", "--svg", "x.svg" }, lines(EASY))
    assert.are.equal(2, r.status)
    assert.matches("needs %d", r.stderr, 1, true)
    -- The first puzzle's pictures are written before the second shows the pattern short.
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. quote(dir)))
    r = sudoku({ "explain", "--svg", dir .. "/step-%d.svg" }, lines(EASY, EASY))
    os.execute("rm -r " .. quote(dir))
    assert.are.equal(2, r.status)
    assert.matches("has no %p", r.stderr, 1, true)
  end)
end)
