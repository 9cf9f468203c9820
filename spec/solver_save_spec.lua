-- Saved games: s:save() gives a string, and Solver.restore(board, saved, opts) goes on with the
-- same search, event for event (docs/API.md, Solvers).
local sudoku = require "sudoku"
local data = require "support.data"
local Solver = sudoku.Solver

-- magictour top1465 #77: with seed 7 and restarts of scale 3, 122 nodes and 7 restarts.
local HARD = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"
local HARD_OPTS = {seed = 7, restart = {scale = 3}}
-- Gecode's first 16x16 (janko.at) less its first 20 givens: several solutions, 51 nodes to the
-- third with seed 3.
local WIDE = ("...................................................9.7.3.B6..FD..9..G...C......4G..46...." ..
  "9F.3.B..C5.1...BE.86..G.B.....E2G...D....3...596.....1.F..C2.76...B.E3..1.8.4D....7F..5E......" ..
  "F...D..9..AB..FG.1.3.C8....2.....F.......8F...BC..62.97..1.6.A..59.C.GB2.")
-- HARD less its first 10 givens, with a diagonal, a thermometer, a cage and two pairs that must
-- differ: 50 nodes to the fifth solution, one restart.
local VARIANT = ".....................................6..2..9...1..7..6...3..9...3..4..6...9..1..5"

local function variant_board()
  local b = sudoku.parse(VARIANT)
  local diagonal = {}
  for i = 1, 9 do diagonal[i] = {i, i} end
  b:add_region(diagonal)
  b:add_rule{kind = "thermo", cells = {{9, 1}, {8, 2}, {7, 3}}}
  b:add_rule{kind = "cage", cells = {{1, 9}, {2, 9}}, sum = 10}
  return b
end
local VARIANT_OPTS = {seed = 11, restart = {scale = 1, schedule = "geometric"},
                      different = {{{1, 2}, {2, 4}}, {{5, 5}, {6, 7}}}}

local function copy(t)
  local out = {}
  for k, v in pairs(t or {}) do out[k] = v end
  return out
end

