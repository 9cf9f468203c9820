-- `sudoku render --candidates` on boards larger than 9x9, run as a user runs it: the pencil
-- marks must stay as legible as a 9x9 board's, so the default cell grows with the board.
local cmd = require "support.command"

local sudoku = cmd.run

after_each(function() cmd.cleanup() end)

-- A 9x9 board's marks at the default 40 px cell: 3 to a row, 0.8 of a 13.33 px slot.
local NINE = 0.8 * 40 / 3

-- The font size of the candidates layer and the picture's width.
local function marks_and_width(doc)
  local font = doc:match('<g class="candidates"[^>]- font%-size="([%d.]+)"')
  local width = doc:match('^<svg [^>]-width="([%d.]+)"')
  return tonumber(font), tonumber(width)
end

describe("sudoku render --candidates", function()
  it("draws the pencil marks of 16x16 and 25x25 boards as large as 9x9's", function()
    for _, n in ipairs({ 9, 16, 25 }) do
      local line = "1" .. ("."):rep(n * n - 1)
      local r = sudoku({ "render", "--candidates" }, line .. "\n")
      assert.are.equal(0, r.status, r.stderr)
      local font, width = marks_and_width(r.stdout)
      assert.is_true(font >= NINE - 0.01, ("%dx%d: marks of %s px"):format(n, n, font))
      -- The picture grows with the cells: more than 40 px a cell for the larger boards.
      if n > 9 then assert.is_true(width > 40 * n, n .. ": " .. width) end
    end
  end)

  it("keeps the cell size --cell gives", function()
    local r = sudoku({ "render", "--candidates", "--cell", "40" }, "1" .. ("."):rep(255) .. "\n")
    local font, width = marks_and_width(r.stdout)
    assert.are.equal(8, font)
    assert.is_true(width > 640 and width < 680)
  end)
end)
