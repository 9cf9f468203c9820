-- The puzzle record every format reads into and writes from. A Board knows its shape, its
-- regions and the values on it; a record adds what files carry besides: which values were given
-- (as opposed to filled in by a player or a solver), pencil marks, variant rules, and the text
-- around the grid (comments, metadata). Formats that cannot hold a field drop it; docs/FORMATS.md
-- lists which keeps what.
--
--   record = {
--     board       = Board,          -- required: shape, regions, every value shown
--     givens      = {[i] = true},   -- the given cells (i = (r - 1) * N + c); nil: every
--                                   --   filled cell is a given
--     candidates  = {[i] = {v...}}, -- pencil marks of empty cells, ascending; nil: none kept
--     constraints = {...},          -- variant rules in the shared variants schema (cages,
--                                   --   thermos, antiknight, ...), kept for JSON and SVG
--     comment     = "text",         -- a line's trailing comment
--     separator   = ",",            --   and what separated it from the puzzle
--     meta        = {author = ..},  -- named metadata (sdk's #A, #D, ... lines; JSON's name)
--     line        = 12,             -- set by readers: where the record starts in its input
--     index       = 3,              --   and its number among the input's records
--   }
local record = {}

-- The cell index of (r, c) on a board of size n: row-major, 1-based.
function record.index(n, r, c)
  return (r - 1) * n + c
end

function record.is_record(x)
  return type(x) == "table" and x.board ~= nil
end

-- A record around `board` with the optional fields of `fields` (copied, not shared).
function record.new(board, fields)
  local rec = { board = board }
  for k, v in pairs(fields or {}) do rec[k] = v end
  rec.board = board
  return rec
end

-- The givens a Board remembers (Board:is_given) as a record's givens list; nil when it marks
-- none, or every filled cell (the record's default).
function record.board_givens(board)
  local n = board:size()
  local list, marked, filled = {}, 0, 0
  for r = 1, n do
    for c = 1, n do
      if board:get(r, c) ~= 0 then
        filled = filled + 1
        if board:is_given(r, c) then
          list[record.index(n, r, c)] = true
          marked = marked + 1
        end
      end
    end
  end
  if marked == 0 or marked == filled then return nil end
  return list
end

-- Marks the record's givens on its board (Board:set_given): those listed, or every filled cell
-- when there is no list, as readers give records.
function record.mark_givens(rec)
  local board = rec.board
  if not rec.givens then
    board:mark_givens()
    return
  end
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      local v = board:get(r, c)
      if v ~= 0 then board:set_given(r, c, rec.givens[record.index(n, r, c)] == true) end
    end
  end
end

-- What writers accept: a Board becomes a record whose givens are the ones it remembers (every
-- filled cell when it marks none).
function record.of(x)
  if record.is_record(x) then return x end
  return record.new(x, { givens = record.board_givens(x) })
end

-- Whether the value at (r, c) is a given: filled, and either listed in givens or, with no
-- givens list, any filled cell.
function record.is_given(rec, r, c)
  local board = rec.board
  if board:get(r, c) == 0 then return false end
  if not rec.givens then return true end
  return rec.givens[record.index((board:size()), r, c)] == true
end

-- The pencil marks of the empty cell (r, c): the recorded ones, or else the values the cell's
-- units leave ({} for a filled cell).
function record.candidates(rec, r, c)
  local board = rec.board
  if board:get(r, c) ~= 0 then return {} end
  local marks = rec.candidates and rec.candidates[record.index((board:size()), r, c)]
  if marks then return marks end
  return board:candidates(r, c)
end

-- What of the record's board a format that keeps only values and boxes would lose: "rules",
-- "jigsaw regions" or "extra regions"; nil when nothing, or when the board is full (a solution
-- reads back as the same grid).
function record.unkept(rec)
  local board = rec.board
  local n = board:size()
  if board:filled() == n * n then return nil end
  if #board:rules() > 0 then return "rules" end
  if board:jigsaw() then return "jigsaw regions" end
  if #board:regions() > 0 then return "extra regions" end
  return nil
end

-- Whether the record's board has a rule written in Lua: a function, which no text keeps.
function record.has_lua_rule(rec)
  for _, rule in ipairs(rec.board:rules()) do
    if rule.kind == "lua" then return true end
  end
  return false
end

-- A copy of the board that holds only the givens: the puzzle as it was set.
function record.givens_board(rec)
  local board = rec.board:copy()
  if rec.givens then
    local n = board:size()
    for r = 1, n do
      for c = 1, n do
        if board:get(r, c) ~= 0 and not rec.givens[record.index(n, r, c)] then
          board:set(r, c, 0)
        end
      end
    end
  end
  return board
end

return record
