-- The law of leftovers on jigsaw boards: the same_values rule it speaks through (two groups of
-- cells holding the same values, counted with repeats, plus whole sets 1..n), the rules every
-- search on a jigsaw derives from its bands of rows and columns, and the layouts that admit no
-- solution at all (the cells of each value must form a transversal of the layout, and the
-- transversals must split the board).
local sudoku = require "sudoku"
local variants = require "support.variants"

-- A fixed sequence (Park-Miller), the same on every Lua version: rand(k) is in 1..k.
local function generator(seed)
  return function(k)
    seed = seed * 16807 % 2147483647
    return seed % k + 1
  end
end

local function shuffle(list, rand)
  for i = #list, 2, -1 do
    local j = rand(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

local function all_cells(n)
  local cells = {}
  for r = 1, n do
    for c = 1, n do cells[#cells + 1] = {r, c} end
  end
  return cells
end

-- How many times each value sits in cells (a list of {r, c}) on board once v goes at (r, c),
-- and how many of them are empty.
local function tally(board, cells, r, c, v)
  local count, empty = {}, 0
  for _, cell in ipairs(cells) do
    local x = (cell[1] == r and cell[2] == c) and v or board:get(cell[1], cell[2])
    if x == 0 then empty = empty + 1 else count[x] = (count[x] or 0) + 1 end
  end
  return count, empty
end

-- The rule as a Lua predicate (the twin of the native rule): placing v at (r, c) is refused
-- when some value is then placed in one group more often than the other group's counts and
-- empty cells can match.
local function same_values_predicate(a, b, copies)
  return function(board, r, c, v)
    local ca, ea = tally(board, a, r, c, v)
    local cb, eb = tally(board, b, r, c, v)
    for value = 1, board:size() do
      local x, y = ca[value] or 0, (cb[value] or 0) + copies
      if x > y + eb or y > x + ea then return false end
    end
    return true
  end
end

local function count_with(board, opts)
  local solver, count = sudoku.Solver.new(board, opts), 0
  while solver:step() == "solved" do count = count + 1 end
  return count
end

local function concat(a, b)
  local cells = {}
  for _, cell in ipairs(a) do cells[#cells + 1] = cell end
  for _, cell in ipairs(b) do cells[#cells + 1] = cell end
  return cells
end

describe("same_values rules", function()
  it("make two cells hold the same value", function()
    local board = sudoku.Board.new{size = 4}
    board:add_rule{kind = "same_values", cells = {{1, 1}, {2, 3}}}
    local plain, equal = sudoku.Board.new{size = 4}, 0
    for s in plain:solutions() do
      if s:get(1, 1) == s:get(2, 3) then equal = equal + 1 end
    end
    local seen = 0
    for s in board:solutions() do
      assert.equal(s:get(1, 1), s:get(2, 3))
      seen = seen + 1
    end
    assert.is_true(equal > 0 and equal < 288)
    assert.equal(equal, seen)
  end)

  it("with copies = 1 and one group, make n cells a complete set, as an extra region does", function()
    local cells = {{1, 1}, {2, 3}, {3, 2}, {4, 4}}
    local board = sudoku.Board.new{size = 4}
    board:add_rule{kind = "same_values", cells = cells, copies = 1}
    local twin = sudoku.Board.new{size = 4}
    twin:add_region(cells)
    assert.equal(twin:count(), board:count())
    assert.is_true(board:count() < sudoku.Board.new{size = 4}:count())
  end)

  it("count a value once per cell that holds it, across rows", function()
    -- Two cells of a column against two of another, in either order; groups whose cells may
    -- repeat a value ({r1c1, r3c2} share no unit); five cells that hold 1..4 and r2c4's value.
    for _, groups in ipairs{
      {{{1, 1}, {2, 1}}, {{3, 2}, {4, 2}}, 0},
      {{{1, 1}, {3, 2}}, {{2, 3}, {4, 4}}, 0},
      {{{1, 1}, {1, 2}, {2, 1}, {3, 3}, {4, 4}}, {{2, 4}}, 1},
    } do
      local a, b, copies = groups[1], groups[2], groups[3]
      local board = sudoku.Board.new{size = 4}
      board:add_rule{kind = "same_values", cells = concat(a, b), copies = copies}
      local twin = sudoku.Board.new{size = 4}
      local expected = count_with(twin, {constraint = same_values_predicate(a, b, copies)})
      assert.is_true(expected > 0)
      assert.equal(expected, board:count())
    end
  end)

  it("count exactly what the same rule written as a Lua predicate counts", function()
    local rand = generator(2024)
    for _ = 1, 40 do
      local n = 4 + rand(2) - 1
      local cells = shuffle(all_cells(n), rand)
      local size, a, b = rand(3), {}, {}
      for i = 1, size do
        a[i] = cells[i]
        b[i] = cells[size + i]
      end
      local board = sudoku.Board.new{size = n}
      local twin = sudoku.Board.new{size = n}
      -- A few givens from a solution of the plain board keep the counts small.
      local solution = sudoku.Board.new{size = n}
      assert.is_true(solution:solve())
      for i = 2 * size + 1, 2 * size + n do
        local r, c = cells[i][1], cells[i][2]
        board:set(r, c, solution:get(r, c))
        twin:set(r, c, solution:get(r, c))
      end
      board:add_rule{kind = "same_values", cells = concat(a, b)}
      assert.equal(count_with(twin, {constraint = same_values_predicate(a, b, 0)}),
                   board:count())
    end
  end)

  it("are kept by the board as they were given", function()
    local board = sudoku.Board.new{size = 4}
    board:add_rule{kind = "same_values", cells = {{1, 1}, {1, 2}, {2, 3}, {3, 3}}, split = 2}
    local rule = board:rules()[1]
    assert.equal("same_values", rule.kind)
    assert.equal(2, rule.split)
    assert.same({{1, 1}, {1, 2}, {2, 3}, {3, 3}}, rule.cells)
    assert.equal(board, board:copy())
  end)

  it("refuse groups that cannot hold the same values", function()
    local board = sudoku.Board.new{size = 4}
    assert.has_error(function()
      board:add_rule{kind = "same_values", cells = {{1, 1}, {2, 3}, {3, 3}}}
    end, "bad argument #1 to 'add_rule' (same_values: the first group needs as many cells as "
      .. "the second, plus n per copy)")
    assert.has_error(function()
      board:add_rule{kind = "same_values", cells = {{1, 1}, {2, 3}}, split = 2}
    end)
    assert.has_error(function()
      board:add_rule{kind = "same_values", cells = {{1, 1}, {2, 3}}, copies = -1}
    end)
    assert.has_error(function()
      board:add_rule{kind = "same_values", cells = {{1, 1}, {2, 3}}, copies = 1}
    end)
    assert.equal(0, #board:rules())
  end)
end)

-- The same constraints without a jigsaw: boxes that are the rows (so they add nothing) and the
-- regions as extra regions. No search on it derives anything, so it counts what plain search
-- counts.
local function without_jigsaw(n, regions)
  local twin = sudoku.Board.new{size = n, box = {1, n}}
  for _, region in ipairs(regions) do twin:add_region(region) end
  return twin
end

describe("jigsaw boards", function()
  it("prove every invalid layout of the shared data unsolvable and every puzzle unique", function()
    local negatives, positives = 0, 0
    for _, record in ipairs(variants.records("jigsaw.jsonl")) do
      local board = variants.build(record)
      if record.negative then
        assert.equal(0, record.count)
        -- Plain search runs millions of nodes on these empty 9x9 boards without an answer.
        assert.equal(0, board:count(nil, {timeout = 2}), record.id)
        negatives = negatives + 1
      else
        assert.equal(1, board:count(2), record.id)
        assert.is_true(board:solve(), record.id)
        assert.equal(record.solution, board:format("line"), record.id)
        positives = positives + 1
      end
    end
    assert.equal(9, negatives)
    assert.equal(400, positives)
  end)

  it("narrow candidates at the root beyond what rows, columns and regions alone allow", function()
    local narrowed = 0
    for _, record in ipairs(variants.records("jigsaw.jsonl")) do
      if not record.negative then
        local n = record.size
        local board = variants.build(record)
        local twin = without_jigsaw(n, record.regions)
        twin:fill(record.givens)
        local s, t = sudoku.Solver.new(board), sudoku.Solver.new(twin)
        local fewer = 0
        if s:step(1) == "running" and t:step(1) == "running" then   -- the root, propagated
          for r = 1, n do
            for c = 1, n do
              if board:get(r, c) == 0 and twin:get(r, c) == 0 then
                local mine, plain = {}, {}
                for _, v in ipairs(s:candidates(r, c)) do mine[v] = true end
                for _, v in ipairs(t:candidates(r, c)) do plain[v] = true end
                for v in pairs(mine) do assert.is_true(plain[v], record.id) end
                if #s:candidates(r, c) < #t:candidates(r, c) then fewer = fewer + 1 end
              end
            end
          end
        end
        if fewer > 0 then narrowed = narrowed + 1 end
      end
    end
    assert.is_true(narrowed > 5)
    assert.equal(0, #variants.build(variants.records("jigsaw.jsonl")[1]):rules())
  end)

  it("count as boards without the jigsaw count: the shared puzzles with half their givens", function()
    local limit, between = 60, 0
    for _, record in ipairs(variants.records("jigsaw.jsonl")) do
      if not record.negative and record.size <= 9 then
        local n, k = record.size, 0
        local board = variants.build(record)
        local twin = without_jigsaw(n, record.regions)
        for r = 1, n do
          for c = 1, n do
            local v = board:get(r, c)
            if v ~= 0 then
              k = k + 1
              if k % 2 == 0 then twin:set(r, c, v) else board:set(r, c, 0) end
            end
          end
        end
        local count = board:count(limit)
        assert.equal(twin:count(limit), count, record.id)
        if count > 1 and count < limit then between = between + 1 end
      end
    end
    assert.is_true(between > 50)   -- many counts are exact, not capped
  end)

  it("count as boards without the jigsaw count: random layouts, most of them invalid", function()
    local rand, invalid = generator(7), 0
    for trial = 1, 60 do
      local n = 5 + trial % 2
      local regions = {}
      if trial % 3 == 0 then
        -- Cells dealt at random into regions.
        local cells = shuffle(all_cells(n), rand)
        for i = 1, n do
          regions[i] = {}
          for k = 1, n do regions[i][k] = cells[(i - 1) * n + k] end
        end
      else
        -- The rows, with a few cells exchanged between them.
        for r = 1, n do
          regions[r] = {}
          for c = 1, n do regions[r][c] = {r, c} end
        end
        for _ = 1, rand(2 * n) do
          local x, y, i, j = rand(n), rand(n), rand(n), rand(n)
          regions[x][i], regions[y][j] = regions[y][j], regions[x][i]
        end
      end
      local board = sudoku.Board.new{size = n}
      board:set_regions(regions)
      local count = board:count(30)
      assert.equal(without_jigsaw(n, regions):count(30), count)
      if count == 0 then invalid = invalid + 1 end
    end
    assert.is_true(invalid > 10 and invalid < 60)
  end)
end)
