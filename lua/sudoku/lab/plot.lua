--- The lab's pictures, as SVG text: the cactus plot of SAT and CP solver comparisons (how many
-- puzzles each strategy solved within x nodes, or x seconds, x on a log scale) and a per-puzzle
-- scatter of two strategies' nodes (log-log, the diagonal where they tie).
-- @module sudoku.lab.plot
local plot = {}

local WIDTH, HEIGHT = 720, 460
local LEFT, RIGHT, TOP, BOTTOM = 70, 190, 40, 60
-- Distinct on white and for the common colour blindnesses (Okabe and Ito), then greys.
local COLOURS = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
  "#F0E442", "#999999", "#7f3b08", "#2d004b", "#543005" }

local function colour(i) return COLOURS[(i - 1) % #COLOURS + 1] end

local function escape(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
    ['"'] = "&quot;" }))
end

local function num(x) return string.format("%.1f", x) end

local function log10(x) return math.log(x) / math.log(10) end

-- A log axis from lo to hi (> 0): its decades, and where a value goes between a and b pixels.
local function log_axis(lo, hi, a, b)
  local first, last = math.floor(log10(lo)), math.ceil(log10(hi))
  if last <= first then last = first + 1 end
  local function at(x)
    return a + (b - a) * (log10(x) - first) / (last - first)
  end
  return at, first, last
end

local function decade_label(k, seconds)
  if seconds then
    local labels = { [-6] = "1 µs", [-5] = "10 µs", [-4] = "100 µs", [-3] = "1 ms",
      [-2] = "10 ms", [-1] = "100 ms", [0] = "1 s", [1] = "10 s", [2] = "100 s" }
    return labels[k] or ("1e" .. k .. " s")
  end
  if k <= 6 then return string.format("%d", 10 ^ k) end
  return "1e" .. k
end

