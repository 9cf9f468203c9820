-- Timing with medians and a time box, in CPU time (clock.cpu) except for work on several
-- threads (measure.once with opts.threads > 1), timed on the wall clock.
--
-- measure.new{items =, budget =, chunk =, work =, work_chunk =, check =} makes a measurement;
-- m:run() times
-- one run of work(item) over the items and m:result() gives {n =, of =, runs =, median =,
-- min =, max =, guesses =}. work(item) -> result, guesses runs inside the timed loop;
-- check(item, result) runs outside it, on every result of every run (it raises on a wrong
-- answer); guesses is nil when work reports none. Items are timed a chunk at a time (the clock
-- is read once per chunk, so reading it costs nothing per puzzle) and checked between chunks.
-- work_chunk(items, first, last, results), when given, does a whole chunk in its own loop
-- (results[k - first + 1] for item k), for work cheap enough that a call per item would show;
-- it takes no deadline.
-- The first run stops after the chunk that passes `budget` seconds (nil: no limit), and the
-- later runs take the same items, so every run does the same work. In the first run work also
-- gets a deadline, work(item, deadline): a work that can stop part way (a search stepped in
-- slices) returns measure.TIMEOUT past it, and the run ends before that item, its time not
-- counted, so one very long puzzle cannot blow the time box. Each run starts after a full
-- garbage collection, so no run pays for the garbage of another.
local clock = require "bench.clock"

local measure = {}

measure.TIMEOUT = setmetatable({}, { __tostring = function() return "timeout" end })

local function median(list)
  local sorted = {}
  for i, v in ipairs(list) do sorted[i] = v end
  table.sort(sorted)
  return sorted[math.floor((#sorted + 1) / 2)], sorted[1], sorted[#sorted]
end
measure.median = median

local Measurement = {}
Measurement.__index = Measurement

function measure.new(opts)
  return setmetatable({ items = opts.items, work = opts.work, work_chunk = opts.work_chunk,
                        check = opts.check,
                        budget = opts.budget, chunk = opts.chunk or 64, n = #opts.items,
                        times = {} }, Measurement)
end

function Measurement:run()
  local items, work, check, chunk, n = self.items, self.work, self.check, self.chunk, self.n
  local first = #self.times == 0
  local now = clock.cpu
  local results = {}
  local elapsed, total_guesses, counted, i = 0, 0, false, 0
  collectgarbage("collect")
  while i < n do
    local last = math.min(i + chunk, n)
    local t0 = now()
    local deadline = first and self.budget and t0 + self.budget - elapsed or nil
    local chunk_guesses, timed_out = 0, false
    if self.work_chunk then
      self.work_chunk(items, i + 1, last, results)
    else
      for k = i + 1, last do
        local result, g = work(items[k], deadline)
        if result == measure.TIMEOUT then
          timed_out = true
          break
        end
        results[k - i] = result
        if g then chunk_guesses, counted = chunk_guesses + g, true end
      end
    end
    if timed_out then break end
    elapsed = elapsed + (now() - t0)
    total_guesses = total_guesses + chunk_guesses
    for k = i + 1, last do
      check(items[k], results[k - i])
      results[k - i] = nil
    end
    i = last
    if first and self.budget and elapsed >= self.budget then break end
  end
  self.n = i
  self.times[#self.times + 1] = elapsed
  self.guesses = counted and total_guesses or nil
  return self
end

function Measurement:result()
  local mid, lo, hi = median(self.times)
  return { n = self.n, of = #self.items, runs = #self.times, median = mid, min = lo, max = hi,
           guesses = self.guesses }
end

-- runs runs of one measurement.
function measure.run(opts)
  local m = measure.new(opts)
  for _ = 1, opts.runs or 1 do m:run() end
  return m:result()
end

-- One call that does all the work at once (solve_many): timed `runs` times, checked each time;
-- on the wall clock when opts.threads > 1.
function measure.once(opts)
  local now, times = (opts.threads or 1) > 1 and clock.now or clock.cpu, {}
  for run = 1, opts.runs or 1 do
    collectgarbage("collect")
    local t0 = now()
    local a, b, c = opts.work()
    times[run] = now() - t0
    opts.check(a, b, c)
  end
  local mid, lo, hi = median(times)
  return { n = opts.n, of = opts.n, runs = opts.runs or 1, median = mid, min = lo, max = hi }
end

return measure
