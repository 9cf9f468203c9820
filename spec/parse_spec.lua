local sudoku = require "sudoku"
local symbols = require "sudoku.symbols"
local data = require "support.data"

local parse = sudoku.parse

-- The board's values row by row as symbols, read cell by cell (independent of sudoku.format).
local function cells(board)
  local n = board:size()
  local out = {}
  for r = 1, n do
    for c = 1, n do
      out[#out + 1] = symbols.symbol(board:get(r, c))
    end
  end
  return table.concat(out)
end

local function first_record(name)
  return data.shared_records(name)[1][1]
end

-- A solved grid for any box shape: rows inside a band shift by a box width, bands by one.
local function pattern(rows, cols)
  local n = rows * cols
  local board = sudoku.Board.new{ size = n, box = { rows, cols } }
  for r = 1, n do
    for c = 1, n do
      local shift = ((r - 1) % rows) * cols + math.floor((r - 1) / rows)
      board:set(r, c, (shift + c - 1) % n + 1)
    end
  end
  return board
end

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

local LEET_GRID = [[
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
]]

describe("sudoku.parse", function()
  describe("reads a 9x9 puzzle", function()
    it("from an 81-character line", function()
      local board = assert(parse(LEET))
      assert.equal(9, (board:size()))
      assert.equal(5, board:get(1, 1))
      assert.equal(0, board:get(1, 3))
      assert.equal(9, board:get(9, 9))
      assert.equal(LEET, cells(board))
    end)

    it("from an 81-character line in one C call, to the board the full reader makes", function()
      -- A line of 1-9 and blanks skips the layout pass (core.line_board); with a newline after
      -- it, the same text takes the full reader. Both give equal boards (values and boxes), for
      -- every blank symbol, and a line the shortcut refuses gets the full reader's message.
      for _, blank in ipairs { ".", "0", "_", "?", "*" } do
        local line = LEET:gsub("%.", blank)
        local quick, full = assert(parse(line)), assert(parse(line .. "\n"))
        assert.is_true(quick == full)
        assert.same({ full:size() }, { quick:size() })
      end
      assert.is_false(sudoku.core.line_board(LEET:sub(1, 80) .. "A"))
      local _, err = parse(LEET:sub(1, 80) .. "A")
      assert.equal(select(2, parse(LEET:sub(1, 80) .. "A\n")), err)
      assert.matches("line 1, column 81", err)
    end)

    it("with a trailing newline or CRLF line ends", function()
      assert.equal(LEET, cells(assert(parse(LEET .. "\n"))))
      assert.equal(LEET, cells(assert(parse(LEET .. "\r\n"))))
      local crlf = LEET_GRID:gsub("\n", "\r\n")
      assert.equal(LEET, cells(assert(parse(crlf))))
    end)

    it("from nine lines of nine characters", function()
      local rows = {}
      for i = 1, 81, 9 do rows[#rows + 1] = LEET:sub(i, i + 8) end
      assert.equal(LEET, cells(assert(parse(table.concat(rows, "\n")))))
    end)

    it("from a grid with spaces, tabs, '|' columns and '------+------' rules", function()
      assert.equal(LEET, cells(assert(parse(LEET_GRID))))
      assert.equal(LEET, cells(assert(parse((LEET_GRID:gsub(" ", "\t"))))))
    end)

    it("from a framed grid drawn with '+', '-' and '|'", function()
      local framed = [[
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
]]
      assert.equal(LEET, cells(assert(parse(framed))))
    end)

    it("from space-separated tokens with '?' blanks (the HDU 1426 layout)", function()
      local hdu = "7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n"
        .. "5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n"
        .. "8 5 9 ? 4 ? ? 2 3\n"
      assert.equal("712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23",
        cells(assert(parse(hdu))))
    end)

    it("with any of . 0 _ ? * as a blank", function()
      for blank in ("._0?*"):gmatch(".") do
        assert.equal(LEET, cells(assert(parse((LEET:gsub("%.", blank))))))
      end
    end)

    it("with a UTF-8 byte order mark in front", function()
      assert.equal(LEET, cells(assert(parse("\239\187\191" .. LEET))))
    end)

    it("without checking that the givens agree (is_valid reports conflicts)", function()
      local board = assert(parse("11" .. ("."):rep(79)))
      assert.is_false((board:is_valid()))
    end)
  end)

  describe("infers the size from the number of cells", function()
    it("reads N*N cells as an NxN board with the squarest boxes", function()
      local expected = { [1] = { 1, 1 }, [4] = { 2, 2 }, [6] = { 2, 3 }, [8] = { 2, 4 }, [9] = { 3, 3 },
        [12] = { 3, 4 }, [16] = { 4, 4 }, [25] = { 5, 5 }, [7] = { 1, 7 }, [36] = { 6, 6 }, [64] = { 8, 8 } }
      for n, box in pairs(expected) do
        local board = assert(parse(("."):rep(n * n)))
        local size, rows, cols = board:size()
        assert.same({ n, box[1], box[2] }, { size, rows, cols })
      end
    end)

    it("reads a 4x4 puzzle", function()
      local board = assert(parse("12..3..........."))
      assert.same({ 4, 2, 2 }, { board:size() })
      assert.equal("12..3...........", cells(board))
    end)

    it("reads a 6x6 puzzle with 2x3 boxes", function()
      local board = assert(parse(".5136...24....................2....4"))
      assert.same({ 6, 2, 3 }, { board:size() })
      assert.equal(".5136...24....................2....4", cells(board))
    end)

    it("reads a 12x12 board with 3x4 boxes", function()
      local line = pattern(3, 4):format("line")
      local board = assert(parse(line))
      assert.same({ 12, 3, 4 }, { board:size() })
      assert.equal(line, cells(board))
    end)

    it("reads a 16x16 puzzle written with 1-9 and A-G", function()
      local line = first_record("gecode_16x16.txt")
      local board = assert(parse(line))
      assert.same({ 16, 4, 4 }, { board:size() })
      assert.equal(line, cells(board))
    end)

    it("reads a 25x25 puzzle written with 1-9 and A-P", function()
      local line = first_record("gecode_25x25.txt")
      local board = assert(parse(line))
      assert.same({ 25, 5, 5 }, { board:size() })
      assert.equal(line, cells(board))
    end)

    it("reads lowercase letters as uppercase on a 16x16 board", function()
      local line = first_record("gecode_16x16.txt")
      assert.equal(line, cells(assert(parse(line:lower()))))
    end)

    it("reads a-z and ! % & as values 36..64 on a 64x64 board", function()
      local line = pattern(8, 8):format("line")
      assert.truthy(line:find("a", 1, true) and line:find("&", 1, true))
      assert.equal(line, cells(assert(parse(line))))
    end)
  end)

  describe("takes the box shape", function()
    it("from opts.box", function()
      local board = assert(parse(("."):rep(36), { box = { 3, 2 } }))
      assert.same({ 6, 3, 2 }, { board:size() })
    end)

    it("from opts.size, with the squarest boxes", function()
      local board = assert(parse(("."):rep(36), { size = 6 }))
      assert.same({ 6, 2, 3 }, { board:size() })
    end)

    it("from the '|' columns and rule lines of a grid", function()
      local grid = [[
. . | . . | . .
. . | . . | . .
. . | . . | . .
----+-----+----
. . | . . | . .
. . | . . | . .
. . | . . | . .
]]
      assert.same({ 6, 3, 2 }, { assert(parse(grid)):size() })
    end)

    it("from rule lines alone", function()
      local band = (". . . . . .\n"):rep(3)
      local grid = band .. "-----------\n" .. band
      assert.same({ 6, 3, 2 }, { assert(parse(grid)):size() })
    end)

    it("from '|' columns alone", function()
      local grid = (". . | . . | . .\n"):rep(6)
      assert.same({ 6, 3, 2 }, { assert(parse(grid)):size() })
    end)

    it("from opts.box even when the grid draws another shape", function()
      local board = assert(parse((". . | . . | . .\n"):rep(6), { box = { 2, 3 } }))
      assert.same({ 6, 2, 3 }, { board:size() })
    end)

    it("as the squarest shape when the separators do not fit the size", function()
      local grid = (". . . . | . .\n"):rep(6)
      assert.same({ 6, 2, 3 }, { assert(parse(grid)):size() })
    end)
  end)

  describe("reads whitespace-separated numbers on boards of 10 and more", function()
    local function numeric_text(board, blank, separators)
      local n, rows, cols = board:size()
      local lines = {}
      for r = 1, n do
        local parts = {}
        for c = 1, n do
          if separators and c > 1 and (c - 1) % cols == 0 then parts[#parts + 1] = "|" end
          local v = board:get(r, c)
          parts[#parts + 1] = v == 0 and blank or tostring(v)
        end
        if separators and r > 1 and (r - 1) % rows == 0 then lines[#lines + 1] = "---" end
        lines[#lines + 1] = table.concat(parts, " ")
      end
      return table.concat(lines, "\n")
    end

    it("with '.' or '0' blanks", function()
      local board = assert(parse(first_record("gecode_16x16.txt")))
      assert.equal(board, assert(parse(numeric_text(board, "."))))
      assert.equal(board, assert(parse(numeric_text(board, "0"))))
    end)

    it("with '|' and '---' separators, which give the box shape", function()
      local board = pattern(4, 3)
      board:set(1, 1, 0)
      local back = assert(parse(numeric_text(board, "?", true)))
      assert.equal(board, back)
      assert.same({ 12, 4, 3 }, { back:size() })
    end)

    it("only when some token has two digits, so a 9x9 grid in groups stays characters", function()
      local groups = {}
      for i = 1, 81, 3 do groups[#groups + 1] = LEET:sub(i, i + 2) end
      assert.equal(LEET, cells(assert(parse(table.concat(groups, " ")))))
    end)

    it("not for a small grid written in two-digit groups", function()
      assert.equal("1234341221434321", cells(assert(parse("12 34\n34 12\n21 43\n43 21\n"))))
    end)
  end)

  describe("reports a bad character with its line and column", function()
    it("for a character that is not a symbol", function()
      assert.same({ nil, "line 1, column 4: unexpected character '#'" }, { parse("53.#7....") })
    end)

    it("for a symbol too large for the board", function()
      local text = "53..7....\n6..1Z5...\n" .. (".........\n"):rep(7)
      assert.same({ nil, "line 2, column 5: unexpected character 'Z'" }, { parse(text) })
      assert.same({ nil, "line 1, column 1: unexpected character 'a'" }, { parse("a" .. LEET:sub(2)) })
      assert.same({ nil, "line 1, column 41: unexpected character 'Z'" },
        { parse(LEET:sub(1, 40) .. "Z" .. LEET:sub(42)) })
    end)

    it("counting columns in bytes from 1 on each line", function()
      local text = LEET_GRID:gsub("4 %. %. | 8", "4 . . | x", 1)
      assert.same({ nil, "line 6, column 9: unexpected character 'x'" }, { parse(text) })
    end)

    it("escaping NUL, control and non-ASCII bytes", function()
      assert.same({ nil, "line 1, column 3: unexpected character '\\0'" }, { parse("53\0" .. LEET:sub(4)) })
      assert.same({ nil, "line 1, column 2: unexpected character '\\x07'" }, { parse("5\a" .. LEET:sub(3)) })
      assert.same({ nil, "line 2, column 1: unexpected character '\\xC3'" }, { parse("53\n\195\169") })
      assert.same({ nil, "line 1, column 1: unexpected character '\\''" }, { parse("'") })
    end)

    it("for a bad number token, naming the first character that is not a digit", function()
      local text = "1x " .. ("10 "):rep(255)
      assert.same({ nil, "line 1, column 2: unexpected character 'x'" }, { parse(text) })
    end)

    it("for a number larger than the board", function()
      local text = "17 " .. ("10 "):rep(255)
      assert.same({ nil, "line 1, column 1: value '17' out of range 1..16" }, { parse(text) })
    end)
  end)

  describe("reports a wrong number of cells", function()
    it("when opts.size asks for another count", function()
      assert.same({ nil, "expected 81 cells for a 9x9 board (opts.size), found 80" },
        { parse(LEET:sub(2), { size = 9 }) })
      assert.same({ nil, "expected 81 cells for a 9x9 board (opts.size), found 82" },
        { parse(LEET .. "1", { size = 9 }) })
      assert.same({ nil, "expected 36 cells for a 6x6 board of 3x2 boxes (opts.box), found 81" },
        { parse(LEET, { box = { 3, 2 } }) })
    end)

    it("when the count is not the square of a size from 1 to 64", function()
      assert.same({ nil, "cannot infer a board size from 80 cells "
        .. "(N*N are needed: 64 for 8x8, 81 for 9x9)" }, { parse(LEET:sub(2)) })
      assert.same({ nil, "cannot infer a board size from 0 cells "
        .. "(a board holds N*N cells)" }, { parse("") })
      assert.same({ nil, "cannot infer a board size from 0 cells "
        .. "(a board holds N*N cells)" }, { parse(" \n|--+--|\n") })
      assert.same({ nil, "cannot infer a board size from 4225 cells "
        .. "(a board holds at most 4096)" }, { parse(("."):rep(65 * 65)) })
    end)
  end)

  describe("raises on programmer errors", function()
    it("when the text is not a string", function()
      assert.has_error(function() parse(nil) end, "bad argument #1 to 'parse' (string expected, got nil)")
    end)

    it("when opts asks for an impossible size or box", function()
      assert.has_error(function() parse(LEET, { size = 65 }) end,
        "bad argument #2 to 'parse' (size must be an integer 1..64)")
      assert.has_error(function() parse(LEET, { size = 9, box = { 2, 3 } }) end,
        "bad argument #2 to 'parse' (box 2x3 does not make a board of size 9)")
      assert.has_error(function() parse(LEET, { box = { 0, 3 } }) end,
        "bad argument #2 to 'parse' (box must be {rows, cols} with positive integers)")
      assert.has_error(function() parse(LEET, "9") end,
        "bad argument #2 to 'parse' (table expected, got string)")
    end)
  end)

  describe("round trips through sudoku.format", function()
    it("reads back the line and grid texts of every size from 1 to 64", function()
      for n = 1, 64 do
        local board = sudoku.Board.new{ size = n }
        for r = 1, n do
          for c = 1, n do
            if (r * 7 + c * 3) % 5 ~= 0 then board:set(r, c, (r * 5 + c) % n + 1) end
          end
        end
        assert.equal(board, assert(parse(board:format("line"))), "line, size " .. n)
        assert.equal(board, assert(parse(board:format("grid"))), "grid, size " .. n)
      end
    end)

    it("keeps every box shape of sizes 4, 6, 9, 12, 16 and 25 through the grid text", function()
      for _, n in ipairs({ 4, 6, 9, 12, 16, 25 }) do
        for rows = 1, n do
          if n % rows == 0 then
            local cols = math.floor(n / rows)
            local board = pattern(rows, cols)
            local back = assert(parse(tostring(board)))
            assert.equal(board, back, ("%dx%d boxes"):format(rows, cols))
            assert.same({ board:size() }, { back:size() })
          end
        end
      end
    end)

    it("reads back the dataset puzzles unchanged", function()
      for _, name in ipairs({ "gecode_9x9_solved.txt", "gecode_16x16.txt", "gecode_25x25.txt" }) do
        for _, record in ipairs(data.shared_records(name)) do
          local board = assert(parse(record[1]))
          assert.equal(record[1], board:format("line"))
          assert.equal(board, assert(parse(board:format("grid"))))
        end
      end
    end)
  end)
end)
