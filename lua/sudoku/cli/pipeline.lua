-- The loop every command shares: open the input, read it a record at a time (constant memory
-- however large it is), hand the records to the command CHUNK at a time, write what comes
-- back in input order, report each failure on stderr as FILE:LINE: message, and settle the
-- exit status. Two ways to read:
--   line mode (job.lines): a record is one line, the puzzle text before any
--     whitespace, ',', ';' or '#' (sudoku.records.lines reads them); the command gets the
--     texts, so that a batch of one-line puzzles can go to the batch solver untouched, and
--     whole blocks of lines go to the command's line pool (job.pool, through
--     sudoku.records.blocks) whenever the input can give them;
--   format mode (otherwise): records come from sudoku.format, in job.from's format (nil:
--     detected).
-- Every message is worded here: a fault that comes as data (sudoku.format.fault) by cli_message.
local format = require "sudoku.format"
local source = require "sudoku.format.source"
local fault = require "sudoku.format.fault"
local lines = require "sudoku.records.lines"
local blocks = require "sudoku.records.blocks"
local interrupt = require "sudoku.cli.interrupt"
local progress = require "sudoku.cli.progress"

local pipeline = {}

pipeline.EXIT_OK, pipeline.EXIT_FAILED, pipeline.EXIT_USAGE = 0, 1, 2

local STDIN_NAME = "<stdin>"

-- Bytes of input a block of whole lines takes at most in C (job.pool), besides a part line
-- left from the last read: under source.MAX_LINE, so that no line in a block is one the source
-- would have refused as longer than any record. 64 KiB (about 800 puzzles, 2 ms of solving):
-- a block's strings stay under glibc's 128 KiB mmap threshold, so its memory is reused block
-- after block; 512 KiB blocks had the allocator give memory back and take it again each
-- block (4,500 page faults against 1,100 on 32,781 puzzles, 6-8 ms of a 110 ms run), and a
-- batch's thread start per block stays a few percent of its work.
local BLOCK = 64 * 1024


-- Records handed to a command at once: enough for the batch solver's threads to share out, few
-- enough that memory stays small and constant however long the input is.
pipeline.CHUNK = 4096

-- io.open's message is "PATH: reason"; the CLI names the file itself, so keep only the reason.
local function reason_of(message, path)
  message = tostring(message)
  local prefix = path .. ": "
  if message:sub(1, #prefix) == prefix then return message:sub(#prefix + 1) end
  return message
end

-- The input named by `path` (stdin for nil or "-"): the handle and its name, or nil and the
-- message for a file that cannot be opened. (sudoku lab opens its input here too.)
local function open_input(path, streams)
  if path == nil or path == "-" then return streams.stdin, STDIN_NAME end
  -- Binary, as format.open reads: the record rule reads line ends itself.
  local f, err = io.open(path, "rb")
  if not f then return nil, ("cannot open %s: %s"):format(path, reason_of(err, path)) end
  -- A directory opens on Linux and fails at the first read; that read error is reported then
  -- (pipeline.read_failure).
  return f, path
end
pipeline.open_input = open_input

--- The message for a source (sudoku.format.source) of the input `name` whose read failed, or
--- nil when none did: the run ends with it and status 2, as for a file that cannot be opened.
function pipeline.read_failure(src, name)
  if not src.read_error then return nil end
  return ("cannot read %s: %s"):format(name, reason_of(src.read_error, name))
end

-- What --placeholders writes in place of the answer of a record that failed, for a job without
-- a placeholder of its own (job.placeholder).
pipeline.PLACEHOLDER = "-"

-- What the command prints after FILE:LINE: for a record a format's reader could not read (its
-- fault; see sudoku.format.fault): the words after the line. The readers name the shape the
-- CLI's --box gives them opts.box, which the command calls --box.
local function cli_message(f)
  return (fault.after_line(f):gsub("%(opts%.box%)", "(--box)"))
end

