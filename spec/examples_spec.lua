local data = require "support.data"

local LUA = os.getenv("LUA") or require("support.lua").interpreter

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function write_temp(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

-- Runs `lua examples/<script>` in `dir` (the repository root unless given) with `input` on stdin.
-- Returns stdout, stderr and the exit status; the status is read from the shell so this works
-- the same on Lua 5.1, whose pipe close reports no status.
local function run(script, input, dir)
  local stdin = write_temp(input or "")
  local stderr = os.tmpname()
  local cmd = ("cd %s && %s %s < %s 2> %s; echo \"exit:$?\""):format(
    quote(dir or data.root), LUA, quote(script), quote(stdin), quote(stderr))
  local pipe = assert(io.popen(cmd, "r"))
  local out = pipe:read("*a")
  pipe:close()
  local err = data.read(stderr)
  os.remove(stdin)
  os.remove(stderr)
  local body, status = out:match("^(.*)exit:(%d+)\n$")
  return body, err, tonumber(status)
end

local function runs_cleanly(script, input)
  local out, err, status = run(script, input)
  assert.equal("", err)
  assert.equal(0, status)
  return out
end

-- The HDU layout of an 81-character line: 9 lines of 9 tokens separated by single spaces.
local function hdu_layout(line, blank)
  local rows = {}
  for r = 0, 8 do
    local row = line:sub(r * 9 + 1, r * 9 + 9):gsub("%.", blank or "?")
    rows[#rows + 1] = (row:gsub(".", " %0"):sub(2))
  end
  return table.concat(rows, "\n") .. "\n"
end

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local LEET_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

describe("the examples", function()
  describe("hdu1426.lua (HDU 1426, Sudoku Killer)", function()
    local sample_in = data.read(data.root .. "examples/hdu1426.in")
    local sample_out = data.read(data.root .. "examples/hdu1426.out")

    it("prints exactly the sample output for the sample input", function()
      assert.equal(sample_out, runs_cleanly("examples/hdu1426.lua", sample_in))
    end)

    it("separates two cases by one blank line, with none after the last", function()
      local input = sample_in .. "\n" .. hdu_layout(LEET)
      assert.equal(sample_out .. "\n" .. hdu_layout(LEET_SOLVED),
        runs_cleanly("examples/hdu1426.lua", input))
    end)

    it("tolerates CRLF line ends, trailing spaces and extra blank lines", function()
      local messy = ("\r\n" .. sample_in .. "\n\n\n" .. hdu_layout(LEET) .. "\n"):gsub("\n", "  \r\n")
      assert.equal(sample_out .. "\n" .. hdu_layout(LEET_SOLVED),
        runs_cleanly("examples/hdu1426.lua", messy))
    end)

    it("prints nothing for empty input", function()
      assert.equal("", runs_cleanly("examples/hdu1426.lua", ""))
    end)

    it("reports a case without a solution on stderr and exits with status 1", function()
      local bad = "1 1" .. hdu_layout(LEET):sub(4)
      local out, err, status = run("examples/hdu1426.lua", sample_in .. "\n" .. bad)
      assert.equal(sample_out, out)
      assert.equal("case 2: no solution\n", err)
      assert.equal(1, status)
    end)

    it("runs from inside the examples directory too", function()
      local out, err, status = run("hdu1426.lua", sample_in, data.root .. "examples")
      assert.same({ sample_out, "", 0 }, { out, err, status })
    end)
  end)

  describe("leetcode.lua", function()
    it("validates the sample, rejects its broken twin, and prints the solved board", function()
      local out = runs_cleanly("examples/leetcode.lua")
      local rows = {}
      for r = 0, 8 do
        local cells = LEET_SOLVED:sub(r * 9 + 1, r * 9 + 9):gsub(".", ',"%0"')
        rows[#rows + 1] = "  [" .. cells:sub(2) .. "]"
      end
      assert.equal(table.concat({
        "isValidSudoku(sample) -> true",
        'isValidSudoku(sample with board[1][1] = "8") -> false',
        "solveSudoku(sample) fills the board in place:",
        "[",
        table.concat(rows, ",\n"),
        "]",
        "isValidSudoku(solved board) -> true",
        "",
      }, "\n"), out)
    end)
  end)

  describe("trace_search.lua", function()
    local out

    setup(function()
      out = runs_cleanly("examples/trace_search.lua")
    end)

    -- The trace lines between the starting board and "solved:", as {indent, kind, what}.
    local function trace_lines()
      local lines = {}
      local body = out:match("\n\n(.-)\n\nsolved:")
      for line in (body .. "\n"):gmatch("(.-)\n") do
        local indent, mark, what, why = line:match("^( *)([?x ]) (r%dc%d = %d)   (.+)$")
        assert.truthy(indent, "unexpected trace line: " .. line)
        lines[#lines + 1] = { indent = #indent, mark = mark, what = what, why = why }
      end
      return lines
    end

    it("prints each placement with its reason, indented by the number of open guesses", function()
      local depth, guesses = 0, 0
      for _, line in ipairs(trace_lines()) do
        if line.mark == "?" then
          assert.equal("guess", line.why)
          depth, guesses = line.indent / 2, guesses + 1
        elseif line.mark == " " then
          assert.truthy(line.why == "naked single" or line.why == "hidden single")
          assert.is_true(line.indent <= 2 * depth)
        end
      end
      assert.is_true(guesses > 1)
    end)

    it("prints each retracted guess at the depth of the guess", function()
      local open_at, undone = {}, 0
      for _, line in ipairs(trace_lines()) do
        if line.mark == "?" then
          open_at[line.what] = line.indent
        elseif line.mark == "x" then
          assert.equal("wrong guess, undone", line.why)
          assert.equal(open_at[line.what], line.indent)
          undone = undone + 1
        end
      end
      assert.is_true(undone > 0)
    end)

    it("ends with the solved board and the statistics", function()
      local grid = out:match("solved:\n(.-)\n\n")
      local sudoku = require "sudoku"
      local board = assert(sudoku.parse(grid))
      assert.is_true(board:is_solved())
      assert.truthy(out:find("%d+ nodes, %d+ guesses, %d+ backtracks, %d+ naked and %d+ hidden singles"))
    end)
  end)

  describe("heuristic.lua", function()
    it("compares its own strategy, composed two ways, with the ready ones in the lab", function()
      local out = runs_cleanly("examples/heuristic.lua")
      local names, nodes = {}, {}
      for name, solved, median in out:gmatch("\n| ([^|\n]-) | (%d+/%d+) | ([%d,.]+) |") do
        assert.equal("20/20", solved)
        names[#names + 1] = name
        nodes[name] = median
      end
      assert.same({ "wdeg", "mrv", "first", "lcv", "fewest, then most failures", "mrv+failures" },
        names)
      assert.equal(nodes["fewest, then most failures"], nodes["mrv+failures"])
      assert.truthy(out:find("## Head to head", 1, true))
    end)
  end)

  describe("x_sudoku.lua", function()
    it("finds the unique solution of a diagonal sudoku that is ambiguous without its diagonals", function()
      local out = runs_cleanly("examples/x_sudoku.lua")
      assert.truthy(out:find("As a plain Sudoku it has 3 solutions.", 1, true))
      assert.truthy(out:find("With both diagonals as regions it has 1.", 1, true))
      assert.truthy(out:find("Same as the published solution: true", 1, true))
    end)
  end)

  describe("killer_json.lua", function()
    it("reads a killer from JSON text and solves it under its cages, uniquely", function()
      local out = runs_cleanly("examples/killer_json.lua")
      assert.truthy(out:find("Its board has 14 rules, one per cage; it has 1 solution(s).", 1, true))
      -- The solution the cages were drawn around, as the grid format shows it.
      local solution = "4 6 3 | 5 2 1\n1 2 5 | 4 3 6\n------+------\n2 5 4 | 1 6 3\n"
        .. "3 1 6 | 2 4 5\n------+------\n6 4 1 | 3 5 2\n5 3 2 | 6 1 4"
      assert.truthy(out:find(solution, 1, true), out)
      assert.truthy(out:find("Every cage holds its sum: true", 1, true))
    end)
  end)

  describe("quadruples.lua", function()
    it("solves a variant defined in Lua alone, unique only with its rules", function()
      local out = runs_cleanly("examples/quadruples.lua")
      assert.matches("As a plain sudoku, these 10 givens allow 1000 or more solutions.", out, 1, true)
      assert.matches("With the quadruples: 1 solution", out, 1, true)
      assert.matches("4 8 1 | 6 7 9 | 5 2 3\n3 5 2 | 1 4 8 | 6 9 7", out)
      assert.matches("Every quadruple holds.", out, 1, true)
    end)
  end)

  describe("antiknight.lua", function()
    it("finds the unique solution under the Lua anti-knight constraint", function()
      local out = runs_cleanly("examples/antiknight.lua")
      assert.truthy(out:find("With the anti-knight rule it has 1.", 1, true))
      assert.truthy(out:find("Same as the published solution: true", 1, true))
    end)
  end)
end)
