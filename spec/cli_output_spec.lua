-- Nothing the command writes is lost without a word: when standard output cannot take it (a
-- full disk, here /dev/full; a closed descriptor, `>&-`) or a file that --output names cannot,
-- the command stops at the first failure, says `sudoku: write error: REASON` on stderr and
-- nothing else, and exits 1. Output is buffered, so both a large output (the failure shows at
-- a write, in the middle of the run) and a single line (it shows only when the buffer is
-- flushed at the end) are tried. And render never writes two puzzles to one file.
local cmd = require "support.command"
local classic = require "support.puzzles"

local sudoku, temp_file, read_file = cmd.run, cmd.temp_file, cmd.read_file

after_each(function() cmd.cleanup() end)

local P1 = classic.P1
local P2 = classic.P2
local CLASH = classic.CLASH

local function lines(list)
  return table.concat(list, "\n") .. "\n"
end

local function repeated(line, count)
  local list = {}
  for i = 1, count do list[i] = line end
  return list
end

local FULL = "sudoku: write error: No space left on device\n"
local CLOSED = "sudoku: write error: Bad file descriptor\n"

-- Each command with a small output (one line or one picture) and a large one (hundreds of
-- kilobytes, far past any stdio buffer); the input is given as a FILE argument.
local CASES = {
  { name = "solve", args = { "solve" }, small = lines { P1 }, large = lines(repeated(P1, 5000)) },
  { name = "count", args = { "count" }, small = lines { P1 }, large = lines(repeated(P1, 5000)) },
  { name = "validate", args = { "validate" }, small = lines { P1 },
    large = lines(repeated(P1, 50000)) },
  { name = "convert", args = { "convert", "--to", "grid" }, small = lines { P1 },
    large = lines(repeated(P1, 2000)) },
  -- render writes one puzzle to stdout; an empty 25x25 board with its pencil marks is 800 KB.
  { name = "render", args = { "render" }, small = lines { P1 },
    large = lines { ("."):rep(625) }, large_args = { "--candidates" } },
}

for _, case in ipairs(CASES) do
  describe("sudoku " .. case.name, function()
    for _, size in ipairs { "small", "large" } do
      for _, target in ipairs { { ">/dev/full", FULL, "a full disk" },
        { ">&-", CLOSED, "a closed stdout" } } do
        it(("reports a write error and exits 1 on %s (%s output)"):format(target[3], size),
          function()
          local args = {}
          for i, a in ipairs(case.args) do args[i] = a end
          if size == "large" then
            for _, a in ipairs(case.large_args or {}) do args[#args + 1] = a end
          end
          args[#args + 1] = temp_file(case[size])
          local r = sudoku(args, nil, target[1])
          assert.are.same({ stderr = target[2], status = 1 }, { stderr = r.stderr, status = r.status })
        end)
      end
    end
  end)
end

describe("sudoku generate", function()
  for _, count in ipairs { "1", "2000" } do
    it("reports a write error and exits 1 on a full disk and a closed stdout (-n " .. count .. ")",
      function()
      local r = sudoku({ "generate", "-n", count, "--seed", "1" }, nil, ">/dev/full")
      assert.are.same({ stderr = FULL, status = 1 }, { stderr = r.stderr, status = r.status })
      r = sudoku({ "generate", "-n", count, "--seed", "1" }, nil, ">&-")
      assert.are.same({ stderr = CLOSED, status = 1 }, { stderr = r.stderr, status = r.status })
    end)
  end
end)

describe("sudoku --help", function()
  it("reports a write error and exits 1 on a full disk and a closed stdout", function()
    for _, args in ipairs { { "--help" }, { "solve", "--help" } } do
      local r = sudoku(args, nil, ">/dev/full")
      assert.are.same({ stderr = FULL, status = 1 }, { stderr = r.stderr, status = r.status })
      r = sudoku(args, nil, ">&-")
      assert.are.same({ stderr = CLOSED, status = 1 }, { stderr = r.stderr, status = r.status })
    end
  end)
end)

describe("a write error", function()
  it("stops the run: the records after it are not read", function()
    -- The clash on the last line would be reported on stderr if the run went on to it.
    local list = repeated(P1, 5000)
    list[#list + 1] = CLASH
    local r = sudoku({ "solve", temp_file(lines(list)) }, nil, ">/dev/full")
    assert.are.same({ stderr = FULL, status = 1 }, { stderr = r.stderr, status = r.status })
  end)

  it("on a file --output names is reported with the file's name", function()
    local r = sudoku({ "render", "-o", "/dev/full", temp_file(lines { P1 }) })
    assert.are.same({ stdout = "", stderr = "sudoku: write error: /dev/full: No space left on "
      .. "device\n", status = 1 }, r)
  end)

  it("is reported by sudoku.cli.main on the streams it is given", function()
    local cli = require "sudoku.cli"
    local input = io.tmpfile()
    input:write(lines { P1 })
    local function run(stdout)
      input:seek("set")
      local stderr = io.tmpfile()
      local status = cli.main({ "solve" }, { stdin = input, stdout = stdout, stderr = stderr })
      stderr:seek("set")
      return status, stderr:read("*a")
    end
    local failing_write = { write = function() return nil, "disk on fire" end }
    assert.are.same({ 1, "sudoku: write error: disk on fire\n" }, { run(failing_write) })
    local written = {}
    local failing_flush = {
      write = function(self, ...)
        for _, s in ipairs { ... } do written[#written + 1] = s end
        return self
      end,
      flush = function() return nil, "flush refused" end,
    }
    -- The solution went into the stream's buffer; only the flush at the end tells it is lost.
    assert.are.same({ 1, "sudoku: write error: flush refused\n" }, { run(failing_flush) })
    assert.are.equal("864371259325849761971265843436192587198657432257483916689734125713528694542916378\n",
      table.concat(written))
  end)
end)

describe("sudoku render -o", function()
  it("refuses several puzzles with one file (no %d), exit 2, before writing anything", function()
    local out = temp_file("kept\n")
    local r = sudoku({ "render", "-o", out, temp_file(lines { P1, P2 }) })
    assert.are.same({
      stdout = "",
      stderr = ("sudoku: --output '%s' names one file, and the input has more than one "
        .. "puzzle: put %%d in it for the puzzle's number (e.g. 'puzzle-%%d.svg')\n"):format(out),
      status = 2,
    }, r)
    assert.are.equal("kept\n", read_file(out))
  end)

  it("writes one puzzle to a file named without %d", function()
    local out = temp_file()
    local r = sudoku({ "render", "-o", out, temp_file(lines { P1 }) })
    assert.are.same({ stdout = "", stderr = "", status = 0 }, r)
    assert.matches("^<svg.*</svg>\n$", read_file(out))
  end)
end)
