local sudoku = require "sudoku"

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local LEET_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

describe("the sudoku module", function()
  it("is a table with the documented parts and its version, as LuaRocks writes one (the "
    .. "rockspec's: spec/rockspec_spec.lua)", function()
    assert.matches("^[%w.]+%-%d+$", sudoku.VERSION)
    for _, name in ipairs({ "parse", "solve" }) do
      assert.is_function(sudoku[name])
    end
    for _, name in ipairs({ "Board", "Solver", "leetcode", "symbols", "format", "core" }) do
      assert.is_table(sudoku[name])
    end
    assert.equal(require "sudoku.core", sudoku.core)
  end)

  it("defines no globals when its modules load", function()
    local before = {}
    for k in pairs(_G) do before[k] = true end
    for _, name in ipairs({ "sudoku", "sudoku.symbols", "sudoku.shape", "sudoku.format", "sudoku.board",
                            "sudoku.format.parse", "sudoku.leetcode" }) do
      local saved = package.loaded[name]
      package.loaded[name] = nil
      require(name)
      package.loaded[name] = saved
    end
    for k in pairs(_G) do
      assert.is_true(before[k], "new global " .. tostring(k))
    end
  end)

  describe("Board.new", function()
    it("makes an empty board of the given size with the squarest boxes", function()
      local cases = { { 9, 3, 3 }, { 6, 2, 3 }, { 8, 2, 4 }, { 12, 3, 4 }, { 7, 1, 7 }, { 1, 1, 1 } }
      for _, case in ipairs(cases) do
        local board = sudoku.Board.new{ size = case[1] }
        assert.same(case, { board:size() })
        assert.equal(0, board:filled())
      end
    end)

    it("takes the box shape from box, inferring the size", function()
      assert.same({ 6, 3, 2 }, { sudoku.Board.new{ box = { 3, 2 } }:size() })
      assert.same({ 6, 3, 2 }, { sudoku.Board.new{ size = 6, box = { 3, 2 } }:size() })
    end)

    it("makes the same board as sudoku.core.new_board", function()
      assert.equal(sudoku.core.new_board(2, 4), sudoku.Board.new{ size = 8 })
    end)

    it("raises on a size outside 1..64 or a box that does not fit", function()
      assert.has_error(function() sudoku.Board.new{ size = 0 } end,
        "bad argument #1 to 'new' (size must be an integer 1..64)")
      assert.has_error(function() sudoku.Board.new{ size = 65 } end,
        "bad argument #1 to 'new' (size must be an integer 1..64)")
      assert.has_error(function() sudoku.Board.new{ size = 9, box = { 2, 4 } } end,
        "bad argument #1 to 'new' (box 2x4 does not make a board of size 9)")
      assert.has_error(function() sudoku.Board.new{ box = { 9, 9 } } end,
        "bad argument #1 to 'new' (box 9x9 makes a board larger than 64)")
      assert.has_error(function() sudoku.Board.new{} end, "bad argument #1 to 'new' (size or box expected)")
      assert.has_error(function() sudoku.Board.new(9) end,
        "bad argument #1 to 'new' (table expected, got number)")
    end)
  end)

  describe("board:solutions()", function()
    it("yields each solution as a new board and leaves the board unchanged", function()
      local board = assert(sudoku.parse(LEET))
      local found = {}
      for solution in board:solutions() do
        found[#found + 1] = solution
      end
      assert.equal(1, #found)
      assert.equal(LEET_SOLVED, found[1]:format())
      assert.equal(LEET, board:format())
    end)

    it("yields every solution of a puzzle with several, all different", function()
      local board = assert(sudoku.parse("1...............", { size = 4 }))
      local seen, count = {}, 0
      for solution in board:solutions() do
        assert.is_true(solution:is_solved())
        assert.equal(1, solution:get(1, 1))
        local line = solution:format()
        assert.is_nil(seen[line])
        seen[line], count = true, count + 1
      end
      assert.equal(board:count(), count)
      assert.equal(72, count)
    end)

    it("yields nothing for a puzzle without a solution", function()
      local board = assert(sudoku.parse("11" .. ("."):rep(14)))
      assert.is_nil(board:solutions()())
    end)

    it("passes its options to the solver, so a constraint narrows the solutions", function()
      local board = sudoku.Board.new{ size = 4 }
      local function corner_is_four(_, r, c, v)
        return not (r == 1 and c == 1) or v == 4
      end
      local count = 0
      for solution in board:solutions({ constraint = corner_is_four }) do
        assert.equal(4, solution:get(1, 1))
        count = count + 1
      end
      assert.equal(72, count)
    end)
  end)

  describe("sudoku.solve", function()
    it("returns the first solution in line format", function()
      assert.equal(LEET_SOLVED, sudoku.solve(LEET))
    end)

    it("returns nil and the parser's message for bad text", function()
      assert.same({ nil, "cannot infer a board size from 80 cells "
        .. "(N*N are needed: 64 for 8x8, 81 for 9x9)" }, { sudoku.solve(LEET:sub(2)) })
    end)

    it("returns nil and 'no solution' for an unsolvable puzzle", function()
      assert.same({ nil, "no solution" }, { sudoku.solve("11" .. LEET:sub(3)) })
    end)

    it("gives the same answer with options, in grid form, or with other blank symbols", function()
      assert.equal(LEET_SOLVED, sudoku.solve(LEET, { size = 9 }))
      assert.equal(LEET_SOLVED, sudoku.solve((LEET:gsub("%.", "0")), nil))
      assert.equal(LEET_SOLVED, sudoku.solve((LEET:gsub("(.........)", "%1\n"))))
    end)

    it("reads a line with a letter through the parser, which names the character", function()
      assert.same({ nil, "line 1, column 2: unexpected character 'x'" },
        { sudoku.solve(LEET:sub(1, 1) .. "x" .. LEET:sub(3)) })
    end)

    it("gives a puzzle with several solutions one of them, always the same, as Board:solve", function()
      local puzzle = "." .. LEET_SOLVED:sub(2, 9) .. ("."):rep(72)
      local answer = sudoku.solve(puzzle)
      local solved = assert(sudoku.parse(answer))
      assert.is_true(solved:is_solved())
      assert.equal(LEET_SOLVED:sub(2, 9), answer:sub(2, 9))
      assert.equal(answer, sudoku.solve(puzzle))
      local board = assert(sudoku.parse(puzzle))
      assert.is_true(board:solve())
      assert.equal(answer, board:format("line"))
    end)
  end)

  describe("sudoku.count", function()
    it("counts the solutions up to a limit, or all of them", function()
      assert.equal(1, sudoku.count(LEET))
      assert.equal(2, sudoku.count(("."):rep(81), 2))
      assert.equal(0, sudoku.count("11" .. LEET:sub(3)))
    end)

    it("counts other sizes through the parser, and returns nil and why for bad text", function()
      assert.equal(288, sudoku.count(("."):rep(16)))
      assert.same({ nil, "cannot infer a board size from 80 cells "
        .. "(N*N are needed: 64 for 8x8, 81 for 9x9)" }, { sudoku.count(LEET:sub(2)) })
    end)

    it("raises on a limit below 1", function()
      assert.has_error(function() sudoku.count(LEET, 0) end,
        "bad argument #2 to 'count' (limit must be an integer of at least 1)")
    end)
  end)

  describe("Solver.new", function()
    it("makes a solver over the live board", function()
      local board = assert(sudoku.parse(LEET))
      local solver = sudoku.Solver.new(board)
      assert.equal("ready", solver:status())
      assert.equal("solved", solver:step())
      assert.equal(LEET_SOLVED, board:format())
      assert.equal(board, solver:board())
    end)
  end)
end)
