-- Canonical forms of 9x9 puzzles: one representative per class of equivalent puzzles (digits
-- relabelled, bands and the rows inside them, stacks and the columns inside them permuted, the
-- grid transposed), so that a pipeline can tell duplicates. The search is in C (csrc/canon/canon.c);
-- this wraps it for boards.
local core = require "sudoku.core"
local Board = require "sudoku.board"

local canonical = {}

-- canonical(x): for a line, the canonical line and the transform; for a Board, a new Board and
-- the transform; nil and why when the puzzle has no canonical form (clashing givens, a line of
-- another size or with a bad symbol).
function canonical.canonical(x)
  if type(x) ~= "string" and not (type(x) == "userdata" and x.size) then
    error("bad argument #1 to 'canonical' (Board or string expected, got " .. type(x) .. ")", 2)
  end
  -- Called by its field's name (no pcall, no tail call), so that the core's argument errors
  -- name 'canonical' as this function's do; nothing here reads their text.
  local line, transform = core.canonical(x)
  if not line or type(x) == "string" then return line, transform end
  local board = Board.new { size = 9 }
  board:fill(line)
  return board, transform
end

-- canonical_set(): an empty set of classes; set:add(x) is true when x's class is new to it.
function canonical.set()
  return core.canon_set()
end

return canonical
