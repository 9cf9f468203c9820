-- Builds boards and solver options from the variant records of ../shared/data/variants
-- (JSON Lines; schema in that folder's README), for the kinds the core handles as data:
-- jigsaw and extra regions, diagonals, windows, and anti-knight / anti-king cell pairs.
local json = require "dkjson"
local sudoku = require "sudoku"
local data = require "support.data"

local variants = {}

variants.SUPPORTED = {
  jigsaw = true, diagonals = true, windoku = true, extraregions = true, disjoint = true,
  antiknight = true, antiking = true,
}

function variants.records(file)
  local out = {}
  for line in io.lines(data.shared .. "variants/" .. file) do
    if line ~= "" then out[#out + 1] = assert(json.decode(line)) end
  end
  return out
end

function variants.supported(record)
  for _, kind in ipairs(record.variants) do
    if not variants.SUPPORTED[kind] then return false end
  end
  return true
end

-- Every pair of cells a chess move apart, each pair once.
local function move_pairs(n, moves)
  local pairs = {}
  for r = 1, n do
    for c = 1, n do
      for _, d in ipairs(moves) do
        local r2, c2 = r + d[1], c + d[2]
        if r2 >= 1 and r2 <= n and c2 >= 1 and c2 <= n and (r2 > r or (r2 == r and c2 > c)) then
          pairs[#pairs + 1] = {{r, c}, {r2, c2}}
        end
      end
    end
  end
  return pairs
end

local KNIGHT = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}}
local KING = {{0, 1}, {1, 0}, {1, 1}, {1, -1}, {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}}

-- Pairs of cells of an n x n board a knight's (or a king's) move apart, for `different`.
function variants.knight_pairs(n) return move_pairs(n, KNIGHT) end
function variants.king_pairs(n) return move_pairs(n, KING) end

-- Returns the board (givens placed, regions set) and the options its solver needs.
function variants.build(record)
  local n = record.size
  local opts = {size = n}
  if record.box ~= json.null and record.box then opts.box = record.box end
  local board = assert(sudoku.parse(record.givens, opts))
  if record.box == json.null or not record.box then
    board:set_regions(record.regions)
  else
    for _, region in ipairs(record.regions or {}) do board:add_region(region) end
  end
  for _, which in ipairs(record.diagonals or {}) do
    local cells = {}
    for i = 1, n do cells[i] = which == "main" and {i, i} or {i, n + 1 - i} end
    board:add_region(cells)
  end
  local different = {}
  if record.antiknight then
    for _, p in ipairs(variants.knight_pairs(n)) do different[#different + 1] = p end
  end
  if record.antiking then
    for _, p in ipairs(variants.king_pairs(n)) do different[#different + 1] = p end
  end
  return board, {different = #different > 0 and different or nil}
end

return variants
