-- Boards whose boxes are not the squarest shape (6x6 with 3-row boxes, say), run as a user runs
-- the tool: `generate --box` writes them in a format that keeps the shape, and the reading
-- commands take `--box RxC` for the formats that say no shape (a line of 36 cells reads as 2x3
-- boxes otherwise).
local cmd = require "support.command"

local sudoku, temp_file = cmd.run, cmd.temp_file

after_each(function() cmd.cleanup({ "-1.svg" }) end)

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

local function lines_of(text)
  local out = {}
  for line in text:gmatch("[^\n]+") do out[#out + 1] = line end
  return out
end

-- A 6x6 puzzle of 3x2 boxes (3 rows, 2 columns each) and its one solution. Read with 2x3
-- boxes, the squarest shape, it is another puzzle, with two solutions.
local P32 = "6...4.....3..43..65..4....2..1......"
local S32 = "631245154632243516516423462351325164"
-- A 6x6 puzzle of 2x3 boxes and a 9x9 one, each with one solution.
local P23 = "6...4....36..5......4.....5..2.1...."
local S23 = "631245542361156423324516465132213654"
local P9 = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."

describe("sudoku generate --box with a shape other than the squarest", function()
  it("writes json by default, which keeps the shape: each puzzle counts 1 when read back", function()
    local r = sudoku({ "generate", "--box", "3x2", "-n", "5", "--seed", "1" })
    assert.are.equal(0, r.status, r.stderr)
    local records = lines_of(r.stdout)
    assert.are.equal(5, #records)
    for _, rec in ipairs(records) do
      assert.matches('^{"size":6,"box":%[3,2%],"givens":"[1-6.]+"}$', rec)
    end
    local count = sudoku({ "count", "--from", "json", "--limit", "2" }, r.stdout)
    assert.are.equal(lines("1", "1", "1", "1", "1"), count.stdout)
    assert.are.equal(0, count.status)
    -- Told from the text as well.
    assert.are.equal(count.stdout, sudoku({ "count", "--from", "auto", "--limit", "2" }, r.stdout).stdout)
  end)

  it("writes grids and ss that draw the shape, read back with it", function()
    for _, name in ipairs({ "grid", "ss" }) do
      local r = sudoku({ "generate", "--box", "3x2", "-n", "3", "--seed", "1", "--to", name })
      assert.are.equal(0, r.status, r.stderr)
      local count = sudoku({ "count", "--from", name, "--limit", "2" }, r.stdout)
      assert.are.equal(lines("1", "1", "1"), count.stdout, name)
    end
  end)

  it("refuses a --to format that would lose the shape, saying which ones keep it", function()
    for _, name in ipairs({ "line", "sdm", "sdk", "hdu", "leetcode", "pencil" }) do
      local r = sudoku({ "generate", "--box", "3x2", "--seed", "1", "--to", name })
      assert.are.equal(2, r.status, name)
      assert.are.equal("", r.stdout)
      assert.matches("sudoku: %-%-to " .. name .. " cannot keep 3x2 boxes: its 6x6 boards read back "
        .. "with 2x3 boxes; use %-%-to json, grid or ss\n", r.stderr)
    end
  end)

  it("still writes lines for the squarest shape, which a line reads back as it is", function()
    local r = sudoku({ "generate", "--box", "2x3", "--seed", "1" })
    assert.are.equal(lines(P23), r.stdout)
    assert.are.equal(lines(S23), sudoku({ "solve" }, r.stdout).stdout)
  end)

  it("refuses a box too large for any board with a usage message, not a traceback", function()
    local r = sudoku({ "generate", "--box", "9x9" })
    assert.are.equal(2, r.status)
    assert.matches("sudoku: %-%-box must be ROWSxCOLUMNS, two whole numbers whose product %(the "
      .. "board's size%) is from 1 to 64, e%.g%. 3x3, got '9x9'\n", r.stderr)
    assert.is_nil(r.stderr:find("traceback", 1, true))
  end)
end)

describe("--box RxC on the commands that read puzzles", function()
  it("count reads lines with the shape asked for; without it they are other puzzles", function()
    local input = temp_file(lines(P32, P32))
    assert.are.equal(lines("1", "1"), sudoku({ "count", "--box", "3x2", "--limit", "2", input }).stdout)
    assert.are.equal(lines("2", "2"), sudoku({ "count", "--limit", "2", input }).stdout)
  end)

  it("solve, validate, convert and render all take it", function()
    local input = temp_file(lines(P32))
    local solved = sudoku({ "solve", "--box", "3x2", input })
    assert.are.equal(lines(S32), solved.stdout)
    assert.are.equal(0, solved.status)
    -- With more than one solution, the 2x3 reading has no single answer to check: validate
    -- tells the two readings apart.
    assert.are.equal(lines("unique"), sudoku({ "validate", "--box", "3x2", input }).stdout)
    assert.are.equal(lines("multiple"), sudoku({ "validate", input }).stdout)
    -- A grid draws the shape: a rule line after every third row, a bar after every second cell.
    local grid = sudoku({ "convert", "--box", "3x2", "--to", "grid", input })
    assert.are.equal(lines(
      "6 . | . . | 4 .",
      ". . | . . | 3 .",
      ". 4 | 3 . | . 6",
      "----+-----+----",
      "5 . | . 4 | . .",
      ". . | 2 . | . 1",
      ". . | . . | . ."), grid.stdout)
    assert.are.equal('{"size":6,"box":[3,2],"givens":"' .. P32 .. '"}\n',
      sudoku({ "convert", "--box", "3x2", "--to", "json", input }).stdout)
    -- The picture's thick lines: the box borders inside (after rows 3 and columns 2 and 4)
    -- and none where 2x3 boxes would have them.
    local svg = sudoku({ "render", "--box", "3x2", "--cell", "10", input })
    assert.are.equal(0, svg.status, svg.stderr)
    local thick = svg.stdout:match('<g class="thick%-lines"[^>]*>(.-)</g>')
    local xs, ys = {}, {}
    for x1, y1, x2, y2 in thick:gmatch('x1="([%d.]+)" y1="([%d.]+)" x2="([%d.]+)" y2="([%d.]+)"') do
      if x1 == x2 then xs[#xs + 1] = tonumber(x1) end
      if y1 == y2 then ys[#ys + 1] = tonumber(y1) end
    end
    local margin = svg.stdout:match('<rect class="border" x="([%d.]+)"')
    margin = tonumber(margin)
    table.sort(xs)
    assert.are.same({ margin + 20, margin + 40 }, xs)
    assert.are.same({ margin + 30 }, ys)
  end)

  it("uses the batch solver (-j) for the squarest shape and never reads another size with it", function()
    -- 2x3 is the squarest 6x6 shape: these go to the batch solver; the 9x9 line does not fit
    -- a 6x6 board and is refused, not solved.
    local input = temp_file(lines(P23, P9, P23))
    local r = sudoku({ "solve", "--box", "2x3", "-j", "2", input })
    assert.are.equal(lines(S23, S23), r.stdout)
    assert.are.equal(input .. ":2: expected 36 cells for a 6x6 board of 2x3 boxes (--box), found 81\n",
      r.stderr)
    assert.are.equal(1, r.status)
    r = sudoku({ "count", "--box", "3x2", "-j", "2", "--limit", "2" }, lines(P32, P9, P32))
    assert.are.equal(lines("1", "1"), r.stdout)
    assert.are.equal("<stdin>:2: expected 36 cells for a 6x6 board of 3x2 boxes (--box), found 81\n",
      r.stderr)
  end)

  it("applies to formats that name no shape; a json record's own box wins", function()
    local json = '{"size":6,"box":[2,3],"givens":"' .. P23 .. '"}\n'
    assert.are.equal(lines("1"), sudoku({ "count", "--from", "json", "--box", "3x2" }, json).stdout)
    local r = sudoku({ "count", "--from", "json", "--box", "3x2" }, '{"size":9}\n')
    assert.are.equal("<stdin>:1: box [3, 2] (--box) does not make a board of size 9\n", r.stderr)
    assert.are.equal(1, r.status)
  end)

  it("rejects a malformed shape with exit 2", function()
    for _, args in ipairs({ { "count", "--box", "3by2" }, { "solve", "--box", "0x6" },
      { "render", "--box", "8x9" } }) do
      local r = sudoku(args, lines(P32))
      assert.are.equal(2, r.status, args[3])
      assert.matches("sudoku: %-%-box ", r.stderr)
    end
  end)
end)
