-- Equivalence transforms: changes that map every solution of a board to a solution of the new
-- one and back, so the solution count is kept: relabelling the values, permuting bands of boxes
-- and the rows within each band, stacks and the columns within each stack, and (for square
-- boxes) transposing. Seeded by the generators' own random numbers.
local Board = require "sudoku.board"
local random = require "sudoku.gen.random"

local transform = {}

-- A permutation of 1..n as a list.
local function permutation(rng, n)
  local p = {}
  for i = 1, n do p[i] = i end
  return rng:shuffle(p)
end

-- The new position -> old index map of `n` lines grouped in blocks of `size`: the blocks are
-- permuted, and the lines within each block.
local function line_order(rng, n, size)
  local blocks = permutation(rng, n / size)
  local order = {}
  for b, block in ipairs(blocks) do
    local inner = permutation(rng, size)
    for i = 1, size do order[(b - 1) * size + i] = (block - 1) * size + inner[i] end
  end
  return order
end

-- transform(board, seed): a new Board, the image of `board` under a random equivalence
-- transform drawn from `seed`. The board must have boxes, no extra regions and no rules (those
-- are not kept by row and column permutations and relabelled values in general). Also returns the transform:
-- {values =, rows =, columns =, transposed =}, where new cell (r, c) holds
-- values[old value at (rows[r], columns[c])] (with r and c swapped first when transposed).
function transform.transform(board, seed)
  if type(board) ~= "userdata" or not board.size then
    error("bad argument #1 to 'transform' (Board expected, got " .. type(board) .. ")", 2)
  end
  local n, box_rows, box_cols = board:size()
  if not box_rows then
    error("bad argument #1 to 'transform' (a jigsaw board has no bands to permute)", 2)
  end
  if #board:regions() > 0 then
    error("bad argument #1 to 'transform' (a board with extra regions cannot be permuted "
      .. "freely)", 2)
  end
  -- A rule ties cells and values (a cage's sum, a thermometer's order, a pair of cells): moved
  -- lines and relabelled values would break it, and a fresh board would drop it silently.
  if #board:rules() > 0 then
    error("bad argument #1 to 'transform' (a board with rules cannot be permuted freely)", 2)
  end
  local ok, rng = pcall(random.new, seed)
  if not ok then error("bad argument #2 to 'transform' (seed must be an integer from 0 to "
    .. "2^53 - 1)", 2) end

  local values = permutation(rng, n)
  local rows = line_order(rng, n, box_rows)
  local columns = line_order(rng, n, box_cols)
  local transposed = box_rows == box_cols and rng:below(2) == 2

  local out = Board.new{ box = { box_rows, box_cols } }
  for r = 1, n do
    for c = 1, n do
      local v = board:get(rows[r], columns[c])
      if v ~= 0 then
        if transposed then out:set(c, r, values[v]) else out:set(r, c, values[v]) end
      end
    end
  end
  return out, { values = values, rows = rows, columns = columns, transposed = transposed }
end

return transform
