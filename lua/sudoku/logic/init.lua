--- Human-style logic: pencil marks, techniques, hints with explanations, a rating.
--
-- A pencil (`logic.pencil(board)`) is what a player sees: the board's values and, for each empty
-- cell, the candidates left. Techniques (C, `csrc/logic/`) look at it and report steps as data:
--
--     {technique = "x_wing", title = "X-Wing", rating = 3.2, se = true, digits = {4},
--      cells = {{r, c}, ...}, units = {{kind = "row", index = 2}, ...}, base = 2,
--      placements = {{r, c, v}, ...}, eliminations = {{r, c, v}, ...},
--      links = {{r1, c1, v1, r2, c2, v2, strong = true}, ...}, text = "..."}
--
-- `units` lists the pattern's base units first (`base` of them: a fish's rows), then its cover
-- units; `kind` is "row", "column", "box", "region" (jigsaw) or "extra". Ratings follow Sukaku
-- Explainer's scale (SE); `se` is false for techniques SE does not have (HoDoKu's names).
--
-- Uniqueness techniques (unique rectangles, BUG) argue from the puzzle having one solution: a
-- pencil counts its board's solutions when it is made (`pencil:solutions()`: 0, 1, 2 for two or
-- more, nil when not counted) and lets them run only when there is exactly one.
--
-- Options of hint, find, steps and rate: `allowed` (a list of technique names, or a set name ->
-- true: only those), `max_rating` (ignore steps rated above), `se_only` (only techniques SE rates,
-- taken in SE's order: the easiest step of SE's first producer that has one). An unknown option
-- or technique name raises. The Pencil's own methods are documented with `sudoku.core`.
-- docs/API.md ("Human-style logic") is the contract.
-- @module sudoku.logic
local core = require "sudoku.core"

local logic = {}

--- A pencil of the board: its values, and the values each empty cell's units leave; with
-- `marks` (`{[i] = {v, ...}}`, i = (r - 1) * N + c, as records keep pencil marks), each listed
-- empty cell keeps only those of its marks. Nil and a message when the marks leave a cell
-- nothing. The board's solutions are counted (see `pencil:solutions()`) unless `opts.assume_unique`
-- vouches for one (a position built by hand, whose board alone has many).
-- @tparam Board board the position (copied: later edits of the board do not reach the pencil)
-- @tparam[opt] table marks `{[i] = {v, ...}}`, i = (r - 1) * N + c: the candidates to keep
-- @tparam[opt] table opts `assume_unique`
-- @treturn Pencil|nil the pencil
-- @treturn string when the marks leave a cell nothing: why
function logic.pencil(board, marks, opts)
  return core.pencil(board, marks, opts)
end

-- The pencil x is, or a fresh one of the board x.
local function pencil_of(x)
  if type(x) == "userdata" and x.hint and x.path then return x end
  return core.pencil(x)
end

--- The easiest step (lowest rating) on a board or a pencil, or nil when no allowed technique
-- applies. On a board, the candidates are the ones its units leave.
-- @tparam Board|Pencil x the position
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only`
-- @treturn table|nil the step (see the module's description), or nil
function logic.hint(x, opts)
  return pencil_of(x):hint(opts)
end

--- Every step the allowed techniques see now, easiest first.
-- @tparam Board|Pencil x the position
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only`
-- @treturn {table,...} the steps
function logic.find(x, opts)
  return pencil_of(x):find(opts)
end

