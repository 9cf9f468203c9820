-- The frames table of `make bench` (`--only frames`): how long one steppable call runs when a
-- game gives it a frame's budget. Every call of `gen.generator{level = ...}`'s `g:step{ms = 4}`
-- to the end, over seeds and every level of sudoku.gen.difficulty, and every call of
-- `Solver:step{ms = 4}` on hard puzzles, each timed in CPU time (os.clock); the table gives the
-- steps, the median, the 99th percentile and the worst step beside the budget. A figure, never
-- an assertion (the promise is docs/API.md's: the budget plus at most about 1 ms).
local clock = require "bench.clock"
local datasets = require "bench.datasets"
local report = require "bench.report"

local frames = {}

frames.BUDGET_MS = 4
frames.HEADER = { "steppable call", "work", "steps", "median ms", "99th pct ms", "worst ms",
                  "budget ms" }
frames.ALIGN = "llrrrrr"

local function percentile(sorted, p)
  if #sorted == 0 then return nil end
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

function frames.row(label, work, times)
  table.sort(times)
  return { label, work, report.number(#times), report.auto(percentile(times, 0.5)),
           report.auto(percentile(times, 0.99)), report.auto(times[#times]),
           report.number(frames.BUDGET_MS) }
end

-- Steps `step()` until it says it is done, appending each call's CPU milliseconds to times.
local function time_steps(step, times)
  repeat
    local t = clock.cpu()
    local done = step()
    times[#times + 1] = (clock.cpu() - t) * 1000
  until done
end

-- gen.generator on one shape: seeds 1..seeds at each of `levels`, each puzzle within `timeout`
-- seconds (nil: none; gen.puzzle's own time budget, which ends a puzzle that runs out).
-- Returns the step times and the puzzles that gave up.
function frames.generator(gen, levels, size, seeds, timeout)
  local times, gave_up = {}, 0
  for _, level in ipairs(levels) do
    for seed = 1, seeds do
      local g = gen.generator{ size = size, seed = seed, level = level, timeout = timeout }
      time_steps(function() return g:step{ ms = frames.BUDGET_MS } == "done" end, times)
      if not g:result() then gave_up = gave_up + 1 end
    end
  end
  return times, gave_up
end

-- Solver:step{ms} to the end of the search (the proof of uniqueness included) on each puzzle.
function frames.solver(sudoku, items)
  local times = {}
  for _, item in ipairs(items) do
    local s = sudoku.Solver.new(assert(sudoku.parse(item.puzzle)))
    time_steps(function()
      local status = s:step{ ms = frames.BUDGET_MS }
      return status ~= "running" and status ~= "solved"
    end, times)
  end
  return times
end

-- The rows, and notes. opts: quick, data (the shared data folder).
function frames.rows(sudoku, opts)
  local gen, difficulty = require "sudoku.gen", require "sudoku.gen.difficulty"
  local rows, notes = {}, {}
  local seeds9, seeds16 = opts.quick and 3 or 10, opts.quick and 1 or 10
  local timeout16 = opts.quick and 10 or 60
  local all, below = difficulty.ORDER, {}
  for i = 1, #all - 1 do below[i] = all[i] end
  local t9 = frames.generator(gen, all, 9, seeds9, nil)
  rows[#rows + 1] = frames.row("`gen.generator{level}` `g:step{ms = 4}`",
    ("9x9, %d levels x seeds 1-%d"):format(#all, seeds9), t9)
  local t16 = frames.generator(gen, below, 16, seeds16, timeout16)
  rows[#rows + 1] = frames.row("`gen.generator{level}` `g:step{ms = 4}`",
    ("16x16, %s to %s x seeds 1-%d"):format(below[1], below[#below], seeds16), t16)
  local tx, gave_up = frames.generator(gen, { all[#all] }, 16, seeds16, timeout16)
  rows[#rows + 1] = frames.row("`gen.generator{level}` `g:step{ms = 4}`",
    ("16x16, %s x seeds 1-%d"):format(all[#all], seeds16), tx)
  notes[#notes + 1] = ("16x16: each puzzle within %d s (`timeout`; %d of %d extreme ones gave "
    .. "up: their ratings run nested forcing chains for minutes, a step at a time, each "
    .. "assumption's run pausing inside); every step up to the end or the give-up is timed")
    :format(timeout16, gave_up, seeds16)
  for _, set in ipairs{ { "forum_hardest_1106.txt", "9x9 forum hardest", opts.quick and 20 or 376 },
                        { "gecode_16x16.txt", "16x16 gecode", opts.quick and 10 or nil } } do
    local items = datasets.read(opts.data .. "/" .. set[1], set[3])
    rows[#rows + 1] = frames.row("`Solver:step{ms = 4}` to the end of the search",
      ("%s, %d puzzles"):format(set[2], #items), frames.solver(sudoku, items))
  end
  return rows, notes
end

return frames
