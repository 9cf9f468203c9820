-- The loop every command shares: open the input, read it a record at a time (constant memory
-- however large it is), hand the records to the command CHUNK at a time, write what comes
-- back in input order, report each failure on stderr as FILE:LINE: message, and settle the
-- exit status. Two ways to read:
--   line mode (job.lines): a record is one line, the puzzle text before any
--     whitespace, ',', ';' or '#'; the command gets the texts, so that a batch of one-line
--     puzzles can go to sudoku.solve_many untouched;
--   format mode (otherwise): records come from sudoku.format, in job.from's format (nil:
--     detected).
local format = require "sudoku.format"
local source = require "sudoku.format.source"
local rule = require "sudoku.format.rule"
local fault = require "sudoku.format.fault"
local interrupt = require "sudoku.cli.interrupt"
local progress = require "sudoku.cli.progress"

local pipeline = {}

pipeline.EXIT_OK, pipeline.EXIT_FAILED, pipeline.EXIT_USAGE = 0, 1, 2

local STDIN_NAME = "<stdin>"

-- Bytes of input a block of whole lines takes at most in C (job.block), besides a part line
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
  local f, err = io.open(path, "r")
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

-- An item that failed: its fault, and the words the command prints after FILE:LINE:.
local function failed_item(f)
  return { line = f.line, fault = f, error = fault.after_line(f) }
end

-- An item for a fault of the source (a line too long for any record) on a line before
-- `lineno` (any, for nil), or nil.
local function fault_item(src, lineno)
  local f = src:fault_before(lineno)
  if f then
    return failed_item(fault.new("long_line", { line = f.line, bytes = f.bytes }))
  end
  return nil
end