--- The whole path: the easiest step each time, until solved or stuck (the pencil or board
-- given is not changed). Returns the list of steps and `{solved =, rating =, hardest =,
-- counts = {technique = count}}`.
-- @tparam Board|Pencil x the position
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only`
-- @treturn {table,...} the steps, in order
-- @treturn table `{solved =, rating =, hardest =, counts =}`
function logic.steps(x, opts)
  local steps, solved, rating, hardest, counts = pencil_of(x):path(opts)
  return steps, {solved = solved, rating = rating, hardest = hardest, counts = counts}
end

--- Walks the easiest-first path on the pencil itself, a step at a time: the easiest step
-- (`pencil:hint`), handed to `visit(step, k)` (k counting from 1) while the pencil still shows
-- the position it was found on, then applied; until the pencil is solved or no allowed technique
-- applies. What `steps` gives at once, for a caller that shows each position (a picture of each
-- step).
-- @tparam Pencil pencil the position, changed in place
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only`
-- @tparam[opt] function visit `visit(step, k)`, before step k is applied
-- @treturn int the steps taken
-- @treturn table|nil the hardest of them (the first with the highest rating), nil for none
-- @treturn boolean whether the pencil is solved
function logic.walk(pencil, opts, visit)
  local k, hardest = 0, nil
  while not pencil:solved() do
    local step = pencil:hint(opts)
    if not step then break end
    k = k + 1
    if visit then visit(step, k) end
    if not hardest or step.rating > hardest.rating then hardest = step end
    assert(pencil:apply(step))
  end
  return k, hardest, pencil:solved()
end

--- Applies a step: on a pencil, its placements and eliminations (true, or nil and a message
-- when the step does not fit the marks); on a board, its placements (then the board), but
-- nil and a message for a step that eliminates, which a board, keeping no candidates, cannot
-- take: its next hint would be the same step again. A game applies any step to the player's
-- own marks (`sudoku.play`, `Game:apply_hint`).
-- @tparam Board|Pencil x the position, changed in place
-- @tparam table step a step of `hint`, `find` or `steps`
-- @return on a pencil `true`, on a board the board; or nil
-- @treturn string when the step does not fit: why (nothing changed)
-- @raise when `step` is not a table
function logic.apply(x, step)
  if type(step) ~= "table" then
    error("bad argument #2 to 'apply' (step table expected, got " .. type(step) .. ")", 2)
  end
  if type(x) == "userdata" and x.hint and x.path then return x:apply(step) end
  if step.eliminations and #step.eliminations > 0 then
    return nil, "a board keeps no candidates: apply a step that eliminates to a pencil"
  end
  for _, p in ipairs(step.placements or {}) do
    local v = x:get(p[1], p[2])
    if v ~= 0 and v ~= p[3] then
      return nil, ("r%dc%d holds %d, the step places %d"):format(p[1], p[2], v, p[3])
    end
  end
  for _, p in ipairs(step.placements or {}) do x:set(p[1], p[2], p[3]) end
  return x
end

