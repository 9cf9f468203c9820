-- sudoku.records: solving, counting and judging records (what the command's solve, count,
-- validate and render --solve do to each record they read), and handing many to the batch
-- solver at once.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local record = require "sudoku.format.record"
local records = require "sudoku.records"

local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
-- Two 5s in the first row.
local CLASH = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local EMPTY = ("."):rep(81)
-- The hardest of the shared sets needs more than one node.
local HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

local function rec_of(text, fields)
  return record.new(assert(sudoku.parse(text)), fields)
end

describe("sudoku.records", function()
  it("honours every rule a record's board carries: its constraints were built into rules", function()
    local rec = format.read('{"size":4,"givens":"................","thermos":[[[1,1],[1,2],[1,3],[1,4]]],'
      .. '"cages":[{"sum":7,"cells":[[2,1],[2,2]]}]}', "json")
    local solved = assert(records.solve(rec))
    assert.equal("1234", solved.board:symbols():sub(1, 4))
    assert.equal(7, solved.board:get(2, 1) + solved.board:get(2, 2))
    assert.same(rec.constraints, solved.constraints)
    assert.equal("multiple", (records.verdict(rec)))
  end)

  it("solves a record into a new one whose givens are the cells it started from", function()
    local rec = rec_of(PUZZLE, { comment = "easy", separator = "," })
    local solved = assert(records.solve(rec))
    assert.equal(SOLUTION, solved.board:symbols())
    assert.equal(PUZZLE, rec.board:symbols())
    assert.is_true(record.is_given(solved, 1, 1))
    assert.is_false(record.is_given(solved, 1, 3))
    assert.equal(SOLUTION .. ",easy", format.write(solved, "line"))
  end)

  it("says why a record has no solution: clashing givens named, a budget", function()
    assert.same({ nil, "no solution: givens clash: 5 at row 1, column 1 and at row 1, column 2" },
      { records.solve(rec_of(CLASH)) })
    assert.same({ nil, "gave up after 1 nodes" }, { records.solve(rec_of(HARD), { max_nodes = 1 }) })
  end)

  it("counts solutions up to a limit, 0 for clashing givens", function()
    assert.equal(1, records.count(rec_of(PUZZLE)))
    assert.equal(0, records.count(rec_of(CLASH)))
    assert.equal(3, records.count(rec_of(EMPTY), 3))
  end)

  it("gives each record its verdict and the reason", function()
    assert.same({ "unique" }, { records.verdict(rec_of(PUZZLE)) })
    assert.same({ "multiple", "more than one solution" }, { records.verdict(rec_of(EMPTY)) })
    assert.same({ "none", "no solution: givens clash: 5 at row 1, column 1 and at row 1, column 2" },
      { records.verdict(rec_of(CLASH)) })
    assert.same({ "unknown", "gave up after 1 nodes" },
      { records.verdict(rec_of(HARD), { max_nodes = 1 }) })
  end)

  it("says why human-style logic refuses a record: it takes those with one solution", function()
    assert.is_nil(records.refusal(rec_of(PUZZLE)))
    assert.equal("more than one solution", records.refusal(rec_of(EMPTY)))
    assert.equal("no solution: givens clash: 5 at row 1, column 1 and at row 1, column 2",
      records.refusal(rec_of(CLASH)))
    assert.equal("gave up after 1 nodes", records.refusal(rec_of(HARD), { max_nodes = 1 }))
  end)

  it("rates a record by human-style logic, its path held against its solution with check",
    function()
    local rated = assert(records.rate(rec_of(PUZZLE), { se_only = true, check = true }))
    assert.is_number(rated.rating)
    assert.is_string(rated.hardest)
    assert.same({ nil, "more than one solution" }, { records.rate(rec_of(EMPTY)) })
    local stuck, why = records.rate(rec_of(HARD), { allowed = { "full_house" } })
    assert.is_nil(stuck)
    assert.matches("^stuck", why)
  end)

  it("gives a 9x9 record's canonical form, the same for equivalent puzzles", function()
    local relabelled = PUZZLE:gsub("%d", function(d) return tostring(10 - tonumber(d)) end)
    local form = assert(records.canonical(rec_of(PUZZLE)))
    assert.equal(81, #form)
    assert.equal(form, records.canonical(rec_of(relabelled)))
    assert.equal(sudoku.gen.canonical(PUZZLE), form)
    -- Only a 9x9 board with 3x3 boxes and nothing else has one; clashing givens have none.
    local six = record.new(assert(sudoku.parse(("."):rep(36))))
    assert.matches("^a 6x6 puzzle: canonical forms are for 9x9", select(2, records.canonical(six)))
    assert.is_nil(records.canonical(rec_of(CLASH)))
  end)

  it("hands the batch solver only the records a line says exactly", function()
    local jigsaw = rec_of(PUZZLE)
    local boxed = record.new(assert(sudoku.parse(("."):rep(36), { box = { 3, 2 } })))
    local ruled = rec_of(PUZZLE, { constraints = { diagonals = {} } })
    assert.is_true(records.batchable(rec_of(PUZZLE)))
    assert.is_false(records.batchable(boxed))
    assert.is_false(records.batchable(ruled))
    jigsaw.board:add_region({ { 1, 1 }, { 2, 2 } })
    assert.is_false(records.batchable(jigsaw))
    -- A line drops the board's rules, so a board with rules stays off the batch solver.
    local knights = rec_of(PUZZLE)
    knights.board:add_rule{ kind = "different", cells = { { 1, 1 }, { 2, 3 } } }
    assert.is_false(records.batchable(knights))

    local answers, errors = records.solve_many({ rec_of(PUZZLE), boxed, rec_of(HARD) },
      { max_nodes = 1 })
    assert.equal(SOLUTION, answers[1])
    assert.is_nil(answers[2])
    assert.is_nil(errors[2])
    assert.is_false(answers[3])
    -- The batch's own "line N: " is gone: N would count the batch's lines, not the caller's.
    assert.equal("gave up after 1 nodes", errors[3])
  end)

  it("reads puzzle lines on the batch solver with a box shape only when it is the squarest", function()
    local six = "1........................" .. ("."):rep(11)
    local answers = records.solve_lines({ PUZZLE, six }, {}, { 3, 2 })
    assert.is_nil(answers[1])
    assert.is_nil(answers[2])
    answers = records.solve_lines({ PUZZLE, six }, {}, { 2, 3 })
    assert.is_nil(answers[1])
    assert.is_string(answers[2])
    answers = records.solve_lines({ PUZZLE, six })
    assert.equal(SOLUTION, answers[1])
    assert.is_string(answers[2])
  end)
end)
