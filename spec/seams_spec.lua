-- Where features meet: every consumer of a board on every kind of board. Each kind of board
-- (sizes and box shapes, jigsaw, extra regions, one board per native rule kind, a Lua rule, a
-- predicate constraint) is made into a unique puzzle by gen.puzzle, and then solved, counted,
-- stepped, saved and restored, copied, reasoned about by the logic, regenerated step by step,
-- written in every format, played and run by the lab. Every answer is held against an
-- independent checker (spec/support/rule_check.lua: the units and the rules, from the docs'
-- table) or against another consumer's answer; a pair that cannot work must refuse with a
-- message. Nothing may crash, answer nil without a reason, or answer wrong.
local sudoku = require "sudoku"
local gen = require "sudoku.gen"
local logic = require "sudoku.logic"
local play = require "sudoku.play"
local lab = require "sudoku.lab"
local heuristic = require "sudoku.heuristic"
local format = require "sudoku.format"
local rule_check = require "support.rule_check"

local Board, Solver = sudoku.Board, sudoku.Solver

local sum_rule = require("support.lua_rules").sum_rule

-- The board kinds: name, and a function giving an empty board (with its regions and rules),
-- the Solver options that carry rules outside the board (a predicate), and a check of a full
-- grid beyond rule_check's (for Lua rules and predicates).
local KINDS = {}
local function kind(name, make) KINDS[#KINDS + 1] = { name = name, make = make } end

for _, shape in ipairs{ { 4 }, { 6, 2, 3 }, { 6, 3, 2 }, { 8 }, { 9 }, { 12 }, { 16 }, { 25 } } do
  local label = shape[2] and ("%dx%d (%dx%d boxes)"):format(shape[1], shape[1], shape[2], shape[3])
    or ("%dx%d"):format(shape[1], shape[1])
  kind(label, function()
    return Board.new{ size = shape[1], box = shape[2] and { shape[2], shape[3] } or nil }
  end)
end

kind("9x9 jigsaw", function()
  local puzzle = gen.puzzle{ variant = "jigsaw", size = 9, seed = 4 }
  local board = Board.new{ size = 9 }
  board:set_regions(puzzle:jigsaw())
  return board
end)

kind("9x9 with extra regions (windoku)", function()
  local puzzle = gen.puzzle{ variant = "windoku", size = 9, seed = 4 }
  local board = Board.new{ size = 9 }
  for _, region in ipairs(puzzle:regions()) do board:add_region(region) end
  return board
end)

local GRID = assert(gen.solution{ size = 9, seed = 11 })
for _, rule_kind in ipairs{ "different", "consecutive", "ratio", "pair_sum", "not_consecutive",
  "not_ratio", "not_pair_sum", "less", "whisper", "allowed", "thermo", "renban", "palindrome",
  "same_values", "cage", "sum", "arrow", "sandwich" } do
  kind("9x9 with a " .. rule_kind .. " rule", function()
    local board = Board.new{ size = 9 }
    board:add_rule(rule_check.rule_kept_by(rule_kind, GRID))
    return board
  end)
end

kind("6x6 with a Lua rule that eliminates", function()
  local board = Board.new{ size = 6 }
  board:add_rule(sum_rule({ 1, 1 }, { 1, 2 }, 7, "pair adds up"))
  return board, nil, function(grid)
    return grid:get(1, 1) + grid:get(1, 2) == 7 or "the Lua rule's sum is broken"
  end
end)

kind("6x6 with a predicate constraint", function()
  -- r1c1 is even: asked of every placement.
  local opts = { constraint = function(_, r, c, v) return r ~= 1 or c ~= 1 or v % 2 == 0 end }
  return Board.new{ size = 6 }, opts, function(grid)
    return grid:get(1, 1) % 2 == 0 or "the predicate is broken"
  end
end)

-- A puzzle of each kind, made once: {name, board (empty), puzzle, solution, opts, extra}.
local cases = {}
for _, k in ipairs(KINDS) do
  local board, opts, extra = k.make()
  local puzzle, solution, info = gen.puzzle{ board = board, seed = 1, constraint = opts and opts.constraint }
  cases[#cases + 1] = { name = k.name, board = board, puzzle = puzzle, solution = solution,
    info = info, opts = opts, extra = extra }
end

local function holds(case, grid)
  assert.are.equal(grid:size() ^ 2, grid:filled(), case.name .. ": the grid is not full")
  assert.is_nil(rule_check.grid(case.puzzle, grid), case.name)
  if case.extra then assert.are.equal(true, case.extra(grid), case.name) end
  -- The givens are where the puzzle put them.
  local n = grid:size()
  for r = 1, n do
    for c = 1, n do
      local v = case.puzzle:get(r, c)
      if v ~= 0 then assert.are.equal(v, grid:get(r, c), case.name) end
    end
  end
end

-- The solution by a Solver with the case's options, stepped to the end: its count too.
local function solver_count(case)
  local s = Solver.new(case.puzzle:copy(), case.opts)
  local first
  while true do
    local status = s:step(1000)
    if status == "solved" then first = first or s:board():copy() end
    if status == "done" or status == "unsat" then break end
  end
  return s:stats().solutions, first
end

describe("every consumer on every kind of board", function()
  it("gen.puzzle makes a unique puzzle whose solution the checker accepts", function()
    for _, case in ipairs(cases) do
      assert.is_truthy(case.puzzle, case.name)
      holds(case, case.solution)
      local count = solver_count(case)
      assert.are.equal(1, count, case.name)
    end
  end)

  it("solve and count agree with the Solver and with the checker", function()
    for _, case in ipairs(cases) do
      if not case.opts then
        local b = case.puzzle:copy()
        assert.is_true(b:solve(), case.name)
        holds(case, b)
        assert.are.equal(case.solution:symbols(), b:symbols(), case.name)
        assert.are.equal(1, case.puzzle:count(2), case.name)
      end
      local _, first = solver_count(case)
      assert.are.equal(case.solution:symbols(), first:symbols(), case.name)
    end
  end)

  it("solutions iterates the one solution", function()
    for _, case in ipairs(cases) do
      local seen = {}
      for s in case.puzzle:solutions(case.opts) do seen[#seen + 1] = s:symbols() end
      assert.are.same({ case.solution:symbols() }, seen, case.name)
    end
  end)

  it("a Solver saved after one node and restored on the puzzle ends where the first does", function()
    for _, case in ipairs(cases) do
      local opts = { seed = 3 }
      for k, v in pairs(case.opts or {}) do opts[k] = v end
      local s = Solver.new(case.puzzle:copy(), opts)
      if s:step(1) == "running" then
        local saved = s:save()
        local again = assert(Solver.restore(case.puzzle:copy(), saved, case.opts))
        local status
        repeat status = again:step(1000) until status ~= "running"
        assert.are.equal("solved", status, case.name)
        holds(case, again:board())
      end
    end
  end)

  it("a Solver with on_eliminate solves as one without it, each event well formed", function()
    for _, case in ipairs(cases) do
      local opts = { on_eliminate = function(r, c, values, rule)
        assert.is_true(r >= 1 and c >= 1 and #values >= 1 and type(rule) == "string")
      end }
      for k, v in pairs(case.opts or {}) do opts[k] = v end
      local s = Solver.new(case.puzzle:copy(), opts)
      local status
      repeat status = s:step(1000) until status ~= "running"
      assert.are.equal("solved", status, case.name)
      assert.are.equal(case.solution:symbols(), s:board():symbols(), case.name)
    end
  end)

  it("a copy is equal, counts the same, and keeps the rules", function()
    for _, case in ipairs(cases) do
      local copy = case.puzzle:copy()
      assert.is_true(copy == case.puzzle, case.name)
      assert.are.same(case.puzzle:rules(), copy:rules(), case.name)
      if not case.opts then assert.are.equal(1, copy:count(2), case.name) end
    end
  end)

  -- Up to SE 6.0: the chains and forcing chains above it take minutes on 16x16 and seconds on
  -- some rules (sandwich, same_values), which the #long specs and make bench cover.
  local FAST = { max_rating = 6.0 }
  it("logic's hints and paths are sound against the solution, and rate answers", function()
    for _, case in ipairs(cases) do
      if case.puzzle:size() <= 16 then
        local steps, info = logic.steps(case.puzzle, FAST)
        assert.is_nil(logic.check(steps, case.solution), case.name)
        assert.is_boolean(info.solved, case.name)
        local rating, why = logic.rate(case.puzzle, FAST)
        assert.is_true(rating ~= nil or type(why) == "string", case.name)
        local hint = logic.hint(case.puzzle, FAST)
        if hint then
          assert.is_nil(logic.check({ hint }, case.solution), case.name)
          assert.matches("^<svg", logic.svg(case.puzzle, hint), case.name)
        end
      else
        assert.is_table(logic.hint(case.puzzle), case.name)
      end
    end
  end)

  it("gen.generator in slices makes the same puzzle as gen.puzzle", function()
    for _, case in ipairs(cases) do
      if case.puzzle:size() <= 9 then
        local g = gen.generator{ board = case.board, seed = 1,
          constraint = case.opts and case.opts.constraint }
        while g:step{ ms = 1 } == "running" do end
        local puzzle = g:result()
        assert.are.equal(case.puzzle:symbols(), puzzle:symbols(), case.name)
      end
    end
  end)

  it("canonical forms are given for plain 9x9 boards and refused with a reason elsewhere", function()
    for _, case in ipairs(cases) do
      local ok, form = pcall(gen.canonical, case.puzzle)
      local n, rows = case.puzzle:size()
      local plain = n == 9 and rows == 3 and #case.puzzle:rules() == 0 and #case.puzzle:regions() == 0
      if plain then
        assert.is_true(ok, case.name)
        assert.are.equal(1, form:count(2), case.name)
      else
        assert.is_false(ok, case.name)
        assert.is_string(form, case.name)
      end
    end
  end)

  it("every format writes and reads back the same puzzle, or says why it cannot", function()
    for _, case in ipairs(cases) do
      for _, name in ipairs(format.READ_NAMES) do
        local text, why = format.write(case.puzzle, name)
        if text then
          local rec, err = format.read(text, name, { box = { select(2, case.puzzle:size()) } })
          if rec then
            if not case.opts then
              assert.are.equal(1, rec.board:count(2), case.name .. " in " .. name)
            end
          else
            -- A format of fixed sizes (hdu, leetcode: 9x9) reads only what it can hold.
            assert.is_string(err, case.name .. " in " .. name)
          end
        else
          assert.is_string(why, case.name .. " in " .. name)
        end
      end
    end
  end)

  it("a game plays to the end and the lab solves it", function()
    for _, case in ipairs(cases) do
      if not case.opts then
        local game = assert(play.new(case.puzzle))
        local n = case.puzzle:size()
        for r = 1, n do
          for c = 1, n do
            if not game:is_given(r, c) then game:enter(r, c, case.solution:get(r, c)) end
          end
        end
        assert.is_true(game:solved(), case.name)
        local run = lab.solve(case.puzzle, heuristic.get("mrv"))
        assert.is_true(run.solved, case.name)
      end
    end
  end)
end)

describe("a Lua rule that fails, everywhere", function()
  local function failing(kind_of_failure)
    local board = Board.new{ size = 4 }
    board:add_rule{ kind = "lua", cells = { { 1, 1 }, { 1, 2 } }, propagate = function()
      if kind_of_failure == "error" then error("the rule fails") end
      coroutine.yield()
    end }
    return board
  end

  for _, failure in ipairs{ "error", "yield" } do
    it("raises from every consumer when the rule " .. failure .. "s, and the board stays usable", function()
      local board = failing(failure)
      local calls = {
        function() return board:copy():solve() end,
        function() return board:count(2) end,
        function() return Solver.new(board:copy()):step() end,
        function() return logic.hint(board) end,
        function() return logic.steps(board) end,
        function() return gen.solution{ board = board, seed = 1 } end,
        function() return gen.puzzle{ board = board, seed = 1 } end,
      }
      for i, call in ipairs(calls) do
        local ok, err = pcall(call)
        assert.is_false(ok, "call " .. i)
        assert.matches(failure == "error" and "the rule fails" or "yield", tostring(err))
      end
      -- Still a board: its values, copies and formats work.
      board:set(1, 1, 1)
      assert.are.equal(1, board:copy():get(1, 1))
    end)
  end
end)

describe("a board whose givens leave a cell no value, with a rule on that cell", function()
  -- r1c4 sees 1, 2 and 3 in its row and 4 in its column: no value is left for it.
  local function dead_end()
    local board = Board.new{ size = 4 }
    board:set(1, 1, 1); board:set(1, 2, 2); board:set(1, 3, 3); board:set(2, 4, 4)
    board:add_rule{ kind = "sum", cells = { { 1, 4 }, { 2, 1 } }, sum = 5 }
    return board
  end

  it("has no solution for the searches and gives the logic nothing to say about the rule", function()
    local board = dead_end()
    assert.are.equal(0, board:count())
    assert.is_false(board:copy():solve())
    for _, st in ipairs(logic.find(board)) do assert.are_not.equal("rule", st.technique) end
    local _, info = logic.steps(board)
    assert.is_false(info.solved)
    assert.is_nil(logic.rate(board))
  end)
end)
