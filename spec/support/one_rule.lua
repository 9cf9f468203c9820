-- A board with one rule, and the message add_rule raises for a rule it refuses: the two things
-- the specs of the rule kinds (rules_pairs_spec, rules_lines_spec) start from.
local sudoku = require "sudoku"

local one_rule = {}

-- A size x size board (4 unless given) carrying spec.
function one_rule.board(spec, size)
  local b = sudoku.Board.new{size = size or 4}
  b:add_rule(spec)
  return b
end

-- The error add_rule raises for spec on a 4x4 board (asserting that it raises).
function one_rule.refusal(spec)
  local ok, err = pcall(one_rule.board, spec)
  assert(not ok, "add_rule took a rule it should refuse")
  return err
end

return one_rule
