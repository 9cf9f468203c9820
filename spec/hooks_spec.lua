-- Hooks: what the solver tells Lua, in which order, and how Lua steers or stops it.
local sudoku = require "sudoku"
local Solver = sudoku.Solver

-- Two solutions: the 1/2 rectangle in columns 1-2 of rows 1 and 3 can be swapped.
local TWO_WAYS = "..34" .. "3412" .. "..43" .. "4321"
local FIRST = "1234341221434321"
local SECOND = "2134341212434321"
local LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

local function recorder()
  local events = {}
  local hooks = {
    on_place = function(r, c, v, depth, why)
      events[#events + 1] = ("place %d,%d=%d depth %d %s"):format(r, c, v, depth, why)
    end,
    on_backtrack = function(r, c, v, depth)
      events[#events + 1] = ("backtrack %d,%d=%d depth %d"):format(r, c, v, depth)
    end,
    on_solution = function(board)
      events[#events + 1] = "solution " .. board:format("line")
    end,
  }
  return events, hooks
end

local function finish(s)
  local st
  repeat st = s:step() until st == "done" or st == "unsat"
  return st
end

describe("hook events", function()
  it("arrive in search order: guess, its singles (row-major), solution, backtrack", function()
    local events, hooks = recorder()
    local s = Solver.new(sudoku.parse(TWO_WAYS), hooks)
    assert.equal("done", finish(s))
    assert.same({
      "place 1,1=1 depth 1 guess",
      "place 1,2=2 depth 1 single",
      "place 3,1=2 depth 1 single",
      "place 3,2=1 depth 1 single",
      "solution " .. FIRST,
      "backtrack 1,1=1 depth 1",
      "place 1,1=2 depth 1 guess",
      "place 1,2=1 depth 1 single",
      "place 3,1=1 depth 1 single",
      "place 3,2=2 depth 1 single",
      "solution " .. SECOND,
      "backtrack 1,1=2 depth 1",
    }, events)
  end)

  it("tell naked singles from hidden singles, all at depth 0 when no guess is needed", function()
    local reasons = {}
    local s = Solver.new(sudoku.parse(LEETCODE), {on_place = function(_, _, _, depth, why)
      assert.equal(0, depth)
      reasons[why] = (reasons[why] or 0) + 1
    end})
    assert.equal("solved", s:step())
    assert.equal(51, (reasons.single or 0) + (reasons.hidden or 0))
    assert.is_nil(reasons.guess)
    assert.equal(s:stats().singles, reasons.single or 0)
    assert.equal(s:stats().hidden, reasons.hidden or 0)
  end)

  it("show the board as it stands: the placed value is on it, a retracted guess is gone", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b, {
      on_place = function(r, c, v) assert.equal(v, b:get(r, c)) end,
      on_backtrack = function(r, c) assert.equal(0, b:get(r, c)) end,
    })
    assert.equal("done", finish(s))
  end)

  it("cost nothing when absent: a solver without hooks gives the same statistics", function()
    local _, hooks = recorder()
    local a, b = Solver.new(sudoku.parse(TWO_WAYS), hooks), Solver.new(sudoku.parse(TWO_WAYS))
    finish(a)
    finish(b)
    assert.same(a:stats(), b:stats())
  end)
end)

describe("pruning from hooks", function()
  it("on_place returning false abandons the branch", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b, {on_place = function(r, c, v)
      if r == 1 and c == 1 and v == 1 then return false end
    end})
    assert.equal("solved", s:step())
    assert.equal(SECOND, b:format("line"))
    assert.equal("done", s:step())
    assert.equal(1, s:stats().solutions)
  end)

  it("on_place returning nil or true lets the search go on", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function() return true end})
    finish(s)
    assert.equal(2, s:stats().solutions)
  end)

  it("on_solution returning false rejects that solution", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_solution = function(board)
      return board:get(1, 1) == 2
    end})
    assert.equal("solved", s:step())
    assert.equal(SECOND, s:board():format("line"))
    assert.equal("done", s:step())
    assert.equal(1, s:stats().solutions)
  end)

  it("rejecting every solution ends unsat", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_solution = function() return false end})
    assert.equal("unsat", s:step())
  end)

  it("on_backtrack returning false skips the remaining values of that cell", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_backtrack = function() return false end})
    assert.equal("solved", s:step())
    assert.equal("done", s:step())
    assert.equal(1, s:stats().solutions)
  end)
end)

