-- Anti-knight and anti-king: with `antiknight` (`antiking`) true, two cells a chess knight's
-- (king's) move apart hold different values: a `different` rule on every such pair.
local common = require "sudoku.variant.common"

local chess = {
  KEYS = { "antiknight", "antiking" },
  HOLDS = { antiknight = "`true`", antiking = "`true`" },
  VARIANTS = { "antiknight", "antiking" },
}

local MOVES = {
  antiknight = { { 1, -2 }, { 1, 2 }, { 2, -1 }, { 2, 1 } },
  antiking = { { 0, 1 }, { 1, -1 }, { 1, 0 }, { 1, 1 } },
}

--- The pairs of cells of an n x n board a move of `moves` apart, each once (the moves go
-- forward: down, or right on the same row), in row-major order of the first cell.
function chess.pairs(n, moves)
  local out = {}
  for r = 1, n do
    for c = 1, n do
      for _, d in ipairs(moves) do
        local r2, c2 = r + d[1], c + d[2]
        if r2 <= n and c2 >= 1 and c2 <= n then out[#out + 1] = { { r, c }, { r2, c2 } } end
      end
    end
  end
  return out
end

function chess.apply(board, record)
  local n = board:size()
  for _, key in ipairs(chess.KEYS) do
    local on, err = common.flag(record, key)
    if on == nil then return nil, err end
    if on then
      for _, pair in ipairs(chess.pairs(n, MOVES[key])) do
        local ok, e = common.add(board, key, { kind = "different", cells = pair })
        if not ok then return nil, e end
      end
    end
  end
  return true
end

chess.MOVES = MOVES

-- f-puzzles: the flags of the same names.
chess.fpuzzles = {
  NAMES = { "antiknight", "antiking" },
  read = function(f)
    for _, key in ipairs(chess.KEYS) do
      if f.flag(key) then f.out[key] = true end
    end
  end,
  write = function(c, w)
    for _, key in ipairs(chess.KEYS) do
      if c[key] then w.set(key) end
    end
    return true
  end,
}

-- SVG: nothing; the rule covers every pair a move apart and has no mark.
chess.svg = false

return chess
