-- Hostile hooks: every hook (on_place, on_backtrack, on_solution, choose_cell, choose_places,
-- order_values, constraint, on_eliminate) and a rule written in Lua (a board rule's propagate, "rule" below)
-- crossed with every way a hook can misbehave. Each case checks the outcome (a clean error with
-- the exact value or message, or the documented behaviour), that the board is back at its
-- starting values, and that the same solver and board still work afterwards.
local sudoku = require "sudoku"
local Solver = sudoku.Solver

-- Two solutions, one guess: every hook fires during the search.
local TWO_WAYS = "..34" .. "3412" .. "..43" .. "4321"
local FIRST = "1234341221434321"
local OTHER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local OTHER_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

-- 2^40 as an integer where the Lua has them (5.3+); before 5.3 every number is a float anyway.
local HUGE = math.tointeger and math.tointeger(2 ^ 40) or 2 ^ 40

local HOOKS = { "on_place", "on_backtrack", "on_undo", "on_solution", "choose_cell", "choose_places",
                "order_values", "constraint", "on_eliminate", "rule" }

-- The puzzle each hook's cases run on, its first solution and its number of solutions. A
-- search of TWO_WAYS removes no candidate beyond its units' own, so on_eliminate gets a puzzle
-- where locked candidates and the unit matching find something.
local BASE = { givens = TWO_WAYS, first = FIRST, solutions = 2 }
local BASES = setmetatable({
  on_eliminate = { givens = "12" .. string.rep(".", 14), first = "1234341221434321", solutions = 24 },
}, { __index = function() return BASE end })

-- A solver on board whose `name` hook is fn: an option of the solver, or for "rule" a rule
-- written in Lua that the board carries (woken when the search starts, then on its cell).
local function solver_with(name, board, fn)
  if name == "rule" then
    board:add_rule{ kind = "lua", cells = { { 1, 1 } }, propagate = fn }
    return Solver.new(board)
  end
  return Solver.new(board, { [name] = fn })
end
-- What each hook answers when it behaves.
local function behave(name, ...)
  if name == "order_values" then return (select(4, ...)) end
  if name == "constraint" then return true end
  return nil
end

local function finish(s)
  local st
  repeat st = s:step() until st == "done" or st == "unsat"
  return st
end

-- A solver on a fresh board whose `name` hook runs `act(ctx, ...)` the first time it is called
-- and behaves afterwards (or once disarmed).
local function setup(name, act)
  local base = BASES[name]
  local ctx = { board = sudoku.parse(base.givens), base = base, armed = true, calls = 0 }
  ctx.solver = solver_with(name, ctx.board, function(...)
    ctx.calls = ctx.calls + 1
    if ctx.armed then
      ctx.armed = false
      return act(ctx, ...)
    end
    return behave(name, ...)
  end)
  return ctx
end

-- The checks every case ends with: board back at its start, solver and board usable.
local function check_reusable(ctx)
  local base = ctx.base
  assert.equal(base.givens, ctx.board:symbols())
  assert.equal("ready", ctx.solver:status())
  ctx.armed = false
  assert.equal("solved", ctx.solver:step())
  assert.equal(base.first, ctx.board:symbols())
  assert.equal("done", finish(ctx.solver))
  assert.equal(base.solutions, ctx.solver:stats().solutions)
  assert.equal(base.givens, ctx.board:symbols())
  assert.is_true(ctx.board:solve())
  assert.equal(base.first, ctx.board:symbols())
end

-- Runs the search to its end; returns pcall's results.
local function run(ctx)
  return pcall(finish, ctx.solver)
end

-- Behaviours that raise out of step(): act, then the expected error (a value compared with
-- rawequal, or {pattern = ...}, or {message = ...} for an exact string).
local RAISING = {
  { "errors with a string", function() error("hostile hook", 0) end, { message = "hostile hook" } },
  { "errors with a string carrying a position", function() error("hostile hook") end,
    { pattern = "hostile_hooks_spec%.lua:%d+: hostile hook$" } },
  { "errors with a table", function(ctx) error(ctx.payload) end, "payload" },
  { "errors with nil", function() error(nil) end, { value = nil } },
  { "errors with false", function() error(false) end, { value = false } },
  { "errors with a number", function() error(42, 0) end, { value = 42 } },
  { "errors with NaN", function() error(0 / 0, 0) end, { nan = true } },
  { "errors with a userdata", function(ctx) error(ctx.userdata) end, "userdata" },
  { "errors with a function", function(ctx) error(ctx.fn) end, "fn" },
  { "steps its own solver", function(ctx) ctx.solver:step() end,
    { raised = "cannot step: the solver is running (a hook may not step or reset its own solver)" } },
  { "steps its own solver with a budget", function(ctx) ctx.solver:step(1) end,
    { raised = "cannot step: the solver is running (a hook may not step or reset its own solver)" } },
  { "resets its own solver", function(ctx) ctx.solver:reset() end,
    { raised = "cannot reset: the solver is running (a hook may not step or reset its own solver)" } },
  { "steps a second solver on the same board", function(ctx) Solver.new(ctx.board):step() end,
    { raised = "cannot step: the board is being solved by another solver" } },
  { "calls board:solve on the same board", function(ctx) ctx.board:solve() end,
    { raised = "cannot solve: the board is being solved (a hook may not change it)" } },
  { "sets a cell of the board", function(ctx) ctx.board:set(1, 1, 0) end,
    { raised = "cannot set a cell: the board is being solved (a hook may not change it)" } },
  { "fills the board", function(ctx) ctx.board:fill(FIRST) end,
    { raised = "cannot fill the board: the board is being solved (a hook may not change it)" } },
  { "adds a region to the board", function(ctx) ctx.board:add_region{ { 1, 1 }, { 2, 2 } } end,
    { raised = "cannot add a region: the board is being solved (a hook may not change it)" } },
  { "adds a rule to the board", function(ctx)
      ctx.board:add_rule{ kind = "different", cells = { { 1, 1 }, { 2, 2 } } }
    end, { raised = "cannot add a rule: the board is being solved (a hook may not change it)" } },
  { "runs a nested solver whose own hook raises", function()
      local inner = Solver.new(sudoku.parse(OTHER), { on_place = function() error("inner", 0) end })
      inner:step()
    end, { message = "inner" } },
}

describe("a hostile hook that raises", function()
  for _, name in ipairs(HOOKS) do
    for _, case in ipairs(RAISING) do
      local what, act, expected = case[1], case[2], case[3]
      it(name .. " " .. what .. ": the error reaches step's caller, board and solver recover", function()
        local ctx = setup(name, act)
        ctx.payload = { code = 42 }
        ctx.userdata = sudoku.Board.new{ size = 4 }
        ctx.fn = function() end
        local ok, err = run(ctx)
        assert.is_false(ok)
        if type(expected) == "string" then
          assert.is_true(rawequal(ctx[expected], err))
        elseif expected.message then
          assert.equal(expected.message, err)
        elseif expected.pattern then
          assert.matches(expected.pattern, err)
        elseif expected.raised then
          -- Raised by the binding with luaL_error: the hook's line, then the message. (On
          -- Windows busted names this file with backslashes.)
          assert.equal("string", type(err))
          assert.equal("spec/hostile_hooks_spec.lua:", (err:sub(1, 28):gsub("\\", "/")))
          assert.equal(": " .. expected.raised, err:match(":%d+(: .*)$"))
        elseif expected.nan then
          assert.is_true(err ~= err)
        else
          assert.is_true(rawequal(expected.value, err))
        end
        check_reusable(ctx)
      end)
    end

    it(name .. " yields inside a coroutine: an error, not a crash; the board recovers", function()
      local ctx = setup(name, function() coroutine.yield("out") end)
      local co = coroutine.create(function() return finish(ctx.solver) end)
      local ok, err = coroutine.resume(co)
      assert.is_false(ok)
      assert.matches("attempt to yield across .*C%-call boundary", err)
      assert.equal("dead", coroutine.status(co))
      check_reusable(ctx)
    end)

    it(name .. " raises inside a solve run from a coroutine: the coroutine gets the error", function()
      local ctx = setup(name, function() error("in co", 0) end)
      local co = coroutine.wrap(function() return pcall(finish, ctx.solver) end)
      local ok, err = co()
      assert.is_false(ok)
      assert.equal("in co", err)
      check_reusable(ctx)
    end)
  end
end)