-- opts with hooks that write every event to log, each as one line of its name and arguments.
local function recording(opts, log)
  local function note(...) log[#log + 1] = table.concat({...}, " ") end
  local o = copy(opts)
  o.on_place = function(r, c, v, depth, reason) note("place", r, c, v, depth, reason) end
  o.on_backtrack = function(r, c, v, depth) note("backtrack", r, c, v, depth) end
  o.on_undo = function(r, c, v, depth) note("undo", r, c, v, depth) end
  o.on_eliminate = function(r, c, values, rule) note("eliminate", r, c, table.concat(values, ","), rule) end
  o.on_solution = function(b) note("solution", b:symbols()) end
  return o
end

-- What restore takes: the options less the ones the saved search brings.
local function shaping_free(opts)
  local o = copy(opts)
  o.seed, o.restart = nil, nil
  return o
end

-- Steps s on until the search is over or `solutions` more solutions were found (nil: no limit),
-- or `steps` steps of `budget` nodes have run when those are given; logs each status.
local function run_on(s, log, solutions, budget, steps)
  local found = 0
  for _ = 1, steps or math.huge do
    local st = s:step(budget)
    log[#log + 1] = "status " .. st
    if st == "solved" then found = found + 1 end
    if st == "done" or st == "unsat" or (solutions and found >= solutions) then return end
  end
end

-- A search stepped `nodes` nodes (one step; 0: not stepped), saved, and both ways of going on
-- (run_on's, with solutions, budget and steps): the same solver, and a solver restored on a
-- fresh board. Returns the two event logs after the
-- save, the two final statistics, and the saved string.
local function both_ways(make_board, opts, nodes, solutions, budget, steps)
  local log = {}
  local board = make_board()
  local s = Solver.new(board, recording(opts, log))
  if nodes > 0 then s:step(nodes) end
  local saved = assert(s:save())
  local at_save = board:symbols()
  local stats_at_save = s:stats()
  local kept = #log

  local fresh = make_board()
  local log2 = {}
  local s2, err = Solver.restore(fresh, saved, recording(shaping_free(opts), log2))
  assert(s2, err)
  -- Nothing is lost: the restored search saves as the same text.
  assert.equal(saved, s2:save())
  assert.equal(at_save, fresh:symbols())
  assert.same(stats_at_save, s2:stats())
  assert.equal(s:status(), s2:status())

  run_on(s, log, solutions, budget, steps)
  run_on(s2, log2, solutions, budget, steps)
  local rest = {}
  for i = kept + 1, #log do rest[#rest + 1] = log[i] end
  return rest, log2, s:stats(), s2:stats(), saved
end

local function same_future(make_board, opts, nodes, solutions, budget, steps)
  local rest, restored, stats, stats2 = both_ways(make_board, opts, nodes, solutions, budget, steps)
  assert.same(rest, restored, "after " .. nodes .. " nodes")
  assert.same(stats, stats2, "after " .. nodes .. " nodes")
  return #rest
end

local function hard() return sudoku.parse(HARD) end

describe("Solver save and restore", function()
  it("go on with the same events and statistics from any node of a 9x9 search, seed and restarts", function()
    local log = {}
    local s = Solver.new(hard(), recording(HARD_OPTS, log))
    run_on(s, log)
    local total = s:stats().nodes
    assert.is_true(s:stats().restarts > 0, "the search has no restart to save across")
    for nodes = 1, total do
      assert.is_true(same_future(hard, HARD_OPTS, nodes) > 0 or nodes == total)
    end
  end)

  it("give back the whole search from a solver saved before its first step", function()
    local rest, restored, stats, stats2 = both_ways(hard, HARD_OPTS, 0)
    local log = {}
    run_on(Solver.new(hard(), recording(HARD_OPTS, log)), log)
    assert.same(log, rest)
    assert.same(log, restored)
    assert.same(stats, stats2)
  end)

  it("go on after a solution, counting the rest of the solutions", function()
    -- Several solutions: the save is taken at each "solved", the count goes on to the end.
    local function wide() return sudoku.parse(WIDE) end
    local s = Solver.new(wide(), {seed = 3})
    for _ = 1, 3 do
      assert.equal("solved", s:step())
      local saved = assert(s:save())
      local fresh = wide()
      local s2 = assert(Solver.restore(fresh, saved))
      assert.equal("solved", s2:status())
      assert.equal(s:board():symbols(), fresh:symbols())
      assert.equal(s:step(), s2:step())
      assert.equal(s:board():symbols(), fresh:symbols())
      assert.same(s:stats(), s2:stats())
    end
  end)

  it("go on with the same events on 16x16", function()
    local function wide() return sudoku.parse(WIDE) end
    for _, nodes in ipairs {1, 2, 5, 13, 30, 44} do same_future(wide, {seed = 3}, nodes, 3) end
  end)

  it("go on with the same events on 25x25, where every node probes", function()
    local line = data.puzzles(data.fixtures .. "gecode_25x25_third.txt")[1]
    local function big() return sudoku.parse(line) end
    -- Three more nodes, one at a time, after the root and after a few guesses.
    for _, nodes in ipairs {1, 4} do same_future(big, {}, nodes, nil, 1, 3) end
  end)

  it("go on with the same events on a variant with regions, rules and pairs, seed and restarts", function()
    local log = {}
    local s = Solver.new(variant_board(), recording(VARIANT_OPTS, log))
    run_on(s, log, 5)
    assert.is_true(s:stats().restarts > 0, "the search has no restart to save across")
    for nodes = 1, s:stats().nodes do same_future(variant_board, VARIANT_OPTS, nodes, 5) end
  end)

  it("keep a custom value order and the cells a hook chooses", function()
    local function reversed(_, _, _, candidates)
      local out = {}
      for i = #candidates, 1, -1 do out[#out + 1] = candidates[i] end
      return out
    end
    local function last_empty(b)
      for cell = 81, 1, -1 do
        local r, c = math.floor((cell - 1) / 9) + 1, (cell - 1) % 9 + 1
        if b:get(r, c) == 0 then return r, c end
      end
    end
    local opts = {order_values = reversed, choose_cell = last_empty}
    for _, nodes in ipairs {1, 3, 8, 20} do same_future(hard, opts, nodes) end
  end)

  it("keep the places a hook branches on, and the failure counts a strategy reads", function()
    local unit = require("sudoku.heuristic").options(require("sudoku.heuristic").get("unit"))
    for _, nodes in ipairs {1, 2, 5, 13} do same_future(hard, unit, nodes) end
    -- The counts heuristics read come back as they were.
    local s = Solver.new(hard())
    s:step(10)
    local s2 = assert(Solver.restore(hard(), assert(s:save())))
    for r = 1, 9 do
      for c = 1, 9 do assert.equal(s:failures(r, c), s2:failures(r, c)) end
    end
    for u = 1, 27 do assert.equal(s:unit_failures(u), s2:unit_failures(u)) end
    -- choose_places shapes the search: restoring without it is refused.
    local with = Solver.new(hard(), unit)
    with:step(3)
    local none, why = Solver.restore(hard(), assert(with:save()))
    assert.is_nil(none)
    assert.matches("other hooks (choose_cell, choose_places, order_values", why, 1, true)
  end)

  it("save a finished search as finished", function()
    local s = Solver.new(hard())
    run_on(s, {})
    local s2 = assert(Solver.restore(hard(), assert(s:save())))
    assert.equal("done", s2:status())
    assert.same(s:stats(), s2:stats())
    assert.equal("done", s2:step())
  end)

  it("is a short text of letters, digits, - and _, which %q and JSON keep as it is", function()
    local s = Solver.new(hard(), HARD_OPTS)
    s:step(40)
    local saved = s:save()
    assert.matches("^sdk1%.[%w%-_]+$", saved)
    assert.equal(("%q"):format(saved), '"' .. saved .. '"')
    -- A 9x9 mid-search: a few hundred bytes (docs/API.md gives the figures).
    assert.is_true(#saved < 600, #saved .. " bytes")
  end)

  it("restores on the board as the search started, and says so for the board as it was saved", function()
    local s = Solver.new(hard(), HARD_OPTS)
    s:step(10)
    local saved = s:save()
    local s2, err = Solver.restore(s:board():copy(), saved)
    assert.is_nil(s2)
    assert.matches("as it was when the search was saved", err)
    s2, err = Solver.restore(sudoku.parse(HARD:sub(1, 80) .. "."), saved)
    assert.is_nil(s2)
    assert.matches("started on another board", err)
    s2, err = Solver.restore(variant_board(), saved)
    assert.is_nil(s2)
    assert.matches("started on another board", err)
    s2, err = Solver.restore(sudoku.parse(WIDE), saved)
    assert.is_nil(s2)
    assert.matches("board of another shape", err)
  end)

  it("needs the same hooks that shape the search and the same rules of its own", function()
    local s = Solver.new(hard(), {on_place = function() end})
    s:step(5)
    local saved = s:save()
    -- Without a hook that may veto, values that appear nowhere are skipped as mirror images.
    local s2, err = Solver.restore(hard(), saved)
    assert.is_nil(s2)
    assert.matches("other hooks", err)
    s2, err = Solver.restore(hard(), saved, {on_place = function() end, choose_cell = function() end})
    assert.is_nil(s2)
    assert.matches("other hooks", err)
    s2, err = Solver.restore(hard(), saved, {on_place = function() end, different = {{{1, 2}, {2, 4}}}})
    assert.is_nil(s2)
    assert.matches("another board", err)
    assert.is_not_nil(Solver.restore(hard(), saved, {on_backtrack = function() end}))
  end)

  it("takes seed and restart from the saved search, not from the options", function()
    local saved = Solver.new(hard(), HARD_OPTS):save()
    local ok, err = pcall(Solver.restore, hard(), saved, {seed = 7})
    assert.is_false(ok)
    assert.matches("bad argument #3 to '[%w._?]+' %(seed comes from the saved search%)", err)
    ok, err = pcall(Solver.restore, hard(), saved, {restart = true})
    assert.is_false(ok)
    assert.matches("bad argument #3 to '[%w._?]+' %(restart comes from the saved search%)", err)
  end)

  it("returns nil and a message for every cut or damaged text, and never reads past it", function()
    local s = Solver.new(hard(), HARD_OPTS)
    s:step(25)
    local saved = s:save()
    for len = 0, #saved - 1 do
      local s2, err = Solver.restore(hard(), saved:sub(1, len))
      assert.is_nil(s2, len)
      assert.is_string(err)
    end
    local s2, err = Solver.restore(hard(), "hello")
    assert.is_nil(s2)
    assert.equal("not a saved search", err)
    assert.is_nil(Solver.restore(hard(), saved .. "A"))
    -- Each character changed to each other digit: the text is checked against the board and
    -- the replayed state, so what comes back is a solver that steps (whatever it then finds)
    -- or nil and a message.
    local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_!"
    local restored = 0
    for i = 6, #saved, 3 do
      for k = 1, #alphabet, 5 do
        local text = saved:sub(1, i - 1) .. alphabet:sub(k, k) .. saved:sub(i + 1)
        local b = hard()
        s2, err = Solver.restore(b, text)
        if s2 then
          restored = restored + 1
          s2:step(50)
        else
          assert.is_string(err)
          assert.equal(HARD, b:symbols():gsub("0", "."))
        end
      end
    end
    assert.is_true(restored > 0)
  end)

  it("is refused from inside the solver's own hooks", function()
    local s
    s = Solver.new(hard(), {on_place = function() s:save() end})
    assert.has_error(function() s:step() end,
                     "cannot save: the solver is running (a hook may not step or reset its own solver)")
  end)

  it("is refused from the hooks of another solver on the same board", function()
    local b = hard()
    local paused = Solver.new(b)
    paused:step(3)
    local ok, err
    local other = Solver.new(b, {on_place = function()
      if ok == nil then ok, err = pcall(paused.save, paused) end
    end})
    other:step(2)                          -- the root (nothing new to place), then a guess
    assert.is_false(ok)
    assert.matches("cannot save: the board is being solved by another solver", err, 1, true)
  end)

  it("waits for the next node when a time budget paused the search inside one", function()
    -- A rule that takes 3 ms: a 1 ms budget always runs out between two passes of the root's
    -- propagation, with work half done.
    local function slow_board()
      local b = hard()
      b:add_rule{kind = "lua", name = "slow", level = "cheap", cells = {{1, 1}, {5, 5}, {9, 9}},
                 propagate = function()
                   local until_then = os.clock() + 0.003
                   repeat until os.clock() > until_then
                 end}
      return b
    end
    local s = Solver.new(slow_board())
    assert.equal("running", s:step{ms = 1})
    local saved, err = s:save()
    assert.is_nil(saved)
    assert.equal("cannot save: the search is paused inside a node (by a time budget): step on to the "
                 .. "next node (step(1)) first", err)
    s:step(1)
    local s2 = assert(Solver.restore(slow_board(), assert(s:save())))
    assert.equal(s:step(), s2:step())
    assert.same(s:stats(), s2:stats())
    assert.equal(s:board():symbols(), s2:board():symbols())
  end)

  it("leaves a board that the next step finds changed unsaved", function()
    local b = hard()
    local s = Solver.new(b, HARD_OPTS)
    s:step(5)
    b:set(1, 2, 0)
    local saved, err = s:save()
    assert.is_nil(saved)
    assert.equal("cannot save: the board was changed while the search was paused", err)
  end)
end)
