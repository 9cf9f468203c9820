-- Timing with medians and a time box.
--
-- measure.run{items =, runs =, budget =, chunk =, work =, check =} times work(item) over the
-- items, `runs` times, and returns {n =, of =, runs =, median =, min =, max =, guesses =}.
-- work(item) -> result, guesses runs inside the timed loop; check(item, result) runs outside
-- it, on every result of every run (it raises on a wrong answer); guesses is nil when work
-- reports none. Items are timed a chunk at a
-- time (the clock is read once per chunk, so reading it costs nothing per puzzle) and checked
-- between chunks. The first run stops after the chunk that passes `budget` seconds (nil: no
-- limit), and the later runs take the same items, so every run does the same work.
local clock = require "bench.clock"

local measure = {}

local function median(list)
  local sorted = {}
  for i, v in ipairs(list) do sorted[i] = v end
  table.sort(sorted)
  return sorted[(#sorted + 1) // 2], sorted[1], sorted[#sorted]
end
measure.median = median

function measure.run(opts)
  local items, work, check = opts.items, opts.work, opts.check
  local runs, budget, chunk = opts.runs or 1, opts.budget, opts.chunk or 64
  local now = clock.now
  local n = #items
  local times, guesses = {}, nil
  local results = {}
  for run = 1, runs do
    local elapsed, total_guesses, counted, i = 0, 0, false, 0
    while i < n do
      local last = math.min(i + chunk, n)
      local t0 = now()
      for k = i + 1, last do
        local result, g = work(items[k])
        results[k - i] = result
        if g then total_guesses, counted = total_guesses + g, true end
      end
      elapsed = elapsed + (now() - t0)
      for k = i + 1, last do
        check(items[k], results[k - i])
        results[k - i] = nil
      end
      i = last
      if run == 1 and budget and elapsed >= budget then break end
    end
    if run == 1 then n = i end
    times[run] = elapsed
    guesses = counted and total_guesses or nil
  end
  local mid, lo, hi = median(times)
  return { n = n, of = #items, runs = runs, median = mid, min = lo, max = hi, guesses = guesses }
end

-- One call that does all the work at once (solve_many): timed `runs` times, checked each time.
function measure.once(opts)
  local now, times = clock.now, {}
  for run = 1, opts.runs or 1 do
    local t0 = now()
    local a, b, c = opts.work()
    times[run] = now() - t0
    opts.check(a, b, c)
  end
  local mid, lo, hi = median(times)
  return { n = opts.n, of = opts.n, runs = opts.runs or 1, median = mid, min = lo, max = hi }
end

return measure
