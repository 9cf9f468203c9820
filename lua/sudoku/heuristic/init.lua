--- Search heuristics as Lua modules, and the glue that turns one into Solver options.
--
-- A strategy is a table:
--
--   name, description   strings (the lab prints them)
--   cell(solver, r, c, count, state)          optional: a score for branching on the empty cell
--                                             (r, c) with `count` candidates; the lowest wins,
--                                             ties go to the first cell in row-major order. A
--                                             list of such functions compares lexicographically.
--   value(solver, r, c, v, state)             optional: a score for trying v at (r, c); lowest
--                                             first, ties by value. A list: lexicographic.
--   hooks(get_state)                          optional: more Solver options (choose_cell,
--                                             choose_places, order_values, ...); a hook finds
--                                             the state of the moment with get_state(solver).
--   options                                   optional: plain Solver options (restart, ...),
--                                             or a function of the run's seed giving them.
--   state(seed)                               optional: a fresh table the strategy owns.
--
-- `heuristic.options(strategy, extra, seed)` builds the options of one search. The state is
-- made with them and made again when the solver's node count goes back (s:reset()), so it
-- lives as long as the search it serves. The seed (default 1) is the run's: a randomised
-- strategy draws from it, so the same seed gives the same search. The hooks ask the solver
-- they receive (s:count, s:has, s:places, s:failures, s:peers, ...: docs/API.md,
-- "Heuristics") instead of rebuilding what it knows.
-- @module sudoku.heuristic

local heuristic = {}

--- The ready strategies, in the order the lab lists them.
heuristic.NAMES = { "first", "mrv", "mrv_degree", "wdeg", "unit", "lcv", "random", "singles",
  "luby" }

local known = {}
for _, name in ipairs(heuristic.NAMES) do known[name] = true end

local FIELDS = { name = true, description = true, cell = true, value = true, hooks = true,
  options = true, state = true }

local function check(strategy, where)
  if type(strategy) ~= "table" then
    error(where .. ": a strategy must be a table, got " .. type(strategy), 3)
  end
  for key in pairs(strategy) do
    if not FIELDS[key] then error(where .. ": unknown strategy field '" .. tostring(key) .. "'", 3) end
  end
  if type(strategy.name) ~= "string" or strategy.name == "" then
    error(where .. ": a strategy needs a name (a string)", 3)
  end
  return strategy
end

--- A ready strategy by name (`"mrv"`), or nil and a message listing the names.
function heuristic.get(name)
  if not known[name] then
    return nil, "unknown heuristic '" .. tostring(name) .. "' (known: "
      .. table.concat(heuristic.NAMES, ", ") .. ")"
  end
  return (require("sudoku.heuristic." .. name))  -- one value: 5.4 also gives the path
end

