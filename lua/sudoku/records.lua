--- Solving, counting and judging records (sudoku.format.record) rather than bare boards: which
-- rules a record may carry that the solvers honour, why a record cannot be searched, the
-- solved record (its givens still told apart), and handing many records to the batch solver
-- (sudoku.solve_many) at once. The command line's solve, count, validate and render --solve
-- are these functions over the records they read.
-- @module sudoku.records
local core = require "sudoku.core"
local record = require "sudoku.format.record"
local fault = require "sudoku.format.fault"
local shape = require "sudoku.shape"

local records = {}

-- Every rule a record carries is on its board: the readers build a rule for each constraint
-- they read (sudoku.variant), or refuse the record. So a search honours them all.

-- A clash among the givens is the commonest reason for "no solution"; naming the cells tells
-- the user which clue to fix instead of leaving them to hunt for it.
local function clash(board)
  local valid, conflicts = board:is_valid()
  if valid then return nil end
  local conflict = conflicts[1]
  local a, b = conflict[1], conflict[2]
  return ("no solution: givens clash: %d at row %d, column %d and at row %d, column %d"):format(
    conflict.value, a[1], a[2], b[1], b[2])
end

--- Why the record cannot be searched: its givens clash.
-- @tparam table rec a record
-- @treturn string|nil the reason, or `nil`
function records.unsearchable(rec)
  return clash(rec.board)
end

--- The record of a solution: `board` solved, with the cells `rec` started from as the givens
-- (so a writer that shows givens apart, like svg or json, still tells them from the rest).
-- @tparam table rec the puzzle's record
-- @tparam Board board its solution
-- @treturn table the solved record
function records.solution(rec, board)
  local givens = rec.givens
  if not givens then
    givens = {}
    local cells = rec.board:symbols(" ")
    for i in cells:gmatch("()[^ ]") do givens[i] = true end
  end
  return record.new(board, {
    givens = givens, constraints = rec.constraints, meta = rec.meta,
    comment = rec.comment, separator = rec.separator,
  })
end

--- Solves a record.
-- @tparam table rec the puzzle's record
-- @tparam[opt] table limits `{max_nodes =, timeout =}` as `Board:solve` takes them
-- @treturn table|nil the solved record, or `nil, message` ("no solution", "gave up after ...")
function records.solve(rec, limits)
  local why = records.unsearchable(rec)
  if why then return nil, why end
  local board = rec.board:copy()
  local solved, gave_up = board:solve(limits)
  if solved == nil then return nil, gave_up end
  if not solved then return nil, "no solution" end
  return records.solution(rec, board)
end

--- The solved record from the batch solver's answer.
-- @tparam table rec the puzzle's record
-- @string answer the solution's symbols
-- @treturn table the solved record
function records.answered(rec, answer)
  local board = rec.board:copy()
  assert(board:fill(answer))
  return records.solution(rec, board)
end

--- The number of solutions of a record.
-- @tparam table rec the puzzle's record
-- @int[opt] limit stop counting there (nil: all)
-- @tparam[opt] table limits `{max_nodes =, timeout =}`
-- @treturn int|nil the count (0 when its givens clash), or `nil, message` (the budgets ran
-- out)
function records.count(rec, limit, limits)
  if not rec.board:is_valid() then return 0 end
  return rec.board:count(limit, limits)
end

--- The record's verdict.
-- @tparam table rec the puzzle's record
-- @tparam[opt] table limits `{max_nodes =, timeout =}`
-- @treturn string "unique", "multiple", "none" or "unknown" (the budgets ran out before the
-- search could tell)
-- @treturn string|nil why, for "none" and "unknown"
function records.verdict(rec, limits)
  local why = clash(rec.board)
  if why then return "none", why end
  local n, gave_up = rec.board:count(2, limits)
  if not n then return "unknown", gave_up end
  if n == 0 then return "none", "no solution" end
  if n > 1 then return "multiple", "more than one solution" end
  return "unique"
end

--- Nil when the record has exactly one solution, else why human-style logic does not take it
-- (`sudoku.logic` rates and explains puzzles with one solution): its givens clash, it has no
-- solution or more than one, or the budgets ran out first.
-- @tparam table rec the puzzle's record
-- @tparam[opt] table limits `{max_nodes =, timeout =}`
-- @treturn string|nil why not, or `nil`
function records.refusal(rec, limits)
  local verdict, why = records.verdict(rec, limits)
  if verdict ~= "unique" then return why or verdict end
  return nil
