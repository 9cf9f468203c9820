-- The sum rules: killer cages (`cage`), sums with repeats (`sum`, little killers), arrows and
-- sandwiches, propagated natively; the innies and outies every search derives from a killer's
-- cages; and the killers of ../shared/data/variants solved to their published solution and
-- proven unique.
local sudoku = require "sudoku"
local sums = require "support.sums"

-- The values (r, c) may take once the root has propagated (on a copy of the board): its
-- candidates, or the value propagation placed there.
local function root_candidates(board, r, c)
  local copy = board:copy()
  local solver = sudoku.Solver.new(copy)
  solver:step(1)
  if copy:get(r, c) ~= 0 then return {copy:get(r, c)} end
  return solver:candidates(r, c)
end

local function row(r, from, to)
  local cells = {}
  for c = from, to do cells[#cells + 1] = {r, c} end
  return cells
end

local function add_error(board, spec)
  local ok, err = pcall(board.add_rule, board, spec)
  assert.is_false(ok)
  return err
end

describe("cage rules", function()
  it("make a two-cell cage of total 3 hold 1 and 2, in either order", function()
    -- On a 4x4 board every ordered pair of different values is equally likely in two cells of
    -- a row: 288 grids / 12 pairs * 2 pairs.
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 3}
    assert.equal(48, b:count())
    assert.same({1, 2}, root_candidates(b, 1, 1))
    assert.same({3, 4}, root_candidates(b, 1, 3))   -- 1 and 2 are in the cage, so not here
    assert.same({3, 4}, root_candidates(b, 2, 1))   -- nor elsewhere in its box
  end)

  it("keep a value that is placed out of the cage's other cells at once", function()
    local b = sudoku.Board.new{size = 4}
    b:set(1, 1, 1)
    -- r3c2 shares no unit with r1c1: only the cage takes 1 away from it.
    b:add_rule{kind = "cage", cells = {{1, 1}, {3, 2}, {4, 4}}}
    assert.same({2, 3, 4}, root_candidates(b, 3, 2))
    assert.same({2, 3, 4}, root_candidates(b, 4, 4))
  end)

  it("without a total only ask for different values", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "cage", cells = {{1, 1}, {3, 2}}}
    local rules = {{kind = "cage", cells = {{1, 1}, {3, 2}}}}
    local count = b:count()
    assert.is_true(count < 288)
    assert.equal(sums.count(b, 1000, rules), count)
  end)

  it("keep only the combinations the rest of a unit can complete", function()
    -- Total 5 is {1, 4} or {2, 3}; the rest of row 1 cannot hold 4 (columns 3 and 4 have it),
    -- so the cage must, and {2, 3} is out.
    local b = sudoku.Board.new{size = 4}
    b:set(2, 3, 4)
    b:set(3, 4, 4)
    b:add_rule{kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 5}
    assert.same({1, 4}, root_candidates(b, 1, 1))
    assert.same({1, 4}, root_candidates(b, 1, 2))
  end)

  it("take the values the rest of a unit cannot hold, also when they stick out of it", function()
    -- No 9 fits row 1 beyond r1c1 and r1c2, so the cage holds 9 there: 15 = 9 + 1 + 5 or
    -- 9 + 2 + 4, and r2c1 is one of 1, 2, 4, 5.
    local b = sudoku.Board.new{size = 9}
    b:set(2, 4, 9)
    b:set(3, 8, 9)
    b:set(5, 3, 9)
    b:add_rule{kind = "cage", cells = {{1, 1}, {1, 2}, {2, 1}}, sum = 15}
    assert.same({1, 2, 4, 5}, root_candidates(b, 2, 1))
  end)

  it("refuse more cells than values, and totals no set of values reaches", function()
    local b = sudoku.Board.new{size = 4}
    assert.matches("more cells than the board has values",
                   add_error(b, {kind = "cage", cells = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}}}))
    assert.matches("no set of different values",
                   add_error(b, {kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 8}))
    assert.matches("no set of different values",
                   add_error(b, {kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 2}))
    assert.matches("sum must be an integer",
                   add_error(b, {kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 2.5}))
    assert.matches("unknown field total",
                   add_error(b, {kind = "cage", cells = {{1, 1}, {1, 2}}, total = 3}))
    assert.equal(0, #b:rules())
  end)

  it("are broken by a repeat, a full cage off its total, or placed values past it", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "cage", cells = {{1, 1}, {2, 3}, {3, 2}}, sum = 7}
    b:set(1, 1, 2)
    assert.is_true((b:is_valid()))
    b:set(2, 3, 2)
    assert.is_false((b:is_valid()))                 -- 2 twice in the cage
    b:set(2, 3, 4)
    assert.is_true((b:is_valid()))                  -- 2 + 4 leaves 1 for the last cell
    b:set(3, 2, 3)
    assert.is_false((b:is_valid()))                 -- 9, not 7
    b:set(3, 2, 1)
    assert.is_true((b:is_valid()))
    b:set(3, 2, 0)
    b:set(1, 1, 4)
    b:set(2, 3, 3)
    assert.is_false((b:is_valid()))                 -- 4 + 3 leaves nothing for the last cell
  end)

  it("are kept by copy, compared by == and shown without a total when they have none", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 3}
    b:add_rule{kind = "cage", cells = {{2, 1}, {2, 2}}}
    assert.equal(b, b:copy())
    local rules = b:rules()
    assert.same({kind = "cage", cells = {{1, 1}, {1, 2}}, sum = 3}, rules[1])
    assert.same({kind = "cage", cells = {{2, 1}, {2, 2}}}, rules[2])
  end)