--- The rating of a board (or pencil): the hardest step of the easiest-first path, with SE's
-- techniques only unless opts say otherwise. `{rating =, hardest =, counts =}`, or nil and a
-- message when the techniques get stuck, or when the board has no solution or more than one
-- (SE rates only puzzles with one).
-- @tparam Board|Pencil x the puzzle
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only` (default true)
-- @treturn table|nil `{rating =, hardest =, counts =}`
-- @treturn string when there is no rating: "stuck: ...", "no solution" or "more than one solution"
function logic.rate(x, opts)
  local o = {se_only = true}
  for k, v in pairs(opts or {}) do o[k] = v end
  local pencil = pencil_of(x)
  local solutions = pencil:solutions()
  if solutions == 0 then return nil, "no solution" end
  if solutions == 2 then return nil, "more than one solution" end
  local solved, rating, hardest, counts = pencil:rate(o)
  if not solved then
    return nil, ("stuck: no allowed technique applies (hardest so far %s, %.1f)")
      :format(hardest or "none", rating)
  end
  return {rating = rating, hardest = hardest, counts = counts}
end

--- Nil when every step places only the solution's values and eliminates none of them; else a
-- message naming the first step that does not ("x_wing eliminates the solution's 4 at r5c3:
-- <its sentence>"). A self-test of techniques against a known solution (a Board).
-- @tparam {table,...} steps steps, as `steps` returns them
-- @tparam Board solution the solved grid
-- @treturn string|nil the first step that goes against the solution, or nil
function logic.check(steps, solution)
  for _, st in ipairs(steps) do
    for _, p in ipairs(st.placements or {}) do
      local want = solution:get(p[1], p[2])
      if want ~= p[3] then
        return ("%s places %d at r%dc%d, the solution has %d: %s"):format(st.technique, p[3], p[1],
          p[2], want, st.text or "")
      end
    end
    for _, e in ipairs(st.eliminations or {}) do
      if solution:get(e[1], e[2]) == e[3] then
        return ("%s eliminates the solution's %d at r%dc%d: %s"):format(st.technique, e[3], e[1],
          e[2], st.text or "")
      end
    end
  end
  return nil
end

--- A picture of a step on the pencil (or board) it was found on, as an SVG document: the pencil
-- marks, the pattern's cells highlighted and its digits in them marked, the eliminations in
-- red, the placements in green, the chain's links drawn between marks (weak ones dashed).
-- `opts` go to the SVG writer (`cell`, `style`, `title`; see sudoku.format.svg).
-- @tparam Board|Pencil x the position the step was found on
-- @tparam table step the step
-- @tparam[opt] table opts the SVG writer's options, over the step's own (its title)
-- @treturn string the SVG document
function logic.svg(x, step, opts)
  local pencil = pencil_of(x)
  local board = pencil:board()
  local n = board:size()
  local candidates = {}
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) == 0 then candidates[(r - 1) * n + c] = pencil:candidates(r, c) end
    end
  end
  local digit = {}
  for _, d in ipairs(step.digits or {}) do digit[d] = true end
  local marks = {}
  for _, cell in ipairs(step.cells or {}) do
    for _, v in ipairs(candidates[(cell[1] - 1) * n + cell[2]] or {}) do
      if digit[v] then marks[#marks + 1] = { cell[1], cell[2], v, "pattern" } end
    end
  end
  for _, e in ipairs(step.eliminations or {}) do marks[#marks + 1] = { e[1], e[2], e[3], "eliminated" } end
  for _, p in ipairs(step.placements or {}) do marks[#marks + 1] = { p[1], p[2], p[3], "placed" } end
  local o = { candidates = true, highlight = step.cells, marks = marks, links = step.links,
              title = step.title and (step.title .. ": " .. (step.text or "")) }
  for k, v in pairs(opts or {}) do o[k] = v end
  local format = require "sudoku.format"
  return format.write({ board = board, candidates = candidates }, "svg", o)
end

--- Rates every puzzle line of `text` (one puzzle per line, as `sudoku.solve_many` reads them)
-- on the batch solver's threads: each is proved to have one solution, then rated as `rate`
-- does (SE's techniques unless `opts` say otherwise). `opts`: `threads`, `max_nodes`,
-- `timeout` (per puzzle, the path's steps counting as nodes), `allowed`, `max_rating`,
-- `se_only`, `check` (solve each puzzle too and hold every step of its path against the
-- solution, as `logic.check` does: the first wrong step is the error "line N: unsound step:
-- x_wing eliminates 4 at r5c3, against the solution"). Returns `ratings` (`ratings[i]` a
-- number, or `false`), `errors` (`errors[i]`: "line N: stuck: ...", "line N: more than one
-- solution", ...), `stats` (`puzzles`, `solved`,
-- `failed`, `gave_up`, `interrupted`, `threads`) and `hardest` (`hardest[i]` the technique of
-- the hardest step, or `false`).
-- @string text puzzles, one per line
-- @tparam[opt] table opts `threads`, `max_nodes`, `timeout`, `allowed`, `max_rating`, `se_only`,
-- `check`
-- @treturn table ratings
-- @treturn table errors
-- @treturn table stats
-- @treturn table hardest
function logic.rate_many(text, opts)
  local ratings, stats, hardest, faults = core.rate_many(text, opts)
  return ratings, require("sudoku.format.fault").messages(faults), stats, hardest, faults
end

--- The techniques: `{name =, title =, rating =, se =}` each, in the order of the C table.
-- @treturn {table,...} the techniques
function logic.techniques()
  return core.logic_techniques()
end

return logic
