-- The bench's answer checks, in plain Lua with no dependency on the module being timed, so a
-- bug in the core cannot hide a bug in its own verification.
--
-- verify.grid(puzzle, answer [, solution]) -> true, or false and why: answer is a complete,
-- valid grid of the puzzle's size that keeps its givens (and equals solution when given).
-- verify.count(got, expected) -> true, or false and why.
-- verify.check(dataset, item, ok, why): raises "wrong answer in DATASET line N (...)".
local verify = {}

-- Symbols of the line format: 1-9, then A-Z for 10..35, a-z for 36..61, then ! % &.
local SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!%&"
local BLANKS = ".0_?*"

-- Per size n, a table byte -> value (0 for a blank) of the symbols a grid of size n may hold;
-- lowercase letters stand for their uppercase symbol below size 36.
local decoders = {}
local function decoder(n)
  local t = decoders[n]
  if t then return t end
  t = {}
  for i = 1, #BLANKS do t[BLANKS:byte(i)] = 0 end
  for v = 1, n do
    t[SYMBOLS:byte(v)] = v
    if n <= 35 and v >= 10 then t[SYMBOLS:sub(v, v):lower():byte()] = v end
  end
  decoders[n] = t
  return t
end

-- The squarest box: rows the largest divisor of n not above sqrt(n).
local function box_shape(n)
  local rows = 1
  for d = 1, n do
    if d * d > n then break end
    if n % d == 0 then rows = d end
  end
  return rows, math.floor(n / rows)
end

local function values(text, decode)
  local out = { text:byte(1, -1) }
  for i = 1, #out do
    local v = decode[out[i]]
    if v == nil then
      return nil, ("unexpected character %q at cell %d"):format(text:sub(i, i), i)
    end
    out[i] = v
  end
  return out
end

-- Per size n, the cells of every row, column and box, flattened: unit u (0-based) holds
-- cells[u * n + 1 .. u * n + n]; units 0..n-1 are rows, n..2n-1 columns, 2n..3n-1 boxes.
local unit_cells = {}
local function units(n)
  local t = unit_cells[n]
  if t then return t end
  t = {}
  local rows, cols = box_shape(n)
  for u = 0, n - 1 do
    local box_r, box_c = math.floor(u / rows) * rows, u % rows * cols
    for k = 0, n - 1 do
      t[u * n + k + 1] = u * n + k + 1
      t[(n + u) * n + k + 1] = k * n + u + 1
      t[(2 * n + u) * n + k + 1] = (box_r + math.floor(k / cols)) * n + box_c + k % cols + 1
    end
  end
  unit_cells[n] = t
  return t
end

local UNIT_NAMES = { "row", "column", "box" }

-- Each unit marks the values it has seen with a number of its own, so nothing is cleared or
-- allocated per unit.
local seen, mark = {}, 0

function verify.grid(puzzle, answer, solution)
  if type(answer) ~= "string" then
    return false, "no grid (got " .. tostring(answer) .. ")"
  end
  local cells = #puzzle
  local n = math.floor(math.sqrt(cells) + 0.5)
  if n * n ~= cells then return false, "the puzzle is not square" end
  if #answer ~= cells then
    return false, ("the answer has %d cells, the puzzle %d"):format(#answer, cells)
  end
  local decode = decoder(n)
  local given, err = values(puzzle, decode)
  if not given then return false, "puzzle: " .. err end
  local grid
  grid, err = values(answer, decode)
  if not grid then return false, "answer: " .. err end
  for i = 1, cells do
    if grid[i] == 0 then return false, ("cell %d is empty"):format(i) end
    if given[i] ~= 0 and given[i] ~= grid[i] then
      return false, ("the given at cell %d was changed"):format(i)
    end
  end
  local unit = units(n)
  local i = 0
  for u = 0, 3 * n - 1 do
    mark = mark + 1
    for _ = 1, n do
      i = i + 1
      local v = grid[unit[i]]
      if seen[v] == mark then
        return false, ("%d repeats in %s %d"):format(v, UNIT_NAMES[math.floor(u / n) + 1], u % n + 1)
      end
      seen[v] = mark
    end
  end
  if solution and solution ~= "" and answer ~= solution then
    return false, "not the published solution " .. solution
  end
  return true
end

function verify.count(got, expected)
  if got ~= expected then
    return false, ("counted %s solutions, expected %s"):format(tostring(got), tostring(expected))
  end
  return true
end

-- Raises the bench's error for a wrong answer; item is a dataset record ({puzzle=, line=}).
function verify.check(dataset, item, ok, why, path)
  if not ok then
    error(("wrong answer in %s line %d (%s): %s; puzzle %s"):format(
      dataset, item.line, path or "?", why, item.puzzle), 0)
  end
end

return verify