-- Behaviours the search survives: act, then the solutions the first full run finds.
local SURVIVED = {
  { "calls collectgarbage() (full collection)", function(ctx, ...)
      collectgarbage()
      collectgarbage()
      return behave(ctx.name, ...)
    end },
  { "solves another board", function(ctx, ...)
      local other = sudoku.parse(OTHER)
      assert.is_true(other:solve())
      assert.equal(OTHER_SOLVED, other:symbols())
      return behave(ctx.name, ...)
    end },
  { "steps another solver with hooks of its own to the end", function(ctx, ...)
      local other = sudoku.parse(TWO_WAYS)
      other:add_rule{ kind = "lua", cells = { { 1, 2 } }, propagate = function() collectgarbage() end }
      local inner = Solver.new(other, { on_place = function() collectgarbage() end })
      assert.equal("done", finish(inner))
      assert.equal(TWO_WAYS, other:symbols())
      return behave(ctx.name, ...)
    end },
  { "counts and copies the board being solved", function(ctx, ...)
      assert.is_true(ctx.board:count() >= 1)
      assert.is_true(ctx.board:copy():solve())
      return behave(ctx.name, ...)
    end },
  { "reads the solver's state", function(ctx, ...)
      assert.equal("table", type(ctx.solver:stats()))
      assert.equal(ctx.board, ctx.solver:board())
      ctx.solver:status()
      ctx.solver:bytes()
      return behave(ctx.name, ...)
    end },
}

