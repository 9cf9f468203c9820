-- sudoku.format.fpuzzles: f-puzzles links, load texts and JSON read into records whose boards
-- carry every rule, each f-puzzles rule mapped to the schema's, what f-puzzles has and the
-- schema lacks refused by name, and records written back as links f-puzzles opens.
local dkjson = require "dkjson"
local format = require "sudoku.format"
local lzstring = require "sudoku.format.lzstring"
local fpuzzles = require "sudoku.format.fpuzzles"
local data = require "support.data"

local FIXTURES = data.fixtures .. "fpuzzles/"

-- An f-puzzles object of size n with an empty grid, `fields` added.
local function object_of(n, fields)
  local grid = {}
  for r = 1, n do
    grid[r] = {}
    for c = 1, n do grid[r][c] = setmetatable({}, { __jsontype = "object" }) end
  end
  local obj = { size = n, grid = grid }
  for k, v in pairs(fields or {}) do obj[k] = v end
  return obj
end

local function text_of(obj) return dkjson.encode(obj) end

local function link_of(obj)
  return "https://www.f-puzzles.com/?load=" .. lzstring.compress_base64(text_of(obj))
end

-- The record of an f-puzzles object, read from its link.
local function read(obj)
  return format.read(link_of(obj), "fpuzzles")
end

local function constraints(obj)
  return assert(read(obj)).constraints or {}
end

