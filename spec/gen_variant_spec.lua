-- gen.puzzle{variant = ...}: killer, thermo, kropki, XV, arrow, X, windoku and jigsaw puzzles.
-- Every puzzle made here is re-counted by a count that does not lean on the rules the
-- generator counted with (bench/gen_variant.lua: a search of its own in Lua for the region
-- variants, the Lua twins of the rules of bench/predicate.lua on the general engine for the
-- others, and a killer's cages as sums and regions with the region arithmetic written out): it
-- must find exactly one solution, the one gen.puzzle returned, which keeps the givens and
-- satisfies every rule of its board.
local sudoku = require "sudoku"
local gen = require "sudoku.gen"
local format = require "sudoku.format"
local record = require "sudoku.format.record"
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path
local bench = require "bench.gen_variant"

-- The sizes each variant is tried at, and the seeds (the #slow sweep takes more).
local CASES = {
  { "killer", { 4, 6, 9 } }, { "thermo", { 4, 6, 9 } }, { "kropki", { 4, 6, 9 } },
  { "xv", { 6, 9 } }, { "arrow", { 4, 6, 9 } }, { "x", { 4, 6, 9 } }, { "windoku", { 9 } },
  { "jigsaw", { 4, 6, 9 } },
}
local SEEDS, SLOW_SEEDS = { 1, 2, 3 }, 25

-- Seed 42's 4x4 killer and jigsaw as generated on Lua 5.4: the same on every version and
-- platform.
local GOLDEN_42 = {
  killer = '{"size":4,"box":[2,2],"givens":"................","constraints":{"cages":[{"cells":'
    .. '[[1,1],[1,2],[1,3]],"sum":9},{"cells":[[1,4],[2,4]],"sum":4},{"cells":[[2,1],[3,1],[4,1]],'
    .. '"sum":8},{"cells":[[2,2],[2,3],[3,3]],"sum":9},{"cells":[[3,2],[4,2]],"sum":3},{"cells":'
    .. '[[3,4],[4,3],[4,4]],"sum":7}]}}',
  jigsaw = '{"size":4,"box":null,"givens":"1..........3..4.","regions":[[[1,1],[1,2],[1,3],[2,3]],'
    .. '[[1,4],[2,4],[3,3],[3,4]],[[2,1],[2,2],[3,1],[3,2]],[[4,1],[4,2],[4,3],[4,4]]]}',
}

-- nil, or what is wrong with the puzzle of `opts`.
local function problem(opts)
  local puzzle, solution, info = gen.puzzle(opts)
  if not puzzle then return solution end
  local wrong = bench.check(sudoku, puzzle, solution, info)
  if wrong then return wrong end
  if info.variant ~= opts.variant then return "info.variant is " .. tostring(info.variant) end
  -- The board carries the rules: the schema's record builds the same board and rules.
  local again = assert(sudoku.variant.board(info.record))
  if again ~= puzzle or #again:rules() ~= #puzzle:rules() then
    return "info.record builds another board"
  end
  if #puzzle:rules() ~= #solution:rules() then return "the solution lost the rules" end
  return nil, puzzle, solution, info
end

local function sweep(name, sizes, seeds)
  local failures = {}
  for _, n in ipairs(sizes) do
    for _, seed in ipairs(seeds) do
      local why = problem{ variant = name, size = n, seed = seed }
      if why then failures[#failures + 1] = ("%s %dx%d seed %d: %s"):format(name, n, n, seed, why) end
    end
  end
  assert.same({}, failures)
end

describe("gen.puzzle{variant = ...}", function()
  for _, case in ipairs(CASES) do
    local name, sizes = case[1], case[2]
    it(("makes unique %s puzzles of %s, re-counted independently"):format(name,
        table.concat(sizes, ", ")), function()
      sweep(name, sizes, SEEDS)
    end)
  end

  it("makes killers with no givens, every cell in one cage of at most 6 cells", function()
    for _, n in ipairs{ 4, 6, 9 } do
      local puzzle, _, info = gen.puzzle{ variant = "killer", size = n, seed = 7 }
      assert.are.equal(0, puzzle:filled())
      assert.are.equal(0, info.clues)
      local seen, cells = {}, 0
      for _, cage in ipairs(info.constraints.cages) do
        assert.is_true(#cage.cells >= 1 and #cage.cells <= 6)
        for _, cell in ipairs(cage.cells) do
          local key = cell[1] * 100 + cell[2]
          assert.is_nil(seen[key])
          seen[key], cells = true, cells + 1
        end
      end
      assert.are.equal(n * n, cells)
      assert.are.equal(#info.constraints.cages, #puzzle:rules())
    end
  end)

  it("draws every kropki dot and XV mark of the solution, with the negative rule", function()
    local puzzle, solution, info = gen.puzzle{ variant = "kropki", size = 6, seed = 3 }
    assert.is_true(info.constraints.kropki_negative)
    local dots = #info.constraints.kropki_white + #info.constraints.kropki_black
    -- Each of the 60 pairs of neighbours has a dot or the two negative rules.
    assert.are.equal(dots + 2 * (60 - dots), #puzzle:rules())
    for _, pair in ipairs(info.constraints.kropki_white) do
      local a, b = solution:get(pair[1][1], pair[1][2]), solution:get(pair[2][1], pair[2][2])
      assert.are.equal(1, math.abs(a - b))
    end
    local _, xv_solution, xv = gen.puzzle{ variant = "xv", size = 9, seed = 3 }
    assert.is_true(xv.constraints.xv_negative)
    for _, mark in ipairs(xv.constraints.xv) do
      local a = xv_solution:get(mark.cells[1][1], mark.cells[1][2])
      local b = xv_solution:get(mark.cells[2][1], mark.cells[2][2])
      assert.are.equal(mark.type == "X" and 10 or 5, a + b)
    end
  end)

  it("draws thermometers and arrows as king-move paths true of the solution", function()
    local _, solution, info = gen.puzzle{ variant = "thermo", size = 9, seed = 4 }
    assert.is_true(#info.constraints.thermos >= 1)
    local function step(a, b)
      return math.max(math.abs(a[1] - b[1]), math.abs(a[2] - b[2])) == 1
    end
    for _, line in ipairs(info.constraints.thermos) do
      assert.is_true(#line >= 3 and #line <= 6)
      for k = 2, #line do
        assert.is_true(step(line[k - 1], line[k]))
        assert.is_true(solution:get(line[k][1], line[k][2]) > solution:get(line[k - 1][1], line[k - 1][2]))
      end
    end
    local _, arrow_solution, arrows = gen.puzzle{ variant = "arrow", size = 9, seed = 4 }
    assert.is_true(#arrows.constraints.arrows >= 2)
    for _, arrow in ipairs(arrows.constraints.arrows) do
      local shaft, sum = arrow.lines[1], 0
      assert.is_true(step(arrow.circle, shaft[1]))
      for k, cell in ipairs(shaft) do
        if k > 1 then assert.is_true(step(shaft[k - 1], cell)) end
        sum = sum + arrow_solution:get(cell[1], cell[2])
      end
      assert.are.equal(arrow_solution:get(arrow.circle[1], arrow.circle[2]), sum)
    end
  end)

  it("lays out jigsaws of N connected regions of N cells", function()
    for _, n in ipairs{ 4, 6, 9 } do
      for seed = 1, 3 do
        local puzzle, _, info = gen.puzzle{ variant = "jigsaw", size = n, seed = seed }
        local regions = puzzle:jigsaw()
        assert.are.equal(n, #regions)
        assert.same(info.regions, regions)
        local owner = {}
        for k, region in ipairs(regions) do
          assert.are.equal(n, #region)
          for _, cell in ipairs(region) do
            local i = (cell[1] - 1) * n + cell[2]
            assert.is_nil(owner[i])
            owner[i] = k
          end
        end
        for k, region in ipairs(regions) do
          -- Connected: a walk over orthogonal neighbours from the first cell reaches all.
          local start = region[1]
          local seen, stack, reached = { [(start[1] - 1) * n + start[2]] = true }, { start }, 1
          while #stack > 0 do
            local cell = table.remove(stack)
            for _, d in ipairs{ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
              local r, c = cell[1] + d[1], cell[2] + d[2]
              local i = (r - 1) * n + c
              if r >= 1 and r <= n and c >= 1 and c <= n and owner[i] == k and not seen[i] then
                seen[i], reached = true, reached + 1
                stack[#stack + 1] = { r, c }
              end
            end
          end
          assert.are.equal(n, reached)
        end
      end
    end
  end)

  it("adds X's diagonals and windoku's windows as regions", function()
    local x, _, xinfo = gen.puzzle{ variant = "x", size = 9, seed = 5 }
    assert.same({ "main", "anti" }, xinfo.constraints.diagonals)
    assert.are.equal(2, #x:regions())
    local w, _, winfo = gen.puzzle{ variant = "windoku", size = 9, seed = 5 }
    assert.are.equal(4, #w:regions())
    assert.same({ { 2, 2 }, { 2, 3 }, { 2, 4 } }, { winfo.regions[1][1], winfo.regions[1][2],
      winfo.regions[1][3] })
  end)

  it("gives the same puzzle for the same seed, and another for another seed", function()
    for name, text in pairs(GOLDEN_42) do
      local puzzle, _, info = gen.puzzle{ variant = name, size = 4, seed = 42 }
      assert.are.equal(text, format.write(record.new(puzzle, { constraints = info.constraints }),
        "json"))
    end
    for _, case in ipairs(CASES) do
      local name = case[1]
      local n = case[2][#case[2]]
      local a, _, ai = gen.puzzle{ variant = name, size = n, seed = 11 }
      local b, _, bi = gen.puzzle{ variant = name, size = n, seed = 11 }
      local c, _, ci = gen.puzzle{ variant = name, size = n, seed = 12 }
      assert.are.equal(a:symbols(), b:symbols())
      assert.same(ai.constraints, bi.constraints)
      assert.same(ai.regions, bi.regions)
      assert.is_false(a:symbols() == c:symbols() and
        format.write(record.new(a, { constraints = ai.constraints }), "json") ==
        format.write(record.new(c, { constraints = ci.constraints }), "json"), name)
    end
  end)

  it("keeps its rules through json: the record written with info.constraints reads back the same",
    function()
    for _, case in ipairs(CASES) do
      local name = case[1]
      local puzzle, _, info = gen.puzzle{ variant = name, size = 6 == case[2][1] and 6 or 9,
        seed = 2 }
      local text = format.write(record.new(puzzle, { constraints = info.constraints }), "json")
      local back = assert(format.read(text, "json"))
      assert.are.equal(puzzle, back.board, name)
      assert.are.equal(#puzzle:rules(), #back.board:rules(), name)
      assert.are.equal(text, format.write(back, "json"), name)
    end
  end)

  it("takes gen.puzzle's removal options: symmetry, minimal, clues", function()
    local puzzle = gen.puzzle{ variant = "thermo", size = 9, seed = 6, symmetry = "rotational" }
    for r = 1, 9 do
      for c = 1, 9 do
        assert.are.equal(puzzle:get(r, c) == 0, puzzle:get(10 - r, 10 - c) == 0)
      end
    end
    local p, s, info = gen.puzzle{ variant = "arrow", size = 6, seed = 6, minimal = true }
    assert.is_nil(bench.check(sudoku, p, s, info))
    assert.is_true(info.reached)
    local full = gen.puzzle{ variant = "x", size = 9, seed = 6, clues = 40 }
    assert.is_true(full:filled() >= 40)
  end)

  it("has an independent count that finds a second solution when there is one", function()
    for _, case in ipairs(CASES) do
      local name = case[1]
      local _, _, info = gen.puzzle{ variant = name, size = 6 == case[2][2] and 6 or 9, seed = 8 }
      -- No givens, half the cages, thermometers or arrows, no negative rule and no dots.
      local loose = { variant = name, record = {} }
      for k, v in pairs(info.record) do loose.record[k] = v end
      local n = info.record.size
      loose.record.givens = ("."):rep(n * n)
      for _, key in ipairs{ "cages", "thermos", "arrows" } do
        if loose.record[key] then
          local half = {}
          for k = 1, math.floor(#loose.record[key] / 2) do half[k] = loose.record[key][k] end
          loose.record[key] = half
        end
      end
      loose.record.kropki_negative, loose.record.xv_negative = nil, nil
      loose.record.kropki_white, loose.record.kropki_black, loose.record.xv = nil, nil, nil
      assert.are.equal(2, (bench.recount(sudoku, loose)), name)
    end
  end)

  it("gives up when the time runs out", function()
    local puzzle, message = gen.puzzle{ variant = "killer", size = 9, seed = 1, timeout = 1e-6 }
    assert.is_nil(puzzle)
    assert.are.equal("gave up after 1e-06 s", message)
    puzzle, message = gen.puzzle{ variant = "jigsaw", size = 9, seed = 1, timeout = 1e-6 }
    assert.is_nil(puzzle)
    assert.are.equal("gave up after 1e-06 s", message)
  end)

  it("refuses an unknown variant, a size it does not take and options it cannot honour", function()
    local function refuses(opts, message)
      assert.has_error(function() gen.puzzle(opts) end, "bad argument #1 to 'puzzle' (" .. message .. ")")
    end
    refuses({ variant = "spiral", size = 9, seed = 1 }, "opts.variant must be one of 'killer', "
      .. "'thermo', 'kropki', 'xv', 'arrow', 'x', 'windoku', 'jigsaw'")
    refuses({ variant = 7, size = 9, seed = 1 }, "opts.variant must be one of 'killer', "
      .. "'thermo', 'kropki', 'xv', 'arrow', 'x', 'windoku', 'jigsaw'")
    refuses({ variant = "windoku", size = 6, seed = 1 },
      "opts.variant 'windoku' needs a size of 9, got 6")
    refuses({ variant = "killer", size = 16, seed = 1 },
      "opts.variant 'killer' needs a size from 4 to 9, got 16")
    refuses({ variant = "xv", size = 4, seed = 1 }, "opts.variant 'xv' needs a size from 5 to 12, got 4")
    refuses({ variant = "killer", seed = 1 }, "opts.size or opts.box expected")
    refuses({ variant = "killer", size = 7, box = { 2, 3 }, seed = 1 },
      "opts.box 2x3 does not make a board of size 7")
    refuses({ variant = "jigsaw", box = { 2, 3 }, seed = 1 },
      "opts.box cannot go with opts.variant 'jigsaw' (its regions replace the boxes)")
    refuses({ variant = "thermo", size = 9, seed = 1, level = "hard" },
      "opts.level cannot go with opts.variant (the rating knows no variant rules)")
    refuses({ variant = "thermo", board = sudoku.Board.new{ size = 9 }, seed = 1 },
      "opts.board cannot go with opts.variant (the variant sets up its own board)")
    refuses({ variant = "killer", size = 9 }, "opts.seed must be an integer from 0 to 2^53 - 1")
  end)

  it("makes other box shapes and sizes: 3x2 boxes, 8x8, 12x12", function()
    local p, s, info = gen.puzzle{ variant = "killer", box = { 3, 2 }, seed = 1 }
    assert.is_nil(bench.check(sudoku, p, s, info))
    assert.same({ 6, 3, 2 }, { p:size() })
    for _, name in ipairs{ "killer", "thermo", "x" } do
      p, s, info = gen.puzzle{ variant = name, size = 8, seed = 1 }
      assert.is_nil(bench.check(sudoku, p, s, info), name)
    end
    p, s, info = gen.puzzle{ variant = "kropki", size = 12, seed = 1 }
    assert.is_nil(bench.check(sudoku, p, s, info))
  end)

  it("makes unique puzzles of every variant and size for many seeds #slow", function()
    local seeds = {}
    for i = 1, SLOW_SEEDS do seeds[i] = 100 + i end
    for _, case in ipairs(CASES) do sweep(case[1], case[2], seeds) end
    -- 12x12 for the variants with rules: the Lua search of the region variants' count takes
    -- minutes on a 12x12 jigsaw.
    for _, name in ipairs{ "thermo", "kropki", "xv", "arrow" } do sweep(name, { 12 }, { 1, 2 }) end
  end)
end)
