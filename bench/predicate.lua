-- The Lua predicate form of a board's rules: one function, for `Solver.new(board, {constraint
-- = f})`, that checks every rule of a list of rule specs (as `board:add_rule` takes them, e.g.
-- from `sudoku.variant.rules(record)`) against the value about to be placed. It is what a
-- variant had to be before rules were native: the bench's variants table times both forms, and
-- spec/variants_spec.lua uses it as the independent twin of the native rules. It only vetoes
-- placements, never removes candidates ahead, so it is sound and complete but slow.
--
-- predicate.count is the same checks in a search of their own, without the C core at all: the
-- re-count of generated variant puzzles (spec/gen_variant_spec.lua, bench/gen_variant.lua).
local predicate = {}

local function abs(x) return x < 0 and -x or x end

-- Each checker: (board, spec, i, v, n) -> whether value v may go at the spec's i-th cell, the
-- other cells as the board holds them (0: empty).
local CHECK = {}

-- The other cell of a pair rule, and its value.
local function partner(board, spec, i)
  local cell = spec.cells[3 - i]
  return board:get(cell[1], cell[2])
end

function CHECK.different(board, spec, i, v)
  return partner(board, spec, i) ~= v
end

function CHECK.consecutive(board, spec, i, v)
  local p = partner(board, spec, i)
  return p == 0 or abs(p - v) == 1
end

function CHECK.not_consecutive(board, spec, i, v)
  local p = partner(board, spec, i)
  return p == 0 or abs(p - v) ~= 1
end

function CHECK.ratio(board, spec, i, v, n)
  local k = spec.ratio or 2
  local p = partner(board, spec, i)
  if p == 0 then return v * k <= n or v % k == 0 end
  return p == v * k or v == p * k
end

function CHECK.not_ratio(board, spec, i, v)
  local k = spec.ratio or 2
  local p = partner(board, spec, i)
  return p == 0 or (p ~= v * k and v ~= p * k)
end

function CHECK.pair_sum(board, spec, i, v, n)
  local p = partner(board, spec, i)
  if p == 0 then return spec.sum - v >= 1 and spec.sum - v <= n end
  return p + v == spec.sum
end

function CHECK.not_pair_sum(board, spec, i, v)
  local p = partner(board, spec, i)
  if p == 0 then return true end
  for _, s in ipairs(spec.sums) do
    if p + v == s then return false end
  end
  return true
end

function CHECK.allowed(_, spec, _, v)
  for _, x in ipairs(spec.values) do
    if x == v then return true end
  end
  return false
end

-- Strictly increasing from the bulb: between cells j < k the values differ by k - j at least,
-- and cell i leaves room for the cells before and after it.
function CHECK.thermo(board, spec, i, v, n)
  local cells = spec.cells
  if v < i or v > n - (#cells - i) then return false end
  for j, cell in ipairs(cells) do
    local w = board:get(cell[1], cell[2])
    if w ~= 0 and j ~= i then
      if j < i and v - w < i - j then return false end
      if j > i and w - v < j - i then return false end
    end
  end
  return true
end

-- All different, and (with a sum) the placed values plus the least and the most the empty
-- cells can still add keep the sum in reach.
function CHECK.cage(board, spec, i, v, n)
  local used, total, empty = { [v] = true }, v, 0
  for j, cell in ipairs(spec.cells) do
    if j ~= i then
      local w = board:get(cell[1], cell[2])
      if w == v then return false end
      if w == 0 then
        empty = empty + 1
      else
        used[w], total = true, total + w
      end
    end
  end
  if not spec.sum then return true end
  local low, high, k = 0, 0, 0
  for x = 1, n do
    if k == empty then break end
    if not used[x] then low, k = low + x, k + 1 end
  end
  k = 0
  for x = n, 1, -1 do
    if k == empty then break end
    if not used[x] then high, k = high + x, k + 1 end
  end
  return total + low <= spec.sum and spec.sum <= total + high
end

-- The circle (the first cell) holds the sum of the others (repeats allowed): with every cell
-- but one placed, the last is forced; before that, the placed values plus 1 for each empty
-- shaft cell stay within the circle's value (or, the circle empty, within n).
function CHECK.arrow(board, spec, i, v, n)
  local circle, sum, empty = 0, 0, 0
  for j, cell in ipairs(spec.cells) do
    local w = j == i and v or board:get(cell[1], cell[2])
    if j == 1 then
      circle = w
    elseif w == 0 then
      empty = empty + 1
    else
      sum = sum + w
    end
  end
  local least = sum + empty
  if circle == 0 then return least <= n end
  if empty == 0 then return sum == circle end
  return least <= circle
end

-- The first cell's value is below the second's, each leaving the other room.
function CHECK.less(board, spec, i, v, n)
  local p = partner(board, spec, i)
  if p == 0 then return i == 1 and v < n or i == 2 and v > 1 end
  return i == 1 and v < p or i == 2 and v > p
end

-- German whispers: the two values differ by `gap` at least (default N/2 rounded up).
function CHECK.whisper(board, spec, i, v, n)
  local gap = spec.gap or math.ceil(n / 2)
  local p = partner(board, spec, i)
  if p == 0 then return v - gap >= 1 or v + gap <= n end
  return abs(p - v) >= gap
end

-- Different values that fit in one run of as many consecutive values as there are cells.
function CHECK.renban(board, spec, i, v)
  local low, high = v, v
  for j, cell in ipairs(spec.cells) do
    local w = board:get(cell[1], cell[2])
    if j ~= i and w ~= 0 then
      if w == v then return false end
      low, high = math.min(low, w), math.max(high, w)
    end
  end
  return high - low <= #spec.cells - 1
end

-- The i-th cell and the i-th from the end hold the same value.
function CHECK.palindrome(board, spec, i, v)
  local j = #spec.cells + 1 - i
  if j == i then return true end
  local w = board:get(spec.cells[j][1], spec.cells[j][2])
  return w == 0 or w == v
end

-- The values of the cells with v at the i-th, or nil while one of the others is empty.
local function full_values(board, spec, i, v)
  local list = {}
  for j, cell in ipairs(spec.cells) do
    local w = j == i and v or board:get(cell[1], cell[2])
    if w == 0 then return nil end
    list[j] = w
  end
  return list
end

-- The cells add up to the sum (repeats allowed): the placed values plus 1 or n for each empty
-- cell keep it in reach.
function CHECK.sum(board, spec, i, v, n)
  local total, empty = v, 0
  for j, cell in ipairs(spec.cells) do
    if j ~= i then
      local w = board:get(cell[1], cell[2])
      if w == 0 then empty = empty + 1 else total = total + w end
    end
  end
  return total + empty <= spec.sum and spec.sum <= total + empty * n
end

-- The first `split` cells hold the values of the others plus `copies` full sets 1..N (without
-- split: the cells split as (cells + copies * N) / 2), checked once every cell holds a value.
function CHECK.same_values(board, spec, i, v, n)
  local list = full_values(board, spec, i, v)
  if not list then return true end
  local copies = spec.copies or 0
  local split = spec.split or math.floor((#list + copies * n) / 2)
  local seen = {}
  for j, w in ipairs(list) do seen[w] = (seen[w] or 0) + (j <= split and 1 or -1) end
  for x = 1, n do
    if (seen[x] or 0) ~= copies then return false end
  end
  return true
end

--- The sum of the values strictly between the 1 and the N of a line's values (a list), or nil
-- when the line lacks one of them.
function predicate.sandwich_sum(list, n)
  local a, b
  for j, w in ipairs(list) do
    if w == 1 or w == n then
      if a then b = j else a = j end
    end
  end
  if not b then return nil end
  local total = 0
  for j = a + 1, b - 1 do total = total + list[j] end
  return total
end

-- The values strictly between the cells holding 1 and N add up to the sum, checked once every
-- cell of the line holds a value.
function CHECK.sandwich(board, spec, i, v, n)
  local list = full_values(board, spec, i, v)
  if not list then return true end
  return predicate.sandwich_sum(list, n) == spec.sum
end

--- The constraint function of `specs` on a board of side n: f(board, r, c, v) is true when v
-- may go at the empty cell (r, c) under every rule. Raises for a kind it has no check for.
function predicate.of(specs, n)
  local at = {}   -- cell index -> list of {check, spec, i}
  for _, spec in ipairs(specs) do
    local check = CHECK[spec.kind]
    if not check then error("no Lua check for rules of kind '" .. tostring(spec.kind) .. "'", 2) end
    for i, cell in ipairs(spec.cells) do
      local key = (cell[1] - 1) * n + cell[2]
      local list = at[key] or {}
      at[key] = list
      list[#list + 1] = { check, spec, i }
    end
  end
  return function(board, r, c, v)
    local list = at[(r - 1) * n + c]
    if not list then return true end
    for k = 1, #list do
      local item = list[k]
      if not item[1](board, item[2], item[3], v, n) then return false end
    end
    return true
  end
end

--- The same check of one rule spec as a rule written in Lua (`{kind = "lua", ...}` for
-- `board:add_rule`), which the general engine wakes whenever a candidate of its cells changes:
-- a candidate stays while some choice of candidates for the rule's other cells passes the
-- check cell by cell (a depth-first walk; each full choice found marks all its values as
-- supported). That is arc consistency on the whole rule, derived from the placement checks
-- alone: a propagator that shares no code with the native one it stands in for, strong enough
-- for the engine to prove a killer with no givens unique, where the bare predicate (which
-- only vetoes placements) takes minutes.
function predicate.rule(spec, n)
  local check = CHECK[spec.kind]
  if not check then error("no Lua check for rules of kind '" .. tostring(spec.kind) .. "'", 2) end
  local cells, k = spec.cells, #spec.cells
  local slot = {}
  for j, cell in ipairs(cells) do slot[(cell[1] - 1) * n + cell[2]] = j end
  local vals = {}
  local fake = { get = function(_, r, c) return vals[slot[(r - 1) * n + c]] or 0 end }
  local function propagate(ctx)
    local cands = {}
    for j, cell in ipairs(cells) do
      cands[j] = ctx:candidates(cell[1], cell[2])
      vals[j] = 0
    end
    local supported = {}
    for j = 1, k do supported[j] = {} end
    -- Whether the cells from `at` on (skipping `fixed`) can be completed.
    local function complete(at, fixed)
      if at > k then
        for j = 1, k do supported[j][vals[j]] = true end
        return true
      end
      if at == fixed then return complete(at + 1, fixed) end
      for _, w in ipairs(cands[at]) do
        if check(fake, spec, at, w, n) then
          vals[at] = w
          local ok = complete(at + 1, fixed)
          vals[at] = 0
          if ok then return true end
        end
      end
      return false
    end
    for j = 1, k do
      local cell = cells[j]
      for _, v in ipairs(cands[j]) do
        if not supported[j][v] then
          local ok = check(fake, spec, j, v, n)
          if ok then
            vals[j] = v
            ok = complete(1, j)
            vals[j] = 0
          end
          if not ok and not ctx:eliminate(cell[1], cell[2], v) then return false end
        end
      end
    end
  end
  return { kind = "lua", name = "lua " .. spec.kind, cells = cells, propagate = propagate }
end

--- The all-different units of a board of the variants schema: its rows and columns, its boxes
-- (`record.box`, {rows, cols}) or, without a box, the first N of `record.regions` (a jigsaw),
-- every other region and the `record.diagonals` ("main", "anti"). Each is a list of {r, c}.
function predicate.units(record)
  local n, units = record.size, {}
  for r = 1, n do
    local row, column = {}, {}
    for c = 1, n do row[c], column[c] = { r, c }, { c, r } end
    units[#units + 1], units[#units + 2] = row, column
  end
  if record.box then
    local h, w = record.box[1], record.box[2]
    for top = 1, n, h do
      for left = 1, n, w do
        local box = {}
        for r = top, top + h - 1 do
          for c = left, left + w - 1 do box[#box + 1] = { r, c } end
        end
        units[#units + 1] = box
      end
    end
  end
  for _, region in ipairs(record.regions or {}) do units[#units + 1] = region end
  for _, which in ipairs(record.diagonals or {}) do
    local cells = {}
    for k = 1, n do cells[k] = { k, which == "main" and k or n + 1 - k } end
    units[#units + 1] = cells
  end
  return units
end

--- Solutions of a puzzle counted up to `limit`, by a plain Lua search that shares nothing with
-- the C core: the candidates of every empty cell are the values no unit already holds that
-- every rule's check (above) allows; a cell with none, or a unit value with no place left,
-- fails; a unit value with one place is placed, else the cell with the fewest candidates is
-- tried value by value. p = {size = n, units = (predicate.units), specs = (rule specs),
-- values = {[i] = v} (row-major, 0: empty), limit = (default 2), max_nodes = (optional)}.
-- Returns the count and the first solution (a list of values, nil when there is none); or nil
-- and "gave up after N nodes".
function predicate.count(p)
  local n, limit = p.size, p.limit or 2
  local cells = n * n
  local values, used, cell_units, unit_cells = {}, {}, {}, {}
  for i = 1, cells do values[i], cell_units[i] = p.values[i] or 0, {} end
  for u, unit in ipairs(p.units) do
    used[u], unit_cells[u] = {}, {}
    for k, cell in ipairs(unit) do
      local i = (cell[1] - 1) * n + cell[2]
      unit_cells[u][k] = i
      local list = cell_units[i]
      list[#list + 1] = u
    end
  end
  local at = {}
  for _, spec in ipairs(p.specs) do
    local check = CHECK[spec.kind]
    if not check then error("no Lua check for rules of kind '" .. tostring(spec.kind) .. "'", 2) end
    for k, cell in ipairs(spec.cells) do
      local i = (cell[1] - 1) * n + cell[2]
      at[i] = at[i] or {}
      local list = at[i]
      list[#list + 1] = { check, spec, k }
    end
  end
  local board = { get = function(_, r, c) return values[(r - 1) * n + c] end }
  -- A cell may take v: no unit of it holds v, and every rule on it allows v (the cell empty).
  local function allowed(i, v)
    for _, u in ipairs(cell_units[i]) do
      if used[u][v] then return false end
    end
    local list = at[i]
    if list then
      for k = 1, #list do
        local item = list[k]
        if not item[1](board, item[2], item[3], v, n) then return false end
      end
    end
    return true
  end
  local function place(i, v)
    values[i] = v
    for _, u in ipairs(cell_units[i]) do used[u][v] = true end
  end
  local function clear(i, v)
    values[i] = 0
    for _, u in ipairs(cell_units[i]) do used[u][v] = nil end
  end
  -- The givens must agree with the units and the rules among themselves.
  for i = 1, cells do
    local v = values[i]
    if v ~= 0 then
      values[i] = 0
      if not allowed(i, v) then return 0, nil end
      place(i, v)
    end
  end
  local found, first, nodes = 0, nil, 0
  local function search()
    nodes = nodes + 1
    if p.max_nodes and nodes > p.max_nodes then error("gave up", 0) end
    -- has[i][v]: v is a candidate of the empty cell i.
    local has, best, best_count = {}, nil, n + 1
    for i = 1, cells do
      if values[i] == 0 then
        local set, count = {}, 0
        for v = 1, n do
          if allowed(i, v) then set[v], count = true, count + 1 end
        end
        if count == 0 then return end
        has[i] = set
        if count < best_count then best, best_count = i, count end
      end
    end
    if not best then
      found = found + 1
      if not first then
        first = {}
        for i = 1, cells do first[i] = values[i] end
      end
      return
    end
    local forced
    if best_count > 1 then
      -- A value with one place in a unit goes there; a value with none fails.
      for u, list in ipairs(unit_cells) do
        if #list == n then
          local in_unit = used[u]
          for v = 1, n do
            if not in_unit[v] then
              local places, last = 0, nil
              for k = 1, n do
                local set = has[list[k]]
                if set and set[v] then places, last = places + 1, list[k] end
              end
              if places == 0 then return end
              if places == 1 and not forced then forced, best = v, last end
            end
          end
        end
      end
    end
    local set = has[best]
    for v = 1, n do
      if (forced and v == forced) or (not forced and set[v]) then
        place(best, v)
        search()
        clear(best, v)
        if found >= limit then return end
      end
    end
  end
  local ok, err = pcall(search)
  if not ok then
    if err == "gave up" then return nil, ("gave up after %d nodes"):format(p.max_nodes) end
    error(err, 0)
  end
  return found, first
end

--- Whether predicate.of has a check for rules of `kind`.
function predicate.knows(kind)
  return CHECK[kind] ~= nil
end

return predicate