describe("a hostile hook the search survives", function()
  for _, name in ipairs(HOOKS) do
    for _, case in ipairs(SURVIVED) do
      local what, act = case[1], case[2]
      it(name .. " " .. what, function()
        local ctx = setup(name, act)
        ctx.name = name
        assert.equal("done", finish(ctx.solver))
        assert.equal(ctx.base.solutions, ctx.solver:stats().solutions)
        assert.equal(ctx.base.givens, ctx.board:symbols())
        ctx.solver:reset()
        check_reusable(ctx)
      end)
    end

    it(name .. " drops the last reference to its solver and collects: the step finishes", function()
      local holder, base = {}, BASES[name]
      local b = sudoku.parse(base.givens)
      local dropped = false
      holder.solver = solver_with(name, b, function(...)
        if not dropped then
          dropped = true
          holder.solver = nil
          collectgarbage()
          collectgarbage()
        end
        return behave(name, ...)
      end)
      local gone = setmetatable({ holder.solver }, { __mode = "v" })
      local st
      repeat st = holder.solver:step() until dropped   -- on_backtrack: on the second step
      -- The step kept its solver alive and finished; the solution it found stays on the board.
      assert.equal("solved", st)
      assert.is_true(b:is_solved())
      collectgarbage()
      collectgarbage()
      assert.is_nil(gone[1])
      assert.is_true(b:is_solved())
      b:fill(base.givens)
      assert.is_true(b:solve())
      assert.equal(base.first, b:symbols())
      assert.equal("done", finish(Solver.new(b:copy())))
    end)

    it(name .. " drops its solver while the search is paused: the guesses leave the board", function()
      local empty = string.rep(".", 81)
      local b = sudoku.parse(empty)
      local s = solver_with(name, b, function(...) return behave(name, ...) end)
      assert.equal("running", s:step(3))
      assert.is_true(b:filled() > 0)
      local weak = setmetatable({ s }, { __mode = "v" })
      s = nil   -- luacheck: ignore 311
      collectgarbage()
      collectgarbage()
      assert.is_nil(weak[1])
      assert.equal(empty, b:symbols())
      assert.is_true(b:solve())
      assert.is_true(b:is_solved())
    end)
  end
end)

