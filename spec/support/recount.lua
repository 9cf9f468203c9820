-- The independent re-count of generated puzzles (bench/recount.lua): solutions up to 2 by the
-- general engine with the values tried in descending order, a search the generators never use,
-- under the board's rules; `rules` adds Solver options.
local sudoku = require "sudoku"
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path
local bench_recount = require "bench.recount"

local recount = {}

function recount.count(board, rules)
  return (bench_recount.count(sudoku, board:copy(), rules))
end

return recount
