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
