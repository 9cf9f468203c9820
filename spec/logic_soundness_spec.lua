-- Every technique, on real puzzles: each step of the easiest-first path (all techniques
-- allowed) places only the solution's digits and never eliminates one. The fixture runs in the
-- fast suite; the shared sets (thousands of puzzles, tens of thousands of steps) are #slow.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local data = require "support.data"
local support = require "support.logic"

-- The first 81-cell puzzle of each line of a file, every `stride`-th line.
local function puzzles_of(path, stride)
  local f = io.open(path, "r")
  if not f then return nil end
  local out, k = {}, 0
  for line in f:lines() do
    local p = line:match("^([%d%.]+)")
    if p and #p == 81 then
      k = k + 1
      if k % stride == 1 or stride == 1 then out[#out + 1] = p end
    end
  end
  f:close()
  return out
end

-- Runs the path on every puzzle; returns puzzles, steps, solved, and the first unsound step's
-- message (nil when all are sound).
local function check(list)
  local steps, solved = 0, 0
  for _, p in ipairs(list) do
    local b = assert(sudoku.parse(p))
    local solution = b:copy()
    assert(solution:solve())
    local path, info = logic.steps(b)
    steps = steps + #path
    if info.solved then solved = solved + 1 end
    local bad = support.unsound(path, solution)
    if bad then return #list, steps, solved, p .. ": " .. bad end
  end
  return #list, steps, solved, nil
end

describe("human-style logic on real puzzles", function()
  it("is sound on one puzzle of every SE rating", function()
    local list = {}
    for _, rec in ipairs(support.rated_sample()) do list[#list + 1] = rec.puzzle end
    local n, steps, _, bad = check(list)
    assert.is_nil(bad)
    assert.are.equal(44, n)
    assert.is_true(steps >= 44)
  end)

  for _, set in ipairs{
    { "rated/se_calibration.txt", 20 },     -- 264 puzzles, every SE rating
    { "magictour_top1465.txt", 10 },        -- 147 hard ones
    { "forum_hardest_1106.txt", 50 },       -- 8 of the hardest known (seconds each: the
                                            -- forcing chains' spec walks more of them)
    { "sudoku17_royle.txt", 200 },          -- 17-clue puzzles
  } do
    it("is sound and complete on " .. set[1] .. " (every " .. set[2] .. "th puzzle) #slow",
      function()
      local list = puzzles_of(data.shared .. set[1], set[2])
      if not list then
        pending("no " .. data.shared .. set[1])
        return
      end
      local n, steps, solved, bad = check(list)
      assert.is_nil(bad)
      assert.are.equal(n, solved)   -- every one gets a complete path, no guessing
      print(("\n%s: %d puzzles, %d steps, %d solved by logic"):format(set[1], n, steps, solved))
    end)
  end
end)

describe("the self-test against a known solution", function()
  local EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"

  it("passes a path that keeps to the solution, and names the first step that does not", function()
    local b = assert(sudoku.parse(EASY))
    local solution = b:copy()
    assert(solution:solve())
    local right = solution:format("line")
    assert.are.equal("solved", sudoku.core.debug.rate_checked(b, right))
    -- Swap two digits of the solution: the first step that places either is "unsound".
    local wrong = right:gsub("[48]", {["4"] = "8", ["8"] = "4"})
    local outcome, technique, r, c, v, placed = sudoku.core.debug.rate_checked(b, wrong)
    assert.are.equal("unsound", outcome)
    assert.is_string(technique)
    assert.is_true(v == 4 or v == 8)
    local there = tonumber(wrong:sub((r - 1) * 9 + c, (r - 1) * 9 + c))
    if placed then
      assert.are_not.equal(v, there)      -- it placed a value the "solution" does not have
    else
      assert.are.equal(v, there)          -- it eliminated the "solution's" value
    end
    -- logic.check says the same of the path's steps in Lua.
    local steps = logic.steps(b)
    assert.is_nil(logic.check(steps, solution))
    local liar = assert(sudoku.parse(wrong))
    assert.matches("^%a[%w_]* [ep][lv]", logic.check(steps, liar))
  end)

  it("rates whole files with the check on the batch's threads (rate_many{check = true})",
    function()
      local lines = {}
      for _, rec in ipairs(support.rated_sample()) do lines[#lines + 1] = rec.puzzle end
      local ratings, errors = logic.rate_many(table.concat(lines, "\n"),
        {threads = 2, check = true, se_only = false})
      assert.are.same({}, errors)
      assert.are.equal(#lines, #ratings)
    end)

  -- Every puzzle of the shared sets, every technique: tens of thousands of paths, about an hour
  -- of CPU (the forum's hardest take seconds each), so only `make test-long` (make check-all)
  -- runs these.
  for _, set in ipairs{ "rated/se_calibration.txt", "magictour_top1465.txt",
                        "sudoku17_royle.txt", "forum_hardest_1106.txt" } do
    it("is sound on every puzzle of " .. set .. " #long", function()
      local list = puzzles_of(data.shared .. set, 1)
      if not list then return pending("no " .. data.shared .. set) end
      local ratings, errors, stats = logic.rate_many(table.concat(list, "\n"),
        {threads = 2, check = true, se_only = false})
      assert.are.same({}, errors)
      assert.are.equal(#list, #ratings)
      print(("\n%s: %d puzzles, every path sound and complete (%d threads)"):format(set, #list,
        stats.threads))
    end)
  end
end)

