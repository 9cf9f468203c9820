-- Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-Wing, and Sue de Coq. Each
-- technique on a position built to hold one pattern (exact eliminations, cells, units, digits,
-- sentence), a near miss where it must not fire, a 6x6 board, and soundness over rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)
local MINE = {"als_xz", "als_xy_wing", "sue_de_coq"}

-- A pencil of an empty board of the given size where each listed cell keeps only its values.
local function small_pencil(size, keep)
  local p = logic.pencil(sudoku.Board.new{size = size})
  for _, row in ipairs(keep) do
    local set = {}
    for _, v in ipairs(row[3]) do set[v] = true end
    for _, v in ipairs(p:candidates(row[1], row[2])) do
      if not set[v] then assert(p:eliminate(row[1], row[2], v)) end
    end
  end
  return p
end

-- "r1c1 r1c2 ..." of a step's cells (sorted), to pick the step of one pattern.
local function cell_key(cells)
  local names = {}
  for _, c in ipairs(cells) do names[#names + 1] = ("r%dc%d"):format(c[1], c[2]) end
  table.sort(names)
  return table.concat(names, " ")
end

-- The first step of technique name whose pattern cells are exactly those of key (and whose
-- sentence holds the plain text part, when given). The finders drop a step whose eliminations
-- an earlier one of the same call made, so one set of cells may show one partition of several.
local function step_of(p, name, key, part)
  for _, st in ipairs(support.found(p, name)) do
    if cell_key(st.cells) == key and (not part or st.text:find(part, 1, true)) then return st end
  end
end

-- The eliminations of a step as sorted "r2c2-8" strings.
local function elims(st)
  local out = {}
  for _, e in ipairs(st.eliminations) do out[#out + 1] = ("r%dc%d-%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

local function sorted(list)
  table.sort(list)
  return list
end

local function units(st)
  local out = {}
  for _, u in ipairs(st.units) do out[#out + 1] = u.kind .. " " .. u.index end
  return out
end

describe("ALS-XZ", function()
  -- A = {r1c4, r1c5} (3, 5, 8) in row 1, B = {r2c6, r5c6, r6c6} (3, 6, 8, 9) in column 6: B's
  -- one 3 (r2c6) is in box 2 with all of A's, so 3 is restricted; 8 is in both, so one of
  -- them holds 8, and 8 leaves r1c6, r3c6 (row 1 or box 2 with column 6). No other split of
  -- these cells makes two ALS.
  local KEEP = {{1, 4, {3, 5, 8}}, {1, 5, {3, 5, 8}},
                {2, 6, {3, 6, 9}}, {5, 6, {6, 8}}, {6, 6, {8, 9}}}
  local CELLS = "r1c4 r1c5 r2c6 r5c6 r6c6"

  it("takes Z from the cells seeing all its places in both sets", function()
    local p = support.pencil(EMPTY, KEEP)
    local st = step_of(p, "als_xz", CELLS)
    assert.is_truthy(st)
    assert.are.same({"r1c6-8", "r3c6-8"}, elims(st))
    assert.are.same({3, 8}, st.digits)
    assert.are.same({"row 1", "column 6"}, units(st))
    assert.are.equal(2, st.base)
    assert.are.equal(5.5, st.rating)
    assert.is_false(st.se)
    assert.are.equal("ALS-XZ: {r1c4, r1c5} (3, 5, 8) and {r2c6, r5c6, r6c6} (3, 6, 8, 9) "
      .. "share restricted 3; one of them holds 8, so 8 leaves r1c6, r3c6.", st.text)
  end)

  it("needs a restricted common: a 3 in B out of A's sight breaks it", function()
    -- r5c6 takes a 3 too: B's 3s no longer all see A's (8 is not restricted either).
    local keep = {}
    for i, row in ipairs(KEEP) do keep[i] = row end
    keep[4] = {5, 6, {3, 6, 8}}
    local p = support.pencil(EMPTY, keep)
    assert.are.same({}, support.found(p, "als_xz"))
  end)

  it("doubly linked: each set keeps its other digits, each restricted digit leaves both's sight",
    function()
    -- A = {r1c1, r2c1} (1, 2, 5) in column 1, B = {r1c7, r2c7} (1, 2, 6) in column 7: 1 and 2
    -- are both restricted (rows 1 and 2). So 1 leaves row 1, 2 leaves row 2, 5 is locked in A
    -- (column 1 and box 1), 6 in B (column 7 and box 3).
    local p = support.pencil(EMPTY, {{1, 1, {1, 5}}, {2, 1, {2, 5}},
                                     {1, 7, {1, 6}}, {2, 7, {2, 6}}})
    local st = step_of(p, "als_xz", "r1c1 r1c7 r2c1 r2c7")
    assert.is_truthy(st)
    local want = {}
    for c = 1, 9 do
      if c ~= 1 and c ~= 7 then
        want[#want + 1] = ("r1c%d-1"):format(c)
        want[#want + 1] = ("r2c%d-2"):format(c)
      end
    end
    for r = 1, 9 do
      for c = 1, 3 do
        if (c == 1 or r <= 3) and not (c == 1 and r <= 2) then
          want[#want + 1] = ("r%dc%d-5"):format(r, c)
          want[#want + 1] = ("r%dc%d-6"):format(r, c + 6)
        end
      end
    end
    assert.are.same(sorted(want), elims(st))
    assert.are.same({1, 2, 5, 6}, st.digits)
    -- Rows 1 and 2 split the cells into two ALS just as well (restricted 5 and 6), with the
    -- same eliminations: either split may be the one reported.
    assert.matches("^ALS%-XZ, doubly linked: {r1c1, r[12]c[17]} %([%d, ]+%) and {r2c[17], "
      .. "r2c7} %([%d, ]+%) share restricted %d, %d, so each holds all its digits but one of "
      .. "those: 1 leaves r1c2, ", st.text)
  end)

  it("holds on a 6x6 board", function()
    -- A = {r1c1, r1c2} (3, 4, 5) in row 1, B = {r3c2, r4c2} (3, 4, 6) in column 2: 3 is
    -- restricted (column 2), 4 leaves r2c2 (box 1 and column 2).
    local p = small_pencil(6, {{1, 1, {4, 5}}, {1, 2, {3, 4, 5}}, {3, 2, {3, 6}}, {4, 2, {4, 6}}})
    local st = step_of(p, "als_xz", "r1c1 r1c2 r3c2 r4c2")
    assert.is_truthy(st)
    assert.are.same({"r2c2-4"}, elims(st))
  end)
end)

describe("ALS-XY-Wing", function()
  -- A = {r1c1, r1c3} (1, 3, 8), pivot C = {r5c1, r5c2} (1, 2, 7), B = {r8c2, r9c2} (2, 3, 9):
  -- A and C share restricted 1 (column 1), C and B restricted 2 (column 2). C holds 1 or 2, so
  -- A or B holds 3: 3 leaves the cells seeing r1c3 and r9c2.
  local KEEP = {{1, 1, {1, 8}}, {1, 3, {3, 8}}, {5, 1, {1, 7}}, {5, 2, {2, 7}},
                {8, 2, {2, 9}}, {9, 2, {3, 9}}}
  local CELLS = "r1c1 r1c3 r5c1 r5c2 r8c2 r9c2"

  it("takes Z from the cells seeing all its places in the two wings", function()
    local p = support.pencil(EMPTY, KEEP)
    local st = step_of(p, "als_xy_wing", CELLS)
    assert.is_truthy(st)
    assert.are.same(sorted{"r1c2-3", "r2c2-3", "r3c2-3", "r7c3-3", "r8c3-3", "r9c3-3"}, elims(st))
    assert.are.equal(6.0, st.rating)
    assert.are.equal(3, #st.units)
    assert.are.equal(3, st.base)
    -- Other splits of the six cells make wings too (the pivot {r5c1} (1, 7) with the wing
    -- {r5c2, r8c2, r9c2}), all with these eliminations: one is reported.
    local x, y = st.text:match("^ALS%-XY%-Wing: {[r%dc, ]+} %([%d, ]+%) shares restricted (%d) "
      .. "with the pivot {[r%dc, ]+} %([%d, ]+%), which shares restricted (%d) with {[r%dc, ]+} "
      .. "%([%d, ]+%); the pivot holds %d or %d, so one of the other two holds 3, and 3 leaves "
      .. "r1c2, r2c2, r3c2, r7c3, r8c3, r9c3%.$")
    assert.is_truthy(x, st.text)
    assert.are.same(sorted{tonumber(x), tonumber(y), 3}, st.digits)
  end)

  it("needs the pivot to be an ALS", function()
    local keep = {}
    for i, row in ipairs(KEEP) do keep[i] = row end
    keep[3] = {5, 1, {1, 7, 8}}   -- the pivot's two cells now hold four digits
    local p = support.pencil(EMPTY, keep)
    assert.is_nil(step_of(p, "als_xy_wing", CELLS))
    for _, st in ipairs(support.found(p, "als_xy_wing")) do
      for _, e in ipairs(st.eliminations) do
        assert.is_false(e[3] == 3 and e[1] == 2 and e[2] == 2, st.text)
      end
    end
  end)

  it("holds on a 6x6 board", function()
    -- A = {r1c1} (1, 3), pivot C = {r4c1, r4c2} (1, 2, 5), B = {r6c2} (2, 3) (boxes of 2 rows
    -- by 3 columns): 3 leaves the cells seeing r1c1 and r6c2: r1c2, r2c2 (box 1, column 2),
    -- r5c1, r6c1 (column 1, box 5).
    local p = small_pencil(6, {{1, 1, {1, 3}}, {4, 1, {1, 5}}, {4, 2, {2, 5}}, {6, 2, {2, 3}}})
    local st = step_of(p, "als_xy_wing", "r1c1 r4c1 r4c2 r6c2")
    assert.is_truthy(st)
    assert.are.same(sorted{"r1c2-3", "r2c2-3", "r6c1-3", "r5c1-3"}, elims(st))
  end)
end)

describe("Sue de Coq", function()
  -- Row 1 meets box 1: r1c1, r1c2 hold 1, 2, 5, 7; r1c5 (1, 5) in the row and r2c3 (2, 7) in
  -- the box. The four cells hold the four digits once each: 1, 5 leave the rest of row 1, and
  -- 2, 7 the rest of box 1.
  local KEEP = {{1, 1, {1, 2, 5}}, {1, 2, {1, 2, 7}}, {1, 5, {1, 5}}, {2, 3, {2, 7}}}

  it("splits the overlap's digits between the line and the box", function()
    local p = support.pencil(EMPTY, KEEP)
    local st = step_of(p, "sue_de_coq", "r1c1 r1c2 r1c5 r2c3")
    assert.is_truthy(st)
    local want = {}
    for _, c in ipairs{3, 4, 6, 7, 8, 9} do
      want[#want + 1] = ("r1c%d-1"):format(c)
      want[#want + 1] = ("r1c%d-5"):format(c)
    end
    for _, rc in ipairs{{1, 3}, {2, 1}, {2, 2}, {3, 1}, {3, 2}, {3, 3}} do
      want[#want + 1] = ("r%dc%d-2"):format(rc[1], rc[2])
      want[#want + 1] = ("r%dc%d-7"):format(rc[1], rc[2])
    end
    assert.are.same(sorted(want), elims(st))
    assert.are.same({1, 2, 5, 7}, st.digits)
    assert.are.same({"row 1", "box 1"}, units(st))
    assert.are.equal(5.0, st.rating)
    assert.are.equal("Sue de Coq: r1c1, r1c2 (1, 2, 5, 7) where row 1 meets box 1, with r1c5 "
      .. "(1, 5) in row 1 and r2c3 (2, 7) in box 1: these 4 cells hold 1, 2, 5, 7 once each, so "
      .. "1, 5 leave r1c3, r1c4, r1c6, r1c7, r1c8, r1c9; 2, 7 leave r1c3, r2c1, r2c2, r3c1, "
      .. "r3c2, r3c3.", st.text)
  end)

  it("needs the line's and the box's digits apart", function()
    local keep = {KEEP[1], KEEP[2], KEEP[3], {2, 3, {2, 5}}}   -- 5 on both sides
    local p = support.pencil(EMPTY, keep)
    assert.are.same({}, support.found(p, "sue_de_coq"))
  end)

  it("holds on a 6x6 board", function()
    -- Row 1 meets box 1 (r1c1..r1c3): r1c1, r1c2 (1, 2, 5, 6), r1c5 (1, 5), r2c2 (2, 6).
    local p = small_pencil(6, {{1, 1, {1, 2, 5}}, {1, 2, {1, 2, 6}}, {1, 5, {1, 5}},
                               {2, 2, {2, 6}}})
    local st = step_of(p, "sue_de_coq", "r1c1 r1c2 r1c5 r2c2")
    assert.is_truthy(st)
    assert.are.same(sorted{"r1c3-1", "r1c3-5", "r1c4-1", "r1c4-5", "r1c6-1", "r1c6-5",
                           "r1c3-2", "r1c3-6", "r2c1-2", "r2c1-6", "r2c3-2", "r2c3-6"}, elims(st))
  end)
end)

-- A brute-force ALS-XZ (singly linked) on a 9x9 pencil, written apart from the C finder: the
-- set of its eliminations as "r2c2-8" keys. Every ALS of up to 5 cells of a row, column or box,
-- every disjoint pair, every restricted common X and other common Z.
local function reference_xz(p)
  local floor = math.floor
  local function key(cell, v)
    return ("r%dc%d-%d"):format(floor((cell - 1) / 9) + 1, (cell - 1) % 9 + 1, v)
  end
  local cand, unit_list = {}, {}
  for r = 1, 9 do for c = 1, 9 do
    local set = {}
    for _, v in ipairs(p:candidates(r, c)) do set[v] = true end
    cand[(r - 1) * 9 + c] = set
  end end
  for i = 1, 9 do
    local row, col, box = {}, {}, {}
    for j = 1, 9 do
      row[j] = (i - 1) * 9 + j
      col[j] = (j - 1) * 9 + i
      local br, bc = floor((i - 1) / 3) * 3, (i - 1) % 3 * 3
      box[j] = (br + floor((j - 1) / 3)) * 9 + bc + (j - 1) % 3 + 1
    end
    unit_list[#unit_list + 1] = row
    unit_list[#unit_list + 1] = col
    unit_list[#unit_list + 1] = box
  end
  local function sees(a, b)
    local ra, ca, rb, cb = floor((a - 1) / 9), (a - 1) % 9, floor((b - 1) / 9), (b - 1) % 9
    return a ~= b and (ra == rb or ca == cb
      or (floor(ra / 3) == floor(rb / 3) and floor(ca / 3) == floor(cb / 3)))
  end
  local als, seen = {}, {}
  for _, u in ipairs(unit_list) do
    local empty = {}
    for _, c in ipairs(u) do if next(cand[c]) then empty[#empty + 1] = c end end
    local function walk(from, picked)
      for i = from, #empty do
        picked[#picked + 1] = empty[i]
        local digits, nd = {}, 0
        for _, c in ipairs(picked) do for v in pairs(cand[c]) do
          if not digits[v] then digits[v] = true; nd = nd + 1 end
        end end
        if nd == #picked + 1 and #picked < #empty then
          local id = table.concat(picked, ",")
          if not seen[id] then
            seen[id] = true
            local cells = {}
            for k, c in ipairs(picked) do cells[k] = c end
            als[#als + 1] = {cells = cells, digits = digits}
          end
        end
        if #picked < 5 then walk(i + 1, picked) end
        picked[#picked] = nil
      end
    end
    walk(1, {})
  end
  local out = {}
  local function with(a, v)
    local list = {}
    for _, c in ipairs(a.cells) do if cand[c][v] then list[#list + 1] = c end end
    return list
  end
  for i = 1, #als do for j = i + 1, #als do
    local a, b = als[i], als[j]
    local inside, overlap = {}, false
    for _, c in ipairs(a.cells) do inside[c] = true end
    for _, c in ipairs(b.cells) do if inside[c] then overlap = true end; inside[c] = true end
    if not overlap then
      local common = {}
      for v in pairs(a.digits) do if b.digits[v] then common[#common + 1] = v end end
      for _, x in ipairs(common) do
        local ok = true
        for _, ca in ipairs(with(a, x)) do for _, cb in ipairs(with(b, x)) do
          if not sees(ca, cb) then ok = false end
        end end
        if ok then
          for _, z in ipairs(common) do
            if z ~= x then
              local zs = with(a, z)
              for _, c in ipairs(with(b, z)) do zs[#zs + 1] = c end
              for cell = 1, 81 do
                if cand[cell][z] and not inside[cell] then
                  local all = true
                  for _, c in ipairs(zs) do if not sees(cell, c) then all = false; break end end
                  if all then out[key(cell, z)] = true end
                end
              end
            end
          end
        end
      end
    end
  end end
  return out
end

-- Every step of the three techniques at each position of the easiest-first path of each puzzle
-- must keep the solution's candidates. Counts how often each technique fires (positions).
-- A puzzle is an 81-character string, or a board and its solved copy ({board, solution}).
local function soundness(puzzles)
  local fired, positions = {}, 0
  for _, puzzle in ipairs(puzzles) do
    local b, solution
    if type(puzzle) == "table" then
      b, solution = puzzle[1], puzzle[2]
    else
      b = assert(sudoku.parse(puzzle))
      solution = b:copy()
      assert(solution:solve())
    end
    local p = logic.pencil(b)
    local path = logic.steps(p, support.WALK)
    for i = 0, #path do
      if i > 0 then assert(p:apply(path[i])) end
      local found = p:find{allowed = MINE}
      assert.is_nil(support.unsound(found, solution))
      positions = positions + 1
      local seen = {}
      for _, st in ipairs(found) do seen[st.technique] = true end
      for t in pairs(seen) do fired[t] = (fired[t] or 0) + 1 end
    end
  end
  return fired, positions
end

describe("the ALS techniques on rated puzzles", function()
  it("find every ALS-XZ elimination a brute-force search finds", function()
    local checked = 0
    for n, rec in ipairs(support.rated_sample()) do
      if n % 8 == 0 then
        local b = assert(sudoku.parse(rec.puzzle))
        local steps = logic.steps(b, support.WALK)
        for i = 0, #steps, 15 do
          local p = logic.pencil(b)
          for k = 1, i do assert(p:apply(steps[k])) end
          local got = {}
          for _, st in ipairs(p:find{allowed = {"als_xz"}}) do
            for _, e in ipairs(st.eliminations) do
              got[("r%dc%d-%d"):format(e[1], e[2], e[3])] = true
            end
          end
          for key in pairs(reference_xz(p)) do
            assert.is_true(got[key], ("%s after %d steps: %s"):format(rec.puzzle, i, key))
            checked = checked + 1
          end
        end
      end
    end
    assert.is_true(checked > 0)
  end)

  it("are sound on the rated sample, and fire", function()
    local list = {}
    for _, rec in ipairs(support.rated_sample()) do list[#list + 1] = rec.puzzle end
    local fired, positions = soundness(list)
    assert.is_true(positions > #list)
    for _, name in ipairs(MINE) do assert.is_true((fired[name] or 0) > 0, name) end
  end)

  it("are sound on 100 puzzles of the SE calibration set #slow", function()
    local f = io.open("../shared/data/rated/se_calibration.txt")
    if not f then
      pending("../shared/data/rated/se_calibration.txt is absent")
      return
    end
    local all = {}
    for line in f:lines() do
      local puzzle = line:match("^([%d%.]+),")
      if puzzle then all[#all + 1] = puzzle end
    end
    f:close()
    local list, stride = {}, math.floor(#all / 100)
    for i = 1, #all, stride do list[#list + 1] = all[i] end
    local t0 = os.clock()
    local fired, positions = soundness(list)
    print(("\nALS soundness: %d puzzles, %d positions, %.1f s; fired at: ALS-XZ %d, "
      .. "ALS-XY-Wing %d, Sue de Coq %d"):format(#list, positions, os.clock() - t0,
      fired.als_xz or 0, fired.als_xy_wing or 0, fired.sue_de_coq or 0))
    for _, name in ipairs(MINE) do assert.is_true((fired[name] or 0) > 0, name) end
  end)

  it("are sound on every third jigsaw, X and windoku record of the shared variants #slow", function()
    local ok, variants = pcall(require, "support.variants")
    local f = ok and io.open(variants.DIR .. "jigsaw.jsonl")
    if not f then
      pending("../shared/data/variants is absent")
      return
    end
    f:close()
    local list = {}
    for _, file in ipairs{"jigsaw.jsonl", "x.jsonl", "windoku.jsonl"} do
      for i, rec in ipairs(variants.records(file)) do
        if i % 3 == 1 then
          local solved = {}
          for k, v in pairs(rec) do solved[k] = v end
          solved.givens = rec.solution
          list[#list + 1] = {variants.build(rec), variants.build(solved)}
        end
      end
    end
    local t0 = os.clock()
    local fired, positions = soundness(list)
    print(("\nALS soundness on variants: %d boards (4x4 to 16x16), %d positions, %.1f s; fired "
      .. "at: ALS-XZ %d, ALS-XY-Wing %d, Sue de Coq %d"):format(#list, positions,
      os.clock() - t0, fired.als_xz or 0, fired.als_xy_wing or 0, fired.sue_de_coq or 0))
    for _, name in ipairs(MINE) do assert.is_true((fired[name] or 0) > 0, name) end
  end)

  it("are sound where random wrong candidates are gone too (many small ALS) #slow", function()
    local f = io.open("../shared/data/rated/se_calibration.txt")
    if not f then
      pending("../shared/data/rated/se_calibration.txt is absent")
      return
    end
    local all = {}
    for line in f:lines() do
      local puzzle = line:match("^([%d%.]+),")
      if puzzle then all[#all + 1] = puzzle end
    end
    f:close()
    local seed = 12345
    local function random()   -- the same on every Lua version
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    end
    local positions, steps = 0, 0
    for i = 1, #all, math.floor(#all / 200) do
      local b = assert(sudoku.parse(all[i]))
      local solution = b:copy()
      assert(solution:solve())
      for _, share in ipairs{0.25, 0.4} do
        local p = logic.pencil(b)
        for r = 1, 9 do
          for c = 1, 9 do
            for _, v in ipairs(p:candidates(r, c)) do
              if v ~= solution:get(r, c) and random() < share then assert(p:eliminate(r, c, v)) end
            end
          end
        end
        local found = p:find{allowed = MINE}
        assert.is_nil(support.unsound(found, solution))
        positions = positions + 1
        steps = steps + #found
      end
    end
    assert.is_true(steps > positions)
  end)
end)
