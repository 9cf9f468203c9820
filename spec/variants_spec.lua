-- Variant puzzles as boards with rules (sudoku.variant, docs/API.md "Variants"): every record of
-- every file of ../shared/data/variants builds, solves to its published solution and is proved
-- unique (a negative record: has exactly its stated number of solutions), each within a budget
-- of its own, so that a slow one fails instead of hanging the suite. The mapping from the
-- schema to rules is also checked on its own: rule by rule, against a Lua predicate that checks
-- the same rules placement by placement (bench/predicate.lua), and for the records it refuses.
--
-- A few records take the engine longer than the fast suite's budget on the slowest machines CI
-- runs on (ARM under qemu, the sanitizers): issue 14's speed target (50 ms each) is open for
-- them. The fast suite names them as pending; the #slow suite proves the ones that end within a
-- node budget (machine-independent: the search is deterministic).
local sudoku = require "sudoku"
local variant = require "sudoku.variant"
local variants = require "support.variants"
local sums = require "support.sums"
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path
local predicate = require "bench.predicate"

local clock = sudoku.core.clock

-- Seconds each puzzle may take to solve and prove unique.
local SECONDS = 5

-- The records beyond SECONDS on a slow machine: the killers of support.sums.beyond (minutes for
-- some), and three more with the search nodes that prove them (1.5 s, 0.25 s and 0.9 s here).
local SLOW_NODES = {
  ["sigh-a-kind-of-magic"] = 250000,          -- 19 two-cell thermometers, no givens
  ["sigh-bicycle-race"] = 60000,               -- thermometers
  ["sigh-anti-consectutive-hard"] = 250000,    -- non-consecutive, three givens
}
local function beyond(id) return sums.beyond(id) or SLOW_NODES[id] ~= nil end

-- nil when the record's board behaves as the record says, else what went wrong.
local function check(record)
  local id = record.id
  local board, err = variant.board(record)
  if not board then return err end
  if record.negative then
    local n, why = board:count(record.count + 1, { timeout = SECONDS })
    if n == nil then return ("%s: %s"):format(id, why) end
    if n ~= record.count then
      return ("%s: %d solutions, not %d"):format(id, n, record.count)
    end
    return nil
  end
  local deadline = clock() + SECONDS
  local solver = sudoku.Solver.new(board)
  local status = solver:step(nil, SECONDS)
  if status == "running" then return ("%s: no solution within %d s"):format(id, SECONDS) end
  if status ~= "solved" then return ("%s: %s"):format(id, status) end
  if board:symbols() ~= record.solution then
    return ("%s: solved to %s, not the published %s"):format(id, board:symbols(), record.solution)
  end
  if not board:is_solved() then return id .. ": the solution breaks a rule by is_solved" end
  status = solver:step(nil, math.max(deadline - clock(), 1e-3))
  if status == "running" then return ("%s: not proved unique within %d s"):format(id, SECONDS) end
  if status ~= "done" then return id .. ": a second solution" end
  return nil
end

-- Every `step`-th record of a list.
local function every(list, step)
  local out = {}
  for i = 1, #list, step do out[#out + 1] = list[i] end
  return out
end

