-- Boards: geometry for every box shape, cells, candidates, validation, regions.
local sudoku = require "sudoku"
local Board = sudoku.Board

local LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local LEETCODE_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

local function cells_of(board)
  local n = board:size()
  local out = {}
  for r = 1, n do
    for c = 1, n do out[#out + 1] = board:get(r, c) end
  end
  return out
end

describe("Board.new", function()
  it("makes an empty 9x9 board with 3x3 boxes by default shape", function()
    local b = Board.new{size = 9}
    assert.same({9, 3, 3}, {b:size()})
    assert.equal(0, b:filled())
    assert.same({1, 2, 3, 4, 5, 6, 7, 8, 9}, b:candidates(5, 5))
  end)

  it("picks the squarest box: rows are the largest divisor at most sqrt(N)", function()
    assert.same({6, 2, 3}, {Board.new{size = 6}:size()})
    assert.same({8, 2, 4}, {Board.new{size = 8}:size()})
    assert.same({12, 3, 4}, {Board.new{size = 12}:size()})
    assert.same({16, 4, 4}, {Board.new{size = 16}:size()})
    assert.same({25, 5, 5}, {Board.new{size = 25}:size()})
    assert.same({7, 1, 7}, {Board.new{size = 7}:size()})
    assert.same({64, 8, 8}, {Board.new{size = 64}:size()})
    assert.same({1, 1, 1}, {Board.new{size = 1}:size()})
  end)

  it("takes an explicit box shape as rows x columns", function()
    assert.same({6, 3, 2}, {Board.new{size = 6, box = {3, 2}}:size()})
    assert.same({6, 2, 3}, {Board.new{box = {2, 3}}:size()})
  end)

  it("lays boxes out row-major with the given shape", function()
    -- In a 2x3-box 6x6 board, cell (1,1) shares a box with (2,3) but not with (3,1).
    local b = Board.new{size = 6, box = {2, 3}}
    b:set(1, 1, 4)
    assert.is_nil(((function()
      for _, v in ipairs(b:candidates(2, 3)) do if v == 4 then return true end end
    end)()))
    assert.same({1, 2, 3, 5, 6}, b:candidates(2, 3))
    assert.same({1, 2, 3, 5, 6}, b:candidates(3, 1))   -- same column
    assert.same({1, 2, 3, 4, 5, 6}, b:candidates(3, 2))
  end)

  it("rejects sizes and shapes that do not make a board", function()
    assert.has_error(function() Board.new{size = 0} end)
    assert.has_error(function() Board.new{size = 65} end)
    assert.has_error(function() Board.new{size = 6, box = {2, 2}} end)
    assert.has_error(function() sudoku.core.new_board(9, 9) end,
      "bad box shape 9x9: a side of 81 is more than 64 values")
  end)
end)

describe("Board cells", function()
  local b
  before_each(function() b = sudoku.parse(LEETCODE) end)

  it("gets and sets values, 0 clearing a cell", function()
    assert.equal(5, b:get(1, 1))
    assert.equal(0, b:get(1, 3))
    b:set(1, 3, 4)
    assert.equal(4, b:get(1, 3))
    assert.equal(31, b:filled())
    b:set(1, 3, 0)
    assert.equal(0, b:get(1, 3))
    assert.equal(30, b:filled())
  end)

  it("lists the candidates of an empty cell and none for a filled one", function()
    assert.same({1, 2, 4}, b:candidates(1, 3))
    assert.same({}, b:candidates(1, 1))
  end)

  it("names the bad argument and the range when a row, column or value is off", function()
    assert.has_error(function() b:get(10, 1) end, "bad argument #1 to 'get' (row out of range 1..9)")
    assert.has_error(function() b:get(1, 0) end, "bad argument #2 to 'get' (column out of range 1..9)")
    assert.has_error(function() b:set(1, 1, 10) end, "bad argument #3 to 'set' (value out of range 0..9)")
    assert.has_error(function() b:set(1, 1, 1.5) end)
    assert.has_error(function() b:get("x", 1) end)
  end)

  it("copies independently and compares by shape and values", function()
    local c = b:copy()
    assert.is_true(c == b)
    c:set(1, 3, 4)
    assert.is_false(c == b)
    assert.equal(0, b:get(1, 3))
    assert.is_false(Board.new{size = 6, box = {2, 3}} == Board.new{size = 6, box = {3, 2}})
  end)
end)

describe("Board cells in one call", function()
  it("symbols() writes every cell as its symbol, with the blank asked for", function()
    local board = assert(sudoku.parse(LEETCODE))
    assert.are.equal(LEETCODE, board:symbols())
    assert.are.equal((LEETCODE:gsub("%.", "0")), board:symbols("0"))
    local big = Board.new{ size = 16 }
    big:set(1, 1, 16)
    big:set(16, 16, 10)
    assert.are.equal("G" .. ("."):rep(254) .. "A", big:symbols())
    assert.has_error(function() board:symbols("..") end,
      "bad argument #1 to 'symbols' (blank must be one character)")
  end)

  it("symbols() raises for a blank that is a symbol of the board's size (another puzzle)", function()
    local board = assert(sudoku.parse(LEETCODE))
    assert.has_error(function() board:symbols("4") end,
      "bad argument #1 to 'symbols' (blank '4' is the symbol of value 4 on a 9x9 board)")
    -- Lowercase letters read as their uppercase symbol up to 35x35, so they are taken too.
    local big = Board.new{ size = 16 }
    assert.has_error(function() big:symbols("a") end,
      "bad argument #1 to 'symbols' (blank 'a' is the symbol of value 10 on a 16x16 board)")
    assert.has_error(function() big:symbols("G") end,
      "bad argument #1 to 'symbols' (blank 'G' is the symbol of value 16 on a 16x16 board)")
    -- A character that is no symbol of this size stays a blank: what fill() would not misread.
    assert.are.equal((LEETCODE:gsub("%.", "A")), board:symbols("A"))
    assert.are.equal(("H"):rep(256), big:symbols("H"))
    assert.are.equal((LEETCODE:gsub("%.", " ")), board:symbols(" "))
  end)

  it("format() raises for such a blank in every writer that takes one", function()
    local board = assert(sudoku.parse(LEETCODE))
    for _, name in ipairs({ "line", "grid", "ss", "hdu" }) do
      assert.has_error(function() board:format(name, { blank = "4" }) end,
        "bad argument #1 to 'symbols' (blank '4' is the symbol of value 4 on a 9x9 board)", name)
    end
    -- In pencil marks the blank stands for a value that is no candidate: '4' would read as one.
    assert.has_error(function() board:format("pencil", { blank = "4" }) end,
      "bad argument #3 to 'write' (opts.blank '4' is the symbol of value 4 on a 9x9 board)")
    assert.are.equal((LEETCODE:gsub("%.", "0")), board:format("line", { blank = "0" }))
    assert.are.equal((board:format("pencil"):gsub("%.", "0")), board:format("pencil", { blank = "0" }))
  end)

  it("fill() sets every cell from N*N symbols, blanks clearing, lowercase folded below 36", function()
    local board = assert(sudoku.parse(LEETCODE_SOLUTION))
    assert.is_true(board:fill(LEETCODE:gsub("%.", "0")))
    assert.are.equal(LEETCODE, board:symbols())
    local big = Board.new{ size = 16 }
    assert.is_true(big:fill("g" .. ("_"):rep(254) .. "a"))
    assert.are.same({ 16, 10 }, { big:get(1, 1), big:get(16, 16) })
  end)

  it("fill() leaves the board as it was when the text does not fit", function()
    local board = assert(sudoku.parse(LEETCODE))
    assert.are.same({ nil, "expected 81 cells, found 80" }, { board:fill(LEETCODE:sub(2)) })
    assert.are.same({ nil, "column 5: unexpected character 'A'" },
      { board:fill(LEETCODE:sub(1, 4) .. "A" .. LEETCODE:sub(6)) })
    assert.are.equal(LEETCODE, board:symbols())
  end)

  it("fill() refuses while a solver is running on the board", function()
    local board = assert(sudoku.parse(LEETCODE))
    local solver = sudoku.Solver.new(board, { on_place = function()
      assert.has_error(function() board:fill(LEETCODE) end)
      return false
    end })
    solver:step()
  end)
end)

describe("Board validation", function()
  it("accepts a board with no repeated value in any unit", function()
    local ok, conflicts = sudoku.parse(LEETCODE):is_valid()
    assert.is_true(ok)
    assert.same({}, conflicts)
  end)

  it("reports every conflicting pair once, in row-major order", function()
    local b = sudoku.parse(LEETCODE)
    b:set(1, 1, 8)   -- the LeetCode 36 example: 8 repeats in column 1 and in the first box
    local ok, conflicts = b:is_valid()
    assert.is_false(ok)
    assert.same({
      { {1, 1}, {3, 3}, value = 8 },
      { {1, 1}, {4, 1}, value = 8 },
    }, conflicts)
  end)

  it("reports a pair sharing a row and a box once", function()
    local b = Board.new{size = 4}
    b:set(1, 1, 2)
    b:set(1, 2, 2)
    local ok, conflicts = b:is_valid()
    assert.is_false(ok)
    assert.same({ { {1, 1}, {1, 2}, value = 2 } }, conflicts)
  end)

  it("keeps candidates exact when one of two duplicates is removed", function()
    local b = Board.new{size = 4}
    b:set(1, 1, 2)
    b:set(1, 3, 2)
    b:set(1, 3, 0)
    assert.same({1, 3, 4}, b:candidates(1, 4))
    assert.is_true((b:is_valid()))
  end)

  it("knows a solved board from a full but wrong one", function()
    local b = sudoku.parse(LEETCODE_SOLUTION)
    assert.is_true(b:is_solved())
    b:set(1, 1, 6)
    assert.is_false(b:is_solved())
    assert.is_false(sudoku.parse(LEETCODE):is_solved())
  end)
end)

describe("Board regions", function()
  it("adds extra all-different regions such as the diagonals of an X sudoku", function()
    local b = Board.new{size = 9}
    local main = {}
    for i = 1, 9 do main[i] = {i, i} end
    assert.equal(1, b:add_region(main))
    b:set(1, 1, 7)
    assert.same({1, 2, 3, 4, 5, 6, 8, 9}, b:candidates(9, 9))
    assert.same({1, 2, 3, 4, 5, 6, 7, 8, 9}, b:candidates(9, 8))
    assert.same({main}, b:regions())
    b:set(9, 9, 7)
    assert.same({ { {1, 1}, {9, 9}, value = 7 } }, select(2, b:is_valid()))
  end)

  it("accepts regions smaller than the side (disjoint groups need not be complete)", function()
    local b = Board.new{size = 9}
    b:add_region{{1, 1}, {5, 5}}
    b:set(1, 1, 3)
    assert.same({1, 2, 4, 5, 6, 7, 8, 9}, b:candidates(5, 5))
  end)

  it("rejects malformed regions with a message naming the cell", function()
    local b = Board.new{size = 4}
    assert.has_error(function() b:add_region{} end,
      "bad argument #1 to 'add_region' (a region has 1..4 cells, got 0)")
    assert.has_error(function() b:add_region{{1, 1}, {1, 1}} end,
      "bad argument #1 to 'add_region' (cell 2 repeats (1, 1))")
    assert.has_error(function() b:add_region{{1, 1}, {5, 1}} end,
      "bad argument #1 to 'add_region' (cell 2: cell (5, 1) is off the 4x4 board)")
    assert.has_error(function() b:add_region{{1, 1}, "x"} end,
      "bad argument #1 to 'add_region' (cell 2 is not a {row, column} pair)")
  end)

  it("try_add_region and try_set_regions return the same faults as data, for lists from files",
    function()
    local b = Board.new{size = 4}
    assert.same({ kind = "bad_region", reason = "cell 2 repeats (1, 1)" },
      select(2, b:try_add_region{{1, 1}, {1, 1}}))
    assert.same({ kind = "bad_region", reason = "cell 2: cell (5, 1) is off the 4x4 board" },
      select(2, b:try_add_region{{1, 1}, {5, 1}}))
    assert.same({ kind = "bad_region", reason = "a list of cells, got string" },
      select(2, b:try_add_region("r1c1")))
    assert.same({ kind = "bad_region", reason = "region 1 has 1 cells, expected 4" },
      select(2, b:try_set_regions{{{1, 1}}, {}, {}, {}}))
    assert.same({ kind = "bad_region", reason = "expected 4 regions, got 3" },
      select(2, b:try_set_regions{{}, {}, {}}))
    assert.equal(288, b:count())                       -- nothing was added
    assert.equal(1, b:try_add_region{{1, 1}, {2, 2}, {3, 3}, {4, 4}})
    assert.is_true(b:try_set_regions{
      {{1, 1}, {1, 2}, {1, 3}, {2, 1}}, {{1, 4}, {2, 2}, {2, 3}, {2, 4}},
      {{3, 1}, {3, 2}, {4, 1}, {4, 2}}, {{3, 3}, {3, 4}, {4, 3}, {4, 4}},
    })
    assert.is_table(b:jigsaw())
  end)

  it("replaces the boxes by jigsaw regions", function()
    -- janko.at Sudoku/Chaos 001 (Otto Janko), from ../shared/data/variants/jigsaw.jsonl
    local b = sudoku.parse("..43...1.2......")
    b:set_regions{
      {{1, 1}, {1, 2}, {1, 3}, {2, 1}}, {{1, 4}, {2, 2}, {2, 3}, {2, 4}},
      {{3, 1}, {3, 2}, {4, 1}, {4, 2}}, {{3, 3}, {3, 4}, {4, 3}, {4, 4}},
    }
    assert.same({4}, {b:size()})
    assert.same({1, 2}, b:candidates(1, 1))       -- 3 and 4 are in its row and region
    assert.equal(1, b:count())
    assert.is_true(b:solve())
    assert.equal("2143342112344312", b:format("line"))
  end)

  it("rejects jigsaw layouts that do not partition the grid", function()
    local b = Board.new{size = 4}
    assert.has_error(function() b:set_regions{{}, {}, {}} end,
      "bad argument #1 to 'set_regions' (expected 4 regions, got 3)")
    assert.has_error(function()
      b:set_regions{
        {{1, 1}, {1, 2}, {2, 1}, {2, 2}}, {{1, 1}, {1, 4}, {2, 3}, {2, 4}},
        {{3, 1}, {3, 2}, {4, 1}, {4, 2}}, {{3, 3}, {3, 4}, {4, 3}, {4, 4}},
      }
    end, "bad argument #1 to 'set_regions' (cell (1, 1) is in regions 1 and 2)")
    assert.has_error(function() b:set_regions{{{1, 1}}, {}, {}, {}} end,
      "bad argument #1 to 'set_regions' (region 1 has 1 cells, expected 4)")
  end)
end)

describe("Board jigsaw layout", function()
  it("jigsaw() is nil for boxes and gives back the regions set_regions put in", function()
    local board = Board.new{ size = 4 }
    assert.is_nil(board:jigsaw())
    local rows = {}
    for r = 1, 4 do rows[r] = { { r, 1 }, { r, 2 }, { r, 3 }, { r, 4 } } end
    -- Regions are the rows shifted by one, so that they are no boxes.
    local regions = {
      { { 1, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 } }, { { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 } },
      { { 3, 1 }, { 3, 2 }, { 4, 1 }, { 4, 2 } }, { { 3, 3 }, { 3, 4 }, { 4, 3 }, { 4, 4 } },
    }
    board:set_regions(rows)
    assert.are.same(rows, board:jigsaw())
    board:set_regions(regions)
    assert.are.same(regions, board:jigsaw())
    assert.are.same(regions, board:copy():jigsaw())
  end)
end)

describe("Board solving", function()
  it("solves LeetCode 37's example in place", function()
    local b = sudoku.parse(LEETCODE)
    assert.is_true(b:solve())
    assert.equal(LEETCODE_SOLUTION, b:format("line"))
  end)

  it("returns false and leaves the board alone when there is no solution", function()
    local b = sudoku.parse(LEETCODE)
    b:set(1, 3, 5)   -- a second 5 in row 1
    local before = cells_of(b)
    assert.is_false(b:solve())
    assert.same(before, cells_of(b))
  end)

  it("counts solutions up to a limit without changing the board", function()
    local b = Board.new{size = 4}
    assert.equal(288, b:count())
    assert.equal(10, b:count(10))
    assert.equal(0, b:filled())
    assert.equal(1, sudoku.parse(LEETCODE):count(2))
    assert.has_error(function() b:count(0) end, "bad argument #1 to 'count' (limit must be at least 1)")
  end)

  it("iterates over every solution as separate boards", function()
    local b = Board.new{size = 4}
    b:set(1, 1, 1); b:set(1, 2, 2); b:set(2, 1, 3)
    local seen = {}
    for s in b:solutions() do
      assert.is_true(s:is_solved())
      seen[#seen + 1] = s:format("line")
    end
    assert.equal(b:count(), #seen)
    assert.equal(3, b:filled())
  end)

  it("solves every box shape, large and small", function()
    for _, shape in ipairs{{1, 1}, {1, 4}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 4}, {5, 5}} do
      local b = Board.new{box = shape}
      assert.is_true(b:solve(), "shape " .. shape[1] .. "x" .. shape[2])
      assert.is_true(b:is_solved())
    end
  end)
end)

describe("the squarest box", function()
  local core = require "sudoku.core"
  local shape = require "sudoku.shape"

  it("is one rule for C and Lua: the largest divisor of n up to sqrt(n) gives the rows", function()
    assert.are.equal(core.squarest, shape.squarest)
    local expected = { [1] = { 1, 1 }, [4] = { 2, 2 }, [6] = { 2, 3 }, [7] = { 1, 7 },
      [8] = { 2, 4 }, [9] = { 3, 3 }, [12] = { 3, 4 }, [16] = { 4, 4 }, [25] = { 5, 5 },
      [60] = { 6, 10 }, [64] = { 8, 8 } }
    for n, box in pairs(expected) do
      assert.are.same(box, { shape.squarest(n) })
    end
  end)

  it("is asked only for sizes a board can have", function()
    assert.has_error(function() shape.squarest(65) end,
      "bad argument #1 to 'squarest' (size out of range 1..64)")
    assert.has_error(function() shape.squarest(0) end,
      "bad argument #1 to 'squarest' (size out of range 1..64)")
  end)
end)