describe("sudoku.format.fpuzzles", function()
  describe("reads", function()
    it("a link, its load text alone, percent-escaped or with '+' as a space, and the JSON", function()
      local obj = object_of(4)
      obj.grid[1][1] = { value = 1, given = true }
      obj.grid[2][2] = { value = 3 }
      local link = link_of(obj)
      local load = link:match("load=(.*)$")
      for _, text in ipairs{ link, load, load:gsub("%+", "%%2B"):gsub("/", "%%2F"),
          load:gsub("%+", " "), text_of(obj), link .. "&other=1" } do
        local rec = assert(format.read(text, "fpuzzles"))
        assert.equal("1....3..........", rec.board:symbols())
        assert.is_true(rec.givens[1])
        assert.is_nil(rec.givens[6])
      end
    end)

    it("the formats detected from the text, and f-puzzles JSON through the json format too", function()
      local obj = object_of(4)
      assert.equal("fpuzzles", format.detect(link_of(obj)))
      assert.equal("fpuzzles", format.detect(link_of(obj):match("load=(.*)$")))
      assert.equal("json", format.detect(text_of(obj)))
      assert.equal(16, #assert(format.read(text_of(obj), "json")).board:symbols())
    end)

    it("each f-puzzles rule as the schema's", function()
      local c = constraints(object_of(9, {
        killercage = { { cells = { "R1C1", "R1C2" }, value = "3" }, { cells = { "R2C1" } } },
        littlekillersum = { { cell = "R0C1", direction = "DR", value = "45" },
          { cell = "R10C5", direction = "UR", value = "" } },
        sandwichsum = { { cell = "R0C3", value = "10" }, { cell = "R4C0", value = "0" } },
        thermometer = { { lines = { { "R5C5", "R5C6" }, { "R5C5", "R6C5", "R7C5" } } } },
        arrow = { { cells = { "R9C9" }, lines = { { "R9C9", "R9C8" }, { "R9C9", "R8C9", "R7C9" } } } },
        difference = { { cells = { "R3C3", "R3C4" } }, { cells = { "R4C4", "R5C4" }, value = "1" } },
        ratio = { { cells = { "R6C6", "R6C7" }, value = "2" } },
        xv = { { cells = { "R7C1", "R7C2" }, value = "X" } },
        odd = { { cell = "R8C1" } }, even = { { cell = "R8C2" } },
        palindrome = { { lines = { { "R1C9", "R2C9" } } } },
        whispers = { { lines = { { "R3C8", "R4C8" } } } },
        renban = { { lines = { { "R6C1", "R6C2", "R6C3" } } } },
        ["diagonal-"] = true, ["diagonal+"] = true, antiknight = true, antiking = true,
      }))
      assert.same({ { sum = 3, cells = { { 1, 1 }, { 1, 2 } } }, { cells = { { 2, 1 } } } }, c.cages)
      assert.same({ { sum = 45, clue = { 0, 1 }, direction = "DR" } }, c.little_killers)
      assert.same({ { column = 3, sum = 10 }, { row = 4, sum = 0 } }, c.sandwiches)
      assert.same({ { { 5, 5 }, { 5, 6 } }, { { 5, 5 }, { 6, 5 }, { 7, 5 } } }, c.thermos)
      assert.same({ { circle = { 9, 9 }, lines = { { { 9, 8 } } } },
        { circle = { 9, 9 }, lines = { { { 8, 9 }, { 7, 9 } } } } }, c.arrows)
      assert.same({ { { 3, 3 }, { 3, 4 } }, { { 4, 4 }, { 5, 4 } } }, c.kropki_white)
      assert.same({ { { 6, 6 }, { 6, 7 } } }, c.kropki_black)
      assert.same({ { type = "X", cells = { { 7, 1 }, { 7, 2 } } } }, c.xv)
      assert.same({ { 8, 1 } }, c.odd)
      assert.same({ { 8, 2 } }, c.even)
      assert.same({ { { 1, 9 }, { 2, 9 } } }, c.palindromes)
      assert.same({ { { 3, 8 }, { 4, 8 } } }, c.whispers)
      assert.same({ { { 6, 1 }, { 6, 2 }, { 6, 3 } } }, c.renbans)
      assert.same({ "main", "anti" }, c.diagonals)
      assert.is_true(c.antiknight and c.antiking)
    end)

    it("non-consecutive as the negative of the white dots, and the negative list", function()
      local c = constraints(object_of(9, { nonconsecutive = true, negative = { "ratio", "xv" } }))
      assert.same({ consecutive_negative = true, ratio_negative = true, xv_negative = true }, c)
    end)

    it("jigsaw regions from the grid's cells, and regions that are boxes of one shape as boxes",
      function()
        local jigsaw = object_of(4)
        -- Two L shapes on top (no box shape makes them), two boxes below.
        local layout = { { 0, 0, 0, 1 }, { 0, 1, 1, 1 }, { 2, 2, 3, 3 }, { 2, 2, 3, 3 } }
        for r = 1, 4 do
          for col = 1, 4 do jigsaw.grid[r][col] = { region = layout[r][col] } end
        end
        local rec = assert(read(jigsaw))
        assert.is_nil((select(2, rec.board:size())))
        assert.same({ { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } }, rec.board:jigsaw()[1])
        local tall = object_of(6)
        for r = 1, 6 do
          for col = 1, 6 do
            tall.grid[r][col] = { region = math.floor((r - 1) / 3) * 3 + math.floor((col - 1) / 2) }
          end
        end
        assert.same({ 6, 3, 2 }, { assert(read(tall)).board:size() })
      end)

    it("odd and even from the cells' parity, extra regions and disjoint groups", function()
      local obj = object_of(9, { extraregion = { { cells = { "R1C1", "R5C5" } } }, disjointgroups = true })
      obj.grid[1][1] = { parity = "Odd" }
      obj.grid[9][9] = { parity = "Even" }
      local rec = assert(read(obj))
      assert.same({ { 1, 1 } }, rec.constraints.odd)
      assert.same({ { 9, 9 } }, rec.constraints.even)
      local regions = rec.board:regions()
      assert.equal(10, #regions)
      assert.same({ { 1, 1 }, { 5, 5 } }, regions[1])
      -- The first disjoint group: the top-left cell of every box.
      assert.same({ { 1, 1 }, { 1, 4 }, { 1, 7 }, { 4, 1 }, { 4, 4 }, { 4, 7 }, { 7, 1 }, { 7, 4 },
        { 7, 7 } }, regions[2])
    end)

    it("the title, author, rules text and solution into the metadata", function()
      local solution = {}
      for i = 1, 16 do solution[i] = ({ 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1 })[i] end
      local rec = assert(read(object_of(4, { title = "Tiny", author = "Me", ruleset = "Normal.",
        solution = solution })))
      assert.same({ name = "Tiny", author = "Me", ruleset = "Normal.", solution = "1234341221434321" },
        rec.meta)
    end)

    it("a board that solves under every rule it read", function()
      -- Cages sum 3 in row 1 and a V pair in row 4: one of the 4x4 grids fits.
      local rec = assert(read(object_of(4, {
        killercage = { { cells = { "R1C1", "R1C2" }, value = "3" } },
        xv = { { cells = { "R4C3", "R4C4" }, value = "V" } },
        thermometer = { { lines = { { "R2C1", "R3C1" } } } },
      })))
      local solved = rec.board:copy()
      assert.is_true(solved:solve())
      assert.equal(3, solved:get(1, 1) + solved:get(1, 2))
      assert.equal(5, solved:get(4, 3) + solved:get(4, 4))
      assert.is_true(solved:get(2, 1) < solved:get(3, 1))
    end)
  end)

  describe("refuses, naming it", function()
    local cases = {
      { "a rule the schema lacks", { clone = { { cells = { "R1C1" }, cloneCells = { "R2C2" } } } },
        "f-puzzles rule 'clone' (clone cells) is not supported" },
      { "two of them", { minimum = { { cell = "R1C1" } }, maximum = { { cell = "R2C2" } } },
        "f-puzzles rules 'maximum' (maximum cells), 'minimum' (minimum cells) are not supported" },
      { "a key f-puzzles does not have", { spiral = true }, "unknown f-puzzles key 'spiral'" },
      { "a difference dot of 3", { difference = { { cells = { "R1C1", "R1C2" }, value = "3" } } },
        "difference[1]: a difference dot of 3 is not supported (only 1)" },
      { "an arrow with a two-cell circle",
        { arrow = { { cells = { "R1C1", "R1C2" }, lines = { { "R1C2", "R1C3" } } } } },
        "arrow[1]: an arrow whose circle is 2 cells (a number read across cells) is not supported" },
      { "a cell off the grid", { killercage = { { cells = { "R10C1" }, value = "5" } } },
        "killercage[1].cells[1]: R10C1 is off the 9x9 grid" },
      { "a sum that is no number", { killercage = { { cells = { "R1C1" }, value = "x" } } },
        "killercage[1].value: expected a whole number, got \"x\"" },
      { "a negative of another kind", { negative = { "sum" } },
        "negative[1]: the negative of \"sum\" is not supported" },
      { "a rule the schema refuses", { killercage = { { cells = { "R1C1", "R1C2" }, value = "30" } } },
        "cages[1].sum: 30 is impossible for 2 different values of 1..9 (3 to 17)" },
    }
    for _, case in ipairs(cases) do
      it(case[1], function()
        local rec, err = read(object_of(9, case[2]))
        assert.is_nil(rec)
        assert.equal("record 1, line 1: " .. case[3], err)
      end)
    end

    it("text that is no link, load text or JSON", function()
      local rec, err = format.read("https://www.f-puzzles.com/?load=N4Ig!!", "fpuzzles")
      assert.is_nil(rec)
      assert.matches("^record 1, line 1: not an f%-puzzles link or load text: lzstring: ", err)
    end)

    it("while reading on after the record", function()
      local good = link_of(object_of(4))
      local steps = {}
      for rec, err in format.records(good .. "\nN4IgBAD\n" .. good .. "\n", "fpuzzles") do
        steps[#steps + 1] = rec and "record" or err
      end
      assert.equal(3, #steps)
      assert.equal("record", steps[1])
      assert.matches("^record 2, line 2: ", steps[2])
      assert.equal("record", steps[3])
    end)
  end)

  describe("writes", function()
    it("a link for a record whose name has bytes that are no UTF-8, each as U+FFFD", function()
      -- A json record may carry any bytes in its name; an f-puzzles link holds UTF-16 text.
      local rec = assert(format.read('{"size":9,"name":"bad \130\130 name","givens":"'
        .. string.rep(".", 81) .. '"}', "json"))
      local link = assert(format.write(rec, "fpuzzles"))
      local back = assert(format.read(link, "fpuzzles"))
      assert.equal("bad \239\191\189\239\191\189 name", back.meta.name)
    end)

    it("a link that reads back to the same board, rules and constraints", function()
      local obj = object_of(9, {
        killercage = { { cells = { "R1C1", "R1C2" }, value = "3" } },
        littlekillersum = { { cell = "R0C1", direction = "DR", value = "45" } },
        sandwichsum = { { cell = "R0C3", value = "10" } },
        thermometer = { { lines = { { "R5C5", "R5C6" } } } },
        arrow = { { cells = { "R9C9" }, lines = { { "R9C9", "R9C8" } } } },
        difference = { { cells = { "R3C3", "R3C4" } } }, ratio = { { cells = { "R6C6", "R6C7" } } },
        xv = { { cells = { "R7C1", "R7C2" }, value = "X" } }, odd = { { cell = "R8C1" } },
        palindrome = { { lines = { { "R1C9", "R2C9" } } } },
        whispers = { { lines = { { "R3C8", "R4C8" } } } },
        renban = { { lines = { { "R6C1", "R6C2" } } } }, ["diagonal+"] = true, antiknight = true,
        nonconsecutive = true, negative = { "ratio" }, extraregion = { { cells = { "R1C5", "R2C5" } } },
        title = "All", author = "Us",
      })
      obj.grid[1][4] = { value = 7, given = true }
      obj.grid[2][4] = { value = 8 }
      local rec = assert(read(obj))
      local link = assert(format.write(rec, "fpuzzles"))
      assert.matches("^https://www%.f%-puzzles%.com/%?load=N4Ig", link)
      local back = assert(format.read(link, "fpuzzles"))
      assert.is_true(rec.board == back.board)
      assert.same(rec.constraints, back.constraints)
      assert.same(rec.givens, back.givens)
      assert.same(rec.meta, back.meta)
      assert.equal(link, format.write(back, "fpuzzles"))
      local json = assert(format.write(rec, "fpuzzles", { json = true }))
      assert.equal(json, lzstring.decompress_base64(link:match("load=(.*)$")))
      assert.matches('^{"size":9,"grid":%[%[{},{},{},{"given":true,"value":7}', json)
    end)

    it("kropki_negative as f-puzzles' two negatives, and boxes of another shape as regions", function()
      local rec = assert(format.read('{"size":6,"box":[3,2],"kropki_white":[[[1,1],[1,2]]],'
        .. '"kropki_negative":true}', "json"))
      local back = assert(format.read(assert(format.write(rec, "fpuzzles")), "fpuzzles"))
      assert.same({ 6, 3, 2 }, { back.board:size() })
      assert.same({ consecutive_negative = true, ratio_negative = true,
        kropki_white = { { { 1, 1 }, { 1, 2 } } } }, back.constraints)
      -- The same rules, in another order.
      assert.equal(#rec.board:rules(), #back.board:rules())
      assert.equal(rec.board:count(3), back.board:count(3))
    end)

    it("nothing for a rule f-puzzles cannot hold, saying which", function()
      local rec = assert(format.read('{"size":4,"rules":[{"kind":"less","cells":[[1,1],[1,2]]}]}', "json"))
      assert.same({ nil, "cannot write as f-puzzles: the board's rule 'less' has no f-puzzles counterpart" },
        { format.write(rec, "fpuzzles") })
    end)

    -- A record of the shared files written as a link and read back: the same board, up to the
    -- order of its rules.
    local function same_back(rec, back)
      assert.equal(rec.board:symbols(), back.board:symbols())
      -- A jigsaw whose regions are boxes reads back as boxes: f-puzzles tells them apart no
      -- more than the solutions do.
      if back.board:jigsaw() or not rec.board:jigsaw() then
        assert.same(rec.board:jigsaw(), back.board:jigsaw())
      else
        assert.equal(rec.board:count(3), back.board:count(3), rec.meta.id)
      end
      assert.equal(#rec.board:regions(), #back.board:regions())
      assert.equal(#rec.board:rules(), #back.board:rules(), rec.meta.id)
    end

    -- Every `step`-th record of each shared variants file written as a link and read back;
    -- the counts of what was written, refused (non-consecutive beside dots, which f-puzzles
    -- cannot say) and counted both ways.
    local function write_back(step)
      local files = { "antiking", "antiknight", "consecutive", "jigsaw", "killer", "kropki", "mixed",
        "nonconsecutive", "oddeven", "thermo", "windoku", "x", "xv" }
      local written, refused, counted = 0, 0, 0
      for _, name in ipairs(files) do
        local k = 0
        for rec in format.open(data.shared .. "variants/" .. name .. ".jsonl", "json") do
          k = k + 1
          if k % step == 1 % step then
            local link, why = format.write(rec, "fpuzzles")
            if link then
              local back = assert(format.read(link, "fpuzzles"))
              same_back(rec, back)
              -- The rules may come in another order (negatives): every 3rd small board is
              -- counted both ways.
              if rec.board:size() <= 6 and written % 3 == 0 then
                assert.equal(rec.board:count(3), back.board:count(3), rec.meta.id)
                counted = counted + 1
              end
              written = written + 1
            else
              assert.matches("^cannot write as f%-puzzles: nonconsecutive: ", why)
              refused = refused + 1
            end
          end
        end
      end
      return written, refused, counted
    end

    it("every 8th record of the shared variants files", function()
      local written, refused = write_back(8)
      assert.is_true(written > 200 and refused <= 2)
    end)

    it("every record of the shared variants files but non-consecutive beside dots #slow", function()
      local written, refused, counted = write_back(1)
      assert.is_true(written > 1700 and counted > 50)
      assert.is_true(refused <= 5)
    end)
  end)

  it("keeps its load text helper to the load= value", function()
    assert.equal("N4Ig", fpuzzles.load_text("https://www.f-puzzles.com/?load=N4Ig&x=1"))
    assert.equal("N4Ig", fpuzzles.load_text("N4Ig"))
  end)

  -- The real puzzles of spec/fixtures/fpuzzles (README.md there gives their sources).
  describe("real f-puzzles puzzles", function()
    local list = dofile(FIXTURES .. "expected.lua")

    local function read_fixture(case)
      local f = assert(io.open(FIXTURES .. case.file, "rb"))
      local text = f:read("*a")
      f:close()
      return format.read(text, case.format or "fpuzzles")
    end

    it("are at least ten that solve, and two that are refused", function()
      local solved, refused = 0, 0
      for _, case in ipairs(list) do
        if case.refused then refused = refused + 1 elseif not case.unsolved then solved = solved + 1 end
      end
      assert.is_true(solved >= 10 and refused == 2)
    end)

    for _, case in ipairs(list) do
      if case.refused then
        it(case.file .. " is refused, naming the rule", function()
          assert.same({ nil, "record 1, line 1: " .. case.refused }, { read_fixture(case) })
        end)
      else
        it(case.file .. " reads to a board its stated solution solves", function()
          local rec = assert(read_fixture(case))
          local board = rec.board:copy()
          assert.is_true(board:fill(case.solution))
          assert.is_true(board:is_solved())
          local back = assert(format.read(assert(format.write(rec, "fpuzzles")), "fpuzzles"))
          assert.is_true(back.board == rec.board)
        end)
        if not case.unsolved then
          it(case.file .. " solves to that solution, and no other" .. (case.tag or ""), function()
            local rec = assert(read_fixture(case))
            local board = rec.board:copy()
            assert.is_true(board:solve())
            assert.equal(case.solution, board:symbols())
            assert.equal(1, rec.board:count(2))
          end)
        end
      end
    end
  end)
end)
