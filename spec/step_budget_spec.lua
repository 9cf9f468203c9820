-- solver:step{ms = ..., nodes = ...}: budgets a game can keep to. A time budget pauses inside
-- a node too (between two passes of propagation, or two probes on big boards), so one step
-- stays near its budget where a 25x25 node alone can take milliseconds; and the search goes on
-- exactly as if it had not paused.
local sudoku = require "sudoku"
local data = require "support.data"

local HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

-- Steps a solver on line until it stops being "running", with step_args; returns the on_place
-- events, the status, the steps and the final board.
local function run(line, step_args)
  local board = sudoku.parse(line)
  local events = {}
  local s = sudoku.Solver.new(board, {
    on_place = function(r, c, v) events[#events + 1] = r .. "," .. c .. "=" .. v end })
  local steps, status = 0
  repeat
    status = s:step(step_args)
    steps = steps + 1
  until status ~= "running"
  return table.concat(events, " "), status, steps, board:symbols(), s:stats().nodes
end

describe("solver:step with a budget table", function()
  it("{nodes = n} runs n nodes, as step(n) does", function()
    local a = sudoku.Solver.new(sudoku.parse(HARD))
    local b = sudoku.Solver.new(sudoku.parse(HARD))
    assert.equal(a:step(7), b:step { nodes = 7 })
    assert.equal(a:stats().nodes, b:stats().nodes)
    assert.equal(7, b:stats().nodes)
  end)

  it("{ms = t} pauses inside nodes on 25x25, and the search is the same as in one step", function()
    local line = data.shared_records("gecode_25x25.txt")[2][1]
    local e1, s1, _, b1, n1 = run(line, nil)
    local e2, s2, steps, b2, n2 = run(line, { ms = 0.01 })
    assert.equal("solved", s1)
    assert.equal(s1, s2)
    assert.equal(n1, n2)
    assert.equal(b1, b2)
    assert.equal(e1, e2)
    assert.is_true(steps > n2, steps .. " steps for " .. n2 .. " nodes")   -- paused inside nodes
  end)

  it("{ms = t} on 9x9 too: the same placements, solution and proof of uniqueness", function()
    local e1, _, _, b1 = run(HARD, nil)
    local e2, _, _, b2 = run(HARD, { ms = 0.001 })
    assert.equal(b1, b2)
    assert.equal(e1, e2)
  end)

  it("{ms = t} moves the search on at every step, even where t is shorter than any piece of work "
    .. "(a slow machine, an emulator)", function()
    -- A step spends its time budget only once it has done something: a node, a pass of
    -- propagation or a probe. Were it to look at the clock first, a budget that is gone before
    -- the step starts would pause every step where it began, and the game would never get on.
    for _, line in ipairs({ HARD, data.shared_records("gecode_25x25.txt")[2][1] }) do
      local e1, s1, _, b1, n1 = run(line, nil)
      local e2, s2, steps, b2, n2 = run(line, { ms = 1e-9 })
      assert.equal("solved", s1)
      assert.same({ s1, n1, b1, e1 }, { s2, n2, b2, e2 })
      assert.is_true(steps > n2, steps .. " steps for " .. n2 .. " nodes")
    end
  end)

  it("checks the table", function()
    local s = sudoku.Solver.new(sudoku.parse(HARD))
    local function raises(why, ...)
      local ok, err = pcall(s.step, s, ...)
      assert.is_false(ok)
      assert.matches(why, err, 1, true)
    end
    raises("budget.ms must be a number of seconds above 0", { ms = 0 })
    raises("budget.ms must be a number of seconds above 0", { ms = "2" })
    raises("budget: unknown field 'msec'", { msec = 1 })
    raises("budget.nodes must be an integer of at least 1", { nodes = 0 })
    raises("budget.nodes must be an integer of at least 1", { nodes = 1.5 })
    raises("no seconds after a budget table (use its ms)", { ms = 1 }, 2)
    assert.equal("solved", s:step {})   -- an empty table: no budget
  end)
end)
