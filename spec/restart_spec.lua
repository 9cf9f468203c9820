-- Solver restarts: a run that has met its share of failures without a solution takes every
-- guess back and the search starts again from the root (docs/API.md, Solvers).
local sudoku = require "sudoku"
local Solver = sudoku.Solver

-- Arto Inkala's puzzle: one solution, found only after a few hundred failures.
local INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
local INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
-- The same with the 4 of row 8 removed: 85 solutions, the first after several restarts.
local EIGHTY_FIVE = INKALA:sub(1, 66) .. "." .. INKALA:sub(68)

-- Steps to the end; returns the solutions (as lines) and the final statistics.
local function all_solutions(line, opts)
  local s = Solver.new(sudoku.parse(line), opts)
  local found = {}
  while s:step() == "solved" do found[#found + 1] = s:board():symbols() end
  return found, s:stats()
end

describe("Solver restarts", function()
  it("are off unless asked for", function()
    local found, stats = all_solutions(INKALA)
    assert.same({INKALA_SOLUTION}, found)
    assert.equal(0, stats.restarts)
    local _, off = all_solutions(INKALA, {restart = false})
    assert.same(stats, off)
  end)

  it("start again from the root after a run's share of failures, and still find the solution", function()
    local s = Solver.new(sudoku.parse(INKALA), {restart = {scale = 1}})
    assert.equal("solved", s:step())
    assert.equal(INKALA_SOLUTION, s:board():symbols())
    assert.is_true(s:stats().restarts > 0, "no restart happened")
    -- The search is complete: after the solution it goes on to prove there is no other.
    assert.equal("done", s:step())
    assert.equal(1, s:stats().solutions)
  end)

  it("stop at the first solution, so counting finds every solution once", function()
    local plain = all_solutions(EIGHTY_FIVE)
    for _, schedule in ipairs {"luby", "geometric"} do
      local found, stats = all_solutions(EIGHTY_FIVE, {restart = {scale = 1, schedule = schedule}})
      assert.is_true(stats.restarts > 0, schedule .. ": no restart happened")
      assert.equal(85, #found)
      local seen = {}
      for _, line in ipairs(found) do
        assert.is_nil(seen[line], schedule .. ": a solution came twice")
        seen[line] = true
      end
      for _, line in ipairs(plain) do assert.is_true(seen[line], schedule .. ": a solution is missing") end
    end
  end)

  it("are deterministic: the same board and options walk the same search", function()
    local a, sa = all_solutions(EIGHTY_FIVE, {restart = {scale = 2}})
    local b, sb = all_solutions(EIGHTY_FIVE, {restart = {scale = 2}})
    assert.same(a, b)
    assert.same(sa, sb)
    -- A seed draws the order after a restart from the seeded generator instead.
    local _, s1 = all_solutions(INKALA, {restart = {scale = 2}, seed = 1})
    local _, s2 = all_solutions(INKALA, {restart = {scale = 2}, seed = 1})
    assert.same(s1, s2)
  end)

  it("tell on_backtrack of every guess they take back, innermost first", function()
    local open, backtracks = {}, 0
    local s = Solver.new(sudoku.parse(INKALA), {
      restart = {scale = 1},
      on_place = function(r, c, v, _, reason)
        if reason == "guess" then open[#open + 1] = {r, c, v} end
      end,
      on_backtrack = function(r, c, v)
        assert.same(table.remove(open), {r, c, v})
        backtracks = backtracks + 1
      end,
    })
    assert.equal("solved", s:step())
    assert.is_true(s:stats().restarts > 0)
    -- Every guess heard of was taken back, save those on the board now.
    assert.is_true(backtracks > s:stats().backtracks, "restarts took no guess back")
    assert.equal(s:stats().guesses - backtracks, #open)
  end)

  it("take true for the defaults, and refuse a bad option with a message", function()
    local s = Solver.new(sudoku.parse(INKALA), {restart = true})
    assert.equal("solved", s:step())
    local cases = {
      [{restart = 3}] = "restart must be a table or a boolean, got number",
      [{restart = {scale = 0}}] = "restart.scale must be a positive integer",
      [{restart = {scale = 2.5}}] = "restart.scale must be a positive integer",
      [{restart = {schedule = "fibonacci"}}] = 'restart.schedule must be "luby" or "geometric"',
      [{restart = {every = 10}}] = "restart: unknown field 'every'",
    }
    for opts, message in pairs(cases) do
      local ok, err = pcall(Solver.new, sudoku.parse(INKALA), opts)
      assert.is_false(ok)
      assert.matches("bad argument #2 to '[%w_.?]+' %(" .. message:gsub("%p", "%%%0") .. "%)", err)
    end
  end)
end)
