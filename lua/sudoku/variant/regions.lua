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

function regions.apply(board, record)
  local n = board:size()
  local list, err = common.list(record, "regions")
  if not list then return nil, err end
  local read = {}
  for i, region in ipairs(list) do
    local cells, why = common.cells(record, n, region, ("regions[%d]"):format(i))
    if not cells then return nil, why end
    read[i] = cells
  end
  local first = 1
  if common.is_null(record.box) and #read > 0 then
    if #read < n then
      return common.fail(record, "regions", "box is null (a jigsaw) but there are %d regions, "
        .. "not the %d that replace the boxes", #read, n)
    end
    local jigsaw = {}
    for i = 1, n do jigsaw[i] = read[i] end
    local ok, e = call(board, record, "regions", "set_regions", jigsaw)
    if not ok then return nil, e end
    first = n + 1
  end
  for i = first, #read do
    local ok, e = call(board, record, ("regions[%d]"):format(i), "add_region", read[i])
    if not ok then return nil, e end
  end
  local diagonals, why = common.list(record, "diagonals")
  if not diagonals then return nil, why end
  for i, which in ipairs(diagonals) do
    if which ~= "main" and which ~= "anti" then
      return common.fail(record, ("diagonals[%d]"):format(i), "expected \"main\" or \"anti\"")
    end
    local cells = {}
    for k = 1, n do cells[k] = { k, which == "main" and k or n + 1 - k } end
    local ok, e = call(board, record, ("diagonals[%d]"):format(i), "add_region", cells)
    if not ok then return nil, e end
  end
  return true
end

return regions
