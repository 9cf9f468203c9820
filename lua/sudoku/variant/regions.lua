-- Regions: all-different groups of cells, which the board holds as regions, not rules. With
-- `box` null the first N of `regions` are the jigsaw regions that replace the boxes; every
-- other region (windoku windows, disjoint groups, extra regions) is added to the units, as is
-- each of `diagonals` ("main": r1c1 to rNcN, "anti": r1cN to rNc1).
local common = require "sudoku.variant.common"

local regions = {
  KEYS = { "regions", "diagonals" },
  HOLDS = { regions = "list of cell lists", diagonals = '`["main"]`, `["anti"]` or both' },
  VARIANTS = { "jigsaw", "diagonals", "windoku", "extraregions", "disjoint" },
}

-- board:<method>(list) in its try_ form: true, or nil and the fault's reason naming `what`.
local function call(board, what, method, list)
  local ok, fault = board["try_" .. method](board, list)
  if ok then return true end
  return common.fail(what, "%s", fault.reason)
end

--- The cells of diagonal `which` ("main" or "anti") of an n x n board, top row first.
function regions.diagonal(n, which)
  local cells = {}
  for k = 1, n do cells[k] = { k, which == "main" and k or n + 1 - k } end
  return cells
end

function regions.apply(board, record)
  local n = board:size()
  local read, err = common.lines(record, n, "regions", 1)
  if not read then return nil, err end
  local first = 1
  -- A decoder may drop a null member, so an absent box with regions is a jigsaw too (the json
  -- reader, which keeps nulls, passes the board's box when the record has none).
  if common.is_null(record.box) and #read > 0 then
    if #read < n then
      return common.fail("regions", "box is null (a jigsaw) but there are %d regions, "
        .. "not the %d that replace the boxes", #read, n)
    end
    local jigsaw = {}
    for i = 1, n do jigsaw[i] = read[i] end
    local ok, e = call(board, common.at("regions", "[1..%d] (jigsaw)", n), "set_regions", jigsaw)
    if not ok then return nil, e end
    first = n + 1
  end
  for i = first, #read do
    local ok, e = call(board, common.at("regions", "[%d]", i), "add_region", read[i])
    if not ok then return nil, e end
  end
  local diagonals, why = common.list(record, "diagonals")
  if not diagonals then return nil, why end
  for i, which in ipairs(diagonals) do
    local what = common.at("diagonals", "[%d]", i)
    if which ~= "main" and which ~= "anti" then
      return common.fail(what, "expected \"main\" or \"anti\", got %s", common.got(which))
    end
    local ok, e = call(board, what, "add_region", regions.diagonal(n, which))
    if not ok then return nil, e end
  end
  return true
end

-- Whether two lists hold the same cells, in any order.
local function same_cells(a, b)
  if #a ~= #b then return false end
  local seen = {}
  for _, cell in ipairs(a) do seen[cell[1] .. "," .. cell[2]] = true end
  for _, cell in ipairs(b) do
    if not seen[cell[1] .. "," .. cell[2]] then return false end
  end
  return true
end

--- The board's extra regions less those that `constraints.diagonals` adds back on reading
-- (each diagonal once, whatever the order of its cells): what a writer that keeps the
-- constraints writes as regions of their own (json's "regions", f-puzzles' "extraregion").
function regions.extra(board, constraints)
  local n = board:size()
  local skip = {}
  local diagonals = constraints and constraints.diagonals
  for _, which in ipairs(type(diagonals) == "table" and diagonals or {}) do
    skip[#skip + 1] = regions.diagonal(n, which)
  end
  local out = {}
  for _, region in ipairs(board:regions()) do
    local dropped = false
    for i, diagonal in ipairs(skip) do
      if diagonal and same_cells(region, diagonal) then
        skip[i], dropped = false, true
        break
      end
    end
    if not dropped then out[#out + 1] = region end
  end
  return out
end

-- f-puzzles: "diagonal-" and "diagonal+" flags, "extraregion" ([{"cells": [...]}]) and
-- "disjointgroups" (a flag: the N cells at one place in every box). Its jigsaw regions are the
-- grid's, which the format reads with the board's shape.
regions.fpuzzles = {
  NAMES = { "diagonal+", "diagonal-", "extraregion", "disjointgroups" },
  read = function(f)
    -- f-puzzles' positive diagonal rises from bottom left to top right: the schema's "anti".
    if f.flag("diagonal-") then f.add("diagonals", "main") end
    if f.flag("diagonal+") then f.add("diagonals", "anti") end
    -- Extra regions follow a jigsaw's N regions (read with the grid), or stand alone.
    f.each("extraregion", function(entry, what)
      f.add("regions", f.cells(entry.cells, what .. ".cells"))
    end)
    if f.flag("disjointgroups") then
      local n, box = f.n, f.out.box
      if box == f.null then f.fail("disjointgroups: disjoint groups on a jigsaw are not supported") end
      local rows, cols = box[1], box[2]
      for k = 1, n do
        local group = {}
        local dr, dc = math.floor((k - 1) / cols), (k - 1) % cols
        for b = 1, n do
          local br, bc = math.floor((b - 1) / (n / cols)), (b - 1) % (n / cols)
          group[#group + 1] = { br * rows + dr + 1, bc * cols + dc + 1 }
        end
        f.add("regions", group)
      end
    end
  end,
  -- The diagonals as flags, and the board's extra regions (those of `regions`, windows, disjoint
  -- groups...) as "extraregion", less the diagonals that the flags give back.
  write = function(c, w)
    for _, which in ipairs(c.diagonals or {}) do w.set(which == "main" and "diagonal-" or "diagonal+") end
    for _, cells in ipairs(regions.extra(w.board, c)) do w.add("extraregion", { cells = w.names(cells) }) end
    return true
  end,
}

-- Whether the board has an extra region of exactly these cells.
local function has_region(board, cells)
  local n = board:size()
  local wanted = {}
  for _, rc in ipairs(cells) do wanted[(rc[1] - 1) * n + rc[2]] = true end
  for _, region in ipairs(board:regions()) do
    local same = #region == #cells
    for _, rc in ipairs(region) do same = same and wanted[(rc[1] - 1) * n + rc[2]] == true end
    if same then return true end
  end
  return false
end

-- SVG: the diagonals as lines from corner to corner over the grid lines, except those already
-- tinted as one of the board's extra regions (the picture tints the regions themselves, rules
-- or not).
regions.svg = {
  DEPTH = 60,
  CROSSES = true,
  looks = function(k)
    return {
      { class = "diagonal", after = "border", props = { { "stroke", "#5b7fb5" },
        { "stroke-width", 2 * k.thin }, { "stroke-opacity", "0.6" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local items = {}
    local low, high = pen.margin, pen.margin + pen.n * pen.cell
    for _, name in ipairs(r.diagonals) do
      if not (pen.tinted and has_region(pen.board, regions.diagonal(pen.n, name))) then
        local x1, x2 = low, high
        if name == "anti" then x1, x2 = high, low end
        items[#items + 1] = ('<line class="diagonal" x1="%s" y1="%s" x2="%s" y2="%s"/>'):format(
          num(x1), num(low), num(x2), num(high))
      end
    end
    pen.layer("diagonals", "diagonal", nil, items)
  end,
}

return regions