describe("heuristics", function()
  it("choose_cell picks the branching cell", function()
    local first
    local s = Solver.new(sudoku.parse(TWO_WAYS), {
      choose_cell = function() return 3, 2 end,
      on_place = function(r, c, _, _, why) if why == "guess" then first = first or {r, c} end end,
    })
    assert.equal("solved", s:step())
    assert.same({3, 2}, first)
  end)

  it("choose_cell returning nil falls back to the built-in choice", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b, {choose_cell = function() return nil end})
    assert.equal("solved", s:step())
    assert.equal(FIRST, b:format("line"))
  end)

  it("order_values decides the order of values, and may leave some out", function()
    local b = sudoku.parse(TWO_WAYS)
    local seen
    local s = Solver.new(b, {order_values = function(board, r, c, candidates)
      assert.equal(b, board)
      seen = {r, c, candidates}
      return {candidates[2], candidates[1]}
    end})
    assert.equal("solved", s:step())
    assert.same({1, 1, {1, 2}}, seen)
    assert.equal(SECOND, b:format("line"))

    local only = Solver.new(sudoku.parse(TWO_WAYS), {order_values = function(_, _, _, cands)
      return {cands[1]}
    end})
    finish(only)
    assert.equal(1, only:stats().solutions)
  end)

  it("a Lua heuristic still finds the right answer on a hard puzzle", function()
    -- Most-constrained cell, scanning from the bottom right: a different tree, the same answer.
    local data = require "support.data"
    local rec = data.shared_records("forum_hardest_1106_solved.txt")[2]
    local b = sudoku.parse(rec[1])
    local s = Solver.new(b, {choose_cell = function(board)
      local best, br, bc = 99
      for r = 9, 1, -1 do
        for c = 9, 1, -1 do
          if board:get(r, c) == 0 and #board:candidates(r, c) < best then
            best, br, bc = #board:candidates(r, c), r, c
          end
        end
      end
      return br, bc
    end})
    assert.equal("solved", s:step())
    assert.equal(rec[2], b:format("line"))
  end)
end)

describe("errors in hooks", function()
  local hook_names = {"on_place", "on_backtrack", "on_solution", "choose_cell", "order_values", "constraint"}

  for _, name in ipairs(hook_names) do
    it(name .. " raising an error reaches the caller; board and solver stay usable", function()
      local b = sudoku.parse(TWO_WAYS)
      local armed = true
      local s = Solver.new(b, {[name] = function(...)
        if armed then error("boom from " .. name, 0) end
        if name == "order_values" then return (select(4, ...)) end
        if name == "constraint" then return true end
      end})
      local ok, err = pcall(function()
        repeat local st = s:step() until st == "done" or st == "unsat"
      end)
      assert.is_false(ok)
      assert.equal("boom from " .. name, err)
      assert.equal(TWO_WAYS, b:format("line"))
      assert.equal("ready", s:status())
      armed = false
      assert.equal("done", finish(s))
      assert.equal(2, s:stats().solutions)
    end)
  end

  it("keeps non-string error values as they were raised", function()
    local payload = {code = 42}
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function() error(payload) end})
    local ok, err = pcall(s.step, s)
    assert.is_false(ok)
    assert.equal(payload, err)
  end)

  it("reports a wrong answer from choose_cell", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {choose_cell = function() return 2, 2 end})
    assert.has_error(function() s:step() end, "choose_cell returned (2, 2), which is not an empty cell")
    s = Solver.new(sudoku.parse(TWO_WAYS), {choose_cell = function() return "a" end})
    assert.has_error(function() s:step() end,
      "choose_cell must return a row and a column (or nil), got string and nil")
    s = Solver.new(sudoku.parse(TWO_WAYS), {choose_cell = function() return 5, 1 end})
    assert.has_error(function() s:step() end, "choose_cell returned (5, 1), which is off the board")
  end)

  it("reports a wrong answer from order_values", function()
    local function with(list)
      return Solver.new(sudoku.parse(TWO_WAYS), {order_values = function() return list end})
    end
    assert.has_error(function() with({3}):step() end,
      "order_values returned 3 for (1, 1), which is not a candidate there")
    assert.has_error(function() with({1, 1}):step() end, "order_values returned 1 twice for (1, 1)")
    assert.has_error(function() with("12"):step() end,
      "order_values must return a list of values, got string")
    assert.has_error(function() with({"1"}):step() end,
      "order_values returned a string at position 1, not a value")
  end)

  it("turns a yield inside a hook into an error instead of a crash", function()
    local yielded = false
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function()
      if not yielded then yielded = true; coroutine.yield() end
    end})
    local co = coroutine.create(function() return s:step() end)
    local ok, err = coroutine.resume(co)
    assert.is_false(ok)
    -- Each Lua words it its own way; the message is the interpreter's, not ours.
    local message = rawget(_G, "jit") and "attempt to yield across C%-call boundary"
      or _VERSION == "Lua 5.1" and "attempt to yield across metamethod/C%-call boundary"
      or "attempt to yield across a C%-call boundary"
    assert.matches(message, err)
    assert.equal("done", finish(s))
  end)
