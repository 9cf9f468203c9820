-- Human-style logic on a board with rules written in Lua: the logic runs the board's Lua rules
-- as it runs the native ones (each rule's eliminations one "rule" step, named by the rule's
-- `name`), through a host of its own, so a rule's error reaches the caller as Board:solve
-- raises it, and the pencil and the board stay usable afterwards.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local Board = sudoku.Board

local sum_rule = require("support.lua_rules").sum_rule

-- The values of a solved board, for holding steps against it.
local function solution_of(board)
  local copy = board:copy()
  assert(copy:solve())
  return copy
end

-- Every step's placements are the solution's values, and no elimination removes one.
local function assert_sound(steps, solution)
  for _, st in ipairs(steps) do
    for _, p in ipairs(st.placements) do
      assert.are.equal(solution:get(p[1], p[2]), p[3], st.text)
    end
    for _, e in ipairs(st.eliminations) do
      assert.are_not.equal(solution:get(e[1], e[2]), e[3], st.text)
    end
  end
end

describe("logic on a board with a Lua rule", function()
  it("reports the rule's eliminations as a step named by the rule", function()
    local b = Board.new{ size = 4 }
    b:add_rule(sum_rule({ 1, 1 }, { 1, 2 }, 3, "sum 3"))
    local step = logic.hint(b)
    assert.are.equal("rule", step.technique)
    assert.are.equal("sum 3 on r1c1, r1c2: r1c1 loses 3 and 4; r1c2 loses 3 and 4.",
      step.text:gsub("loses 3; r1c1 loses 4", "loses 3 and 4"):gsub("loses 3; r1c2 loses 4", "loses 3 and 4"))
    local elims = {}
    for _, e in ipairs(step.eliminations) do elims[#elims + 1] = table.concat(e, ",") end
    table.sort(elims)
    assert.are.same({ "1,1,3", "1,1,4", "1,2,3", "1,2,4" }, elims)
  end)

  it("names an unnamed Lua rule by its kind", function()
    local rule = sum_rule({ 1, 1 }, { 1, 2 }, 3)
    local b = Board.new{ size = 4 }
    b:add_rule(rule)
    assert.matches("^lua on r1c1, r1c2", logic.hint(b).text)
  end)

  it("runs it in find, steps, rate and a pencil's own calls, each step sound", function()
    -- A 9x9 puzzle with a few givens taken away, and a true sum on two of the freed cells.
    local full = assert(sudoku.parse(
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179"))
    local b = full:copy()
    for _, rc in ipairs{ { 1, 1 }, { 1, 2 }, { 5, 5 }, { 9, 9 }, { 3, 3 }, { 7, 1 } } do
      b:set(rc[1], rc[2], 0)
    end
    b:add_rule(sum_rule({ 1, 1 }, { 1, 2 }, full:get(1, 1) + full:get(1, 2), "pair sum"))
    local found = logic.find(b)
    assert.is_true(#found > 0)
    assert_sound(found, full)
    local steps, info = logic.steps(b)
    assert.is_true(info.solved)
    assert_sound(steps, full)
    assert.is_truthy(logic.rate(b))
    local pencil = logic.pencil(b)
    assert_sound({ pencil:hint() }, full)
    -- The pencil carries the rule: its board has it too, and counts as the original does.
    assert.are.equal(b:count(10), pencil:board():count(10))
    assert.are.equal(1, #pencil:board():rules())
  end)

  it("raises the rule's own error, and the board and the pencil stay usable", function()
    local calls = 0
    local function failing_once()
      calls = calls + 1
      if calls == 1 then error({ code = 7 }) end
    end
    local b = Board.new{ size = 4 }
    b:set(2, 1, 2); b:set(3, 1, 3); b:set(4, 1, 4)   -- r1c1 can only be 1
    b:add_rule{ kind = "lua", cells = { { 1, 3 }, { 1, 4 } }, propagate = failing_once }
    local pencil = logic.pencil(b)
    local ok, err = pcall(pencil.find, pencil)
    assert.is_false(ok)
    assert.are.same({ code = 7 }, err)
    -- The next call runs the rule again, which now passes: the single comes.
    assert.are.same({ { 1, 1, 1 } }, pencil:hint().placements)
    assert.are.equal(16, solution_of(b):filled())
    -- On an empty board no technique comes before the rule's step: each call runs the rule.
    local empty = Board.new{ size = 4 }
    empty:add_rule{ kind = "lua", cells = { { 1, 3 }, { 1, 4 } }, propagate = failing_once }
    local function rate_in_slices(board)
      local sliced = logic.pencil(board)
      local status
      repeat status = sliced:rate{ ms = 0.001 } until status ~= "running"
      return status
    end
    for _, call in ipairs{ logic.hint, logic.find, logic.steps, logic.rate, rate_in_slices } do
      calls = 0
      ok, err = pcall(call, empty)
      assert.is_false(ok)
      assert.are.same({ code = 7 }, err)
      assert.are.equal(1, calls)
    end
    assert.are.equal(288, empty:count())
  end)

  it("refuses a rule that yields with Lua's own error, inside a coroutine too", function()
    local b = Board.new{ size = 4 }
    b:add_rule{ kind = "lua", cells = { { 1, 1 }, { 1, 2 } }, propagate = function()
      coroutine.yield(1)
    end }
    local ok, err = coroutine.wrap(function() return pcall(logic.hint, b) end)()
    assert.is_false(ok)
    assert.matches("yield", err)
    assert.is_false((pcall(logic.hint, b)))
  end)

  it("runs beside a native rule, each named by its own kind", function()
    local b = Board.new{ size = 4 }
    b:add_rule(sum_rule({ 1, 1 }, { 1, 2 }, 3, "sum 3"))
    b:add_rule{ kind = "cage", cells = { { 2, 1 }, { 2, 2 } }, sum = 7 }
    local texts = {}
    for _, st in ipairs(logic.find(b)) do
      if st.technique == "rule" then texts[st.text:match("^[^:]*")] = true end
    end
    assert.is_true(texts["The cage on r2c1, r2c2 (sum 7)"])
    assert.is_true(texts["sum 3 on r1c1, r1c2"])
  end)
end)
