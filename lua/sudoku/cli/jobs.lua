-- What each command does to a chunk of records (see sudoku.cli.pipeline): job(result) gives
-- the pipeline's job table for the parsed command line. What a record's solving means (which
-- rules are honoured, the solved record, batching) is the library's, sudoku.records; this
-- module turns it into output and messages. The core (under sudoku.records) is loaded when a
-- command runs, so that `sudoku --help` works before the C core is built.
local format = require "sudoku.format"
local interrupt = require "sudoku.cli.interrupt"
local output = require "sudoku.cli.output"
local record = require "sudoku.format.record"
local fault = require "sudoku.format.fault"

local jobs = {}

-- sudoku.records, loaded when a record first takes the Lua path: a plain puzzle list goes to
-- the core's line pool whole, and a pipeline's short run should not pay for loading the model.
local records = setmetatable({}, { __index = function(_, key)
  return require("sudoku.records")[key]
end })

-- What the command prints after FILE:LINE: for sudoku.parse's fault on one line-mode puzzle
-- (its line, always 1 there, is the file's: FILE:LINE: names it). The parser names the shape
-- the command's --box gives it opts.box.
local function parse_message(f)
  return (fault.after_line(f):gsub("%(opts%.box%)", "(--box)"))
end

-- The search budgets of the command line (--max-nodes, --timeout), as b:solve and b:count and
-- sudoku.solve_many take them; nil when there are none.
local function limits_of(result)
  if not result.max_nodes and not result.timeout then return nil end
  return { max_nodes = result.max_nodes, timeout = result.timeout }
end

-- The batch solver's options: result.jobs threads and the budgets of limits_of, plus `extra`.
local function batch_opts(result, extra)
  local opts = { threads = result.jobs }
  for k, v in pairs(limits_of(result) or {}) do opts[k] = v end
  for k, v in pairs(extra or {}) do opts[k] = v end
  return opts
end

-- The reader options of the command line: --box's shape for the formats that name none, and
-- --size (N, or "auto": a line file's lines of any size).
local function read_opts(result)
  return { box = result.box, size = result.size }
end

-- A chunk handler from a handler of one record: each answer goes out as soon as it is made.
local function each(handle_one)
  return function(items, emit)
    for i, item in ipairs(items) do emit(i, handle_one(item.record)) end
  end
end

-- Whether the batch solver's fault is a budget that ran out: its answer as it stands, so the
-- search is not run again.
local function gave_up(f)
  return f and f.kind == "gave_up"
end

-- An item the batch solver left undone because a signal stopped it (its fault's kind): the
-- run stops there, the answers before it written (emit's made).
local function stop_if_interrupted(f)
  if f and f.kind == "interrupted" then interrupt.check() end
end

-- Writes a chunk's answers from the batch solver (answers[i], errors[i], faults[i], nil for an
-- item it did not take): value(answer, item) for an answer, a budget's message as it stands,
-- and handle_one(item) for the rest, which gives the command's own message (or reads what only
-- the Lua reader reads).
local function emit_batch(items, emit, answers, errors, faults, value, handle_one)
  for i, item in ipairs(items) do
    local answer = answers[i]
    if answer then
      emit(i, value(answer, item), nil, true)
    elseif gave_up(faults[i]) then
      emit(i, nil, errors[i], true)
    else
      stop_if_interrupted(faults[i])
      emit(i, handle_one(item))
    end
  end
end

-- Line mode's chunk handler: the batch solver does the chunk on result.jobs threads (only the
-- lines it reads with --box's shape); handle_text(text) answers the others. value(answer,
-- text) turns a batch answer into the text to print.
local function batched(opts, handle_text, value, box)
  return function(items, emit)
    local texts = {}
    for i, item in ipairs(items) do texts[i] = item.text end
    local answers, errors, faults = records.solve_lines(texts, opts, box)
    emit_batch(items, emit, answers, errors, faults, function(answer, item)
      return value(answer, item.text)
    end, function(item) return handle_text(item.text) end)
  end
end

-- Format mode's chunk handler: the records whose boards a line says exactly go to the batch
-- solver, on result.jobs threads like line mode; handle_one(rec) answers the others.
-- value(answer, rec) gives the text to print.
local function batched_records(opts, handle_one, value)
  return function(items, emit)
    local list = {}
    for i, item in ipairs(items) do list[i] = item.record end
    local answers, errors, faults = records.solve_many(list, opts)
    emit_batch(items, emit, answers, errors, faults, function(answer, item)
      return value(answer, item.record)
    end, function(item) return handle_one(item.record) end)
  end
end

-- Line mode's block handler (sudoku.cli.pipeline's job.pool): whole lines done in C, in mode
-- ("solve", "count" or "validate") with the batch options opts, by a pool of that many threads
-- of the core while the calling thread reads and writes; on one thread, by the calling thread
-- itself (an inline pool: no thread, its room kept from block to block).
-- The pool reads the file's board size (size: N or "auto", as the pipeline has settled it):
-- it answers 81-symbol lines only where 9x9 boards are the file's.
local function blocks(job, mode, opts)
  job.pool = function(size)
    local with_size = { size = size }
    for k, v in pairs(opts) do with_size[k] = v end
    return require("sudoku.core").line_pool(mode, with_size, opts.threads == 1)
  end
  -- On threads, blocks go in pieces of 16 KiB (about 200 puzzles, a few hundred microseconds
  -- of solving): the threads share out a small file too.
  if opts.threads ~= 1 then job.pool_piece = 16 * 1024 end
