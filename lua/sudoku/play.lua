--- `sudoku.play`: the player's side of a Sudoku game, which every game writes again: a puzzle
-- with its givens, the player's entries and pencil marks, undo and redo of every move, whether
-- an entry is right (against the puzzle's one solution), progressive hints from the human-style
-- logic on the player's own entries and marks, and a saved game as plain data. Pure Lua over a
-- Board; any box shape.
--
--     local play = require "sudoku.play"
--     local game = assert(play.new(
--       "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
--     game:enter(1, 3, 4)          -- true
--     game:is_right(1, 3)          -- true
--     game:undo()                  -- the entry is gone
--     local hint = game:hint()     -- hint.text: "Next: ...", then where, then the move
--     game:apply_hint()            -- makes its move
-- @module sudoku.play
local parse = require "sudoku.format.parse"
local number = require "sudoku.number"

local play = {}

local Game = {}
Game.__index = Game

local function argerror(fname, n, msg)
  error(("bad argument #%d to '%s' (%s)"):format(n, fname, msg), 3)
end

-- The board of x: a Board (copied) or a text that sudoku.parse reads.
local function board_of(x, fname)
  if type(x) == "string" then
    local b, err = parse.parse(x)
    if not b then return nil, err end
    return b
  end
  if type(x) ~= "userdata" or not x.size then
    argerror(fname, 1, "Board or string expected, got " .. type(x))
  end
  return x:copy()
end

--- A new game on a puzzle with exactly one solution.
-- @tparam Board|string puzzle the puzzle (a Board is copied; text is read as `sudoku.parse` reads
-- it); its values are the givens
-- @treturn Game|nil the game, or `nil, message` for text that is no puzzle, or a puzzle with
-- no solution or several ("a game needs a puzzle with exactly one solution: this one has 2 or
-- more")
-- @raise for anything but a Board or a string
function play.new(puzzle)
  local board, err = board_of(puzzle, "new")
  if not board then return nil, err end
  local solution = board:copy()
  local count = board:count(2)
  if count ~= 1 then
    return nil, ("a game needs a puzzle with exactly one solution: this one has %s"):format(
      count == 0 and "none" or "2 or more")
  end
  assert(solution:solve())
  local n = board:size()
  local given = {}
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) ~= 0 then given[(r - 1) * n + c] = true end
    end
  end
  -- marked: the pencil marks (cell -> {v = true}); struck: the candidates (cell -> {v = true})
  -- that hints have shown to go, which the hints after them work without (see Game:hint);
  -- version: counts the changes of entries, marks and struck candidates, so that the hint on
  -- show (shown) is known to be the current one.
  return setmetatable({ n = n, puzzle = board:copy(), player = board, solution_board = solution,
    given = given, marked = {}, struck = {}, done = {}, undone = {}, version = 0 }, Game)
end

local function check_cell(self, fname, r, c)
  local n = self.n
  if not (number.is_integer(r) and r >= 1 and r <= n) then
    argerror(fname, 1, ("row must be an integer from 1 to %d"):format(n))
  end
  if not (number.is_integer(c) and c >= 1 and c <= n) then
    argerror(fname, 2, ("column must be an integer from 1 to %d"):format(n))
  end
  return (r - 1) * n + c
end

local function check_value(self, fname, v, zero)
  if not (number.is_integer(v) and v >= (zero and 0 or 1) and v <= self.n) then
    argerror(fname, 3, ("value must be an integer from %d to %d"):format(zero and 0 or 1, self.n))
  end
end

--- A game from `Game:save`'s data, where it was.
-- @tparam table saved what `save` returned (after a round trip through JSON, say)
-- @treturn Game|nil the game, or `nil, message` when the data is not a saved game
function play.restore(saved)
  if type(saved) ~= "table" or saved.version ~= 1 or type(saved.puzzle) ~= "string"
      or type(saved.entries) ~= "string" then
    return nil, "not a saved game (version 1)"
  end
  local game, err = play.new(saved.puzzle)
  if not game then return nil, "saved puzzle: " .. err end
  local entries, why = parse.parse(saved.entries)
  if not entries or entries:size() ~= game.n then return nil, "saved entries: " .. (why or "wrong size") end
  local n = game.n
  for r = 1, n do
    for c = 1, n do
      local v = entries:get(r, c)
      if game.given[(r - 1) * n + c] then
        if v ~= game.puzzle:get(r, c) then return nil, ("saved entries: r%dc%d is a given"):format(r, c) end
      else
        game.player:set(r, c, v)
      end
    end
  end
  local function sets(list, into, what)
    for _, m in ipairs(list or {}) do
      local cell, values = m[1], m[2]
      if not (number.is_integer(cell) and cell >= 1 and cell <= n * n) or type(values) ~= "table" then
        return ("saved %s: a cell and a list of values expected"):format(what)
      end
      local set = {}
      for _, v in ipairs(values) do
        if not (number.is_integer(v) and v >= 1 and v <= n) then
          return ("saved %s: values from 1 to %d expected"):format(what, n)
        end
        set[v] = true
      end
      into[cell] = next(set) and set or nil
    end
  end
  local bad = sets(saved.marks, game.marked, "marks") or sets(saved.struck, game.struck, "struck")
  if bad then return nil, bad end
  local function moves(list, into)
    for _, m in ipairs(list or {}) do
      local kind, r, c = m[1], m[2], m[3]
      if (kind ~= "value" and kind ~= "mark") or not (number.is_integer(r) and r >= 1 and r <= n)
          or not (number.is_integer(c) and c >= 1 and c <= n) then
        return false
      end
      local move = { kind = kind, r = r, c = c }
      if kind == "mark" then
        move.v, move.from, move.to = m[4], m[5] == 1, m[6] == 1
      else
        move.from, move.to = m[5], m[6]
      end
      move.join = m[7] == 1 or nil
      into[#into + 1] = move
    end
    return true
  end
  if not moves(saved.done, game.done) or not moves(saved.undone, game.undone) then
    return nil, "saved moves: {kind, row, column, value, from, to[, joined]} expected"
  end
  return game
end

--- A game in progress, made by `new` or `restore`.
-- @type Game

--- The side of the board (9 for 9x9).
-- @treturn int n
function Game:size()
  return self.n
end

--- The value at (r, c): a given, the player's entry, or 0.
-- @int r row
-- @int c column
-- @treturn int the value
function Game:get(r, c)
  check_cell(self, "get", r, c)
  return self.player:get(r, c)
end

--- Whether (r, c) holds a given of the puzzle.
-- @int r row
-- @int c column
-- @treturn boolean
function Game:is_given(r, c)
  return self.given[check_cell(self, "is_given", r, c)] == true
end

-- A cell's marks as a sorted list, from its set (value -> true), or {} for none.
local function mark_list(set, n)
  local out = {}
  for v = 1, n do
    if set and set[v] then out[#out + 1] = v end
  end
  return out
end

-- Applies a move's `to` side (or `from`, backwards) to the game.
local function apply(self, move, side)
  local value = move[side]
  self.version = self.version + 1
  if move.kind == "value" then
    self.player:set(move.r, move.c, value)
  else
    local cell = (move.r - 1) * self.n + move.c
    local set = self.marked[cell] or {}
    set[move.v] = value or nil
    self.marked[cell] = next(set) and set or nil
  end
end

local function record(self, move)
  apply(self, move, "to")
  self.done[#self.done + 1] = move
  self.undone = {}
end

-- Records moves as one: undo and redo take them together (each after the first is joined to
-- the one before it).
local function record_all(self, moves)
  for i, move in ipairs(moves) do
    move.join = i > 1 or nil
    apply(self, move, "to")
    self.done[#self.done + 1] = move
  end
  if #moves > 0 then self.undone = {} end
end

--- Enters v at (r, c) (0 clears it): a move that `undo` takes back. The entry may be wrong:
-- `is_right` tells.
-- @int r row
-- @int c column
-- @int v the value, 1 to n, or 0
-- @treturn true|nil true, or `nil, message` on a given ("r1c1 is a given")
-- @raise for a cell off the board or a value out of range
function Game:enter(r, c, v)
  local cell = check_cell(self, "enter", r, c)
  check_value(self, "enter", v, true)
  if self.given[cell] then return nil, ("r%dc%d is a given"):format(r, c) end
  local before = self.player:get(r, c)
  if before ~= v then record(self, { kind = "value", r = r, c = c, from = before, to = v }) end
  return true
end

--- Clears the player's entry at (r, c); the same as `enter(r, c, 0)`.
-- @int r row
-- @int c column
-- @treturn true|nil true, or `nil, message` on a given
function Game:clear(r, c)
  return self:enter(r, c, 0)
end

--- Puts the pencil mark v in (r, c), or takes it out when it is there: a move that `undo` takes
-- back. Marks stay with a cell when an entry covers it and show again when the entry goes.
-- @int r row
-- @int c column
-- @int v the value, 1 to n
-- @treturn true|nil true, or `nil, message` on a given
-- @raise for a cell off the board or a value out of range
function Game:toggle_mark(r, c, v)
  local cell = check_cell(self, "toggle_mark", r, c)
  check_value(self, "toggle_mark", v, false)
  if self.given[cell] then return nil, ("r%dc%d is a given"):format(r, c) end
  local on = self.marked[cell] and self.marked[cell][v] or false
  record(self, { kind = "mark", r = r, c = c, v = v, from = on, to = not on })
  return true
end

--- The pencil marks of (r, c), ascending.
-- @int r row
-- @int c column
-- @treturn {int,...} the values
function Game:marks(r, c)
  return mark_list(self.marked[check_cell(self, "marks", r, c)], self.n)
end

--- Takes the last move back (a hint applied by `apply_hint` is one move).
-- @treturn boolean whether there was one
function Game:undo()
  local move = table.remove(self.done)
  if not move then return false end
  repeat
    apply(self, move, "from")
    self.undone[#self.undone + 1] = move
    move = move.join and table.remove(self.done)
  until not move
  return true
end

--- Makes the last move taken back again (until a new move is made).
-- @treturn boolean whether there was one
function Game:redo()
  local move = table.remove(self.undone)
  if not move then return false end
  repeat
    apply(self, move, "to")
    self.done[#self.done + 1] = move
    local after = self.undone[#self.undone]
    move = after and after.join and table.remove(self.undone)
  until not move
  return true
end

-- Moves in a list, counting joined ones as one.
local function moves_in(list)
  local count = 0
  for _, move in ipairs(list) do
    if not move.join then count = count + 1 end
  end
  return count
end

--- Moves that undo and redo can take: `undo_count, redo_count`.
-- @treturn int moves to undo
-- @treturn int moves to redo
function Game:history()
  return moves_in(self.done), moves_in(self.undone)
end

--- Whether the player's entry at (r, c) is the solution's value.
-- @int r row
-- @int c column
-- @treturn boolean|nil true or false for an entry, nil for an empty cell or a given
function Game:is_right(r, c)
  local cell = check_cell(self, "is_right", r, c)
  local v = self.player:get(r, c)
  if self.given[cell] or v == 0 then return nil end
  return v == self.solution_board:get(r, c)
end

--- The cells whose entry is wrong, in reading order.
-- @treturn {{int,int},...} `{r, c}` pairs
function Game:mistakes()
  local out = {}
  for r = 1, self.n do
    for c = 1, self.n do
      if self:is_right(r, c) == false then out[#out + 1] = { r, c } end
    end
  end
  return out
end

--- Whether every cell holds the solution's value.
-- @treturn boolean
function Game:solved()
  return self.player:filled() == self.n * self.n and #self:mistakes() == 0
end

-- The candidates hints work from, as marks for sudoku.logic.pencil: a cell the player has
-- marked keeps only its marks, and no cell keeps a candidate a hint has struck.
local function marks_for_logic(self)
  local n, marks = self.n, {}
  for cell = 1, n * n do
    local own, gone = self.marked[cell], self.struck[cell]
    if own or gone then
      local list = {}
      for v = 1, n do
        if (not own or own[v]) and not (gone and gone[v]) then list[#list + 1] = v end
      end
      marks[cell] = list
    end
  end
  return marks
end

--- The pencil (`sudoku.logic`) that hints work from: the givens and entries, each empty cell with
-- the values its units leave, only its pencil marks where the player has written some, and
-- none that a hint has shown to go. A new Pencil each time: changing it changes nothing here.
-- @treturn Pencil|nil the pencil, or `nil, message` when a cell's marks leave it nothing
function Game:pencil()
  return require("sudoku.logic").pencil(self.player, marks_for_logic(self), { assume_unique = true })
end

local function cell_name(cell)
  return ("r%dc%d"):format(cell[1], cell[2])
end

local function step_of(fields)
  local step = { rating = 0, se = false, digits = {}, cells = {}, units = {}, base = 0,
    placements = {}, eliminations = {}, links = {}, erase = {} }
  for k, v in pairs(fields) do step[k] = v end
  return step
end

-- A "mistake" step: the first wrong entry, else the first empty cell whose pencil marks leave
-- out its value; nil when there is none.
local function mistake(self)
  local wrong = self:mistakes()[1]
  if wrong then
    return step_of { technique = "mistake", title = "Mistake", cells = { wrong }, erase = { wrong },
      text = cell_name(wrong) .. " is wrong" }
  end
  local n = self.n
  for r = 1, n do
    for c = 1, n do
      local set = self.marked[(r - 1) * n + c]
      if set and self.player:get(r, c) == 0 and not set[self.solution_board:get(r, c)] then
        return step_of { technique = "mistake", title = "Mistake", cells = { { r, c } },
          erase = { { r, c } }, text = ("r%dc%d: its pencil marks leave out its value"):format(r, c) }
      end
    end
  end
end

-- A "reveal" step: the solution's value in the empty cell with the fewest candidates (the first
-- in reading order among equals), for when no allowed technique applies.
local function reveal(self, pencil)
  local n, best, fewest = self.n, nil, math.huge
  for r = 1, n do
    for c = 1, n do
      if self.player:get(r, c) == 0 then
        local count = #pencil:candidates(r, c)
        if count < fewest then best, fewest = { r, c }, count end
      end
    end
  end
  local v = self.solution_board:get(best[1], best[2])
  return step_of { technique = "reveal", title = "Reveal a cell", cells = { best },
    placements = { { best[1], best[2], v } },
    text = ("No technique applies: %s is %d"):format(cell_name(best), v) }
end

-- The step a hint shows now: a mistake, else the easiest step of sudoku.logic on the game's
-- pencil, else a cell revealed; nil when the board is solved.
local function next_step(self, opts)
  local wrong = mistake(self)
  if wrong then return wrong end
  if self:solved() then return nil end
  local pencil = assert(self:pencil())   -- no mistake: every cell keeps its value
  local step = pencil:hint(opts)
  if step then
    step.erase = {}
    return step
  end
  return reveal(self, pencil)
end

local function joined(items, name)
  local out = {}
  for i, x in ipairs(items) do out[i] = name(x) end
  return table.concat(out, ", ")
end

-- What a hint says at each level: the technique, then where, then the move.
local function level_text(step, level)
  if level == 3 then
    return step.technique == "mistake" and step.text .. ": clear it" or step.text
  end
  if step.technique == "mistake" then
    return level == 1 and "There is a mistake on the board" or step.text
  elseif step.technique == "reveal" then
    return level == 1 and "No technique applies: a cell can be revealed"
      or cell_name(step.cells[1]) .. " can be revealed"
  end
  if level == 1 then return "Next: " .. step.title end
  local text = step.title
  if #step.digits > 0 then text = text .. " on " .. table.concat(step.digits, " and ") end
  if #step.cells > 0 then text = text .. ": look at " .. joined(step.cells, cell_name) end
  if #step.units > 0 then
    text = text .. " (" .. joined(step.units, function(u) return u.kind .. " " .. u.index end) .. ")"
  end
  return text
end

-- The fields a hint shows at a level: a field not shown yet is an empty list.
local SHOWN = { digits = 2, cells = 2, units = 2, base = 2, placements = 3, eliminations = 3,
  links = 3, erase = 3 }

local function hint_view(step, level)
  local out = { level = level, levels = 3, technique = step.technique, title = step.title,
    rating = step.rating, se = step.se, text = level_text(step, level) }
  for field, from in pairs(SHOWN) do
    if level >= from then out[field] = step[field]
    elseif field == "base" then out[field] = 0
    else out[field] = {} end
  end
  return out
end

-- Keeps a shown step's eliminations as the game's own: the hints after it work without them.
local function strike(self, step)
  local n = self.n
  for _, e in ipairs(step.eliminations) do
    local cell = (e[1] - 1) * n + e[2]
    local set = self.struck[cell] or {}
    if not set[e[3]] then
      set[e[3]] = true
      self.struck[cell] = set
      self.version = self.version + 1
    end
  end
end

--- A hint, progressive as a person would give it: the first call names the technique (level
-- 1), the next shows the cells and units it uses (level 2), the next the move (level 3:
-- placements, eliminations, and for a mistake the cell to clear). The call after that, or after
-- any move (an entry, a mark, undo, redo, `apply_hint`), starts the next hint at level 1.
--
-- The step comes from the player's own position: a wrong entry first, then an empty cell whose
-- pencil marks leave out its value (`technique = "mistake"`: no reasoning is sound from
-- either); else the easiest step of `sudoku.logic` on `Game:pencil()` (the entries, the
-- player's marks where a cell has any, the values the units leave where it has none); else,
-- when no allowed technique applies, the solution's value in the cell with the fewest candidates
-- (`technique = "reveal"`). Once a step's move has been shown, its eliminations are the game's
-- own: the hints after it work without them, whether or not the player crosses the marks out,
-- so no hint repeats a step that would change nothing.
--
-- The hint is a table: `level`, `levels` (3), `technique`, `title`, `rating`, `se`, `text`
-- (what to say at this level), and the step's fields as `sudoku.logic` reports them
-- (`digits`, `cells`, `units`, `base` from level 2; `placements`, `eliminations`, `links` and
-- `erase` (`{{r, c}, ...}`: the cells whose entry or marks to clear) at level 3), each an empty
-- list (0 for `base`) before its level.
-- @tparam[opt] table opts as for `sudoku.logic.hint` (`allowed`, `max_rating`, `se_only`),
-- used when a new step is found, and `level` (1 to 3): show the hint on show at that level
-- @treturn table|nil the hint, or nil when the board is solved
-- @raise for a level out of range, or an option `sudoku.logic.hint` refuses
function Game:hint(opts)
  local level, logic_opts = nil, nil
  if opts ~= nil then
    if type(opts) ~= "table" then argerror("hint", 1, "table expected, got " .. type(opts)) end
    logic_opts = {}
    for k, v in pairs(opts) do
      if k == "level" then level = v else logic_opts[k] = v end
    end
    if level ~= nil and not (number.is_integer(level) and level >= 1 and level <= 3) then
      argerror("hint", 1, "level must be 1, 2 or 3")
    end
  end
  local shown = self.shown
  if not shown or shown.version ~= self.version or (shown.level == 3 and not level) then
    local step = next_step(self, logic_opts)
    if not step then
      self.shown = nil
      return nil
    end
    shown = { step = step, level = 0 }
    self.shown = shown
  end
  shown.level = level or math.min(shown.level + 1, 3)
  if shown.level == 3 then strike(self, shown.step) end
  shown.version = self.version
  return hint_view(shown.step, shown.level)
end

--- Makes the hint's move (finding the hint first when none is on show): its placements as
-- entries, its eliminations crossed out of the player's marks (and kept by the game, as showing
-- them does), a mistake's cell cleared (its entry, else its marks). One move for `undo`.
-- @tparam[opt] table opts as for `hint` (without `level`)
-- @treturn table|nil the hint applied, at level 3; nil when the board is solved
function Game:apply_hint(opts)
  local o = {}
  for k, v in pairs(opts or {}) do o[k] = v end
  o.level = 3
  local shown = self:hint(o)
  if not shown then return nil end
  local n, moves = self.n, {}
  for _, p in ipairs(shown.placements) do
    local before = self.player:get(p[1], p[2])
    if before ~= p[3] then
      moves[#moves + 1] = { kind = "value", r = p[1], c = p[2], from = before, to = p[3] }
    end
  end
  local function unmark(r, c, v)
    moves[#moves + 1] = { kind = "mark", r = r, c = c, v = v, from = true, to = false }
  end
  for _, e in ipairs(shown.eliminations) do
    local set = self.marked[(e[1] - 1) * n + e[2]]
    if set and set[e[3]] then unmark(e[1], e[2], e[3]) end
  end
  for _, cell in ipairs(shown.erase) do
    local r, c = cell[1], cell[2]
    local before = self.player:get(r, c)
    if before ~= 0 then
      moves[#moves + 1] = { kind = "value", r = r, c = c, from = before, to = 0 }
    else
      for _, v in ipairs(mark_list(self.marked[(r - 1) * n + c], n)) do unmark(r, c, v) end
    end
  end
  record_all(self, moves)
  self.shown = nil
  return shown
end

--- A copy of the solution (for a "show the solution" button).
-- @treturn Board
function Game:solution()
  return self.solution_board:copy()
end

--- A copy of the board as the player sees it: givens and entries.
-- @treturn Board
function Game:board()
  return self.player:copy()
end

--- The game as plain data (strings, numbers and tables: JSON or a Lua file can hold it), for
-- `play.restore`: the puzzle, the entries and the marks, the candidates hints have struck, and
-- the moves to undo and redo (the solution is found again on restoring).
-- @treturn table the saved game
function Game:save()
  local function sets(by_cell)
    local out = {}
    for cell, set in pairs(by_cell) do out[#out + 1] = { cell, mark_list(set, self.n) } end
    table.sort(out, function(a, b) return a[1] < b[1] end)
    return out
  end
  local function moves(list)
    local out = {}
    for i, m in ipairs(list) do
      out[i] = { m.kind, m.r, m.c, m.v or 0, m.from == true and 1 or m.from or 0,
        m.to == true and 1 or m.to or 0, m.join and 1 or 0 }
    end
    return out
  end
  return { version = 1, puzzle = self.puzzle:symbols(), entries = self.player:symbols(),
    marks = sets(self.marked), struck = sets(self.struck), done = moves(self.done),
    undone = moves(self.undone) }
end

return play
