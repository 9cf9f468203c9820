local sudoku = require "sudoku"
local format = require "sudoku.format"
local pencil = require "sudoku.format.pencil"
local record = require "sudoku.format.record"

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

-- The pencil marks of LEET as its units leave them, one row of nine cells a line.
local LEET_MARKS = table.concat({
  "....5......3......12.4......2...6.........7...2.4.6.8.1..4...8912.4....9.2.4...8.",
  ".....6....2.4..7...2.4..7..1................9....5......34..78..234......2.4..78.",
  "12...............9.......8..23........34......2.4.....1.345.7.......6....2.4..7..",
  ".......8.12..5....12..5...9....5.7.9.....6...1..4..7.....45.7.9.2.45...9..3......",
  "...4......2..5.....2..56..9.......8.....5......3..........5.7.9.2..5...91........",
  "......7..1...5....1.3.5...9....5...9.2.......1..4........45..89...45...9.....6...",
  "1.3.....9.....6...1.345.7.9..3.5.7....3.5..........7...2..............8....4.....",
  ".23.......2....78..23...7.....4.....1................9..3..6.....3..........5....",
  "123......12.45....12345.....23.56..........8..2...6...1.34.6.........7..........9",
})

local function read_all(text, opts)
  local out = {}
  for rec, err, where in format.records(text, "pencil", opts) do
    out[#out + 1] = rec or { err = err, where = where }
  end
  return out
end

-- Every empty cell of `board` has at least two candidates, so that its pencil marks read back
-- as marks and not as a placed value.
local function no_singles(board)
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) == 0 and #board:candidates(r, c) < 2 then return false end
    end
  end
  return true
end

-- The two records show the same position: same board, and the same marks in every empty cell.
local function assert_same_position(expected, got)
  assert.is_true(expected.board == got.board)
  local n = expected.board:size()
  for r = 1, n do
    for c = 1, n do
      assert.same(record.candidates(expected, r, c), record.candidates(got, r, c))
    end
  end
end

local function board_of(spec, values)
  local board = sudoku.Board.new(spec)
  local n = board:size()
  for i = 1, #values do
    local v = sudoku.symbols.value(values:sub(i, i), n)
    if v ~= 0 then board:set(math.floor((i - 1) / n) + 1, (i - 1) % n + 1, v) end
  end
  return board
end

-- A sparse 16x16: value k on the diagonal cell (k, k) for k = 1..8.
local function sparse16()
  local board = sudoku.Board.new{ size = 16 }
  for k = 1, 8 do board:set(k, k, k) end
  return board
end

