-- Where each record of a stream is answered, and the walk over a chunk of records that does it.
-- Three doors, cheapest first: the core's line pool (whole blocks of lines, their 9x9 puzzles
-- answered in C on threads of their own: `pool`), the batch solver (a chunk's lines or records
-- at once, on threads: sudoku.records.solve_lines and solve_many), and the record model in Lua
-- (sudoku.records) for the records neither takes: other shapes, rules, unreadable lines, and
-- every record whose answer needs words (why it has no solution).
--
-- A task is made for one kind of answer from settings (below) and gives:
--   task.lines(items, emit)    a chunk of line-mode items {line =, text =}
--   task.records(items, emit)  a chunk of format-mode items {line =, record =}
--   task.pool(size), task.pool_piece   when whole blocks of lines may go to the line pool: a
--                              new pool for a file of boards of side `size` (N or "auto"), and
--                              the bytes a block is cut into for its threads (nil: whole)
-- emit(k, answer, why, made) is called once per item k, in order, as soon as it is answered:
-- `answer` is data (a solved record or the solution's symbols, a count, a verdict's name, a
-- rating, a canonical form), `why` a message or a fault as data (sudoku.format.fault, worded by
-- the caller), `made` true when the answer was made with others at once (by the batch solver,
-- which stops at a signal) rather than now. Nothing here prints or words a fault.
-- sudoku.records.stream runs a task over a source: it reads the items, chunks them, takes the
-- pool's blocks in order and gives the answers back in input order.
--
-- Settings: threads, max_nodes, timeout (each record's budgets), box ({rows, cols}: line-mode
-- puzzles read with that shape; no block then), stop (called before a record the batch left
-- undone because a signal stopped it: the caller raises there), and per task:
--   solve:   symbols (answers of line-mode puzzles as their solution's symbols where the batch
--            solved them; the line pool only then)
--   count:   limit (count up to; nil: all)
--   verdict: words ({unique =, multiple =, unknown =}: what the line pool writes for each)
--   rate:    logic (sudoku.logic's options), check (hold each path against the solution)
--   canon:   unique (a set of classes: a record of a class seen before is no answer),
--            records (answers are the records themselves, the first of each class), read_opts
--            (the line format's reader options)
local record = require "sudoku.format.record"

local route = {}

-- sudoku.records, loaded when a record first takes the Lua path: a plain puzzle list goes to
-- the core's line pool whole, and a pipeline's short run should not pay for loading the model.
local records = setmetatable({}, { __index = function(_, key)
  return require("sudoku.records")[key]
end })

--- The search budgets of settings `s` (its max_nodes and timeout), as b:solve, b:count and
--- records.refusal take them; nil when there are none.
function route.limits(s)
  if not s.max_nodes and not s.timeout then return nil end
  return { max_nodes = s.max_nodes, timeout = s.timeout }
end
local limits_of = route.limits

-- The batch solver's options: s.threads threads and the budgets of limits_of, plus `extra`.
local function batch_opts(s, extra)
  local opts = { threads = s.threads }
  for k, v in pairs(limits_of(s) or {}) do opts[k] = v end
  for k, v in pairs(extra or {}) do opts[k] = v end
  return opts
end

--- The record read from one line-mode puzzle text (with `box`'s shape), or nil and the reader's
--- fault (sudoku.format.fault's data: its line, always 1, is the caller's to place).
function route.line_record(text, box)
  local parse = require "sudoku.format.parse"
  local board, _, f = parse.read(text, box and { box = box } or nil)
  if not board then return nil, f end
  return record.new(board)
end

-- The line pool for blocks in `mode` with the batch options `opts` (extra fields: words): a pool
-- of that many threads of the core while the calling thread reads and writes; on one thread,
-- by the calling thread itself (an inline pool: no thread, its room kept from block to block).
-- The pool reads the file's board size (size: N or "auto", as the stream has settled it): it
-- answers 81-symbol lines only where 9x9 boards are the file's.
local function with_pool(task, mode, opts)
  function task.pool(size)
    local with_size = { size = size }
    for k, v in pairs(opts) do with_size[k] = v end
    return require("sudoku.core").line_pool(mode, with_size, opts.threads == 1)
  end
  -- On threads, blocks go in pieces of 16 KiB (about 200 puzzles, a few hundred microseconds
  -- of solving): the threads share out a small file too.
  if opts.threads ~= 1 then task.pool_piece = 16 * 1024 end
  return task
end

-- Emits a chunk's answers from the batch solver (answers[i], errors[i], faults[i], nil for an
-- item it did not take): value(answer, item) for an answer, a budget's message as it stands (the
-- search is not run again), and one(item) for the rest, which gives the record's own answer or
-- message (or reads what only the Lua reader reads).
local function emit_batch(s, items, emit, answers, errors, faults, value, one)
  for i, item in ipairs(items) do
    local answer, f = answers[i], faults[i]
    if answer then
      emit(i, value(answer, item), nil, true)
    elseif f and f.kind == "gave_up" then
      emit(i, nil, errors[i], true)
    else
      if f and f.kind == "interrupted" and s.stop then s.stop() end
      emit(i, one(item))
    end
  end
end

local function texts_of(items)
  local texts = {}
  for i, item in ipairs(items) do texts[i] = item.text end
  return texts
end

local function records_of(items)
  local list = {}
  for i, item in ipairs(items) do list[i] = item.record end
  return list
end

-- A task's chunk handlers over the batch solver: batch_lines(texts) and batch_records(list)
-- give answers, errors and faults; value(answer, item) the answer to emit for a batch answer;
-- one(rec) the record's answer on the Lua path.
local function batched(s, task, batch_lines, batch_records, value, one)
  local box = s.box
  function task.lines(items, emit)
    local answers, errors, faults = batch_lines(texts_of(items))
    emit_batch(s, items, emit, answers, errors, faults, value, function(item)
      local rec, f = route.line_record(item.text, box)
      if not rec then return nil, f end
      return one(rec)
    end)
  end
  function task.records(items, emit)
    local answers, errors, faults = batch_records(records_of(items))
    emit_batch(s, items, emit, answers, errors, faults, value, function(item)
      return one(item.record)
    end)
  end
  return task
end

--- solve: each record's first solution, as its solved record (the givens still told apart);
--- with s.symbols, a line-mode answer the batch made is the solution's symbols instead.
function route.solve(s)
  local opts, limits = batch_opts(s), limits_of(s)
  local task = batched(s, {}, function(texts)
    return records.solve_lines(texts, opts, s.box)
  end, function(list)
    return records.solve_many(list, opts)
  end, function(answer, item)
    if item.record then return records.answered(item.record, answer) end
    if s.symbols then return answer end
    -- The batch answer is a line; the record keeps the puzzle's cells as the givens.
    return records.answered(assert(route.line_record(item.text, s.box)), answer)
  end, function(rec)
    return records.solve(rec, limits)
  end)
  if s.symbols and not s.box then with_pool(task, "solve", opts) end
  return task
end

--- count: each record's number of solutions (up to s.limit).
function route.count(s)
  local limits = limits_of(s)
  -- Without a limit every solution counts; 2^53 is as far as a count stays exact anyway.
  local opts = batch_opts(s, { limit = s.limit or math.floor(2 ^ 53) })
  local task = batched(s, {}, function(texts)
    return records.solve_lines(texts, opts, s.box)
  end, function(list)
    return records.solve_many(list, opts)
  end, function(answer) return answer end, function(rec)
    return records.count(rec, s.limit, limits)
  end)
  if not s.box then with_pool(task, "count", opts) end
  return task
end

--- verdict: each record's verdict (sudoku.records.verdict's names; "malformed" for a line that
--- cannot be read), with why for every verdict but "unique".
function route.verdict(s)
  local limits = limits_of(s)
  local task = {}
  local function verdict(rec) return records.verdict(rec, limits) end
  -- The batch solver counts the lines it reads to 2 on s.threads threads: one solution is
  -- "unique" with nothing to say; every other line gets its verdict here, with its reason. (A
  -- line starting with a byte order mark, which the batch would drop, is read here too.)
  local count_opts = batch_opts(s, { limit = 2 })
  function task.lines(items, emit)
    local counts = records.solve_lines(texts_of(items), count_opts, s.box)
    for i, item in ipairs(items) do
      if counts[i] == 1 and item.text:sub(1, 3) ~= "\239\187\191" then
        emit(i, "unique", nil, true)
      else
        local rec, f = route.line_record(item.text, s.box)
        if rec then
          emit(i, verdict(rec))
        else
          emit(i, "malformed", f)
        end
      end
    end
  end
  function task.records(items, emit)
    for i, item in ipairs(items) do emit(i, verdict(item.record)) end
  end
  if not s.box then with_pool(task, "verdict", batch_opts(s, { words = s.words })) end
  return task