end

--- The rating of a record by human-style logic (`sudoku.logic.rate`), after `refusal`; with
-- `opts.check`, every step of its path is first held against its solution (`sudoku.logic.check`).
-- @tparam table rec the puzzle's record
-- @tparam[opt] table opts `allowed`, `max_rating`, `se_only` as `sudoku.logic.rate` takes them,
-- `check`, and the budgets `max_nodes`, `timeout`
-- @treturn table|nil `{rating =, hardest =, counts =}`, or `nil, message` (the refusal, "unsound
-- step: ..." or the logic's "stuck: ...")
function records.rate(rec, opts)
  opts = opts or {}
  local limits, lopts = {}, {}
  for key, v in pairs(opts) do
    if key == "max_nodes" or key == "timeout" then
      limits[key] = v
    elseif key ~= "check" then
      lopts[key] = v
    end
  end
  local why = records.refusal(rec, next(limits) and limits or nil)
  if why then return nil, why end
  local logic = require "sudoku.logic"
  if opts.check then
    local steps = logic.steps(rec.board, lopts)
    local solution = rec.board:copy()
    if solution:solve() then
      local bad = logic.check(steps, solution)
      if bad then return nil, "unsound step: " .. bad end
    end
  end
  return logic.rate(rec.board, lopts)
end

--- The canonical form of a record's puzzle (`sudoku.gen.canonical`): the least of the puzzles
-- equivalent to it, as a line of 81 symbols. Only a 9x9 board with 3x3 boxes and no regions or
-- rules has one.
-- @tparam table rec the puzzle's record
-- @treturn string|nil the form, or `nil, message` (another shape, or givens that clash)
function records.canonical(rec)
  local board = rec.board
  local n, rows = board:size()
  if n ~= 9 or rows ~= 3 or #board:regions() > 0 or #board:rules() > 0 then
    return nil, ("a %dx%d puzzle%s: canonical forms are for 9x9 puzzles with 3x3 boxes and no "
      .. "regions or rules"):format(n, n, n == 9 and " with other boxes, regions or rules" or "")
  end
  local form, transform_or_why = require("sudoku.gen").canonical(board:symbols())
  if not form then return nil, transform_or_why end
  return form
end

--- Whether the batch solver reads the record's board from its line exactly: boxes of the shape
-- a line of that size gets, no extra regions and no rules.
-- @tparam table rec the puzzle's record
-- @treturn boolean
function records.batchable(rec)
  local board = rec.board
  local _, rows, cols = board:size()
  if not rows or next(rec.constraints or {}) or #board:regions() > 0 or #board:rules() > 0 then
    return false
  end
  return shape.is_squarest(rows, cols)
end

--- Whether the batch solver, which reads every line with the squarest box of its size, reads
-- the puzzle line `text` as a board of `box`'s shape: only a line of that board's N*N cells
-- when the shape is the squarest.
-- @string text a puzzle line
-- @tparam[opt] table box `{rows, cols}` (nil: any shape)
-- @treturn boolean
function records.batch_reads_line(text, box)
  if not box then return true end
  local n = box[1] * box[2]
  return #text == n * n and shape.is_squarest(box[1], box[2])
end

-- The batch solver over the puzzle lines texts[k] for which take(k) is true (all of them when
-- take is nil): answers[k], errors[k] (the words of why not, without the line: N would count
-- the lines the solver was given, not the caller's) and faults[k] (sudoku.format.fault's
-- data, the same line left out). The lines are a list, not a file: each is read with its own
-- size unless opts.size says one.
local function batch(texts, opts, take, run)
  local lines, index_of = texts, nil
  if take then
    lines, index_of = {}, {}
    for k in ipairs(texts) do
      if take(k) then
        lines[#lines + 1] = texts[k]
        index_of[#lines] = k
      end
    end
  end
  if #lines == 0 then return {}, {}, {} end
  local batch_opts = opts
  if not (opts and opts.size) then
    batch_opts = { size = "auto" }
    for key, v in pairs(opts or {}) do batch_opts[key] = v end
  end
  local got, _, faults = (run or core.solve_many)(table.concat(lines, "\n"), batch_opts)
  local errors, out_faults = {}, {}
  for i, f in pairs(faults) do
    local k = index_of and index_of[i] or i
    f.line = nil
    errors[k], out_faults[k] = fault.reason(f), f
  end
  if not index_of then return got, errors, out_faults end
  local answers = {}
  for i = 1, #lines do answers[index_of[i]] = got[i] end
  return answers, errors, out_faults
end

--- Puzzle lines on the batch solver, with `box`'s shape.
-- @tparam {string,...} texts the puzzle lines
-- @tparam[opt] table opts as `sudoku.solve_many` takes them: threads, limit, budgets
-- @tparam[opt] table box `{rows, cols}` (nil: the squarest)
-- @treturn table answers: `answers[k]` the solution, a count, or `false` for the lines the
-- solver reads with that shape, `nil` for the others
-- @treturn table errors: `errors[k]` why not ("gave up after ..." among them)
-- @treturn table faults: `faults[k]` the same as data (`sudoku.format.fault`; kind "gave_up"
-- for a budget that ran out)
function records.solve_lines(texts, opts, box)
  if not box then return batch(texts, opts) end
  return batch(texts, opts, function(k) return records.batch_reads_line(texts[k], box) end)
end

--- A block of whole lines of the sudoku command's line mode, done in C on the batch solver's
--- threads (`core.solve_block`): the text to print for the records answered there, the notes
--- of the others (holes, for the caller's own path, and answers with a message), and
--- `{lines =, records =, interrupted =, guesses =}`.
-- @string text whole lines
-- @string mode `"solve"`, `"count"`, `"verdict"`, `"canon"` or `"canon_record"`
-- @tparam[opt] table opts as `sudoku.solve_many` takes them (count mode needs `limit`, verdict
-- mode `words = {unique =, multiple =, unknown =}`, the words it writes)
function records.solve_block(text, mode, opts)
  return core.solve_block(text, mode, opts)
end

--- The records of `list` on the batch solver, as `solve_lines`.
-- @tparam {table,...} list records
-- @tparam[opt] table opts as `sudoku.solve_many` takes them
-- @treturn table answers: `answers[k]` for the batchable records (see `batchable`), `nil` for
-- the others
-- @treturn table errors
function records.solve_many(list, opts)
  local texts = {}
  for k, rec in ipairs(list) do
    texts[k] = records.batchable(rec) and rec.board:symbols() or false
  end
  return batch(texts, opts, function(k) return texts[k] ~= false end)
end

-- core.rate_many as batch runs it: answers {rating =, hardest =} (false for the others), and
-- stats and faults as core.solve_many gives them.
local function rate_batch(text, opts)
  local ratings, stats, hardest, faults = core.rate_many(text, opts)
  local answers = {}
  for i, r in ipairs(ratings) do
    answers[i] = r and { rating = r, hardest = hardest[i] or nil } or false
  end
  return answers, stats, faults
end

--- Puzzle lines rated by human-style logic on the batch solver's threads (see
-- `sudoku.logic.rate_many`), with `box`'s shape.
-- @tparam {string,...} texts the puzzle lines
-- @tparam[opt] table opts as `sudoku.logic.rate_many` takes them
-- @tparam[opt] table box `{rows, cols}` (nil: the squarest)
-- @treturn table answers: `answers[k]` = `{rating =, hardest =}` or `false` for the lines read
-- with that shape, `nil` for the others
-- @treturn table errors: `errors[k]` why not ("stuck: ...", "more than one solution", ...)
function records.rate_lines(texts, opts, box)
  if not box then return batch(texts, opts, nil, rate_batch) end
  return batch(texts, opts, function(k) return records.batch_reads_line(texts[k], box) end,
    rate_batch)
end

--- The records of `list` rated on the batch solver, as `rate_lines` (batchable ones only).
-- @tparam {table,...} list records
-- @tparam[opt] table opts as `sudoku.logic.rate_many` takes them
-- @treturn table answers
-- @treturn table errors
function records.rate_many(list, opts)
  local texts = {}
  for k, rec in ipairs(list) do
    texts[k] = records.batchable(rec) and rec.board:symbols() or false
  end
  return batch(texts, opts, function(k) return texts[k] ~= false end, rate_batch)
end

return records
