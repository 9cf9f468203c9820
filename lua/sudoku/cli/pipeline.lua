-- The command's side of every streaming command: open the input, ask the library's stream of
-- answers (sudoku.records.stream, which reads the input, routes the records and gives the
-- answers back in input order) for them, write each with the job's words (sudoku.cli.jobs),
-- report each failure on stderr as FILE:LINE: message, and settle the exit status. Every
-- message is worded here: a fault that comes as data (sudoku.format.fault) by cli_message.
local source = require "sudoku.format.source"
local fault = require "sudoku.format.fault"
local stream = require "sudoku.records.stream"
local interrupt = require "sudoku.cli.interrupt"
local progress = require "sudoku.cli.progress"

local pipeline = {}

pipeline.EXIT_OK, pipeline.EXIT_FAILED, pipeline.EXIT_USAGE = 0, 1, 2

local STDIN_NAME = "<stdin>"

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

-- Format mode's items (sudoku.records.stream.record_items) with the words of each fault:
-- {line =, record =}, {line =, fault =, error =}, or {fatal =} (the message of a failure that
-- belongs to no record or line). For sudoku lab, which reads its puzzles with it.
function pipeline.record_items(src, from, opts)
  local items = stream.record_items(src, from, opts)
  return function()
    local item = items()
    if item == nil then return nil end
    if item.fatal and type(item.fatal) == "table" then
      item.fatal = fault.reason(item.fatal)
    elseif item.fault then
      item.error = cli_message(item.fault)
    end
    return item
  end
end

-- Runs `job` over the input of `result` (the parsed command line):
--   job.task       the records' task (see sudoku.records.stream), or a function of the input's
--                  format name that gives it: a sudoku.records.route task whose answers are
--                  turned into the text to print as they are made (sudoku.cli.jobs), or
--                  {records =} for a command that answers every record in Lua; an answer's
--                  value is the text to print (nil: none)
--   job.whole_lines  line mode gives whole lines (sudoku.records.lines' whole)
--   job.from       the input's format name, or nil to detect it
--   job.separator  what goes between two printed records (default "\n")
--   job.stats_note()  optional: what --stats adds after its counts (dedup: classes, duplicates)
--   job.read_opts  options for the format's reader
--   job.unreadable what to print for a record that could not be read (default: nothing)
--   job.placeholder(answer)  optional: with result.placeholders, what to print for a record
--                  that failed (default pipeline.PLACEHOLDER)
-- Output goes out a group of answers at a time (a chunk's, a block's: what the stream has
-- ready), never in answer to a single line, so that even a pipe is read in whole blocks.
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
  local src = source.of(input, { blocks = true })
  local from = job.from
  -- A file named *.json or *.jsonl is JSON whatever its first line looks like.
  if from == nil and result.file and result.file:lower():find("%.jsonl?$") then from = "json" end
  -- A column of a delimited file: one puzzle per line.
  if from == nil and result.column then from = "line" end
  local offset = result.line_offset or 0
  local pending = interrupt.pending
  -- Line mode's records: the board size of a line file is --size, or the first record's (with
  -- --box the reader checks each record against the box, in its own words); with --line-offset
  -- the input is a piece of a longer one, with no title at its top.
  local answers, why = stream.new(src, {
    from = from, task = job.task, read_opts = job.read_opts or {}, whole = job.whole_lines,
    size = result.size, box = result.box, column = result.column, title_done = offset > 0,
    interrupted = pending,
  })
  if not answers then
    if type(why) == "table" then why = fault.reason(why) end
    streams.stderr:write("sudoku: ", name, ": ", why, "\n")
    if input ~= streams.stdin then input:close() end
    return pipeline.EXIT_USAGE
  end

  -- Read once the stream knows the format (solve writes its answers in the input's).
  local between = (job.separator or "\n"):sub(2)
  local failed, handled, printed = 0, 0, 0
  local status = pipeline.EXIT_OK
  local started = result.stats and progress.now()
  local bar = on_terminal and progress.bar(streams.stderr, size) or nil

  -- A group's records go to stdout in one write: one checked write a group rather than one a
  -- record. A message for stderr lets the records before it out first, so that on a terminal
  -- both streams keep the input's order.
  local held = {}
  local function release()
    if #held > 0 then
      streams.stdout:write(#held == 1 and held[1] or table.concat(held))
      held = {}
    end
  end

  local placeholders = result.placeholders
  -- err: the words after FILE:LINE:, or a fault as data (worded here: cli_message).
  local function write_record(answer, out, err)
    if type(err) == "table" then err = cli_message(err) end
    if err and out == nil and placeholders then
      out = job.placeholder and job.placeholder(answer) or pipeline.PLACEHOLDER
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
      streams.stderr:write(name, ":", answer.line + offset, ": ", err, "\n")
    end
    handled = handled + 1
  end

  -- Writes every answer in input order, a group at a time; false when a signal stopped it.
  local function write_all()
    while true do
      local group = answers:group()
      if not group then return true end
      for i = 1, #group do
        local answer = group[i]
        group[i] = nil              -- garbage once written: the group holds no answer longer
        if answer.block then
          -- Whole lines the line pool wrote, as they are.
          if answer.block ~= "" then held[#held + 1] = answer.block end
          handled = handled + (answer.records or 0)
        elseif answer.fault then
          write_record(answer, job.unreadable, answer.fault)
        elseif answer.fatal then
          local reason = answer.fatal
          if type(reason) == "table" then reason = fault.reason(reason) end
          release()
          streams.stderr:write("sudoku: ", name, ": ", reason, "\n")
          status = pipeline.EXIT_USAGE
        elseif answer.error ~= nil then
          -- A reader raised: a programmer's mistake or a missing module; say it and stop like
          -- a usage error.
          if interrupt.is(answer.error) then return false end
          release()
          streams.stderr:write("sudoku: ", tostring(answer.error), "\n")
          status = pipeline.EXIT_USAGE
        else
          write_record(answer, answer.value, answer.why)
        end
      end
      -- Let go of the group while the stream makes the next: a dead local still holds it.
      group = nil   -- luacheck: ignore 311
      release()
      if bar then bar.update(handled, src.bytes) end
    end
  end
  -- The stream stops at the signal's flag by itself; the interpreter's own "interrupted!" (a
  -- Ctrl-C before interrupt.catch was in place) comes up as an error.
  local ok, whole = pcall(write_all)
  release()
  if not ok and not interrupt.is(whole) then error(whole, 0) end
  local stopped = not ok or not whole or answers.stopped or pending()
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