-- The picture's frame: size, title, axis labels and the plot's box, which runs from LEFT to
-- right (pixels) across and from TOP to the bottom margin down.
local function frame(out, width, right, title, xlabel, ylabel)
  out[#out + 1] = string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
    .. 'viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">\n', width, HEIGHT, width, HEIGHT)
  out[#out + 1] = string.format('<rect width="%d" height="%d" fill="white"/>\n', width, HEIGHT)
  out[#out + 1] = string.format('<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>\n',
    LEFT, escape(title))
  out[#out + 1] = string.format('<text x="%s" y="%d" text-anchor="middle">%s</text>\n',
    num((LEFT + right) / 2), HEIGHT - 14, escape(xlabel))
  out[#out + 1] = string.format('<text transform="translate(18 %s) rotate(-90)" '
    .. 'text-anchor="middle">%s</text>\n', num((TOP + HEIGHT - BOTTOM) / 2), escape(ylabel))
  out[#out + 1] = string.format('<rect x="%d" y="%d" width="%d" height="%d" fill="none" '
    .. 'stroke="#333"/>\n', LEFT, TOP, right - LEFT, HEIGHT - BOTTOM - TOP)
end

local function x_decades(out, first, last, at, seconds)
  for k = first, last do
    local x = at(10 ^ k)
    out[#out + 1] = string.format('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#ddd"/>\n',
      num(x), TOP, num(x), HEIGHT - BOTTOM)
    out[#out + 1] = string.format('<text x="%s" y="%d" text-anchor="middle">%s</text>\n', num(x),
      HEIGHT - BOTTOM + 18, decade_label(k, seconds))
  end
end

local function legend(out, names)
  for i, name in ipairs(names) do
    local y = TOP + 10 + (i - 1) * 20
    out[#out + 1] = string.format('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
      .. 'stroke-width="3"/>\n', WIDTH - RIGHT + 14, y, WIDTH - RIGHT + 38, y, colour(i))
    out[#out + 1] = string.format('<text x="%d" y="%d">%s</text>\n', WIDTH - RIGHT + 44, y + 4,
      escape(name))
  end
end

--- The cactus plot of lab results: for each strategy, how many puzzles it solved within x
-- (nodes, or CPU seconds with opts.metric = "seconds"), x on a log scale. opts.title.
function plot.cactus(results, opts)
  opts = opts or {}
  local metric = opts.metric or "nodes"
  local seconds = metric == "seconds"
  local lo, hi = math.huge, 0
  local curves = {}
  for si = 1, #results.names do
    local xs = {}
    for pi = 1, results.puzzles do
      local run = results.runs[si][pi]
      if run and run.solved then
        -- A time below the clock's tick shows at the tick.
        local x = math.max(run[metric], seconds and 1e-6 or 1)
        xs[#xs + 1] = x
        lo, hi = math.min(lo, x), math.max(hi, x)
      end
    end
    table.sort(xs)
    curves[si] = xs
  end
  if hi == 0 then lo, hi = 1, 10 end
  local at, first, last = log_axis(lo, hi, LEFT, WIDTH - RIGHT)
  local total = results.puzzles
  local function y_of(k) return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * k / math.max(total, 1) end
  local out = {}
  frame(out, WIDTH, WIDTH - RIGHT, opts.title or "Puzzles solved within a budget",
    seconds and "CPU time per puzzle (log scale)" or "search nodes per puzzle (log scale)",
    "puzzles solved")
  x_decades(out, first, last, at, seconds)
  for q = 0, 4 do
    local k = math.floor(total * q / 4 + 0.5)
    out[#out + 1] = string.format('<text x="%d" y="%s" text-anchor="end">%d</text>\n', LEFT - 6,
      num(y_of(k) + 4), k)
  end
  for si, xs in ipairs(curves) do
    -- A step line: the count rises by one at each puzzle's cost.
    local points = { num(at(10 ^ first)) .. "," .. num(y_of(0)) }
    for k, x in ipairs(xs) do
      points[#points + 1] = num(at(x)) .. "," .. num(y_of(k - 1))
      points[#points + 1] = num(at(x)) .. "," .. num(y_of(k))
    end
    points[#points + 1] = num(at(10 ^ last)) .. "," .. num(y_of(#xs))
    out[#out + 1] = string.format('<polyline fill="none" stroke="%s" stroke-width="2" '
      .. 'points="%s"/>\n', colour(si), table.concat(points, " "))
  end
  legend(out, results.names)
  out[#out + 1] = "</svg>\n"
  return table.concat(out)
end

--- Strategy a's nodes against strategy b's, puzzle by puzzle (log-log; indices or names): a
-- point under the diagonal is a puzzle b needed fewer nodes for. Unsolved runs sit at the
-- budget, drawn hollow.
function plot.scatter(results, a, b, opts)
  opts = opts or {}
  local function index(s)
    if type(s) == "number" then return s end
    for i, name in ipairs(results.names) do if name == s then return i end end
    error("scatter: no strategy '" .. tostring(s) .. "'", 3)
  end
  a, b = index(a), index(b)
  local hi = 1
  for pi = 1, results.puzzles do
    local ra, rb = results.runs[a][pi], results.runs[b][pi]
    if ra and rb then hi = math.max(hi, ra.nodes, rb.nodes) end
  end
  local side = HEIGHT - BOTTOM - TOP
  local ax, first, last = log_axis(1, hi, LEFT, LEFT + side)
  local ay = log_axis(1, hi, HEIGHT - BOTTOM, TOP)
  local out = {}
  local title = opts.title or (results.names[a] .. " against " .. results.names[b])
  frame(out, LEFT + side + 40, LEFT + side, title,
    "nodes, " .. results.names[a] .. " (log scale)", "nodes, " .. results.names[b] .. " (log scale)")
  x_decades(out, first, last, ax)
  for k = first, last do
    local y = ay(10 ^ k)
    out[#out + 1] = string.format('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#ddd"/>\n',
      LEFT, num(y), LEFT + side, num(y))
    out[#out + 1] = string.format('<text x="%d" y="%s" text-anchor="end">%s</text>\n', LEFT - 6,
      num(y + 4), decade_label(k))
  end
  out[#out + 1] = string.format('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#999" '
    .. 'stroke-dasharray="4 4"/>\n', num(ax(10 ^ first)), num(ay(10 ^ first)), num(ax(10 ^ last)),
    num(ay(10 ^ last)))
  for pi = 1, results.puzzles do
    local ra, rb = results.runs[a][pi], results.runs[b][pi]
    if ra and rb then
      local solved = ra.solved and rb.solved
      out[#out + 1] = string.format('<circle cx="%s" cy="%s" r="3" fill="%s" stroke="%s" '
        .. 'fill-opacity="0.5"/>\n', num(ax(ra.nodes)), num(ay(rb.nodes)),
        solved and colour(1) or "none", colour(solved and 1 or 2))
    end
  end
  out[#out + 1] = "</svg>\n"
  return table.concat(out)
end

return plot
