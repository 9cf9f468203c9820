-- Jigsaw layouts for gen.puzzle{variant = "jigsaw"}: N connected regions of N cells that
-- partition an N x N grid and leave it a solution.
--
-- Regions grow one at a time by random region growing: each starts at the first free cell in
-- row-major order and takes random free orthogonal neighbours (weighted towards cells that
-- touch it on more sides, so regions come out compact rather than as long snakes), refusing a
-- cell that would cut the free cells into a piece no number of whole regions fills (a piece
-- away from the growing region whose size is no multiple of N). A region that cannot reach N
-- cells throws the layout away. A finished layout must have a solution: the C solver's seeded
-- search looks for one within FILL_NODES_PER_CELL * N^2 nodes (a node count, not a time, so
-- that every machine keeps or drops the same layouts); TRIES layouts are tried at most.
local jigsaw = {}

jigsaw.TRIES = 200
local FILL_NODES_PER_CELL = 50

local function neighbours(n, i)
  local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
  local out = {}
  if r > 1 then out[#out + 1] = i - n end
  if c > 1 then out[#out + 1] = i - 1 end
  if c < n then out[#out + 1] = i + 1 end
  if r < n then out[#out + 1] = i + n end
  return out
end

-- Whether every piece of free cells that does not touch the region (in_region) has a size that
-- is a multiple of n; once the region is whole (`whole`), every piece.
local function pieces_fit(n, owner, in_region, whole)
  local seen = {}
  for i = 1, n * n do
    if not owner[i] and not seen[i] then
      local size, touches, stack = 0, false, { i }
      seen[i] = true
      while #stack > 0 do
        local j = table.remove(stack)
        size = size + 1
        for _, m in ipairs(neighbours(n, j)) do
          if in_region[m] then
            touches = true
          elseif not owner[m] and not seen[m] then
            seen[m] = true
            stack[#stack + 1] = m
          end
        end
      end
      if (whole or not touches) and size % n ~= 0 then return false end
    end
  end
  return true
end

-- One layout: owner[i] = region number, or nil when a region got stuck.
local function grow(n, rng)
  local owner = {}
  local first = 1
  for k = 1, n do
    while owner[first] do first = first + 1 end
    local region, in_region = { first }, { [first] = true }
    owner[first] = k
    while #region < n do
      -- Free neighbours of the region, each weighted by the square of the sides it shares.
      local weight, list = {}, {}
      for _, i in ipairs(region) do
        for _, j in ipairs(neighbours(n, i)) do
          if not owner[j] then
            if not weight[j] then list[#list + 1] = j end
            weight[j] = (weight[j] or 0) + 1
          end
        end
      end
      table.sort(list)
      local choices, total = {}, 0
      for _, j in ipairs(list) do
        owner[j], in_region[j] = k, true
        if pieces_fit(n, owner, in_region, #region == n - 1) then
          choices[#choices + 1] = j
          total = total + weight[j] * weight[j]
        end
        owner[j], in_region[j] = nil, nil
      end
      if #choices == 0 then return nil end
      local pick = rng:below(total)
      local j
      for _, m in ipairs(choices) do
        pick = pick - weight[m] * weight[m]
        if pick <= 0 then
          j = m
          break
        end
      end
      region[#region + 1], in_region[j], owner[j] = j, true, k
    end
  end
  return owner
end

-- The layout as the schema's regions: N lists of {r, c}, each in row-major order.
local function regions_of(n, owner)
  local out = {}
  for k = 1, n do out[k] = {} end
  for i = 1, n * n do
    local list = out[owner[i]]
    list[#list + 1] = { math.floor((i - 1) / n) + 1, (i - 1) % n + 1 }
  end
  return out
end

--- A random layout that has a solution: its regions (N lists of N {r, c} cells) and a random
-- complete grid of it; nil when TRIES layouts gave none.
function jigsaw.layout(ctx)
  local n = ctx.n
  for _ = 1, jigsaw.TRIES do
    local owner = grow(n, ctx.rng)
    if owner then
      local regions = regions_of(n, owner)
      local grid = ctx:fill(ctx:board({}, regions), FILL_NODES_PER_CELL * n * n)
      if grid then return regions, grid end
    end
  end
  return nil
end

return jigsaw
