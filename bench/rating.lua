-- The rating table of `make bench`: sudoku.logic's SE-style rating (logic.rate, SE's techniques
-- only) against Sukaku Explainer's own ratings of ../shared/data/rated/se_calibration.txt.
-- Per SE band (2.x ... 9.x): puzzles, how many we rate exactly as SE (within 0.05), how many
-- within 0.5, our median rating, and the puzzles our techniques get stuck on. Overall: the
-- Spearman rank correlation (stuck puzzles ranked above every rating), the exact share, and the
-- time per puzzle (median, 99th percentile, total), CPU time of one core (os.clock).
local rating_bench = {}

rating_bench.HEADER = { "SE band", "puzzles", "exact", "within 0.5", "our median", "stuck" }
rating_bench.ALIGN = "lrrrrr"

-- The calibration records: {puzzle =, se =}; with a stride, every stride-th one only (the file
-- is sorted by rating, so a stride keeps every band).
function rating_bench.read(path, stride)
  local out, k = {}, 0
  for line in io.lines(path) do
    local p, r = line:match("^([%d%.]+),([%d%.]+)")
    if p and #p == 81 then
      k = k + 1
      if not stride or k % stride == 1 then out[#out + 1] = { puzzle = p, se = tonumber(r) } end
    end
  end
  return out
end

-- Ranks of the values (ties share their average rank).
local function ranks(values)
  local order = {}
  for i = 1, #values do order[i] = i end
  table.sort(order, function(a, b) return values[a] < values[b] end)
  local out, i = {}, 1
  while i <= #order do
    local j = i
    while j < #order and values[order[j + 1]] == values[order[i]] do j = j + 1 end
    for k = i, j do out[order[k]] = (i + j) / 2 end
    i = j + 1
  end
  return out
end

--- Spearman's rank correlation of two lists of numbers of the same length.
function rating_bench.spearman(x, y)
  local rx, ry = ranks(x), ranks(y)
  local n = #x
  local mx, my = 0, 0
  for i = 1, n do mx, my = mx + rx[i], my + ry[i] end
  mx, my = mx / n, my / n
  local sxy, sxx, syy = 0, 0, 0
  for i = 1, n do
    local dx, dy = rx[i] - mx, ry[i] - my
    sxy, sxx, syy = sxy + dx * dy, sxx + dx * dx, syy + dy * dy
  end
  if sxx == 0 or syy == 0 then return 0 end
  return sxy / math.sqrt(sxx * syy)
end

local function median(sorted)
  if #sorted == 0 then return nil end
  return sorted[math.floor((#sorted + 1) / 2)]
end

-- Rates every record; returns the table rows and a summary {spearman =, exact =, puzzles =,
-- stuck =, median_ms =, p99_ms =, total_s =}.
function rating_bench.run(sudoku, logic, records)
  local STUCK = 99
  local se, ours, times = {}, {}, {}
  local bands = {}
  local exact, stuck = 0, 0
  for i, rec in ipairs(records) do
    local board = assert(sudoku.parse(rec.puzzle))
    local t = os.clock()
    local r = logic.rate(board)
    times[i] = (os.clock() - t) * 1000
    local value = r and r.rating or STUCK
    se[i], ours[i] = rec.se, value
    local band = math.floor(rec.se)
    local b = bands[band] or { puzzles = 0, exact = 0, near = 0, stuck = 0, values = {} }
    bands[band] = b
    b.puzzles = b.puzzles + 1
    if not r then
      b.stuck, stuck = b.stuck + 1, stuck + 1
    else
      b.values[#b.values + 1] = value
      if math.abs(value - rec.se) < 0.05 then b.exact, exact = b.exact + 1, exact + 1 end
      if math.abs(value - rec.se) <= 0.5 then b.near = b.near + 1 end
    end
  end
  local rows = {}
  for band = 1, 10 do
    local b = bands[band]
    if b then
      table.sort(b.values)
      local m = median(b.values)
      rows[#rows + 1] = { ("%d.x"):format(band), tostring(b.puzzles),
        ("%.0f %%"):format(100 * b.exact / b.puzzles), ("%.0f %%"):format(100 * b.near / b.puzzles),
        m and ("%.1f"):format(m) or "–", tostring(b.stuck) }
    end
  end
  table.sort(times)
  local total = 0
  for _, t in ipairs(times) do total = total + t end
  return rows, {
    puzzles = #records, spearman = rating_bench.spearman(se, ours), exact = exact / #records,
    stuck = stuck, median_ms = median(times), p99_ms = times[math.max(1, math.ceil(#times * 0.99))],
    total_s = total / 1000,
  }
end

--- Hint latency: every position along the easiest-first path of each puzzle (a game asks for a
-- hint at any of them), one `pencil:hint()` call timed each. Returns {positions =, median_ms =,
-- p99_ms =, max_ms =, worst =} (worst: the puzzle of the slowest hint).
function rating_bench.hints(sudoku, logic, puzzles)
  local times, worst, worst_t = {}, nil, -1
  for _, p in ipairs(puzzles) do
    local pencil = logic.pencil(assert(sudoku.parse(p)))
    while not pencil:solved() do
      local t = os.clock()
      local step = pencil:hint()
      t = (os.clock() - t) * 1000
      times[#times + 1] = t
      if t > worst_t then worst, worst_t = p, t end
      if not step then break end
      assert(pencil:apply(step))
    end
  end
  table.sort(times)
  return { positions = #times, median_ms = median(times),
    p99_ms = times[math.max(1, math.ceil(#times * 0.99))], max_ms = times[#times], worst = worst }
end

return rating_bench
