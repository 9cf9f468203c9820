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
local VALUE = {}
for i = 1, #SYMBOLS do VALUE[SYMBOLS:sub(i, i)] = i end
for _, blank in ipairs{".", "0", "_", "?", "*"} do VALUE[blank] = 0 end

-- The squarest box: rows the largest divisor of n not above sqrt(n).
local function box_shape(n)
  local rows = 1
  for d = 1, n do
    if d * d > n then break end
    if n % d == 0 then rows = d end
  end
  return rows, math.floor(n / rows)
end

local function values(text, n)
  local out = {}
  for i = 1, #text do
    local ch = text:sub(i, i)
    local v = VALUE[ch]
    -- Lowercase letters stand for their uppercase symbol below size 36.
    if v == nil and n <= 35 then v = VALUE[ch:upper()] end
    if v == nil or v > n then return nil, ("unexpected character %q at cell %d"):format(ch, i) end
    out[i] = v
  end
  return out
end

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
  local given, err = values(puzzle, n)
  if not given then return false, "puzzle: " .. err end
  local grid
  grid, err = values(answer, n)
  if not grid then return false, "answer: " .. err end
  for i = 1, cells do
    if grid[i] == 0 then return false, ("cell %d is empty"):format(i) end
    if given[i] ~= 0 and given[i] ~= grid[i] then
      return false, ("the given at cell %d was changed"):format(i)
    end
  end
  local rows, cols = box_shape(n)
  for u = 0, n - 1 do
    local seen_row, seen_col, seen_box = {}, {}, {}
    local box_r, box_c = math.floor(u / rows) * rows, u % rows * cols
    for k = 0, n - 1 do
      local vr = grid[u * n + k + 1]
      local vc = grid[k * n + u + 1]
      local vb = grid[(box_r + math.floor(k / cols)) * n + box_c + k % cols + 1]
      if seen_row[vr] then return false, ("%d repeats in row %d"):format(vr, u + 1) end
      if seen_col[vc] then return false, ("%d repeats in column %d"):format(vc, u + 1) end
      if seen_box[vb] then return false, ("%d repeats in box %d"):format(vb, u + 1) end
      seen_row[vr], seen_col[vc], seen_box[vb] = true, true, true
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