end)

describe("sum rules", function()
  it("fix a single cell to its total", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "sum", cells = {{2, 3}}, sum = 3}
    assert.equal(72, b:count())                     -- a quarter of the 288 grids
    assert.same({3}, root_candidates(b, 2, 3))
  end)

  it("let values repeat, and keep only values with a partner", function()
    -- r1c1 and r2c3 share no unit: total 2 makes both 1.
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "sum", cells = {{1, 1}, {2, 3}}, sum = 2}
    assert.same({1}, root_candidates(b, 1, 1))
    assert.same({1}, root_candidates(b, 2, 3))
    -- Total 7 over three cells of different units: no value above 5.
    local c = sudoku.Board.new{size = 9}
    c:add_rule{kind = "sum", cells = {{1, 1}, {4, 5}, {9, 9}}, sum = 7}
    assert.same({1, 2, 3, 4, 5}, root_candidates(c, 4, 5))
  end)

  it("refuse totals out of reach and are broken once full and off their total", function()
    local b = sudoku.Board.new{size = 4}
    assert.matches("cannot add up to the sum",
                   add_error(b, {kind = "sum", cells = {{1, 1}, {2, 3}}, sum = 9}))
    assert.matches("cannot add up to the sum",
                   add_error(b, {kind = "sum", cells = {{1, 1}, {2, 3}}, sum = 1}))
    b:add_rule{kind = "sum", cells = {{1, 1}, {2, 3}}, sum = 5}
    b:set(1, 1, 4)
    assert.is_true((b:is_valid()))
    b:set(2, 3, 2)
    assert.is_false((b:is_valid()))
    b:set(2, 3, 1)
    assert.is_true((b:is_valid()))
  end)
end)

describe("arrow rules", function()
  it("make the circle the sum of the arrow's cells", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "arrow", cells = {{1, 1}, {2, 3}, {3, 2}}}
    -- Two cells add up to at least 2 and the circle holds at most 4.
    assert.same({2, 3, 4}, root_candidates(b, 1, 1))
    assert.same({1, 2, 3}, root_candidates(b, 2, 3))
    local rules = {{kind = "arrow", cells = {{1, 1}, {2, 3}, {3, 2}}}}
    assert.equal(sums.count(b, 1000, rules), b:count())
  end)

  it("cannot hold with one arrow cell in the circle's row: it would repeat its value", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "arrow", cells = {{1, 1}, {1, 2}}}
    assert.equal(0, b:count())
  end)

  it("refuse arrows longer than the circle can hold", function()
    local b = sudoku.Board.new{size = 4}
    assert.matches("more than its circle can hold",
                   add_error(b, {kind = "arrow", cells = {{1, 1}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {3, 1}}}))
    assert.matches("wrong number of cells", add_error(b, {kind = "arrow", cells = {{1, 1}}}))
    b:add_rule{kind = "arrow", cells = {{1, 1}, {2, 3}}}
    b:set(1, 1, 3)
    b:set(2, 3, 2)
    assert.is_false((b:is_valid()))
  end)
end)

describe("sandwich rules", function()
  it("sum the values between 1 and n along a row", function()
    -- Row 1 of a 4x4 grid is any of the 24 orders, 12 grids each.
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "sandwich", cells = row(1, 1, 4), sum = 0}
    assert.equal(144, b:count())                    -- 1 and 4 side by side: 12 of 24 orders
    local c = sudoku.Board.new{size = 4}
    c:add_rule{kind = "sandwich", cells = row(1, 1, 4), sum = 5}
    assert.equal(48, c:count())                     -- 1 and 4 at the ends: 4 orders
    assert.same({1, 4}, root_candidates(c, 1, 1))
    assert.same({2, 3}, root_candidates(c, 1, 2))
  end)

  it("read a column in either direction", function()
    local cells = {}
    for r = 9, 1, -1 do cells[#cells + 1] = {r, 4} end
    local b = sudoku.Board.new{size = 9}
    b:add_rule{kind = "sandwich", cells = cells, sum = 35}
    -- 35 = 2+...+8: 1 and 9 at the ends of the column.
    assert.same({1, 9}, root_candidates(b, 1, 4))
    assert.same({2, 3, 4, 5, 6, 7, 8}, root_candidates(b, 5, 4))
  end)

  it("refuse cells that are not a whole line in order, and sums out of reach", function()
    local b = sudoku.Board.new{size = 4}
    assert.matches("whole row or column",
                   add_error(b, {kind = "sandwich", cells = {{1, 1}, {1, 2}, {1, 4}, {1, 3}}, sum = 2}))
    assert.matches("whole row or column",
                   add_error(b, {kind = "sandwich", cells = row(1, 1, 3), sum = 2}))
    assert.matches("no run of values",
                   add_error(b, {kind = "sandwich", cells = row(1, 1, 4), sum = 4}))
    b:add_rule{kind = "sandwich", cells = row(2, 1, 4), sum = 3}
    b:set(2, 1, 1)
    b:set(2, 2, 2)
    b:set(2, 3, 4)
    assert.is_false((b:is_valid()))                 -- 2 between them, not 3
    b:set(2, 2, 3)
    assert.is_true((b:is_valid()))
  end)
end)

