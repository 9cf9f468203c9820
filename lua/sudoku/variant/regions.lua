-- Regions: all-different groups of cells, which the board holds as regions, not rules. With
-- `box` null the first N of `regions` are the jigsaw regions that replace the boxes; every
-- other region (windoku windows, disjoint groups, extra regions) is added to the units, as is
-- each of `diagonals` ("main": r1c1 to rNcN, "anti": r1cN to rNc1).
local common = require "sudoku.variant.common"

local regions = {
  KEYS = { "regions", "diagonals" },
  VARIANTS = { "jigsaw", "diagonals", "windoku", "extraregions", "disjoint" },
}

local call = common.call

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
    local ok, e = call(board, ("regions[1..%d] (jigsaw)"):format(n), "set_regions", jigsaw)
    if not ok then return nil, e end
    first = n + 1
  end
  for i = first, #read do
    local ok, e = call(board, ("regions[%d]"):format(i), "add_region", read[i])
    if not ok then return nil, e end
  end
  local diagonals, why = common.list(record, "diagonals")
  if not diagonals then return nil, why end
  for i, which in ipairs(diagonals) do
    local what = ("diagonals[%d]"):format(i)
    if which ~= "main" and which ~= "anti" then
      return common.fail(what, "expected \"main\" or \"anti\", got %s", common.got(which))
    end
    local ok, e = call(board, what, "add_region", regions.diagonal(n, which))
    if not ok then return nil, e end
  end
  return true
end

return regions
