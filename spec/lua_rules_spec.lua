-- Rules written in Lua: a board rule {kind = "lua", cells, propagate(ctx)} is woken when the
-- candidates of one of its cells change, reads and eliminates candidates through ctx inside the
-- search's own propagation, and fails by returning false. (Hostile rules are in
-- hostile_hooks_spec.lua, beside the hooks.)
local sudoku = require "sudoku"
local Board, Solver = sudoku.Board, sudoku.Solver

local sum_of_two = require("support.lua_rules").sum_of_two

-- The same rule as a predicate asked before each placement (the Solver's `constraint`).
local function sum_predicate(a, b, total)
  return function(board, r, c, v)
    local other
    if r == a[1] and c == a[2] then other = b elseif r == b[1] and c == b[2] then other = a end
    if not other then return true end
    local w = board:get(other[1], other[2])
    if w ~= 0 then return v + w == total end
    return total - v >= 1 and total - v <= board:size()
  end
end

local function count_with_solver(board, opts)
  local s = Solver.new(board, opts)
  local st
  repeat st = s:step() until st == "done" or st == "unsat"
  return s:stats().solutions
end

describe("a rule written in Lua", function()
  it("narrows the search like a native rule: 48 of the 288 4x4 grids have r1c1 + r1c2 = 3", function()
    local b = Board.new{ size = 4 }
    assert.equal(288, b:count())
    b:add_rule{ kind = "lua", cells = { { 1, 1 }, { 1, 2 } },
                propagate = sum_of_two({ 1, 1 }, { 1, 2 }, 3) }
    assert.equal(48, b:count())
    assert.is_true(b:solve())
    assert.equal(3, b:get(1, 1) + b:get(1, 2))
  end)

  it("finds the same solutions as the predicate form, at every level, on random 4x4 and 6x6 boards",
     function()
    local rng = require("sudoku.gen.random").new(7)
    local function draw(n) return rng:below(n) end
    for trial = 1, 16 do
      local size = trial % 2 == 0 and 6 or 4
      -- A random grid with about half its cells cleared: a few hundred solutions at most.
      local board = Board.new{ size = size }
      assert.equal("solved", Solver.new(board, { seed = trial }):step())
      for _ = 1, math.floor(size * size / 2) do board:set(draw(size), draw(size), 0) end
      local a = { draw(size), draw(size) }
      local b
      repeat b = { draw(size), draw(size) } until b[1] ~= a[1] or b[2] ~= a[2]
      local total = draw(2 * size - 1) + 1
      local expected = count_with_solver(board:copy(), { constraint = sum_predicate(a, b, total) })
      for _, level in ipairs{ "cheap", "medium", "slow" } do
        local ruled = board:copy()
        ruled:add_rule{ kind = "lua", cells = { a, b }, level = level,
                        propagate = sum_of_two(a, b, total) }
        assert.equal(expected, ruled:count(), ("trial %d, level %s"):format(trial, level))
        assert.equal(expected, count_with_solver(ruled))
      end
    end
  end)

  it("is woken only on its own cells: a rule on (4, 4) runs at the start and after (4, 4) changes",
     function()
    local b = sudoku.parse("1234341221434321")
    b:set(4, 4, 0)
    b:set(1, 1, 0)
    local calls = 0
    b:add_rule{ kind = "lua", cells = { { 4, 4 } }, propagate = function() calls = calls + 1 end }
    assert.is_true(b:solve())
    assert.is_true(calls >= 1 and calls <= 2, "calls: " .. calls)
  end)

  it("belongs to the board: rules() shows it, copy keeps it, == compares its function", function()
    local f = sum_of_two({ 1, 1 }, { 1, 2 }, 3)
    local b = Board.new{ size = 4 }
    b:add_rule{ kind = "lua", name = "sum 3", level = "medium", cells = { { 1, 1 }, { 1, 2 } },
                propagate = f }
    local spec = b:rules()[1]
    assert.same({ kind = "lua", name = "sum 3", level = "medium", cells = { { 1, 1 }, { 1, 2 } },
                  propagate = f }, spec)
    local copy = b:copy()
    assert.equal(b, copy)
    assert.equal(48, copy:count())
    local other = Board.new{ size = 4 }
    other:add_rule{ kind = "lua", name = "sum 3", level = "medium", cells = { { 1, 1 }, { 1, 2 } },
                    propagate = sum_of_two({ 1, 1 }, { 1, 2 }, 3) }
    assert.are_not.equal(b, other)
    b:clear_rules()
    assert.same({}, b:rules())
    assert.equal(288, b:count())
    assert.equal(48, copy:count())
  end)

  it("is refused with a message naming the field", function()
    local b = Board.new{ size = 4 }
    assert.has_error(function() b:add_rule{ kind = "lua", cells = { { 1, 1 } } } end,
      "bad argument #1 to 'add_rule' (lua: propagate must be a function)")
    assert.has_error(function()
      b:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = print, level = "fast" }
    end,
      "bad argument #1 to 'add_rule' (lua: level must be cheap, medium or slow)")
    assert.has_error(function()
      b:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = print, name = 3 }
    end,
      "bad argument #1 to 'add_rule' (lua: name must be a string)")
    assert.has_error(function()
      b:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = print, check = print }
    end,
      "bad argument #1 to 'add_rule' (lua: unknown field check (it takes cells, propagate,name?,level?))")
    assert.has_error(function() b:add_rule{ kind = "lua", cells = { { 5, 1 } }, propagate = print } end,
      "bad argument #1 to 'add_rule' (cell 1: cell (5, 1) is off the 4x4 board)")
    assert.same({}, b:rules())
  end)

  it("gets a context that works only inside its call, with checked arguments", function()
    local b = Board.new{ size = 4 }
    local kept, errors = nil, {}
    b:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = function(ctx)
      kept = ctx
      errors[#errors + 1] = select(2, pcall(ctx.has, ctx, 1, 1, 5))
      errors[#errors + 1] = select(2, pcall(ctx.candidates, ctx, 0, 1))
      assert(ctx:get(1, 1) == 0 or ctx:get(1, 1) == 1)
    end }
    assert.is_true(b:solve())
    assert.matches("value out of range 1..4", errors[1])
    assert.matches("row out of range 1..4", errors[2])
    assert.has_error(function() kept:candidates(1, 1) end,
      "a rule's context is only usable inside its propagate call")
  end)

  it("fails a branch by returning false, or when an elimination empties a cell", function()
    local b = Board.new{ size = 4 }
    b:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = function(ctx)
      if ctx:get(1, 1) == 1 then return false end
    end }
    assert.equal(216, b:count())
    local c = Board.new{ size = 4 }
    c:add_rule{ kind = "lua", cells = { { 2, 2 } }, propagate = function(ctx)
      for v = 1, 4 do
        if not ctx:eliminate(2, 2, v) then return end   -- the last one fails: nothing is left
      end
    end }
    assert.equal(0, c:count())
    assert.is_false(c:solve())
  end)

  it("raises its error out of Board:solve and Board:count, the board as it was", function()
    local b = sudoku.parse("12" .. string.rep(".", 14))
    local payload = { code = 42 }
    b:add_rule{ kind = "lua", cells = { { 4, 4 } }, propagate = function(ctx)
      if ctx:get(4, 4) ~= 0 then error(payload) end
    end }
    local ok, err = pcall(b.solve, b)
    assert.is_false(ok)
    assert.is_true(rawequal(payload, err))
    assert.equal("12" .. string.rep(".", 14), b:symbols())
    ok, err = pcall(b.count, b)
    assert.is_false(ok)
    assert.is_true(rawequal(payload, err))
    b:clear_rules()
    assert.equal(24, b:count())
  end)
