-- bin/sudoku loads the modules that make precompiled (mk/precompile.lua, into
-- build/<Lua>/luac/), which takes compiling out of the command's start-up, but only while each
-- copy holds the very source that lua/ holds now: an edit made without rerunning make, or a
-- damaged copy, is compiled from lua/ as before, never hidden.
local data = require "support.data"
local lua = require "support.lua"
local command = require "support.command"

local quote = command.quote

-- The checkout's root as an absolute path, for commands run from another directory.
local ROOT = command.shell("cd " .. quote(data.root) .. " && pwd"):match("^(.-)\n$") .. "/"

-- Which loader compiled a function: a precompiled copy keeps the name make gave its source
-- (lua/...), the usual loader names the file it found beside bin/sudoku (bin/../lua/...).
local FROM_COPY = "^@lua/sudoku/cli%.lua$"
local FROM_SOURCE = "bin/%.%./lua/sudoku/cli%.lua$"

describe("bin/sudoku in a checkout", function()
  local dir

  -- A checkout of its own in a fresh directory: the real bin/sudoku and a stand-in
  -- sudoku.cli whose run() writes the name its chunk was compiled under and `word`.
  local function checkout(word)
    dir = os.tmpname()
    os.remove(dir)
    assert(os.execute(("mkdir -p %s/bin %s/lua/sudoku %s/build/luac/sudoku"):format(
      quote(dir), quote(dir), quote(dir))))
    command.write_file(dir .. "/bin/sudoku", command.read_file(ROOT .. "bin/sudoku"))
    command.write_file(dir .. "/lua/sudoku/cli.lua", ([[
      return { run = function()
        io.write(debug.getinfo(1, "S").source, " %s\n")
        return 0
      end }
    ]]):format(word))
  end

  -- Precompiles the stand-in as make does: from the checkout's root, the path relative.
  local function precompile()
    local out, status = command.shell(("cd %s && %s %s lua/sudoku/cli.lua build/luac/sudoku/cli.lua")
      :format(quote(dir), lua.interpreter, quote(ROOT .. "mk/precompile.lua")))
    assert.equal(0, status, out)
  end

  local function sudoku()
    local out, status = command.shell(("cd %s && SUDOKU_BUILD=build %s bin/sudoku"):format(
      quote(dir), lua.interpreter))
    assert.equal(0, status, out)
    return out:match("^(%S+) (%S+)\n$")
  end

  after_each(function()
    if dir then os.execute("rm -rf " .. quote(dir)) end
    dir = nil
  end)

  it("runs the precompiled copy of a module whose source is the one it holds", function()
    checkout("original")
    precompile()
    local source, word = sudoku()
    assert.equal("original", word)
    assert.matches(FROM_COPY, source)
  end)

  it("compiles the source when it was edited after make: the edit runs, not the copy",
    function()
    checkout("original")
    precompile()
    local path = dir .. "/lua/sudoku/cli.lua"
    command.write_file(path, command.read_file(path):gsub("original", "edited!"))
    local source, word = sudoku()
    assert.equal("edited!", word)
    assert.matches(FROM_SOURCE, source)
  end)

  it("compiles the source when the copy is damaged, cut short or missing", function()
    checkout("original")
    precompile()
    local copy = dir .. "/build/luac/sudoku/cli.lua"
    local whole = command.read_file(copy)
    for _, damaged in ipairs({
      whole:sub(1, -20),                           -- bytecode cut short
      whole:gsub("^sudoku%-luac 1 %d+", "sudoku-luac 1 7"),   -- a wrong size
      "sudoku-luac 1 x\n",                         -- no size at all
      whole:gsub("original", "0riginal"),          -- another source
    }) do
      command.write_file(copy, damaged)
      local source, word = sudoku()
      assert.equal("original", word)
      assert.matches(FROM_SOURCE, source)
    end
    os.remove(copy)
    assert.equal("original", select(2, sudoku()))
  end)
end)

describe("make", function()
  it("leaves a copy of every module of lua/ in the build that holds its source", function()
    local pipe = assert(io.popen("cd " .. quote(data.root) .. " && find lua -name '*.lua'"))
    local count = 0
    for path in pipe:lines() do
      local source = command.read_file(data.root .. path)
      local copy = command.read_file(("%s/luac/%s"):format(data.build, path:sub(5)))
      local size, at = copy:match("^sudoku%-luac 1 (%d+)\n()")
      assert.equal(#source, tonumber(size), path)
      assert.is_true(copy:sub(at, at + #source - 1) == source, path .. ": another source")
      count = count + 1
    end
    pipe:close()
    assert.is_true(count > 50)
  end)

  it("gives the command precompiled modules: sudoku solve runs sudoku.cli's copy", function()
    local init = "local exit = os.exit; os.exit = function(...) io.stderr:write(debug.getinfo("
      .. "require('sudoku.cli').run, 'S').source, '\\n'); return exit(...) end"
    local err_path = command.temp_file()
    local pipe = assert(io.popen(("cd %s && LUA_INIT=%s %s bin/sudoku solve <%s 2>%s"):format(
      quote(data.root), quote(init), lua.interpreter, quote(data.root .. "examples/puzzles.txt"),
      quote(err_path))))
    pipe:read("*a")
    pipe:close()
    local source = command.read_file(err_path):match("^(.-)\n$")
    command.cleanup()
    assert.matches(FROM_COPY, source)
  end)
end)
