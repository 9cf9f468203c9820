-- Shared checks for the logic specs: soundness of steps against a known solution, and positions
-- built to contain one pattern.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"

local support = {}

--- The puzzles of spec/fixtures/se_rated_sample.txt: {puzzle =, rating =, id =} each.
function support.rated_sample()
  local list = {}
  for line in io.lines("spec/fixtures/se_rated_sample.txt") do
    local p, r, id = line:match("^([%d%.]+),([%d%.]+),(%w+)")
    if p then list[#list + 1] = {puzzle = p, rating = tonumber(r), id = id} end
  end
  return list
end

--- Nil when every placement of the steps equals the solution's value and no elimination
-- removes it; otherwise a message naming the first wrong step.
function support.unsound(steps, solution)
  for i, st in ipairs(steps) do
    for _, e in ipairs(st.eliminations) do
      if solution:get(e[1], e[2]) == e[3] then
        return ("step %d (%s) eliminates the solution's %d at r%dc%d: %s"):format(
          i, st.technique, e[3], e[1], e[2], st.text)
      end
    end
    for _, p in ipairs(st.placements) do
      if solution:get(p[1], p[2]) ~= p[3] then
        return ("step %d (%s) places %d at r%dc%d, the solution has %d: %s"):format(
          i, st.technique, p[3], p[1], p[2], solution:get(p[1], p[2]), st.text)
      end
    end
  end
  return nil
end

--- A pencil of the 81-character puzzle with the candidates given as {r, c, {values}} rows
-- removed, for positions built to hold one pattern: every listed cell keeps only its values.
function support.pencil(puzzle, keep)
  local p = logic.pencil(assert(sudoku.parse(puzzle)))
  for _, row in ipairs(keep or {}) do
    local r, c, values = row[1], row[2], row[3]
    local set = {}
    for _, v in ipairs(values) do set[v] = true end
    for _, v in ipairs(p:candidates(r, c)) do
      if not set[v] then assert(p:eliminate(r, c, v)) end
    end
  end
  return p
end

--- The steps of technique name among p:find(opts).
function support.found(p, name, opts)
  local out = {}
  for _, st in ipairs(p:find(opts)) do
    if st.technique == name then out[#out + 1] = st end
  end
  return out
end

return support
