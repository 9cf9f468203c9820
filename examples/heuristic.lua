-- Search heuristics written in Lua: choose_cell picks the cell to branch on, order_values the
-- order in which its values are tried. Prints the search statistics of each against the
-- built-in choice (minimum remaining values, values ascending).
--   lua5.4 examples/heuristic.lua

-- Use this checkout's Lua sources and C build (or the build SUDOKU_BUILD names), wherever
-- the script is run from.
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/\\]*$") or ""
local version = rawget(_G, "jit") and "jit" or _VERSION:match("%d+%.%d+")  -- LuaJIT: build/jit
package.path = here .. "../lua/?.lua;" .. here .. "../lua/?/init.lua;" .. package.path
package.cpath = (os.getenv("SUDOKU_BUILD") or here .. "../build/" .. version) .. "/?.so;" .. package.cpath

local sudoku = require "sudoku"

-- The first four puzzles of the magictour "top1465" list of hard puzzles.
local PUZZLES = {
  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
  "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
  "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
  "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
}

-- The cells that share a row, column or box with (r, c).
local function peers(board, r, c)
  local n, box_rows, box_cols = board:size()
  local out = {}
  for i = 1, n do
    if i ~= c then out[#out + 1] = { r, i } end
    if i ~= r then out[#out + 1] = { i, c } end
  end
  local top = r - (r - 1) % box_rows
  local left = c - (c - 1) % box_cols
  for rr = top, top + box_rows - 1 do
    for cc = left, left + box_cols - 1 do
      if rr ~= r and cc ~= c then out[#out + 1] = { rr, cc } end
    end
  end
  return out
end

-- What the classic backtracking answers do: the first empty cell in reading order.
local function first_empty(board)
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) == 0 then return r, c end
    end
  end
end

-- Fewest candidates first (as the built-in choice), ties broken by the cell with the most empty
-- peers: that choice constrains the most of the rest of the grid.
local function fewest_then_busiest(board)
  local n = board:size()
  local best_r, best_c, best_count, best_degree
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) == 0 then
        local count = #board:candidates(r, c)
        local degree = 0
        if best_count == nil or count <= best_count then
          for _, p in ipairs(peers(board, r, c)) do
            if board:get(p[1], p[2]) == 0 then degree = degree + 1 end
          end
        end
        if best_count == nil or count < best_count or (count == best_count and degree > best_degree) then
          best_r, best_c, best_count, best_degree = r, c, count, degree
        end
      end
    end
  end
  return best_r, best_c
end

-- Least constraining value: try first the value that the fewest empty peers could also take.
local function least_constraining(board, r, c, candidates)
  local cost = {}
  for _, v in ipairs(candidates) do cost[v] = 0 end
  for _, p in ipairs(peers(board, r, c)) do
    for _, v in ipairs(board:candidates(p[1], p[2])) do
      if cost[v] then cost[v] = cost[v] + 1 end
    end
  end
  local order = {}
  for i, v in ipairs(candidates) do order[i] = v end
  table.sort(order, function(a, b)
    if cost[a] ~= cost[b] then return cost[a] < cost[b] end
    return a < b
  end)
  return order
end

local STRATEGIES = {
  { name = "built-in (fewest candidates)", opts = {} },
  { name = "Lua: first empty cell", opts = { choose_cell = first_empty } },
  { name = "Lua: fewest, then most empty peers", opts = { choose_cell = fewest_then_busiest } },
  { name = "Lua: built-in cell, least constraining value",
    opts = { order_values = least_constraining } },
}

print(("%-46s %8s %8s %10s %8s"):format("strategy", "nodes", "guesses", "backtracks", "ms"))
for _, strategy in ipairs(STRATEGIES) do
  local total = { nodes = 0, guesses = 0, backtracks = 0 }
  local started = os.clock()
  for _, puzzle in ipairs(PUZZLES) do
    local board = assert(sudoku.parse(puzzle))
    local solver = sudoku.Solver.new(board, strategy.opts)
    assert(solver:step() == "solved")
    assert(board:is_solved())
    local stats = solver:stats()
    for key in pairs(total) do total[key] = total[key] + stats[key] end
  end
  local ms = (os.clock() - started) * 1000
  print(("%-46s %8d %8d %10d %8.1f"):format(strategy.name, total.nodes, total.guesses, total.backtracks, ms))
end
print(("(%d puzzles; statistics summed up to each puzzle's first solution)"):format(#PUZZLES))
