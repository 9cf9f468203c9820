-- Bounds: a node budget bounds a search whatever the board, and the search keeps its depth on
-- its own stack, not on the C stack. Solving an empty 64x64 board to the end takes far too long
-- (it still runs after 30 s and 90,000 nodes on the development machine), so the specs step on
-- budgets and check what comes back, never wait for a full solution there.
--
-- The time limits are loose on purpose (a step of 200 nodes on 64x64 takes about 0.2 s of CPU
-- here; make sanitize and make valgrind run the same specs many times slower): they catch a
-- budget that is not honoured, not a slow machine.
local sudoku = require "sudoku"
local data = require "support.data"

local LIMIT = 120   -- seconds of CPU for any one budgeted step

-- Steps solver once with budget; returns the status, the nodes it ran and the CPU time.
local function timed_step(solver, budget)
  local before = solver:stats().nodes
  local t0 = os.clock()
  local status = solver:step(budget)
  return status, solver:stats().nodes - before, os.clock() - t0
end

-- A 25x25 board whose contradiction only shows deep in the search: 26 cells that must all
-- differ (a clique of `different` pairs, natively propagated), one more than there are values.
-- Nothing at the root sees it; the search fills hundreds of cells before each dead end.
local function deep_contradiction()
  local cells = {}
  for i = 1, 25 do cells[i] = { i, (i * 7) % 25 + 1 } end
  cells[26] = { 1, 25 }
  local different = {}
  for i = 1, #cells do
    for j = i + 1, #cells do different[#different + 1] = { cells[i], cells[j] } end
  end
  local board = sudoku.Board.new { size = 25 }
  return board, sudoku.Solver.new(board, { different = different })
end

describe("a node budget", function()
  it("bounds steps on an empty 64x64 board, which go on from where they stopped", function()
    local board = sudoku.Board.new { size = 64 }
    local solver = sudoku.Solver.new(board)
    local total = 0
    for _, budget in ipairs { 1, 7, 200 } do
      local status, nodes, seconds = timed_step(solver, budget)
      assert.equal("running", status)
      assert.equal("running", solver:status())
      assert.is_true(nodes <= budget and nodes >= 1, nodes)
      assert.is_true(seconds < LIMIT, seconds)
      total = total + nodes
    end
    assert.equal(total, solver:stats().nodes)
    -- The search really went deep: a guess per node, each one still open.
    assert.is_true(solver:stats().max_depth >= 150, solver:stats().max_depth)
    assert.is_true(board:filled() >= 150)
    assert.is_true(board:is_valid())
    solver:reset()
    assert.equal(0, board:filled())
  end)

  it("bounds a 25x25 search whose contradiction lies deep (unsat or budget spent)", function()
    local board, solver = deep_contradiction()
    local status, nodes, seconds = timed_step(solver, 3000)
    assert.is_true(status == "running" or status == "unsat", status)
    assert.is_true(nodes <= 3000)
    assert.is_true(seconds < LIMIT, seconds)
    local stats = solver:stats()
    -- Deep: hundreds of open guesses, and it has been backtracking.
    assert.is_true(stats.max_depth >= 100, stats.max_depth)
    assert.is_true(stats.backtracks > 0)
    assert.is_true(board:is_valid())
  end)

  it("always returns, with at most budget nodes, on every kind of board and with hooks", function()
    local hard = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    local makers = {
      function() local b = assert(sudoku.parse(hard)) return b, sudoku.Solver.new(b) end,
      function()
        local b = assert(sudoku.parse(hard))
        local placed = 0
        return b, sudoku.Solver.new(b, {
          on_place = function() placed = placed + 1 end,
          order_values = function(_, _, _, values) return values end,
        })
      end,
      function() local b = sudoku.Board.new { size = 16 } return b, sudoku.Solver.new(b) end,
      function() local b = sudoku.Board.new { size = 25 } return b, sudoku.Solver.new(b) end,
      function() local b = sudoku.Board.new { size = 64 } return b, sudoku.Solver.new(b) end,
      deep_contradiction,
    }
    for _, make in ipairs(makers) do
      for _, budget in ipairs { 1, 2, 5, 50 } do
        local _, solver = make()
        local status = "running"
        for _ = 1, 3 do
          local nodes, seconds
          status, nodes, seconds = timed_step(solver, budget)
          assert.is_true(nodes <= budget, nodes)
          assert.is_true(seconds < LIMIT, seconds)
          if status ~= "running" and status ~= "solved" then break end
        end
        assert.is_truthy(({ running = true, solved = true, done = true, unsat = true })[status])
      end
    end
  end)
end)

describe("the C stack", function()
  -- A child Lua with an 80 KB stack limit: a search that kept one C frame per open guess
  -- (100 bytes each at the least) could not go 1,000 guesses deep in it.
  local function run_with_stack(kb, script)
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(script)
    f:close()
    local lua = require("support.lua").interpreter   -- luajit under LuaJIT, not lua5.1
    local pipe = assert(io.popen(("cd '%s' && (ulimit -s %d && %s '%s') 2>&1; echo \"exit:$?\"")
      :format(data.root, kb, lua, path)))
    local out = pipe:read("*a")
    pipe:close()
    os.remove(path)
    return out
  end

  it("does not grow with the depth of the search or the size of the board #posix", function()
    local out = run_with_stack(80, [[
      package.path = "spec/?.lua;" .. package.path
      dofile("spec/helper.lua")
      local sudoku = require "sudoku"
      local board = sudoku.Board.new { size = 64 }
      local solver = sudoku.Solver.new(board)
      local status = solver:step(1100)
      io.write(status, " ", solver:stats().max_depth, "\n")
    ]])
    local status, depth = out:match("^(%a+) (%d+)\nexit:0\n$")
    assert.equal("running", status, out)
    assert.is_true(tonumber(depth) >= 1000, out)
  end)
end)

describe("integer arguments at the extremes", function()
  -- These went through a double on the way in ((lua_Integer)lua_tonumber(...)): 2^63 - 1 became
  -- 2^63, and converting that back is undefined behaviour (UBSan: "9.22337e+18 is outside the
  -- range of representable values of type 'long long int'").
  local huge = math.maxinteger or 2 ^ 53   -- Lua 5.1 and 5.2: the largest exact float

  it("are read exactly as seeds, limits, cells, choices and orders", function()
    local hard = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    local a, b = assert(sudoku.parse(hard)), assert(sudoku.parse(hard))
    assert.equal("solved", sudoku.Solver.new(a, { seed = huge }):step())
    assert.equal("solved", sudoku.Solver.new(b, { seed = huge }):step())
    assert.equal(a, b)
    local counts = sudoku.solve_many(hard .. "\n", { limit = huge })
    assert.equal(1, counts[1])
    local board = sudoku.Board.new { size = 9 }
    assert.has_error(function() board:add_region { { huge, 1 } } end)
    assert.has_error(function() board:add_region { { 1, -huge } } end)
    local chooser = sudoku.Solver.new(board, { choose_cell = function() return huge, 1 end })
    assert.has_error(function() chooser:step(1) end)
    local orderer = sudoku.Solver.new(board, { order_values = function() return { huge } end })
    assert.has_error(function() orderer:step(1) end)
  end)
end)
