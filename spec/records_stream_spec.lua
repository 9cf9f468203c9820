-- sudoku.records.stream: the one loop from an input to its answers. It reads the source (line
-- mode through sudoku.records.lines, every other format through sudoku.format's readers), hands
-- the records to a task (sudoku.records.route's) a chunk at a time, sends whole blocks of lines
-- to the task's line pool, and gives every answer back as data, in input order. It prints
-- nothing and words no fault; a signal stops it at the flag it is handed.
local route = require "sudoku.records.route"
local stream = require "sudoku.records.stream"

local PUZZLE = require("support.puzzles").WIKI
local CLASH = "55" .. PUZZLE:sub(3)
local MANY = "........1" .. ("."):rep(72)
local BAD = PUZZLE:sub(1, 40) .. "x" .. PUZZLE:sub(42)
local SMALL = ("."):rep(16)

-- A source over a string, read in blocks as the command reads a file.
local source_of = require("support.sources").blocks_of

local function lines_of(list)
  return table.concat(list, "\n") .. "\n"
end

-- Every answer of a stream, one at a time, and the stream.
local function answers_of(text, opts)
  local s = assert(stream.new(source_of(text), opts))
  local list = {}
  for answer in s:each() do list[#list + 1] = answer end
  return list, s
end

-- An answer as a short line, to compare a whole stream at a glance: "L: value", "L: why KIND",
-- "L: fault KIND" or "block TEXT".
local function brief(answer)
  local function kind(why) return type(why) == "table" and why.kind or why end
  if answer.block then return "block " .. answer.block end
  if answer.fault then return ("%d: fault %s"):format(answer.line, answer.fault.kind) end
  if answer.why then return ("%d: why %s"):format(answer.line, kind(answer.why)) end
  return ("%d: %s"):format(answer.line, tostring(answer.value))
end

local function briefs(list)
  local out = {}
  for i, answer in ipairs(list) do out[i] = brief(answer) end
  return out
end

local INPUT = lines_of{ PUZZLE, CLASH, " ,x", BAD, MANY, SMALL, PUZZLE }

describe("sudoku.records.stream", function()
  it("answers a line file in input order on the Lua path, unreadable lines in their places",
    function()
    -- A shape given (box): no line pool, every line through the task's lines handler.
    local list = answers_of(INPUT, { task = route.count({ limit = 2, box = { 3, 3 } }) })
    assert.same({ "1: 1", "2: 0", "3: fault no_puzzle", "4: why bad_char", "5: 2",
      "6: fault other_size", "7: 1" }, briefs(list))
    -- A line-mode answer keeps its puzzle's text.
    assert.equal(PUZZLE, list[1].text)
  end)

  it("passes the line pool's output through as whole blocks of text, in the same order",
    function()
    local list = answers_of(INPUT, { task = route.count({ threads = 1, limit = 2 }) })
    -- The pool's lines come as text (no table a record); what it refuses or cannot read comes
    -- as data in its place; the last piece of a block says how many records the pool answered.
    assert.same({ "block 1\n0\n", "3: fault no_puzzle", "4: why bad_char", "block 2\n",
      "6: fault other_size", "block 1\n" }, briefs(list))
    assert.equal(4, list[#list].records)
  end)

  it("gives the same answers on threads of the pool, cut in pieces", function()
    local many = {}
    for i = 1, 3000 do many[i] = (i % 3 == 0) and CLASH or PUZZLE end
    local text = ""
    for answer in assert(stream.new(source_of(lines_of(many)),
      { task = route.count({ threads = 2, limit = 2 }) })):each() do
      text = text .. assert(answer.block)
    end
    local want = {}
    for i = 1, 3000 do want[i] = (i % 3 == 0) and "0" or "1" end
    assert.equal(lines_of(want), text)
  end)

  it("hands the lines the pool leaves (holes) to the task, in their places", function()
    local words = { unique = "unique", multiple = "multiple", unknown = "unknown" }
    local list = answers_of(lines_of{ PUZZLE, CLASH, MANY },
      { task = route.verdict({ threads = 1, words = words }) })
    -- CLASH needs words why it has none: the Lua path gives its verdict and reason.
    assert.same({ "block unique\n", "2: why no solution: givens clash: 5 at row 1, column 1 and "
      .. "at row 1, column 2", "block multiple\n", "3: why not_unique", "block " }, briefs(list))
    assert.equal("none", list[2].value)
  end)

  it("gives its answers a group at a time: a chunk's on the Lua path, a block's from the pool",
    function()
    local function sizes(text, task)
      local s, list = assert(stream.new(source_of(text), { task = task })), {}
      while true do
        local group = s:group()
        if not group then return list end
        list[#list + 1] = #group
      end
    end
    local many = {}
    for i = 1, stream.CHUNK + 1 do many[i] = PUZZLE end
    assert.same({ stream.CHUNK, 1 }, sizes(lines_of(many), route.count({ box = { 3, 3 } })))
    -- A short file is one block of the pool: one group, what it left in its places.
    assert.same({ 6 }, sizes(INPUT, route.count({ threads = 1, limit = 2 })))
  end)

  it("reads every other format record by record, through the task's records handler", function()
    local grid = PUZZLE:gsub("(.........)", "%1\n") .. "\n" .. CLASH:gsub("(.........)", "%1\n")
    local list = answers_of(grid, { task = route.count({ limit = 2 }) })
    assert.same({ "1: 1", "11: 0" }, briefs(list))
    assert.is_table(list[1].record)
  end)

  it("takes a task of any kind with a records handler, and tells it the format", function()
    local told
    local list = answers_of(INPUT, { task = function(from)
      told = from
      return { records = function(items, emit)
        for i, item in ipairs(items) do emit(i, (item.record.board:size())) end
      end }
    end })
    -- A task without a lines handler reads a line file record by record too: the line format's
    -- reader says what it cannot read.
    assert.equal("line", told)
    assert.same({ "1: 9", "2: 9", "3: fault bad_size", "4: fault bad_char", "5: 9",
      "6: fault other_size", "7: 9" }, briefs(list))
  end)

  it("refuses an input whose format cannot be told, and UTF-16 text in line mode, as data",
    function()
    local s, why = stream.new(source_of("hello\nworld\n"), { task = route.count({}) })
    assert.is_nil(s)
    assert.is_string(why)
    s, why = stream.new(source_of("\255\254" .. ("5\0"):rep(81) .. "\n\0"),
      { from = "line", task = route.count({}) })
    assert.is_nil(s)
    assert.equal("utf16", why.kind)
  end)

  it("stops at the interrupt flag between two records, keeping the answers made", function()
    local flag = false
    local list, s = answers_of(INPUT, {
      interrupted = function() return flag end,
      task = { records = function(items, emit)
        for i in ipairs(items) do
          flag = true               -- a signal comes while the first record is answered
          emit(i, i)
        end
      end },
    })
    -- Its answer was made and is kept; no other is asked for.
    assert.same({ "1: 1" }, briefs(list))
    assert.is_true(s.stopped)
  end)

  it("stops in the line pool's blocks too, and gives what was done before the signal", function()
    local flag = false
    local list, s = answers_of(lines_of{ PUZZLE, CLASH, PUZZLE, CLASH, PUZZLE }, {
      interrupted = function() return flag end,
      task = (function()
        local task = route.verdict({ threads = 1, words = { unique = "u", multiple = "m",
          unknown = "?" } })
        local lines = task.lines
        function task.lines(items, emit)
          flag = true               -- the signal comes as the pool's holes are answered
          return lines(items, emit)
        end
        return task
      end)(),
    })
    assert.is_true(s.stopped)
    -- The first hole was answered, the second not: the block's answers up to it stay, whole.
    assert.same({ "block u\n", "2: why no solution: givens clash: 5 at row 1, column 1 and at "
      .. "row 1, column 2", "block u\n" }, briefs(list))
  end)

  it("raises any other error once the answers before it are given", function()
    local s = assert(stream.new(source_of(INPUT), { task = { records = function(_, emit)
      emit(1, "first")
      error("a bug", 0)
    end } }))
    assert.same({ "1: first" }, briefs(s:group()))
    assert.has_error(function() s:group() end, "a bug")
  end)
end)
