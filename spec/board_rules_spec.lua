-- Rules belong to the board: b:add_rule(spec) adds one (a kind of the core's rule table, or a
-- rule written in Lua: lua_rules_spec.lua), and every search on the board sees it. The kinds'
-- own behaviour has specs of their own (rules_*_spec.lua); this is what holds for every rule.
local sudoku = require "sudoku"
local Board, Solver = sudoku.Board, sudoku.Solver

-- A puzzle with one solution, and a pair of its cells that hold the same value there.
local GIVENS = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
-- r1c1 and r2c6 both hold 5 in the solution (a knight's move is not needed, any two cells do).
local SAME = { { 1, 1 }, { 2, 6 } }

describe("rules on the board", function()
  it("are seen by solve and count, even on a plain 9x9 (the fast path declines boards with rules)", function()
    local b = sudoku.parse(GIVENS)
    assert.equal(1, b:count())
    b:add_rule{ kind = "different", cells = SAME }
    assert.equal(0, b:count())
    assert.is_false(b:solve())
    assert.equal(GIVENS, b:symbols())
    b:clear_rules()
    assert.is_true(b:solve())
    assert.equal(SOLVED, b:symbols())
  end)

  it("are seen by a Solver and by b:solutions()", function()
    local b = sudoku.parse(GIVENS)
    b:add_rule{ kind = "different", cells = SAME }
    assert.equal("unsat", Solver.new(b):step())
    local n = 0
    for _ in b:solutions() do n = n + 1 end
    assert.equal(0, n)
  end)

  it("join a Solver's own rules (the different option), which stay the search's", function()
    local b = Board.new{ size = 4 }
    b:add_rule{ kind = "different", cells = { { 1, 1 }, { 2, 3 } } }
    local s = Solver.new(b, { different = { { { 1, 1 }, { 3, 2 } } } })
    local st
    repeat st = s:step() until st == "done"
    local both = b:copy()
    both:add_rule{ kind = "different", cells = { { 1, 1 }, { 3, 2 } } }
    assert.equal(144, b:count())
    assert.equal(both:count(), s:stats().solutions)
    assert.is_true(s:stats().solutions < 144)
    assert.equal(1, #b:rules())
  end)

  it("are kept by copy and compared by ==, in order", function()
    local a = Board.new{ size = 4 }
    a:add_rule{ kind = "different", cells = { { 1, 1 }, { 2, 3 } } }
    a:add_rule{ kind = "different", cells = { { 3, 1 }, { 4, 3 } } }
    local copy = a:copy()
    assert.equal(a, copy)
    assert.same(a:rules(), copy:rules())
    local swapped = Board.new{ size = 4 }
    swapped:add_rule{ kind = "different", cells = { { 3, 1 }, { 4, 3 } } }
    swapped:add_rule{ kind = "different", cells = { { 1, 1 }, { 2, 3 } } }
    assert.are_not.equal(a, swapped)
    copy:clear_rules()
    assert.are_not.equal(a, copy)
    assert.equal(2, #a:rules())
  end)

  it("make is_valid and is_solved judge the placed values by them too", function()
    local b = sudoku.parse(SOLVED)
    assert.is_true(b:is_solved())
    b:add_rule{ kind = "different", cells = SAME }
    assert.is_false(b:is_solved())
    assert.is_false((b:is_valid()))
  end)

  it("are refused with a message that names the fault, the board unchanged", function()
    local b = Board.new{ size = 4 }
    local cases = {
      { { kind = "nope", cells = {} }, "unknown kind of rule 'nope'" },
      { { cells = {} }, "a rule needs a kind (a string)" },
      { { kind = "different" }, "different: cells must be a list of {row, column} pairs" },
      { { kind = "different", cells = { { 1, 1 } } },
        "different: wrong number of cells for this kind of rule" },
      { { kind = "different", cells = { { 1, 1 }, { 1, 1 } } }, "different: cell 2 repeats (1, 1)" },
      { { kind = "different", cells = { { 1, 1 }, { 0, 1 } } }, "cell 2: cell (0, 1) is off the 4x4 board" },
      { { kind = "different", cells = { { 1, 1 }, { 1, 2 } }, sum = 3 },
        "different: unknown field sum (it takes cells)" },
    }
    for _, case in ipairs(cases) do
      assert.has_error(function() b:add_rule(case[1]) end,
        "bad argument #1 to 'add_rule' (" .. case[2] .. ")")
      -- try_add_rule, for specs that come from data: the same fault, returned as data.
      local count, fault = b:try_add_rule(case[1])
      assert.is_nil(count)
      assert.same({ kind = "bad_rule", reason = case[2] }, fault)
    end
    assert.same({}, b:rules())
    assert.equal(288, b:count())
  end)

  it("are added by try_add_rule as by add_rule, a Lua rule's faults returned too", function()
    local b = Board.new{ size = 4 }
    assert.equal(1, b:try_add_rule{ kind = "different", cells = { { 1, 1 }, { 1, 2 } } })
    assert.same({ kind = "bad_rule", reason = "a rule is a table, got number" },
      select(2, b:try_add_rule(5)))
    assert.same({ kind = "bad_rule", reason = "lua: propagate must be a function" },
      select(2, b:try_add_rule{ kind = "lua", cells = { { 1, 1 } } }))
    assert.equal(2, b:try_add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = function() end })
    assert.equal(2, #b:rules())
    -- What no data can cause still raises: a board a search is running on.
    local raised
    local s = Solver.new(b, { on_place = function()
      raised = select(2, pcall(b.try_add_rule, b, { kind = "different", cells = { { 2, 1 }, { 2, 2 } } }))
      return false
    end })
    s:step()
    assert.matches("cannot add a rule: the board is being solved", raised)
  end)

  it("cannot be added or cleared while a search runs on the board", function()
    local b = Board.new{ size = 4 }
    local errors = {}
    local s = Solver.new(b, { on_place = function()
      local rule = { kind = "different", cells = { { 1, 1 }, { 1, 2 } } }
      errors[#errors + 1] = select(2, pcall(b.add_rule, b, rule))
      errors[#errors + 1] = select(2, pcall(b.clear_rules, b))
      return false
    end })
    s:step()
    assert.matches("cannot add a rule: the board is being solved", errors[1])
    assert.matches("cannot clear the rules: the board is being solved", errors[2])
  end)

  it("make a paused search stale: adding one between steps is noticed", function()
    local b = Board.new{ size = 9 }
    local s = Solver.new(b)
    assert.equal("running", s:step(3))
    b:add_rule{ kind = "different", cells = { { 9, 9 }, { 8, 7 } } }
    assert.has_error(function() s:step() end,
      "cannot step: the board was changed while the search was paused (call reset() to start over)")
    s:reset()
    assert.equal("solved", s:step())
    assert.are_not.equal(b:get(9, 9), b:get(8, 7))
  end)
end)
