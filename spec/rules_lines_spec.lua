-- Native line rules (thermo, renban, palindrome): what each means, what it refuses, what its
-- propagation leaves at the root, how a board judges placed values, agreement with a Lua
-- predicate on random boards, and the thermometer puzzles of ../shared/data/variants.
local sudoku = require "sudoku"
local random_rules = require "support.random_rules"
local rule_records = require "support.rule_records"
local twin = require "support.twin"
local one_rule = require "support.one_rule"
local board_with, refusal = one_rule.board, one_rule.refusal

-- A 4x4 board has 288 grids. Relabelling values maps grids to grids, so the values of the first
-- three cells of row 1 stand in each of their 3! orders equally often, and the one left out
-- of them (r1c4's) is each of 1..4 equally often.
local GRIDS = 288


-- The root's propagation (one step of a solver stops before its first guess): the candidates
-- of the cells, each as a string of values.
local function root_candidates(b, cells)
  local s = sudoku.Solver.new(b)
  assert.equal("running", s:step(1))
  local out = {}
  for i, cell in ipairs(cells) do
    local v = b:get(cell[1], cell[2])
    out[i] = v ~= 0 and "=" .. v or table.concat(s:candidates(cell[1], cell[2]))
  end
  return out
end

local ROW = {{1, 1}, {1, 2}, {1, 3}}

describe("thermo", function()
  it("counts the grids whose values rise from the bulb", function()
    assert.equal(GRIDS / 6, board_with{kind = "thermo", cells = ROW}:count())
    -- A whole column of four: 1, 2, 3, 4 from the bulb, 288 / 4! grids.
    local b = board_with{kind = "thermo", cells = {{4, 2}, {3, 2}, {2, 2}, {1, 2}}}
    assert.equal(GRIDS / 24, b:count())
    assert.is_true(b:solve())
    assert.same({1, 2, 3, 4}, {b:get(4, 2), b:get(3, 2), b:get(2, 2), b:get(1, 2)})
  end)

  it("leaves each cell the values of some rising line, bounded from both ends", function()
    -- 9x9, a thermometer of five in row 1 with 5 given on its third cell.
    local b = sudoku.Board.new{size = 9}
    b:add_rule{kind = "thermo", cells = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}}}
    b:set(1, 3, 5)
    assert.same({"123", "234", "=5", "678", "789"},
                root_candidates(b, {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}}))
  end)

  it("refuses more cells than values, or one cell", function()
    assert.truthy(refusal{kind = "thermo", cells = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}}}
                  :find("thermo: a thermometer has at most as many cells as the board has values", 1, true))
    assert.truthy(refusal{kind = "thermo", cells = {{1, 1}}}:find("thermo: wrong number of cells", 1, true))
  end)

  it("is broken on the board by placed values that leave no rising line", function()
    local b = board_with{kind = "thermo", cells = ROW}
    b:set(1, 2, 2)
    assert.is_true((b:is_valid()))
    b:set(1, 1, 3)   -- above the cell after it
    assert.is_false((b:is_valid()))
    b:set(1, 1, 0)
    b:set(1, 2, 4)   -- alone, but the tip would need a 5
    assert.is_false((b:is_valid()))
    b:set(1, 2, 3)
    b:set(1, 3, 4)
    assert.is_true((b:is_valid()))
  end)
end)

