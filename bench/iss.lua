-- A record of the shared variants schema (../shared/data/variants/README.md) as a constraint
-- string of sigh's Interactive Sudoku Solver (ISS, github.com/sigh/Interactive-Sudoku-Solver),
-- for the bench's side-by-side table (bench/iss_side.lua). Nothing of ISS is in this project:
-- bench/iss_driver.mjs loads it at run time from the tree SUDOKU_ISS names.
--
--   iss.constraint(record) -> ".Cage~15~R1C1~R1C2.~R5C5_3", or nil and why it cannot be said
--
-- Every rule of the record is said exactly or the record is refused: the string must ask ISS for
-- the same solutions as sudoku.variant.board(record) does. What each key becomes (ISS's syntax as
-- its js/sudoku_constraint.js and js/solver/sudoku_builder.js read it, snapshot e373f98):
--
--   givens, odd, even     one `.~` token: R1C1_5 for a given, R1C1_1_3_5_7_9 for an odd cell,
--                         R1C1_2_4_6_8 for an even one (a given's value and its parity together)
--   box null + regions    .NoBoxes, and the regions as .Jigsaw~<81 region characters> when they
--                         are 9 regions of 9 cells that cover the grid (else .AllDifferent each)
--   box [3,3] + regions   .Windoku when they are the 4 windows, else a .Jigsaw layout when they
--                         cover the grid (ISS keeps the boxes beside it), else .AllDifferent each
--   diagonals             "main" (r1c1..r9c9) .Diagonal~-1, "anti" (r1c9..r9c1) .Diagonal~1
--   cages                 .Cage~SUM~cells; a cage without a sum (null) .Cage~0~cells, which ISS
--                         reads as its cells all different and no sum
--   thermos               .Thermo~cells, bulb first (strictly increasing, as in the schema)
--   kropki_white/_black   .WhiteDot~a~b, .BlackDot~a~b
--   kropki_negative       .StrictKropki: every adjacent pair without a dot is neither
--                         consecutive nor 1:2
--   consecutive_negative  ISS has no rule for "no white dot, not consecutive" alone; each run of
--                         adjacent pairs without a white dot along a row or column becomes a
--                         .Whisper~2 line (neighbours on it differ by at least 2), which is the
--                         same rule there, since two cells of a row or column always differ.
--                         Refused beside black dots: the schema lets a black-dotted pair be
--                         consecutive nowhere, sudoku.variant leaves it alone
--   xv, xv_negative       .X~a~b, .V~a~b; .StrictXV
--   antiknight, antiking  .AntiKnight, .AntiKing
--   nonconsecutive        .AntiConsecutive (every adjacent pair)
--
-- Refused: sizes other than 9x9 (the bench's table is 9x9), a box other than [3,3] or null, and
-- any key of the schema written for another family (arrows, little killers, sandwiches, lines,
-- ratio_negative: no 9x9 record of the data has one, and none is mapped here).
local iss = {}

local N = 9

-- Keys that describe the puzzle and set nothing up.
local META = {
  id = true, name = true, author = true, url = true, source = true, license = true, note = true,
  solution = true, solution_origin = true, unique = true, negative = true, count = true,
  variants = true, size = true, box = true, givens = true,
}

-- The keys said here.
local MAPPED = {
  regions = true, diagonals = true, cages = true, thermos = true, kropki_white = true,
  kropki_black = true, kropki_negative = true, consecutive_negative = true, xv = true,
  xv_negative = true, odd = true, even = true, antiknight = true, antiking = true,
  nonconsecutive = true,
}

-- JSON null as the bench's reader gives it (dkjson's null is an empty table), or absent.
local function is_null(x)
  return x == nil or type(x) == "userdata" or (type(x) == "table" and next(x) == nil)
end

local function is_int(x, lo, hi)
  return type(x) == "number" and x == math.floor(x) and x >= lo and x <= hi
end

-- ISS's name of a cell {r, c}, or nil.
local function cell_id(cell)
  if type(cell) ~= "table" or not is_int(cell[1], 1, N) or not is_int(cell[2], 1, N) then
    return nil
  end
  return ("R%dC%d"):format(cell[1], cell[2])
end

local function index_of(cell) return (cell[1] - 1) * N + cell[2] end

-- The ids of a list of cells ("R1C1~R1C2"), or nil and why.
local function cells_of(list, what)
  if type(list) ~= "table" or #list == 0 then return nil, what .. ": expected a list of cells" end
  local ids = {}
  for i, cell in ipairs(list) do
    ids[i] = cell_id(cell)
    if not ids[i] then return nil, ("%s: cell %d is not a cell of the 9x9 grid"):format(what, i) end
  end
  return table.concat(ids, "~")
end

-- A pair of orthogonal neighbours as "R1C1~R1C2", and its key; or nil and why.
local function pair_of(pair, what)
  local ids, why = cells_of(pair, what)
  if not ids then return nil, why end
  if #pair ~= 2 then return nil, what .. ": expected two cells" end
  local a, b = pair[1], pair[2]
  if math.abs(a[1] - b[1]) + math.abs(a[2] - b[2]) ~= 1 then
    return nil, what .. ": the two cells are not orthogonal neighbours"
  end
  local i, j = index_of(a), index_of(b)
  if i > j then i, j = j, i end
  return ids, i * 100 + j
end

-- A flag of the schema: true, false (absent, null or false), or nil and why.
local function flag(record, key)
  local v = record[key]
  if is_null(v) or v == false then return false end
  if v == true then return true end
  return nil, key .. ": expected true or false"
end

-- A list under `key` (absent or null: empty), or nil and why.
local function list(record, key)
  local v = record[key]
  if is_null(v) then return {} end
  if type(v) ~= "table" then return nil, key .. ": expected a list" end
  return v
end

-- The regions part: {tokens...}, or nil and why.
local function regions_part(record, jigsaw)
  local regions, why = list(record, "regions")
  if not regions then return nil, why end
  local out = {}
  if jigsaw then out[1] = ".NoBoxes" end
  if #regions == 0 then return out end
  local ids = {}
  for i, region in ipairs(regions) do
    ids[i], why = cells_of(region, ("regions[%d]"):format(i))
    if not ids[i] then return nil, why end
  end
  -- A cover of the grid by 9 regions of 9 cells: the layout, each cell its region's character
  -- ("0" to "8" in order of first appearance, as ISS writes its own layouts).
  local owner, covered = {}, 0
  local partition = #regions == N
  for k, region in ipairs(regions) do
    if #region ~= N then partition = false end
    for _, cell in ipairs(region) do
      local i = index_of(cell)
      if owner[i] then partition = false else owner[i] = k; covered = covered + 1 end
    end
  end
  partition = partition and covered == N * N
  -- The 4 windows of a windoku, as sets of cells.
  local function is_windoku()
    if #regions ~= 4 then return false end
    local windows = {}
    for _, top in ipairs{ { 2, 2 }, { 2, 6 }, { 6, 2 }, { 6, 6 } } do
      local set = {}
      for dr = 0, 2 do
        for dc = 0, 2 do set[index_of{ top[1] + dr, top[2] + dc }] = true end
      end
      windows[#windows + 1] = set
    end
    for _, region in ipairs(regions) do
      local found = false
      for w, set in ipairs(windows) do
        local same = set and #region == N
        if same then
          for _, cell in ipairs(region) do
            if not set[index_of(cell)] then same = false break end
          end
        end
        if same then found = true; windows[w] = false break end
      end
      if not found then return false end
    end
    return true
  end
  if not jigsaw and is_windoku() then
    out[#out + 1] = ".Windoku"
  elseif partition then
    local names, layout, next_name = {}, {}, 0
    for i = 1, N * N do
      local k = owner[i]
      if not names[k] then names[k] = tostring(next_name); next_name = next_name + 1 end
      layout[i] = names[k]
    end
    out[#out + 1] = ".Jigsaw~" .. table.concat(layout)
  else
    for i = 1, #regions do out[#out + 1] = ".AllDifferent~" .. ids[i] end
  end
  return out
end

local ODD = { true, false, true, false, true, false, true, false, true }

--- The ISS constraint string of a decoded record of the variants schema (JSON null as nil or
-- dkjson's null), or nil and why it cannot be said exactly.
function iss.constraint(record)
  if type(record) ~= "table" then return nil, "not a record" end
  if record.size ~= N then
    return nil, ("size %s: only 9x9 records are converted"):format(tostring(record.size))
  end
  local keys = {}
  for k in pairs(record) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not META[k] and not MAPPED[k] then return nil, "no ISS mapping for key '" .. k .. "'" end
  end
  local box, jigsaw = record.box, false
  if is_null(box) then
    jigsaw = true
  elseif type(box) ~= "table" or box[1] ~= 3 or box[2] ~= 3 or #box ~= 2 then
    return nil, "box: only [3, 3] or null (jigsaw) on 9x9"
  end
  if jigsaw and #(list(record, "regions") or {}) == 0 then
    return nil, "box null without regions"
  end

  local out, why = regions_part(record, jigsaw)
  if not out then return nil, why end
  local function add(s) out[#out + 1] = s end

  local diagonals
  diagonals, why = list(record, "diagonals")
  if not diagonals then return nil, why end
  for i, d in ipairs(diagonals) do
    if d == "main" then add(".Diagonal~-1")
    elseif d == "anti" then add(".Diagonal~1")
    else return nil, ("diagonals[%d]: expected \"main\" or \"anti\""):format(i) end
  end

  for _, key in ipairs{ "antiknight", "antiking", "nonconsecutive" } do
    local on, err = flag(record, key)
    if on == nil then return nil, err end
    if on then
      add(({ antiknight = ".AntiKnight", antiking = ".AntiKing",
             nonconsecutive = ".AntiConsecutive" })[key])
    end
  end

  local cages
  cages, why = list(record, "cages")
  if not cages then return nil, why end
  for i, cage in ipairs(cages) do
    local what = ("cages[%d]"):format(i)
    if type(cage) ~= "table" then return nil, what .. ": expected an object" end
    local sum = cage.sum
    if is_null(sum) then
      sum = 0
    elseif not is_int(sum, 1, 45) then
      return nil, what .. ".sum: expected a whole number from 1 to 45 or null (ISS reads 0 as no sum)"
    end
    local ids, err = cells_of(cage.cells, what .. ".cells")
    if not ids then return nil, err end
    add((".Cage~%d~%s"):format(sum, ids))
  end

  local thermos
  thermos, why = list(record, "thermos")
  if not thermos then return nil, why end
  for i, line in ipairs(thermos) do
    local ids, err = cells_of(line, ("thermos[%d]"):format(i))
    if not ids then return nil, err end
    add(".Thermo~" .. ids)
  end

  -- Kropki dots, and which pairs carry a white dot (for consecutive_negative).
  local white = {}
  local dots = {}
  for _, d in ipairs{ { "kropki_white", ".WhiteDot~" }, { "kropki_black", ".BlackDot~" } } do
    local pairs_list, err = list(record, d[1])
    if not pairs_list then return nil, err end
    dots[d[1]] = #pairs_list
    for i, pair in ipairs(pairs_list) do
      local ids, key = pair_of(pair, ("%s[%d]"):format(d[1], i))
      if not ids then return nil, key end
      if d[1] == "kropki_white" then white[key] = true end
      add(d[2] .. ids)
    end
  end
  local strict, err = flag(record, "kropki_negative")
  if strict == nil then return nil, err end
  if strict then add(".StrictKropki") end

  local consecutive
  consecutive, err = flag(record, "consecutive_negative")
  if consecutive == nil then return nil, err end
  if consecutive then
    if dots.kropki_black > 0 then
      return nil, "consecutive_negative beside black dots: the schema forbids a black-dotted pair "
        .. "to be consecutive, sudoku.variant does not (no ISS string says both)"
    end
    -- Runs of unmarked neighbours along each row, then each column: one Whisper line each.
    local function unmarked(a, b)
      local i, j = index_of(a), index_of(b)
      if i > j then i, j = j, i end
      return not white[i * 100 + j]
    end
    for _, across in ipairs{ true, false } do
      for line = 1, N do
        local run = {}
        local function flush()
          if #run >= 2 then add(".Whisper~2~" .. table.concat(run, "~")) end
          run = {}
        end
        for k = 1, N do
          local cell = across and { line, k } or { k, line }
          if k > 1 then
            local prev = across and { line, k - 1 } or { k - 1, line }
            if unmarked(prev, cell) then
              if #run == 0 then run[1] = cell_id(prev) end
              run[#run + 1] = cell_id(cell)
            else
              flush()
            end
          end
        end
        flush()
      end
    end
  end

  local xv
  xv, err = list(record, "xv")
  if not xv then return nil, err end
  for i, mark in ipairs(xv) do
    local what = ("xv[%d]"):format(i)
    if type(mark) ~= "table" or (mark.type ~= "X" and mark.type ~= "V") then
      return nil, what .. ": expected {\"type\": \"X\" or \"V\", \"cells\": [...]}"
    end
    local ids, why2 = pair_of(mark.cells, what .. ".cells")
    if not ids then return nil, why2 end
    add("." .. mark.type .. "~" .. ids)
  end
  strict, err = flag(record, "xv_negative")
  if strict == nil then return nil, err end
  if strict then add(".StrictXV") end

  -- Givens and parities: each cell's allowed values.
  local givens = record.givens
  local allowed = {}
  if not is_null(givens) then
    if type(givens) ~= "string" or #givens ~= N * N then
      return nil, "givens: expected 81 characters"
    end
    for i = 1, N * N do
      local ch = givens:sub(i, i)
      if ch:match("[1-9]") then
        allowed[i] = { [tonumber(ch)] = true }
      elseif ch ~= "." and ch ~= "0" then
        return nil, ("givens: character %d is %q, not a digit or '.'"):format(i, ch)
      end
    end
  end
  for _, parity in ipairs{ "odd", "even" } do
    local cells
    cells, err = list(record, parity)
    if not cells then return nil, err end
    for i, cell in ipairs(cells) do
      if not cell_id(cell) then
        return nil, ("%s[%d]: not a cell of the 9x9 grid"):format(parity, i)
      end
      local k = index_of(cell)
      local set = allowed[k]
      if not set then
        set = {}
        for v = 1, N do set[v] = true end
        allowed[k] = set
      end
      local any = false
      for v = 1, N do
        if ODD[v] ~= (parity == "odd") then set[v] = nil end
        any = any or set[v] or false
      end
      if not any then
        return nil, ("%s[%d]: R%dC%d has no value left (a given or the other parity)")
          :format(parity, i, cell[1], cell[2])
      end
    end
  end
  local values = {}
  for i = 1, N * N do
    local set = allowed[i]
    if set then
      local id = { ("R%dC%d"):format(math.floor((i - 1) / N) + 1, (i - 1) % N + 1) }
      for v = 1, N do
        if set[v] then id[#id + 1] = tostring(v) end
      end
      values[#values + 1] = table.concat(id, "_")
    end
  end
  if #values > 0 then add(".~" .. table.concat(values, "~")) end

  -- A record with nothing at all is the empty grid: ISS's default shape said out loud.
  if #out == 0 then return ".Shape~9x9" end
  return table.concat(out)
end

return iss
