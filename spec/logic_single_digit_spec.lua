-- Single-digit patterns: two strong links joined by a weak link (skyscraper, 2-string kite,
-- turbot fish, empty rectangle) and SE's three strong links, on built positions of 9x9, 6x6 and
-- jigsaw boards, and sound over the easiest-first paths of SE-rated puzzles.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local MINE = {"skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle",
  "three_strong_links"}

-- A pencil of an empty board of that size (a Board, or a size) where digit v is taken out of
-- every cell listed in out ({r, c} pairs).
local function pencil(board, v, out)
  if type(board) == "number" then board = sudoku.Board.new{size = board} end
  local p = logic.pencil(board)
  for _, rc in ipairs(out) do assert(p:eliminate(rc[1], rc[2], v) ~= nil) end
  return p
end

-- The cells {r, c} of row r (or column c when by_col) except those listed.
local function line_except(size, index, by_col, keep)
  local out, skip = {}, {}
  for _, k in ipairs(keep) do skip[k] = true end
  for i = 1, size do
    if not skip[i] then out[#out + 1] = by_col and {i, index} or {index, i} end
  end
  return out
end

local function concat(...)
  local out = {}
  for _, list in ipairs({...}) do
    for _, x in ipairs(list) do out[#out + 1] = x end
  end
  return out
end

-- The eliminations of a step as a sorted list of "rXcY=v" strings.
local function elims(st)
  local out = {}
  for _, e in ipairs(st.eliminations) do out[#out + 1] = ("r%dc%d=%d"):format(e[1], e[2], e[3]) end
  table.sort(out)
  return out
end

local function kinds(st)
  local out = {}
  for _, u in ipairs(st.units) do out[#out + 1] = u.kind .. u.index end
  return out
end

describe("a skyscraper", function()
  -- Digit 1: row 1 only at c1 and c4, row 5 only at c1 and c6. r1c1 and r5c1 share column 1,
  -- so r1c4 or r5c6 is 1: 1 leaves r2c6, r3c6 (box 2) and r4c4, r6c4 (box 5).
  local out = concat(line_except(9, 1, false, {1, 4}), line_except(9, 5, false, {1, 6}))

  it("takes the digit out of the cells that see both free ends", function()
    local steps = support.found(pencil(9, 1, out), "skyscraper")
    assert.are.equal(1, #steps)
    local st = steps[1]
    assert.are.equal(4.0, st.rating)
    assert.are.same({1}, st.digits)
    assert.are.same({"r2c6=1", "r3c6=1", "r4c4=1", "r6c4=1"}, elims(st))
    assert.are.same({"row1", "row5", "column1"}, kinds(st))
    assert.are.equal(2, st.base)
    assert.are.equal(4, #st.cells)
    assert.are.equal(3, #st.links)
    assert.is_true(st.links[1].strong and not st.links[2].strong and st.links[3].strong)
    assert.matches("^Skyscraper on 1: in row 1, 1 is at r1c4 or r1c1; in row 5, at r5c1 or r5c6; "
      .. "r1c1 and r5c1 share column 1", st.text)
    assert.matches("1 leaves r2c6, r3c6, r4c4 and r6c4%.$", st.text)
  end)

  it("needs two places in each row (a third place in another box breaks the link)", function()
    local near = concat(line_except(9, 1, false, {1, 4}), line_except(9, 5, false, {1, 6, 8}))
    assert.are.same({}, support.found(pencil(9, 1, near), "skyscraper"))
    assert.are.same({}, pencil(9, 1, near):find{allowed = MINE})
  end)

  it("works on 6x6 boards (2x3 boxes)", function()
    -- Row 1 at c1, c5; row 4 at c1, c6: 1 leaves r2c6 (box 2) and r3c5 (box 4).
    local o = concat(line_except(6, 1, false, {1, 5}), line_except(6, 4, false, {1, 6}))
    local hit
    for _, st in ipairs(support.found(pencil(6, 1, o), "skyscraper")) do
      if table.concat(kinds(st), " ") == "row1 row4 column1" then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({"r2c6=1", "r3c5=1"}, elims(hit))
  end)
end)

describe("a 2-string kite", function()
  -- Row 1 only at c2, c7; column 1 only at r3, r8; r1c2 and r3c1 share box 1: 1 leaves r8c7.
  local out = concat(line_except(9, 1, false, {2, 7}), line_except(9, 1, true, {3, 8}))

  it("joins a row link and a column link through a box", function()
    local steps = support.found(pencil(9, 1, out), "two_string_kite")
    assert.are.equal(1, #steps)
    assert.are.equal(4.1, steps[1].rating)
    assert.are.same({"r8c7=1"}, elims(steps[1]))
    assert.are.same({"row1", "column1", "box1"}, kinds(steps[1]))
    assert.are.same({}, support.found(pencil(9, 1, out), "skyscraper"))
  end)

  it("does not fire when the ends near the box are apart", function()
    local near = concat(line_except(9, 1, false, {5, 7}), line_except(9, 1, true, {3, 8}))
    assert.are.same({}, pencil(9, 1, near):find{allowed = MINE})
  end)
end)

describe("a turbot fish", function()
  -- Box 1 only at r2c2, r3c3; column 5 only at r2c5, r8c5; r2c2 and r2c5 share row 2:
  -- r3c3 or r8c5 is 1, so 1 leaves r8c3.
  local box = {}
  for r = 1, 3 do
    for c = 1, 3 do
      if not (r == 2 and c == 2) and not (r == 3 and c == 3) then box[#box + 1] = {r, c} end
    end
  end
  local out = concat(box, line_except(9, 5, true, {2, 8}))

  it("joins a box link and a line link", function()
    local steps = support.found(pencil(9, 1, out), "turbot_fish")
    assert.are.equal(1, #steps)
    assert.are.equal(4.2, steps[1].rating)
    assert.are.same({"r8c3=1"}, elims(steps[1]))
    assert.are.same({"column5", "box1", "row2"}, kinds(steps[1]))
    assert.matches("^Turbot fish on 1", steps[1].text)
  end)

  it("does not fire when the box link is not there", function()
    local near = concat(line_except(9, 5, true, {2, 8}))
    for r = 1, 3 do near[#near + 1] = {r, 1} end
    assert.are.same({}, pencil(9, 1, near):find{allowed = MINE})
  end)

  it("uses jigsaw regions as boxes", function()
    local b = sudoku.Board.new{size = 6}
    b:set_regions{
      {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 2}},
      {{1, 5}, {1, 6}, {2, 3}, {2, 4}, {2, 5}, {2, 6}},
      {{3, 1}, {3, 2}, {3, 3}, {4, 1}, {4, 2}, {4, 3}},
      {{3, 4}, {3, 5}, {3, 6}, {4, 4}, {4, 5}, {4, 6}},
      {{5, 1}, {5, 2}, {5, 3}, {5, 4}, {6, 1}, {6, 2}},
      {{5, 5}, {5, 6}, {6, 3}, {6, 4}, {6, 5}, {6, 6}},
    }
    -- Region 2 only at r1c5, r2c3; row 4 only at c3, c6; r2c3 and r4c3 share column 3:
    -- r1c5 or r4c6 is 1, so 1 leaves r3c5.
    local o = concat({{1, 6}, {2, 4}, {2, 5}, {2, 6}}, line_except(6, 4, false, {3, 6}))
    local hit
    for _, st in ipairs(support.found(pencil(b, 1, o), "turbot_fish")) do
      if table.concat(kinds(st), " ") == "row4 region2 column3" then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({"r3c5=1"}, elims(hit))
  end)
end)

describe("two box links", function()
  it("are left to chains on boxes, as SE does", function()
    -- Box 1 only at r1c1, r3c1; box 3 on the cross r1c7, r3c7, r3c9: the chain through row 3
    -- would take 2 out of r1c4, r1c5 and r1c6; no single-digit step joins the two boxes.
    local out = {}
    for r = 1, 3 do
      for c = 1, 9 do
        local keep = (c == 1 and r ~= 2) or (r == 1 and c == 7) or (r == 3 and (c == 7 or c == 9))
        if (c <= 3 or c >= 7) and not keep then out[#out + 1] = {r, c} end
      end
    end
    for _, st in ipairs(pencil(9, 2, out):find{allowed = MINE}) do
      assert.are_not.equal("box1 box3", st.units[1].kind .. st.units[1].index .. " "
        .. st.units[2].kind .. st.units[2].index)
    end
  end)

  it("join on jigsaw regions", function()
    local b = sudoku.Board.new{size = 6}
    b:set_regions{
      {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 2}},
      {{1, 5}, {1, 6}, {2, 3}, {2, 4}, {2, 5}, {2, 6}},
      {{3, 1}, {3, 2}, {3, 3}, {4, 1}, {4, 2}, {4, 3}},
      {{3, 4}, {3, 5}, {3, 6}, {4, 4}, {4, 5}, {4, 6}},
      {{5, 1}, {5, 2}, {5, 3}, {5, 4}, {6, 1}, {6, 2}},
      {{5, 5}, {5, 6}, {6, 3}, {6, 4}, {6, 5}, {6, 6}},
    }
    -- Region 1 only at r1c4, r2c1; region 3 only at r3c1, r4c3; r2c1 and r3c1 share column 1:
    -- r1c4 or r4c3 is 1, so 1 leaves r4c4.
    local o = {{1, 1}, {1, 2}, {1, 3}, {2, 2}, {3, 2}, {3, 3}, {4, 1}, {4, 2}}
    local hit
    for _, st in ipairs(support.found(pencil(b, 1, o), "turbot_fish")) do
      if table.concat(kinds(st), " ") == "region1 region3 column1" then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({"r4c4=1"}, elims(hit))
  end)
end)

describe("an empty rectangle", function()
  -- Box 5 keeps 1 on the cross of row 5 and column 5 only; column 8 only at r5c8, r9c8.
  -- r5c8 sees the box's row part, so r9c8 or the column part (r4c5, r6c5) is 1: 1 leaves r9c5.
  local corners = {{4, 4}, {4, 6}, {6, 4}, {6, 6}}
  local out = concat(corners, line_except(9, 8, true, {5, 9}))

  it("uses a box whose places lie on one row and one column as a strong link", function()
    local steps = support.found(pencil(9, 1, out), "empty_rectangle")
    assert.is_true(#steps >= 1)
    for _, st in ipairs(steps) do
      assert.are.equal(4.3, st.rating)
      assert.are.same({"r9c5=1"}, elims(st))
      assert.are.same({"column8", "box5", "row5"}, kinds(st))
    end
    assert.matches("^Empty rectangle on 1: in column 8, 1 is at r9c8 or r5c8; in box 5, at %(r5c4",
      steps[1].text)
    assert.matches("1 leaves r9c5%.$", steps[1].text)
  end)

  it("does not fire when the box's places leave the cross", function()
    local near = concat({{4, 6}, {6, 4}, {6, 6}}, line_except(9, 8, true, {5, 9}))
    assert.are.same({}, pencil(9, 1, near):find{allowed = MINE})
  end)

  it("rates a line link split between two boxes 4.3 too (grouped kite)", function()
    -- Row 1 only at c3, c8; column 2 at r2, r3 (box 1) and r7 (box 7): r1c3 and (r2c2, r3c2)
    -- share box 1, so r1c8 or r7c2 is 1: 1 leaves r7c8.
    local o = concat(line_except(9, 1, false, {3, 8}), line_except(9, 2, true, {2, 3, 7}))
    local steps = support.found(pencil(9, 1, o), "two_string_kite")
    assert.are.equal(1, #steps)
    assert.are.equal(4.3, steps[1].rating)
    assert.are.same({"r7c8=1"}, elims(steps[1]))
    assert.matches("^Grouped 2%-String Kite on 1: in row 1, 1 is at r1c8 or r1c3; in column 2, "
      .. "at %(r2c2, r3c2%) or r7c2", steps[1].text)
  end)
end)

describe("three strong links", function()
  -- Digit 1: row 1 only at c1 and c4, row 5 at c4 and c7, row 3 at c7 and c2. r1c4, r5c4 share
  -- column 4 and r5c7, r3c7 column 7: r1c1 or r3c2 is 1, and 1 leaves r2c1, r2c2, r2c3.
  local rows = concat(line_except(9, 1, false, {1, 4}), line_except(9, 5, false, {4, 7}),
    line_except(9, 3, false, {7, 2}))

  -- The step of that rating eliminating exactly want (the same places chain other ways too:
  -- through box 1, or with box 2's or box 3's places as grouped links at 5.7).
  local function step_with(p, rating, want)
    for _, st in ipairs(support.found(p, "three_strong_links")) do
      if st.rating == rating and table.concat(elims(st), " ") == table.concat(want, " ") then
        return st
      end
    end
  end

  local function lowest(p)
    local best
    for _, st in ipairs(support.found(p, "three_strong_links")) do
      if not best or st.rating < best.rating then best = st end
    end
    return best
  end

  it("chains three row links through two columns (SE's 3 skyscrapers, 5.4)", function()
    local p = pencil(9, 1, rows)
    assert.are.equal(5.4, lowest(p).rating)
    local st = step_with(p, 5.4, {"r2c1=1", "r2c2=1", "r2c3=1"})
    assert.is_truthy(st)
    assert.is_true(st.se)
    assert.are.equal(3, st.base)
    assert.are.equal(5, #st.links)
    assert.are.equal("Three strong links on 1: in row 1, 1 is at r1c1 or r1c4; in row 5, at r5c4 "
      .. "or r5c7; in row 3, at r3c7 or r3c2; r1c4 and r5c4 share column 4, r5c7 and r3c7 share "
      .. "column 7: r1c1 or r3c2 is 1, and 1 leaves r2c1, r2c2 and r2c3.", st.text)
    assert.is_truthy(step_with(p, 5.7, {"r2c1=1", "r2c2=1", "r2c3=1"}))
  end)

  it("rates rows and columns mixed 5.6 (SE's 3-string kite)", function()
    -- Row 1 at c1, c4; column 5 at r2, r7; row 8 at c6, c2: r1c4, r2c5 share box 2 and
    -- r7c5, r8c6 box 8: r1c1 or r8c2 is 1, and 1 leaves r2c2, r3c2 (box 1, column 2) and r7c1,
    -- r9c1 (column 1, box 7).
    local out = concat(line_except(9, 1, false, {1, 4}), line_except(9, 5, true, {2, 7}),
      line_except(9, 8, false, {6, 2}))
    local p = pencil(9, 1, out)
    assert.are.equal(5.6, lowest(p).rating)
    assert.is_truthy(step_with(p, 5.6, {"r2c2=1", "r3c2=1", "r7c1=1", "r9c1=1"}))
  end)

  it("split a box of four places in two rows into its two rows (SE's grouped link)", function()
    -- Digit 1: column 1 only at r1c1, r4c1; box 5 at r4c4, r4c5 (row 4) and r5c5, r5c6 (row 5);
    -- box 6 at r5c8, r6c9. r4c1 and box 5's row 4 share row 4, its row 5 and r5c8 share row 5:
    -- r1c1 or r6c9 is 1, and 1 leaves r1c9.
    local function out(extra)
      local o = concat(line_except(9, 1, true, {1, 4}))
      for r = 4, 6 do
        for c = 4, 9 do
          local keep = {[44] = true, [45] = true, [55] = true, [56] = true, [58] = true,
            [69] = true}
          if extra then keep[extra] = true end
          if not keep[r * 10 + c] then o[#o + 1] = {r, c} end
        end
      end
      return o
    end
    assert.is_truthy(step_with(pencil(9, 1, out()), 5.7, {"r1c9=1"}))
    -- Near miss: a place of 1 in box 5's third row (r6c4) leaves no two-row split.
    for _, st in ipairs(support.found(pencil(9, 1, out(64)), "three_strong_links")) do
      for _, e in ipairs(elims(st)) do assert.are_not.equal("r1c9=1", e) end
    end
  end)

  it("needs each link to be one (a third place in row 3 breaks the chain)", function()
    local near = concat(line_except(9, 1, false, {1, 4}), line_except(9, 5, false, {4, 7}),
      line_except(9, 3, false, {7, 2, 9}))
    local st = lowest(pencil(9, 1, near))
    assert.is_true(st == nil or st.rating > 5.4)
  end)
end)

describe("single-digit patterns soundness", function()
  support.soundness(MINE, {fire_elsewhere = true}, it, pending)
end)
