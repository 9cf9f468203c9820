-- Memory: the searches allocate nothing once started, and sizes are reported.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local core = require "sudoku.core"
local data = require "support.data"

-- Kilobytes the Lua state's collector gained while fn ran (userdata and whatever Lua objects the
-- calls make), with the collector stopped so nothing is freed meanwhile. The core's own blocks
-- come from the state's allocator too but the collector does not count them: see
-- spec/allocator_spec.lua, which counts the allocator itself (no call at all in a search). Under
-- LuaJIT the trace compiler is off meanwhile: the traces it records for the spec's own hot loop
-- are GC objects too, and they are not the core's.
local jit = rawget(_G, "jit")
local function growth(fn)
  if jit then jit.off(); jit.flush() end
  collectgarbage("collect")
  collectgarbage("stop")
  local before = collectgarbage("count")
  fn()
  local after = collectgarbage("count")
  collectgarbage("restart")
  if jit then jit.on() end
  return after - before
end

describe("memory", function()
  local hard = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."

  it("the general engine allocates nothing after its first step, however deep it goes", function()
    for _, line in ipairs { hard, ("."):rep(81), ("."):rep(256) } do
      local solver = sudoku.Solver.new(assert(sudoku.parse(line)))
      assert.equal("running", solver:step(1))
      local status
      assert.equal(0, growth(function() status = solver:step() end))
      assert.equal("solved", status)
    end
  end)

  it("the 9x9 fast path allocates nothing at all", function()
    local boards = {}
    for i, rec in ipairs(data.shared_records("forum_hardest_1106.txt")) do
      boards[i] = assert(sudoku.parse(rec[1]))
    end
    local counts = {}
    for i = 1, #boards do counts[i] = 0 end
    assert.equal(0, growth(function()
      for i = 1, #boards do counts[i] = boards[i]:count(2) end
    end))
    for i = 1, #boards do assert.equal(1, counts[i]) end
  end)

  it("reports bytes per board, per general solver and per fast-path object", function()
    local b9, b25 = sudoku.Board.new { size = 9 }, sudoku.Board.new { size = 25 }
    assert.is_true(b9:bytes() > 81 and b25:bytes() > b9:bytes())
    local solver = sudoku.Solver.new(b9)
    assert.is_true(solver:bytes() > 0)
    assert.is_true(sudoku.core.debug.fast9_bytes() > 0)
  end)

  it("a solver's undo trail is sized by the candidates its puzzle leaves open", function()
    -- Every change the trail records takes a candidate away, so the candidates at the root bound
    -- it: a puzzle with givens needs less than an empty board, and a hard 9x9 search stays
    -- under the 21,931 bytes the engine took before it kept a trail (64-bit figure; smaller on
    -- 32-bit builds), with its eliminations in the same trail.
    local function bytes_after_search(line)
      local solver = sudoku.Solver.new(assert(sudoku.parse(line)))
      assert.equal("solved", solver:step())
      return solver:bytes()
    end
    local puzzle, empty = bytes_after_search(hard), bytes_after_search(("."):rep(81))
    assert.is_true(puzzle < empty, puzzle .. " >= " .. empty)
    assert.is_true(puzzle < 21931, puzzle)
    local big = bytes_after_search(("."):rep(256))
    assert.is_true(big > empty)
  end)

  describe("dropped objects are collected as the program goes", function()
    -- The collector modes this Lua has: 5.4's generational (the standalone interpreter's
    -- default, where dropped solvers once waited by the hundred for a major collection) and
    -- incremental, and 5.2's two; 5.1, 5.3 and LuaJIT have one mode, and no name to ask for it by.
    local function each_mode(fn)
      local modes = {}
      for _, mode in ipairs { "generational", "incremental" } do
        if pcall(collectgarbage, mode) then modes[#modes + 1] = mode end
      end
      if #modes == 0 then return fn("the only mode") end
      -- 5.4 answers the mode it leaves; 5.2 answers 0, and starts in incremental mode.
      local before = collectgarbage("incremental")
      if type(before) ~= "string" then before = "incremental" end
      for _, mode in ipairs(modes) do
        collectgarbage(mode)
        fn(mode)
      end
      collectgarbage(before)
    end

    -- Makes n objects with make(i), each dropped before the next, and returns the most that
    -- were still uncollected at once (a weak table sees them until the collector takes them)
    -- and the largest size of Lua's own heap meanwhile, in bytes.
    local function churn(n, make)
      local seen = setmetatable({}, { __mode = "v" })
      local most, heap = 0, 0
      collectgarbage("collect")
      for i = 1, n do
        seen[i] = make(i)
        local uncollected = 0
        for _ in pairs(seen) do uncollected = uncollected + 1 end
        most = math.max(most, uncollected)
        heap = math.max(heap, collectgarbage("count") * 1024)
      end
      return most, heap
    end

    -- What the core holds for dropped objects and the collector has not taken yet stays under
    -- 8 MB plus the size of Lua's own heap (docs/API.md, Board:close): at most that many objects
    -- of at least `bytes` each, beside the one in hand and the one just dropped.
    local function bound(bytes, heap)
      return math.floor((8 * 1024 * 1024 + heap) / bytes) + 2
    end

    it("64x64 solvers, each stepped once (which sizes its trail) and dropped", function()
      local bytes = 0
      each_mode(function(mode)
        local most, heap = churn(60, function()
          local board = sudoku.Board.new { size = 64 }
          local solver = sudoku.Solver.new(board)
          assert.equal("running", solver:step(1))
          bytes = board:bytes() + solver:bytes()
          return solver
        end)
        assert.is_true(bytes > 4000000, bytes)
        assert.is_true(most <= bound(bytes, heap),
          ("%s: %d of 60 solvers uncollected at once (bound %d)"):format(mode, most, bound(bytes, heap)))
      end)
    end)

    it("64x64 pencils (a board's copy and two grids of marks each)", function()
      -- A pencil holds a copy of its board and two grids of marks, each with a bit for every
      -- pair of cells (whether they see each other): 4 MB on 64x64.
      local cells = 64 * 64
      local bytes = sudoku.Board.new { size = 64 }:bytes() + 2 * cells * cells / 8
      each_mode(function(mode)
        local most, heap = churn(40, function()
          return logic.pencil(sudoku.Board.new { size = 64 }, nil, { assume_unique = true })
        end)
        assert.is_true(most <= bound(bytes, heap),
          ("%s: %d of 40 pencils uncollected at once (bound %d)"):format(mode, most, bound(bytes, heap)))
      end)
    end)

    it("canonical sets filled by the thousand and dropped", function()
      -- A set of 4,000 forms holds a table of 81-byte forms (the command's dedup keeps one for
      -- millions of puzzles); set:bytes() says how much.
      local lines, bytes = {}, 0
      local grid = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
      for i = 1, 4000 do
        -- Distinct classes: blanks in the binary digits of i, over the first 13 cells.
        local cells = {}
        for k = 1, 81 do
          local bit = k <= 13 and math.floor(i / 2 ^ (k - 1)) % 2 == 1
          cells[k] = bit and "." or grid:sub(k, k)
        end
        lines[i] = table.concat(cells)
      end
      each_mode(function(mode)
        local most, heap = churn(60, function()
          local set = core.canon_set()
          for _, line in ipairs(lines) do set:add(line) end
          bytes = set:bytes()
          return set
        end)
        assert.is_true(bytes > 300000, bytes)
        assert.is_true(most <= bound(bytes, heap),
          ("%s: %d of 60 sets uncollected at once (bound %d)"):format(mode, most, bound(bytes, heap)))
      end)
    end)

    it("but not while the program has stopped the collector", function()
      if _VERSION == "Lua 5.1" and not jit then
        pending("Lua 5.1 cannot tell a stopped collector: the binding collects there regardless")
        return
      end
      collectgarbage("collect")
      collectgarbage("stop")
      local seen = setmetatable({}, { __mode = "v" })
      for i = 1, 5 do   -- 24 MB of the core's memory, more than it lets lie otherwise
        local solver = sudoku.Solver.new(sudoku.Board.new { size = 64 })
        solver:step(1)
        seen[i] = solver
      end
      local uncollected = 0
      for _ in pairs(seen) do uncollected = uncollected + 1 end
      collectgarbage("restart")
      assert.equal(5, uncollected)
    end)
  end)
end)
