-- Odd/even cells: `odd` and `even` = [[r, c], ...], each list one `allowed` rule holding the odd
-- (or even) values of 1..N.
local common = require "sudoku.variant.common"

local oddeven = {
  KEYS = { "odd", "even" },
  HOLDS = { odd = "lists of cells", even = "lists of cells" },
  VARIANTS = { "oddeven" },
}

function oddeven.apply(board, record)
  local n = board:size()
  for parity, key in ipairs{ "odd", "even" } do
    local list, err = common.list(record, key)
    if not list then return nil, err end
    if #list > 0 then
      local cells, why = common.cells(n, list, key)
      if not cells then return nil, why end
      local values = {}
      for v = parity, n, 2 do values[#values + 1] = v end
      local ok, e = common.add(board, key, { kind = "allowed", cells = cells, values = values })
      if not ok then return nil, e end
    end
  end
  return true
end

-- f-puzzles: a cell's "parity" in the grid ("Odd" or "Even"), and the "odd" and "even" lists
-- ([{"cell": "R1C1"}, ...]).
oddeven.fpuzzles = {
  NAMES = { "odd", "even" },
  read = function(f)
    -- The grid's shape was checked as the board was read.
    for r, row in ipairs(f.obj.grid) do
      for c, cell in ipairs(row) do
        if cell.parity == "Odd" or cell.parity == "Even" then
          f.add(cell.parity == "Odd" and "odd" or "even", { r, c })
        elseif cell.parity ~= nil and cell.parity ~= f.null then
          f.fail("grid[%d][%d].parity: expected \"Odd\" or \"Even\", got %s", r, c,
            f.got(cell.parity))
        end
      end
    end
    for _, key in ipairs(oddeven.KEYS) do
      f.each(key, function(entry, what) f.add(key, f.cell(entry.cell, what .. ".cell")) end)
    end
  end,
  write = function(c, w)
    for _, key in ipairs(oddeven.KEYS) do
      for _, cell in ipairs(c[key] or {}) do w.add(key, { cell = w.name(cell) }) end
    end
    return true
  end,
}

-- SVG: odd cells as grey circles, even cells as grey squares, under everything but the tints.
oddeven.svg = {
  DEPTH = 10,
  CROSSES = true,
  looks = function()
    return {
      { class = "odd", props = { { "fill", "#d4d4d4" } } },
      { class = "even", props = { { "fill", "#d4d4d4" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local circles, squares = {}, {}
    for _, rc in ipairs(pen.sorted_cells(r.odd)) do
      local x, y = pen.centre_of(rc)
      circles[#circles + 1] = ('<circle class="odd" cx="%s" cy="%s" r="%s"/>'):format(
        num(x), num(y), num(pen.cell * 0.38))
    end
    local side = pen.cell * 0.76
    for _, rc in ipairs(pen.sorted_cells(r.even)) do
      local x, y = pen.centre_of(rc)
      squares[#squares + 1] = ('<rect class="even" x="%s" y="%s" width="%s" height="%s"/>'):format(
        num(x - side / 2), num(y - side / 2), num(side), num(side))
    end
    pen.layer("odd-cells", "odd", nil, circles)
    pen.layer("even-cells", "even", nil, squares)
  end,
}

return oddeven