end)

describe("on_eliminate", function()
  it("reports each elimination with the cell, the values and the reasoning's name", function()
    local b = sudoku.parse("12" .. string.rep(".", 14))
    b:add_rule{ kind = "different", cells = { { 2, 1 }, { 3, 2 } } }
    b:add_rule{ kind = "lua", name = "no 4 at r4c4", cells = { { 4, 4 } }, propagate = function(ctx)
      if ctx:get(4, 4) == 0 and ctx:has(4, 4, 4) then ctx:eliminate(4, 4, 4) end
    end }
    local seen = {}
    local s = Solver.new(b, { on_eliminate = function(r, c, values, name)
      assert.is_true(r >= 1 and r <= 4 and c >= 1 and c <= 4)
      assert.is_true(#values >= 1)
      seen[name] = true
    end })
    assert.equal("solved", s:step())
    assert.is_true(seen["no 4 at r4c4"])
    assert.is_true(seen["matching"] or seen["locked candidates"] or seen["different"])
  end)

  it("costs nothing when absent: the same tree with and without the hook", function()
    local givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    local plain = Solver.new(sudoku.parse(givens))
    local heard = Solver.new(sudoku.parse(givens), { on_eliminate = function() end })
    assert.equal("solved", plain:step())
    assert.equal("solved", heard:step())
    assert.same(plain:stats(), heard:stats())
  end)
end)
