-- The Lua twins of native rules, for differential specs: each kind of rule restated as a plain
-- predicate over the values placed on its cells, and a counter that runs the old predicate
-- form of the Solver (opts.constraint, asked before every placement) with them. The twins only
-- say whether placed values already break a rule, from the rule's definition, so they share
-- nothing with the propagators they check.
local sudoku = require "sudoku"

local twin = {}

local function ceil_half(n) return math.floor((n + 1) / 2) end

local function abs(x) return x < 0 and -x or x end

-- pair kinds: may a (first cell) and b (second cell) stand together?
local PAIRS = {
  different = function(a, b) return a ~= b end,
  consecutive = function(a, b) return abs(a - b) == 1 end,
  ratio = function(a, b, spec) local k = spec.ratio or 2 return a == k * b or b == k * a end,
  pair_sum = function(a, b, spec) return a + b == spec.sum end,
  not_consecutive = function(a, b) return abs(a - b) ~= 1 end,
  not_ratio = function(a, b, spec) local k = spec.ratio or 2 return a ~= k * b and b ~= k * a end,
  not_pair_sum = function(a, b, spec)
    for _, s in ipairs(spec.sums) do if a + b == s then return false end end
    return true
  end,
  less = function(a, b) return a < b end,
  whisper = function(a, b, spec, n) return abs(a - b) >= (spec.gap or ceil_half(n)) end,
}

-- Every kind: do the values (values[i] of the rule's i-th cell, 0 = empty) break the rule?
-- Each is exact once every cell is placed and never refuses values that can still be completed
-- along the rule's own cells.
local function breaks(spec, values, n)
  local pair = PAIRS[spec.kind]
  if pair then
    return values[1] ~= 0 and values[2] ~= 0 and not pair(values[1], values[2], spec, n)
  end
  local k = #values
  if spec.kind == "allowed" then
    for _, v in ipairs(values) do
      if v ~= 0 then
        local ok = false
        for _, w in ipairs(spec.values) do ok = ok or w == v end
        if not ok then return true end
      end
    end
    return false
  elseif spec.kind == "thermo" then
    for i = 1, k do
      for j = i + 1, k do
        if values[i] ~= 0 and values[j] ~= 0 and values[i] >= values[j] then return true end
      end
    end
    return false
  elseif spec.kind == "renban" then
    local seen, low, high = {}, math.huge, -math.huge
    for _, v in ipairs(values) do
      if v ~= 0 then
        if seen[v] then return true end
        seen[v] = true
        low, high = math.min(low, v), math.max(high, v)
      end
    end
    return high - low >= k
  elseif spec.kind == "palindrome" then
    for i = 1, math.floor(k / 2) do
      local a, b = values[i], values[k + 1 - i]
      if a ~= 0 and b ~= 0 and a ~= b then return true end
    end
    return false
  elseif spec.kind == "cage" or spec.kind == "sum" or spec.kind == "arrow"
      or spec.kind == "sandwich" then
    return twin.sums(spec, values, n)
  end
  error("no twin for the kind " .. tostring(spec.kind))
end
twin.breaks = breaks

-- The sum kinds (cage, sum, arrow, sandwich): judged once their cells are full, except that a
-- cage breaks at once on a repeat, and a cage or sum once the empty cells can no longer bring
-- the total in reach (a cage's with the least and the most of the values it has left).
function twin.sums(spec, values, n)
  local total, empty, seen = 0, 0, {}
  for _, v in ipairs(values) do
    if v == 0 then empty = empty + 1 end
    total = total + v
    if spec.kind == "cage" and v ~= 0 then
      if seen[v] then return true end
      seen[v] = true
    end
  end
  if spec.kind == "cage" or spec.kind == "sum" then
    if spec.sum == nil then return false end
    local low, high = total, total
    if spec.kind == "sum" then
      low, high = total + empty, total + n * empty
    else
      local lows, highs = 0, 0
      for v = 1, n do
        if not seen[v] and lows < empty then low, lows = low + v, lows + 1 end
        if not seen[n + 1 - v] and highs < empty then high, highs = high + n + 1 - v, highs + 1 end
      end
    end
    return spec.sum < low or spec.sum > high
  end
  if empty > 0 then return false end
  if spec.kind == "arrow" then return values[1] ~= total - values[1] end
  local one, top
  for i, v in ipairs(values) do
    if v == 1 then one = i elseif v == n then top = i end
  end
  local inside = 0
  for i = math.min(one, top) + 1, math.max(one, top) - 1 do inside = inside + values[i] end
  return inside ~= spec.sum
end

-- A Solver constraint that holds the given rule specs: v may go at (r, c) unless, with v
-- there, the values on the cells of a rule through (r, c) break it.
function twin.predicate(specs, n)
  local through = {}
  for _, spec in ipairs(specs) do
    for _, cell in ipairs(spec.cells) do
      local key = (cell[1] - 1) * n + cell[2]
      through[key] = through[key] or {}
      table.insert(through[key], spec)
    end
  end
  return function(b, r, c, v)
    for _, spec in ipairs(through[(r - 1) * n + c] or {}) do
      local values = {}
      for i, cell in ipairs(spec.cells) do
        values[i] = (cell[1] == r and cell[2] == c) and v or b:get(cell[1], cell[2])
      end
      if breaks(spec, values, n) then return false end
    end
    return true
  end
end

-- The number of solutions of board (left unchanged) under the rule specs, counted by stepping
-- a Solver whose only extra rule is their twin predicate; stops at limit when one is given.
function twin.count(board, specs, limit)
  local solver = sudoku.Solver.new(board:copy(), {constraint = twin.predicate(specs, board:size())})
  local count = 0
  while solver:step() == "solved" do
    count = count + 1
    if limit and count >= limit then break end
  end
  return count
end

-- The differential check of one kind: 36 seeded random boards (4x4, and 6x6 every third), each
-- with a few rules of the kind, counted with the native rules and with their twins; asserts
-- they agree, and that enough of the boards have solutions (on a dead end any propagator
-- agrees). random_rules is support.random_rules, passed in to keep this module free of it.
function twin.agree(kind, random_rules)
  local solvable = 0
  for seed = 1, 36 do
    local n, box = 4, {2, 2}
    if seed % 3 == 0 then n, box = 6, {2, 3} end
    local bare, specs = random_rules.board(kind, n, box, 1000 * seed + #kind, 40)
    local ruled = bare:copy()
    for _, spec in ipairs(specs) do ruled:add_rule(spec) end
    local count = ruled:count()
    assert(twin.count(bare, specs) == count, kind .. " seed " .. seed .. ": the counts differ")
    if count > 0 then solvable = solvable + 1 end
  end
  assert(solvable >= 12, kind .. ": too few boards with solutions to tell")
end

return twin