-- Checks the records, but those beyond the budget, which it names (pending).
local function check_all(records)
  local failures, skipped = {}, {}
  for _, record in ipairs(records) do
    if beyond(record.id) then
      skipped[#skipped + 1] = record.id
    else
      failures[#failures + 1] = check(record)
    end
  end
  assert.same({}, failures)
  assert.is_true(#records > 0)
  if #skipped > 0 then
    pending(("%d of %d records take the engine more than %d s on a slow machine: %s"):format(
      #skipped, #records, SECONDS, table.concat(skipped, ", ")))
  end
end

-- A record beyond the budget, proved within its node budget: its solution, and no other.
local function check_within(record, nodes)
  local board = assert(variant.board(record))
  assert.equal(1, board:count(2, { max_nodes = nodes }), record.id)
  assert.is_true(board:solve({ max_nodes = nodes }), record.id)
  assert.equal(record.solution, board:symbols(), record.id)
end

describe("sudoku.variant over the shared variant puzzles", function()
  local files = variants.files()

  it("finds the variant files (a sanity check of the folder)", function()
    assert.is_true(#files >= 13, table.concat(files, " "))
  end)

  it("proves the slow non-killer records within their node budgets #slow", function()
    local seen = 0
    for _, file in ipairs(files) do
      for _, record in ipairs(variants.records(file)) do
        if SLOW_NODES[record.id] then
          check_within(record, SLOW_NODES[record.id])
          seen = seen + 1
        end
      end
    end
    assert.equal(3, seen)
  end)

  for _, file in ipairs(files) do
    if file == "killer.jsonl" then
      it("solves every 10th record of killer.jsonl to its published solution, uniquely", function()
        check_all(every(variants.records(file), 10))
      end)
      it("solves every record of killer.jsonl to its published solution, uniquely #slow", function()
        check_all(variants.records(file))
      end)
    else
      it("solves every record of " .. file .. " as the record says (its solution, uniquely; "
        .. "a negative one: its count)", function()
        check_all(variants.records(file))
      end)
    end
  end
end)

-- The same rules checked in Lua, one placement at a time, on a board that has only the
-- record's regions: the twin that tells a wrong mapping from a wrong propagator, and that runs
-- whatever kinds the core has. Small boards only: without propagation, 9x9 kropki and thermo
-- puzzles take the predicate minutes.
local function predicate_check(record)
  local specs = assert(variant.rules(record))
  local plain = {}
  for k, v in pairs(record) do
    if not variant.KEYS[k] or variant.KEYS[k] == "regions" then plain[k] = v end
  end
  local board = assert(variant.board(plain))
  assert.same({}, board:rules())
  local solver = sudoku.Solver.new(board, { constraint = predicate.of(specs, record.size) })
  local first = solver:step(nil, SECONDS)
  if record.negative then
    if first ~= "unsat" or record.count ~= 0 then return record.id .. ": " .. first end
    return nil
  end
  if first ~= "solved" or board:symbols() ~= record.solution then
    return ("%s: %s %s"):format(record.id, first, board:symbols())
  end
  local second = solver:step(nil, SECONDS)
  if second ~= "done" then return ("%s: then %s"):format(record.id, second) end
  return nil
end

describe("the rules of sudoku.variant, checked by a Lua predicate instead of the core", function()
  for _, file in ipairs(variants.files()) do
    local function small(step)
      local out = {}
      for _, record in ipairs(variants.records(file)) do
        if record.size <= 6 then out[#out + 1] = record end
      end
      return every(out, step)
    end
    local function run(records)
      local failures = {}
      for _, record in ipairs(records) do failures[#failures + 1] = predicate_check(record) end
      assert.same({}, failures)
    end
    if file == "killer.jsonl" then
      it("single out the published solution of every 8th 4x4 and 6x6 killer", function()
        run(small(8))
      end)
      it("single out the published solution of every 4x4 and 6x6 killer #slow", function()
        run(small(1))
      end)
    else
      it("single out the published solution of every 4x4 and 6x6 record of " .. file, function()
        run(small(1))
      end)
    end
  end
end)

-- A 4x4 record of the schema with `fields` added.
local function record_of(fields)
  local record = { id = "test-4x4", size = 4, box = { 2, 2 }, givens = ("."):rep(16) }
  for k, v in pairs(fields or {}) do record[k] = v end
  return record
end

local function rules_of(fields)
  return assert(variant.rules(record_of(fields)))
end

-- The rules of `list` of kind `kind`.
local function of_kind(list, kind)
  local out = {}
  for _, spec in ipairs(list) do
    if spec.kind == kind then out[#out + 1] = spec end
  end
  return out
end

local function adjacent(pair)
  local a, b = pair[1], pair[2]
  return math.abs(a[1] - b[1]) + math.abs(a[2] - b[2]) == 1
end

local function same_pair(p, q)
  return (p[1][1] == q[1][1] and p[1][2] == q[1][2] and p[2][1] == q[2][1] and p[2][2] == q[2][2])
    or (p[1][1] == q[2][1] and p[1][2] == q[2][2] and p[2][1] == q[1][1] and p[2][2] == q[1][2])
end

describe("sudoku.variant.rules: the schema's keys as rules", function()
  -- A 4x4 board has 24 orthogonally adjacent pairs of cells.
  local ADJACENT = 24

  it("makes a cage of every cage, without a sum when the sum is null", function()
    assert.same({
      { kind = "cage", cells = { { 1, 1 }, { 1, 2 } }, sum = 3 },
      { kind = "cage", cells = { { 2, 1 }, { 2, 2 }, { 3, 1 } } },
    }, rules_of{ cages = {
      { sum = 3, cells = { { 1, 1 }, { 1, 2 } } },
      { sum = require("dkjson").null, cells = { { 2, 1 }, { 2, 2 }, { 3, 1 } } },
    } })
  end)

  it("makes a thermo of every thermometer, bulb first", function()
    assert.same({ { kind = "thermo", cells = { { 3, 1 }, { 2, 1 }, { 1, 2 } } } },
      rules_of{ thermos = { { { 3, 1 }, { 2, 1 }, { 1, 2 } } } })
  end)

  it("makes white dots consecutive and black dots ratio pairs", function()
    assert.same({
      { kind = "consecutive", cells = { { 1, 1 }, { 1, 2 } } },
      { kind = "ratio", cells = { { 2, 1 }, { 3, 1 } } },
    }, rules_of{ kropki_white = { { { 1, 1 }, { 1, 2 } } }, kropki_black = { { { 2, 1 }, { 3, 1 } } } })
  end)

  it("with kropki_negative, rules out both dots on every adjacent pair without one", function()
    local white, black = { { 1, 1 }, { 1, 2 } }, { { 3, 1 }, { 2, 1 } }
    local list = rules_of{ kropki_white = { white }, kropki_black = { black }, kropki_negative = true }
    for _, kind in ipairs{ "not_consecutive", "not_ratio" } do
      local negative = of_kind(list, kind)
      assert.equal(ADJACENT - 2, #negative)
      for _, spec in ipairs(negative) do
        assert.is_true(adjacent(spec.cells))
        assert.is_false(same_pair(spec.cells, white) or same_pair(spec.cells, black))
      end
    end
    assert.equal(2 + 2 * (ADJACENT - 2), #list)
  end)

  it("with consecutive_negative, rules out consecutive values beside no white dot only", function()
    local list = rules_of{ kropki_white = { { { 4, 4 }, { 4, 3 } } }, consecutive_negative = true }
    assert.equal(1, #of_kind(list, "consecutive"))
    assert.equal(ADJACENT - 1, #of_kind(list, "not_consecutive"))
    assert.equal(ADJACENT, #list)
  end)

  it("makes X pairs sum to 10 and V pairs to 5, and with xv_negative no unmarked pair either", function()
    local x, v = { { 1, 1 }, { 2, 1 } }, { { 2, 2 }, { 2, 3 } }
    local list = rules_of{ xv = { { type = "X", cells = x }, { type = "V", cells = v } } }
    assert.same({ { kind = "pair_sum", cells = x, sum = 10 }, { kind = "pair_sum", cells = v, sum = 5 } },
      list)
    list = rules_of{ xv = { { type = "V", cells = v } }, xv_negative = true }
    local negative = of_kind(list, "not_pair_sum")
    assert.equal(ADJACENT - 1, #negative)
    for _, spec in ipairs(negative) do
      assert.same({ 5, 10 }, spec.sums)
      assert.is_false(same_pair(spec.cells, v))
    end
  end)

  it("allows odd cells the odd values and even cells the even ones", function()
    assert.same({
      { kind = "allowed", cells = { { 1, 1 }, { 4, 4 } }, values = { 1, 3 } },
      { kind = "allowed", cells = { { 2, 2 } }, values = { 2, 4 } },
    }, rules_of{ odd = { { 1, 1 }, { 4, 4 } }, even = { { 2, 2 } } })
  end)

  it("makes every pair a knight's or a king's move apart different", function()
    -- 4(n-1)(n-2) knight pairs and 2n(n-1) + 2(n-1)^2 king pairs on an n x n board.
    local knights = rules_of{ antiknight = true }
    assert.equal(24, #knights)
    for _, spec in ipairs(knights) do
      local a, b = spec.cells[1], spec.cells[2]
      assert.equal("different", spec.kind)
      local dr, dc = math.abs(a[1] - b[1]), math.abs(a[2] - b[2])
      assert.is_true((dr == 1 and dc == 2) or (dr == 2 and dc == 1))
    end
    assert.equal(24 + 18, #rules_of{ antiking = true })
    assert.equal(0, #rules_of{ antiking = false })
  end)

  it("makes every adjacent pair non-consecutive with nonconsecutive", function()
    local list = rules_of{ nonconsecutive = true }
    assert.equal(ADJACENT, #of_kind(list, "not_consecutive"))
    assert.equal(ADJACENT, #list)
  end)

  it("with ratio_negative alone, rules out 1:2 beside no black dot, and consecutive stays free", function()
    local list = rules_of{ kropki_black = { { { 1, 1 }, { 1, 2 } } }, ratio_negative = true }
    assert.equal(1, #of_kind(list, "ratio"))
    assert.equal(ADJACENT - 1, #of_kind(list, "not_ratio"))
    assert.equal(0, #of_kind(list, "not_consecutive"))
  end)

  it("makes one arrow of a circle and all its lines, a cell two lines share once", function()
    assert.same({ { kind = "arrow", cells = { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 2 } } } },
      rules_of{ arrows = { { circle = { 1, 1 },
        lines = { { { 1, 2 }, { 1, 3 } }, { { 1, 2 }, { 2, 2 } } } } } })
  end)

  it("sums a little killer's diagonal from the clue outside the grid", function()
    assert.same({
      { kind = "sum", cells = { { 1, 2 }, { 2, 3 }, { 3, 4 } }, sum = 6 },
      { kind = "sum", cells = { { 4, 4 }, { 3, 3 }, { 2, 2 }, { 1, 1 } }, sum = 10 },
      { kind = "sum", cells = { { 1, 4 } }, sum = 2 },
    }, rules_of{ little_killers = {
      { sum = 6, clue = { 0, 1 }, direction = "DR" },
      { sum = 10, clue = { 5, 5 }, direction = "UL" },
      { sum = 2, clue = { 2, 5 }, direction = "UL" },
    } })
  end)

  it("makes a whisper of each pair along a line, one renban and one palindrome per line", function()
    local line = { { 1, 1 }, { 1, 2 }, { 2, 2 } }
    assert.same({
      { kind = "whisper", cells = { { 1, 1 }, { 1, 2 } } },
      { kind = "whisper", cells = { { 1, 2 }, { 2, 2 } } },
      { kind = "renban", cells = line },
      { kind = "palindrome", cells = line },
    }, rules_of{ whispers = { line }, renbans = { line }, palindromes = { line } })
  end)

  it("makes a sandwich of a row's or a column's cells in order", function()
    assert.same({
      { kind = "sandwich", cells = { { 2, 1 }, { 2, 2 }, { 2, 3 }, { 2, 4 } }, sum = 5 },
      { kind = "sandwich", cells = { { 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 3 } }, sum = 0 },
    }, rules_of{ sandwiches = { { row = 2, sum = 5 }, { column = 3, sum = 0 } } })
  end)

  it("leaves regions and diagonals to the board: they are no rules", function()
    assert.same({}, rules_of{ diagonals = { "main", "anti" }, regions = { { { 1, 1 }, { 2, 2 } } } })
  end)
end)

describe("sudoku.variant.board", function()
  it("places the givens, and adds the regions, the diagonals and the rules", function()
    local board = assert(variant.board(record_of{
      givens = "1..." .. ("."):rep(12), diagonals = { "main" }, regions = { { { 1, 4 }, { 4, 1 } } },
      antiknight = true,
    }))
    assert.equal(1, board:get(1, 1))
    assert.same({ { { 1, 4 }, { 4, 1 } }, { { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 } } }, board:regions())
    assert.same(rules_of{ antiknight = true }, board:rules())
  end)

  it("replaces the boxes by the first N regions when box is null", function()
    local jigsaw = {
      { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 } }, { { 2, 1 }, { 2, 2 }, { 2, 3 }, { 2, 4 } },
      { { 3, 1 }, { 3, 2 }, { 3, 3 }, { 3, 4 } }, { { 4, 1 }, { 4, 2 }, { 4, 3 }, { 4, 4 } },
    }
    local board = assert(variant.board(record_of{ box = require("dkjson").null, regions = jigsaw }))
    assert.same(jigsaw, board:jigsaw())
    assert.is_nil(select(2, board:size()))
  end)

  it("names the record and the fault in what it cannot build", function()
    local cases = {
      { { color = "red" }, "test-4x4: unknown key 'color'" },
      { { variants = { "killer", "spiral" } }, "test-4x4: variants[2]: unknown kind \"spiral\"" },
      { { cages = { { sum = 3, cells = { { 1, 1 }, { 5, 1 } } } } },
        "test-4x4: cages[1].cells[2]: cell [5, 1] is off the 4x4 board" },
      { { kropki_white = { { { 1, 1 }, { 1, 0 } } } },
        "test-4x4: kropki_white[1][2]: cell [1, 0] is off the 4x4 board" },
      { { regions = { { { 1, 1 }, { 9, 9 } } } },
        "test-4x4: regions[1][2]: cell [9, 9] is off the 4x4 board" },
      { { cages = { { sum = 8, cells = { { 1, 1 }, { 1, 2 } } } } },
        "test-4x4: cages[1].sum: 8 is impossible for 2 different values of 1..4 (3 to 7)" },
      { { cages = { { sum = 3, cells = { { 1, 1 } } }, { sum = "x", cells = { { 2, 1 } } } } },
        "test-4x4: cages[2].sum: expected a whole number, got \"x\"" },
      { { cages = { { total = 3, cells = { { 1, 1 } } } } },
        "test-4x4: cages[1]: unknown key 'total' (a cage has \"sum\" and \"cells\")" },
      { { thermos = 42 }, "test-4x4: thermos: expected a list, got 42" },
      { { kropki_black = { { { 1, 1 }, { 2, 2 } } } },
        "test-4x4: kropki_black[1]: cells [1, 1] and [2, 2] are not orthogonal neighbours" },
      { { arrows = { { circle = { 1, 1 }, lines = { { { 1, 2 }, { 1, 1 } } } } } },
        "test-4x4: arrows[1].lines[1][2]: the circle's cell [1, 1] is on its own line" },
      { { arrows = { { circle = { 1, 1 }, lines = { { { 1, 2 }, { 7, 1 } } } } } },
        "test-4x4: arrows[1].lines[1][2]: cell [7, 1] is off the 4x4 board" },
      { { little_killers = { { sum = 5, clue = { 2, 2 }, direction = "DR" } } },
        "test-4x4: little_killers[1].clue: [2, 2] is not outside the 4x4 grid" },
      { { little_killers = { { sum = 5, clue = { 0, 2 }, direction = "SE" } } },
        "test-4x4: little_killers[1].direction: expected \"DR\", \"DL\", \"UR\" or \"UL\", got \"SE\"" },
      { { little_killers = { { sum = 5, clue = { 0, 2 }, direction = "UR" } } },
        "test-4x4: little_killers[1]: the clue at [0, 2] points UR, away from the grid" },
      { { whispers = { { { 1, 1 } } } }, "test-4x4: whispers[1]: expected at least 2 cells, got 1" },
      { { sandwiches = { { row = 5, sum = 0 } } }, "test-4x4: sandwiches[1].row: 5 is off the 4x4 board" },
      { { sandwiches = { { row = 1, column = 1, sum = 0 } } },
        "test-4x4: sandwiches[1]: expected \"row\" or \"column\", not both" },
      { { cages = { { sum = 3, cells = { { 1, 1 }, { 1, 1 } } } } },
        "test-4x4: cages[1].cells: cell [1, 1] is listed twice" },
      { { thermos = { { { 1, 1 } } } }, "test-4x4: thermos[1]: expected at least 2 cells, got 1" },
      { { xv = { { type = "W", cells = { { 1, 1 }, { 1, 2 } } } } },
        "test-4x4: xv[1].type: expected \"X\" or \"V\", got \"W\"" },
      { { givens = "1234" }, "test-4x4: givens: expected 16 characters, got 4" },
      { { givens = "Z" .. ("."):rep(15) }, "test-4x4: givens: column 1: unexpected character 'Z'" },
      { { box = { 3, 3 } }, "test-4x4: box: " },
      { { size = 0 }, "test-4x4: size: expected a whole number from 1 to 64, got 0" },
      { { antiknight = "yes" }, "test-4x4: antiknight: expected true or false, got \"yes\"" },
      { { diagonals = { "middle" } },
        "test-4x4: diagonals[1]: expected \"main\" or \"anti\", got \"middle\"" },
      { { box = require("dkjson").null,
          regions = { { { 1, 1 } }, { { 1, 2 } }, { { 1, 3 } }, { { 1, 4 } } } },
        "test-4x4: regions[1..4] (jigsaw): " },
    }
    for _, case in ipairs(cases) do
      local board, err = variant.board(record_of(case[1]))
      assert.is_nil(board)
      assert.equal(case[2], err:sub(1, #case[2]))
    end
  end)

  it("turns a rule the board refuses into nil and a fault naming the rule's place", function()
    -- A board whose try_add_rule refuses as the core does a kind or field it lacks: the fault
    -- as data, its reason the words of the family's fault, under the rule's key and path.
    local refusing = {
      size = function() return 4 end,
      try_add_rule = function() return nil, { kind = "bad_rule", reason = "cage: sum out of range" } end,
    }
    local cages = require "sudoku.variant.cages"
    local record = record_of{ cages = { { sum = 3, cells = { { 1, 1 }, { 1, 2 } } } } }
    local ok, fault = cages.apply(refusing, record)
    assert.is_nil(ok)
    assert.same({ kind = "bad_variant", key = "cages", path = "cages[1]",
      reason = "cage: sum out of range" }, fault)
    assert.equal("cages[1]: cage: sum out of range", variant.message(fault))
    assert.equal("constraints.cages[1]: cage: sum out of range", variant.message(fault, "constraints"))
  end)

  it("raises for a record that is not a table", function()
    assert.has_error(function() variant.board("{}") end,
      "bad argument #1 to 'board' (table expected, got string)")
    assert.has_error(function() variant.rules(nil) end,
      "bad argument #1 to 'rules' (table expected, got nil)")
  end)

  it("is the façade's sudoku.variant", function()
    assert.equal(variant, sudoku.variant)
  end)
end)

describe("a board's rules in every search and copy", function()
  local gen = require "sudoku.gen"
  local recount = require("support.recount").count

  -- lisudoku's 6x6 anti-knight: unique under its rules, three solutions without them.
  local record
  for _, r in ipairs(variants.records("antiknight.jsonl")) do
    if r.size == 6 then record = r end
  end

  local function board_and_plain()
    local board = assert(variant.board(record))
    local plain = board:copy()
    plain:clear_rules()
    return board, plain
  end

  it("are honoured by solve, count, solutions, a Solver and is_solved", function()
    local board, plain = board_and_plain()
    assert.equal(1, board:count())
    assert.is_true(plain:count() > 1)
    local seen = 0
    for solution in board:solutions() do
      seen = seen + 1
      assert.equal(record.solution, solution:symbols())
    end
    assert.equal(1, seen)
    local solver = sudoku.Solver.new(board:copy())
    assert.equal("solved", solver:step())
    assert.equal(record.solution, solver:board():symbols())
    assert.is_true(board:solve())
    assert.equal(record.solution, board:symbols())
    assert.is_true(board:is_solved())
    -- A grid of the plain board that breaks a knight's move is solved without the rules only.
    for grid in plain:solutions() do
      if grid:symbols() ~= record.solution then
        assert.is_true(grid:is_solved())
        for _, spec in ipairs(board:rules()) do grid:add_rule(spec) end
        assert.is_false(grid:is_solved())
      end
    end
  end)

  it("reach b:solve and b:count on every size, 9x9 included (where the fast path declines)", function()
    for _, r in ipairs(variants.records("antiknight.jsonl")) do
      local board = assert(variant.board(r))
      local plain = board:copy()
      plain:clear_rules()
      assert.equal(1, board:count(2), r.id)
      assert.equal(2, plain:count(2), r.id)
      assert.is_true(board:solve(), r.id)
      assert.equal(r.solution, board:symbols(), r.id)
    end
  end)

  it("are kept by copy and compared by ==", function()
    local board, plain = board_and_plain()
    assert.is_true(board:copy() == board)
    assert.same(board:rules(), board:copy():rules())
    assert.is_false(plain == board)
  end)

  it("are kept by gen.solution and gen.puzzle, whose puzzles are unique under them", function()
    local board, plain = board_and_plain()
    local empty = sudoku.Board.new{ size = 6, box = { 2, 3 } }
    for _, spec in ipairs(board:rules()) do empty:add_rule(spec) end
    local grid = assert(gen.solution{ board = empty, seed = 7 })
    assert.same(board:rules(), grid:rules())
    assert.is_true(grid:is_solved())
    local puzzle, solution = gen.puzzle{ board = empty, seed = 7 }
    assert.same(board:rules(), puzzle:rules())
    assert.same(board:rules(), solution:rules())
    assert.equal(1, recount(puzzle))
    -- The rules did part of the work: without them the givens leave more than one grid.
    local bare = puzzle:copy()
    bare:clear_rules()
    assert.equal(2, recount(bare))
    assert.equal(0, #plain:rules())
  end)

  it("make gen.transform refuse the board, whose rules would not follow the cells", function()
    local board = board_and_plain()
    assert.has_error(function() gen.transform(board, 1) end,
      "bad argument #1 to 'transform' (a board with rules cannot be permuted freely)")
  end)

  it("of a killer: gen.puzzle keeps the cages and its puzzle is unique under them", function()
    local killer
    for _, r in ipairs(variants.records("killer.jsonl")) do
      if r.size == 6 and not killer then killer = r end
    end
    local board = assert(variant.board(killer))
    board:fill(("."):rep(36))
    local puzzle, solution = gen.puzzle{ board = board, seed = 3 }
    assert.same(board:rules(), puzzle:rules())
    assert.equal(1, recount(puzzle))
    assert.equal(killer.solution, solution:symbols())
  end)
end)
