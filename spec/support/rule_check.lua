-- An independent checker of full grids: whether a grid holds every unit of the board it came
-- from (rows, columns, boxes or jigsaw regions, extra regions) and every native rule, by the
-- Lua checks of bench/predicate.lua, which share nothing with the core (the same twin that
-- spec/variants_spec.lua holds the native rules against). The seams spec holds every
-- consumer's answers against it. Also makes, from a solved grid, one rule of each native kind
-- that the grid keeps, so that a board of that rule surely has a solution.
local predicate = require "bench.predicate"

local check = {}

local function at(grid, cell) return grid:get(cell[1], cell[2]) end

local function total(list)
  local s = 0
  for _, v in ipairs(list) do s = s + v end
  return s
end

local function values(grid, cells)
  local list = {}
  for i, cell in ipairs(cells) do list[i] = at(grid, cell) end
  return list
end

-- The board's shape as a record of the variants schema, for predicate.units.
local function record_of(board)
  local n, rows, cols = board:size()
  local regions = {}
  for _, region in ipairs(board:jigsaw() or {}) do regions[#regions + 1] = region end
  for _, region in ipairs(board:regions()) do regions[#regions + 1] = region end
  return { size = n, box = rows and { rows, cols } or nil, regions = regions }
end

--- Nil when `grid` (full) keeps every unit of `board` and every native rule of `board`, else
-- what it breaks. Lua rules are the caller's to check (their meaning is their own).
function check.grid(board, grid)
  local n = board:size()
  for _, unit in ipairs(predicate.units(record_of(board))) do
    local seen = {}
    for _, cell in ipairs(unit) do
      local v = at(grid, cell)
      if v == 0 or seen[v] then return "a unit repeats a value or has a gap" end
      seen[v] = true
    end
  end
  -- On a full grid, each value of a rule's cells must be one the rule lets go there, the other
  -- cells holding theirs: that is the rule holding.
  for i, spec in ipairs(board:rules()) do
    if predicate.knows(spec.kind) then
      local allows = predicate.of({ spec }, n)
      for _, cell in ipairs(spec.cells) do
        if not allows(grid, cell[1], cell[2], at(grid, cell)) then
          return ("rule %d (%s) is broken at r%dc%d"):format(i, spec.kind, cell[1], cell[2])
        end
      end
    end
  end
  return nil
end

-- The orthogonal neighbours of the grid's cells, as pairs, row by row.
local function neighbour_pairs(n)
  local list = {}
  for r = 1, n do
    for c = 1, n do
      if c < n then list[#list + 1] = { { r, c }, { r, c + 1 } } end
      if r < n then list[#list + 1] = { { r, c }, { r + 1, c } } end
    end
  end
  return list
end

-- The first neighbour pair whose values satisfy want(a, b), as cells.
local function pair_where(grid, want)
  for _, p in ipairs(neighbour_pairs((grid:size()))) do
    if want(at(grid, p[1]), at(grid, p[2])) then return p end
  end
  error("the grid has no such pair")
end

-- The cells of row r holding the values listed, in that order.
local function cells_of(grid, r, list)
  local cells = {}
  for i, v in ipairs(list) do
    for c = 1, grid:size() do
      if grid:get(r, c) == v then cells[i] = { r, c } end
    end
  end
  return cells
end

--- One rule spec of `kind` that the full grid `grid` (with boxes) keeps.
function check.rule_kept_by(kind, grid)
  local n = grid:size()
  local p
  if kind == "different" then
    p = pair_where(grid, function(a, b) return a ~= b end)
  elseif kind == "consecutive" then
    p = pair_where(grid, function(a, b) return math.abs(a - b) == 1 end)
  elseif kind == "ratio" or kind == "not_ratio" then
    local want = kind == "ratio"
    p = pair_where(grid, function(a, b) return (a == 2 * b or b == 2 * a) == want end)
  elseif kind == "pair_sum" then
    p = pair_where(grid, function() return true end)
    return { kind = kind, cells = p, sum = at(grid, p[1]) + at(grid, p[2]) }
  elseif kind == "not_consecutive" then
    p = pair_where(grid, function(a, b) return math.abs(a - b) ~= 1 end)
  elseif kind == "not_pair_sum" then
    p = pair_where(grid, function(a, b) return a + b ~= 10 end)
    return { kind = kind, cells = p, sums = { 10 } }
  elseif kind == "less" then
    p = pair_where(grid, function(a, b) return a < b end)
  elseif kind == "whisper" then
    p = pair_where(grid, function(a, b) return math.abs(a - b) >= math.ceil(n / 2) end)
  elseif kind == "allowed" then
    return { kind = kind, cells = { { 1, 1 } }, values = { grid:get(1, 1), grid:get(1, 1) % n + 1 } }
  elseif kind == "thermo" then
    return { kind = kind, cells = cells_of(grid, 1, { 2, 5, 7 }) }
  elseif kind == "renban" then
    return { kind = kind, cells = cells_of(grid, 2, { 4, 3, 5 }) }
  elseif kind == "palindrome" then
    -- r1's value v at c, and v again in r2 outside c's box: [r1c, r1c', r2c''] with ends equal.
    local v = grid:get(1, 1)
    local c2
    for c = 1, n do if grid:get(2, c) == v then c2 = c end end
    return { kind = kind, cells = { { 1, 1 }, { 1, 2 }, { 2, c2 } } }
  elseif kind == "same_values" then
    -- The two halves hold the same values: a row's first three cells and the same values
    -- in the next band's row.
    local firsts = { grid:get(1, 1), grid:get(1, 2), grid:get(1, 3) }
    local rest = {}
    for i, v in ipairs(firsts) do
      for c = 1, n do if grid:get(4, c) == v then rest[i] = { 4, c } end end
    end
    return { kind = kind, cells = { { 1, 1 }, { 1, 2 }, { 1, 3 }, rest[1], rest[2], rest[3] } }
  elseif kind == "cage" or kind == "sum" then
    local cells = { { 1, 1 }, { 1, 2 }, { 2, 1 } }
    return { kind = kind, cells = cells, sum = total(values(grid, cells)) }
  elseif kind == "arrow" then
    -- A circle whose value is the sum of two cells of its row.
    for c = 1, n do
      for a = 1, n do
        for b = a + 1, n do
          if a ~= c and b ~= c and grid:get(1, a) + grid:get(1, b) == grid:get(1, c) then
            return { kind = kind, cells = { { 1, c }, { 1, a }, { 1, b } } }
          end
        end
      end
    end
  elseif kind == "sandwich" then
    local cells = {}
    for c = 1, n do cells[c] = { 3, c } end
    return { kind = kind, cells = cells, sum = predicate.sandwich_sum(values(grid, cells), n) }
  end
  return { kind = kind, cells = p }
end

return check
