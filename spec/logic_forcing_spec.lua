-- Forcing chains: Nishio, cell and unit (multiple) chains, dynamic chains, dynamic chains (+),
-- nested chains (csrc/logic/forcing.c over the propagation of forcing_prop.c).
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local support = require "support.logic"

local EMPTY = string.rep(".", 81)

local CHAINS = {"nishio", "cell_forcing_chain", "unit_forcing_chain", "dynamic_forcing_chain",
                "dynamic_forcing_chain_plus"}

local function all_but(v, n)
  local t = {}
  for i = 1, n or 9 do if i ~= v then t[#t + 1] = i end end
  return t
end

-- The steps of one technique, that technique alone allowed (the others would cost the time).
local function found(p, name)
  return support.found(p, name, {allowed = {name}})
end

-- "r,c,v" keys of a step's eliminations (and "=r,c,v" of its placements).
local function keys(st)
  local out = {}
  for _, e in ipairs(st.eliminations) do out[#out + 1] = ("%d,%d,%d"):format(e[1], e[2], e[3]) end
  for _, e in ipairs(st.placements) do out[#out + 1] = ("=%d,%d,%d"):format(e[1], e[2], e[3]) end
  return out
end

local function concluding(steps, key)
  local out = {}
  for _, st in ipairs(steps) do
    for _, k in ipairs(keys(st)) do if k == key then out[#out + 1] = st end end
  end
  return out
end

-- Every link of a step joins two candidates; the chain reaches the conclusion from the
-- assumption: the conclusion's cell is the last link's end (it is the last node added).
local function check_links(st, r, c)
  assert.is_true(#st.links > 0)
  for _, l in ipairs(st.links) do
    assert.are.equal(6, #l)   -- r1, c1, v1, r2, c2, v2
    assert.is_boolean(l.strong)
  end
  local found_end = false
  for _, l in ipairs(st.links) do
    if l[4] == r and l[5] == c then found_end = true end
  end
  assert.is_true(found_end, "no link ends at the conclusion's cell")
end

-- The X-wing of 5 on rows 1 and 2, columns 1 and 4 (nothing else placed or removed).
local function xwing_pencil()
  local keep = {}
  for c = 1, 9 do
    if c ~= 1 and c ~= 4 then
      keep[#keep + 1] = {1, c, all_but(5)}
      keep[#keep + 1] = {2, c, all_but(5)}
    end
  end
  return support.pencil(EMPTY, keep)
end

describe("Nishio forcing chains", function()
  it("remove a candidate whose assumption empties a unit of its digit", function()
    local steps = found(xwing_pencil(), "nishio")
    -- Rows 4-9 of columns 1 and 4 (the X-wing), and row 3's first six cells (box 3 keeps 5 in
    -- row 3 once rows 1 and 2 lose it there).
    local want = {}
    for r = 4, 9 do
      want[("%d,1,5"):format(r)] = true
      want[("%d,4,5"):format(r)] = true
    end
    for c = 1, 6 do want[("3,%d,5"):format(c)] = true end
    local got = {}
    for _, st in ipairs(steps) do
      assert.are.same({5}, st.digits)
      assert.is_true(st.rating >= 7.5 and st.rating <= 8.5)
      for _, k in ipairs(keys(st)) do got[k] = true end
    end
    assert.are.same(want, got)
    local st = concluding(steps, "5,1,5")[1]
    assert.matches("^If r5c1 were 5, .* so r5c1 is not 5%.$", st.text)
    check_links(st, 2, 4)
  end)

  it("do not fire when the digit keeps a third place in row 2 (near miss)", function()
    local keep = {}
    for c = 1, 9 do
      if c ~= 1 and c ~= 4 then keep[#keep + 1] = {1, c, all_but(5)} end
      if c ~= 1 and c ~= 4 and c ~= 7 then keep[#keep + 1] = {2, c, all_but(5)} end
    end
    local steps = found(support.pencil(EMPTY, keep), "nishio")
    assert.are.equal(0, #concluding(steps, "5,1,5"))
    assert.are.equal(0, #concluding(steps, "5,4,5"))
  end)

  it("work on a 6x6 board", function()
    local p = logic.pencil(sudoku.Board.new{size = 6})
    for c = 1, 6 do
      if c ~= 1 and c ~= 4 then
        assert(p:eliminate(1, c, 5))
        assert(p:eliminate(2, c, 5))
      end
    end
    local got = {}
    for _, st in ipairs(found(p, "nishio")) do
      for _, k in ipairs(keys(st)) do got[k] = true end
    end
    local want = {}
    for r = 3, 6 do
      want[("%d,1,5"):format(r)] = true
      want[("%d,4,5"):format(r)] = true
    end
    assert.are.same(want, got)
  end)
end)

-- r5c5 holds 1, 2 or 3; each leads to 4 in a cell that sees r1c1: r5c1 {1,4}, r1c5 {2,4}, and
-- through r5c2 {3,6} to r2c2 {4,6}.
local function cell_pencil(r5c5, r2c2)
  return support.pencil(EMPTY, {{5, 5, r5c5}, {5, 1, {1, 4}}, {1, 5, {2, 4}}, {5, 2, {3, 6}},
                                {2, 2, r2c2}})
end

describe("cell forcing chains", function()
  it("conclude what every candidate of a cell implies", function()
    local steps = found(cell_pencil({1, 2, 3}, {4, 6}), "cell_forcing_chain")
    local hits = concluding(steps, "1,1,4")
    assert.are.equal(1, #hits)
    local st = hits[1]
    assert.are.equal("Whichever value r5c5 takes (1, 2 or 3), r1c1 could not be 4; "
      .. "so 4 leaves r1c1.", st.text)
    assert.are.same({"1,1,4"}, keys(st))
    assert.are.equal(8.3, st.rating)   -- 8.0 and SE's length increments
    check_links(st, 1, 1)
  end)

  it("do not fire when one branch is not forced (near miss: r2c2 has three candidates)", function()
    local steps = found(cell_pencil({1, 2, 3}, {4, 6, 7}), "cell_forcing_chain")
    assert.are.equal(0, #concluding(steps, "1,1,4"))
  end)
end)

describe("unit forcing chains", function()
  local function pencil(r4c5)
    local keep = {{4, 1, {7, 8}}, {4, 5, r4c5}}
    for c = 1, 9 do if c ~= 1 and c ~= 5 then keep[#keep + 1] = {9, c, all_but(7)} end end
    return support.pencil(EMPTY, keep)
  end

  it("conclude what every place of a digit in a unit implies", function()
    local hit
    for _, st in ipairs(found(pencil({7, 8}), "unit_forcing_chain")) do
      if st.units[1].kind == "row" and st.units[1].index == 9 then hit = st end
    end
    assert.is_truthy(hit)
    assert.are.same({7}, hit.digits)
    assert.are.same({"1,1,7"}, keys(hit))
    assert.matches("^Wherever 7 goes in row 9 %(r9c1 or r9c5%)", hit.text)
    check_links(hit, 1, 1)
  end)

  it("do not fire when one place leads nowhere (near miss: r4c5 has three candidates)", function()
    for _, st in ipairs(found(pencil({7, 8, 9}), "unit_forcing_chain")) do
      assert.is_false(st.units[1].kind == "row" and st.units[1].index == 9, st.text)
    end
  end)
end)

describe("dynamic forcing chains", function()
  it("take a bivalue cell's two branches (the static form needs three)", function()
    local p = cell_pencil({1, 2}, {4, 6})
    assert.are.equal(0, #concluding(found(p, "cell_forcing_chain"), "1,1,4"))
    local hits = concluding(found(p, "dynamic_forcing_chain"), "1,1,4")
    assert.is_true(#hits > 0)
    local texts = {}
    for _, st in ipairs(hits) do
      texts[st.text] = true
      assert.is_true(st.rating >= 8.5 and st.rating <= 9.5)
    end
    assert.is_true(texts["Whichever value r5c5 takes (1 or 2), r1c1 could not be 4; "
      .. "so 4 leaves r1c1."])
  end)

  it("do not fire when a branch is open (near miss: r1c5 has three candidates)", function()
    local p = support.pencil(EMPTY, {{5, 5, {1, 2}}, {5, 1, {1, 4}}, {1, 5, {2, 4, 7}}})
    assert.are.equal(0, #concluding(found(p, "dynamic_forcing_chain"), "1,1,4"))
  end)
end)

-- Every chain p:find reports at each position of the easiest-first path (every technique) of
-- every `every`-th puzzle of the calibration set rated at least min, checked against the
-- solution. Returns the number of puzzles (nil without the set), the steps found per technique,
-- the positions.
local function sound_run(every, min)
  local boards = support.rated_boards(min, every)
  if not boards then return nil end
  local fired, positions = support.sound_boards(boards, {allowed = CHAINS}, {hint = {}})
  return #boards, fired, positions
end

-- A hard puzzle: its path needs dynamic chains (+) and nested chains here (the other families
-- live in other files).
local HARD = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"

describe("the last resort", function()
  it("gives every puzzle with one solution a complete, sound path: a hard one", function()
    local b = assert(sudoku.parse(HARD))
    local solution = b:copy()
    assert(solution:solve())
    local steps, info = logic.steps(b)
    assert.is_true(info.solved)
    assert.is_nil(support.unsound(steps, solution))
    local seen = {}
    for _, st in ipairs(steps) do seen[st.technique] = true end
    assert.is_true(seen.nested_forcing_chain or seen.dynamic_forcing_chain_plus)
    assert.is_true(info.rating >= 9.0)
  end)

  -- A hint builds only the nested step that can win (forcing.c: the others are measured, not
  -- built); find builds them all. Both must agree on which comes first.
  it("hints the first of the easiest nested chains that find lists, in either order", function()
    local pencil = logic.pencil(assert(sudoku.parse(HARD)))
    local checked = 0
    while not pencil:solved() and checked < 1 do
      local step = assert(pencil:hint())
      if step.technique == "nested_forcing_chain" then
        local all = pencil:find{ allowed = { "nested_forcing_chain" } }
        assert.is_true(#all > 1)
        assert.are.equal(all[1].rating, step.rating)
        assert.are.equal(all[1].text, step.text)
        local se = assert(pencil:hint{ se_only = true })
        assert.are.equal(all[1].text, se.text)
        checked = checked + 1
      end
      assert(pencil:apply(step))
    end
    assert.are.equal(1, checked)
  end)

  it("is sound at every position of a path: Nishio, cell, unit and dynamic chains", function()
    local puzzles, fired = sound_run(97, 7.5)
    if not puzzles then return pending("no calibration set") end
    assert.is_true(puzzles >= 10)
    for _, name in ipairs(CHAINS) do assert.is_true((fired[name] or 0) > 0, name) end
  end)
end)

-- Every 303rd calibration puzzle in the whole suite (#slow, CI's default run, whose 20 minutes
-- it shares), every 17th in the #long run (make check-all): the same checks, 18 times the
-- puzzles.
for _, run in ipairs{ { tag = "#slow", every = 303, least = 16 },
                      { tag = "#long", every = 17, least = 300 } } do
  describe("forcing chains over many puzzles " .. run.tag, function()
    it(("are sound at every position of the paths of %d rated puzzles"):format(run.least),
      function()
        local t0 = os.clock()
        local puzzles, fired, positions = sound_run(run.every, 0)
        if not puzzles then return pending("no calibration set") end
        assert.is_true(puzzles >= run.least)
        local parts = {}
        for _, name in ipairs(CHAINS) do
          assert.is_true((fired[name] or 0) > 0, name)
          parts[#parts + 1] = ("%s %d"):format(name, fired[name])
        end
        print(("\nforcing chains: %d puzzles, %d positions, %.1f s; found %s"):format(
          puzzles, positions, os.clock() - t0, table.concat(parts, ", ")))
      end)
  end)
end

-- Every 150th of the forum's hardest in the whole suite, every 25th in the #long run.
for _, run in ipairs{ { tag = "#slow", every = 150 }, { tag = "#long", every = 25 } } do
  describe("the hardest puzzles " .. run.tag, function()
    it("all get a complete, sound path with every technique allowed (a sample)", function()
      local path = "../shared/data/forum_hardest_1106.txt"
      local f = io.open(path)
      if not f then return pending("no " .. path) end
      f:close()
      local i, tried, solved = 0, 0, 0
      local counts = {}
      for line in io.lines(path) do
        local p = line:match("^([%d%.]+)")
        if p and #p == 81 then
          i = i + 1
          if i % run.every == 1 then
            local b = assert(sudoku.parse(p))
            local solution = b:copy()
            assert(solution:solve())
            local steps, info = logic.steps(b)
            tried = tried + 1
            if info.solved then solved = solved + 1 end
            assert.is_nil(support.unsound(steps, solution))
            for _, st in ipairs(steps) do counts[st.technique] = (counts[st.technique] or 0) + 1 end
          end
        end
      end
      assert.are.equal(tried, solved)
      assert.is_true((counts.nested_forcing_chain or 0) > 0)
    end)
  end)
end
