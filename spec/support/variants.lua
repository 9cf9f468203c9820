-- The variant records of ../shared/data/variants (JSON Lines; schema in that folder's README),
-- decoded as the library takes them (JSON null as dkjson.null), and the chess-move cell pairs of
-- the anti-knight and anti-king rules for specs that pass them to a Solver as `different`.
-- Boards are built by the library itself (sudoku.variant.board).
local data = require "support.data"
-- The bench's reader of the same folder: one listing and one JSON Lines reader for both.
package.path = data.root .. "?.lua;" .. package.path
local bench_variants = require "bench.variants"
local variant = require "sudoku.variant"
local chess = require "sudoku.variant.chess"

local variants = {}

variants.DIR = data.shared .. "variants/"

-- The .jsonl files of the folder, sorted.
function variants.files()
  return bench_variants.files(variants.DIR)
end

function variants.records(file)
  return bench_variants.read(variants.DIR .. file)
end

-- The record's board as the library builds it (sudoku.variant.board): shape, regions, givens
-- and rules; raises with the library's message when it cannot.
function variants.build(record)
  return assert(variant.board(record))
end

-- Pairs of cells of an n x n board a knight's (or a king's) move apart, for `different`.
function variants.knight_pairs(n) return chess.pairs(n, chess.MOVES.antiknight) end
function variants.king_pairs(n) return chess.pairs(n, chess.MOVES.antiking) end

return variants
