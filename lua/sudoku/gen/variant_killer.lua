-- Killer cages for gen.puzzle{variant = "killer"}: a partition of every cell of a solved grid
-- into cages that pins the grid with no givens at all.
--
-- 1. Random growth: cells in a random order each start a cage of a random target of 2 to 5
--    cells, grown by random orthogonal neighbours that are free and whose digit the cage does
--    not hold yet; a cage left at one cell joins a neighbour that can take its digit.
-- 2. Split until unique: while the cages allow two solutions, a cell where the two differ is
--    taken and its cage split in two connected parts (a cage of one cell fixes its digit, so
--    this ends).
-- 3. Merge while unique: neighbouring cages whose digits differ and which make at most 6 cells
--    together are merged, each merge kept only if the puzzle stays unique: fewer, larger cages,
--    which is what makes a killer worth solving. The cages of one cell the splits left go
--    first, since each is as good as a given.
local killer = {}

-- The largest cage the merges make, and the targets of the first growth.
local MAX_CAGE, MIN_TARGET, MAX_TARGET = 6, 2, 5
-- A merge stays only when the general engine proves the puzzle unique within this many search
-- nodes (a count, not a time, so every machine keeps the same merges). On 9x9 the proofs of
-- the merges kept take at most a few hundred nodes; on 12x12 some would take millions.
local MERGE_NODES = 2000

