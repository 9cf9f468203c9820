-- Variants as data: every verified puzzle of ../shared/data/variants whose rules are extra
-- all-different regions (jigsaw, diagonals, windows, disjoint groups) or pairs of cells that
-- must differ (anti-knight, anti-king) solves to its published solution, uniquely.
local sudoku = require "sudoku"
local variants = require "support.variants"

local FILES = {"x.jsonl", "jigsaw.jsonl", "windoku.jsonl", "antiknight.jsonl", "antiking.jsonl",
               "mixed.jsonl"}

local function solve_all(records)
  local checked = 0
  for _, record in ipairs(records) do
    if variants.supported(record) then
      local board, opts = variants.build(record)
      if record.negative then
        -- The invalid jigsaw layouts are empty grids, which plain search cannot exhaust; the
        -- board's search proves them unsolvable from the layout itself (rules_leftovers_spec).
        assert.equal(0, record.count)
        assert.is_nil(opts.different)
        assert.equal(record.count, board:count(nil, {timeout = 2}), record.id)
      else
        local solver = sudoku.Solver.new(board, opts)
        assert.equal("solved", solver:step(), record.id)
        assert.equal(record.solution, board:format("line"), record.id)
        assert.equal("done", solver:step(), record.id .. " has a second solution")
      end
      checked = checked + 1
    end
  end
  return checked
end

describe("variant puzzles from the shared data", function()
  for _, file in ipairs(FILES) do
    it("solves every supported puzzle of " .. file .. " to its unique solution", function()
      local records = variants.records(file)
      local checked = solve_all(records)
      assert.is_true(checked > 0)
      if file ~= "mixed.jsonl" then assert.equal(#records, checked) end
    end)
  end

  it("gets the same answers from a Lua predicate as from native cell pairs (anti-knight)", function()
    for _, record in ipairs(variants.records("antiknight.jsonl")) do
      local board = variants.build(record)
      local n = board:size()
      local solver = sudoku.Solver.new(board, {constraint = function(b, r, c, v)
        for _, d in ipairs{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}} do
          local r2, c2 = r + d[1], c + d[2]
          if r2 >= 1 and r2 <= n and c2 >= 1 and c2 <= n and b:get(r2, c2) == v then return false end
        end
        return true
      end})
      assert.equal("solved", solver:step(), record.id)
      assert.equal(record.solution, board:format("line"), record.id)
      assert.equal("done", solver:step(), record.id)
    end
  end)
end)
