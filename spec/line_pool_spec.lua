-- core.line_pool: the command's line mode on threads of the core (csrc/batch/lineblock.c). Whatever
-- the threads and the order blocks finish in, each block's answers are what core.solve_block
-- gives for it, and they come back in the order the blocks went in; the pool holds
-- 2 * threads + 1 blocks, refuses more, and can be closed with blocks still in it.
local core = require "sudoku.core"
local data = require "support.data"

local PUZZLES = data.puzzles(data.fixtures .. "se_rated_sample.txt")
local P = PUZZLES[1]

-- Verdict mode writes the caller's words: the core has none of its own.
local WORDS = { unique = "one", multiple = "many", unknown = "?" }

-- Blocks of whole lines, each with plain puzzles and lines the caller must answer itself.
local function blocks(count)
  local list = {}
  for b = 1, count do
    local lines = {}
    for i = 1, 40 + b * 7 do lines[#lines + 1] = PUZZLES[(b * 31 + i) % #PUZZLES + 1] end
    lines[5] = "# a comment"
    lines[9] = P:sub(1, 40) .. "x" .. P:sub(42)          -- a hole: no symbol
    lines[13] = "12.." .. "..1." .. "...." .. "...."     -- a hole: 4x4
    lines[17] = "........1" .. ("."):rep(72)             -- several solutions
    lines[21] = "  " .. P .. " a note"
    list[b] = table.concat(lines, "\n") .. "\n"
  end
  return list
end

-- The answers a pool gives for `list`, submitted as soon as there is room.
local function through_pool(pool, list)
  local answers, next_block = {}, 1
  while next_block <= #list or pool:pending() > 0 do
    if next_block <= #list and not pool:full() then
      local lines = pool:submit(list[next_block])
      local _, count = list[next_block]:gsub("\n", "")
      assert.equal(count, lines)
      next_block = next_block + 1
    else
      local out, notes, info = pool:collect()
      answers[#answers + 1] = { out, notes, info }
    end
  end
  return answers
end

describe("core.line_pool", function()
  local list = blocks(23)

  for _, case in ipairs({
    { "solve", {} }, { "count", { limit = 3 } }, { "verdict", { words = WORDS } },
    { "count", { limit = 2, max_nodes = 1 } }, { "canon", {} }, { "canon_record", {} },
  }) do
    local mode, opts = case[1], case[2]
    for _, threads in ipairs({ 1, 2, 3 }) do
      it(("gives solve_block's answers in order: %s on %d threads"):format(mode, threads),
        function()
        local o = {}
        for k, v in pairs(opts) do o[k] = v end
        o.threads = threads
        local pool = core.line_pool(mode, o)
        local answers = through_pool(pool, list)
        pool:close()
        assert.equal(#list, #answers)
        for b, block in ipairs(list) do
          local out, notes, info = core.solve_block(block, mode, opts)
          assert.equal(out, answers[b][1])
          assert.same(notes, answers[b][2])
          assert.same(info, answers[b][3])
        end
      end)
    end
  end

  it("verdict: the caller's words in out, and a fault as data for every verdict but one solution",
    function()
    local block = table.concat({ P, "........1" .. ("."):rep(72), "11" .. ("."):rep(79), "" },
      "\n")
    local out, notes = core.solve_block(block, "verdict", { words = WORDS })
    assert.equal("one\nmany\n", out)
    -- A note comes after its record's word: `at` counts it.
    assert.same({ { line = 2, at = 9, fault = { kind = "not_unique" } },
      { line = 3, at = 9, hole = true, start = 164, len = 81 } }, notes)
    out, notes = core.solve_block(("."):rep(81) .. "\n", "verdict",
      { words = WORDS, max_nodes = 1 })
    assert.equal("?\n", out)
    assert.same({ { line = 1, at = 2, fault = { kind = "gave_up", nodes = 1 } } }, notes)
    out, notes = core.solve_block(("."):rep(81) .. "\n", "count", { limit = 2, max_nodes = 1 })
    assert.equal("", out)
    assert.same({ { line = 1, at = 0, fault = { kind = "gave_up", nodes = 1 } } }, notes)
  end)

  it("verdict mode needs the caller's words, each one line of at most 64 bytes", function()
    assert.has_error(function() core.solve_block(P, "verdict") end)
    assert.has_error(function() core.line_pool("verdict", {}) end)
    assert.has_error(function() core.solve_block(P, "verdict", { words = { unique = "u" } }) end)
    assert.has_error(function()
      core.solve_block(P, "verdict", { words = { unique = ("u"):rep(65), multiple = "m",
        unknown = "?" } })
    end)
    assert.has_error(function()
      core.solve_block(P, "verdict", { words = { unique = "u\n", multiple = "m", unknown = "?" } })
    end)
  end)

  it("canon and canon_record: a form per line of out, the hole's clash left to the caller", function()
    local block = table.concat({ P, "11" .. ("."):rep(79), "  " .. P:gsub("%.", "0") .. " , a note ",
      P .. " ,  " }, "\n")
    local out, notes, info = core.solve_block(block, "canon")
    local form = core.canonical(P)
    assert.equal(form .. "\n" .. form .. "\n" .. form .. "\n", out)
    assert.same({ { line = 2, at = 82, hole = true, start = 82, len = 81 } }, notes)
    assert.equal(string.rep(core.canonical(P):gsub("%.", "\0"):gsub("%d", function(d)
      return string.char(tonumber(d)) end), 3), info.forms)
    out = core.solve_block(block, "canon_record")
    assert.equal(P .. "\n" .. P .. " , a note\n" .. P .. "\n", out)
  end)

  it("does the same with no thread (inline), each block when it is submitted", function()
    local pool = core.line_pool("solve", { threads = 4 }, true)
    assert.is_false(pool:full())
    local answers = through_pool(pool, list)
    pool:close()
    for b, block in ipairs(list) do
      local out, notes = core.solve_block(block, "solve")
      assert.equal(out, answers[b][1])
      assert.same(notes, answers[b][2])
    end
  end)

  it("holds 2 * threads + 1 blocks and refuses one more", function()
    local pool = core.line_pool("solve", { threads = 2 })
    for _ = 1, 5 do pool:submit(list[1]) end
    assert.is_true(pool:full())
    assert.equal(5, pool:pending())
    assert.has_error(function() pool:submit(list[1]) end, "line pool is full: collect first")
    local out = pool:collect()
    assert.equal((core.solve_block(list[1], "solve")), out)
    assert.equal(4, pool:pending())
    assert.is_false(pool:full())
    pool:close()
  end)

  it("gives nothing to collect when no block is pending", function()
    local pool = core.line_pool("verdict", { threads = 2, words = WORDS })
    assert.equal(0, select("#", pool:collect()))
    pool:close()
  end)

  it("closes with blocks still in it, twice, and refuses to be used after", function()
    local pool = core.line_pool("count", { threads = 2, limit = 2 })
    for _ = 1, 3 do pool:submit(list[2]) end
    pool:close()
    pool:close()
    assert.has_error(function() pool:submit(list[1]) end, "line pool is closed")
    assert.has_error(function() pool:collect() end, "line pool is closed")
  end)

  it("is closed when collected as garbage, threads and all", function()
    for _ = 1, 20 do
      local pool = core.line_pool("solve", { threads = 2 })
      pool:submit(list[3])
    end
    collectgarbage()
    collectgarbage()
  end)

  it("takes solve_many's options and refuses what solve_block refuses", function()
    assert.has_error(function() core.line_pool("count") end)
    assert.has_error(function() core.line_pool("solve", { thread = 2 }) end)
    assert.has_error(function() core.line_pool("guess") end)
    assert.has_error(function() core.line_pool("solve", { threads = -1 }) end)
  end)

  it("answers a block with no record and an empty block", function()
    local pool = core.line_pool("solve", { threads = 2 })
    assert.equal(3, pool:submit("# only\n\n  \n"))
    assert.equal(0, pool:submit(""))
    local out, notes, info = pool:collect()
    assert.equal("", out)
    assert.same({}, notes)
    assert.same({ lines = 3, records = 0, interrupted = false, guesses = 0 }, info)
    out, notes, info = pool:collect()
    assert.equal("", out)
    assert.same({}, notes)
    assert.same({ lines = 0, records = 0, interrupted = false, guesses = 0 }, info)
    pool:close()
  end)
end)
