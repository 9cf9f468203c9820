-- Lines: `whispers` (German whispers: neighbours along the line differ by at least half the
-- board's size, rounded up: 5 on 9x9; a `whisper` rule per neighbouring pair), `renbans` (the
-- cells hold different values forming one run, in any order: a `renban` rule) and
-- `palindromes` (the line reads the same both ways: a `palindrome` rule); each a list of
-- lines, a line a list of cells in order.
local common = require "sudoku.variant.common"

local lines = {
  KEYS = { "whispers", "renbans", "palindromes" },
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
      local what = ("%s[%d]"):format(key, i)
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

return lines
