-- The Lua predicate form of a board's rules: one function, for `Solver.new(board, {constraint
-- = f})`, that checks every rule of a list of rule specs (as `board:add_rule` takes them, e.g.
-- from `sudoku.variant.rules(record)`) against the value about to be placed. It is what a
-- variant had to be before rules were native: the bench's variants table times both forms, and
-- spec/variants_spec.lua uses it as the independent twin of the native rules. It only vetoes
-- placements, never removes candidates ahead, so it is sound and complete but slow.
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

--- Whether predicate.of has a check for rules of `kind`.
function predicate.knows(kind)
  return CHECK[kind] ~= nil
end

return predicate