-- Wrong answers: per hook, what comes back and what the search makes of it. `message` is the
-- exact error; `solutions` is the number found when the answer is accepted (documented: only an
-- explicit false vetoes in on_place/on_backtrack/on_solution, and constraint treats any truthy
-- value as yes).
local WRONG = {
  on_place = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return nil, false, "x", 1, 2 end, { solutions = 2 } },
    { "NaN", function() return 0 / 0 end, { solutions = 2 } },
    { "false (a veto)", function() return false end, { solutions = 1 } },
  },
  on_backtrack = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return true, false, 3 end, { solutions = 2 } },
    { "false (a veto)", function() return false end, { solutions = 1 } },
  },
  -- on_undo's answers are ignored: an undone placement cannot be vetoed.
  on_undo = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return true, false, 3 end, { solutions = 2 } },
    { "false (no veto)", function() return false end, { solutions = 2 } },
  },
  on_solution = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return nil, false end, { solutions = 2 } },
    { "false (a veto)", function() return false end, { solutions = 1 } },
  },
  on_eliminate = {
    { "a string", function() return "no" end, { solutions = 24 } },
    { "a table", function() return {} end, { solutions = 24 } },
    { "too many values", function() return nil, false end, { solutions = 24 } },
    { "false (a veto: the first elimination is at the root, so nothing is left)",
      function() return false end, { solutions = 0, unsat = true } },
  },
  rule = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return true, false end, { solutions = 2 } },
    { "false (no solution: it fails at the root)", function() return false end,
      { solutions = 0, unsat = true } },
  },
  constraint = {
    { "a string", function() return "no" end, { solutions = 2 } },
    { "a table", function() return {} end, { solutions = 2 } },
    { "too many values", function() return true, false, nil end, { solutions = 2 } },
    { "0 (truthy in Lua)", function() return 0 end, { solutions = 2 } },
    { "nothing (a veto)", function() end, { solutions = 0, unsat = true } },
  },
  choose_cell = {
    { "a string", function() return "a" end,
      { message = "choose_cell must return a row and a column (or nil), got string and nil" } },
    { "a table", function() return { 1, 1 } end,
      { message = "choose_cell must return a row and a column (or nil), got table and nil" } },
    { "a row without a column", function() return 1 end,
      { message = "choose_cell must return a row and a column (or nil), got number 1 and nil" } },
    { "NaN", function() return 0 / 0, 1 end,
      { pattern = "^choose_cell must return a row and a column %(or nil%), "
          .. "got number %-?nan and number 1$" } },
    { "infinity", function() return 1, math.huge end,
      { message = "choose_cell must return a row and a column (or nil), got number 1 and number inf" } },
    { "a float row", function() return 1.5, 1 end,
      { message = "choose_cell must return a row and a column (or nil), got number 1.5 and number 1" } },
    { "row 0", function() return 0, 1 end,
      { message = "choose_cell returned (0, 1), which is off the board" } },
    { "column 5", function() return 1, 5 end,
      { message = "choose_cell returned (1, 5), which is off the board" } },
    { "a negative row", function() return -1, 1 end,
      { message = "choose_cell returned (-1, 1), which is off the board" } },
    { "a huge row", function() return HUGE, 1 end,
      { message = "choose_cell returned (1099511627776, 1), which is off the board" } },
    { "a filled cell", function() return 2, 1 end,
      { message = "choose_cell returned (2, 1), which is not an empty cell" } },
    { "too many values", function() return 1, 1, 3, "x" end, { solutions = 2 } },
    { "nil and a column (built-in choice)", function() return nil, 3 end, { solutions = 2 } },
  },
  choose_places = {
    { "a string", function() return "a" end,
      { message = "choose_places must return a unit and a value (or nil), got string and nil" } },
    { "a unit without a value", function() return 1 end,
      { message = "choose_places must return a unit and a value (or nil), got number 1 and nil" } },
    { "NaN", function() return 0 / 0, 1 end,
      { pattern = "^choose_places must return a unit and a value %(or nil%), "
          .. "got number %-?nan and number 1$" } },
    { "a float value", function() return 1, 1.5 end,
      { message = "choose_places must return a unit and a value (or nil), got number 1 and number 1.5" } },
    { "unit 0", function() return 0, 1 end,
      { message = "choose_places returned unit 0 and value 1, which the board does not have" } },
    { "unit 13", function() return 13, 1 end,
      { message = "choose_places returned unit 13 and value 1, which the board does not have" } },
    { "value 5", function() return 1, 5 end,
      { message = "choose_places returned unit 1 and value 5, which the board does not have" } },
    { "a huge unit", function() return HUGE, 1 end,
      { message = "choose_places returned unit 1099511627776 and value 1, which the board does not have" } },
    { "a value placed in the unit", function() return 2, 3 end,
      { message = "choose_places returned unit 2 and value 3, which is already placed there" } },
    { "too many values", function() return 1, 1, 3, "x" end, { solutions = 2 } },
    { "nil and a value (a cell instead)", function() return nil, 3 end, { solutions = 2 } },
  },
  order_values = {
    { "a string", function() return "12" end,
      { message = "order_values must return a list of values, got string" } },
    { "nothing", function() end, { message = "order_values must return a list of values, got nil" } },
    { "a value that is not a candidate", function() return { 3 } end,
      { message = "order_values returned 3 for (1, 1), which is not a candidate there" } },
    { "0", function() return { 0 } end,
      { message = "order_values returned 0 for (1, 1), which is not a candidate there" } },
    { "a value above the size", function() return { 99 } end,
      { message = "order_values returned 99 for (1, 1), which is not a candidate there" } },
    { "a huge value", function() return { HUGE } end,
      { message = "order_values returned 1099511627776 for (1, 1), which is not a candidate there" } },
    { "a negative value", function() return { -1 } end,
      { message = "order_values returned -1 for (1, 1), which is not a candidate there" } },
    { "NaN", function() return { 0 / 0 } end,
      { pattern = "^order_values returned %-?nan at position 1, not a value$" } },
    { "infinity", function() return { 1, -math.huge } end,
      { message = "order_values returned -inf at position 2, not a value" } },
    { "a float", function() return { 1.5 } end,
      { message = "order_values returned 1.5 at position 1, not a value" } },
    { "a table in the list", function() return { {} } end,
      { message = "order_values returned a table at position 1, not a value" } },
    { "a repeated value", function() return { 1, 1 } end,
      { message = "order_values returned 1 twice for (1, 1)" } },
    { "more values than a cell holds", function() return { 1, 2, 1, 2, 1 } end,
      { message = "order_values returned 5 values, more than the 4 a cell can hold" } },
    { "too many values", function(_, _, _, _, cands) return cands, "x", 3 end, { solutions = 2 } },
    { "an empty list (nothing to try at that cell)", function() return {} end,
      { solutions = 0, unsat = true } },
  },
}