end

--- rate: each record's rating by human-style logic, as {puzzle =, rating =, hardest =} (the
--- puzzle as a line of its values; hardest nil without steps).
function route.rate(s)
  local opts = batch_opts(s, s.logic)
  opts.check = s.check or nil
  local rate_opts = {}
  for k, v in pairs(s.logic or {}) do rate_opts[k] = v end
  rate_opts.check, rate_opts.max_nodes, rate_opts.timeout = s.check, s.max_nodes, s.timeout
  local function rated(puzzle, answer)
    return { puzzle = puzzle, rating = answer.rating, hardest = answer.hardest }
  end
  -- A record the batch does not take (rules, a shape a line cannot keep): its path here.
  local function one(rec)
    local answer, why = records.rate(rec, rate_opts)
    if not answer then return nil, why end
    return rated(rec.board:symbols(), answer)
  end
  local task = {}
  function task.lines(items, emit)
    local answers, errors, faults = records.rate_lines(texts_of(items), opts, s.box)
    for i, item in ipairs(items) do
      if answers[i] then
        emit(i, rated(item.text, answers[i]), nil, true)
      else
        -- The reader's own fault for a line it cannot read; the batch's verdict (stuck, not
        -- unique, out of budget) for one it can.
        if faults[i] and faults[i].kind == "interrupted" and s.stop then s.stop() end
        local rec, f = route.line_record(item.text, s.box)
        if not rec then
          emit(i, nil, f)
        elseif errors[i] then
          emit(i, nil, errors[i])
        else
          emit(i, one(rec))
        end
      end
    end
  end
  function task.records(items, emit)
    local answers, errors, faults = records.rate_many(records_of(items), opts)
    for i, item in ipairs(items) do
      if answers[i] then
        emit(i, rated(item.record.board:symbols(), answers[i]), nil, true)
      elseif errors[i] then
        if faults[i] and faults[i].kind == "interrupted" and s.stop then s.stop() end
        emit(i, nil, errors[i])
      else
        emit(i, one(item.record))
      end
    end
  end
  return task
