-- sudoku.play: a player who follows every hint reaches the solution. Each hint comes in its
-- three levels, is sound (held against the solution), changes the player's position, and the
-- number of hints is bounded by the candidates there were at the start (each takes at least one
-- away). Two players: one who never writes a pencil mark and enters each placement by hand
-- (the game keeps the eliminations it has shown), and one who pencils every candidate first and
-- lets the game apply each hint (crossing out the marks). The generated puzzles of every level
-- and the forum's hardest run in the #long part (make test-long, make check-all), seeds 4-20 in
-- the #slow part (make test, CI); a few of each run in the fast suite.
local sudoku = require "sudoku"
local play = require "sudoku.play"
local logic = require "sudoku.logic"
local gen = require "sudoku.gen"
local difficulty = require "sudoku.gen.difficulty"
local data = require "support.data"

local function has(list, v)
  for _, x in ipairs(list) do
    if x == v then return true end
  end
  return false
end

-- The candidates of the game's position: their count, each empty cell's.
local function candidates(game)
  local pencil, n, total = assert(game:pencil()), game:size(), 0
  for r = 1, n do
    for c = 1, n do
      if pencil:value(r, c) == 0 then total = total + #pencil:candidates(r, c) end
    end
  end
  return total
end

-- Pencils every candidate the units leave, as a player does before starting.
local function pencil_everything(game)
  local pencil, n = assert(game:pencil()), game:size()
  for r = 1, n do
    for c = 1, n do
      if pencil:value(r, c) == 0 then
        for _, v in ipairs(pencil:candidates(r, c)) do assert(game:toggle_mark(r, c, v)) end
      end
    end
  end
end

-- Follows every hint to the end; `apply`: the game applies each one (else the player enters its
-- placements and leaves eliminations to the game). Returns the number of hints.
local function follow(game, apply)
  local solution = game:solution()
  local bound, hints = candidates(game), 0
  while true do
    local first = game:hint()
    if not first then break end
    hints = hints + 1
    assert(hints <= bound, "more hints than candidates")
    local second = game:hint()
    local before = assert(game:pencil())
    local step = game:hint()
    assert.same({ 1, 2, 3 }, { first.level, second.level, step.level })
    assert.equal(first.technique, step.technique)
    assert.not_equal("mistake", step.technique)
    assert.is_nil(logic.check({ step }, solution))
    local changes = 0
    for _, p in ipairs(step.placements) do
      if before:value(p[1], p[2]) == 0 then changes = changes + 1 end
    end
    for _, e in ipairs(step.eliminations) do
      if has(before:candidates(e[1], e[2]), e[3]) then changes = changes + 1 end
    end
    assert(changes > 0, "a hint that changes nothing: " .. step.text)
    if apply then
      game:apply_hint()
    else
      for _, p in ipairs(step.placements) do assert(game:enter(p[1], p[2], p[3])) end
    end
    local after = assert(game:pencil())
    for _, p in ipairs(step.placements) do assert.equal(p[3], after:value(p[1], p[2])) end
    for _, e in ipairs(step.eliminations) do
      assert.is_false(has(after:candidates(e[1], e[2]), e[3]))
      if apply then assert.is_false(has(game:marks(e[1], e[2]), e[3])) end
    end
  end
  assert.is_true(game:solved())
  assert.equal(solution:symbols(), game:board():symbols())
  return hints
end

-- Both players on one puzzle.
local function both(puzzle)
  local game = assert(play.new(puzzle))
  follow(game, false)
  game = assert(play.new(puzzle))
  pencil_everything(game)
  follow(game, true)
end

-- The forum's hardest, the first `count` puzzles.
local function forum(count)
  local list = {}
  for _, rec in ipairs(data.shared_records("forum_hardest_1106.txt")) do
    list[#list + 1] = rec[1]:sub(1, 81)
    if #list == count then break end
  end
  return list
end

local function have_forum()
  local f = io.open(data.shared .. "forum_hardest_1106.txt")
  if f then f:close() end
  return f ~= nil
end

describe("following every hint of sudoku.play to the end", function()
  it("solves the game that used to get stuck at hint 26 (hard, seed 2)", function()
    local puzzle = gen.puzzle { size = 9, level = "hard", seed = 2 }
    local game = assert(play.new(puzzle))
    assert.is_true(follow(game, false) > 26)
  end)

  for _, size in ipairs { 9, 6 } do
    for _, level in ipairs(difficulty.ORDER) do
      it(("solves %dx%d %s puzzles, seeds 1-3, from the bare puzzle and all pencilled"):format(
        size, size, level), function()
        for seed = 1, 3 do both((gen.puzzle { size = size, level = level, seed = seed })) end
      end)

      it(("solves %dx%d %s puzzles, seeds 4-20 #slow"):format(size, size, level), function()
        for seed = 4, 20 do both((gen.puzzle { size = size, level = level, seed = seed })) end
      end)

      it(("solves %dx%d %s puzzles, seeds 21-100 #long"):format(size, size, level), function()
        for seed = 21, 100 do both((gen.puzzle { size = size, level = level, seed = seed })) end
      end)
    end
  end

  it("solves one of the forum's hardest", function()
    if not have_forum() then return pending("no " .. data.shared .. "forum_hardest_1106.txt") end
    both(assert(sudoku.parse(forum(1)[1])))
  end)

  it("solves 20 of the forum's hardest #long", function()
    if not have_forum() then return pending("no " .. data.shared .. "forum_hardest_1106.txt") end
    for _, line in ipairs(forum(20)) do both(assert(sudoku.parse(line))) end
  end)
end)
