--- Difficulty targets for sudoku.gen.puzzle: a band of ratings on Sukaku Explainer's scale (SE,
-- the hardest step of the easiest-first path of human-style techniques, sudoku.logic), named
-- levels for the usual bands, and techniques a puzzle must need or may use.
--
-- Levels (SE bands; what the hardest step of such a puzzle is):
--   easy      1.0 - 1.5   full houses and hidden singles
--   medium    1.6 - 2.5   naked singles; pointing, claiming and hidden subsets that place a digit
--   hard      2.6 - 3.9   pointing, claiming, naked and hidden pairs, X-Wing, naked triples,
--                         Swordfish
--   expert    4.0 - 5.9   hidden triples, Skyscraper, kites, wings, unique rectangles, quads,
--                         Jellyfish, BUG
--   extreme   6.0 and up  exclusion, chains, forcing chains
-- @module sudoku.gen.difficulty
local logic = require "sudoku.logic"

local difficulty = {}

difficulty.LEVELS = {
  easy = { min = 1.0, max = 1.5 },
  medium = { min = 1.6, max = 2.5 },
  hard = { min = 2.6, max = 3.9 },
  expert = { min = 4.0, max = 5.9 },
  extreme = { min = 6.0, max = math.huge },
}

--- The level names, easiest first.
difficulty.ORDER = { "easy", "medium", "hard", "expert", "extreme" }

local function argerror(msg)
  error(("bad argument #1 to 'puzzle' (%s)"):format(msg), 4)
end

-- A list of technique names as a set, checked against sudoku.logic's table.
local function technique_set(list, what)
  if type(list) ~= "table" then argerror(what .. " must be a list of technique names") end
  local known = {}
  for _, t in ipairs(logic.techniques()) do known[t.name] = true end
  local set = {}
  for i, name in ipairs(list) do
    if not known[name] then
      argerror(("%s[%d]: unknown technique %s"):format(what, i, tostring(name)))
    end
    set[name] = true
  end
  return set
end

--- The target that gen.puzzle's `rating`, `level` and `techniques` options name, or nil when
-- they name none: `{min =, max =, allowed = list|nil, required = set|nil}`. Raises for a bad one.
function difficulty.target(opts)
  local rating, level, techniques = opts.rating, opts.level, opts.techniques
  if rating == nil and level == nil and techniques == nil then return nil end
  local t = { min = 0, max = math.huge }
  if level ~= nil then
    local band = difficulty.LEVELS[level]
    if not band then
      argerror("opts.level must be one of " .. table.concat(difficulty.ORDER, ", "))
    end
    t.min, t.max = band.min, band.max
  end
  if rating ~= nil then
    if type(rating) ~= "table" or (rating.min ~= nil and type(rating.min) ~= "number")
        or (rating.max ~= nil and type(rating.max) ~= "number") then
      argerror("opts.rating must be a table {min =, max =} of SE ratings")
    end
    t.min = rating.min or t.min
    t.max = rating.max or t.max
    if t.min > t.max then argerror("opts.rating: min is above max") end
  end
  if techniques ~= nil then
    if type(techniques) ~= "table" then
      argerror("opts.techniques must be a table {required =, allowed =}")
    end
    if techniques.allowed ~= nil then
      technique_set(techniques.allowed, "opts.techniques.allowed")
      t.allowed = techniques.allowed
    end
    if techniques.required ~= nil then
      t.required = technique_set(techniques.required, "opts.techniques.required")
    end
  end
  return t
end

-- The rating of a puzzle under the target's techniques: {rating =, hardest =, counts =}, or nil
-- when they get stuck or, with `above` (an SE rating), once a step rates above it; false when
-- the clock's time ran out first. The puzzle has one solution (the generator proved it), so its
-- pencil is not counted. Under a clock (gen.puzzle's), the rating runs in slices that end with
-- the generator's step or the call's time (clock.slice()), with clock.pace() between them,
-- where gen.generator yields: the same rating as in one call.
local function rate(board, target, clock, above)
  local o = { allowed = target.allowed, se_only = not target.allowed,
              stop_above = above ~= math.huge and above or nil }
  local pencil = logic.pencil(board, nil, { assume_unique = true })
  local solved, rating, hardest, counts
  repeat
    if clock then
      if clock.over() then return false end
      clock.pace()
    end
    local slice = clock and clock.slice()
    o.ms = slice and slice * 1000
    solved, rating, hardest, counts = pencil:rate(o)
  until solved ~= "running"
  if not solved then return nil end
  return { rating = rating, hardest = hardest, counts = counts }
end

--- Whether a puzzle may lose one more given: its rating stays within the target's maximum (and
-- its techniques, when the target lists the allowed ones, still finish it). With a `clock`
-- (gen.puzzle's, optional): nil when its time ran out first.
function difficulty.may_take(board, target, clock)
  -- No maximum to keep below: the rating (the costly part on big boards) can wait for the end,
  -- where meets() rates the finished puzzle once.
  if target.max == math.huge and not target.allowed then return true end
  -- The path stops at its first step above the maximum: the rating can only be above it.
  local r = rate(board, target, clock, target.max)
  if r == false then return nil end
  return r ~= nil and r.rating <= target.max
end

--- Whether a finished puzzle meets the target, and its rating (`{rating =, hardest =, counts =}`,
-- or nil when the techniques get stuck). With a `clock`: nil when its time ran out first.
function difficulty.meets(board, target, clock)
  local r = rate(board, target, clock)
  if r == false then return nil end
  if not r or r.rating < target.min or r.rating > target.max then return false, r end
  for name in pairs(target.required or {}) do
    if not r.counts[name] then return false, r end
  end
  return true, r
end

--- How far a rating lies from the target's band (0 inside it; a stuck puzzle is farthest).
function difficulty.distance(r, target)
  if not r then return math.huge end
  if r.rating < target.min then return target.min - r.rating end
  if r.rating > target.max then return r.rating - target.max end
  return 0
end

return difficulty
