-- sudoku.records.route, lines and blocks: the stream of records the `sudoku` command reads.
-- A route task answers a chunk of records wherever is cheapest (the line pool in C, the batch
-- solver, the record model in Lua) and hands back answers as data, in order; lines reads line
-- mode's records of a source; blocks takes blocks of lines through the line pool, in order.
-- Nothing here prints or words a fault: the answers below are data.
local sudoku = require "sudoku"
local record = require "sudoku.format.record"
local route = require "sudoku.records.route"
local lines = require "sudoku.records.lines"
local blocks = require "sudoku.records.blocks"

local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
local CLASH = "55" .. PUZZLE:sub(3)
local MANY = "........1" .. ("."):rep(72)
local BAD = PUZZLE:sub(1, 40) .. "x" .. PUZZLE:sub(42)

-- Runs a chunk handler over items and gives back what it emitted, in order:
-- {answer, why, made} per item.
local function run(handler, items)
  local got = {}
  handler(items, function(k, answer, why, made)
    assert.is_nil(got[k], "emitted twice")
    got[k] = { answer, why, made or false }
  end)
  return got
end

local function line_items(texts)
  local items = {}
  for i, text in ipairs(texts) do items[i] = { line = i, text = text } end
  return items
end

local function record_items(texts)
  local items = {}
  for i, text in ipairs(texts) do
    items[i] = { line = i, record = record.new(assert(sudoku.parse(text))) }
  end
  return items
end