-- Format mode's items: {line =, record =} or {line =, error =}; a failure that belongs to no
-- record or line (the format cannot be told, UTF-16 text) is {fatal =}. (sudoku lab reads its
-- puzzles with it too.)
local function record_items(src, from, opts)
  local next_record = format.records(src, from, opts)
  return function()
    local rec, err, where = next_record()
    if rec == nil then return nil end
    if rec then return { line = rec.line, record = rec } end
    if where.kind == "utf16" or (not where.record and not where.bytes) then
      return { fatal = where.kind and fault.reason(where) or err }
    end
    return { line = where.line, fault = where, error = cli_message(where) }
  end
end
pipeline.record_items = record_items

-- Runs `job` over the input of `result` (the parsed command line):
--   job.lines      true for line mode: handle() gets {line =, text =} items
--   job.whole_lines  with job.lines: an item's text is its record's whole line, not only the
--                  puzzle before the separator, and a line with nothing before it is the job's
--                  to read too (canon and dedup read lines as the line format does)
--   job.from       the input's format name, or nil to detect it
--   job.handle(items, emit): for each item k (all read without error), in order and as soon
--                  as it is done, emit(k, out, err, made): the text to print (or nil) and a
--                  message for stderr, or a fault as data that the pipeline words (or nil;
--                  either counts as a failure). What was emitted
--                  goes out at the end of the chunk, or when a signal stops it, whole records
--                  only. emit raises once a signal came, so that the job stops between two
--                  records; with made true it does not: the answer was made with others before
--                  (by the batch solver, which stops at the signal), and those are written too,
--                  up to the first item the batch left undone.
--   job.separator  what goes between two printed records (default "\n")
--   job.stats_note()  optional: what --stats adds after its counts (dedup: classes, duplicates)
--   job.read_opts  options for the format's reader
--   job.unreadable what to print for a record that could not be read (default: nothing)
--   job.placeholder(item)  optional: with result.placeholders, what to print for a record
--                  that failed ({line =, record =} when it was read; default
--                  pipeline.PLACEHOLDER)
--   job.detected(name)  called with the format detection found, before any record is read
--                  (the batch commands set job.lines and job.handle there)
--   job.pool       line mode only, optional: pool(size) makes a line pool (a route task's,
--                  sudoku.records.route) that does whole blocks of lines at once; blocks are
--                  submitted as they are read (sudoku.records.blocks) and their answers written
--                  in input order as they come back, so that on threads of the pool reading and
--                  writing overlap the solving. The records a block leaves to the caller (its
--                  notes with hole) go through job.handle. The output is the same as line by
--                  line; the pipeline takes blocks whenever the input can give them (a file
--                  read in blocks, no line over the record limit).
--   job.pool_piece with job.pool, optional: the bytes a block is cut into for a pool of
--                  threads
--   job.block_text(out, at, to, info)  with job.pool, optional: the text to
--                  print for out's bytes at + 1 .. to (whole lines, each a record answered in
--                  C; info as the block's), in input order with the records handled between
--                  them (dedup drops those of a class seen before); default: the bytes as they
--                  are
-- result.line_offset, when above 0, is added to every line number a message names, so that
-- a piece of a longer input (GNU parallel's --pipe) names the lines of the whole.
-- With result.placeholders (--placeholders), a record that failed and printed nothing prints
-- job.placeholder's line in its place (its message still goes to stderr), on every path, the
-- blocks done in C included: the output's record K answers the input's record K.
-- On Ctrl-C, SIGTERM or SIGHUP (sudoku.cli.interrupt) the records written so far stay, whole,
-- nothing more is read or written, and the status is interrupt.stop's (128 + the signal).
-- Returns the exit status.
function pipeline.run(result, streams, job)
  local input, name = open_input(result.file, streams)
  if not input then
    streams.stderr:write("sudoku: ", name, "\n")
    return pipeline.EXIT_USAGE
  end
  -- The size for the progress bar, measured before anything is read (detection reads ahead).
  local size
  local on_terminal = progress.stderr_is_terminal(streams)
  if on_terminal and input ~= streams.stdin then
    size = input:seek("end")
    if size then input:seek("set") end
  end
  -- Output goes out a chunk at a time, never in answer to a single line, so even a pipe can be
  -- read in whole blocks: bounded memory and every NUL kept, on every Lua version.
  local src = source.of(input, { blocks = true })
  local from = job.from
  -- A file named *.json or *.jsonl is JSON whatever its first line looks like.
  if from == nil and result.file and result.file:lower():find("%.jsonl?$") then
    from = "json"
    if job.detected then job.detected(from) end
  end
  if from == nil and result.column then
    -- A column of a delimited file: one puzzle per line.
    from = "line"
    if job.detected then job.detected(from) end
  end
  if from == nil then
    -- Told here rather than by format.records so that the job learns the format (solve
    -- writes its answers in it, and reads puzzles one per line in line mode).
    local detected, err, empty = format.detect(src)
    if not detected and not empty then
      streams.stderr:write("sudoku: ", name, ": ", err, "\n")
      if input ~= streams.stdin then input:close() end
      return pipeline.EXIT_USAGE
    end
    from = detected
    if from and job.detected then job.detected(from) end
  end
  local items
  local offset = result.line_offset or 0
  -- Line mode's records (sudoku.records.lines): the board size of a line file is --size, or
  -- the first record's (with --box the reader checks each record against the box, in its own
  -- words); with --line-offset the input is a piece of a longer one, with no title at its top.
  local reader = lines.new(src, { whole = job.whole_lines, size = result.size, box = result.box,
    column = result.column, title_done = offset > 0 })
  if job.lines and from then
    -- UTF-16 text is no puzzle list: say so rather than read its bytes as cells.
    reader:take_title()
    if src.utf16 then
      streams.stderr:write("sudoku: ", name, ": ", fault.reason(fault.new("utf16")), "\n")
      if input ~= streams.stdin then input:close() end
      return pipeline.EXIT_USAGE
    end
  end
  if not from then
    -- No puzzle at all: only what the source found wrong, if anything.
    items = function() return reader:fault_item(nil) end
  elseif job.lines then
    items = function() return reader:next() end
  else
    items = record_items(src, from, job.read_opts or {})
  end

  local between = (job.separator or "\n"):sub(2)
  local failed, handled, printed = 0, 0, 0
  local status = pipeline.EXIT_OK
  local chunk = {}
  local started = result.stats and progress.now()
  local bar = on_terminal and progress.bar(streams.stderr, size) or nil

  local stopped = false  -- Ctrl-C came: no more records
  local pending = interrupt.pending
  -- Whether the lines held at the start may still go to the pool as a block (reader:held_block).
  local held_block_ok = true
  -- Blocks are taken once src.line (the lines read so far) reaches block_from: from the start
  -- (0), so that the lines detection read ahead go to the pool too and a short file needs no
  -- record model in Lua; past a line that must go line by line, from the line after it.
  local block_from = job.lines and job.pool and 0 or math.huge

  -- A chunk's records go to stdout in one write when it is done (or stopped): one checked write
  -- a chunk rather than one a record. A message for stderr lets the records before it out
  -- first, so that on a terminal both streams keep the input's order.
  local held = {}
  local function release()
    if #held > 0 then
      streams.stdout:write(#held == 1 and held[1] or table.concat(held))
      held = {}
    end
  end

  local placeholders = result.placeholders
  -- err: the words after FILE:LINE:, or a fault as data (worded here: cli_message).
  local function write_record(item, out, err)
    if type(err) == "table" then err = cli_message(err) end
    if err and out == nil and placeholders then
      out = job.placeholder and job.placeholder(item) or pipeline.PLACEHOLDER
    end
    if out then
      if printed > 0 and between ~= "" then held[#held + 1] = between end
      held[#held + 1] = out
      held[#held + 1] = "\n"
      printed = printed + 1
    end
    if err then
      failed = failed + 1
      release()
      streams.stderr:write(name, ":", item.line + offset, ": ", err, "\n")
    end
    handled = handled + 1
  end

  -- Hands the chunk's readable items to the job and writes every record in input order, those
  -- that could not be read in their places. Ctrl-C stops it between two records (or inside the
  -- job's search, which raises); the records done by then are written.
  local function flush()
    local good, at = {}, {}
    for i, item in ipairs(chunk) do
      if not item.fault then
        good[#good + 1] = item
        at[#good] = i
      end
    end
    local written = 0
    local function write_upto(i)
      for j = written + 1, i do
        if chunk[j].fault then write_record(chunk[j], job.unreadable, chunk[j].fault) end
      end
      written = math.max(written, i)
    end
    local function emit(k, out, err, made)
      local i = at[k]
      if i > written + 1 then write_upto(i - 1) end
      write_record(chunk[i], out, err)
      written = i
      if not made and pending() then interrupt.check() end
    end
    local ok, err = pcall(function()
      job.handle(good, emit)
      write_upto(#chunk)
    end)
    -- Whatever was done is whole records, also when Ctrl-C stopped the chunk.
    release()
    chunk = {}
    if bar then bar.update(handled, src.bytes) end
    if not ok then
      if not interrupt.is(err) then error(err, 0) end
      stopped = true
    end
  end

  -- A block of whole lines done in C (by the pool), written in input order with the
  -- records it left to job.handle (its holes) in their places. The holes go to job.handle all
  -- at once (the batch solver shares them out), or, for a job whose answers depend on what came
  -- before (job.block_text: dedup's set), one at a time in their places. Returns false when
  -- Ctrl-C stopped it.
  local function finish_block(text, first_line, out, notes, info)
    local todo, answers = {}, {}
    for _, n in ipairs(notes) do
      if n.hole then
        n.item = reader:item(text:sub(n.start + 1, n.start + n.len), first_line + n.line - 1)
        if n.item.text then
          todo[#todo + 1] = n.item
          n.index = #todo
        end
      end
    end
    local function answer(list, first)
      job.handle(list, function(k, text_out, err, made)
        answers[first + k - 1] = { text_out, err }
        if not made and pending() then interrupt.check() end
      end)
    end
    local block_text = job.block_text
    -- Ctrl-C while the holes are answered: the records before the first hole left without an
    -- answer are written (the block's own answers among them), then the interrupt goes on.
    local interrupted
    if #todo > 0 and not block_text then
      local ok, err = pcall(answer, todo, 1)
      if not ok then
        if not interrupt.is(err) then error(err, 0) end
        interrupted = err
      end
    end
    local function text_of(at, to)
      if block_text then return block_text(out, at, to, info) end
      return (at == 0 and to == #out) and out or out:sub(at + 1, to)
    end
    local pos = 0
    for _, n in ipairs(notes) do
      if n.at > pos then
        held[#held + 1] = text_of(pos, n.at)
        pos = n.at
      end
      local item = n.item or { line = first_line + n.line - 1 }
      if n.hole and item.fault then
        write_record(item, job.unreadable, item.fault)
      elseif n.hole then
        if block_text then answer({ item }, n.index) end
        local a = answers[n.index]
        if not a and interrupted then     -- Ctrl-C came before its answer: stop there
          release()
          error(interrupted, 0)
        end
        write_record(item, a[1], a[2])
      else
        write_record(item, nil, n.fault)
      end
    end
    if pos < #out then held[#held + 1] = text_of(pos, #out) end
    if interrupted then                   -- after the last hole's answer: the block is whole
      release()
      error(interrupted, 0)
    end
    handled = handled + info.records - #notes
    release()
    if bar then bar.update(handled, src.bytes) end
    return not info.interrupted
  end

  -- The blocks on their way through the pool (sudoku.records.blocks), made for the first one.
  local queue = job.pool and blocks.new{
    pool = job.pool, piece = job.pool_piece, pending = pending,
    size = function() return reader:size() end,
    advance = function(n) src:advance(n) end,
    finish = finish_block,
  }
  local function submit_block(...) return queue:submit(...) end
  local function drain_pool() return queue:drain() end
  local function close_pool() if queue then queue:close() end end

  -- Runs fn(...) as a step of the loop: false when Ctrl-C stopped it; any other error closes
  -- the pool and is raised again.
  local function step(fn, ...)
    local ok, done = pcall(fn, ...)
    release()
    if not ok and not interrupt.is(done) then
      close_pool()
      error(done, 0)
    end
    return ok and done
  end

  while not stopped do
    if pending() then
      stopped = true
      break
    end
    local took = false
    if src.line >= block_from and (src.line == 0 or reader:settled()) then
      local first_line = src.line + 1
      local text, why = src:lines_block(BLOCK)
      if text then
        took = true
        if #chunk > 0 then flush() end
        if not stopped then
          if not step(submit_block, text, first_line) then
            stopped = true
          end
        end
      elseif why == "later" and queue and held_block_ok then
        -- What detection read ahead goes to the pool too, as a block of its own.
        local ahead, ahead_first = reader:held_block()
        if ahead then
          took = true
          if #chunk > 0 then flush() end
          if not stopped and not step(submit_block, ahead, ahead_first, true) then
            stopped = true
          end
        else
          held_block_ok = false
          block_from = src.line + 1
        end
      elseif why == "later" or why == "long" then
        block_from = src.line + 1   -- line by line past what is held, then blocks again
      else
        block_from = math.huge
      end
    end
    if stopped then break end
    -- Records read line by line come after the pool's blocks.
    if not took and queue and queue:waiting() > 0 and not step(drain_pool) then
      stopped = true
      break
    end
    if not took then
      local ok, item = pcall(items)
      if not ok and interrupt.is(item) then
        stopped = true
        break
      end
      if not ok then
        -- A reader raises only for a programmer's mistake; say it and stop like a usage error.
        streams.stderr:write("sudoku: ", tostring(item), "\n")
        status = pipeline.EXIT_USAGE
        break
      end
      if item == nil then break end
      if item.fatal then
        local why = item.fatal
        if type(why) == "table" then why = fault.reason(why) end
        streams.stderr:write("sudoku: ", name, ": ", why, "\n")
        status = pipeline.EXIT_USAGE
        break
      end
      chunk[#chunk + 1] = item
      if #chunk == pipeline.CHUNK then flush() end
    end
  end
  if not stopped and queue and not step(drain_pool) then stopped = true end
  if stopped and queue then step(function() return queue:salvage() end) end
  close_pool()
  -- A read that Ctrl-C cut short fails too: the interrupt is what happened.
  if pending() then stopped = true end
  if #chunk > 0 and not stopped then flush() end
  local read_failure = not stopped and pipeline.read_failure(src, name)
  if read_failure then
    streams.stderr:write("sudoku: ", read_failure, "\n")
    status = pipeline.EXIT_USAGE
  end
  if bar then bar.clear() end
  if result.stats then
    local elapsed = progress.now() - started
    local thousands = progress.thousands
    streams.stderr:write(("sudoku: %s puzzles, %s failed, %.2f s, %s puzzles/s%s\n"):format(
      thousands(handled), thousands(failed), elapsed,
      elapsed > 0 and thousands(handled / elapsed) or "-",
      job.stats_note and ("; " .. job.stats_note()) or ""))
  end

  if input ~= streams.stdin then input:close() end
  if stopped then return interrupt.stop(streams) end
  if status == pipeline.EXIT_OK and failed > 0 then status = pipeline.EXIT_FAILED end
  return status
end

return pipeline
