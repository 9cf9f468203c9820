-- The rows timed from Lua, one function per row. Each returns {work =, check =, label =}
-- for bench.measure (or, for solve_many, {work =, check =} for measure.once); `set` is an entry
-- of bench.datasets, `sudoku` the module under test.
local verify = require "bench.verify"
local measure = require "bench.measure"
local clock = require "bench.clock"

local rows = {}

local function check_grid(set, item, answer, path)
  local ok, why = verify.grid(item.puzzle, answer, item.solution)
  verify.check(set.name, item, ok, why, path)
end

local function check_count(set, item, count, path)
  local ok, why = verify.count(count, set.expect)
  verify.check(set.name, item, ok, why, path)
end

-- (b) the per-puzzle path from Lua: sudoku.solve(line), or sudoku.count(line, limit) for counting.
function rows.lua_solve(sudoku, set)
  local fn, label, check
  if set.mode == "count" then
    local count_of, limit = sudoku.count, set.limit
    label = ("(b) `sudoku.count(line, %d)`"):format(limit)
    fn = function(line) return count_of(line, limit) end
    check = function(item, count) check_count(set, item, count, label) end
  else
    fn = sudoku.solve
    label = "(b) `sudoku.solve(line)`"
    check = function(item, answer) check_grid(set, item, answer, label) end
  end
  return {
    label = label,
    work = function(item) return fn(item.puzzle) end,
    -- The loop a pipeline would write, with no call of the harness's own per puzzle: what is
    -- timed is the library's cost, not the bench's.
    work_chunk = function(items, first, last, results)
      for k = first, last do results[k - first + 1] = fn(items[k].puzzle) end
    end,
    check = check,
  }
end

-- Steps solver to its next stop. With slice, a few nodes at a time, giving up past deadline.
local function step(solver, slice, deadline)
  if not slice then return solver:step() end
  local now = clock.cpu   -- the clock of measure's deadlines
  local status = solver:step(slice)
  while status == "running" do
    if deadline and now() > deadline then return measure.TIMEOUT end
    status = solver:step(slice)
  end
  return status
end

-- (c) and (d): the general engine, a Solver stepped to the first solution (or to `limit`
-- solutions when counting), with the given options. The last solver is kept for its bytes().
-- set.slice (nodes per step) lets the first run of a measurement give up on a puzzle that
-- would overrun its time box.
local function engine(sudoku, set, label, opts)
  local slice = set.slice
  local parse, new = sudoku.parse, sudoku.Solver.new
  local row = { label = label }
  if set.mode == "count" then
    local limit = set.limit
    row.work = function(item, deadline)
      local solver = new(parse(item.puzzle), opts)
      local count = 0
      while count < limit do
        local status = step(solver, slice, deadline)
        if status == measure.TIMEOUT then return status end
        if status ~= "solved" then break end
        count = count + 1
      end
      row.last = solver
      return count, solver:stats().guesses
    end
    row.check = function(item, count) check_count(set, item, count, label) end
  else
    row.work = function(item, deadline)
      local board = parse(item.puzzle)
      local solver = new(board, opts)
      local status = step(solver, slice, deadline)
      row.last = solver   -- also past the deadline: bench/sat_side.lua reports its nodes
      if status == measure.TIMEOUT then return status end
      if status ~= "solved" then return status, solver:stats().guesses end
      return board, solver:stats().guesses
    end
    row.check = function(item, board)
      local answer = "status " .. tostring(board)
      if type(board) == "userdata" then answer = board:format("line") end
      check_grid(set, item, answer, label)
    end
  end
  return row
end

function rows.engine(sudoku, set)
  return engine(sudoku, set, "(c) general engine: `Solver.new(board)`", nil)
end

-- The baseline for (d)'s hook cost: (c) with a no-op on_solution hook, which is called once per
-- solution but, like any hook that may veto, turns value-symmetry pruning off, so that it
-- searches the tree (d) searches. Not a row of the table: only its difference to (d) is shown.
function rows.engine_same_tree(sudoku, set)
  return engine(sudoku, set, "(c) with the tree of (d)", { on_solution = function() end })
end

-- (d) the same with a no-op on_place hook. row.count_events(items) runs the same searches,
-- untimed, with a hook that counts its calls, and returns how many there were.
function rows.engine_hook(sudoku, set)
  local row = engine(sudoku, set, "(d) general engine + no-op Lua `on_place`",
                     { on_place = function() end })
  row.count_events = function(items)
    local events = 0
    local counting = engine(sudoku, set, "(d) counting its events",
                            { on_place = function() events = events + 1 end })
    for _, item in ipairs(items) do counting.work(item) end
    return events
  end
  return row
end

-- (f) sudoku.solve_many over the puzzles as one text, on `threads` threads. Returns nil when the
-- module has no solve_many.
function rows.solve_many(sudoku, set, items, threads)
  if type(sudoku.solve_many) ~= "function" then return nil end
  local lines = {}
  for i, item in ipairs(items) do lines[i] = item.puzzle end
  local text = table.concat(lines, "\n") .. "\n"
  local opts = { threads = threads }
  if set.mode == "count" then opts.limit = set.limit end
  local label = ("(f) `sudoku.solve_many`, %d thread%s"):format(threads, threads == 1 and "" or "s")
  local row = { label = label, n = #items }
  row.work = function() return sudoku.solve_many(text, opts) end
  row.check = function(solutions, errors, stats)
    if type(solutions) ~= "table" then
      error(("%s on %s returned no solutions (%s)"):format(label, set.name, tostring(errors)), 0)
    end
    if type(errors) == "table" and next(errors) ~= nil then
      local k, e = next(errors)
      local item = items[k]
      verify.check(set.name, item or { line = 0, puzzle = "?" }, false,
        "error " .. tostring(type(e) == "table" and (e.message or e[1]) or e), label)
    end
    for i, item in ipairs(items) do
      local r = solutions[i]
      if set.mode == "count" then
        check_count(set, item, r, label)
      else
        check_grid(set, item, r, label)
      end
    end
    row.guesses = type(stats) == "table" and tonumber(stats.guesses) or nil
  end
  return row
end

return rows