-- The orthogonal neighbours of cell index i on an n x n board.
local function neighbours(n, i)
  local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
  local out = {}
  if r > 1 then out[#out + 1] = i - n end
  if r < n then out[#out + 1] = i + n end
  if c > 1 then out[#out + 1] = i - 1 end
  if c < n then out[#out + 1] = i + 1 end
  return out
end

-- Whether the cells of `set` (index -> true; `count` of them) form one orthogonally connected
-- piece.
local function connected(n, set, count)
  local start = next(set)
  if not start then return true end
  local seen, stack, reached = { [start] = true }, { start }, 1
  while #stack > 0 do
    local i = table.remove(stack)
    for _, j in ipairs(neighbours(n, i)) do
      if set[j] and not seen[j] then
        seen[j], reached = true, reached + 1
        stack[#stack + 1] = j
      end
    end
  end
  return reached == count
end

-- The partition: owner[i] = cage id, cages[id] = list of cell indices (ids may have holes
-- once cages merge: cages[id] == nil).
local Partition = {}
Partition.__index = Partition

local function new_partition(n, digit)
  return setmetatable({ n = n, digit = digit, owner = {}, cages = {}, next_id = 0 }, Partition)
end

function Partition:add(cells)
  self.next_id = self.next_id + 1
  local id = self.next_id
  self.cages[id] = cells
  for _, i in ipairs(cells) do self.owner[i] = id end
  return id
end

function Partition:remove(id)
  self.cages[id] = nil
end

-- Whether cage `cells` holds digit d.
function Partition:holds(cells, d)
  for _, i in ipairs(cells) do
    if self.digit[i] == d then return true end
  end
  return false
end

-- Whether two cages can merge: different digits throughout, MAX_CAGE cells at most.
function Partition:can_merge(a, b)
  local ca, cb = self.cages[a], self.cages[b]
  if #ca + #cb > MAX_CAGE then return false end
  for _, i in ipairs(cb) do
    if self:holds(ca, self.digit[i]) then return false end
  end
  return true
end

-- The ids of the cages next to cage `id`, in increasing order.
function Partition:next_to(id)
  local seen, out = {}, {}
  for _, i in ipairs(self.cages[id]) do
    for _, j in ipairs(neighbours(self.n, i)) do
      local other = self.owner[j]
      if other and other ~= id and not seen[other] then
        seen[other] = true
        out[#out + 1] = other
      end
    end
  end
  table.sort(out)
  return out
end

-- Merges cage b into cage a.
function Partition:merge(a, b)
  local ca = self.cages[a]
  for _, i in ipairs(self.cages[b]) do
    ca[#ca + 1] = i
    self.owner[i] = a
  end
  self.cages[b] = nil
end

-- The schema's cages: {sum =, cells = {{r, c}, ...}}, each cage's cells in row-major order and
-- the cages in the order of their first cells, so that the same partition always reads the same.
function Partition:schema()
  local n, list = self.n, {}
  for _, cells in pairs(self.cages) do
    local sorted = {}
    for k, i in ipairs(cells) do sorted[k] = i end
    table.sort(sorted)
    list[#list + 1] = sorted
  end
  table.sort(list, function(x, y) return x[1] < y[1] end)
  local out = {}
  for k, cells in ipairs(list) do
    local sum, pairs_ = 0, {}
    for m, i in ipairs(cells) do
      sum = sum + self.digit[i]
      pairs_[m] = { math.floor((i - 1) / n) + 1, (i - 1) % n + 1 }
    end
    out[k] = { sum = sum, cells = pairs_ }
  end
  return out
end

-- Step 1: random growth over the whole grid.
local function grow(part, rng)
  local n = part.n
  local order = {}
  for i = 1, n * n do order[i] = i end
  rng:shuffle(order)
  for _, start in ipairs(order) do
    if not part.owner[start] then
      local cells = { start }
      local id = part:add(cells)
      local target = MIN_TARGET - 1 + rng:below(MAX_TARGET - MIN_TARGET + 1)
      while #cells < target do
        local frontier, seen = {}, {}
        for _, i in ipairs(cells) do
          for _, j in ipairs(neighbours(n, i)) do
            if not part.owner[j] and not seen[j] and not part:holds(cells, part.digit[j]) then
              seen[j] = true
              frontier[#frontier + 1] = j
            end
          end
        end
        if #frontier == 0 then break end
        table.sort(frontier)
        local j = frontier[rng:below(#frontier)]
        cells[#cells + 1] = j
        part.owner[j] = id
      end
    end
  end
  -- A cage of one cell joins its smallest neighbour that can take it, when there is one.
  for id = 1, part.next_id do
    local cells = part.cages[id]
    if cells and #cells == 1 then
      local best
      for _, other in ipairs(part:next_to(id)) do
        if part:can_merge(other, id) and (not best or #part.cages[other] < #part.cages[best]) then
          best = other
        end
      end
      if best then part:merge(best, id) end
    end
  end
end

-- Step 2's split of the cage holding cell x: a connected part grown from x to a random size
-- whose rest is connected too, tried a few times; else x alone and each connected piece of the
-- rest a cage of its own.
local SPLIT_TRIES = 8

local function split(part, x, rng)
  local n, id = part.n, part.owner[x]
  local cells = part.cages[id]
  local k = #cells
  local inside = {}
  for _, i in ipairs(cells) do inside[i] = true end
  local pieces
  for _ = 1, SPLIT_TRIES do
    local size = rng:below(k - 1)
    local a, in_a = { x }, { [x] = true }
    while #a < size do
      local frontier, seen = {}, {}
      for _, i in ipairs(a) do
        for _, j in ipairs(neighbours(n, i)) do
          if inside[j] and not in_a[j] and not seen[j] then
            seen[j] = true
            frontier[#frontier + 1] = j
          end
        end
      end
      table.sort(frontier)
      local j = frontier[rng:below(#frontier)]
      a[#a + 1], in_a[j] = j, true
    end
    local rest, set = {}, {}
    for _, i in ipairs(cells) do
      if not in_a[i] then rest[#rest + 1], set[i] = i, true end
    end
    if connected(n, set, #rest) then
      pieces = { a, rest }
      break
    end
  end
  if not pieces then
    -- x alone, and the rest by its connected pieces.
    pieces = { { x } }
    local left = {}
    for _, i in ipairs(cells) do
      if i ~= x then left[i] = true end
    end
    for _, i in ipairs(cells) do
      if left[i] then
        local piece, stack = {}, { i }
        left[i] = nil
        while #stack > 0 do
          local j = table.remove(stack)
          piece[#piece + 1] = j
          for _, m in ipairs(neighbours(n, j)) do
            if left[m] then
              left[m] = nil
              stack[#stack + 1] = m
            end
          end
        end
        pieces[#pieces + 1] = piece
      end
    end
  end
  part:remove(id)
  for _, piece in ipairs(pieces) do part:add(piece) end
end

-- The board of the partition's cages (no values).
local function board_of(ctx, part)
  return ctx:board({ cages = part:schema() })
end

--- The cages of a killer whose only solution is `grid` (a complete Board), as the schema's
-- list ({sum =, cells =}). Raises the context's out-of-time error when the clock runs out.
function killer.cages(ctx, grid)
  local n, rng = ctx.n, ctx.rng
  local digit = {}
  for r = 1, n do
    for c = 1, n do digit[(r - 1) * n + c] = grid:get(r, c) end
  end
  local part = new_partition(n, digit)
  grow(part, rng)
  -- Step 2.
  while true do
    local first, second = ctx:two_solutions(board_of(ctx, part))
    if not second then break end
    local differ = {}
    for r = 1, n do
      for c = 1, n do
        if first:get(r, c) ~= second:get(r, c) then differ[#differ + 1] = (r - 1) * n + c end
      end
    end
    -- Only cells of cages of two cells or more differ: a one-cell cage fixes its digit.
    split(part, differ[rng:below(#differ)], rng)
  end
  -- Step 3: each pair of neighbouring cages once, in a random order, each cage named by one of
  -- its cells (a merged cage keeps the first one's id, and its cells find it through owner).
  local pairs_ = {}
  for id = 1, part.next_id do
    if part.cages[id] then
      for _, other in ipairs(part:next_to(id)) do
        if other > id then pairs_[#pairs_ + 1] = { part.cages[id][1], part.cages[other][1] } end
      end
    end
  end
  rng:shuffle(pairs_)
  -- Pairs with a cage of one cell first (such a cage is as good as a given), then the rest in
  -- their random order.
  for k, pair in ipairs(pairs_) do
    local small = math.min(#part.cages[part.owner[pair[1]]], #part.cages[part.owner[pair[2]]])
    pair.first, pair.order = small == 1 and 0 or 1, k
  end
  table.sort(pairs_, function(x, y)
    if x.first ~= y.first then return x.first < y.first end
    return x.order < y.order
  end)
  for _, pair in ipairs(pairs_) do
    local a, b = part.owner[pair[1]], part.owner[pair[2]]
    if a ~= b and part:can_merge(a, b) then
      local saved_a, saved_b = {}, part.cages[b]
      for k, i in ipairs(part.cages[a]) do saved_a[k] = i end
      part:merge(a, b)
      if ctx:count(board_of(ctx, part), MERGE_NODES) ~= 1 then
        part.cages[a], part.cages[b] = saved_a, saved_b
        for _, i in ipairs(saved_b) do part.owner[i] = b end
      end
    end
  end
  return part:schema()
end

return killer
