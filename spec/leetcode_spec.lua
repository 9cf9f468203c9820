local leetcode = require("sudoku").leetcode

-- The LeetCode board: a table of 9 rows, each a table of 9 one-character strings.
local function grid(rows)
  local out = {}
  for r, row in ipairs(rows) do
    out[r] = {}
    for c = 1, #row do out[r][c] = row:sub(c, c) end
  end
  return out
end

local function rows_of(board)
  local out = {}
  for r, row in ipairs(board) do out[r] = table.concat(row) end
  return out
end

local SAMPLE = {
  "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
  "7...2...6", ".6....28.", "...419..5", "....8..79",
}
local SOLUTION = {
  "534678912", "672195348", "198342567", "859761423", "426853791",
  "713924856", "961537284", "287419635", "345286179",
}

describe("sudoku.leetcode", function()
  describe("solveSudoku (LeetCode 37)", function()
    it("fills the sample board in place with its solution", function()
      local board = grid(SAMPLE)
      local first_row = board[1]
      assert.equal(board, leetcode.solveSudoku(board))
      assert.same(SOLUTION, rows_of(board))
      assert.equal(first_row, board[1])
    end)

    it("writes one-character strings", function()
      local board = grid(SAMPLE)
      leetcode.solveSudoku(board)
      assert.equal("4", board[1][3])
    end)

    it("leaves a solved board as it is", function()
      local board = grid(SOLUTION)
      leetcode.solveSudoku(board)
      assert.same(SOLUTION, rows_of(board))
    end)

    it("returns nil and a message for a board without a solution, leaving it unchanged", function()
      local rows = { "12345678.", "........9" }
      for r = 3, 9 do rows[r] = "........." end
      local board = grid(rows)
      assert.same({ nil, "no solution" }, { leetcode.solveSudoku(board) })
      assert.same(rows, rows_of(board))
    end)
  end)

  describe("isValidSudoku (LeetCode 36)", function()
    it("accepts the sample board", function()
      assert.is_true(leetcode.isValidSudoku(grid(SAMPLE)))
    end)

    it("rejects the sample board with its top-left 5 changed to 8", function()
      local rows = { "83..7...." }
      for r = 2, 9 do rows[r] = SAMPLE[r] end
      assert.is_false(leetcode.isValidSudoku(grid(rows)))
    end)

    it("rejects a repeat in a row, a column or a box", function()
      local empty = {}
      for r = 1, 9 do empty[r] = "........." end
      local function with(cells)
        local rows = {}
        for r = 1, 9 do rows[r] = empty[r] end
        for _, cell in ipairs(cells) do
          local r, c, d = cell[1], cell[2], cell[3]
          rows[r] = rows[r]:sub(1, c - 1) .. d .. rows[r]:sub(c + 1)
        end
        return grid(rows)
      end
      assert.is_false(leetcode.isValidSudoku(with({ { 4, 1, "7" }, { 4, 9, "7" } })))
      assert.is_false(leetcode.isValidSudoku(with({ { 1, 6, "2" }, { 9, 6, "2" } })))
      assert.is_false(leetcode.isValidSudoku(with({ { 7, 7, "3" }, { 9, 9, "3" } })))
      assert.is_true(leetcode.isValidSudoku(with({ { 1, 1, "3" }, { 9, 9, "3" } })))
    end)

    it("checks only the filled cells, so an unsolvable board without repeats is valid", function()
      local rows = { "12345678.", "........9" }
      for r = 3, 9 do rows[r] = "........." end
      assert.is_true(leetcode.isValidSudoku(grid(rows)))
    end)

    it("accepts an empty board and the solved sample", function()
      local rows = {}
      for r = 1, 9 do rows[r] = "........." end
      assert.is_true(leetcode.isValidSudoku(grid(rows)))
      assert.is_true(leetcode.isValidSudoku(grid(SOLUTION)))
    end)

    it("does not change the board", function()
      local board = grid(SAMPLE)
      leetcode.isValidSudoku(board)
      assert.same(SAMPLE, rows_of(board))
    end)
  end)

  describe("raises a clear error for a malformed board", function()
    local function fails(fn_name, board, message)
      assert.has_error(function() leetcode[fn_name](board) end, message)
    end

    it("when the board is not a table", function()
      fails("solveSudoku", "53..7....", "bad argument #1 to 'solveSudoku' (table expected, got string)")
      fails("isValidSudoku", nil, "bad argument #1 to 'isValidSudoku' (table expected, got nil)")
    end)

    it("when it does not have 9 rows", function()
      local board = grid(SAMPLE)
      board[9] = nil
      fails("solveSudoku", board, "solveSudoku: expected 9 rows, got 8")
    end)

    it("when a row is not a table of 9 cells", function()
      local board = grid(SAMPLE)
      board[3] = "53..7...."
      fails("isValidSudoku", board, "isValidSudoku: row 3 is a string, expected a table of 9 cells")
      board = grid(SAMPLE)
      board[4][10] = "1"
      fails("solveSudoku", board, "solveSudoku: row 4 has 10 cells, expected 9")
    end)

    it("when a cell is not '1'-'9' or '.', naming its row and column", function()
      local board = grid(SAMPLE)
      board[2][5] = "0"
      fails("solveSudoku", board, "solveSudoku: row 2, column 5: expected '1'-'9' or '.', got \"0\"")
      board[2][5] = 9
      fails("isValidSudoku", board, "isValidSudoku: row 2, column 5: expected '1'-'9' or '.', got 9")
      board[2][5] = "99"
      fails("isValidSudoku", board, "isValidSudoku: row 2, column 5: expected '1'-'9' or '.', got \"99\"")
    end)
  end)
end)
