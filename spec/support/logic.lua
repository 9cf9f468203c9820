-- Shared checks for the logic specs: soundness of steps against a known solution, and positions
-- built to contain one pattern.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"

local support = {}

local RATED_FILE = "../shared/data/rated/se_calibration.txt"

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
-- removes it; otherwise a message naming the first wrong step (the library's own check).
function support.unsound(steps, solution)
  return logic.check(steps, solution)
end

--- A pencil of the 81-character puzzle with the candidates given as {r, c, {values}} rows
-- removed, for positions built to hold one pattern: every listed cell keeps only its values.
function support.pencil(puzzle, keep)
  -- A built position stands for a puzzle with one solution, whatever its board alone allows.
  return support.restrict(logic.pencil(assert(sudoku.parse(puzzle)), nil, { assume_unique = true }), keep)
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
-- technique into fired. walk (optional): `hint`, the options of the path's steps (default
-- support.WALK; {} for every technique), and `guess`: where the path gets stuck, the first
-- empty cell gets its solution value and the walk goes on (so hard puzzles give positions to
-- the end); without it the walk stops. Returns the number of positions.
function support.sound_path(b, solution, opts, fired, walk)
  walk = walk or {}
  local p = logic.pencil(b)
  local size, positions = b:size(), 0
  while true do
    positions = positions + 1
    local found = p:find(opts)
    for _, st in ipairs(found) do fired[st.technique] = (fired[st.technique] or 0) + 1 end
    local msg = support.unsound(found, solution)
    if msg then error(b:format("line") .. ": " .. msg, 0) end
    if p:solved() then return positions end
    local h = p:hint(walk.hint or support.WALK)
    if h then
      assert(p:apply(h))
    elseif walk.guess then
      local r, c = 1, 1
      while p:value(r, c) ~= 0 do
        c = c + 1
        if c > size then r, c = r + 1, 1 end
      end
      assert(p:place(r, c, solution:get(r, c)))
    else
      return positions
    end
  end
end

--- support.sound_path over each board (each with one solution): the count of steps per
-- technique, and the number of positions.
function support.sound_boards(boards, opts, walk)
  local fired, positions = {}, 0
  for _, b in ipairs(boards) do
    local solution = b:copy()
    assert(solution:solve())
    positions = positions + support.sound_path(b, solution, opts, fired, walk)
  end
  return fired, positions
end