end

--- canon: each 9x9 record's canonical form (with s.records, the record itself); with s.unique
--- (or s.records) a set of the classes seen, and a record of a class seen before has no
--- answer. Line-mode items are whole lines, read as the line format reads them; without s.box
--- their 81-symbol puzzles are done in C by the line pool ("canon" and "canon_record" modes),
--- and task.block_text(out, at, to, info) keeps the pool's lines of new classes: the set is
--- looked up on the calling thread, in input order, for the pool's records and the others
--- alike. task.counts() gives the classes and the duplicates left out.
function route.canon(s)
  local seen = (s.records or s.unique) and require("sudoku.gen").canonical_set()
  local duplicates = 0
  local task = {}
  local function one(rec)
    local form, why = records.canonical(rec)
    if not form then return nil, why end
    if seen and not seen:add(form) then
      duplicates = duplicates + 1
      return nil
    end
    if s.records then return rec end
    return form
  end
  function task.records(items, emit)
    for i, item in ipairs(items) do emit(i, one(item.record)) end
  end
  function task.lines(items, emit)
    local read_line = require("sudoku.format.line").read_line
    for i, item in ipairs(items) do
      local rec, _, where = read_line(item.text, s.read_opts or {}, item.line, i)
      if rec then
        emit(i, one(rec))
      else
        emit(i, nil, where)
      end
    end
  end
  -- The pool reads 9x9 lines with 3x3 boxes, as a line without a shape is read.
  if not s.box then
    with_pool(task, s.records and "canon_record" or "canon", batch_opts(s))
    if seen then
      function task.block_text(out, at, to, info)
        local kept, used, dropped = seen:keep(out:sub(at + 1, to), info.forms, info.used)
        info.used = (info.used or 0) + used
        duplicates = duplicates + dropped
        return kept
      end
    end
  end
  function task.counts()
    return seen and seen:count() or 0, duplicates
  end
  return task
end

return route
