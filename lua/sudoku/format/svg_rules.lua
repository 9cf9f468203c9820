-- The variant rules of the svg format's picture. Every family of sudoku.variant declares its
-- drawing (its module's `svg`: DEPTH, the looks of its classes, draw(pen, rules)); this is the
-- loop over them: the families that draw, in the order of their DEPTH, the check of a record's
-- constraints before anything is drawn (sudoku.variant.check, the check the readers make), the
-- margin that clues outside the grid need, and the drawing beneath and above the grid lines.
local variant = require "sudoku.variant"
local pen_of = require("sudoku.format.svg_pen").of

local rules = {}

-- The depth of the grid lines: the families of a smaller DEPTH lie beneath them.
local GRID = 50

--- The families that draw (their `svg` is a table), bottom to top.
rules.FAMILIES = {}
for _, family in ipairs(variant.FAMILIES) do
  if family.svg then rules.FAMILIES[#rules.FAMILIES + 1] = family end
end
table.sort(rules.FAMILIES, function(a, b) return a.svg.DEPTH < b.svg.DEPTH end)

--- The rules a record's constraints (nil: none) give the picture of a board of side n: every
-- key of the drawing families, with {} for an absent one; or nil and what is wrong with the
-- first faulty entry, by its path under "constraints.". Keys no family reads are left alone.
function rules.read(constraints, n)
  if constraints == nil then constraints = {} end
  if type(constraints) ~= "table" then return nil, "constraints must be a table of rules" end
  local ok, f = variant.check(constraints, n)
  if not ok then return nil, variant.message(f, "constraints") end
  local drawn = {}
  for _, family in ipairs(rules.FAMILIES) do
    for _, key in ipairs(family.KEYS) do
      local value = constraints[key]
      if value == nil then value = {} end
      drawn[key] = value
    end
  end
  return drawn
end

--- Whether the rules put clues outside the grid (the picture then has a margin of one cell).
function rules.has_outside(drawn)
  for _, family in ipairs(rules.FAMILIES) do
    if family.svg.OUTSIDE then
      for _, key in ipairs(family.KEYS) do
        if type(drawn[key]) == "table" and #drawn[key] > 0 then return true end
      end
    end
  end
  return false
end

--- Draws every family's rules on `pic` (see canvas() in sudoku.format.svg) of `board`, and calls
-- grid() between those beneath the grid lines and those above; `tinted` says whether the
-- board's extra regions are tinted. What lies under a clue (a tint, or a family's shape that
-- CROSSES cells) is the pen's `crossed`, which a cage's sum looks at.
function rules.draw(pic, drawn, board, tinted, grid)
  local pen = pen_of(pic, board, tinted)
  pen.crossed = #pic.layers > 0
  local gridded = false
  for _, family in ipairs(rules.FAMILIES) do
    if not gridded and family.svg.DEPTH > GRID then
      grid()
      gridded = true
    end
    local before = #pic.layers
    family.svg.draw(pen, drawn)
    if family.svg.CROSSES and #pic.layers > before then pen.crossed = true end
  end
  if not gridded then grid() end
end

return rules