describe("sudoku.format.pencil", function()
  it("has the format module's fields", function()
    assert.equal("pencil", pencil.name)
    assert.equal("\n", pencil.separator)
    assert.is_string(pencil.summary)
    assert.equal(pencil, format.get("pencil"))
  end)

  describe("reading", function()
    it("reads a real position: single marks are placed values, the rest candidates", function()
      local rec = assert(format.read(LEET_MARKS, "pencil"))
      local board = rec.board
      assert.equal(9, (board:size()))
      -- The givens, plus the cells whose units leave them one value (r5c5 = 5, ...).
      assert.equal(5, board:get(1, 1))
      assert.equal(5, board:get(5, 5))
      assert.equal(0, board:get(1, 3))
      assert.same({ 1, 2, 4 }, rec.candidates[record.index(9, 1, 3)])
      assert.same({ 2, 6 }, rec.candidates[record.index(9, 1, 4)])
      assert.is_nil(rec.candidates[record.index(9, 1, 1)])
      assert.is_nil(rec.givens)
      for i = 1, #LEET do
        if LEET:sub(i, i) ~= "." then
          local r, c = math.floor((i - 1) / 9) + 1, (i - 1) % 9 + 1
          assert.equal(tonumber(LEET:sub(i, i)), board:get(r, c))
        end
      end
    end)

    it("keeps recorded marks even where the units would allow more", function()
      -- r1c3 of LEET with 1 and 4 only: the reader keeps what the line says.
      local text = LEET_MARKS:sub(1, 18) .. "1..4....." .. LEET_MARKS:sub(28)
      local rec = assert(format.read(text, "pencil"))
      assert.same({ 1, 4 }, rec.candidates[3])
      assert.same({ 1, 4 }, record.candidates(rec, 1, 3))
    end)

    it("takes '0' as a blank, and spaces around the line", function()
      local line = "  " .. LEET_MARKS:gsub("%.", "0") .. " "
      local rec = assert(format.read(line, "pencil"))
      assert.equal(LEET_MARKS, format.write(rec, "pencil"))
    end)

    it("gets the size from the length, and the box shape from opts", function()
      local board = sudoku.Board.new{ box = { 3, 2 } }
      local text = pencil.write(record.of(board), {})
      assert.equal(216, #text)
      local rec = assert(format.read(text, "pencil", { box = { 3, 2 } }))
      assert.same({ 6, 3, 2 }, { rec.board:size() })
      rec = assert(format.read(text, "pencil"))
      assert.same({ 6, 2, 3 }, { rec.board:size() })
    end)

    it("skips blank and '#' lines and counts records and lines in the whole input", function()
      local four = pencil.write(record.of(sudoku.Board.new{ size = 4 }), {})
      local recs = read_all("# marks\n\n" .. four .. "\n" .. four .. "\n")
      assert.equal(2, #recs)
      assert.same({ 3, 1 }, { recs[1].line, recs[1].index })
      assert.same({ 4, 2 }, { recs[2].line, recs[2].index })
    end)
  end)

  describe("writing", function()
    it("writes N marks per cell: a filled cell its value, an empty one its candidates", function()
      assert.equal(LEET_MARKS, format.write(board_of({ size = 9 }, LEET), "pencil"))
    end)

    it("writes recorded candidates rather than the units' ones, with opts.blank", function()
      local board = sudoku.Board.new{ size = 4 }
      board:set(1, 1, 1)
      local rec = record.new(board, { candidates = { [2] = { 2, 4 } } })
      local text = format.write(rec, "pencil", { blank = "0" })
      assert.equal("1000" .. "0204" .. "0234" .. "0234" .. "0234", text:sub(1, 20))
      assert.equal(64, #text)
    end)
  end)

  describe("round trips", function()
    local cases = {
      { "4x4", function() return board_of({ size = 4 }, "1..." .. ".3.." .. "...." .. "....") end },
      { "9x9", function()
        return board_of({ size = 9 }, "1........" .. "....5...." .. "........9" .. ("."):rep(54))
      end },
      { "16x16", sparse16 },
    }
    for _, case in ipairs(cases) do
      local name, make = case[1], case[2]

      it("keeps a " .. name .. " position with the units' candidates", function()
        local board = make()
        assert.is_true(no_singles(board))
        local rec = record.of(board)
        local back = assert(format.read(format.write(rec, "pencil"), "pencil"))
        assert_same_position(rec, back)
      end)

      it("keeps a " .. name .. " position with recorded candidates", function()
        local board = make()
        local n = board:size()
        local candidates = {}
        -- Every other empty cell keeps only its two smallest candidates.
        for i = 1, n * n, 2 do
          local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
          local marks = board:candidates(r, c)
          if board:get(r, c) == 0 then candidates[i] = { marks[1], marks[2] } end
        end
        local rec = record.new(board, { candidates = candidates })
        local text = format.write(rec, "pencil")
        assert.equal(n * n * n, #text)
        local back = assert(format.read(text, "pencil"))
        assert_same_position(rec, back)
        assert.equal(text, format.write(back, "pencil"))
      end)
    end

    it("places a value where an empty cell had one candidate", function()
      local rec = assert(format.read(format.write(board_of({ size = 9 }, LEET), "pencil"), "pencil"))
      assert.equal(5, rec.board:get(5, 5))
      assert.is_true(rec.board:filled() > 30)
    end)
  end)

  describe("errors", function()
    local EMPTY4 = ("1234"):rep(16)

    local function first_error(text, opts)
      local recs = read_all(text, opts)
      return recs[1].err, recs[1].where
    end

    it("names a length that is no cube", function()
      assert.equal("record 1, line 1: 728 characters, expected N*N*N for an NxN board, such as 729",
        (first_error(LEET_MARKS:sub(2))))
    end)

    it("names a length that does not fit opts.size", function()
      assert.equal("record 1, line 1: 729 characters, expected 64 for size 4",
        (first_error(LEET_MARKS, { size = 4 })))
    end)

    it("names a cell without any mark", function()
      local text = EMPTY4:sub(1, 4) .. "...." .. EMPTY4:sub(9)
      local err, where = first_error(text)
      assert.equal("record 1, line 1, column 5: cell r1c2 has no candidate", err)
      assert.same({ kind = "record", record = 1, line = 1, column = 5,
        reason = "cell r1c2 has no candidate" }, where)
    end)

    it("names a mark out of its place, with the character", function()
      local text = EMPTY4:sub(1, 40) .. "1.5." .. EMPTY4:sub(45)
      local bad4 = "13.." .. EMPTY4:sub(5)
      assert.equal("record 1, line 1, column 2: '3' at position 2 of cell r1c1 (expected '2' or a blank)",
        (first_error(bad4)))
      -- '5' is no symbol of a 4x4 board.
      assert.equal("record 1, line 1, column 43: unexpected character '5'", (first_error(text)))
      local nine = LEET_MARKS:sub(1, 2) .. "5" .. LEET_MARKS:sub(4)
      assert.equal("record 1, line 1, column 3: '5' at position 3 of cell r1c1 (expected '3' or a blank)",
        (first_error(nine)))
    end)

    it("names an unexpected character", function()
      assert.equal("record 1, line 1, column 4: unexpected character 'x'",
        (first_error("  1x34" .. EMPTY4:sub(5))))
    end)

    it("goes on with the next record after a failure", function()
      local recs = read_all(EMPTY4 .. "\n" .. EMPTY4:sub(2) .. "\n\n" .. EMPTY4 .. "\n")
      assert.equal(3, #recs)
      assert.is_true(record.is_record(recs[1]))
      assert.equal("record 2, line 2: 63 characters, expected N*N*N for an NxN board, such as 729",
        recs[2].err)
      assert.same({ kind = "record", record = 2, line = 2,
        reason = "63 characters, expected N*N*N for an NxN board, such as 729" }, recs[2].where)
      assert.same({ 4, 3 }, { recs[3].line, recs[3].index })
    end)
  end)
end)
