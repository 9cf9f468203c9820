-- A puzzle as CNF for a SAT solver, and the solver's answer back as a grid: the one-hot
-- encoding issue 37 compares us with (bench/sat_side.lua runs CaDiCaL on it).
--
-- cnf.var(n, r, c, v) -> the variable of "cell (r, c) holds v": ((r-1)*n + c-1)*n + v, so the
--   variables are 1..n^3, cell by cell in row-major order and value by value within a cell.
-- cnf.count(board) -> variables, clauses: what the header says.
-- cnf.emit(board, sink) -> variables, clauses: calls sink(text) with the DIMACS text a piece at a
--   time, the header `p cnf V C` first. The clauses, for a board of size n (n x n cells):
--     every cell: at least one value (one clause of n literals) and at most one (a binary clause
--       per pair of values, n(n-1)/2);
--     every unit (each row, column and box, or jigsaw region) and value: at least one place (n
--       literals) and at most one (a binary clause per pair of the unit's cells);
--     every given: a unit clause.
--   So C = 4 n^2 (1 + n(n-1)/2) + givens. The board comes from the project's own reader
--   (sudoku.parse); a board with extra regions or rules raises: they are not encoded.
-- cnf.write(board, path) -> variables, clauses: the same into a file.
-- cnf.encode(board) -> text, variables, clauses: the same as one string.
-- cnf.decode(output, n) -> grid, or nil and why: reads a SAT solver's answer in the
--   competition format (`s SATISFIABLE`, then `v` lines of literals ending with 0; other lines
--   are ignored) and returns the grid as n*n symbols (sudoku.symbols), row-major. Fails for a
--   solver that found none (`s UNSATISFIABLE`, `s UNKNOWN`, no `s` line), a cell with no true
--   variable or with two, or a literal outside 1..n^3.
local sudoku = require "sudoku"
local symbols = require "sudoku.symbols"

local cnf = {}

function cnf.var(n, r, c, v)
  return ((r - 1) * n + c - 1) * n + v
end

-- The board's units as lists of {r, c}: the engine's own (rows, columns, then boxes or the
-- jigsaw regions), as a Solver lists them.
local function units(board)
  if #board:regions() > 0 then error("cnf: extra regions are not encoded", 2) end
  if #board:rules() > 0 then error("cnf: rules are not encoded", 2) end
  return sudoku.Solver.new(board):units()
end

function cnf.count(board)
  local n = board:size()
  return n * n * n, math.floor(4 * n * n * (1 + n * (n - 1) / 2)) + board:filled()
end

function cnf.emit(board, sink)
  local n = board:size()
  local var = cnf.var
  local variables, clauses = cnf.count(board)
  local buffer, written = {}, 0
  local function clause(text)
    buffer[#buffer + 1] = text
    written = written + 1
    if #buffer >= 4096 then
      sink(table.concat(buffer))
      buffer = {}
    end
  end
  sink(("p cnf %d %d\n"):format(variables, clauses))
  -- Each group of n literals: at least one true, and no two (pairwise).
  local function exactly_one(literals)
    clause(table.concat(literals, " ") .. " 0\n")
    for i = 1, n - 1 do
      local a = -literals[i]
      for j = i + 1, n do clause(("%d %d 0\n"):format(a, -literals[j])) end
    end
  end
  local literals = {}
  for r = 1, n do
    for c = 1, n do
      for v = 1, n do literals[v] = var(n, r, c, v) end
      exactly_one(literals)
    end
  end
  for _, unit in ipairs(units(board)) do
    for v = 1, n do
      for k, cell in ipairs(unit) do literals[k] = var(n, cell[1], cell[2], v) end
      exactly_one(literals)
    end
  end
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      if v ~= 0 then clause(("%d 0\n"):format(var(n, r, c, v))) end
    end
  end
  if #buffer > 0 then sink(table.concat(buffer)) end
  if written ~= clauses then
    error(("cnf: wrote %d clauses, the header says %d"):format(written, clauses))
  end
  return variables, clauses
end

function cnf.write(board, path)
  local f = assert(io.open(path, "w"))
  local variables, clauses = cnf.emit(board, function(text) f:write(text) end)
  assert(f:close())
  return variables, clauses
end

function cnf.encode(board)
  local parts = {}
  local variables, clauses = cnf.emit(board, function(text) parts[#parts + 1] = text end)
  return table.concat(parts), variables, clauses
end

function cnf.decode(output, n)
  local status
  local value = {}   -- cell (0-based, row-major) -> its value
  local cells, top = n * n, n * n * n
  for line in output:gmatch("[^\n]+") do
    local s = line:match("^s%s+(%S+)")
    if s then status = s end
    if line:match("^v%s") or line == "v" then
      for word in line:sub(2):gmatch("%S+") do
        local literal = tonumber(word)
        if not literal or literal % 1 ~= 0 then return nil, ("bad literal %q in a v line"):format(word) end
        if literal > top or literal < -top then
          return nil, ("literal %d is no variable of a %dx%d grid (1..%d)"):format(literal, n, n, top)
        end
        if literal > 0 then
          local cell, v = math.floor((literal - 1) / n), (literal - 1) % n + 1
          if value[cell] and value[cell] ~= v then
            return nil, ("cell %d (row %d, column %d) is both %d and %d"):format(
              cell + 1, math.floor(cell / n) + 1, cell % n + 1, value[cell], v)
          end
          value[cell] = v
        end
      end
    end
  end
  if status ~= "SATISFIABLE" then
    return nil, status and ("the solver says %s"):format(status) or "the solver gave no answer"
  end
  local grid = {}
  for cell = 0, cells - 1 do
    local v = value[cell]
    if not v then
      return nil, ("cell %d (row %d, column %d) has no value"):format(cell + 1,
        math.floor(cell / n) + 1, cell % n + 1)
    end
    grid[cell + 1] = symbols.symbol(v)
  end
  return table.concat(grid)
end

return cnf
