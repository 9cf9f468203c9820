-- Drawing: the grid, the player's entries or the solver's replay, the hint and a status line.
local draw = {}

local CELL, LEFT, TOP = 56, 18, 18
local COLOURS = {
  background = { 0.97, 0.96, 0.92 }, line = { 0.15, 0.15, 0.2 }, given = { 0.1, 0.1, 0.1 },
  player = { 0.1, 0.3, 0.75 }, wrong = { 0.85, 0.1, 0.1 }, selected = { 1, 0.9, 0.55 },
  hint = { 0.65, 0.9, 0.65 }, single = { 0.2, 0.45, 0.85 }, hidden = { 0.1, 0.6, 0.5 },
  guess = { 0.85, 0.45, 0.1 }, text = { 0.15, 0.15, 0.2 },
}

local function fill_cell(r, c, colour)
  love.graphics.setColor(colour)
  love.graphics.rectangle("fill", LEFT + (c - 1) * CELL, TOP + (r - 1) * CELL, CELL, CELL)
end

local function digit(r, c, v, colour, font)
  love.graphics.setFont(font)
  love.graphics.setColor(colour)
  love.graphics.printf(tostring(v), LEFT + (c - 1) * CELL, TOP + (r - 1) * CELL
    + (CELL - font:getHeight()) / 2, CELL, "center")
end

-- Pencil marks in a 3x3 layout inside the cell.
local function marks(r, c, values, font)
  love.graphics.setFont(font)
  love.graphics.setColor(COLOURS.player)
  for _, v in ipairs(values) do
    local x = LEFT + (c - 1) * CELL + ((v - 1) % 3) * CELL / 3
    local y = TOP + (r - 1) * CELL + math.floor((v - 1) / 3) * CELL / 3
    love.graphics.printf(tostring(v), x, y + (CELL / 3 - font:getHeight()) / 2, CELL / 3, "center")
  end
end

local function grid_lines()
  love.graphics.setColor(COLOURS.line)
  for i = 0, 9 do
    love.graphics.setLineWidth(i % 3 == 0 and 3 or 1)
    love.graphics.line(LEFT + i * CELL, TOP, LEFT + i * CELL, TOP + 9 * CELL)
    love.graphics.line(LEFT, TOP + i * CELL, LEFT + 9 * CELL, TOP + i * CELL)
  end
end

-- The game's board: givens, the player's entries (wrong ones in red), the selection and the
-- hint's cells, or the solver's replay when one runs (placements coloured by reason).
function draw.frame(g, rp, fonts, status)
  love.graphics.clear(COLOURS.background)
  if not rp then
    fill_cell(g.selected[1], g.selected[2], COLOURS.selected)
    for _, cell in ipairs(g.hint and g.hint.cells or {}) do fill_cell(cell[1], cell[2], COLOURS.hint) end
  end
  for r = 1, 9 do
    for c = 1, 9 do
      local p = g.play
      if p:is_given(r, c) then
        digit(r, c, p:get(r, c), COLOURS.given, fonts.digits)
      elseif rp then
        local s = rp.shown[(r - 1) * 9 + c]
        if s then digit(r, c, s.v, COLOURS[s.reason], fonts.digits) end
      elseif p:get(r, c) ~= 0 then
        digit(r, c, p:get(r, c), p:is_right(r, c) and COLOURS.player or COLOURS.wrong, fonts.digits)
      else
        marks(r, c, p:marks(r, c), fonts.marks)
      end
    end
  end
  grid_lines()
  love.graphics.setFont(fonts.text)
  love.graphics.setColor(COLOURS.text)
  love.graphics.printf(status, LEFT, TOP + 9 * CELL + 12, 9 * CELL, "left")
end

-- The cell under a mouse position, or nil.
function draw.cell_at(x, y)
  local c, r = math.floor((x - LEFT) / CELL) + 1, math.floor((y - TOP) / CELL) + 1
  if r >= 1 and r <= 9 and c >= 1 and c <= 9 then return r, c end
end

return draw