describe("innies and outies", function()
  it("tell what the cages leave to cells that stick out of a row", function()
    -- Row 1 is A's five cells and B's four: A + B - r2c5 - r2c6 = 45, so r2c5 + r2c6 = 10 and
    -- neither can be 5. Each cage alone, with its many combinations, allows 5.
    local b = sudoku.Board.new{size = 9}
    local a = row(1, 1, 5)
    a[#a + 1] = {2, 5}
    local c = row(1, 6, 9)
    c[#c + 1] = {2, 6}
    b:add_rule{kind = "cage", cells = a, sum = 30}
    b:add_rule{kind = "cage", cells = c, sum = 25}
    assert.same({1, 2, 3, 4, 6, 7, 8, 9}, root_candidates(b, 2, 5))
    assert.same({1, 2, 3, 4, 6, 7, 8, 9}, root_candidates(b, 2, 6))
    -- They are the search's own rules, never the board's.
    assert.equal(2, #b:rules())
  end)

  it("never change the count: random killers agree with their Lua twins", function()
    for _, n in ipairs{4, 6} do
      for seed = 1, 40 do
        local board, rules = sums.random_board(n, seed, true)
        assert.equal(sums.count(board, 50, rules), sums.count(board, 50), n .. "x" .. n .. " seed " .. seed)
      end
    end
  end)
end)

describe("every kind of sum rule", function()
  it("counts as its Lua twin does on random 4x4 and 6x6 boards", function()
    for _, n in ipairs{4, 6} do
      for seed = 1, 60 do
        local board, rules = sums.random_board(n, seed)
        assert.equal(sums.count(board, 50, rules), sums.count(board, 50), n .. "x" .. n .. " seed " .. seed)
      end
    end
  end)
end)

local hard = sums.hard

local function solves_uniquely(record)
  local board = sums.build(record)
  assert.equal(1, board:count(2), record.id)
  assert.is_true(board:solve(), record.id)
  assert.equal(record.solution, board:format("line"), record.id)
end

describe("killer puzzles from the shared data", function()
  local killers = sums.records("killer.jsonl")

  it("solve every 4x4 and 6x6 killer to its unique solution", function()
    local checked = 0
    for _, record in ipairs(killers) do
      if record.size < 9 then
        solves_uniquely(record)
        checked = checked + 1
      end
    end
    assert.equal(221, checked)
  end)

  it("solve a sample of 9x9 killers and the killer-X ones to their unique solution", function()
    -- Every twentieth 9x9 record in file order, and every sigh killer but the hard ones.
    local checked, nine = 0, 0
    for _, record in ipairs(killers) do
      if record.size == 9 then
        nine = nine + 1
        if (nine % 20 == 0 or record.id:find("^sigh")) and not hard(record.id) then
          solves_uniquely(record)
          checked = checked + 1
        end
      end
    end
    for _, record in ipairs(sums.records("mixed.jsonl")) do
      if record.cages and not hard(record.id) then
        solves_uniquely(record)
        checked = checked + 1
      end
    end
    assert.is_true(checked >= 60)
  end)

  it("count as the Lua twins of their cages do on the 4x4 and some 6x6 killers", function()
    -- The twins see the cages alone: nothing derived, so the counts also show the innies and
    -- outies change nothing.
    local sixes = 0
    for _, record in ipairs(killers) do
      if record.size == 6 then sixes = sixes + 1 end
      if record.size == 4 or (record.size == 6 and sixes % 20 == 0) then
        local board = sums.build(record)
        assert.equal(1, sums.count(board, 2, board:rules()), record.id)
        assert.equal(1, board:count(2), record.id)
      end
    end
  end)

  it("solve every 9x9 killer to its unique solution, the hard ones within a budget #slow", function()
    for _, file in ipairs{"killer.jsonl", "mixed.jsonl"} do
      for _, record in ipairs(sums.records(file)) do
        if record.size == 9 and record.cages then
          if not hard(record.id) then
            solves_uniquely(record)
          else
            -- What must hold even when the proof takes long: no wrong solution, ever.
            local board = sums.build(record)
            local solver = sudoku.Solver.new(board)
            if solver:step(20000) == "solved" then
              assert.equal(record.solution, board:format("line"), record.id)
            end
          end
        end
      end
    end
  end)
end)
