-- Lines: `whispers` (German whispers: neighbours along the line differ by at least half the
-- board's size, rounded up: 5 on 9x9; a `whisper` rule per neighbouring pair), `renbans` (the
-- cells hold different values forming one run, in any order: a `renban` rule) and
-- `palindromes` (the line reads the same both ways: a `palindrome` rule); each a list of
-- lines, a line a list of cells in order.
local common = require "sudoku.variant.common"

local lines = {
  KEYS = { "whispers", "renbans", "palindromes" },
  HOLDS = { whispers = "list of lines", renbans = "list of lines", palindromes = "list of lines" },
  VARIANTS = { "whispers", "renban", "palindrome" },
}

-- Each key's rules from one line of cells: a list of add_rule specs.
local RULES = {
  whispers = function(cells)
    local out = {}
    for i = 2, #cells do out[i - 1] = { kind = "whisper", cells = { cells[i - 1], cells[i] } } end
    return out
  end,
  renbans = function(cells) return { { kind = "renban", cells = cells } } end,
  palindromes = function(cells) return { { kind = "palindrome", cells = cells } } end,
}

function lines.apply(board, record)
  local n = board:size()
  for _, key in ipairs(lines.KEYS) do
    local list, err = common.lines(record, n, key, 2)
    if not list then return nil, err end
    for i, cells in ipairs(list) do
      local what = common.at(key, "[%d]", i)
      if key == "renbans" and #cells > n then
        return common.fail(what, "%d cells cannot hold different values of 1..%d", #cells, n)
      end
      for _, spec in ipairs(RULES[key](cells)) do
        local ok, e = common.add(board, what, spec)
        if not ok then return nil, e end
      end
    end
  end
  return true
end

-- Each key's f-puzzles name (a list of {"lines": [[...], ...]}, a line each) and the class of
-- its drawing.
local NAMES = { whispers = "whispers", renbans = "renban", palindromes = "palindrome" }
local CLASSES = { whispers = "whisper", renbans = "renban", palindromes = "palindrome" }

lines.fpuzzles = {
  NAMES = { "whispers", "renban", "palindrome" },
  read = function(f)
    for _, key in ipairs(lines.KEYS) do
      f.each(NAMES[key], function(entry, what)
        for _, line in ipairs(f.lines(entry, what)) do f.add(key, line) end
      end)
    end
  end,
  write = function(c, w)
    for _, key in ipairs(lines.KEYS) do
      for _, line in ipairs(c[key] or {}) do w.add(NAMES[key], { lines = { w.names(line) } }) end
    end
    return true
  end,
}

-- SVG: thick lines through the cells' centres, green, pink and grey-blue as on f-puzzles,
-- beneath the grid lines.
local COLOURS = { whispers = "#67f067", renbans = "#f067f0", palindromes = "#97a9c8" }

lines.svg = {
  DEPTH = 20,
  CROSSES = true,
  looks = function(k)
    local out = {}
    for i, key in ipairs(lines.KEYS) do
      out[i] = { class = CLASSES[key], props = { { "fill", "none" }, { "stroke", COLOURS[key] },
        { "stroke-width", k.cell * 0.2 }, { "stroke-linecap", "round" },
        { "stroke-linejoin", "round" } } }
    end
    return out
  end,
  draw = function(pen, r)
    for _, key in ipairs(lines.KEYS) do
      local items = {}
      for _, cells in ipairs(r[key]) do items[#items + 1] = pen.polyline(CLASSES[key], cells) end
      pen.layer(key, CLASSES[key], nil, items)
    end
  end,
}

return lines
