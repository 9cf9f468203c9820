-- Native rules on pairs of cells (consecutive, ratio, pair_sum, their negations, less, whisper)
-- and on allowed values (allowed): what each means, what arguments it refuses, how a board
-- judges placed values, agreement with a Lua predicate on random boards, and the kropki, XV,
-- consecutive, non-consecutive and odd/even puzzles of ../shared/data/variants.
local sudoku = require "sudoku"
local random_rules = require "support.random_rules"
local rule_records = require "support.rule_records"
local twin = require "support.twin"
local one_rule = require "support.one_rule"
local board_with, refusal = one_rule.board, one_rule.refusal

-- r1c1 and r1c2 share a row and a box. A 4x4 board has 288 grids, and relabelling the values
-- maps grids to grids, so each of the 12 ordered pairs of different values stands at these two
-- cells in 288 / 12 = 24 of them: a rule on them leaves 24 grids per pair it allows.
local PER_PAIR = 288 / 12
local FIRST, SECOND = {1, 1}, {1, 2}


local function pair(kind, fields)
  local spec = {kind = kind, cells = {FIRST, SECOND}}
  for k, v in pairs(fields or {}) do spec[k] = v end
  return spec
end


describe("pair rules", function()
  it("count the grids their allowed pairs leave", function()
    local cases = {
      -- kind, fields, ordered pairs of different values of 1..4 it allows
      {"consecutive", nil, 6},                  -- 12 21 23 32 34 43
      {"ratio", nil, 4},                        -- 12 21 24 42
      {"ratio", {ratio = 3}, 2},                -- 13 31
      {"ratio", {ratio = 4}, 2},                -- 14 41
      {"pair_sum", {sum = 5}, 4},               -- 14 41 23 32
      {"pair_sum", {sum = 4}, 2},               -- 13 31 (22 repeats in the row)
      {"not_consecutive", nil, 6},              -- 13 31 14 41 24 42
      {"not_ratio", nil, 8},                    -- 12 - 4
      {"not_pair_sum", {sums = {5}}, 8},        -- 12 - 4
      {"not_pair_sum", {sums = {4, 5}}, 6},     -- 12 - 4 - 2
      {"less", nil, 6},                         -- 12 13 14 23 24 34
      {"whisper", nil, 6},                      -- gap 2: 13 31 14 41 24 42
      {"whisper", {gap = 3}, 2},                -- 14 41
    }
    for _, case in ipairs(cases) do
      local b = board_with(pair(case[1], case[2]))
      assert.equal(case[3] * PER_PAIR, b:count(), case[1])
      assert.is_true(b:solve(), case[1])
      local values = {b:get(1, 1), b:get(1, 2)}
      assert.is_false(twin.breaks(pair(case[1], case[2]), values, 4), case[1])
    end
  end)

  it("orient the pair by its first cell where the order matters", function()
    local b = board_with(pair("less"))
    b:set(1, 2, 1)
    assert.equal(0, b:count())
    b:set(1, 2, 0)
    b:set(1, 1, 4)
    assert.equal(0, b:count())
    b:set(1, 1, 1)
    assert.is_true(b:solve())
    assert.is_true(b:get(1, 2) > 1)
  end)

  it("come back from rules() as they were given, an optional field left out staying out", function()
    local specs = {
      pair("consecutive"), pair("ratio"), pair("ratio", {ratio = 3}), pair("pair_sum", {sum = 5}),
      pair("not_consecutive"), pair("not_ratio", {ratio = 2}), pair("not_pair_sum", {sums = {5, 3}}),
      pair("less"), pair("whisper"), pair("whisper", {gap = 1}),
    }
    local b = sudoku.Board.new{size = 4}
    for _, spec in ipairs(specs) do b:add_rule(spec) end
    assert.same(specs, b:rules())
    assert.is_true(b:copy() == b)
  end)

  it("refuse arguments that make no sense on the board, naming the kind and the field", function()
    local cases = {
      {pair("ratio", {ratio = 1}), "ratio: ratio must be from 2 to the board's size"},
      {pair("ratio", {ratio = 5}), "ratio: ratio must be from 2 to the board's size"},
      {pair("not_ratio", {ratio = 0}), "not_ratio: ratio must be from 2 to the board's size"},
      {pair("pair_sum", {sum = 9}), "pair_sum: sum must be from 2 to twice the board's size"},
      {pair("pair_sum", {sum = 1}), "pair_sum: sum must be from 2 to twice the board's size"},
      {pair("pair_sum"), "pair_sum: sum must be an integer, got nil"},
      {pair("not_pair_sum", {sums = {}}), "not_pair_sum: sums must list at least one sum"},
      {pair("not_pair_sum", {sums = {5, 9}}),
       "not_pair_sum: each of sums must be from 2 to twice the board's size"},
      {pair("not_pair_sum", {sums = {2, 3, 4, 5, 6, 7, 8}}),
       "not_pair_sum: no pair of values satisfies it on a board of this size"},
      {pair("whisper", {gap = 4}), "whisper: gap must be from 1 to the board's size minus 1"},
      {pair("whisper", {gap = 0}), "whisper: gap must be from 1 to the board's size minus 1"},
      {{kind = "consecutive", cells = {{1, 1}, {1, 2}, {1, 3}}},
       "consecutive: wrong number of cells for this kind of rule"},
      {pair("less", {gap = 2}), "less: unknown field gap"},
    }
    for _, case in ipairs(cases) do
      assert.truthy(refusal(case[1]):find(case[2], 1, true), case[2])
    end
  end)

  it("are broken on the board once both cells hold a pair they do not allow", function()
    local cases = {
      {"consecutive", nil, 1, 3, 2}, {"ratio", nil, 1, 3, 2}, {"pair_sum", {sum = 5}, 1, 3, 4},
      {"not_consecutive", nil, 2, 3, 4}, {"not_ratio", nil, 2, 4, 3},
      {"not_pair_sum", {sums = {5, 6}}, 2, 4, 1}, {"less", nil, 3, 2, 4},
      {"whisper", nil, 2, 3, 4},
    }
    for _, case in ipairs(cases) do
      local kind, fields, first, bad, good = case[1], case[2], case[3], case[4], case[5]
      local b = board_with(pair(kind, fields))
      b:set(1, 1, first)
      assert.is_true((b:is_valid()), kind .. " with one cell")
      b:set(1, 2, bad)
      assert.is_false((b:is_valid()), kind)
      assert.equal(0, b:count(), kind)
      b:set(1, 2, good)
      assert.is_true((b:is_valid()), kind)
    end
  end)
end)

