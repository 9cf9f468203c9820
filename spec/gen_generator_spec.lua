-- gen.generator: gen.puzzle a slice at a time, for a game's frames. The slices are cut between
-- searches and inside them, and inside a difficulty target's ratings; the puzzle is the one
-- gen.puzzle makes with the same options.
local sudoku = require "sudoku"

local gen = sudoku.gen

local function run(g, budget)
  local steps = 0
  repeat
    local status = g:step(budget)
    steps = steps + 1
  until status == "done"
  return steps
end

describe("gen.generator", function()
  it("makes the puzzle gen.puzzle makes, whatever the slices", function()
    for _, opts in ipairs {
      { size = 9, seed = 5 }, { size = 9, seed = 6, symmetry = "rotational" },
      { size = 16, seed = 2 }, { box = { 2, 3 }, seed = 4, level = "easy" },
      { size = 9, seed = 7, variant = "killer" },
    } do
      local want = { gen.puzzle(opts) }
      for _, budget in ipairs { { ms = 0.01 }, { ms = 5 }, false } do
        local g = gen.generator(opts)
        run(g, budget or nil)
        local got = { g:result() }
        assert.equal(want[1]:symbols(), got[1]:symbols())
        assert.equal(want[2]:symbols(), got[2]:symbols())
        assert.same(want[3].clues, got[3].clues)
      end
    end
  end)

  it("makes gen.puzzle's puzzle at every level, its ratings sliced inside", function()
    for _, level in ipairs(require("sudoku.gen.difficulty").ORDER) do
      for seed = 1, 3 do
        local opts = { size = 9, seed = seed, level = level }
        local want = { gen.puzzle(opts) }
        local g = gen.generator(opts)
        local steps = run(g, { ms = 0.05 })
        local got = { g:result() }
        assert.equal(want[1]:symbols(), got[1]:symbols())
        assert.same(want[3], got[3])
        assert.is_true(steps > 3, level .. " " .. seed .. ": " .. steps .. " steps")
      end
    end
    -- 16x16, where a rating's finders pause inside their searches.
    local opts = { size = 16, seed = 1, level = "expert" }
    local want = { gen.puzzle(opts) }
    local g = gen.generator(opts)
    run(g, { ms = 0.2 })
    assert.equal(want[1]:symbols(), g:result():symbols())
    assert.same(want[3], select(3, g:result()))
  end)

  it("gives up at the timeout inside a rating too", function()
    local g = gen.generator { size = 16, seed = 1, level = "extreme", timeout = 0.5 }
    run(g, { ms = 4 })
    assert.same({ nil, "gave up after 0.5 s" }, { g:result() })
  end)

  it("returns between searches: a 16x16 puzzle in 0.01 ms slices takes many steps", function()
    local g = gen.generator { size = 16, seed = 1 }
    assert.equal("running", g:step { ms = 0.01 })
    assert.equal("running", g:status())
    assert.is_true(run(g, { ms = 0.01 }) > 10)
    assert.equal("done", g:status())
    assert.equal("done", g:step { ms = 1 })
  end)

  it("runs to the end in one step without a budget", function()
    local g = gen.generator { size = 9, seed = 1 }
    assert.equal("done", g:step())
    assert.equal(gen.puzzle { size = 9, seed = 1 }:symbols(), g:result():symbols())
  end)

  it("gives gen.puzzle's nil and message when there is no puzzle", function()
    local board = sudoku.parse("11" .. ("."):rep(79))
    local g = gen.generator { board = board, seed = 1 }
    run(g)
    assert.same({ gen.puzzle { board = board, seed = 1 } }, { g:result() })
  end)

  it("checks its options as gen.puzzle does, and its budget and state", function()
    assert.has_error(function() gen.generator { size = 9 } end,
      "bad argument #1 to 'puzzle' (opts.seed must be an integer from 0 to 2^53 - 1)")
    local g = gen.generator { size = 9, seed = 1 }
    assert.has_error(function() g:result() end,
      "bad argument #1 to 'result' (the generator is still running: step it to \"done\")")
    for _, bad in ipairs { { ms = 0 }, { ms = -1 }, { ms = "2" }, {}, 5 } do
      assert.has_error(function() g:step(bad) end,
        "bad argument #1 to 'step' (budget must be {ms = a number above 0})")
    end
  end)
end)