end

-- The record read from one line-mode puzzle text (with --box's shape), or nil and the message.
local parse  -- sudoku.format.parse, loaded with the core when a line is first read
local function line_record(text, box)
  parse = parse or require "sudoku.format.parse"
  local board, _, f = parse.read(text, box and { box = box } or nil)
  if not board then return nil, parse_message(f) end
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
  local opts = batch_opts(result)
  local box = result.box
  local limits = limits_of(result)
  local job = { read_opts = read_opts(result) }
  return batch_job(result, job, function(from)
    local to = result.to or from
    local function write(rec) return format.write(rec, to) end
    local function one(rec)
      local solved, why = records.solve(rec, limits)
      if not solved then return nil, why end
      return write(solved)
    end
    job.separator = format.get(to).separator
    job.lines = from == "line"
    if job.lines then
      local function one_text(text)
        local rec, err = line_record(text, box)
        if not rec then return nil, err end
        return one(rec)
      end
      local value = tostring
      if to ~= "line" then
        -- The batch answer is a line; the record keeps the puzzle's cells as the givens.
        value = function(answer, text)
          return write(records.answered(assert(line_record(text, box)), answer))
        end
      end
      job.handle = batched(opts, one_text, value, box)
      if to == "line" and not box then
        blocks(job, "solve", opts)
      end
    else
      job.handle = batched_records(opts, one, function(answer, rec)
        return write(records.answered(rec, answer))
      end)
    end
  end)
end

-- count: the number of solutions of each record (up to --limit), one per line.
function jobs.count(result)
  local limits = limits_of(result)
  local function count_record(rec)
    local n, why = records.count(rec, result.limit, limits)
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
      job.handle = batched(opts, function(text)
        local rec, err = line_record(text, result.box)
        if not rec then return nil, err end
        return count_record(rec)
      end, decimal, result.box)
      if not result.box then
        blocks(job, "count", opts)
      end
    else
      job.handle = batched_records(opts, count_record, decimal)
    end
  end)
end

