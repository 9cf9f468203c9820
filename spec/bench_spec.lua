-- The bench's verifier (bench/verify.lua) and dataset reader: a wrong answer must be caught
-- and named by dataset and line, because the bench times nothing it has not checked.
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path

local verify = require "bench.verify"
local datasets = require "bench.datasets"
local measure = require "bench.measure"

local PUZZLE = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
local SOLUTION = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"

-- The solution with the digits of cells a and b swapped.
local function swapped(s, a, b)
  local t = {}
  for i = 1, #s do t[i] = s:sub(i, i) end
  t[a], t[b] = t[b], t[a]
  return table.concat(t)
end

describe("bench verifier", function()
  it("accepts the right grid, with and without the published solution", function()
    assert.is_true(verify.grid(PUZZLE, SOLUTION))
    assert.is_true(verify.grid(PUZZLE, SOLUTION, SOLUTION))
  end)

  it("rejects a grid whose digits repeat in a unit", function()
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 1, 2))
    assert.is_false(ok)
    assert.is_string(why)
  end)

  it("rejects a grid whose rows and columns are right but whose boxes are not", function()
    local cells = {}
    for r = 0, 8 do
      for c = 0, 8 do cells[#cells + 1] = tostring((r + c) % 9 + 1) end
    end
    local ok, why = verify.grid(("."):rep(81), table.concat(cells))
    assert.is_false(ok)
    assert.matches("box", why)
  end)

  it("rejects a grid that changes a given", function()
    -- Cells 1 and 2 are empty in the puzzle but cell 3 holds a given 4: move it.
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 2, 3))
    assert.is_false(ok)
    assert.matches("given", why)
  end)

  it("rejects an incomplete grid, a wrong length and no answer at all", function()
    assert.is_false((verify.grid(PUZZLE, "." .. SOLUTION:sub(2))))
    assert.is_false((verify.grid(PUZZLE, SOLUTION:sub(2))))
    assert.is_false((verify.grid(PUZZLE, nil)))
  end)

  it("rejects a valid grid that is not the published solution", function()
    -- The empty puzzle accepts any valid grid, but not against another published one.
    local empty = ("."):rep(81)
    local other = SOLUTION:gsub("[12]", { ["1"] = "2", ["2"] = "1" })
    assert.is_true(verify.grid(empty, other))
    local ok, why = verify.grid(empty, other, SOLUTION)
    assert.is_false(ok)
    assert.matches("published", why)
  end)

  it("checks 16x16 grids with letter symbols", function()
    local rows = {}
    for r = 0, 15 do
      local row = {}
      for c = 0, 15 do
        local v = (r % 4 * 4 + math.floor(r / 4) + c) % 16 + 1
        row[#row + 1] = ("123456789ABCDEFG"):sub(v, v)
      end
      rows[#rows + 1] = table.concat(row)
    end
    local grid = table.concat(rows)
    assert.is_true(verify.grid(("."):rep(256), grid))
    assert.is_false((verify.grid(("."):rep(256), swapped(grid, 1, 17))))
  end)

  it("checks counts", function()
    assert.is_true(verify.count(2, 2))
    assert.is_false((verify.count(1, 2)))
  end)

  it("raises an error naming the dataset and the puzzle's line", function()
    local item = { puzzle = PUZZLE, line = 42 }
    local ok, why = verify.grid(PUZZLE, swapped(SOLUTION, 1, 2), SOLUTION)
    local err = assert.has_error(function()
      verify.check("some_set.txt", item, ok, why, "(b)")
    end)
    assert.matches("wrong answer in some_set.txt line 42", err, 1, true)
    assert.has_no_error(function() verify.check("some_set.txt", item, true) end)
  end)

  it("stops a timed run on a wrong answer", function()
    local items = { { puzzle = PUZZLE, solution = SOLUTION, line = 7 } }
    assert.has_error(function()
      measure.run{
        items = items, runs = 1,
        work = function() return swapped(SOLUTION, 1, 2) end,
        check = function(item, answer)
          local ok, why = verify.grid(item.puzzle, answer, item.solution)
          verify.check("tiny.txt", item, ok, why)
        end,
      }
    end)
  end)
end)

describe("bench timing", function()
  it("ends the first run before a puzzle that gives up at the deadline, and repeats the rest", function()
    local items = { { n = 1 }, { n = 2 }, { n = 3 } }
    local seen = {}
    local m = measure.run{
      items = items, runs = 3, budget = 60, chunk = 1,
      work = function(item, deadline)
        seen[#seen + 1] = item.n
        if item.n == 2 and deadline then return measure.TIMEOUT end
        return item.n, 1
      end,
      check = function(item, result) assert.equal(item.n, result) end,
    }
    assert.equal(1, m.n)
    assert.equal(3, m.runs)
    assert.equal(1, m.guesses)
    assert.same({ 1, 2, 1, 1 }, seen)
  end)
end)

describe("bench dataset reader", function()
  it("skips comments and blank lines and keeps line numbers and solutions", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write("# a comment\n\n", PUZZLE, ",", SOLUTION, "\n", PUZZLE, "\n")
    f:close()
    local items = datasets.read(path)
    os.remove(path)
    assert.same({
      { puzzle = PUZZLE, solution = SOLUTION, line = 3 },
      { puzzle = PUZZLE, line = 4 },
    }, items)
  end)
end)