describe("a hook answering the wrong thing", function()
  for _, name in ipairs(HOOKS) do
    for _, case in ipairs(WRONG[name]) do
      local what, answer, expected = case[1], case[2], case[3]
      it(name .. " returning " .. what, function()
        -- Armed for the whole first run: every call answers wrongly (for vetoes, only the first).
        local base = BASES[name]
        local ctx = { board = sudoku.parse(base.givens), base = base, armed = true }
        local first = true
        ctx.solver = solver_with(name, ctx.board, function(...)
          if ctx.armed and (first or not expected.solutions) then
            first = not (name ~= "constraint" and expected.solutions)
            return answer(ctx, ...)
          end
          return behave(name, ...)
        end)
        if expected.solutions then
          local ok, st = pcall(finish, ctx.solver)
          assert.is_true(ok, st)
          assert.equal(expected.unsat and "unsat" or "done", st)
          assert.equal(expected.solutions, ctx.solver:stats().solutions)
          assert.equal(base.givens, ctx.board:symbols())
          ctx.solver:reset()
        else
          local ok, err = run(ctx)
          assert.is_false(ok)
          if expected.pattern then
            assert.matches(expected.pattern, err)
          else
            assert.equal(expected.message, err)
          end
        end
        check_reusable(ctx)
      end)
    end
  end
end)
