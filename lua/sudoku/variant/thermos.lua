-- Thermometers: `thermos` = [[[r, c], ...], ...], bulb first, each a `thermo` rule (values
-- strictly increasing from the bulb).
local common = require "sudoku.variant.common"

local thermos = {
  KEYS = { "thermos" },
  HOLDS = { thermos = "list of lines, bulb first" },
  VARIANTS = { "thermo" },
}

function thermos.apply(board, record)
  local n = board:size()
  local lines, err = common.lines(record, n, "thermos", 2)
  if not lines then return nil, err end
  for i, cells in ipairs(lines) do
    local what = common.at("thermos", "[%d]", i)
    if #cells > n then
      return common.fail(what, "%d cells cannot rise strictly through 1..%d", #cells, n)
    end
    local ok, e = common.add(board, what, { kind = "thermo", cells = cells })
    if not ok then return nil, e end
  end
  return true
end

-- f-puzzles: "thermometer", [{"lines": [["R1C1", ...], ...]}, ...]: a thermometer per line.
thermos.fpuzzles = {
  NAMES = { "thermometer" },
  read = function(f)
    f.each("thermometer", function(entry, what)
      for _, line in ipairs(f.lines(entry, what)) do f.add("thermos", line) end
    end)
  end,
  write = function(c, w)
    for _, line in ipairs(c.thermos or {}) do w.add("thermometer", { lines = { w.names(line) } }) end
    return true
  end,
}

-- SVG: a grey line through the cells' centres and a bulb on the first, beneath the grid lines.
thermos.svg = {
  DEPTH = 30,
  CROSSES = true,
  looks = function(k)
    return {
      { class = "thermo", after = "highlight", props = { { "fill", "none" },
        { "stroke", "#c8c8c8" }, { "stroke-width", k.cell * 0.22 }, { "stroke-linecap", "round" },
        { "stroke-linejoin", "round" } } },
      { class = "thermo-bulb", after = "highlight", props = { { "fill", "#c8c8c8" } } },
    }
  end,
  draw = function(pen, r)
    local num = pen.num
    local lines, bulbs = {}, {}
    for _, thermo in ipairs(r.thermos) do
      if #thermo > 0 then
        lines[#lines + 1] = pen.polyline("thermo", thermo)
        local x, y = pen.centre_of(thermo[1])
        bulbs[#bulbs + 1] = ('<circle class="thermo-bulb" cx="%s" cy="%s" r="%s"/>'):format(
          num(x), num(y), num(pen.cell * 0.3))
      end
    end
    pen.layer("thermos", "thermo", nil, lines)
    pen.layer("thermo-bulbs", "thermo-bulb", nil, bulbs)
  end,
}

return thermos
