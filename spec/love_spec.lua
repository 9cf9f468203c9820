-- examples/love/ as a game developer runs it: LÖVE 11 (LuaJIT) loads the module from the
-- checkout's LuaJIT build, generates a puzzle, takes entries and hints, and animates the
-- solver a few events per frame. Its self-test mode plays a scripted session under Xvfb and
-- writes a screenshot at each stage; every stage must look different from the one before.
local data = require "support.data"
local command = require "support.command"

local quote, run = command.quote, command.shell

local root = data.root

local function have(program)
  return select(2, run("command -v " .. program)) == 0
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

-- Plays the self-test of the game at `game` (a directory or a .love archive) under Xvfb, with
-- LÖVE's save directory in dir/data. Returns love's output, its status and the log.
local function play(game, dir)
  local out, status = run(("cd %s && env -u LD_PRELOAD XDG_DATA_HOME=%s timeout 120 xvfb-run -a "
    .. "love %s --selftest %s"):format(quote(root), quote(dir .. "/data"), quote(game), quote(dir)))
  return out, status, read(dir .. "/log.txt") or ""
end

describe("examples/love under LÖVE and Xvfb", function()
  local dir, log, out, status

  setup(function()
    if not (have("love") and have("xvfb-run") and have("luajit")) then return end
    -- The module LuaJIT loads: build/jit (env -u LD_PRELOAD: no sanitizer runtime in make).
    local made, made_status = run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=jit all"):format(
      quote(root)))
    assert(made_status == 0, made)
    dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir -p " .. quote(dir .. "/data")))
    -- XDG_DATA_HOME: LÖVE's save directory goes to the scratch directory, not the user's home.
    out, status, log = play("examples/love", dir)
  end)

  teardown(function()
    if dir then os.execute("rm -rf " .. quote(dir)) end
  end)

  local function skip_without_love()
    if not dir then
      pending("needs love, xvfb-run and luajit (Debian's love, xvfb and luajit)")
      return true
    end
  end

  it("loads the module from the checkout and plays the scripted session to the end", function()
    if skip_without_love() then return end
    assert.equal(0, status, out)
    assert.matches("frame 0: module from checkout\n", log, 1, true)
    assert.matches("frame 0: puzzle [%.1-9]+\n", log)
    assert.matches("does not go in r%d+c%d+", log)
    assert.matches("hint: Hint 2/3: r%d+c%d+ is wrong\n", log)
    assert.matches("solver solved after %d+ events\n", log)
  end)

  it("gives progressive hints: the mistake, then the logic's technique, its cells, its move",
    function()
    if skip_without_love() then return end
    local hints = {}
    for text in log:gmatch("hint: ([^\n]+)") do hints[#hints + 1] = text end
    assert.equal(5, #hints)
    assert.equal("Hint 1/3: There is a mistake on the board", hints[1])
    assert.matches("^Hint 2/3: r%dc%d is wrong$", hints[2])
    assert.matches("^Hint 1/3: Next: ", hints[3])
    assert.matches("^Hint 2/3: .*r%dc%d", hints[4])
    assert.matches("^Hint 3/3: ", hints[5])
    assert.matches("\nframe %d+: applied: ", log)
  end)

  it("draws something different at every stage: start, entry, hints, solver, solved", function()
    if skip_without_love() then return end
    local names = { "1-start", "2-wrong-entry", "3-hint-wrong", "4-hint", "5-solver", "6-solved" }
    local previous
    for _, name in ipairs(names) do
      local png = read(dir .. "/" .. name .. ".png")
      assert.is_truthy(png, name .. ".png is missing")
      assert.equal("\137PNG\r\n\26\n", png:sub(1, 8), name)
      assert.is_true(#png > 1000, name)
      if previous then assert.are_not.equal(previous, png, name .. " looks like the stage before") end
      previous = png
    end
  end)

  it("runs as a shipped game: a .love archive with the module inside, copied out to load", function()
    if skip_without_love() then return end
    if not have("zip") then
      pending("needs zip")
      return
    end
    local game = dir .. "/game"
    -- env -u LD_PRELOAD: under make sanitize, zip and cp must not run with the sanitizer's
    -- runtime preloaded (its leak check fails them on their own leaks).
    local pack = ("mkdir -p %s/lua %s/sudoku && cp %s/examples/love/*.lua %s/ && "
      .. "cp -r %s/lua/sudoku %s/lua/ && cp %s/build/jit/sudoku/core.so %s/sudoku/ && "
      .. "cd %s && zip -qr ../game.love ."):format(quote(game), quote(game), quote(root), quote(game),
      quote(root), quote(game), quote(root), quote(game), quote(game))
    local packed, pack_status = run("env -u LD_PRELOAD sh -c " .. quote(pack))
    assert(pack_status == 0, packed)
    local shipped = dir .. "/shipped"
    assert(os.execute("mkdir -p " .. quote(shipped .. "/data")))
    local love_out, love_status, love_log = play(dir .. "/game.love", shipped)
    assert.equal(0, love_status, love_out)
    assert.matches("frame 0: module from archive\n", love_log, 1, true)
    assert.matches("solver solved after %d+ events\n", love_log)
    assert.is_truthy(read(shipped .. "/data/love/sudoku-example/native/sudoku/core.so"))
  end)
end)
