-- Every code block in README.md and docs/*.md runs as written, so that a reader who copies one
-- gets what the text promises. A block's fence says what it is:
--   ```lua      run in a fresh interpreter (the suite's Lua, with this checkout's lua/ and fresh
--               build first on its paths, as bin/sudoku sets them), from the checkout's root;
--               it must exit 0 with nothing on stderr
--   ```console  a shell transcript: each `$ COMMAND` runs with sh, and what follows it up to the
--               next `$ ` is its output, stdout and stderr together (in either order between the
--               two, since stdout is buffered and stderr is not); a line `...` stands for one or
--               more lines. The transcripts of a file run in order in one scratch directory that
--               holds the checkout's bin/ and examples/, as a reader working through the page
--               would; a `$ cat FILE` of a file that is not there shows the file, so it makes it
--               with the text shown. `bin/sudoku` runs on the suite's Lua
--   ```sh       run with sh from the checkout's root; it must exit 0
--   ```text     not code (a synopsis, a layout, a message): not run
-- A block with no language fails, so that none is left unchecked by mistake, and a block that
-- cannot run here says so, with its reason, on the line before its fence:
-- `<!-- norun: REASON -->`.
local cmd = require "support.command"
local data = require "support.data"
local lua = require "support.lua"

local quote, read_file = cmd.quote, cmd.read_file

-- The checkout's root as an absolute path: the scratch directories link to it.
local ROOT = (function()
  local pipe = assert(io.popen("cd " .. quote(data.root) .. " && pwd"))
  local path = pipe:read("*l")
  pipe:close()
  return path .. "/"
end)()

local function markdown_files()
  return require("support.links").markdown_docs(ROOT)
end

-- The fenced blocks of a markdown text: {lang =, line =, text =, norun =}, in order.
local function blocks_of(text)
  local blocks, open, previous = {}, nil, ""
  local lineno = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    lineno = lineno + 1
    if open then
      if line:match("^```%s*$") then
        blocks[#blocks + 1] = open
        open = nil
      else
        open.lines[#open.lines + 1] = line
      end
    else
      local lang = line:match("^```(%S*)%s*$")
      if lang then
        open = { lang = lang, line = lineno, lines = {},
          norun = previous:match("^<!%-%- norun: (.-) %-%->$") }
      end
      if line:match("%S") then previous = line end
    end
  end
  assert(not open, "a code block is not closed")
  for _, block in ipairs(blocks) do block.text = table.concat(block.lines, "\n") .. "\n" end
  return blocks
end

-- Runs a shell line; returns stdout, stderr and the exit status. LUA_VERSION, which make
-- gives the specs of another Lua (in the environment, and to a make the line starts through
-- MAKEFLAGS), is unset: the README's commands are what a user types, for the default Lua
-- (`make lib` then build/5.4/lib/libsudoku.a).
local function shell(line, dir)
  local out, err, status = cmd.temp_file(), cmd.temp_file(), cmd.temp_file()
  -- The group ends on a line of its own: a block's text ends with a newline, and a "; }" there
  -- would be a syntax error.
  os.execute(("cd %s && { unset LUA_VERSION MAKEFLAGS MFLAGS MAKELEVEL; %s\n} >%s 2>%s "
    .. "</dev/null; echo $? >%s"):format(
    quote(dir), line, quote(out), quote(err), quote(status)))
  return read_file(out), read_file(err), tonumber(read_file(status))
end

-- The package paths bin/sudoku would set, as a chunk for `lua -e`.
local function path_setup()
  local build = data.build
  return ("package.path = %q .. package.path; package.cpath = %q .. package.cpath"):format(
    ROOT .. "lua/?.lua;" .. ROOT .. "lua/?/init.lua;", build .. "/?.so;")
end

local function run_lua(block)
  local path = cmd.temp_file(block.text)
  local out, err, status = shell(("%s -e %s %s"):format(lua.interpreter, quote(path_setup()),
    quote(path)), ROOT)
  assert(status == 0 and err == "", ("exit %s\n--- stdout\n%s--- stderr\n%s"):format(
    tostring(status), out, err))
end

-- Under make sanitize the sanitizer's runtime is preloaded into every process the blocks start,
-- which is meant for the interpreter that loads the instrumented core (bin/sudoku), not for the
-- build tools: make and cc run without it, as build_spec and capi_spec run them.
local TOOLS_WITHOUT_PRELOAD = 'make() { env -u LD_PRELOAD make "$@"; }\n'
  .. 'cc() { env -u LD_PRELOAD cc "$@"; }\n'

local function run_sh(block)
  local prelude = (os.getenv("LD_PRELOAD") or "") ~= "" and TOOLS_WITHOUT_PRELOAD or ""
  local out, err, status = shell(prelude .. block.text, ROOT)
  assert(status == 0, ("exit %s\n--- stdout\n%s--- stderr\n%s"):format(tostring(status), out, err))
end

local function lines_of(text)
  local list = {}
  for line in text:gmatch("([^\n]*)\n") do list[#list + 1] = line end
  return list
end

-- Whether `expected` (lines, "..." for one or more of any) is stdout's and stderr's lines
-- interleaved, each in its own order.
local function interleaves(expected, out, err)
  local memo = {}
  local function match(i, j, k)
    local key = i .. ":" .. j .. ":" .. k
    if memo[key] ~= nil then return memo[key] end
    local ok
    if i > #expected then
      ok = j > #out and k > #err
    elseif expected[i] == "..." then
      ok = false
      for j2 = j, #out + 1 do
        for k2 = k, #err + 1 do
          if (j2 > j or k2 > k) and match(i + 1, j2, k2) then ok = true end
        end
      end
    else
      ok = (out[j] == expected[i] and match(i + 1, j + 1, k))
        or (err[k] == expected[i] and match(i + 1, j, k + 1)) or false
    end
    memo[key] = ok
    return ok
  end
  return match(1, 1, 1)
end

-- A transcript's commands with the output shown after each.
local function transcript(text)
  local steps = {}
  for _, line in ipairs(lines_of(text)) do
    local command = line:match("^%$ (.*)$")
    if command then
      steps[#steps + 1] = { command = command, output = {} }
    else
      assert(#steps > 0, "a transcript must start with '$ '")
      local output = steps[#steps].output
      output[#output + 1] = line
    end
  end
  return steps
end

local function run_console(block, dir)
  for _, step in ipairs(transcript(block.text)) do
    local shown = step.command:match("^cat (%S+)$")
    local f = shown and io.open(dir .. "/" .. shown, "r")
    if f then f:close() end
    if shown and not f then
      cmd.write_file(dir .. "/" .. shown, table.concat(step.output, "\n") .. "\n")
    end
    local line = step.command:gsub("^bin/sudoku ", lua.interpreter .. " bin/sudoku ")
    local out, err = shell(line, dir)
    assert(interleaves(step.output, lines_of(out), lines_of(err)),
      ("$ %s\n--- shown\n%s\n--- stdout\n%s--- stderr\n%s"):format(step.command,
        table.concat(step.output, "\n"), out, err))
  end
end

-- A scratch directory holding links to the checkout's bin/ and examples/; removed at the end.
local function scratch_dir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute(("mkdir %s && ln -s %s %s/bin && ln -s %s %s/examples"):format(quote(dir),
    quote(ROOT .. "bin"), quote(dir), quote(ROOT .. "examples"), quote(dir))))
  return dir
end

after_each(function() cmd.cleanup() end)

for _, file in ipairs(markdown_files()) do
  describe(file, function()
    local blocks = blocks_of(read_file(ROOT .. file))
    local dir

    teardown(function()
      if dir then os.execute("rm -rf " .. quote(dir)) end
    end)

    for _, block in ipairs(blocks) do
      local name = ("line %d (%s)"):format(block.line, block.lang == "" and "no language"
        or block.lang)
      if block.norun then
        pending(name .. " is not run: " .. block.norun)
      elseif block.lang == "lua" then
        it(name .. " runs", function() run_lua(block) end)
      elseif block.lang == "console" then
        it(name .. " shows what its commands print", function()
          dir = dir or scratch_dir()
          run_console(block, dir)
        end)
      elseif block.lang == "sh" then
        it(name .. " runs", function() run_sh(block) end)
      elseif block.lang ~= "text" then
        it(name .. " says what it is: lua, console, sh or text", function()
          error(("%s:%d: a code block must be ```lua, ```console, ```sh or ```text, or have "
            .. "<!-- norun: REASON --> before it"):format(file, block.line))
        end)
      end
    end
  end)
end

describe("README.md", function()
  it("stays a front page under 16 KB: the reference lives in docs/", function()
    local size = #read_file(ROOT .. "README.md")
    assert.is_true(size < 16 * 1024, ("README.md is %d bytes"):format(size))
  end)
end)

describe("the docs spec's transcript matcher", function()
  it("takes stdout and stderr lines in either order, each in its own, and '...' for any lines",
    function()
    assert.is_true(interleaves({ "a", "E", "b" }, { "a", "b" }, { "E" }))
    assert.is_true(interleaves({ "a", "...", "z" }, { "a", "b", "c", "z" }, {}))
    assert.is_false(interleaves({ "b", "a" }, { "a", "b" }, {}))
    assert.is_false(interleaves({ "a", "..." }, { "a" }, {}))
    assert.is_false(interleaves({ "a" }, { "a", "b" }, {}))
  end)
end)
