-- Shared checks for the logic specs: soundness of steps against a known solution, and positions
-- built to contain one pattern.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"

local support = {}

--- The options of the specs' walks along easiest-first paths: every technique below the forcing
-- chains, which take up to a second a step on the hardest puzzles (their own spec walks them).
-- A walk stops where these get stuck.
support.WALK = { max_rating = 7.4 }

--- The puzzles of spec/fixtures/se_rated_sample.txt: {puzzle =, rating =, id =} each.
function support.rated_sample()
  local list = {}
  for line in io.lines("spec/fixtures/se_rated_sample.txt") do
    local p, r, id = line:match("^([%d%.]+),([%d%.]+),(%w+)")
    if p then list[#list + 1] = {puzzle = p, rating = tonumber(r), id = id} end
  end
  return list
end

--- The puzzles of a rated file (`puzzle,rating,...` lines) rated min..max, every every-th of
-- them: {puzzle =, rating =} each; nil when the file is absent.
function support.rated_records(file, min, max, every)
  local f = io.open(file)
  if not f then return nil end
  local list, i = {}, 0
  for line in f:lines() do
    local p81, r = line:match("^([%d%.]+),([%d%.]+)")
    r = tonumber(r)
    if p81 and r >= min and r <= max then
      i = i + 1
      if i % every == 0 then list[#list + 1] = {puzzle = p81, rating = r} end
    end
  end
  f:close()
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
  -- A built position stands for a puzzle with one solution, whatever its board alone allows.
  local p = logic.pencil(assert(sudoku.parse(puzzle)), nil, { assume_unique = true })
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
  if opts == nil then
    -- Below the forcing chains unless name is one of them: find() runs every finder allowed.
    for _, t in ipairs(logic.techniques()) do
      if t.name == name and t.rating < support.WALK.max_rating then opts = support.WALK end
    end
  end
  for _, st in ipairs(p:find(opts)) do
    if st.technique == name then out[#out + 1] = st end
  end
  return out
end

--- Runs p:find(opts) at every position of the easiest-first path of board b and checks each
-- step against the solution (a wrong one raises, naming the board); counts the steps per
-- technique into fired. Returns the number of positions.
function support.sound_path(b, solution, opts, fired)
  local p = logic.pencil(b)
  local steps = logic.steps(b, support.WALK)
  for k = 0, #steps do
    local found = p:find(opts)
    for _, st in ipairs(found) do fired[st.technique] = (fired[st.technique] or 0) + 1 end
    local msg = support.unsound(found, solution)
    if msg then error(b:format("line") .. ": " .. msg, 0) end
    if k < #steps then assert(p:apply(steps[k + 1])) end
  end
  return #steps + 1
end

--- support.sound_path over every every-th puzzle of the file (one a line, "#" comments; a
-- rating column after a comma is ignored). Returns nil when the file is absent; else the count
-- of steps per technique, and the count of puzzles and positions.
function support.sound_over(file, every, opts)
  local f = io.open(file)
  if not f then return nil end
  f:close()
  local fired, puzzles, positions, i = {}, 0, 0, 0
  for line in io.lines(file) do
    local text = line:match("^([^#,%s]+)")
    if text and #text >= 16 then
      i = i + 1
      if i % every == 0 then
        puzzles = puzzles + 1
        local b = assert(sudoku.parse(text))
        local solution = b:copy()
        assert(solution:solve())
        positions = positions + support.sound_path(b, solution, opts, fired)
      end
    end
  end
  return fired, puzzles, positions
end

--- A 9x9 board with extra regions: "x" (both diagonals) or "windoku" (four windows).
function support.extra_board(kind)
  local b = sudoku.Board.new{size = 9}
  if kind == "x" then
    local a, d = {}, {}
    for i = 1, 9 do a[i], d[i] = {i, i}, {i, 10 - i} end
    b:add_region(a)
    b:add_region(d)
  else
    for _, o in ipairs{{2, 2}, {2, 6}, {6, 2}, {6, 6}} do
      local w = {}
      for r = 0, 2 do
        for c = 0, 2 do w[#w + 1] = {o[1] + r, o[2] + c} end
      end
      b:add_region(w)
    end
  end
  return b
end

return support
