--- The lab's results as Markdown: an overview with a row per strategy, a table per strategy
-- (median with its 95 % bootstrap interval, 90th percentile and maximum of each measurement),
-- and the head-to-head counts. Deterministic: the same results give the same text.
-- @module sudoku.lab.report
local number = require "sudoku.number"
local stats = require "sudoku.lab.stats"

local report = {}

--- What a run measures, in the order the tables give them.
report.METRICS = { "nodes", "guesses", "backtracks", "seconds" }
local LABELS = { nodes = "nodes", guesses = "guesses", backtracks = "backtracks",
  seconds = "CPU ms" }

local thousands = number.thousands

-- Numbers as a reader wants them: integers with thousands separators, times in ms to 3
-- significant places.
local function show(metric, x)
  if x == nil then return "–" end
  if metric == "seconds" then
    local ms = x * 1000
    if ms >= 100 then return thousands(math.floor(ms + 0.5)) end
    return string.format("%.3g", ms)
  end
  if x % 1 ~= 0 then return string.format("%.1f", x) end
  return thousands(x)
end

-- Per strategy: the runs present (a worker's share may leave holes) in puzzle order.
local function runs_of(results, si)
  local list = {}
  for pi = 1, results.puzzles do
    local run = results.runs[si][pi]
    if run then list[#list + 1] = run end
  end
  return list
end

--- {[si] = {solved =, runs =, [metric] = stats.summary}} of the results; opts as stats.summary.
function report.summaries(results, opts)
  local out = {}
  for si = 1, #results.names do
    local list = runs_of(results, si)
    local entry = { runs = #list, solved = 0 }
    for _, run in ipairs(list) do
      if run.solved then entry.solved = entry.solved + 1 end
    end
    for _, metric in ipairs(report.METRICS) do
      local values = {}
      for i, run in ipairs(list) do values[i] = run[metric] end
      entry[metric] = stats.summary(values, opts)
    end
    out[si] = entry
  end
  return out
end

--- wins[a][b]: the puzzles on which strategy a needed fewer nodes than b (a run that did not
-- solve its puzzle needed more than any that did).
function report.head_to_head(results)
  local wins = {}
  local function cost(run)
    if not run.solved then return math.huge end
    return run.nodes
  end
  for a = 1, #results.names do
    wins[a] = {}
    for b = 1, #results.names do
      local n = 0
      for pi = 1, results.puzzles do
        local ra, rb = results.runs[a][pi], results.runs[b][pi]
        if ra and rb and cost(ra) < cost(rb) then n = n + 1 end
      end
      wins[a][b] = n
    end
  end
  return wins
end

local function row(cells)
  return "| " .. table.concat(cells, " | ") .. " |\n"
end

--- The whole report. opts: resamples, seed, progress (the intervals: see stats.summary), title.
function report.markdown(results, opts)
  opts = opts or {}
  local names = results.names
  local sums = report.summaries(results, opts)
  local out = {}
  local function add(s) out[#out + 1] = s end
  add("# " .. (opts.title or "Heuristics lab") .. "\n\n")
  add(string.format("%d puzzles, %d strategies, at most %s nodes a search, seed %s; medians with "
    .. "their 95 %% bootstrap interval (%d resamples).\n\n", results.puzzles, #names,
    thousands(results.max_nodes), string.format("%d", results.seed or 1), opts.resamples or 1000))
  add(row({ "strategy", "solved", "nodes (median)", "CPU ms (median)", "description" }))
  add(row({ "---", "---:", "---:", "---:", "---" }))
  for si, name in ipairs(names) do
    local s = sums[si]
    add(row({ name, s.solved .. "/" .. s.runs, show("nodes", s.nodes.median),
      show("seconds", s.seconds.median), results.descriptions[si] }))
  end
  for si, name in ipairs(names) do
    local s = sums[si]
    add("\n## " .. name .. "\n\n")
    add(string.format("Solved within the budget: %d of %d.\n\n", s.solved, s.runs))
    add(row({ "", "median", "95 % interval", "90th percentile", "max" }))
    add(row({ "---", "---:", "---:", "---:", "---:" }))
    for _, metric in ipairs(report.METRICS) do
      local m = s[metric]
      local interval = m.lo and (show(metric, m.lo) .. " – " .. show(metric, m.hi)) or "–"
      add(row({ LABELS[metric], show(metric, m.median), interval, show(metric, m.p90),
        show(metric, m.max) }))
    end
  end
  if #names > 1 then
    local wins = report.head_to_head(results)
    add("\n## Head to head\n\nPuzzles on which the row's strategy needed fewer nodes than the "
      .. "column's (an unsolved puzzle counts as more than any budget).\n\n")
    local header, align = { "" }, { "---" }
    for _, name in ipairs(names) do
      header[#header + 1] = name
      align[#align + 1] = "---:"
    end
    add(row(header))
    add(row(align))
    for a, name in ipairs(names) do
      local cells = { name }
      for b = 1, #names do cells[#cells + 1] = a == b and "–" or tostring(wins[a][b]) end
      add(row(cells))
    end
  end
  return table.concat(out)
end

return report
