-- The checks of the svg format's input: what is wrong with a list of cells or with the variant
-- rules of a record (`record.constraints`, in the shared variants schema), as a message that
-- names the faulty entry by its path ("constraints.arrows[2].lines[1][3] must be a cell {r, c}
-- of the 9x9 board"), or nil when nothing is. sudoku.format.svg raises the message as
-- luaL_argerror words it. Records may be built by hand, so every rule the picture draws is
-- checked before anything is drawn; keys it draws nothing for are left alone.
local check = {}

local function is_integer(x)
  return type(x) == "number" and x == math.floor(x)
end

function check.is_cell(x, n)
  if type(x) ~= "table" then return false end
  local r, c = x[1], x[2]
  return is_integer(r) and is_integer(c) and r >= 1 and r <= n and c >= 1 and c <= n
end

-- What is wrong with a list of cells, if anything; `what` names it in the message.
function check.cells(cells, n, what)
  if type(cells) ~= "table" then return what .. " must be a list of cells {r, c}" end
  for i, cell in ipairs(cells) do
    if not check.is_cell(cell, n) then
      return ("%s[%d] must be a cell {r, c} of the %dx%d board"):format(what, i, n, n)
    end
  end
end

local function nonempty_cells(cells, n, what)
  if type(cells) ~= "table" or #cells == 0 then
    return what .. " must be a non-empty list of cells {r, c}"
  end
  return check.cells(cells, n, what)
end

-- Two orthogonally adjacent cells (a kropki dot's, an X's or a V's).
local function pair_problem(pair, n, what)
  if type(pair) ~= "table" or #pair ~= 2 then return what .. " must be a pair of cells {a, b}" end
  local bad = check.cells(pair, n, what)
  if bad then return bad end
  local a, b = pair[1], pair[2]
  if math.abs(a[1] - b[1]) + math.abs(a[2] - b[2]) ~= 1 then
    return what .. " must be two orthogonally adjacent cells"
  end
end

local function is_number(x)
  -- x ~= x is NaN, which no comparison would catch.
  return type(x) == "number" and x == x and x ~= math.huge and x ~= -math.huge
end

-- Each item of a list through `problem(item, what_of_item)`; `kind` says what the list holds.
local function each(list, what, kind, problem)
  if type(list) ~= "table" then return ("%s must be a list of %s"):format(what, kind) end
  for i, item in ipairs(list) do
    local bad = problem(item, ("%s[%d]"):format(what, i))
    if bad then return bad end
  end
end

-- The steps of a little killer's directions: {row step, column step}.
check.STEPS = { DR = { 1, 1 }, DL = { 1, -1 }, UR = { -1, 1 }, UL = { -1, -1 } }

-- The rules the picture draws, in the order they are checked: each key's check of its list,
-- given the board's size.
local RULES = {
  { "cages", function(list, n, what)
    return each(list, what, "cages", function(cage, at)
      local cells = at .. ".cells"
      if type(cage) ~= "table" or type(cage.cells) ~= "table" or #cage.cells == 0 then
        return cells .. " must be a non-empty list of cells {r, c}"
      end
      return check.cells(cage.cells, n, cells)
    end)
  end },
  { "thermos", function(list, n, what)
    return each(list, what, "cell lists", function(thermo, at) return check.cells(thermo, n, at) end)
  end },
  { "diagonals", function(list, _, what)
    return each(list, what, "'main' and 'anti'", function(name, at)
      if name ~= "main" and name ~= "anti" then return at .. " must be 'main' or 'anti'" end
    end)
  end },
  { "arrows", function(list, n, what)
    return each(list, what, "arrows {circle =, lines =}", function(arrow, at)
      if type(arrow) ~= "table" then return at .. " must be an arrow {circle =, lines =}" end
      local circle = arrow.circle
      if not check.is_cell(circle, n) then
        return ("%s.circle must be a cell {r, c} of the %dx%d board"):format(at, n, n)
      end
      local lines = arrow.lines
      if type(lines) ~= "table" or #lines == 0 then
        return at .. ".lines must be a non-empty list of lines"
      end
      for k, line in ipairs(lines) do
        local here = ("%s.lines[%d]"):format(at, k)
        local bad = nonempty_cells(line, n, here)
        if bad then return bad end
        for m, rc in ipairs(line) do
          if rc[1] == circle[1] and rc[2] == circle[2] then
            return ("%s[%d] must not be the circle's cell"):format(here, m)
          end
        end
      end
    end)
  end },
  { "little_killers", function(list, n, what)
    return each(list, what, "little killers {sum =, clue =, direction =}", function(clue, at)
      if type(clue) ~= "table" then
        return at .. " must be a little killer {sum =, clue =, direction =}"
      end
      if not is_number(clue.sum) then return at .. ".sum must be a number" end
      local pos = clue.clue
      local r, c = type(pos) == "table" and pos[1], type(pos) == "table" and pos[2]
      if not (is_integer(r) and is_integer(c) and r >= 0 and r <= n + 1 and c >= 0
          and c <= n + 1 and (r == 0 or r == n + 1 or c == 0 or c == n + 1)) then
        return ("%s.clue must be a position {r, c} outside the %dx%d board (row 0 or %d, or "
          .. "column 0 or %d)"):format(at, n, n, n + 1, n + 1)
      end
      local step = check.STEPS[clue.direction]
      if not step then return at .. ".direction must be 'DR', 'DL', 'UR' or 'UL'" end
      if not check.is_cell({ r + step[1], c + step[2] }, n) then
        return ("%s.direction %s from {%d, %d} meets no cell of the board"):format(
          at, clue.direction, r, c)
      end
    end)
  end },
  { "sandwiches", function(list, n, what)
    return each(list, what, "sandwich clues {row =, sum =} or {column =, sum =}", function(s, at)
      if type(s) ~= "table" or (s.row == nil) == (s.column == nil) then
        return at .. " must be a sandwich clue {row =, sum =} or {column =, sum =}"
      end
      local line = s.row ~= nil and "row" or "column"
      local k = s[line]
      if not (is_integer(k) and k >= 1 and k <= n) then
        return ("%s.%s must be a %s of the %dx%d board"):format(at, line, line, n, n)
      end
      if not is_number(s.sum) then return at .. ".sum must be a number" end
    end)
  end },
  { "kropki_white", function(list, n, what)
    return each(list, what, "pairs of cells", function(pair, at) return pair_problem(pair, n, at) end)
  end },
  { "kropki_black", function(list, n, what)
    return each(list, what, "pairs of cells", function(pair, at) return pair_problem(pair, n, at) end)
  end },
  { "xv", function(list, n, what)
    return each(list, what, "X and V clues {type =, cells =}", function(clue, at)
      if type(clue) ~= "table" then return at .. " must be an X or V clue {type =, cells =}" end
      if clue.type ~= "X" and clue.type ~= "V" then return at .. ".type must be 'X' or 'V'" end
      return pair_problem(clue.cells, n, at .. ".cells")
    end)
  end },
  { "odd", function(list, n, what) return check.cells(list, n, what) end },
  { "even", function(list, n, what) return check.cells(list, n, what) end },
}

-- Whispers, renbans and palindromes: lists of lines, a line a non-empty list of cells.
for _, key in ipairs({ "whispers", "renbans", "palindromes" }) do
  RULES[#RULES + 1] = { key, function(list, n, what)
    return each(list, what, "cell lists", function(line, at) return nonempty_cells(line, n, at) end)
  end }
end

-- The rules of a record's constraints (nil: none) that the picture draws on a board of size n,
-- each key's list ({} when it is absent), or nil and what is wrong with the first faulty one.
function check.rules(constraints, n)
  if constraints == nil then constraints = {} end
  if type(constraints) ~= "table" then return nil, "constraints must be a table of rules" end
  local rules = {}
  for _, rule in ipairs(RULES) do
    local key = rule[1]
    local list = constraints[key]
    if list == nil then list = {} end
    local bad = rule[2](list, n, "constraints." .. key)
    if bad then return nil, bad end
    rules[key] = list
  end
  return rules
end

return check