describe("renban", function()
  it("counts the grids whose line holds a run of values", function()
    -- A whole row is always a run; three cells of it are when r1c4 holds 1 or 4.
    assert.equal(GRIDS, board_with{kind = "renban", cells = {{1, 4}, {1, 1}, {1, 3}, {1, 2}}}:count())
    assert.equal(GRIDS / 2, board_with{kind = "renban", cells = ROW}:count())
    -- Two cells: consecutive values, as the pair rule says.
    assert.equal(board_with{kind = "consecutive", cells = {{2, 1}, {2, 2}}}:count(),
                 board_with{kind = "renban", cells = {{2, 1}, {2, 2}}}:count())
  end)

  it("leaves each cell the values of some run the other cells can fill", function()
    local b = sudoku.Board.new{size = 9}
    -- 9 given: the run can only be 7, 8, 9. Beside it, a line through three boxes and no
    -- common unit with 2 given: the runs 1-3 and 2-4 hold 2, so 1, 3 and 4 stay at its other
    -- cells, and 2 does not, although no unit takes it from them.
    b:add_rule{kind = "renban", cells = {{5, 5}, {5, 6}, {6, 7}}}
    b:set(5, 5, 9)
    b:add_rule{kind = "renban", cells = {{1, 1}, {4, 4}, {7, 7}}}
    b:set(4, 4, 2)
    assert.same({"=9", "78", "78", "134", "=2", "134"},
                root_candidates(b, {{5, 5}, {5, 6}, {6, 7}, {1, 1}, {4, 4}, {7, 7}}))
  end)

  it("refuses more cells than values", function()
    assert.truthy(refusal{kind = "renban", cells = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}}}
                  :find("renban: a renban line has at most as many cells as the board has values", 1, true))
  end)

  it("is broken on the board by a repeat or by values too far apart", function()
    local b = board_with{kind = "renban", cells = ROW}
    b:set(1, 1, 1)
    b:set(1, 3, 3)
    assert.is_true((b:is_valid()))
    b:set(1, 3, 4)
    assert.is_false((b:is_valid()))
    -- Cells that share no unit may not repeat either.
    b = board_with{kind = "renban", cells = {{1, 1}, {2, 3}}}
    b:set(1, 1, 2)
    b:set(2, 3, 2)
    assert.is_false((b:is_valid()))
  end)
end)

describe("palindrome", function()
  -- r1c1 and r2c3 share no unit. In a 4x4 grid, row 2 holds r1c1's and r1c2's values in
  -- columns 3 and 4 (box 1 has the other two), in either order: r2c3 equals r1c1 in half the
  -- grids.
  it("counts the grids whose line reads the same both ways", function()
    assert.equal(GRIDS / 2, board_with{kind = "palindrome", cells = {{1, 1}, {2, 3}}}:count())
    -- The middle cell of an odd line is free.
    assert.equal(GRIDS / 2, board_with{kind = "palindrome", cells = {{1, 1}, {4, 4}, {2, 3}}}:count())
    assert.equal(0, board_with{kind = "palindrome", cells = {{1, 1}, {3, 3}, {1, 2}}}:count())
  end)

  it("gives each end of a pair the values both ends still have", function()
    local b = sudoku.Board.new{size = 9}
    b:add_rule{kind = "palindrome", cells = {{1, 1}, {6, 6}, {9, 9}, {2, 5}}}
    -- Row 1 leaves r1c1 4-9, row 2 leaves r2c5 1-6: both keep 4-6. A given end is copied.
    for c, v in pairs{[7] = 1, [8] = 2, [9] = 3} do b:set(1, c, v) end
    for c, v in pairs{[7] = 7, [8] = 8, [9] = 9} do b:set(2, c, v) end
    b:set(9, 9, 5)
    assert.same({"456", "456", "=5", "=5"}, root_candidates(b, {{1, 1}, {2, 5}, {9, 9}, {6, 6}}))
  end)

  it("is broken on the board by two ends that differ", function()
    local b = board_with{kind = "palindrome", cells = {{1, 1}, {4, 4}, {2, 3}}}
    b:set(1, 1, 1)
    b:set(4, 4, 3)
    assert.is_true((b:is_valid()))
    b:set(2, 3, 2)
    assert.is_false((b:is_valid()))
  end)
end)

describe("line rules count what their Lua predicates count", function()
  for _, kind in ipairs{"thermo", "renban", "palindrome"} do
    it(kind, function() twin.agree(kind, random_rules) end)
  end
end)

describe("thermometer puzzles of ../shared/data/variants", function()
  it("solves each to its unique solution, and finds none where there is none", function()
    local records = rule_records.records("thermo.jsonl")
    for _, record in ipairs(records) do
      local board = rule_records.build(record)
      if record.negative then
        assert.equal(record.count, board:count(record.count + 1), record.id)
      else
        assert.equal(1, board:count(2), record.id)
        assert.is_true(board:solve(), record.id)
        assert.equal(record.solution, board:format("line"), record.id)
      end
    end
  end)
end)
