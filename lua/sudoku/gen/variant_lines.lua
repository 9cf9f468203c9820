-- Lines drawn over a solved grid for gen.puzzle{variant = "thermo" | "arrow"}: random paths of
-- king-move neighbours (orthogonal or diagonal) through cells no other line uses, which never
-- cross another line diagonally (two lines through the two diagonals of one 2x2 square). Each
-- path is true of the grid by construction: a thermometer's digits rise from its bulb, an
-- arrow's digits add up to its circle's.
local lines = {}

-- Thermometers: 3 to 6 cells (at most N), added one at a time until the thermometers alone
-- leave one solution or there are THERMOS_PER_N * N of them (the givens then do the rest);
-- TRIES_PER_N * N bulbs are tried at most.
local THERMO_MIN, THERMO_MAX, THERMOS_PER_N, TRIES_PER_N = 3, 6, 1, 20
-- Arrows: ARROWS_PER_N * N of them (at least 2), shafts of 2 to ARROW_MAX cells; a shaft is
-- searched for within ARROW_STEPS steps of a depth-first walk.
local ARROWS_PER_N, ARROW_MIN, ARROW_MAX, ARROW_STEPS = 2 / 3, 2, 5, 200

-- The drawing: which cells the lines use, and which pairs of cells are consecutive on a line.
local Sheet = {}
Sheet.__index = Sheet

local function new_sheet(n)
  return setmetatable({ n = n, used = {}, link = {} }, Sheet)
end

local function key(a, b)
  if a > b then a, b = b, a end
  return a * 65536 + b
end

-- The free king-move neighbours of cell i that a line from i may step to without crossing
-- another line's diagonal step, in increasing order.
function Sheet:steps(i, extra_used)
  local n = self.n
  local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
  local out = {}
  for dr = -1, 1 do
    for dc = -1, 1 do
      local r2, c2 = r + dr, c + dc
      if (dr ~= 0 or dc ~= 0) and r2 >= 1 and r2 <= n and c2 >= 1 and c2 <= n then
        local j = (r2 - 1) * n + c2
        local free = not self.used[j] and not (extra_used and extra_used[j])
        if free and dr ~= 0 and dc ~= 0 then
          -- The other diagonal of the 2x2 square: (r, c2) - (r2, c).
          free = not self.link[key((r - 1) * n + c2, (r2 - 1) * n + c)]
        end
        if free then out[#out + 1] = j end
      end
    end
  end
  return out
end

-- Marks the cells of `path` used and its steps linked.
function Sheet:draw(path)
  for k, i in ipairs(path) do
    self.used[i] = true
    if k > 1 then self.link[key(path[k - 1], i)] = true end
  end
end

local function cells_of(n, path)
  local out = {}
  for k, i in ipairs(path) do out[k] = { math.floor((i - 1) / n) + 1, (i - 1) % n + 1 } end
  return out
end

local function digits_of(n, grid)
  local digit = {}
  for r = 1, n do
    for c = 1, n do digit[(r - 1) * n + c] = grid:get(r, c) end
  end
  return digit
end

-- A rising path from bulb i of a random length, or nil when it stays below THERMO_MIN cells.
local function thermo_from(sheet, digit, i, rng)
  local n = sheet.n
  local high = math.min(THERMO_MAX, n)
  local length = THERMO_MIN - 1 + rng:below(high - THERMO_MIN + 1)
  local path, on = { i }, { [i] = true }
  while #path < length do
    local last = digit[path[#path]]
    -- Room above: the next digit leaves enough values for the cells still to come.
    local top = n - (length - #path - 1)
    local choices = {}
    for _, j in ipairs(sheet:steps(path[#path], on)) do
      if digit[j] > last and digit[j] <= top then choices[#choices + 1] = j end
    end
    if #choices == 0 then break end
    local j = choices[rng:below(#choices)]
    path[#path + 1], on[j] = j, true
  end
  if #path < THERMO_MIN then return nil end
  return path
end

--- The schema's `thermos` (lists of cells, bulb first) over `grid`.
function lines.thermos(ctx, grid)
  local n, rng = ctx.n, ctx.rng
  local digit, sheet, out = digits_of(n, grid), new_sheet(n), {}
  for _ = 1, TRIES_PER_N * n do
    if #out >= THERMOS_PER_N * n then break end
    local bulb = rng:below(n * n)
    if not sheet.used[bulb] and digit[bulb] <= n - THERMO_MIN + 1 then
      local path = thermo_from(sheet, digit, bulb, rng)
      if path then
        sheet:draw(path)
        out[#out + 1] = cells_of(n, path)
        if ctx:count(ctx:board({ thermos = out })) == 1 then break end
      end
    end
  end
  return out
end

-- A shaft from next to circle i whose digits add up to the circle's, or nil: a depth-first
-- walk over the steps in a random order, within ARROW_STEPS steps.
local function shaft_from(sheet, digit, i, rng)
  local target = digit[i]
  local path, on, budget = {}, { [i] = true }, ARROW_STEPS
  local function walk(from, sum)
    budget = budget - 1
    if budget < 0 then return false end
    if sum == target then return #path >= ARROW_MIN end
    if #path >= ARROW_MAX then return false end
    local choices = sheet:steps(from, on)
    rng:shuffle(choices)
    for _, j in ipairs(choices) do
      if sum + digit[j] <= target then
        path[#path + 1], on[j] = j, true
        if walk(j, sum + digit[j]) then return true end
        path[#path], on[j] = nil, nil
      end
    end
    return false
  end
  if walk(i, 0) then return path end
  return nil
end

--- The schema's `arrows` ({circle = {r, c}, lines = {{{r, c}, ...}}}) over `grid`.
function lines.arrows(ctx, grid)
  local n, rng = ctx.n, ctx.rng
  local digit, sheet, out = digits_of(n, grid), new_sheet(n), {}
  local wanted = math.max(2, math.floor(ARROWS_PER_N * n))
  for _ = 1, TRIES_PER_N * n do
    if #out >= wanted then break end
    local circle = rng:below(n * n)
    -- The smallest shaft is two cells (1 + 2 = 3).
    if not sheet.used[circle] and digit[circle] >= 3 then
      local path = shaft_from(sheet, digit, circle, rng)
      if path then
        local drawn = { circle }
        for k, j in ipairs(path) do drawn[k + 1] = j end
        sheet:draw(drawn)
        local c = cells_of(n, { circle })[1]
        out[#out + 1] = { circle = c, lines = { cells_of(n, path) } }
      end
    end
  end
  return out
end

return lines
