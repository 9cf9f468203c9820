-- Runs the `sudoku` command as a user does: bin/sudoku in a child process from the checkout's
-- root, with its stdout, stderr and exit status captured; and temporary files that the spec
-- removes after each case (command.cleanup in an after_each).
local data = require "support.data"

local command = {}

-- The same Lua version that runs the specs runs the command (Debian names it lua5.4 etc.,
-- LuaJIT luajit).
command.LUA = require("support.lua").interpreter

function command.quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- Runs a shell command line; returns what it wrote (stdout and stderr together) and its exit
-- status (echoed, since io.popen's close() only gives it from Lua 5.2 on).
function command.shell(line)
  local pipe = assert(io.popen(line .. " 2>&1; echo \"exit:$?\""))
  local out = pipe:read("*a")
  pipe:close()
  local body, status = out:match("^(.*)exit:(%d+)\n$")
  return body, tonumber(status)
end

-- Whether a program some specs need, and a developer's machine may lack (ldoc), is missing:
-- nil when `name` is on PATH, else why not, for the case to be pending. Under .ci/run
-- (SUDOKU_CI set), where .ci/install-deps has installed `package`, a missing one raises: CI
-- must not pass by skipping what it never ran.
function command.missing_tool(name, package)
  local _, status = command.shell("command -v " .. command.quote(name) .. " >/dev/null")
  if status == 0 then return nil end
  local why = ("%s is not installed (Debian's %s: sh .ci/install-deps installs it)")
    :format(name, package)
  if (os.getenv("SUDOKU_CI") or "") ~= "" then
    error(why .. "; SUDOKU_CI is set, and CI runs every case that needs it", 2)
  end
  return why
end

function command.write_file(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

function command.read_file(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

local temp_files = {}

-- A new temporary file's path, holding `text` when given; removed by cleanup().
function command.temp_file(text)
  local path = os.tmpname()
  temp_files[#temp_files + 1] = path
  if text then command.write_file(path, text) end
  return path
end

-- Also removes files a case made next to its temporary files (path .. suffix).
function command.cleanup(suffixes)
  for _, path in ipairs(temp_files) do
    os.remove(path)
    for _, suffix in ipairs(suffixes or {}) do os.remove(path .. suffix) end
  end
  temp_files = {}
end

-- Runs `sudoku ARGS...` with `stdin` as standard input (empty when nil) and returns
-- {stdout =, stderr =, status =}. The status travels through a file because io.popen's
-- close() only reports it from Lua 5.2 on. `stdout_redirect`, when given, is a shell
-- redirection of the command's standard output instead of the capture (">/dev/full", ">&-").
function command.run(args, stdin, stdout_redirect)
  local quote = command.quote
  local words = {}
  for i, a in ipairs(args) do words[i] = quote(a) end
  local err_path, status_path = command.temp_file(), command.temp_file()
  local in_path = stdin and command.temp_file(stdin) or "/dev/null"
  local line = string.format("cd %s && { %s bin/sudoku %s <%s 2>%s %s; echo $? >%s; }",
    quote(data.root), command.LUA, table.concat(words, " "), quote(in_path), quote(err_path),
    stdout_redirect or "", quote(status_path))
  local pipe = assert(io.popen(line, "r"))
  local stdout = pipe:read("*a")
  pipe:close()
  return {
    stdout = stdout,
    stderr = command.read_file(err_path),
    status = tonumber(command.read_file(status_path)),
  }
end

-- Whether this process started with SIGHUP ignored, as under `nohup`: every child inherits it,
-- and sudoku.core.catch_interrupt leaves it so (docs/API.md), so no SIGHUP can stop a command
-- here. Read from /proc/self/status (Linux); false where there is none.
function command.hup_ignored()
  local f = io.open("/proc/self/status")
  if not f then return false end
  local status = f:read("a")
  f:close()
  local ignored = status:match("SigIgn:%s*(%x+)")
  return ignored ~= nil and tonumber(ignored:sub(-1), 16) % 2 == 1
end

-- Runs `sudoku ARGS...` in the background as a shell script does (`&`, which starts it with
-- SIGINT ignored: the command must catch it all the same), sends it opts.signal (default "INT",
-- Ctrl-C; "TERM", "HUP": any name `kill -NAME` takes) after opts.delay seconds (default 0.5)
-- and waits for it; with opts.after_output the delay starts once the command has written
-- something (waiting up to 10 s: a slow machine, an emulator or a sanitizer may take a while to
-- get there). Standard input is opts.stdin (a text), or
-- opts.endless (a line that `yes` repeats forever), else empty. Returns
-- {stdout =, stderr =, status =, ms =}, ms being the milliseconds from the signal to the exit.
-- A command that ignores the signal is killed 10 s later (status 137), so no case can hang.
function command.interrupt(args, opts)
  opts = opts or {}
  local quote = command.quote
  local words = {}
  for i, a in ipairs(args) do words[i] = quote(a) end
  local out_path, err_path = command.temp_file(), command.temp_file()
  local status_path, ms_path = command.temp_file(), command.temp_file()
  local feed
  if opts.endless then
    feed = "yes " .. quote(opts.endless) .. " 2>/dev/null | "
  else
    feed = "<" .. quote(opts.stdin and command.temp_file(opts.stdin) or "/dev/null") .. " "
  end
  local script = table.concat({
    "cd " .. quote(data.root),
    ("%s%s bin/sudoku %s >%s 2>%s & pid=$!"):format(feed, command.LUA, table.concat(words, " "),
      quote(out_path), quote(err_path)),
    opts.after_output and ("i=0; while [ ! -s %s ] && [ $i -lt 200 ]; do sleep 0.05; "
      .. "i=$((i + 1)); done"):format(quote(out_path)) or ":",
    "sleep " .. (opts.delay or 0.5),
    "t0=$(date +%s%N)",
    "kill -" .. (opts.signal or "INT") .. " $pid",
    "(sleep 10; kill -KILL $pid) >/dev/null 2>&1 & dog=$!",
    "wait $pid; echo $? >" .. quote(status_path),
    "t1=$(date +%s%N)",
    "kill $dog 2>/dev/null",
    "echo $(( (t1 - t0) / 1000000 )) >" .. quote(ms_path),
  }, "\n")
  local pipe = assert(io.popen("sh -c " .. quote(script), "r"))
  pipe:read("*a")
  pipe:close()
  return {
    stdout = command.read_file(out_path),
    stderr = command.read_file(err_path),
    status = tonumber(command.read_file(status_path)),
    ms = tonumber(command.read_file(ms_path)),
  }
end

return command
