--- `sudoku.play`: the player's side of a Sudoku game, which every game writes again: a puzzle
-- with its givens, the player's entries and pencil marks, undo and redo of every move, whether
-- an entry is right (against the puzzle's one solution), hints from the human-style logic, and
-- a saved game as plain data. Pure Lua over a Board; any box shape.
--
--     local play = require "sudoku.play"
--     local game = assert(play.new(
--       "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
--     game:enter(1, 3, 4)          -- true
--     game:is_right(1, 3)          -- true
--     game:undo()                  -- the entry is gone
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
  return setmetatable({ n = n, puzzle = board:copy(), player = board, solution_board = solution,
    given = given, pencil = {}, done = {}, undone = {} }, Game)
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
  for _, m in ipairs(saved.marks or {}) do
    local cell, list = m[1], m[2]
    if not (number.is_integer(cell) and cell >= 1 and cell <= n * n) or type(list) ~= "table" then
      return nil, "saved marks: a cell and a list of values expected"
    end
    local set = {}
    for _, v in ipairs(list) do set[v] = true end
    game.pencil[cell] = next(set) and set or nil
  end
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
      into[#into + 1] = move
    end
    return true
  end
  if not moves(saved.done, game.done) or not moves(saved.undone, game.undone) then
    return nil, "saved moves: {kind, row, column, value, from, to} expected"
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
  if move.kind == "value" then
    self.player:set(move.r, move.c, value)
  else
    local cell = (move.r - 1) * self.n + move.c
    local set = self.pencil[cell] or {}
    set[move.v] = value or nil
    self.pencil[cell] = next(set) and set or nil
  end
end

local function record(self, move)
  apply(self, move, "to")
  self.done[#self.done + 1] = move
  self.undone = {}
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
  local on = self.pencil[cell] and self.pencil[cell][v] or false
  record(self, { kind = "mark", r = r, c = c, v = v, from = on, to = not on })
  return true
end

--- The pencil marks of (r, c), ascending.
-- @int r row
-- @int c column
-- @treturn {int,...} the values
function Game:marks(r, c)
  return mark_list(self.pencil[check_cell(self, "marks", r, c)], self.n)
end

--- Takes the last move back.
-- @treturn boolean whether there was one
function Game:undo()
  local move = table.remove(self.done)
  if not move then return false end
  apply(self, move, "from")
  self.undone[#self.undone + 1] = move
  return true
end

--- Makes the last move taken back again (until a new move is made).
-- @treturn boolean whether there was one
function Game:redo()
  local move = table.remove(self.undone)
  if not move then return false end
  apply(self, move, "to")
  self.done[#self.done + 1] = move
  return true
end

--- Moves that undo and redo can take: `undo_count, redo_count`.
-- @treturn int moves to undo
-- @treturn int moves to redo
function Game:history()
  return #self.done, #self.undone
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

--- The next step a person could take: a wrong entry first (`{technique = "mistake", cells =
-- {{r, c}}, text = "r1c3 is wrong"}`), since no reasoning goes on from one; else the easiest
-- step of `sudoku.logic.hint` on the givens and the entries; nil when the board is solved.
-- @tparam[opt] table opts as for `sudoku.logic.hint`
-- @treturn table|nil the step
function Game:hint(opts)
  local wrong = self:mistakes()[1]
  if wrong then
    return { technique = "mistake", title = "Mistake", cells = { wrong },
      text = ("r%dc%d is wrong"):format(wrong[1], wrong[2]) }
  end
  if self:solved() then return nil end
  return require("sudoku.logic").hint(self.player, opts)
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
-- `play.restore`: the puzzle, the entries and the marks, and the moves to undo and redo (the
-- solution is found again on restoring).
-- @treturn table the saved game
function Game:save()
  local marks = {}
  for cell, set in pairs(self.pencil) do marks[#marks + 1] = { cell, mark_list(set, self.n) } end
  table.sort(marks, function(a, b) return a[1] < b[1] end)
  local function moves(list)
    local out = {}
    for i, m in ipairs(list) do
      out[i] = { m.kind, m.r, m.c, m.v or 0, m.from == true and 1 or m.from or 0,
        m.to == true and 1 or m.to or 0 }
    end
    return out
  end
  return { version = 1, puzzle = self.puzzle:symbols(), entries = self.player:symbols(),
    marks = marks, done = moves(self.done), undone = moves(self.undone) }
end

return play
