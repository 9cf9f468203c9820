--- Order statistics of a lab's measurements: median, percentiles, maximum, and a bootstrap
-- confidence interval for the median, drawn from the toolkit's own seeded generator so that
-- the same measurements always give the same interval.
-- @module sudoku.lab.stats
local random = require "sudoku.gen.random"

local stats = {}

local function sorted_copy(values)
  local out = {}
  for i = 1, #values do out[i] = values[i] end
  table.sort(out)
  return out
end

-- The value of rank ceil(p * n) (nearest rank) of a sorted list; p = 0.5 is the lower median.
local function rank(sorted, p)
  local n = #sorted
  if n == 0 then return nil end
  local k = math.ceil(p * n)
  if k < 1 then k = 1 end
  return sorted[k]
end

--- The median of a sorted list: the middle value, or the mean of the two middle ones.
function stats.median(sorted)
  local n = #sorted
  if n == 0 then return nil end
  if n % 2 == 1 then return sorted[(n + 1) / 2] end
  return (sorted[n / 2] + sorted[n / 2 + 1]) / 2
end

--- The 95 % bootstrap (percentile) interval of the median of a sorted list: `resamples`
-- resamples with replacement, each median found by counting how often each rank was drawn
-- (linear time, no sort), then the 2.5th and 97.5th percentiles of those medians. progress(),
-- when given, is called after each resample (a caller may raise there to stop).
function stats.median_interval(sorted, resamples, seed, progress)
  local n = #sorted
  if n == 0 then return nil, nil end
  local rng = random.new(seed or 1)
  local medians, drawn = {}, {}
  -- The ranks of a resample's middle values (for odd n the same rank twice).
  local lo_rank, hi_rank = math.floor((n + 1) / 2), math.floor(n / 2) + 1
  for b = 1, resamples do
    for i = 1, n do drawn[i] = 0 end
    for _ = 1, n do
      local i = rng:below(n)
      drawn[i] = drawn[i] + 1
    end
    local seen, lo, hi = 0, nil, nil
    for i = 1, n do
      seen = seen + drawn[i]
      if not lo and seen >= lo_rank then lo = sorted[i] end
      if seen >= hi_rank then
        hi = sorted[i]
        break
      end
    end
    medians[b] = (lo + hi) / 2
    if progress then progress() end
  end
  table.sort(medians)
  return rank(medians, 0.025), rank(medians, 0.975)
end

--- Summary of a list of numbers: {median =, lo =, hi = (the median's interval), p90 =, max =,
-- n =}. opts.resamples (default 1000; 0: no interval), opts.seed and opts.progress (see
-- median_interval).
function stats.summary(values, opts)
  opts = opts or {}
  local sorted = sorted_copy(values)
  local out = { n = #sorted, median = stats.median(sorted), p90 = rank(sorted, 0.9),
    max = sorted[#sorted] }
  local resamples = opts.resamples or 1000
  if resamples > 0 then
    out.lo, out.hi = stats.median_interval(sorted, resamples, opts.seed, opts.progress)
  end
  return out
end

return stats
