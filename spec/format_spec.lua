local sudoku = require "sudoku"
local format = require "sudoku.format"

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

local function board_of(spec, values)
  local board = sudoku.Board.new(spec)
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      local ch = values:sub((r - 1) * n + c, (r - 1) * n + c)
      if ch ~= "." then board:set(r, c, sudoku.symbols.value(ch, n)) end
    end
  end
  return board
end

describe("sudoku.format", function()
  describe("line", function()
    it("writes the N*N symbols row by row with '.' for a blank", function()
      assert.equal(LEET, format.line(board_of({ size = 9 }, LEET)))
    end)

    it("writes letters for values above 9", function()
      local board = sudoku.Board.new{ size = 16 }
      board:set(1, 1, 10)
      board:set(16, 16, 16)
      assert.equal("A" .. ("."):rep(254) .. "G", format.line(board))
    end)

    it("is what board:format() gives by default", function()
      local board = board_of({ size = 9 }, LEET)
      assert.equal(LEET, board:format())
      assert.equal(LEET, board:format("line"))
    end)
  end)

  describe("grid", function()
    it("draws a 9x9 board with '|' between boxes and rules between bands", function()
      assert.equal(table.concat({
        "5 3 . | . 7 . | . . .",
        "6 . . | 1 9 5 | . . .",
        ". 9 8 | . . . | . 6 .",
        "------+-------+------",
        "8 . . | . 6 . | . . 3",
        "4 . . | 8 . 3 | . . 1",
        "7 . . | . 2 . | . . 6",
        "------+-------+------",
        ". 6 . | . . . | 2 8 .",
        ". . . | 4 1 9 | . . 5",
        ". . . | . 8 . | . 7 9",
      }, "\n"), format.grid(board_of({ size = 9 }, LEET)))
    end)

    it("draws the box shape of the board: 2x3 and 3x2 boxes differ", function()
      local values = "123456456123231564564231312645645312"
      assert.equal(table.concat({
        "1 2 3 | 4 5 6",
        "4 5 6 | 1 2 3",
        "------+------",
        "2 3 1 | 5 6 4",
        "5 6 4 | 2 3 1",
        "------+------",
        "3 1 2 | 6 4 5",
        "6 4 5 | 3 1 2",
      }, "\n"), format.grid(board_of({ box = { 2, 3 } }, values)))
      assert.equal(table.concat({
        "1 2 | 3 4 | 5 6",
        "4 5 | 6 1 | 2 3",
        "2 3 | 1 5 | 6 4",
        "----+-----+----",
        "5 6 | 4 2 | 3 1",
        "3 1 | 2 6 | 4 5",
        "6 4 | 5 3 | 1 2",
      }, "\n"), format.grid(board_of({ box = { 3, 2 } }, values)))
    end)

    it("leaves out the rules of a prime size, whose boxes are whole rows", function()
      assert.equal(table.concat({
        "1 2 3 4 5",
        "2 3 4 5 1",
        "3 4 5 1 2",
        "4 5 1 2 3",
        "5 1 2 3 4",
      }, "\n"), format.grid(board_of({ size = 5 }, "1234523451345124512351234")))
    end)

    it("draws 1xN boxes on a size that has squarer ones, so the shape reads back", function()
      local board = sudoku.Board.new{ box = { 1, 4 } }
      assert.equal(". . . .\n-------\n. . . .\n-------\n. . . .\n-------\n. . . .", format.grid(board))
      assert.same({ 4, 1, 4 }, { sudoku.parse(format.grid(board)):size() })
    end)

    it("draws a jigsaw board without separators", function()
      local board = sudoku.Board.new{ size = 4 }
      board:set_regions({
        { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } },
        { { 1, 4 }, { 2, 2 }, { 2, 3 }, { 2, 4 } },
        { { 3, 1 }, { 4, 1 }, { 4, 2 }, { 4, 3 } },
        { { 3, 2 }, { 3, 3 }, { 3, 4 }, { 4, 4 } },
      })
      board:set(1, 1, 3)
      assert.equal("3 . . .\n. . . .\n. . . .\n. . . .", format.grid(board))
    end)

    it("writes one character per cell on the largest boards, so columns stay aligned", function()
      local board = sudoku.Board.new{ size = 64 }
      board:set(1, 1, 36)
      board:set(1, 2, 64)
      local first = format.grid(board):match("^[^\n]*")
      assert.equal("a & . . . . . . | ", first:sub(1, 18))
      assert.equal(64 * 2 - 1 + 7 * 2, #first)
    end)

    it("is what tostring(board) and board:format('grid') give", function()
      local board = board_of({ size = 9 }, LEET)
      assert.equal(format.grid(board), tostring(board))
      assert.equal(format.grid(board), board:format("grid"))
    end)
  end)

  describe("write", function()
    it("picks a writer by name", function()
      local board = board_of({ size = 9 }, LEET)
      assert.equal(LEET, format.write(board, "line"))
      assert.equal(format.grid(board), format.write(board, "grid"))
    end)

    it("raises for an unknown name, listing the formats there are", function()
      assert.has_error(function() format.write(sudoku.Board.new{ size = 4 }, "sdx") end,
        "bad argument #2 to 'write' (unknown format 'sdx' (expected one of 'line', 'grid', "
        .. "'hdu', 'leetcode', 'sdk', 'sdm', 'ss', 'pencil', 'hodoku', 'json', 'fpuzzles', "
        .. "'fpuzzles_json', 'svg'))")
    end)

    it("makes board:format raise for an unknown name", function()
      assert.has_error(function() sudoku.Board.new{ size = 4 }:format("sdx") end,
        "bad argument #1 to 'format' (unknown format 'sdx' (expected one of 'line', 'grid', "
        .. "'hdu', 'leetcode', 'sdk', 'sdm', 'ss', 'pencil', 'hodoku', 'json', 'fpuzzles', "
        .. "'fpuzzles_json', 'svg'))")
    end)
  end)
end)
