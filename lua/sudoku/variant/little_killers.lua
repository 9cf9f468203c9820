-- Little killers: `little_killers` = [{"sum": 23, "clue": [r, c], "direction": "DR"}, ...].
-- The clue sits outside the grid (row 0 or N+1, or column 0 or N+1) and points along a
-- diagonal: D(own) adds 1 to the row, U(p) takes 1, R(ight) adds 1 to the column, L(eft) takes
-- 1. The cells met from the clue in that direction while on the board sum to `sum`, repeats
-- allowed: one `sum` rule.
local common = require "sudoku.variant.common"

local little_killers = {
  KEYS = { "little_killers" },
  HOLDS = { little_killers = '`[{"sum": 23, "clue": [0, 3], "direction": "DR"}]`' },
  VARIANTS = { "littlekiller" },
}

local STEPS = { DR = { 1, 1 }, DL = { 1, -1 }, UR = { -1, 1 }, UL = { -1, -1 } }

--- The cells of a clue at (r, c) pointing `direction` on an n x n board, nearest first; nil
-- when the direction is none of DR, DL, UR, UL.
function little_killers.cells(n, r, c, direction)
  local step = STEPS[direction]
  if not step then return nil end
  local out = {}
  r, c = r + step[1], c + step[2]
  while r >= 1 and r <= n and c >= 1 and c <= n do
    out[#out + 1] = { r, c }
    r, c = r + step[1], c + step[2]
  end
  return out
end

function little_killers.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "little_killers")
  if not list then return nil, err end
  for i, clue in ipairs(list) do
    local what = common.at("little_killers", "[%d]", i)
    local ok, why = common.entry(clue, what, "a little killer", { "sum", "clue", "direction" })
    if not ok then return nil, why end
    local sum, e = common.integer(clue.sum, common.at(what, ".sum"))
    if not sum then return nil, e end
    local at = clue.clue
    if type(at) ~= "table" or #at ~= 2 or not common.is_integer(at[1])
        or not common.is_integer(at[2]) then
      return common.fail(common.at(what, ".clue"), "expected a position [row, column], got %s",
        common.got(at))
    end
    local r, c = at[1], at[2]
    local outside = r == 0 or r == n + 1 or c == 0 or c == n + 1
    if not outside or r < 0 or r > n + 1 or c < 0 or c > n + 1 then
      return common.fail(common.at(what, ".clue"),
        "[%d, %d] is not outside the %dx%d grid (row 0 or %d, or column 0 or %d)", r, c, n, n, n + 1, n + 1)
    end
    local cells = little_killers.cells(n, r, c, clue.direction)
    if not cells then
      return common.fail(common.at(what, ".direction"),
        "expected \"DR\", \"DL\", \"UR\" or \"UL\", got %s", common.got(clue.direction))
    end
    if #cells == 0 then
      return common.fail(what, "the clue at [%d, %d] points %s, away from the grid", r, c,
        clue.direction)
    end
    ok, e = common.add(board, what, { kind = "sum", cells = cells, sum = sum })
    if not ok then return nil, e end
  end
  return true
end

-- f-puzzles: "littlekillersum", [{"cell": "R0C3", "direction": "DR", "value": "23", "cells":
-- [...]}]; an empty clue draws an arrow and sets no rule.
little_killers.fpuzzles = {
  NAMES = { "littlekillersum" },
  read = function(f)
    f.each("littlekillersum", function(entry, what)
      local sum = f.number(entry.value, what)
      if sum then
        f.add("little_killers", { sum = sum, clue = f.cell(entry.cell, what .. ".cell", true),
          direction = entry.direction })
      end
    end)
  end,
  write = function(c, w)
    for _, clue in ipairs(c.little_killers or {}) do
      local r, col = clue.clue[1], clue.clue[2]
      w.add("littlekillersum", { cell = w.name(clue.clue), direction = clue.direction,
        value = ("%d"):format(clue.sum),
        cells = w.names(little_killers.cells(w.n, r, col, clue.direction)) })
    end
    return true
  end,
}

-- SVG: each sum in its clue's place outside the grid (the picture gets a margin of one cell),
-- with a small arrow in the corner towards the diagonal it sums.
little_killers.svg = {
  DEPTH = 100,
  OUTSIDE = true,
  looks = function(k)
    return {
      { class = "little-killer", props = { k.font, k.middle, { "font-size", k.cell * 0.4 },
        { "fill", "#000000" } } },
      { class = "little-killer-arrow", props = { { "fill", "none" }, { "stroke", "#000000" },
        { "stroke-width", k.thin }, { "stroke-linecap", "round" }, { "stroke-linejoin", "round" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local sums, arrows = {}, {}
    local font = pen.cell * 0.4
    for _, clue in ipairs(r.little_killers) do
      local step = STEPS[clue.direction]
      local dx, dy = step[2], step[1]
      local x, y = pen.centre_of(clue.clue)
      -- The number moves a little away from the corner the arrow takes.
      sums[#sums + 1] = ('<text class="little-killer" x="%s" y="%s">%s</text>'):format(
        num(x - dx * pen.cell * 0.1), num(y - dy * pen.cell * 0.1 + font * 0.35),
        pen.sum_label(clue.sum))
      local from, to = pen.cell * 0.2, pen.cell * 0.42
      local s = math.sqrt(0.5)
      arrows[#arrows + 1] = ('<path class="little-killer-arrow" d="M%s %sL%s %s%s"/>'):format(
        num(x + dx * from), num(y + dy * from), num(x + dx * to), num(y + dy * to),
        pen.head(x + dx * to, y + dy * to, dx * s, dy * s, pen.cell * 0.14))
    end
    pen.layer("little-killer-arrows", "little-killer-arrow", nil, arrows)
    pen.layer("little-killers", "little-killer", nil, sums)
  end,
}

return little_killers
