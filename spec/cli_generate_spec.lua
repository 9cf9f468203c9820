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

describe("sudoku generate --variant", function()
  local cmd3 = require "support.command"
  local lib = require "sudoku"
  local format = require "sudoku.format"

  local data2 = require "support.data"
  package.path = data2.root .. "?.lua;" .. package.path
  local bench = require "bench.gen_variant"

  -- Solutions of a record read back, counted up to 2 by the independent count of
  -- spec/gen_variant_spec.lua (bench/gen_variant.lua), from the record in the schema's words.
  local function independent(rec, name)
    local board = rec.board
    local n, rows, cols = board:size()
    local record = { size = n, box = rows and { rows, cols } or nil, givens = board:symbols() }
    local regions = board:jigsaw() or {}
    -- X's diagonals are regions of the board and constraints.diagonals both.
    if not (rec.constraints and rec.constraints.diagonals) then
      for _, region in ipairs(board:regions()) do regions[#regions + 1] = region end
    end
    record.regions = #regions > 0 and regions or nil
    for k, v in pairs(rec.constraints or {}) do record[k] = v end
    return (bench.recount(lib, { variant = name, record = record }))
  end

  -- The records of json text, read back with their rules.
  local function records_of(text)
    local out = {}
    for rec, err in format.records(text, "json") do
      assert(rec, err)
      out[#out + 1] = rec
    end
    return out
  end

  it("writes killers as json records that keep their cages, the same for the same --seed", function()
    local r = cmd3.run({ "generate", "--variant", "killer", "--size", "6", "-n", "2", "--seed", "5" })
    assert.are.equal(0, r.status)
    assert.are.equal("", r.stderr)
    local recs = records_of(r.stdout)
    assert.are.equal(2, #recs)
    for _, rec in ipairs(recs) do
      assert.are.equal(0, rec.board:filled())
      assert.is_true(#rec.constraints.cages > 0)
      assert.are.equal(#rec.constraints.cages, #rec.board:rules())
      assert.are.equal(1, independent(rec, "killer"))
    end
    assert.are.equal(r.stdout, cmd3.run({ "generate", "--variant", "killer", "--size", "6", "-n",
      "2", "--seed", "5" }).stdout)
  end)

  it("makes every variant, 9x9 by default, with its rules or regions in the record", function()
    for _, name in ipairs{ "thermo", "kropki", "xv", "arrow", "x", "windoku", "jigsaw" } do
      local r = cmd3.run({ "generate", "--variant", name, "--seed", "2" })
      assert.are.equal(0, r.status, name)
      local rec = records_of(r.stdout)[1]
      assert.are.equal(9, rec.board:size())
      assert.is_true(#rec.board:rules() + #rec.board:regions() > 0 or rec.board:jigsaw() ~= nil, name)
      assert.are.equal(1, independent(rec, name), name)
    end
  end)

  it("takes the removal options and --solution", function()
    local r = cmd3.run({ "generate", "--variant", "thermo", "--size", "6", "--seed", "1",
      "--symmetry", "rotational", "--solution" })
    assert.are.equal(0, r.status)
    local rec = records_of(r.stdout)[1]
    assert.are.equal(1, independent(rec, "thermo"))
    local solution = assert(lib.parse(rec.comment))
    for i = 1, 6 do
      for j = 1, 6 do
        local v = rec.board:get(i, j)
        assert.is_true(v == 0 or v == solution:get(i, j))
        assert.are.equal(v == 0, rec.board:get(7 - i, 7 - j) == 0)
      end
    end
  end)

  it("refuses formats that would drop the rules, sizes and options the variant does not take",
    function()
    local r = cmd3.run({ "generate", "--variant", "killer", "--to", "line" })
    assert.are.equal(2, r.status)
    assert.matches("sudoku: --to line cannot keep the rules of --variant killer: use --to json",
      r.stderr, 1, true)
    r = cmd3.run({ "generate", "--variant", "windoku", "--size", "6" })
    assert.are.equal(2, r.status)
    assert.matches("sudoku: --variant 'windoku' needs a size of 9, got 6", r.stderr, 1, true)
    r = cmd3.run({ "generate", "--variant", "killer", "--level", "hard" })
    assert.are.equal(2, r.status)
    assert.matches("--level cannot go with --variant", r.stderr, 1, true)
    r = cmd3.run({ "generate", "--variant", "windoku", "--to", "fpuzzles", "--seed", "1" })
    assert.are.equal(0, r.status)
    assert.matches("^https://www%.f%-puzzles%.com/%?load=", r.stdout)
    r = cmd3.run({ "generate", "--variant", "spiral" })
    assert.are.equal(2, r.status)
    assert.matches("'killer', 'thermo'", r.stderr, 1, true)
    assert.are.equal("", r.stdout)
  end)

  it("reports a variant puzzle that ran out of time, and exits 1", function()
    local r = cmd3.run({ "generate", "--variant", "killer", "--timeout", "0.000001", "--seed", "1" })
    assert.are.equal(1, r.status)
    assert.are.equal("sudoku: puzzle 1: gave up after 1e-06 s\n", r.stderr)
  end)
end)
