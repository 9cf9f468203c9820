-- What each command prints for the records (see sudoku.cli.pipeline): job(result) gives the
-- pipeline's job table for the parsed command line. Where each record is answered (the line
-- pool in C, the batch solver, the record model in Lua) and what the answer is, is the
-- library's: sudoku.records.route's tasks, over sudoku.records. This module turns the answers
-- into output: the words, the formats, the names. The core (under sudoku.records) is loaded
-- when a command runs, so that `sudoku --help` works before the C core is built.
local format = require "sudoku.format"
local output = require "sudoku.cli.output"
local interrupt = require "sudoku.cli.interrupt"
local route = require "sudoku.records.route"

local jobs = {}

-- sudoku.records, loaded when a record first takes the Lua path (see sudoku.records.route).
local records = setmetatable({}, { __index = function(_, key)
  return require("sudoku.records")[key]
end })

-- The search budgets of the command line (--max-nodes, --timeout): the route's reading of
-- them, which takes the same field names.
local limits_of = route.limits

-- A route task's settings from the command line: -j's threads, the budgets, --box, and a
-- signal that stopped the batch raises between two records; plus `extra`.
local function settings(result, extra)
  local s = { threads = result.jobs, max_nodes = result.max_nodes, timeout = result.timeout,
    box = result.box, stop = interrupt.check }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

-- The reader options of the command line: --box's shape for the formats that name none, and
-- --size (N, or "auto": a line file's lines of any size).
local function read_opts(result)
  return { box = result.box, size = result.size }
end

-- A task's chunk handler from a handler of one record: each answer goes out as soon as it is
-- made.
local function each(handle_one)
  return function(items, emit)
    for i, item in ipairs(items) do emit(i, handle_one(item.record)) end
  end
end

-- The format records are read in: the one named, or nil to tell it from the input.
local function input_format(result)
  if result.from == "auto" then return nil end
  return result.from
end

-- A route task's chunk handler (task.lines or task.records) with each answer turned into the
-- text to print by present(answer, item) as soon as it is made, so that an answer's data (a
-- solved record, its board) is garbage at once rather than held to the end of its chunk; a
-- message or fault goes on as it is (the pipeline words faults).
local function presented(handler, present)
  return function(items, emit)
    handler(items, function(k, answer, why, made)
      if answer ~= nil then answer = present(answer, items[k]) end
      emit(k, answer, why, made)
    end)
  end
end

-- A batch command's job over a route task: once the input's format is known (now when --from
-- names it, else when detection has told it), task_for(from) makes the task, which the
-- stream (sudoku.records.stream) reads puzzles one per line with in line mode (the task's
-- lines, and its line pool when it has one), every other format record by record (the task's
-- records). present(answer, item) gives the text to print for an answer.
local function task_job(result, job, task_for, present)
  job.read_opts = job.read_opts or read_opts(result)
  job.from = input_format(result)
  function job.task(from)
    local task = task_for(from)
    return { lines = presented(task.lines, present), records = presented(task.records, present),
      pool = task.pool, pool_piece = task.pool_piece, block_text = task.block_text }
  end
  return job
end

-- solve: the first solution of each record, in --to's format (default: the input's format,
-- named or detected).
function jobs.solve(result)
  local job, to = {}, nil
  -- In --to's line format, a line-mode answer the batch or the pool made is the solution's
  -- symbols as they are; any other answer is a solved record, written in --to's format.
  local function present(answer)
    if type(answer) == "string" then return answer end
    return format.write(answer, to)
  end
  return task_job(result, job, function(from)
    to = result.to or from
    job.separator = format.get(to).separator
    return route.solve(settings(result, { symbols = from == "line" and to == "line" }))
  end, present)
end

-- count: the number of solutions of each record (up to --limit), one per line.
function jobs.count(result)
  local task = route.count(settings(result, { limit = result.limit }))
  return task_job(result, {}, function() return task end,
    function(n) return ("%d"):format(n) end)
