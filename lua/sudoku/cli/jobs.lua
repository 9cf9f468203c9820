-- What each command does to a chunk of records (see sudoku.cli.pipeline): job(result) gives
-- the pipeline's job table for the parsed command line. The core is loaded here, when a
-- command runs, so that `sudoku --help` works before the C core is built.
local format = require "sudoku.format"
local output = require "sudoku.cli.output"
local record = require "sudoku.format.record"
local shape = require "sudoku.shape"

local jobs = {}

-- The rules a record may carry that the solver honours: diagonals arrive as extra regions of
-- the board. Any other rule would be ignored, so such a record is refused rather than solved
-- wrongly.
local SOLVABLE = { diagonals = true }

local function unsupported_rule(rec)
  local names = {}
  for key in pairs(rec.constraints or {}) do
    if not SOLVABLE[key] then names[#names + 1] = key end
  end
  if #names == 0 then return nil end
  table.sort(names)
  return ("cannot solve with the rule%s '%s' (not supported yet)"):format(
    #names > 1 and "s" or "", table.concat(names, "', '"))
end

-- sudoku.parse numbers lines and columns within the text it was given; line mode hands it a
-- single line and reports the file's own line number, so "line 1, " would only mislead.
local function parse_message(message)
  message = tostring(message):gsub("%(opts%.box%)", "(--box)")
  return message:match("^line 1, (column .*)$") or message
end

local function describe_conflict(conflict)
  local a, b = conflict[1], conflict[2]
  return ("givens clash: %d at row %d, column %d and at row %d, column %d"):format(
    conflict.value, a[1], a[2], b[1], b[2])
end

-- Why the board cannot be searched (a rule it cannot honour, clashing givens), or nil.
local function unsearchable(rec)
  local rule = unsupported_rule(rec)
  if rule then return rule end
  -- A clash among the givens is the commonest reason for "no solution"; naming the cells tells
  -- the user which clue to fix instead of leaving them to hunt for it.
  local valid, conflicts = rec.board:is_valid()
  if not valid then return "no solution: " .. describe_conflict(conflicts[1]) end
  return nil
end

-- The record of a solution: `board` solved, with the cells `rec` started from as the givens
-- (so a writer that shows givens apart, like svg or json, still tells them from the rest).
local function solution_record(rec, board)
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

-- The search budgets of the command line (--max-nodes, --timeout), as b:solve and b:count and
-- sudoku.solve_many take them; nil when there are none.
local function limits_of(result)
  if not result.max_nodes and not result.timeout then return nil end
  return { max_nodes = result.max_nodes, timeout = result.timeout }
end

-- The batch solver's options: result.jobs threads and the budgets, plus `extra`.
local function batch_opts(result, extra)
  local opts = { threads = result.jobs, max_nodes = result.max_nodes, timeout = result.timeout }
  for k, v in pairs(extra or {}) do opts[k] = v end
  return opts
end

-- The solved record, or nil and why there is none (no solution, or "gave up after ..." when
-- the budgets in `limits` ran out).
local function solve_record(rec, limits)
  local why = unsearchable(rec)
  if why then return nil, why end
  local board = rec.board:copy()
  local solved, gave_up = board:solve(limits)
  if solved == nil then return nil, gave_up end
  if not solved then return nil, "no solution" end
  return solution_record(rec, board)
end

-- The solved record from the batch solver's answer (the solution's symbols).
local function answered_record(rec, answer)
  local board = rec.board:copy()
  assert(board:fill(answer))
  return solution_record(rec, board)
end

-- Whether the batch solver reads the record's board from its line exactly: boxes of the shape
-- a line of that size gets, no extra regions and no rules.
local function batchable(rec)
  local board = rec.board
  local n, rows, cols = board:size()
  if not rows or next(rec.constraints or {}) or #board:regions() > 0 then return false end
  local squarest_rows, squarest_cols = shape.squarest(n)
  return rows == squarest_rows and cols == squarest_cols
end

-- Whether line mode may hand a puzzle line to sudoku.solve_many, which reads every line with
-- the squarest box of its size, under --box: only a line of that board's N*N cells when the
-- shape is the squarest. Other lines go through sudoku.parse with the shape.
local function batch_reads_line(text, box)
  if not box then return true end
  local n = box[1] * box[2]
  local squarest_rows = shape.squarest(n)
  return #text == n * n and box[1] == squarest_rows
end

-- The reader options of the command line: --box's shape for the formats that name none.
local function read_opts(result)
  return { box = result.box }
end

-- A chunk handler from a handler of one record: each answer goes out as soon as it is made.
local function each(handle_one)
  return function(items, emit)
    for i, item in ipairs(items) do emit(i, handle_one(item.record)) end
  end
end

-- The batch solver's message for a puzzle whose budget ran out, without its "line N: " (the
-- CLI names the place itself): the answer as it stands, so the search is not run again.
local function gave_up(message)
  return message and message:match("^line %d+: (gave up after .*)$")