--- The boards of every every-th puzzle of a shared data file (one a line, "#" comments; a
-- rating column after a comma is ignored), at most limit of them; nil when the file is absent.
function support.file_boards(file, every, limit)
  local f = io.open(file)
  if not f then return nil end
  f:close()
  local boards, i = {}, 0
  for line in io.lines(file) do
    local text = line:match("^([^#,%s]+)")
    if text and #text >= 16 then
      i = i + 1
      if i % every == 0 and #boards < (limit or math.huge) then
        boards[#boards + 1] = assert(sudoku.parse(text))
      end
    end
  end
  return boards
end

--- The boards of every every-th puzzle of the SE-rated file rated at least min; nil when the file
-- is absent.
function support.rated_boards(min, every)
  local list = support.rated_records(RATED_FILE, min, math.huge, every)
  if not list then return nil end
  local boards = {}
  for i, rec in ipairs(list) do boards[i] = assert(sudoku.parse(rec.puzzle)) end
  return boards
end

--- support.sound_boards over support.file_boards(file, every): nil when the file is absent,
-- else the count of steps per technique, and the count of puzzles and positions.
function support.sound_over(file, every, opts, walk)
  local boards = support.file_boards(file, every)
  if not boards then return nil end
  local fired, positions = support.sound_boards(boards, opts, walk)
  return fired, #boards, positions
end

--- The shared variant records of a file ("jigsaw.jsonl", "x.jsonl") with one solution, every
-- every-th, as boards; nil when the shared data is absent.
function support.variant_boards(file, every)
  local ok, variants = pcall(require, "support.variants")
  local f = ok and io.open(variants.DIR .. file)
  if not f then return nil end
  f:close()
  local boards = {}
  for i, rec in ipairs(variants.records(file)) do
    if rec.unique ~= false and rec.solution and i % every == 0 then
      boards[#boards + 1] = variants.build(rec)
    end
  end
  return boards
end

local SIXTEEN = "../shared/data/gecode_16x16.txt"

local function must_fire(fired, names, where)
  for _, name in ipairs(names) do
    assert((fired[name] or 0) > 0, name .. " never fired" .. (where or ""))
  end
end

--- Declares (inside the caller's describe) the soundness specs of a family of techniques: at
-- every position of easiest-first paths, what p:find{allowed = names} reports keeps the unique
-- solution's values, on a sample of the SE-rated puzzles (every o.every-th, default 17; each of
-- o.fires, default names, must fire there), on an eighth of them (#slow; o.slow_fires must fire
-- there), on jigsaw and X records (o.variant_fires must fire on each), on 16x16 boards and on X
-- and windoku boards made by the generator (with o.fire_elsewhere, something must fire on each
-- of those three). o.guess: walk on where the path gets stuck (support.sound_path). it and
-- pending are the spec's own (busted gives them to spec files, not to the modules they load).
function support.soundness(names, o, it, pending)
  o = o or {}
  local opts = {allowed = names}
  local every = o.every or 17
  local walk = {guess = o.guess}

  it("never eliminate a solution's value at any position of the paths of rated puzzles", function()
    local fired, puzzles = support.sound_over(RATED_FILE, every, opts, walk)
    if not fired then return pending("no " .. RATED_FILE) end
    assert(puzzles >= math.floor(5280 / every))
    must_fire(fired, o.fires or names)
  end)

  it("never eliminate a solution's value on an eighth of the 5,280 rated puzzles #slow", function()
    local fired = support.sound_over(RATED_FILE, 8, opts, walk)
    if not fired then return pending("no " .. RATED_FILE) end
    must_fire(fired, o.slow_fires or {})
  end)

  it("never eliminate a solution's value on jigsaw and X boards (regions, diagonals)", function()
    for _, file in ipairs{"jigsaw.jsonl", "x.jsonl"} do
      local boards = support.variant_boards(file, file == "x.jsonl" and 2 or 8)
      if not boards then return pending("no shared variant records") end
      assert(#boards >= 20)
      local fired = support.sound_boards(boards, opts, walk)
      must_fire(fired, o.variant_fires or {}, " on " .. file)
      if o.fire_elsewhere then assert(next(fired) ~= nil, "nothing fired on " .. file) end
    end
  end)

  it("never eliminate a solution's value on 16x16 boards", function()
    local boards = support.file_boards(SIXTEEN, 4)
    if not boards then return pending("no " .. SIXTEEN) end
    assert(#boards >= 9)
    local fired = support.sound_boards(boards, opts, walk)
    if o.fire_elsewhere then assert(next(fired) ~= nil, "nothing fired on 16x16") end
  end)

  it("never eliminate a solution's value on X and windoku boards made by the generator", function()
    local gen = require "sudoku.gen"
    local fired = {}
    for _, kind in ipairs{"x", "windoku"} do
      for seed = 1, 6 do
        local b, solution = gen.puzzle{board = support.extra_board(kind), seed = seed,
          minimal = true}
        support.sound_path(b, solution, opts, fired, walk)
      end
    end
    if o.fire_elsewhere then assert(next(fired) ~= nil, "nothing fired on X/windoku") end
  end)
end

--- Candidates or placements as sorted "r,c,v" strings, for exact comparisons.
function support.triples(list)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = ("%d,%d,%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

--- A step's pattern cells as sorted "rRcC" names.
function support.cells_of(st)
  local out = {}
  for _, c in ipairs(st.cells) do out[#out + 1] = ("r%dc%d"):format(c[1], c[2]) end
  table.sort(out)
  return out
end

--- A step's units as sorted "kind index" names ("row 2", "box 5").
function support.units_of(st)
  local out = {}
  for _, u in ipairs(st.units) do out[#out + 1] = u.kind .. " " .. u.index end
  table.sort(out)
  return out
end

--- The one element of list (a spec expects exactly one step there).
function support.one(list)
  assert(#list == 1, "expected one step, got " .. #list)
  return list[1]
end

--- Keeps, in each {r, c, {values}} row's cell of pencil p, only those values.
function support.restrict(p, keep)
  for _, row in ipairs(keep or {}) do
    local set = {}
    for _, v in ipairs(row[3]) do set[v] = true end
    for _, v in ipairs(p:candidates(row[1], row[2])) do
      if not set[v] then assert(p:eliminate(row[1], row[2], v)) end
    end
  end
  return p
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