describe("sudoku.records.route", function()
  describe("solve", function()
    it("answers line-mode puzzles with their solved records, or why not, in order", function()
      local got = run(route.solve({}).lines, line_items{ PUZZLE, CLASH, BAD })
      -- The batch solver made the first answer, with others at once.
      assert.equal(SOLUTION, got[1][1].board:symbols())
      assert.is_true(got[1][3])
      -- The record model says why a puzzle has no solution.
      assert.equal("no solution: givens clash: 5 at row 1, column 1 and at row 1, column 2",
        got[2][2])
      -- A line that cannot be read gives the reader's fault as data, for the caller to word.
      assert.is_nil(got[3][1])
      assert.same({ "bad_char", 41 }, { got[3][2].kind, got[3][2].column })
    end)

    it("gives the solution's symbols instead where the batch solved it, with symbols", function()
      local got = run(route.solve({ symbols = true }).lines, line_items{ PUZZLE })
      assert.same({ SOLUTION, nil, true }, got[1])
    end)

    it("answers format-mode records with their solved records", function()
      local got = run(route.solve({}).records, record_items{ PUZZLE })
      assert.equal(SOLUTION, got[1][1].board:symbols())
    end)

    it("sends whole blocks to the line pool only for symbols read without a box", function()
      assert.is_function(route.solve({ symbols = true }).pool)
      assert.is_nil(route.solve({}).pool)
      assert.is_nil(route.solve({ symbols = true, box = { 3, 3 } }).pool)
      -- On threads the pool takes blocks in pieces, so that its threads share a small file.
      assert.is_nil(route.solve({ symbols = true, threads = 1 }).pool_piece)
      assert.is_number(route.solve({ symbols = true, threads = 2 }).pool_piece)
    end)
  end)

  it("count: each record's number of solutions, up to the limit", function()
    local got = run(route.count({ limit = 5 }).lines, line_items{ PUZZLE, CLASH, MANY })
    assert.same({ 1, 0, 5 }, { got[1][1], got[2][1], got[3][1] })
  end)

  describe("verdict", function()
    it("names each record's verdict, with why for all but unique", function()
      local got = run(route.verdict({ words = {} }).lines, line_items{ PUZZLE, MANY, CLASH, BAD })
      assert.same({ "unique", nil, true }, got[1])
      assert.same({ "multiple", "more than one solution", false }, got[2])
      assert.equal("none", got[3][1])
      assert.equal("malformed", got[4][1])
      assert.equal("bad_char", got[4][2].kind)
    end)

    it("hands the caller's words to the line pool, which writes them and no word of its own",
      function()
      local task = route.verdict({ threads = 1, words = { unique = "yes", multiple = "no",
        unknown = "?" } })
      local pool = task.pool(9)
      pool:submit(PUZZLE .. "\n" .. MANY .. "\n")
      local out, notes = pool:collect()
      pool:close()
      assert.equal("yes\nno\n", out)
      assert.same({ kind = "not_unique" }, notes[1].fault)
    end)
  end)

  it("rate: each record's rating, with its puzzle as a line of values", function()
    local got = run(route.rate({ logic = { se_only = true } }).lines, line_items{ PUZZLE, MANY })
    assert.equal(PUZZLE, got[1][1].puzzle)
    assert.is_number(got[1][1].rating)
    assert.equal("more than one solution", got[2][2])
  end)

  describe("canon", function()
    -- PUZZLE with its digits relabelled: the same class.
    local SAME = PUZZLE:gsub("%d", function(d) return tostring(10 - tonumber(d)) end)

    it("gives each record's canonical form, or why it has none", function()
      local task = route.canon({})
      local got = run(task.records, record_items{ PUZZLE, SAME, CLASH })
      assert.equal(got[1][1], got[2][1])
      assert.equal(81, #got[1][1])
      assert.is_nil(got[3][1])
      assert.is_string(got[3][2])
    end)

    it("with unique, answers only the first record of each class, and counts the others",
      function()
      local task = route.canon({ unique = true })
      local got = run(task.lines, line_items{ PUZZLE, SAME, PUZZLE .. " # a note" })
      assert.is_string(got[1][1])
      assert.same({ nil, nil, false }, got[2])
      assert.same({ nil, nil, false }, got[3])
      assert.same({ 1, 2 }, { task.counts() })
    end)

    it("with records, answers with the first record of each class itself", function()
      local got = run(route.canon({ records = true }).records, record_items{ PUZZLE, SAME })
      assert.equal(PUZZLE, got[1][1].board:symbols())
      assert.is_nil(got[2][1])
    end)

    it("keeps the pool's lines of new classes, in input order with the others", function()
      local task = route.canon({ unique = true, threads = 1 })
      run(task.lines, line_items{ PUZZLE })
      local pool = task.pool(9)
      pool:submit(SAME .. "\n" .. MANY .. "\n")
      local out, _, info = pool:collect()
      pool:close()
      -- SAME's class was seen on the Lua path: only MANY's form is kept.
      assert.equal(out:sub(83), task.block_text(out, 0, #out, info))
      assert.same({ 2, 1 }, { task.counts() })
    end)
  end)
end)

-- A source over a string, read in blocks as the command reads a file.
local source_of = require("support.sources").blocks_of

describe("sudoku.records.lines", function()
  it("reads a record per line, skipping blank and comment lines, with faults as data", function()
    local reader = lines.new(source_of(table.concat({ "# a list", PUZZLE, "", " ,x",
      ("."):rep(16), PUZZLE .. " a note" }, "\n") .. "\n"))
    assert.same({ line = 2, text = PUZZLE }, reader:next())
    local item = reader:next()
    assert.same({ 4, "no_puzzle" }, { item.line, item.fault.kind })
    -- The first record fixed the board size: a 4x4 puzzle is of another size here.
    item = reader:next()
    assert.same({ "other_size", 16, 81 }, { item.fault.kind, item.fault.cells, item.fault.expected })
    assert.same({ line = 6, text = PUZZLE }, reader:next())
    assert.is_nil(reader:next())
    assert.equal(9, reader:size())
  end)

  it("gives whole lines with whole, and reads every size with size auto", function()
    local reader = lines.new(source_of(PUZZLE .. " a note\n" .. ("."):rep(16) .. "\n"),
      { whole = true, size = "auto" })
    assert.same({ line = 1, text = PUZZLE .. " a note" }, reader:next())
    assert.same({ line = 2, text = ("."):rep(16) }, reader:next())
    assert.equal("auto", reader:size())
  end)
end)

describe("sudoku.records.blocks", function()
  -- A pool that answers a block with its own text, and remembers what it was given.
  local function echo_pool(log)
    local pending = {}
    return {
      full = function() return #pending >= 2 end,
      pending = function() return #pending end,
      submit = function(_, text)
        pending[#pending + 1] = text
        local _, n = text:gsub("\n", "")
        return n
      end,
      collect = function()
        local text = table.remove(pending, 1)
        return text, {}, { lines = select(2, text:gsub("\n", "")) }
      end,
      close = function() log.closed = true end,
    }
  end

  it("takes blocks through the pool and finishes them in input order, cut in pieces", function()
    local log, finished, advanced = {}, {}, 0
    local queue = blocks.new{
      pool = function(size) log.size = size return echo_pool(log) end,
      piece = 25, size = function() return 9 end, pending = function() return false end,
      advance = function(n) advanced = advanced + n end,
      finish = function(text, first_line, out)
        finished[#finished + 1] = { first_line, out }
        assert.equal(text, out)
        return true
      end,
    }
    assert.is_true(queue:submit("aaaaaaaaaa\nbbbbbbbbbb\ncccccccccc\n", 1))
    assert.is_true(queue:drain())
    queue:close()
    assert.equal(9, log.size)
    assert.is_true(log.closed)
    assert.equal(3, advanced)
    -- Each piece ends after a line end, and knows its first line.
    assert.same({ { 1, "aaaaaaaaaa\nbbbbbbbbbb\n" }, { 3, "cccccccccc\n" } }, finished)
  end)
end)