end

-- Line mode's chunk handler over sudoku.solve_many: the batch solver does the chunk on
-- result.jobs threads; a puzzle it could not read or solve goes through handle_text, which
-- gives the command's own message (or reads what only the Lua reader reads). value(answer,
-- text) turns a batch answer into the text to print.
local function batched(sudoku, opts, handle_text, value, box)
  return function(items, emit)
    local texts = {}
    for i, item in ipairs(items) do texts[i] = item.text end
    local answers, errors
    if not box then
      answers, errors = sudoku.solve_many(table.concat(texts, "\n"), opts)
    else
      -- Only the lines the batch solver reads with --box's shape go to it.
      local batch, index_of = {}, {}
      for i, text in ipairs(texts) do
        if batch_reads_line(text, box) then
          batch[#batch + 1] = text
          index_of[#batch] = i
        end
      end
      answers, errors = {}, {}
      if #batch > 0 then
        local batch_answers, batch_errors = sudoku.solve_many(table.concat(batch, "\n"), opts)
        for k, i in ipairs(index_of) do answers[i], errors[i] = batch_answers[k], batch_errors[k] end
      end
    end
    for i, text in ipairs(texts) do
      local answer = answers[i]
      if answer then
        emit(i, value(answer, text))
      elseif gave_up(errors[i]) then
        emit(i, nil, gave_up(errors[i]))
      else
        emit(i, handle_text(text))
      end
    end
  end
end

-- Format mode's chunk handler: the records whose boards a line says exactly go to
-- sudoku.solve_many as lines, on result.jobs threads like line mode; the others, and those it
-- could not answer, go through handle_one. value(answer, rec) gives the text to print.
local function batched_records(sudoku, opts, handle_one, value)
  return function(items, emit)
    local texts, index_of = {}, {}
    for i, item in ipairs(items) do
      if batchable(item.record) then
        texts[#texts + 1] = item.record.board:symbols()
        index_of[#texts] = i
      end
    end
    local answer_of, error_of = {}, {}
    if #texts > 0 then
      local answers, errors = sudoku.solve_many(table.concat(texts, "\n"), opts)
      for k, i in ipairs(index_of) do answer_of[i], error_of[i] = answers[k], errors[k] end
    end
    for i, item in ipairs(items) do
      if answer_of[i] then
        emit(i, value(answer_of[i], item.record))
      elseif gave_up(error_of[i]) then
        emit(i, nil, gave_up(error_of[i]))
      else
        emit(i, handle_one(item.record))
      end
    end
  end
end

-- The record read from one line-mode puzzle text (with --box's shape), or nil and the message.
local function line_record(sudoku, text, box)
  local board, err = sudoku.parse(text, box and { box = box } or nil)
  if not board then return nil, parse_message(err) end
  return record.new(board)
end

-- The format records are read in: the one named, or nil to tell it from the input.
local function input_format(result)
  if result.from == "auto" then return nil end
  return result.from
end

-- A batch command's job: configure(job, from) sets its handler for the format records are read
-- in, now when --from names it, else once detection has told it (job.detected). Puzzles one
-- per line, named or detected, are read in line mode (job.lines), which hands them to the batch
-- solver as they stand.
local function batch_job(result, job, configure)
  job.from = input_format(result)
  if job.from then
    configure(job.from)
  else
    job.detected = configure
  end
  return job
end

-- solve: the first solution of each record, in --to's format (default: the input's format,
-- named or detected).
function jobs.solve(result)
  local sudoku = require "sudoku"
  local opts = batch_opts(result)
  local box = result.box
  local limits = limits_of(result)
  local job = { read_opts = read_opts(result) }
  return batch_job(result, job, function(from)
    local to = result.to or from
    local function write(rec) return format.write(rec, to) end
    local function one(rec)
      local solved, why = solve_record(rec, limits)
      if not solved then return nil, why end
      return write(solved)
    end
    job.separator = format.get(to).separator
    job.lines = from == "line"
    if job.lines then
      local function one_text(text)
        local rec, err = line_record(sudoku, text, box)
        if not rec then return nil, err end
        return one(rec)
      end
      local value = tostring
      if to ~= "line" then
        -- The batch answer is a line; the record keeps the puzzle's cells as the givens.
        value = function(answer, text)
          return write(answered_record(assert(line_record(sudoku, text, box)), answer))
        end
      end
      job.handle = batched(sudoku, opts, one_text, value, box)
    else
      job.handle = batched_records(sudoku, opts, one, function(answer, rec)
        return write(answered_record(rec, answer))
      end)
    end
  end)
end

-- count: the number of solutions of each record (up to --limit), one per line.
function jobs.count(result)
  local sudoku = require "sudoku"
  local limits = limits_of(result)
  local function count_record(rec)
    local rule = unsupported_rule(rec)
    if rule then return nil, rule end
    if not rec.board:is_valid() then return "0" end
    local n, why = rec.board:count(result.limit, limits)
    if not n then return nil, why end
    return ("%d"):format(n)
  end
  local function decimal(n) return ("%d"):format(n) end
  -- Without --limit every solution counts; 2^53 is as far as a count stays exact anyway.
  local opts = batch_opts(result, { limit = result.limit or math.floor(2 ^ 53) })
  local job = { read_opts = read_opts(result) }
  return batch_job(result, job, function(from)
    job.lines = from == "line"
    if job.lines then
      job.handle = batched(sudoku, opts, function(text)
        local rec, err = line_record(sudoku, text, result.box)
        if not rec then return nil, err end
        return count_record(rec)
      end, decimal, result.box)
    else
      job.handle = batched_records(sudoku, opts, count_record, decimal)
    end
  end)
end

-- validate: "unique", or the verdict and the reason it is not ("unknown" when the budgets ran
-- out before the search could tell).
function jobs.validate(result)
  local sudoku = require "sudoku"
  local limits = limits_of(result)
  local function verdict(rec)
    local rule = unsupported_rule(rec)
    if rule then return "malformed", rule end
    local valid, conflicts = rec.board:is_valid()
    if not valid then return "none", "no solution: " .. describe_conflict(conflicts[1]) end
    local n, why = rec.board:count(2, limits)
    if not n then return "unknown", why end
    if n == 0 then return "none", "no solution" end
    if n > 1 then return "multiple", "more than one solution" end
    return "unique"
  end
  -- A record that cannot be read still gets its verdict, so there is one per record.
  local job = { unreadable = "malformed", read_opts = read_opts(result) }
  return batch_job(result, job, function(from)
    job.lines = from == "line"
    if job.lines then
      job.handle = function(items, emit)
        for i, item in ipairs(items) do
          local rec, err = line_record(sudoku, item.text, result.box)
          if rec then
            emit(i, verdict(rec))
          else
            emit(i, "malformed", err)
          end
        end
      end
    else
      job.handle = each(verdict)
    end
  end)
end

-- convert: each record in --to's format.
function jobs.convert(result)
  local to = result.to
  return {
    from = input_format(result),
    read_opts = read_opts(result),
    separator = format.get(to).separator,
    handle = each(function(rec) return format.write(rec, to) end),
  }
end

-- The cells of --highlight R,C options.
local function highlight_cells(list)
  local cells = {}
  for i, text in ipairs(list or {}) do
    local r, c = text:match("^(%d+),(%d+)$")
    cells[i] = { tonumber(r), tonumber(c) }
  end
  return cells
end

-- render: each record as an SVG picture, on stdout (one record) or in the files that
-- --output's pattern names, "%d" standing for the record's number. A pattern without "%d" names
-- one file: a second record would overwrite the first, so it is a usage error, found when the
-- records are counted (records come a chunk at a time, so this is before any file is written
-- unless the readable records are thousands of lines apart).
function jobs.render(result)
  local opts = {
    cell = result.cell, candidates = result.candidates or nil,
    highlight = #(result.highlight or {}) > 0 and highlight_cells(result.highlight) or nil,
  }
  local one_file = result.output and not result.output:find("%d", 1, true)
  local rendered, seen = 0, 0
  local function write(rec)
    local n = rec.board:size()
    for _, cell in ipairs(opts.highlight or {}) do
      if cell[1] > n or cell[2] > n then
        return nil, ("--highlight %d,%d is off the %dx%d board"):format(cell[1], cell[2], n, n)
      end
    end
    return format.write(rec, "svg", opts)
  end
  local function one(rec)
    if result.solve then
      local solved, why = solve_record(rec)
      if not solved then return nil, why end
      rec = solved
    end
    local svg, err = write(rec)
    if not svg then return nil, err end
    rendered = rendered + 1
    if not result.output then
      if rendered > 1 then
        return nil, "more than one puzzle: name one file each with --output PATTERN (e.g. "
          .. "'puzzle-%d.svg')"
      end
      return svg
    end
    local path = result.output:gsub("%%d", tostring(rec.index or rendered))
    local ok, open_err = output.write_file(path, svg, "\n")
    if not ok then return nil, "cannot write " .. tostring(open_err) end
    return nil
  end
  local handle = each(one)
  return {
    from = input_format(result),
    read_opts = read_opts(result),
    handle = function(items, emit)
      seen = seen + #items
      if one_file and seen > 1 then
        output.stop(("--output '%s' names one file, and the input has more than one puzzle: "
          .. "put %%d in it for the puzzle's number (e.g. 'puzzle-%%d.svg')")
          :format(result.output), output.EXIT_USAGE)
      end
      return handle(items, emit)
    end,
  }
end

return jobs
