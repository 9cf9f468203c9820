-- The paths the command is given: an input that is missing or a directory is refused by every
-- command, `lab` and the library's format.open included, with a message naming it (exit 2,
-- nothing on stdout); a file the command writes (render -o, explain --svg, lab --svg) that
-- cannot be created stops the run at the first one, with one message (exit 1).
local command = require "support.command"
local data = require "support.data"
local format = require "sudoku.format"
local classic = require "support.puzzles"

local quote, read_file, temp_file = command.quote, command.read_file, command.temp_file
local sudoku = command.run

local P1 = classic.P1
local P2 = classic.P2

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

-- A new empty directory, removed by the after_each below.
local dirs = {}
local function temp_dir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir " .. quote(dir)))
  dirs[#dirs + 1] = dir
  return dir
end

after_each(function()
  command.cleanup()
  for _, dir in ipairs(dirs) do os.execute("rm -rf " .. quote(dir)) end
  dirs = {}
end)

-- Every command that reads an input file, with the options it needs.
local READERS = {
  { "solve" }, { "count" }, { "validate" }, { "convert", "--to", "line" }, { "canon" },
  { "dedup" }, { "render" }, { "rate" }, { "hint" }, { "explain" },
  { "lab", "--heuristics", "mrv" },
}

describe("every command", function()
  for _, args in ipairs(READERS) do
    it(args[1] .. " refuses a missing file and a directory, naming it, with exit 2", function()
      local dir = temp_dir()
      for _, case in ipairs({
        { dir .. "/missing.txt", "cannot open " .. dir .. "/missing.txt: No such file or directory" },
        { dir, "cannot read " .. dir .. ": Is a directory" },
      }) do
        local words = {}
        for i, word in ipairs(args) do words[i] = word end
        words[#words + 1] = case[1]
        assert.are.same({ stdout = "", stderr = "sudoku: " .. case[2] .. "\n", status = 2 },
          sudoku(words))
      end
    end)
  end

  it("lab refuses standard input that is a directory, as the others do", function()
    local dir = temp_dir()
    for _, args in ipairs({ "lab --heuristics mrv", "solve" }) do
      local out, status = command.shell(("cd %s && %s bin/sudoku %s < %s"):format(
        quote(data.root), command.LUA, args, quote(dir)))
      assert.are.same({ "sudoku: cannot read <stdin>: Is a directory\n", 2 }, { out, status })
    end
  end)

  it("lab reports an unreadable record as FILE:LINE: reason and exits 1, as the others do",
    function()
      local file = temp_file(lines(P1, "not a puzzle", P2))
      local r = sudoku({ "lab", "--heuristics", "mrv", file })
      local solve = sudoku({ "solve", file })
      assert.are.equal(file .. ":2: ", r.stderr:sub(1, #file + 4))
      assert.are.equal(solve.stderr, r.stderr)
      assert.are.equal(1, r.status)
      assert.matches("2 puzzles, 1 strategies", r.stdout, 1, true)
      -- Once, also when worker processes read the file too.
      local shared = sudoku({ "lab", "--heuristics", "mrv", "-j", "2", file })
      assert.are.same({ r.stderr, 1 }, { shared.stderr, shared.status })
    end)
end)

describe("format.open", function()
  it("returns nil and io.open's message for a missing file and for a directory", function()
    local dir = temp_dir()
    assert.are.same({ nil, dir .. "/none: No such file or directory" },
      { format.open(dir .. "/none") })
    assert.are.same({ nil, dir .. ": Is a directory" }, { format.open(dir) })
  end)

  it("raises for a path that is not a string and for a format it cannot read, before opening",
    function()
      assert.has_error(function() format.open(42) end,
        "bad argument #1 to 'open' (string expected, got number)")
      assert.has_error(function() format.open("no/such/file", "svg") end,
        "bad argument #2 to 'open' (format 'svg' is written, not read)")
      assert.has_error(function() format.open("no/such/file", "nope") end)
    end)

  it("reads an empty file as no records, and a file's records as records() does", function()
    local empty = temp_file("")
    local count = 0
    for _ in assert(format.open(empty)) do count = count + 1 end
    assert.are.equal(0, count)
    local found = {}
    for rec in assert(format.open(temp_file(lines(P1, P2)))) do
      found[#found + 1] = format.write(rec, "line")
    end
    assert.are.same({ P1, P2 }, found)
  end)
end)

describe("a file the command writes that cannot be created", function()
  it("stops render -o at the first one: one message, exit 1", function()
    local dir = temp_dir()
    local r = sudoku({ "render", "-o", dir .. "/missing/p-%d.svg" }, lines(P1, P2, P1))
    assert.are.same({ stdout = "", stderr = "sudoku: write error: " .. dir
      .. "/missing/p-1.svg: No such file or directory\n", status = 1 }, r)
    -- The files before it are written, none after it.
    assert(os.execute("mkdir " .. quote(dir .. "/p-2.svg")))
    r = sudoku({ "render", "-o", dir .. "/p-%d.svg" }, lines(P1, P2, P1))
    assert.are.same({ stdout = "", stderr = "sudoku: write error: " .. dir
      .. "/p-2.svg: Is a directory\n", status = 1 }, r)
    assert.matches("^<svg", read_file(dir .. "/p-1.svg"))
    assert.is_nil(io.open(dir .. "/p-3.svg"))
  end)

  it("stops explain --svg and lab --svg the same way", function()
    local dir = temp_dir()
    local r = sudoku({ "explain", "--svg", dir .. "/missing/p%p-%d.svg" }, lines(P1, P2))
    assert.are.same({ "sudoku: write error: " .. dir
      .. "/missing/p1-1.svg: No such file or directory\n", 1 }, { r.stderr, r.status })
    assert.are.equal("", r.stdout)
    r = sudoku({ "lab", "--heuristics", "mrv", "--svg", dir .. "/missing/c.svg" }, lines(P1))
    assert.are.same({ "sudoku: write error: " .. dir
      .. "/missing/c.svg: No such file or directory\n", 1 }, { r.stderr, r.status })
  end)
end)