end

-- validate's words, one per verdict (sudoku.records.verdict's names, and "malformed" for a
-- record that cannot be read): what it prints, on the Lua path and, handed down, in the line
-- pool's blocks alike.
local VERDICT_WORDS = { unique = "unique", multiple = "multiple", none = "none",
  unknown = "unknown", malformed = "malformed" }

-- validate: "unique", or the verdict and the reason it is not ("unknown" when the budgets ran
-- out before the search could tell).
function jobs.validate(result)
  local task = route.verdict(settings(result, { words = VERDICT_WORDS }))
  -- A record that cannot be read still gets its verdict, so there is one per record.
  local job = { unreadable = VERDICT_WORDS.malformed }
  return task_job(result, job, function() return task end,
    function(verdict) return VERDICT_WORDS[verdict] end)
end

-- convert: each record in --to's format.
function jobs.convert(result)
  local to = result.to
  return {
    from = input_format(result),
    read_opts = read_opts(result),
    separator = format.get(to).separator,
    task = { records = each(function(rec) return format.write(rec, to) end) },
  }
end

-- canon: each 9x9 record's canonical form as a line of 81 symbols; with --unique only the first
-- record of each class prints it. dedup: the first record of each class as it was read (in the
-- input's format), the others left out. --stats adds the classes and the duplicates. Puzzles
-- one per line (named or detected) are read in line mode, whole lines (the route's canon task
-- reads them as the line format does, and gives its 81-symbol puzzles to the line pool), so
-- the output is the same whatever the threads.
local function canon_job(result, keep_record)
  local name = input_format(result)
  local task = route.canon(settings(result, { unique = result.unique, records = keep_record,
    read_opts = read_opts(result) }))
  local job = { whole_lines = true }
  task_job(result, job, function(from)
    name = name or from
    return task
  end, function(answer)
    if keep_record then return format.write(answer, name or "line") end
    return answer
  end)
  if keep_record or result.unique then
    function job.stats_note()
      return ("%d classes, %d duplicates left out"):format(task.counts())
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
    task = { records = function(items, emit)
      seen = seen + #items
      if one_file and seen > 1 then
        output.stop(("--output '%s' names one file, and the input has more than one puzzle: "
          .. "put %%d in it for the puzzle's number (e.g. 'puzzle-%%d.svg')")
          :format(result.output), output.EXIT_USAGE)
      end
      return handle(items, emit)
    end },
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
  local task = route.rate(settings(result, { logic = logic_opts(result, true),
    check = result.check }))
  local job = { placeholder = named_placeholder }
  return task_job(result, job, function() return task end, function(answer, item)
    return record_name(item) .. " "
      .. ("%s %.1f %s"):format(answer.puzzle, answer.rating, answer.hardest or "-")
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
    local why = records.refusal(rec, limits)
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
    task = { records = each_named(one) },
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
    local why = records.refusal(rec, limits)
    if why then return nil, why end
    local pencil, err = record_pencil(rec)
    if not pencil then return nil, err end
    seen = seen + 1
    if pattern and seen > 1 and not pattern:find("%p", 1, true) then
      output.stop(("--svg '%s' has no %%p, and the input has more than one puzzle: put %%p "
        .. "in it for the puzzle's number (e.g. 'p%%p-step-%%d.svg')"):format(pattern),
        output.EXIT_USAGE)
    end
    local lines = { rec.board:symbols() }
    local k, hardest, solved = logic.walk(pencil, lopts, function(step, k)
      if pattern then
        local path = pattern:gsub("%%p", tostring(rec.index or seen)):gsub("%%d", tostring(k))
        output.write_file(path, logic.svg(pencil, step), "\n")
      end
      lines[#lines + 1] = ("%d. %s (%.1f): %s"):format(k, step.title, step.rating, step.text)
    end)
    if not solved then
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
    task = { records = each_named(one) },
    placeholder = named_placeholder,
  }
end

return jobs