-- validate: "unique", or the verdict and the reason it is not ("unknown" when the budgets ran
-- out before the search could tell).
function jobs.validate(result)
  local limits = limits_of(result)
  local function verdict(rec) return records.verdict(rec, limits) end
  -- A record that cannot be read still gets its verdict, so there is one per record.
  local job = { unreadable = "malformed", read_opts = read_opts(result) }
  return batch_job(result, job, function(from)
    job.lines = from == "line"
    if job.lines then
      -- The batch solver counts the lines it reads to 2 on result.jobs threads: one solution
      -- is "unique" with nothing to say; every other line gets its verdict here, with its
      -- reason. (A line starting with a byte order mark, which the batch would drop, is read
      -- here too.)
      local count_opts = batch_opts(result, { limit = 2 })
      job.handle = function(items, emit)
        local texts = {}
        for i, item in ipairs(items) do texts[i] = item.text end
        local counts = records.solve_lines(texts, count_opts, result.box)
        for i, item in ipairs(items) do
          if counts[i] == 1 and item.text:sub(1, 3) ~= "\239\187\191" then
            emit(i, "unique", nil, true)
          else
            local rec, err = line_record(item.text, result.box)
            if rec then
              emit(i, verdict(rec))
            else
              emit(i, "malformed", err)
            end
          end
        end
      end
      if not result.box then
        blocks(job, "validate", batch_opts(result))
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

-- The canonical form of a record's puzzle, or nil and why it has none (the library raises for a
-- board that is not 9x9 with 3x3 boxes and nothing else; a pipeline reports it per record).
local function canonical_of(gen, rec)
  local board = rec.board
  local n, rows = board:size()
  if n ~= 9 or rows ~= 3 or #board:regions() > 0 or #board:rules() > 0 then
    return nil, ("a %dx%d puzzle%s: canonical forms are for 9x9 puzzles with 3x3 boxes and no "
      .. "regions or rules"):format(n, n, n == 9 and " with other boxes, regions or rules" or "")
  end
  return gen.canonical(board:symbols())
end

-- canon: each 9x9 record's canonical form as a line of 81 symbols; with --unique only the first
-- record of each class prints it. dedup: the first record of each class as it was read (in the
-- input's format), the others left out. --stats adds the classes and the duplicates.
-- Puzzles one per line (named or detected) are read in line mode, whole lines, and without
-- --box their 81-symbol puzzles are done in C by the line pool on result.jobs threads (its
-- "canon" and "dedup" modes); the set is looked up here, on the calling thread, in input order, for the
-- pool's records (set:keep over a block's text) and the others alike, so the output is the
-- same whatever the threads. Every other line is read here as the line format reads it, with
-- its messages.
local function canon_job(result, keep_record)
  local gen = require "sudoku.gen"
  local seen = (keep_record or result.unique) and gen.canonical_set()
  local duplicates, name = 0, input_format(result)
  local function one(rec)
    local form, err = canonical_of(gen, rec)
    if not form then return nil, err end
    if seen and not seen:add(form) then
      duplicates = duplicates + 1
      return nil
    end
    if keep_record then return format.write(rec, name or "line") end
    return form
  end
  local job = { from = name, read_opts = read_opts(result), handle = each(one) }
  local function configure(from)
    name = name or from
    if from ~= "line" then return end
    local read_line = require("sudoku.format.line").read_line
    local record_message = require("sudoku.cli.pipeline").record_message
    job.lines, job.whole_lines = true, true
    job.handle = function(items, emit)
      for i, item in ipairs(items) do
        local rec, _, where = read_line(item.text, job.read_opts, item.line, i)
        if rec then
          emit(i, one(rec))
        else
          emit(i, nil, record_message(where))
        end
      end
    end
    -- The pool reads 9x9 lines with 3x3 boxes, as the command does without --box.
    if result.box then return end
    blocks(job, keep_record and "dedup" or "canon", batch_opts(result))
    if seen then
      function job.block_text(out, at, to, info)
        local kept, used, dropped = seen:keep(out:sub(at + 1, to), info.forms, info.used)
        info.used = (info.used or 0) + used
        duplicates = duplicates + dropped
        return kept
      end
    end
  end
  if name then configure(name) else job.detected = configure end
  if seen then
    function job.stats_note()
      return ("%d classes, %d duplicates left out"):format(seen:count(), duplicates)
    end
  end
  return job