end)

describe("hooks that reach back into the search", function()
  it("cannot step or reset their own solver", function()
    local s
    s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function() s:step() end})
    assert.has_error(function() s:step() end,
      "cannot step: the solver is running (a hook may not step or reset its own solver)")
    s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function() s:reset() end})
    assert.has_error(function() s:step() end,
      "cannot reset: the solver is running (a hook may not step or reset its own solver)")
  end)

  it("cannot change the board being solved", function()
    local b = sudoku.parse(TWO_WAYS)
    local s = Solver.new(b, {on_place = function() b:set(4, 4, 0) end})
    assert.has_error(function() s:step() end,
      "cannot set a cell: the board is being solved (a hook may not change it)")
    assert.equal(TWO_WAYS, b:format("line"))
    s = Solver.new(b, {on_solution = function(board) board:solve() end})
    assert.has_error(function() s:step() end,
      "cannot solve: the board is being solved (a hook may not change it)")
    s = Solver.new(b, {on_place = function() b:add_region{{1, 1}} end})
    assert.has_error(function() s:step() end,
      "cannot add a region: the board is being solved (a hook may not change it)")
  end)

  it("cannot run a second solver on the same board", function()
    local b = sudoku.parse(TWO_WAYS)
    local other = Solver.new(b)
    local s = Solver.new(b, {on_place = function() other:step() end})
    assert.has_error(function() s:step() end, "cannot step: the board is being solved by another solver")
  end)

  it("may read the board, copy it, count it and solve copies", function()
    local b = sudoku.parse(TWO_WAYS)
    local counts = {}
    local s = Solver.new(b, {on_place = function()
      local copy = b:copy()
      counts[#counts + 1] = b:count()
      assert.is_true(copy:solve())
      assert.is_true(b:is_valid())
    end})
    assert.equal("done", finish(s))
    assert.equal(1, counts[1])   -- after the first guess only one completion is left
  end)

  it("survive collectgarbage() calls from inside", function()
    local s = Solver.new(sudoku.parse(TWO_WAYS), {on_place = function() collectgarbage() end})
    assert.equal("done", finish(s))
    assert.equal(2, s:stats().solutions)
  end)
end)

describe("Solver.new arguments", function()
  it("names a hook that is not a function", function()
    assert.has_error(function() Solver.new(sudoku.parse(TWO_WAYS), {on_place = 5}) end,
      "bad argument #2 to 'new' (on_place must be a function, got number)")
  end)

  it("needs a board", function()
    assert.has_error(function() Solver.new({}) end)
  end)
end)

describe("a hook's error", function()
  local HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

  local function failing_deep(n)
    if n == 0 then error({ code = 42 }) end
    return failing_deep(n - 1) + 0   -- not a tail call: every level stays on the stack
  end

  it("comes back from step unchanged, and solver:traceback() tells where it came from", function()
    local b = sudoku.parse(HARD)
    local s = sudoku.Solver.new(b, { on_place = function(_, _, v) if v == 7 then failing_deep(3) end end })
    assert.is_nil(s:traceback())
    local ok, err = pcall(s.step, s)
    assert.is_false(ok)
    assert.same({ code = 42 }, err)
    local tb = s:traceback()
    assert.matches("^%(error object is a table value%)\nstack traceback:\n", tb)
    assert.matches("in function 'error'", tb, 1, true)
    local _, levels = tb:gsub("hooks_spec%.lua:%d+:", "")
    assert.is_true(levels >= 4, tb)          -- failing_deep three times and the hook
    assert.equal(HARD, b:symbols())          -- the board is back as it was
  end)

  it("works the same for hooks called one at a time and for Lua rules", function()
    local b = sudoku.parse(HARD)
    local s = sudoku.Solver.new(b, { choose_cell = function() error("no choice") end })
    local ok, err = pcall(s.step, s)
    assert.is_false(ok)
    assert.matches("hooks_spec%.lua:%d+: no choice$", err)
    assert.matches("^" .. err:gsub("%p", "%%%0") .. "\nstack traceback:\n", s:traceback())

    local r = sudoku.parse(HARD)
    r:add_rule { kind = "lua", cells = { { 1, 1 } }, propagate = function() error("rule broke") end }
    local rs = sudoku.Solver.new(r)
    ok, err = pcall(rs.step, rs)
    assert.is_false(ok)
    assert.matches("rule broke$", err)
    assert.matches("rule broke\nstack traceback:\n", rs:traceback())
  end)

  it("is forgotten by the next step", function()
    local calls = 0
    local s = sudoku.Solver.new(sudoku.parse(HARD), {
      on_backtrack = function() calls = calls + 1; if calls == 1 then error("once") end end })
    assert.is_false(pcall(s.step, s))
    assert.is_string(s:traceback())
    assert.equal("solved", s:step())
    assert.is_nil(s:traceback())
  end)
end)

