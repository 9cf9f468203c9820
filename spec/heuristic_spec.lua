-- Heuristics: what a strategy may ask the solver, the ready strategies of sudoku.heuristic, how
-- they compose, and the state a strategy keeps.
local sudoku = require "sudoku"
local heuristic = require "sudoku.heuristic"
local data = require "support.data"
local classic = require "support.puzzles"

local Solver = sudoku.Solver

-- magictour top1465, the first puzzle, and its solution.
local TOP1 = classic.TOP1
local TOP1_SOLUTION = classic.TOP1_S

local function solve_with(puzzle, strategy, budget)
  local b = sudoku.parse(puzzle)
  local s = Solver.new(b, heuristic.options(strategy))
  local status = s:step(budget or 100000)
  return status, b, s
end

describe("the solver as a heuristic sees it", function()
  it("is handed to choose_cell and order_values as their last argument", function()
    local seen = {}
    local s
    s = Solver.new(sudoku.parse(TOP1), {
      choose_cell = function(_, solver) seen.choose = solver end,
      order_values = function(_, _, _, candidates, solver)
        seen.order = solver
        return candidates
      end,
    })
    assert.equal("solved", s:step())
    assert.equal(s, seen.choose)
    assert.equal(s, seen.order)
  end)

  it("tells a cell's candidates and their number as the search sees them", function()
    local checked = 0
    local s = Solver.new(sudoku.parse(TOP1), {
      choose_cell = function(board, solver)
        local n = board:size()
        for r = 1, n do
          for c = 1, n do
            local list = solver:candidates(r, c)
            if board:get(r, c) ~= 0 then list = {} end
            assert.equal(#list, solver:count(r, c))
            for v = 1, n do
              local listed = false
              for _, w in ipairs(list) do listed = listed or w == v end
              assert.equal(listed, solver:has(r, c, v))
            end
            checked = checked + 1
          end
        end
      end,
    })
    assert.equal("solved", s:step())
    assert.is_true(checked > 0)
  end)

  it("numbers the units rows first, then columns, then boxes, and says which hold a cell", function()
    local s = Solver.new(sudoku.parse(TOP1))
    local units = s:units()
    assert.equal(27, #units)
    assert.same({ 1, 1 }, units[1][1])
    assert.same({ 1, 9 }, units[1][9])
    assert.same({ 9, 1 }, units[10][9])
    assert.same({ { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 }, { 2, 2 }, { 2, 3 }, { 3, 1 }, { 3, 2 },
      { 3, 3 } }, units[19])
    assert.same({ 5, 14, 23 }, s:cell_units(5, 5))
    assert.equal(20, #s:peers(5, 5))
    for _, p in ipairs(s:peers(5, 5)) do
      assert.is_true(p[1] == 5 or p[2] == 5 or (math.floor((p[1] - 1) / 3) == 1 and
        math.floor((p[2] - 1) / 3) == 1))
    end
  end)

  it("counts a value's places in a unit, none once it is placed there", function()
    local b = sudoku.parse(TOP1)
    local s = Solver.new(b)
    -- Row 1 holds 4 and 3; before any search the places follow the board's candidates.
    assert.equal(0, s:places(1, 4))
    local expected = 0
    for c = 1, 9 do
      for _, v in ipairs(b:candidates(1, c)) do
        if v == 1 then expected = expected + 1 end
      end
    end
    assert.equal(expected, s:places(1, 1))
  end)

  it("reports failures per unit and per cell, the weights, the depth and the nodes", function()
    local depths, most, most_cell = {}, 0, 0
    local s
    s = Solver.new(sudoku.parse(TOP1), {
      choose_cell = function(_, solver)
        depths[#depths + 1] = solver:depth()
        assert.equal(solver:stats().nodes, solver:nodes())
        local sum = 0
        for _, u in ipairs(solver:cell_units(1, 2)) do sum = sum + 1 + solver:unit_failures(u) end
        assert.equal(sum, solver:weight(1, 2))
        for u = 1, 27 do most = math.max(most, solver:unit_failures(u)) end
        for r = 1, 9 do
          for c = 1, 9 do most_cell = math.max(most_cell, solver:failures(r, c)) end
        end
      end,
    })
    assert.equal("solved", s:step())
    assert.equal(0, depths[1])
    assert.is_true(most > 0, "a hard puzzle meets contradictions")
    assert.is_true(most_cell > 0, "some of them at a cell without candidates")
    -- A solver is its own: another one on the board has met nothing yet.
    local other = Solver.new(sudoku.parse(TOP1))
    assert.equal(0, other:failures(1, 2))
    assert.equal(3, other:weight(1, 2))
  end)

  it("raises for a unit, value or cell off the board", function()
    local s = Solver.new(sudoku.parse(TOP1))
    assert.has_error(function() s:places(28, 1) end, "bad argument #1 to 'places' (unit out of range 1..27)")
    assert.has_error(function() s:places(1, 10) end, "bad argument #2 to 'places' (value out of range 1..9)")
    assert.has_error(function() s:count(0, 1) end)
    assert.has_error(function() s:unit_failures(0) end)
  end)
end)

describe("choose_places", function()
  it("branches on the places of a value in a unit", function()
    local branched = {}
    local b = sudoku.parse(TOP1)
    local s = Solver.new(b, {
      choose_places = function(_, solver)
        for v = 1, 9 do
          if solver:places(1, v) > 0 then return 1, v end
        end
        return nil
      end,
      on_place = function(r, _, v, _, reason)
        if reason == "guess" then branched[#branched + 1] = { r, v } end
      end,
    })
    assert.equal("solved", s:step())
    assert.equal(TOP1_SOLUTION, b:symbols())
    -- Row 1's first guess is a value of row 1.
    assert.equal(1, branched[1][1])
  end)

  it("falls back to choose_cell, then the built-in choice, when it returns nil", function()
    local asked = 0
    local s = Solver.new(sudoku.parse(TOP1), {
      choose_places = function() return nil end,
      choose_cell = function() asked = asked + 1 end,
    })
    assert.equal("solved", s:step())
    assert.is_true(asked > 0)
  end)

  it("refuses a unit that cannot hold every value, or a value already placed in it", function()
    local b = sudoku.parse(TOP1)
    local ok, err = pcall(function()
      Solver.new(b, { choose_places = function() return 1, 4 end }):step()
    end)
    assert.is_false(ok)
    assert.equal("choose_places returned unit 1 and value 4, which is already placed there", err)
    ok, err = pcall(function()
      Solver.new(b, { choose_places = function() return 28, 1 end }):step()
    end)
    assert.is_false(ok)
    assert.matches("which the board does not have", err)
    ok, err = pcall(function()
      Solver.new(b, { choose_places = function() return "1", 2 end }):step()
    end)
    assert.is_false(ok)
    assert.equal("choose_places must return a unit and a value (or nil), got string and number 2", err)
    assert.equal(TOP1, b:symbols(), "the board is back as it was")
  end)
end)

describe("the ready strategies", function()
  it("are listed by name, each with a description", function()
    for _, name in ipairs(heuristic.NAMES) do
      local s = assert(heuristic.get(name))
      assert.equal(name, s.name)
      assert.is_string(s.description)
    end
    local none, err = heuristic.get("nope")
    assert.is_nil(none)
    assert.matches("unknown heuristic 'nope' %(known: first, mrv", err)
  end)

  for _, name in ipairs(heuristic.NAMES) do
    it(name .. " solves hard puzzles to their solution", function()
      for i, rec in ipairs(data.records(data.fixtures .. "top1465_first20.txt")) do
        local status, b = solve_with(rec[1], heuristic.get(name))
        assert.equal("solved", status, "puzzle " .. i)
        assert.equal(rec[2], b:symbols(), "puzzle " .. i)
      end
    end)
  end

  it("wdeg is the built-in choice: the same search, event for event", function()
    local stats = {}
    for i, opts in ipairs({ {}, heuristic.options(heuristic.get("wdeg")) }) do
      local s = Solver.new(sudoku.parse(TOP1), opts)
      s:step()
      stats[i] = s:stats()
    end
    assert.same(stats[1], stats[2])
  end)

  it("mrv in Lua takes the cell the built-in choice takes while nothing has failed", function()
    -- Before any contradiction dom/wdeg is MRV, ties row-major; the built-in may branch on a
    -- value's places instead, so compare the first cell of a search with cell branches only.
    local first = {}
    for i, opts in ipairs({ { order_values = function(_, _, _, c) return c end },
      heuristic.options(heuristic.get("mrv"), { order_values = function(_, _, _, c) return c end }) }) do
      opts.on_place = function(r, c, _, _, reason)
        if reason == "guess" and not first[i] then first[i] = { r, c } end
      end
      Solver.new(sudoku.parse(TOP1), opts):step()
    end
    assert.same(first[1], first[2])
  end)

  it("random is the same search for the same seed, run after run", function()
    local _, _, a = solve_with(TOP1, heuristic.get("random"))
    local _, _, b = solve_with(TOP1, heuristic.get("random"))
    assert.same(a:stats(), b:stats())
  end)

  it("random draws from the run's seed: another seed, another search", function()
    local random = heuristic.get("random")
    assert.equal(7, heuristic.options(random, nil, 7).seed)
    assert.equal(1, heuristic.options(random).seed)
    local differ = false
    for _, rec in ipairs(data.records(data.fixtures .. "top1465_first20.txt")) do
      local runs = {}
      for seed = 1, 2 do
        local b = sudoku.parse(rec[1])
        local s = Solver.new(b, heuristic.options(random, nil, seed))
        assert.equal("solved", s:step())
        assert.equal(rec[2], b:symbols())
        runs[seed] = s:stats()
      end
      if runs[1].nodes ~= runs[2].nodes or runs[1].guesses ~= runs[2].guesses then differ = true end
    end
    assert.is_true(differ)
  end)

  it("luby restarts", function()
    local restarts = 0
    for _, rec in ipairs(data.records(data.fixtures .. "top1465_first20.txt")) do
      local _, _, s = solve_with(rec[1], heuristic.get("luby"))
      restarts = restarts + s:stats().restarts
    end
    assert.is_true(restarts > 0)
  end)
end)

describe("composing strategies", function()
  it("breaks the primary's ties with the second's scores", function()
    local calls = { primary = 0, tie = 0 }
    local primary = { name = "p", description = "p", cell = function(_, _, _, count)
      calls.primary = calls.primary + 1
      return count
    end }
    local tie = { name = "t", description = "t", cell = function(_, r, c)
      calls.tie = calls.tie + 1
      return -(r * 10 + c)              -- the last cell of the tie in row-major order
    end }
    local both = heuristic.combine(primary, tie)
    assert.equal("p+t", both.name)
    local chosen
    local opts = heuristic.options(both)
    local inner = opts.choose_cell
    opts.choose_cell = function(board, solver)
      local r, c = inner(board, solver)
      if not chosen then
        -- The cell of fewest candidates that comes last.
        local best, br, bc = math.huge, nil, nil
        for rr = 1, 9 do
          for cc = 1, 9 do
            local k = solver:count(rr, cc)
            if k > 0 and k <= best then best, br, bc = k, rr, cc end
          end
        end
        chosen = { r, c, br, bc }
      end
      return r, c
    end
    Solver.new(sudoku.parse(TOP1), opts):step()
    assert.equal(chosen[3], chosen[1])
    assert.equal(chosen[4], chosen[2])
    assert.is_true(calls.tie > 0 and calls.tie < calls.primary, "asked only on ties")
  end)

  it("names itself from its parts, by description or else by name", function()
    local a = { name = "a", cell = function(_, _, _, count) return count end }
    local b = { name = "b", description = "the b rule", cell = function() return 0 end }
    assert.equal("a; ties: the b rule", heuristic.combine(a, b).description)
    assert.equal("a+b", heuristic.combine(a, b).name)
  end)

  it("refuses strategies that choose through hooks", function()
    assert.has_error(function() heuristic.combine(heuristic.get("unit"), heuristic.get("mrv")) end,
      "combine: 'unit' chooses through hooks, which cannot be combined; give it cell or value scores")
  end)

  it("refuses an option set twice", function()
    assert.has_error(function()
      heuristic.options(heuristic.get("mrv"), { choose_cell = function() end })
    end, "options: 'mrv' already sets choose_cell")
  end)
end)

describe("a strategy's state", function()
  it("is its own for each search, and starts again when the solver is reset", function()
    local made, calls = 0, {}
    local counting = {
      name = "counting", description = "MRV, counting its calls",
      state = function()
        made = made + 1
        return { calls = 0, id = made }
      end,
      cell = function(_, _, _, count, state)
        state.calls = state.calls + 1
        calls[state.id] = state.calls
        return count
      end,
    }
    local b = sudoku.parse(TOP1)
    local s = Solver.new(b, heuristic.options(counting))
    assert.equal("solved", s:step())
    local first_run = calls[1]
    s:reset()
    assert.equal("solved", s:step())
    assert.equal(2, made)
    assert.equal(first_run, calls[2], "the second run starts from a fresh state")
  end)

  it("a strategy file is loaded by path", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write('return { name = "mine", description = "fewest candidates", '
      .. 'cell = function(_, _, _, count) return count end }\n')
    f:close()
    local s = assert(heuristic.resolve(path))
    os.remove(path)
    assert.equal("mine", s.name)
    local base = os.tmpname()
    local bad = base .. ".lua"
    f = assert(io.open(bad, "w"))
    f:write('return { name = "x", colour = "red" }\n')
    f:close()
    local none, err = heuristic.resolve(bad)
    os.remove(bad)
    os.remove(base)
    assert.is_nil(none)
    assert.matches("unknown strategy field 'colour'", err)
  end)
end)