describe("allowed", function()
  it("keeps each of its cells to its values", function()
    local b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "allowed", cells = {{1, 1}}, values = {1, 2}}
    assert.equal(288 / 2, b:count())
    -- Two cells of a row from the same two values: 2 of the 12 ordered pairs.
    b:clear_rules()
    b:add_rule{kind = "allowed", cells = {FIRST, SECOND}, values = {2, 1, 2}}
    assert.equal(2 * PER_PAIR, b:count())
    assert.is_true(b:solve())
    assert.is_true(b:get(1, 1) <= 2 and b:get(1, 2) <= 2)
    -- A whole row from three values cannot be.
    b = sudoku.Board.new{size = 4}
    b:add_rule{kind = "allowed", cells = {{2, 1}, {2, 2}, {2, 3}, {2, 4}}, values = {1, 2, 3}}
    assert.equal(0, b:count())
    assert.same({{kind = "allowed", cells = {{2, 1}, {2, 2}, {2, 3}, {2, 4}}, values = {1, 2, 3}}},
                b:rules())
  end)

  it("refuses an empty list or a value off the board", function()
    for _, case in ipairs{
      {{}, "allowed: values must list at least one value"},
      {{0}, "allowed: each of values must be from 1 to the board's size"},
      {{1, 5}, "allowed: each of values must be from 1 to the board's size"},
    } do
      local err = refusal{kind = "allowed", cells = {FIRST}, values = case[1]}
      assert.truthy(err:find(case[2], 1, true), case[2])
    end
    assert.truthy(refusal{kind = "allowed", cells = {}, values = {1}}:find("wrong number of cells", 1, true))
  end)

  it("is broken on the board by a placed value outside its values", function()
    local b = board_with{kind = "allowed", cells = {FIRST, SECOND}, values = {1, 3}}
    b:set(1, 2, 3)
    assert.is_true((b:is_valid()))
    b:set(1, 1, 2)
    assert.is_false((b:is_valid()))
  end)
end)

-- Counts of random 4x4 and 6x6 boards, each with a few rules of one kind, with the native rules
-- and with their Lua predicate twin (no propagation: only placements are vetoed). A propagator
-- that removes a value some solution needs makes the first count smaller.
describe("pair and allowed rules count what their Lua predicates count", function()
  for _, kind in ipairs{"consecutive", "ratio", "pair_sum", "not_consecutive", "not_ratio",
                        "not_pair_sum", "less", "whisper", "allowed"} do
    it(kind, function() twin.agree(kind, random_rules) end)
  end
end)

-- The published puzzles of a file (all sizes), built with these rules: each solves to its
-- published solution and has no other; a negative one has its recorded count.
local function check_records(file)
  local checked = 0
  for _, record in ipairs(rule_records.records(file)) do
    if rule_records.supported(record) then
      local board = rule_records.build(record)
      if record.negative then
        assert.equal(record.count, board:count(record.count + 1), record.id)
      else
        assert.equal(1, board:count(2), record.id)
        assert.is_true(board:solve(), record.id)
        assert.equal(record.solution, board:format("line"), record.id)
      end
      checked = checked + 1
    end
  end
  return checked
end

describe("puzzles of ../shared/data/variants", function()
  for _, file in ipairs{"kropki.jsonl", "consecutive.jsonl", "xv.jsonl", "nonconsecutive.jsonl",
                        "oddeven.jsonl"} do
    it("solves every puzzle of " .. file .. " to its unique solution", function()
      assert.equal(#rule_records.records(file), check_records(file))
    end)
  end

  it("solves the mixed puzzles made of these rules, thermometers, regions and anti-knight", function()
    assert.is_true(check_records("mixed.jsonl") >= 8)
  end)

  it("needs the negative marks: without them a kropki puzzle has other solutions", function()
    local record = rule_records.records("kropki.jsonl")[2]
    assert.is_true(record.kropki_negative)
    local without = {}
    for k, v in pairs(record) do without[k] = v end
    without.kropki_negative = nil
    assert.is_true(rule_records.build(without):count(2) == 2)
  end)
end)