describe("on_undo", function()
  local HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

  -- A game's mirror of the board, kept from the events alone; checked against the board at
  -- every event.
  local function mirror_run(puzzle, opts_extra)
    local b = sudoku.parse(puzzle)
    local n = b:size()
    local mirror, log = {}, {}
    for r = 1, n do for c = 1, n do mirror[(r - 1) * n + c] = b:get(r, c) end end
    local function same()
      for r = 1, n do
        for c = 1, n do
          if mirror[(r - 1) * n + c] ~= b:get(r, c) then return false end
        end
      end
      return true
    end
    local opts = {
      on_place = function(r, c, v, _, reason)
        mirror[(r - 1) * n + c] = v
        log[#log + 1] = { "place", r, c, v, reason }
        assert(same(), "after a placement")
      end,
      on_undo = function(r, c, v)
        assert(mirror[(r - 1) * n + c] == v, "an undo of what was placed")
        mirror[(r - 1) * n + c] = 0
        log[#log + 1] = { "undo", r, c, v }
        assert(same(), "after an undo")
      end,
      on_backtrack = function(r, c, v)
        log[#log + 1] = { "backtrack", r, c, v }
        assert(same(), "at a backtrack")
      end,
    }
    for k, v in pairs(opts_extra or {}) do opts[k] = v end
    return b, sudoku.Solver.new(b, opts), log, same
  end

  it("reports every placement taken back, so that the events alone mirror the board", function()
    local b, s, log, same = mirror_run(HARD)
    assert.equal("solved", s:step())
    assert.is_true(same())
    local undos = 0
    for _, e in ipairs(log) do if e[1] == "undo" then undos = undos + 1 end end
    assert.is_true(undos > 100)
    assert.equal("done", s:step())            -- the search ends: its root placements go too
    assert.is_true(same())
    assert.equal(HARD, b:symbols())
  end)

  it("comes before on_backtrack, latest first, the guess's own placement last", function()
    local _, s, log = mirror_run(HARD)
    s:step()
    local checked = 0
    for i, e in ipairs(log) do
      if e[1] == "backtrack" then
        local before = log[i - 1]
        assert.same({ "undo", e[2], e[3], e[4] }, before)
        checked = checked + 1
      end
    end
    assert.is_true(checked > 50)
  end)

  it("mirrors restarts and searches that find nothing, on a 6x6 board too", function()
    local b, s = mirror_run(HARD, { restart = { scale = 2 } })
    assert.equal("solved", s:step())
    assert.is_true(s:stats().restarts > 0)
    local clash = "11" .. ("."):rep(79)
    local _, t, _, same = mirror_run(clash)
    assert.equal("unsat", t:step())
    assert.is_true(same())
    local six = sudoku.Board.new { box = { 2, 3 } }
    local _, u, _, same6 = mirror_run(six:symbols())
    for _ = 1, 5 do assert.equal("solved", u:step()) end
    assert.is_true(same6())
    assert.is_truthy(b)
  end)
end)

describe("hook arguments", function()
  it("are the same whatever parameters the hook declares (varargs get every one)", function()
    local HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    local two, all = {}, {}
    local s1 = sudoku.Solver.new(sudoku.parse(HARD), {
      on_place = function(r, c) two[#two + 1] = r * 10 + c end })
    local s2 = sudoku.Solver.new(sudoku.parse(HARD), { on_place = function(...)
      local r, c, _, _, reason = ...
      all[#all + 1] = r * 10 + c
      assert(select("#", ...) == 5 and type(reason) == "string")
    end })
    s1:step()
    s2:step()
    assert.same(all, two)
    assert.is_true(#two > 100)
  end)
end)
