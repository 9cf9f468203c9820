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

return command
