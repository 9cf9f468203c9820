-- Sandwich clues: `sandwiches` = [{"row": 3, "sum": 12}, {"column": 7, "sum": 0}, ...]: the
-- values strictly between the 1 and the N of that row (column) add up to `sum` (0: the 1 and
-- the N are neighbours). One `sandwich` rule on the line's N cells.
local common = require "sudoku.variant.common"

local sandwiches = {
  KEYS = { "sandwiches" },
  HOLDS = { sandwiches = '`[{"row": 3, "sum": 12}, {"column": 7, "sum": 0}]`' },
  VARIANTS = { "sandwich" },
}

function sandwiches.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "sandwiches")
  if not list then return nil, err end
  local seen = {}
  for i, clue in ipairs(list) do
    local what = common.at("sandwiches", "[%d]", i)
    local ok, why = common.entry(clue, what, "a sandwich clue", { "row", "column", "sum" })
    if not ok then return nil, why end
    if clue.row ~= nil and clue.column ~= nil then
      return common.fail(what, "expected \"row\" or \"column\", not both")
    end
    local line = clue.row ~= nil and "row" or clue.column ~= nil and "column" or nil
    if not line then return common.fail(what, "expected \"row\" or \"column\"") end
    local index, e = common.integer(clue[line], common.at(what, ".%s", line))
    if not index then return nil, e end
    if index < 1 or index > n then
      return common.fail(common.at(what, ".%s", line), "%d is off the %dx%d board", index, n, n)
    end
    local sum, e2 = common.integer(clue.sum, common.at(what, ".sum"))
    if not sum then return nil, e2 end
    if seen[line .. index] then
      return common.fail(what, "%s %d has a clue already", line, index)
    end
    seen[line .. index] = true
    local cells = {}
    for k = 1, n do cells[k] = line == "row" and { index, k } or { k, index } end
    ok, e = common.add(board, what, { kind = "sandwich", cells = cells, sum = sum })
    if not ok then return nil, e end
  end
  return true
end

-- f-puzzles: "sandwichsum", [{"cell": "R0C7", "value": "12"}]: R0Cc above column c, RrC0 left of
-- row r (or beyond the other side); an empty clue sets no rule.
sandwiches.fpuzzles = {
  NAMES = { "sandwichsum" },
  read = function(f)
    local n = f.n
    f.each("sandwichsum", function(entry, what)
      local sum = f.number(entry.value, what)
      local at = f.cell(entry.cell, what .. ".cell", true)
      if sum then
        if (at[1] == 0 or at[1] == n + 1) and at[2] >= 1 and at[2] <= n then
          f.add("sandwiches", { column = at[2], sum = sum })
        elseif (at[2] == 0 or at[2] == n + 1) and at[1] >= 1 and at[1] <= n then
          f.add("sandwiches", { row = at[1], sum = sum })
        else
          f.fail("%s.cell: %s is not beside a row or a column", what, entry.cell)
        end
      end
    end)
  end,
  write = function(c, w)
    for _, clue in ipairs(c.sandwiches or {}) do
      local at = clue.row and { clue.row, 0 } or { 0, clue.column }
      w.add("sandwichsum", { cell = w.name(at), value = ("%d"):format(clue.sum) })
    end
    return true
  end,
}

-- SVG: each sum left of its row or above its column, outside the grid (the picture gets a
-- margin of one cell).
sandwiches.svg = {
  DEPTH = 110,
  OUTSIDE = true,
  looks = function(k)
    return {
      { class = "sandwich", props = { k.font, k.middle, { "font-size", k.cell * 0.45 },
        { "fill", "#000000" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local items = {}
    local size = pen.cell * 0.45
    for _, clue in ipairs(r.sandwiches) do
      local x, y
      if clue.row ~= nil then
        x, y = pen.centre(0), pen.centre(clue.row)
      else
        x, y = pen.centre(clue.column), pen.centre(0)
      end
      items[#items + 1] = ('<text class="sandwich" x="%s" y="%s">%s</text>'):format(
        num(x), num(y + size * 0.35), pen.sum_label(clue.sum))
    end
    pen.layer("sandwiches", "sandwich", nil, items)
  end,
}

return sandwiches