--- A strategy from a Lua file that returns one (the lab's `my.lua`), or nil and a message.
function heuristic.load(path)
  local chunk, err = loadfile(path)
  if not chunk then return nil, err end
  local ok, strategy = pcall(chunk)
  if not ok then return nil, path .. ": " .. tostring(strategy) end
  local valid, message = pcall(check, strategy, path)
  if not valid then return nil, message end
  return strategy
end

--- A strategy by name or by path (anything ending in `.lua` or naming a directory), or nil and
-- a message.
function heuristic.resolve(spec)
  if type(spec) == "table" then return check(spec, "heuristic") end
  if type(spec) == "string" and (spec:match("%.lua$") or spec:find("[/\\]")) then
    return heuristic.load(spec)
  end
  return heuristic.get(spec)
end

local function as_list(f)
  if f == nil then return {} end
  if type(f) == "function" then return { f } end
  return f
end

local function concat(a, b)
  local out = {}
  for _, f in ipairs(a) do out[#out + 1] = f end
  for _, f in ipairs(b) do out[#out + 1] = f end
  return out
end

--- A strategy that scores cells and values by `primary` and breaks its ties by `tie_break`
-- (both strategies with `cell` and/or `value` scores; their `options` merge, the primary's
-- winning; each keeps its own state).
function heuristic.combine(primary, tie_break, name)
  check(primary, "combine")
  check(tie_break, "combine")
  for _, s in ipairs({ primary, tie_break }) do
    if s.hooks then
      error("combine: '" .. s.name .. "' chooses through hooks, which cannot be combined; "
        .. "give it cell or value scores", 2)
    end
  end
  local function options(seed)
    local merged = {}
    for k, v in pairs(heuristic.plain_options(tie_break, seed)) do merged[k] = v end
    for k, v in pairs(heuristic.plain_options(primary, seed)) do merged[k] = v end
    return merged
  end
  -- Each part's functions see the state of the strategy they came from.
  local function scoped(list, key)
    local out = {}
    for i, f in ipairs(as_list(list)) do
      out[i] = function(solver, a, b, c, state) return f(solver, a, b, c, state[key]) end
    end
    return out
  end
  return {
    name = name or (primary.name .. "+" .. tie_break.name),
    description = (primary.description or primary.name) .. "; ties: "
      .. (tie_break.description or tie_break.name),
    cell = concat(scoped(primary.cell, 1), scoped(tie_break.cell, 2)),
    value = concat(scoped(primary.value, 1), scoped(tie_break.value, 2)),
    options = options,
    state = function(seed)
      return { primary.state and primary.state(seed) or {},
        tie_break.state and tie_break.state(seed) or {} }
    end,
  }
end

-- choose_cell from a list of cell scores: one pass over the board, the empty cells only. With
-- several scores, two arrays are reused (the best cell's scores and the current one's) and the
-- next score is asked only while the earlier ones tie.
local function cell_chooser(scores, get_state)
  local single = #scores == 1 and scores[1]
  local nscores = #scores
  local best_key, key = {}, {}
  return function(board, solver)
    local state = get_state(solver)
    local n = board:size()
    local count = solver.count
    local best_r, best_c, best
    for r = 1, n do
      for c = 1, n do
        local k = count(solver, r, c)
        if k > 0 then
          if single then
            local score = single(solver, r, c, k, state)
            if best == nil or score < best then best_r, best_c, best = r, c, score end
          else
            -- order < 0: this cell comes first; the first cell is first of all.
            local order, i = best_r == nil and -1 or 0, 1
            while order == 0 and i <= nscores do
              key[i] = scores[i](solver, r, c, k, state)
              if key[i] < best_key[i] then order = -1 elseif key[i] > best_key[i] then order = 1 end
              i = i + 1
            end
            if order < 0 then
              -- The rest of this cell's scores, then it is the best so far.
              for j = i, nscores do key[j] = scores[j](solver, r, c, k, state) end
              best_key, key = key, best_key
              best_r, best_c = r, c
            end
          end
        end
      end
    end
    return best_r, best_c
  end
end

-- order_values from a list of value scores: a stable sort of the candidates.
local function value_orderer(scores, get_state)
  local nscores = #scores
  return function(_, r, c, candidates, solver)
    local state = get_state(solver)
    local keys = {}
    for _, v in ipairs(candidates) do
      local key = {}
      for i = 1, nscores do key[i] = scores[i](solver, r, c, v, state) end
      keys[v] = key
    end
    table.sort(candidates, function(a, b)
      local ka, kb = keys[a], keys[b]
      for i = 1, nscores do
        if ka[i] ~= kb[i] then return ka[i] < kb[i] end
      end
      return a < b
    end)
    return candidates
  end
end

--- A strategy's plain Solver options for the run's seed: its `options` table, or what its
-- `options` function gives for the seed (default 1).
function heuristic.plain_options(strategy, seed)
  local options = strategy.options or {}
  if type(options) == "function" then options = options(seed or 1) end
  if type(options) ~= "table" then
    error("options: '" .. strategy.name .. "' options must be a table or give one", 2)
  end
  return options
end

--- The Solver options of one search with `strategy`, merged with `extra` (the lab's budgets
-- and hooks; a hook in both is an error), for the run's `seed` (default 1). The strategy's
-- state is made here, and again when the solver's node count goes back (s:reset()).
function heuristic.options(strategy, extra, seed)
  check(strategy, "options")
  seed = seed or 1
  local make_state = strategy.state and function() return strategy.state(seed) end
    or function() return {} end
  local state = make_state()
  local last_nodes = 0
  local function get_state(solver)
    local nodes = solver:nodes()
    if nodes < last_nodes then state = make_state() end
    last_nodes = nodes
    return state
  end
  local opts = {}
  for k, v in pairs(heuristic.plain_options(strategy, seed)) do opts[k] = v end
  local cells, values = as_list(strategy.cell), as_list(strategy.value)
  if #cells > 0 then opts.choose_cell = cell_chooser(cells, get_state) end
  if #values > 0 then opts.order_values = value_orderer(values, get_state) end
  if strategy.hooks then
    -- Hooks reach the state of the moment through get_state(solver).
    for k, f in pairs(strategy.hooks(get_state)) do
      if opts[k] ~= nil then error("options: '" .. strategy.name .. "' sets " .. k .. " twice", 2) end
      opts[k] = f
    end
  end
  for k, v in pairs(extra or {}) do
    if opts[k] ~= nil then
      error("options: '" .. strategy.name .. "' already sets " .. k, 2)
    end
    opts[k] = v
  end
  return opts
end

--- The cells of the board that share a unit with each cell, kept in `state` (built once per
-- search from s:peers, then O(1)): peers(solver, state, r, c) is a list of {r, c}.
function heuristic.peers(solver, state, r, c)
  local all = state.peers
  if not all then
    all = {}
    state.peers = all
  end
  local key = (r - 1) * 64 + c            -- no board is wider than 64
  local list = all[key]
  if not list then
    list = solver:peers(r, c)
    all[key] = list
  end
  return list
end

return heuristic