-- The board size of a line file (sudoku.format.rule): `shape.n` once the first record of a
-- board's number of cells has fixed it (or --box has), `shape.auto` for --size auto (each line
-- its own size). Returns the fault of a puzzle of another board's length, else nil (a length
-- that is no board's is the reader's to report).
local function size_fault(shape, puzzle, lineno)
  if shape.auto then return nil end
  if not shape.n then
    shape.n = rule.side_of(#puzzle)
    return nil
  end
  if #puzzle ~= shape.n * shape.n and rule.side_of(#puzzle) then
    return fault.new("other_size", { line = lineno, cells = #puzzle, expected = shape.n * shape.n })
  end
  return nil
end

-- Line mode's item for line number `lineno`, by the record rule (sudoku.format.rule, which
-- csrc/lineblock.c follows too): {line =, text =} for a puzzle line, a failed item for a line
-- with nothing before its separator or a puzzle of another length than the file's (shape, see
-- size_fault), nil for a blank or comment line. With `whole`, a record's text is its whole
-- line, which the job reads itself.
-- The layout of a delimited file, settled at its first record line (sudoku.format.rule).
local first_record = rule.first_record

local function line_item(line, lineno, whole, shape)
  if rule.is_skipped(line) then return nil end
  if first_record(shape, line) then return nil end
  if shape.missing then
    return { fatal = ("no column named '%s' in the header (line %d)"):format(shape.missing, lineno) }
  end
  if shape.column then
    local puzzle, count = rule.field(line, shape.column)
    if not puzzle then
      return failed_item(fault.new("record", { line = lineno,
        reason = ("no column %d: the line has %d"):format(shape.column, count) }))
    end
    local f = size_fault(shape, puzzle, lineno)
    if f then return failed_item(f) end
    return { line = lineno, text = puzzle }
  end
  local puzzle, lead = rule.puzzle(line)
  if not puzzle then return nil end
  if puzzle == "" and not whole then
    return failed_item(fault.new("no_puzzle", { line = lineno, column = lead,
      byte = line:byte(lead) }))
  end
  local f = puzzle ~= "" and size_fault(shape, puzzle, lineno)
  if f then return failed_item(f) end
  return { line = lineno, text = whole and line or puzzle }
end

-- The title check of line mode, done once whichever path comes first: a title line at the top
-- is no puzzle and is passed over (sudoku.format.reader.take_title). With `done`, there is none to
-- look for (the input is a piece of a longer one, which has its top elsewhere).
local function title_once(src, done)
  return function()
    if not done then
      done = true
      -- Loaded here: the reader loads the C core, which `sudoku --help` must do without.
      require("sudoku.format.reader").take_title(src)
    end
  end
end

-- Line mode's items: line_item's per line, or {line =, error =} for a line too long for any
-- record. A title line at the top (see sudoku.format.reader.take_title) is no puzzle and is
-- passed over.
local function line_items(src, take_title, whole, shape)
  return function()
    take_title()
    while true do
      local line, lineno = src:next()
      local failed = src.faults and fault_item(src, lineno and lineno + 1)
      if failed then
        if line ~= nil then src:back(line) end
        return failed
      end
      if line == nil then return nil end
      local item = line_item(line, lineno, whole, shape)
      if item then return item end
    end
  end
end

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
--   job.block      line mode only, optional: block(text) does a block of whole lines at once
--                  and returns what core.solve_block returns (out, notes, info); the records it
--                  leaves to the caller (notes with hole) go through job.handle. The output is
--                  the same as line by line; the pipeline takes blocks whenever the input can
--                  give them (a file read in blocks, no line over the record limit).
--   job.pool       line mode only, optional, instead of job.block: pool() makes a pool that
--                  does blocks as job.block would (core.line_pool): blocks are submitted as
--                  they are read and their answers written in input order as they come back,
--                  so that on threads of the pool reading and writing overlap the solving.
--   job.pool_piece with job.pool, optional: the bytes a block is cut into for a pool of
--                  threads (see submit_block)
--   job.block_text(out, at, to, info)  with job.pool or job.block, optional: the text to
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
  local take_title = title_once(src, offset > 0)
  -- The board size of a line file (size_fault): --size, or the first record's. (With --box the
  -- reader checks each record against the box, in its own words.)
  local shape = { auto = result.size == "auto" or result.box ~= nil, n = tonumber(result.size),
    column = result.column }
  if job.lines and from then
    -- UTF-16 text is no puzzle list: say so rather than read its bytes as cells.
    take_title()
    if src.utf16 then
      streams.stderr:write("sudoku: ", name, ": ", fault.reason(fault.new("utf16")), "\n")
      if input ~= streams.stdin then input:close() end
      return pipeline.EXIT_USAGE
    end
  end
  if not from then
    -- No puzzle at all: only what the source found wrong, if anything.
    items = function() return fault_item(src, nil) end
  elseif job.lines then
    items = line_items(src, take_title, job.whole_lines, shape)
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
  -- Whether the lines held at the start may still go to the pool as a block (held_block).
  local held_block_ok = true
  -- Blocks are taken once src.line (the lines read so far) reaches block_from: from the start
  -- (0), so that the lines detection read ahead go to the pool too and a short file needs no
  -- record model in Lua; past a line that must go line by line, from the line after it.
  local block_from = job.lines and (job.block or job.pool) and 0 or math.huge

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
      if not item.error then
        good[#good + 1] = item
        at[#good] = i
      end
    end
    local written = 0
    local function write_upto(i)
      for j = written + 1, i do
        if chunk[j].error then write_record(chunk[j], job.unreadable, chunk[j].error) end
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

  -- A block of whole lines done in C (job.block, or the pool), written in input order with the
  -- records it left to job.handle (its holes) in their places. The holes go to job.handle all
  -- at once (the batch solver shares them out), or, for a job whose answers depend on what came
  -- before (job.block_text: dedup's set), one at a time in their places. Returns false when
  -- Ctrl-C stopped it.
  local function finish_block(text, first_line, out, notes, info)
    local todo, answers = {}, {}
    for _, n in ipairs(notes) do
      if n.hole then
        n.item = line_item(text:sub(n.start + 1, n.start + n.len), first_line + n.line - 1,
          job.whole_lines, shape)
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
      if n.hole and item.error then
        write_record(item, job.unreadable, item.error)
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

  local function run_block(text, first_line)
    local out, notes, info = job.block(text, shape.auto and "auto" or shape.n)
    src:advance(info.lines)
    return finish_block(text, first_line, out, notes, info)
  end

  -- The pool (job.pool), made for the first block, and the blocks submitted to it and not yet
  -- written: {text =, line =}, queue[queue_head .. queue_tail - 1], oldest first.
  local pool, queue, queue_head, queue_tail = nil, {}, 1, 1

  local function close_pool()
    if pool then pool:close() end
    pool = nil
  end

  -- Writes the oldest block of the pool once it is done. Returns false when Ctrl-C stopped it.
  local function collect_block()
    local entry = queue[queue_head]
    queue[queue_head] = nil
    queue_head = queue_head + 1
    local out, notes, info = pool:collect()
    return finish_block(entry.text, entry.line, out, notes, info)
  end

  -- Writes every block of the pool, in order. Returns false when Ctrl-C stopped it.
  local function drain_pool()
    while pool and pool:pending() > 0 do
      if pending() or not collect_block() then return false end
    end
    return true
  end

  -- After Ctrl-C: the blocks the pool holds are written in order up to the first one the
  -- interrupt cut short, that one's records before the cut included (the pool's threads stop
  -- at the flag, so this takes no time), so that what was done before Ctrl-C is not lost.
  local function salvage_pool()
    while pool and pool:pending() > 0 do
      if not collect_block() then return false end
    end
    return true
  end

  -- Hands whole lines to the pool, writing the oldest first while the pool is full. Returns
  -- false when Ctrl-C stopped it, else true and the lines handed.
  local function submit_piece(text, first_line, counted)
    pool = pool or job.pool(shape.auto and "auto" or shape.n)
    while pool:full() do
      if pending() or not collect_block() then return false end
    end
    local lines = pool:submit(text)
    if not counted then src:advance(lines) end
    queue[queue_tail] = { text = text, line = first_line }
    queue_tail = queue_tail + 1
    return true, lines
  end

  -- Hands a block to the pool: whole, or for a pool of threads (job.pool_piece) in pieces of
  -- about that many bytes, cut after a newline, so that the threads share out even a small file
  -- (a block can be two reads long) and the calling thread, which does the oldest piece itself
  -- when no thread has taken it yet, never takes much at once. Returns false when Ctrl-C
  -- stopped it.
  local function submit_block(text, first_line, counted)
    local piece = job.pool_piece
    if not piece or #text <= piece then return (submit_piece(text, first_line, counted)) end
    local pos, line, length = 1, first_line, #text
    while pos <= length do
      local stop = pos + piece - 1
      if stop >= length then
        stop = length
      else
        -- After the last line end of the piece (sudoku.format.rule), else the first after it.
        local cut = rule.last_end(text, stop, pos)
        if not cut then
          local e, after = rule.line_end(text, stop + 1)
          cut = e <= length and after - 1 or length
        end
        stop = cut
      end
      local ok, lines = submit_piece(text:sub(pos, stop), line, counted)
      if not ok then return false end
      pos, line = stop + 1, line + lines
    end
    return true
  end

  -- Whether the file's board size is known (or --size auto), so that blocks may go to C: the
  -- first record of a board's number of cells among the lines read ahead fixes it, as
  -- size_fault would when it came to that record; else nil until the line path has read one.
  local function settled()
    local given_back = src.held or {}
    -- A column of a delimited file is read in Lua only (the pool reads a line's first field).
    for i = #given_back, 1, -1 do
      if shape.first_seen then break end
      if not rule.is_skipped(given_back[i]) and first_record(shape, given_back[i]) then
        -- A header is no record: take the lines up to it (the lines below i stay).
        for _ = i, #given_back do src:next() end
      end
    end
    if shape.column or shape.missing then return false end
    if shape.auto or shape.n then return true end
    for i = #given_back, 1, -1 do
      local puzzle = rule.puzzle(given_back[i])
      local n = puzzle and rule.side_of(#puzzle)
      if n then
        shape.n = n
        return true
      end
    end
    return false
  end

  -- The lines read ahead (by detection and the title check) and given back to the source, as
  -- one block of whole lines for the pool (the source has taken a byte order mark and each
  -- line's "\r" off them already), with the number of its first line; nil when there are none,
  -- or when a line too long for any record is among them (the line path reports it in order).
  local function held_block()
    take_title()
    local given_back = src.held
    if not (given_back and #given_back > 0) or (src.faults and #src.faults > 0) then return nil end
    if not settled() then return nil end
    local first_line, lines = src.line + 1, {}
    while #given_back > 0 do lines[#lines + 1] = src:next() end
    return table.concat(lines, "\n") .. "\n", first_line
  end

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
    if src.line >= block_from and (src.line == 0 or settled()) then
      local first_line = src.line + 1
      local text, why = src:lines_block(BLOCK)
      if text then
        took = true
        if #chunk > 0 then flush() end
        if not stopped then
          if not step(job.pool and submit_block or run_block, text, first_line) then
            stopped = true
          end
        end
      elseif why == "later" and job.pool and held_block_ok then
        -- What detection read ahead goes to the pool too, as a block of its own.
        local ahead, ahead_first = held_block()
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
    if not took and pool and pool:pending() > 0 and not step(drain_pool) then
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
        streams.stderr:write("sudoku: ", name, ": ", item.fatal, "\n")
        status = pipeline.EXIT_USAGE
        break
      end
      chunk[#chunk + 1] = item
      if #chunk == pipeline.CHUNK then flush() end
    end
  end
  if not stopped and pool and not step(drain_pool) then stopped = true end
  if stopped and pool then step(salvage_pool) end
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
