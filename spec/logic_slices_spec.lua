-- pencil:rate{ms = ...}: a rating a slice at a time, for a game's frames (gen.generator rates
-- its puzzles so). Between two slices the path, a hint under way and a finder under way (forcing
-- chains, chains, aligned exclusions, three strong links) keep their place; the rating is the
-- one a single call gives, whatever the slices.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"
local data = require "support.data"

-- Rates pencil in slices of ms until it is done; returns the calls and what the last returned.
local function sliced(pencil, opts, ms)
  local o, calls, got = { ms = ms }, 0
  for k, v in pairs(opts or {}) do o[k] = v end
  repeat
    got = { pencil:rate(o) }
    calls = calls + 1
  until got[1] ~= "running"
  return calls, got
end

describe("pencil:rate in slices", function()
  it("gives the rating one call gives, on every SE level of the rated sample", function()
    local paused = 0
    for _, rec in ipairs(support.rated_sample()) do
      local board = assert(sudoku.parse(rec.puzzle))
      local want = { logic.pencil(board):rate { se_only = true } }
      local calls, got = sliced(logic.pencil(board), { se_only = true }, 0.001)
      assert.same(want, got, rec.id)
      if calls > 1 then paused = paused + 1 end
    end
    assert.is_true(paused > 30, paused .. " ratings took more than one slice")
  end)

  it("pauses inside nested forcing chains too, with the same rating", function()
    local line = data.shared_records("forum_hardest_1106.txt")[1][1]
    local board = assert(sudoku.parse(line))
    local want = { logic.pencil(board):rate { se_only = true } }
    assert.equal("nested_forcing_chain", want[3])
    local calls, got = sliced(logic.pencil(board), { se_only = true }, 0.05)
    assert.same(want, got)
    assert.is_true(calls > 50, calls .. " slices")
  end)

  it("gives the rating one call gives with every technique (ALS and the rest), in slices", function()
    for _, rec in ipairs(support.rated_sample()) do
      local board = assert(sudoku.parse(rec.puzzle))
      local want = { logic.pencil(board):rate() }
      local _, got = sliced(logic.pencil(board), nil, 0.001)
      assert.same(want, got, rec.id)
    end
  end)

  -- A 16x16 whose rating passes through ALS, aligned exclusion, chains and dynamic forcing
  -- chains: each pauses inside its loops there (ALS pairs, bases of three cells, one
  -- candidate's searches, one assumption's run, the groups of cell and unit chains, a step's
  -- branches), and goes on to the same steps.
  local big = "2.6.8...3E....A.D..5C.G61..F.B.........168.B.......4E.5.....D..9.............D..1F...A"
    .. "24...8..G.A.D3..9.F.2..6.48..6....DA.1.....C.AF..2...4.....83.A...CD7.......1.......A3"
    .. "E....E..9D.5...G.137..C....G...53...B3..27....6....D...F..6..C..B7.2.4.G........1FE."

  it("gives the rating one call gives on a 16x16, in slices shorter than any one part", function()
    local board = assert(sudoku.parse(big))
    for _, opts in ipairs{ { se_only = true }, {} } do
      local want = { logic.pencil(board):rate(opts) }
      assert.equal("dynamic_forcing_chain", want[3])
      local calls, got = sliced(logic.pencil(board), opts, 0.02)
      assert.same(want, got)
      assert.is_true(calls > 1000, calls .. " slices")
    end
  end)

  it("keeps to the techniques allowed", function()
    local rec = support.rated_sample()[#support.rated_sample()]
    local board = assert(sudoku.parse(rec.puzzle))
    local opts = { allowed = { "full_house", "hidden_single_box", "hidden_single_line",
                               "naked_single", "pointing", "claiming", "naked_pair", "x_wing" } }
    local want = { logic.pencil(board):rate(opts) }
    local _, got = sliced(logic.pencil(board), opts, 0.001)
    assert.same(want, got)
  end)

  it("stops at the first step above stop_above: not solved, that step's rating", function()
    for _, rec in ipairs(support.rated_sample()) do
      local board = assert(sudoku.parse(rec.puzzle))
      local solved, rating = logic.pencil(board):rate { se_only = true }
      local _, got = sliced(logic.pencil(board), { se_only = true, stop_above = 4.0 }, 0.01)
      if rating <= 4.0 then
        assert.same({ solved, rating }, { got[1], got[2] }, rec.id)
      else
        assert.is_false(got[1], rec.id)
        assert.is_true(got[2] > 4.0 and got[2] <= rating, rec.id)
      end
      -- Without ms, in one call.
      assert.same(got, { logic.pencil(board):rate { se_only = true, stop_above = 4.0 } })
    end
  end)

  it("rates the marks it started from, and starts over when the options change", function()
    local rec = support.rated_sample()[#support.rated_sample()]
    local board = assert(sudoku.parse(rec.puzzle))
    local want = { logic.pencil(board):rate { se_only = true } }
    local p = logic.pencil(board)
    assert.equal("running", p:rate { se_only = true, ms = 0.001 })
    -- The pencil's other methods may run between slices.
    assert.is_table(p:hint())
    assert.equal("running", p:rate { se_only = false, ms = 0.001 })   -- a new rating
    local _, got = sliced(p, { se_only = true }, 0.001)
    assert.same(want, got)
  end)

  it("checks its options", function()
    local p = logic.pencil(assert(sudoku.parse(support.rated_sample()[1].puzzle)))
    assert.has_error(function() p:rate { ms = 0 } end,
      "bad argument #1 to 'rate' (ms must be a number of milliseconds above 0)")
    assert.has_error(function() p:rate { ms = 1, stop_above = -1 } end,
      "bad argument #1 to 'rate' (stop_above must be a number above 0)")
    assert.has_error(function() p:rate { ms = 1, msec = 1 } end)
  end)
end)
