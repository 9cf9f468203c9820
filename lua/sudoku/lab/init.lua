--- The heuristics lab: every strategy on every puzzle with the same node budget, and what each
-- needed, as data (run), as Markdown (sudoku.lab.report) and as pictures (sudoku.lab.plot).
--
--   local lab = require "sudoku.lab"
--   local results = lab.run(puzzles, {"mrv", "wdeg", my_strategy}, {max_nodes = 100000})
--   io.write(lab.report.markdown(results))
-- @module sudoku.lab

local heuristic = require "sudoku.heuristic"
local core = require "sudoku.core"
local parse = require "sudoku.format.parse"

local lab = {}

local function as_board(puzzle, i)
  if type(puzzle) == "string" then
    local b, err = parse.parse(puzzle)
    if not b then error("lab.run: puzzle " .. i .. ": " .. tostring(err), 3) end
    return b
  end
  if getmetatable(puzzle) == core.board_meta then
    return puzzle:copy()
  end
  error("lab.run: puzzle " .. i .. " must be a board or a puzzle's text, got " .. type(puzzle), 3)
end

--- One strategy on one board: {status =, solved =, nodes =, guesses =, backtracks =,
-- seconds =}, where solved means a solution within max_nodes: the board full and without a
-- clash (a search fills only the empty cells, so the board's own values are all there).
-- opts.options: the Solver options to use (made from the strategy when absent); opts.seed: the
-- run's seed, which randomised strategies draw from (default 1).
function lab.solve(board, strategy, opts)
  opts = opts or {}
  local clock = opts.clock or os.clock
  -- The lab's own boards, on their last search, are solved in place (opts.in_place).
  local b = opts.in_place and board or board:copy()
  local options = opts.options or heuristic.options(strategy, nil, opts.seed)
  -- No option at all is the solver's cheapest start (nothing to read).
  if next(options) == nil then options = nil end
  local t0 = clock()
  local solver = core.new_solver(b, options)
  local status = solver:step(opts.max_nodes)
  local seconds = clock() - t0
  local st = solver:stats()
  solver:close()
  local solved = status == "solved" and b:is_solved()
  return {
    status = status, solved = solved,
    nodes = st.nodes, guesses = st.guesses, backtracks = st.backtracks, seconds = seconds,
  }
end

--- Runs every strategy on every puzzle. puzzles: boards or puzzle texts; strategies: names,
-- paths of .lua files, or strategy tables (sudoku.heuristic). opts: max_nodes (per search,
-- default 100000), seed (what randomised strategies draw from, default 1: the same seed, the
-- same searches), clock (default os.clock), progress(done, total) (optional), first and step
-- (run only puzzles first, first + step, ...: one worker's share; default 1 and 1).
-- Returns {names =, descriptions =, puzzles = n, max_nodes =, runs = {[s][p] = run}}, where
-- run is what lab.solve gives (nil for the puzzles of other workers).
function lab.run(puzzles, strategies, opts)
  opts = opts or {}
  if type(puzzles) ~= "table" then error("lab.run: puzzles must be a list", 2) end
  if type(strategies) ~= "table" or #strategies == 0 then
    error("lab.run: strategies must be a non-empty list", 2)
  end
  local max_nodes = opts.max_nodes or 100000
  local seed = opts.seed or 1
  if type(seed) ~= "number" or seed < 0 or seed >= 2 ^ 53 or seed % 1 ~= 0 then
    error("lab.run: seed must be an integer from 0 to 2^53 - 1", 2)
  end
  if type(max_nodes) ~= "number" or max_nodes < 1 or max_nodes % 1 ~= 0 then
    error("lab.run: max_nodes must be a positive integer", 2)
  end
  local resolved, names, descriptions = {}, {}, {}
  for i, spec in ipairs(strategies) do
    local s, err = heuristic.resolve(spec)
    if not s then error("lab.run: strategy " .. i .. ": " .. err, 2) end
    resolved[i], names[i], descriptions[i] = s, s.name, s.description or ""
  end
  -- Puzzles given as text are parsed into boards the lab owns; boards are copied.
  local boards, owned = {}, {}
  for i, p in ipairs(puzzles) do
    boards[i], owned[i] = as_board(p, i), type(p) == "string"
  end
  local first, step = opts.first or 1, opts.step or 1
  local runs = {}
  local total = #resolved * #boards
  local done = 0
  for si, s in ipairs(resolved) do
    runs[si] = {}
    -- A strategy that keeps no state and adds no hook has the same options for every search.
    local static = not (s.state or s.cell or s.value or s.hooks or type(s.options) == "function")
      and heuristic.options(s) or nil
    for pi = first, #boards, step do
      runs[si][pi] = lab.solve(boards[pi], s, { max_nodes = max_nodes, clock = opts.clock,
        options = static, seed = seed, in_place = owned[pi] and si == #resolved })
      done = done + 1
      if opts.progress then opts.progress(done, total) end
    end
  end
  return { names = names, descriptions = descriptions, puzzles = #boards, max_nodes = max_nodes,
    seed = seed, runs = runs }
end

return lab
