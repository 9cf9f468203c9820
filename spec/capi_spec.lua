-- The public C API (include/sudoku.h) as a C or C++ host uses it: `make lib` builds the static
-- library, the examples of examples/c/ build against it with strict flags and run, and
-- spec/support/capi_check.c holds every call to its contract (one "ok - ..." line per check).
local data = require "support.data"
local command = require "support.command"
local lua = require "support.lua"

local quote, run = command.quote, command.shell

local root = data.root
local lib_dir = root .. "build/" .. lua.build .. "/lib/"
local lib = lib_dir .. "libsudoku.a"
local STRICT = "-std=c99 -Wall -Wextra -Werror -pedantic"

-- Compiles C sources into lib_dir/name against the library; raises with the compiler's words.
local function build(name, sources, compiler, flags)
  local exe = lib_dir .. name
  local out, status = run(("env -u LD_PRELOAD %s %s -I%s %s -x none %s -pthread -o %s"):format(
    compiler or "cc", flags or STRICT, quote(root .. "include"), sources, quote(lib), quote(exe)))
  assert(status == 0, out)
  return exe
end

describe("make lib", function()
  setup(function()
    -- LUA_VERSION by name, as build_spec does; env -u LD_PRELOAD: no sanitizer runtime in make.
    local out, status = run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s lib"):format(
      quote(root), lua.build))
    assert(status == 0, out)
  end)

  it("offers exactly the functions include/sudoku.h declares, under the sudoku_ prefix", function()
    local declared, exported = {}, {}
    local header = assert(io.open(root .. "include/sudoku.h")):read("*a")
    for name in header:gmatch("SUDOKU_API[^;(]-%*?%s*(sudoku_[%w_]+)%(") do declared[#declared + 1] = name end
    local out = run("nm -g --defined-only " .. quote(lib))
    for name in out:gmatch("%x+ [TDBR] ([%w_]+)") do exported[#exported + 1] = name end
    table.sort(declared)
    table.sort(exported)
    assert.is_true(#declared >= 25)
    assert.same(declared, exported)
  end)

  it("keeps its contract, checked call by call from C (spec/support/capi_check.c)", function()
    local exe = build("capi_check", quote(root .. "spec/support/capi_check.c"))
    local out, status = run(quote(exe))
    local failed = {}
    for line in out:gmatch("[^\n]+") do
      if line:match("^not ok") then failed[#failed + 1] = line end
    end
    assert.same({}, failed)
    assert.equal(0, status)
    local checks = select(2, out:gsub("\nok %- ", "")) + (out:match("^ok %- ") and 1 or 0)
    assert.is_true(checks >= 60, out)
    assert.matches("every byte allocated through the host's allocator is given back", out, 1, true)
  end)
end)

describe("examples/c/solve_lines.c", function()
  local exe
  setup(function()
    run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s lib"):format(quote(root), lua.build))
    exe = build("solve_lines", quote(root .. "examples/c/solve_lines.c"))
  end)

  it("solves a file of puzzles as `sudoku solve` does", function()
    local ours, status = run(quote(exe) .. " < " .. quote(root .. "examples/puzzles.txt"))
    assert.equal(0, status)
    local cli = run(("cd %s && %s bin/sudoku solve examples/puzzles.txt"):format(quote(root),
      lua.interpreter))
    assert.equal(cli, ours)
  end)

  it("names the line of every puzzle it cannot answer and exits 1", function()
    local input = os.tmpname()
    local f = assert(io.open(input, "w"))
    f:write("# a comment\n", ("."):rep(80), "\n", "11", ("."):rep(79), "\n", ("."):rep(81), "\n",
      "1234", "\n", ("."):rep(15), "#\n")
    f:close()
    local out, status = run(quote(exe) .. " < " .. quote(input))
    os.remove(input)
    assert.equal(1, status)
    assert.equal(table.concat({
      "line 2: 80 cells, expected a square number such as 81",
      "line 3: no solution",
      "line 4: more than one solution",
      "line 5: column 3: unexpected character '3'",   -- 4 cells: a 2x2 board, values 1 and 2
      "line 6: column 16: unexpected character '#'",
      "",
    }, "\n"), out)
  end)
end)

describe("examples/c/frames.c", function()
  local function check_output(out)
    assert.matches("^solved in 18 frames of 10 nodes: 178 nodes, 177 guesses\n", out)
    assert.matches("\nagain with 2 ms per frame: solved\n", out)
    assert.matches("\n9x9 count: 1\n"
      .. "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n$", out)
  end

  it("solves across frames, by nodes and by time, and on the fast path", function()
    run(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s lib"):format(quote(root), lua.build))
    local out, status = run(quote(build("frames", quote(root .. "examples/c/frames.c"))))
    assert.equal(0, status)
    check_output(out)
  end)

  it("builds as C++ too (the header's extern \"C\")", function()
    if select(2, run("command -v g++")) ~= 0 then
      pending("no g++ here")
      return
    end
    local exe = build("frames_cpp", "-x c++ " .. quote(root .. "examples/c/frames.c"), "g++",
      "-std=c++11 -Wall -Wextra -Werror")
    local out, status = run(quote(exe))
    assert.equal(0, status)
    check_output(out)
  end)
end)