end

function jobs.canon(result)
  return canon_job(result, false)
end

function jobs.dedup(result)
  return canon_job(result, true)
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
      local solved, why = records.solve(rec)
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
    output.write_file(path, svg, "\n")
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

-- ---- human-style logic: rate, hint, explain ---------------------------------------------------

-- The logic options of the command line: --allow's technique names, or SE's techniques only
-- (the rating's set) unless --all-techniques.
local function logic_opts(result, rating)
  local opts = {}
  if result.allow then
    local list = {}
    for name in result.allow:gmatch("[^,%s]+") do list[#list + 1] = name end
    opts.allowed = list
  end
  if rating then opts.se_only = not result.all_techniques end
  return opts
end

-- Nil when the record has exactly one solution, else why logic does not take it: rules the
-- solvers cannot honour (as solve says), no or several solutions. The rules a board carries
-- enter the path as "rule" steps.
local function logic_refusal(rec, limits)
  local verdict, why = records.verdict(rec, limits)
  if verdict ~= "unique" then return why or verdict end
  return nil
end

-- How rate, hint and explain name a record at the head of its answer, as the messages name it
-- by its line: its id when it has one (a json record's "id") that is a single word, else the
-- number of the line where it starts. `item` is the pipeline's {line =, record =} (no record
-- for a line the batch reads, or one that could not be read).
local function record_name(item)
  local meta = item.record and item.record.meta
  local id = meta and meta.id
  if type(id) == "string" and id ~= "" and not id:find("[%s%c]") then return id end
  return ("%d"):format(item.line)
end

-- A named answer: the record's name, a space and `out`; `err` as it is.
local function named(item, out, err)
  if out then out = record_name(item) .. " " .. out end
  return out, err
end

-- What --placeholders writes for a record of rate, hint or explain that failed: its name and "-".
local function named_placeholder(item)
  return record_name(item) .. " -"
end

-- rate: "NAME PUZZLE RATING HARDEST" per record, the puzzle as a line of its values.
function jobs.rate(result)
  local logic = require "sudoku.logic"
  local lopts = logic_opts(result, true)
  local opts = batch_opts(result, lopts)
  opts.check = result.check or nil
  local limits = limits_of(result)
  local function show(text, answer)
    return ("%s %.1f %s"):format(text, answer.rating, answer.hardest or "-")
  end
  -- A record the batch does not take (rules, a shape a line cannot keep): its path here, held
  -- against its solution with --check.
  local function one(rec)
    local why = logic_refusal(rec, limits)
    if why then return nil, why end
    if result.check then
      local steps = logic.steps(rec.board, lopts)
      local solution = rec.board:copy()
      if solution:solve() then
        local bad = logic.check(steps, solution)
        if bad then return nil, "unsound step: " .. bad end
      end
    end
    local rated, stuck = logic.rate(rec.board, lopts)
    if not rated then return nil, stuck end
    return show(rec.board:symbols(), rated)
  end
  local job = { read_opts = read_opts(result), placeholder = named_placeholder }
  return batch_job(result, job, function(from)
    job.lines = from == "line"
    if job.lines then
      job.handle = function(items, emit)
        local texts = {}
        for i, item in ipairs(items) do texts[i] = item.text end
        local answers, errors, faults = records.rate_lines(texts, opts, result.box)
        for i, item in ipairs(items) do
          if answers[i] then
            emit(i, named(item, show(item.text, answers[i])), nil, true)
          else
            -- The reader's own message for a line it cannot read; the batch's verdict
            -- (stuck, not unique, out of budget) for one it can.
            stop_if_interrupted(faults[i])
            local rec, err = line_record(item.text, result.box)
            if not rec then
              emit(i, nil, err)
            elseif errors[i] then
              emit(i, nil, errors[i])
            else
              emit(i, named(item, one(rec)))
            end
          end
        end
      end
    else
      job.handle = function(items, emit)
        local list = {}
        for i, item in ipairs(items) do list[i] = item.record end
        local answers, errors, faults = records.rate_many(list, opts)
        for i, item in ipairs(items) do
          if answers[i] then
            emit(i, named(item, show(item.record.board:symbols(), answers[i])), nil, true)
          elseif errors[i] then
            stop_if_interrupted(faults[i])
            emit(i, nil, errors[i])
          else
            emit(i, named(item, one(item.record)))
          end
        end
      end
    end
  end)
end

-- The pencil of a record: its board, and its pencil marks when it has some.
local function record_pencil(rec)
  return require("sudoku.logic").pencil(rec.board, rec.candidates)
end

-- each(handle_one) for rate, hint and explain: every answer headed by its record's name.
local function each_named(handle_one)
  return function(items, emit)
    for i, item in ipairs(items) do emit(i, named(item, handle_one(item.record))) end
  end
end

-- hint: the easiest step of each record (on its pencil marks, when it has some), as
-- "NAME RATING TECHNIQUE: SENTENCE".
function jobs.hint(result)
  local lopts = logic_opts(result, false)
  local limits = limits_of(result)
  local function one(rec)
    local why = logic_refusal(rec, limits)
    if why then return nil, why end
    local pencil, err = record_pencil(rec)
    if not pencil then return nil, err end
    local step = pencil:hint(lopts)
    if not step then
      return nil, pencil:solved() and "already solved" or "no technique applies"
    end
    return ("%.1f %s: %s"):format(step.rating, step.technique, step.text)
  end
  return {
    from = input_format(result),
    read_opts = read_opts(result),
    handle = each_named(one),
    placeholder = named_placeholder,
  }
end

-- explain: each record's name and puzzle on a line, then its whole path, one numbered step a
-- line, then its rating; with --svg, a picture of each step.
function jobs.explain(result)
  local logic = require "sudoku.logic"
  local lopts = logic_opts(result, false)
  local limits = limits_of(result)
  local pattern = result.svg
  local seen = 0
  local function one(rec)
    local why = logic_refusal(rec, limits)
    if why then return nil, why end
    local pencil, err = record_pencil(rec)
    if not pencil then return nil, err end
    seen = seen + 1
    if pattern and seen > 1 and not pattern:find("%p", 1, true) then
      output.stop(("--svg '%s' has no %%p, and the input has more than one puzzle: put %%p "
        .. "in it for the puzzle's number (e.g. 'p%%p-step-%%d.svg')"):format(pattern),
        output.EXIT_USAGE)
    end
    local lines, hardest = { rec.board:symbols() }, nil
    local k = 0
    while not pencil:solved() do
      local step = pencil:hint(lopts)
      if not step then break end
      k = k + 1
      if pattern then
        local path = pattern:gsub("%%p", tostring(rec.index or seen)):gsub("%%d", tostring(k))
        output.write_file(path, logic.svg(pencil, step), "\n")
      end
      lines[#lines + 1] = ("%d. %s (%.1f): %s"):format(k, step.title, step.rating, step.text)
      if not hardest or step.rating > hardest.rating then hardest = step end
      assert(pencil:apply(step))
    end
    if not pencil:solved() then
      lines[#lines + 1] = ("stuck after %d steps: no technique applies"):format(k)
      return table.concat(lines, "\n"), ("stuck after %d steps"):format(k)
    end
    lines[#lines + 1] = hardest
      and ("rating %.1f (%s), %d steps"):format(hardest.rating, hardest.technique, k)
      or "already solved"
    return table.concat(lines, "\n")
  end
  return {
    from = input_format(result),
    read_opts = read_opts(result),
    separator = "\n\n",
    handle = each_named(one),
    placeholder = named_placeholder,
  }
end

return jobs
