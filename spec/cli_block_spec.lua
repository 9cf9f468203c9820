-- The sudoku command reads large line files in blocks that C answers whole (csrc/batch/lineblock.c):
-- what it prints must be what it prints line by line, byte for byte, on stdout and stderr,
-- whatever the lines hold and wherever they fall in the blocks (a block is 64 KiB, so the
-- file here spans many). Each odd line is answered on its own as the reference: a one-line
-- input never reaches the block path, whose first block starts after line 1.
local command = require "support.command"
local data = require "support.data"
local cli = require "sudoku.cli"

local PUZZLES = data.puzzles(data.fixtures .. "se_rated_sample.txt")
local P = PUZZLES[1]

-- Lines that are not plain puzzles, each with what makes it odd.
local ODD = {
  "# a comment", "", "   ", "\t# an indented comment",
  P .. " and a note", P .. ",its solution column", P .. ";x", P .. "#x", "   " .. P,
  P .. "\r",                                            -- CRLF
  "  ,x",                                               -- nothing before a separator
  P:sub(1, 40) .. "x" .. P:sub(42),                     -- a character that is no symbol
  P:sub(1, 80),                                         -- 80 cells
  "11" .. ("."):rep(79),                                -- givens that clash
  "........1" .. ("."):rep(72),                         -- several solutions
  "12.." .. "..1." .. "...." .. "....",                 -- 4x4
  "1" .. ("."):rep(255),                                -- 16x16, several solutions
  P:sub(1, 10) .. "\0" .. P:sub(12),                    -- a NUL byte
  -- no solution although no two givens clash
  "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..",
}

-- The big file: the fixture puzzles over and over, an odd line every 997 lines, and every odd
-- line also right at the start and at the end. Returns its text and, per line, the odd line's
-- index or false.
local function big_file()
  local lines, odd_at = {}, {}
  local function add(text, odd)
    lines[#lines + 1] = text
    odd_at[#lines] = odd or false
  end
  add(PUZZLES[2])
  for k, text in ipairs(ODD) do add(text, k) end
  local k = 0
  for i = 1, 24000 do
    if i % 997 == 0 then
      k = k % #ODD + 1
      add(ODD[k], k)
    else
      add(PUZZLES[i % #PUZZLES + 1])
    end
  end
  for j, text in ipairs(ODD) do add(text, j) end
  return table.concat(lines, "\n") .. "\n", odd_at, lines
end

-- A string stream for cli.main.
local function sink()
  local parts = {}
  return { write = function(self, ...)
    for _, s in ipairs{ ... } do parts[#parts + 1] = s end
    return self
  end, flush = function(self) return self end, text = function() return table.concat(parts) end }
end

-- The command on one line alone, in-process: stdout and stderr (its messages without
-- "FILE:LINE: "). Named the line format, as the big file is detected to be: alone, an odd
-- line might not tell its format.
local function alone(args, line)
  local path = command.temp_file(line .. "\n")
  local full = { args[1], path, "--from", "line" }
  for i = 2, #args do full[#full + 1] = args[i] end
  local out, err = sink(), sink()
  cli.main(full, { stdout = out, stderr = err })
  local messages = err:text():gsub("[^\n]-:%d+: ", "")
  return out:text(), messages
end

-- What the command must print for the big file: stdout, and stderr's messages with their
-- line numbers; good(text) answers a plain puzzle line: its stdout line (or nil) and message
-- (or nil).
local function expected(args, lines, odd_at, good)
  local out, err, cache = {}, {}, {}
  for i, text in ipairs(lines) do
    local k = odd_at[i]
    if k then
      cache[k] = cache[k] or { alone(args, text) }
      out[#out + 1] = cache[k][1]
      for message in cache[k][2]:gmatch("[^\n]+") do
        err[#err + 1] = ("%d: %s\n"):format(i, message)
      end
    else
      local text_out, message = good(text)
      if text_out then out[#out + 1] = text_out .. "\n" end
      if message then err[#err + 1] = ("%d: %s\n"):format(i, message) end
    end
  end
  return table.concat(out), table.concat(err)
end

describe("the sudoku command on a large line file", function()
  local path, odd_at, lines
  local sudoku = require "sudoku"

  setup(function()
    local text
    text, odd_at, lines = big_file()
    path = os.tmpname()
    command.write_file(path, text)
  end)

  teardown(function() os.remove(path) end)
  after_each(function() command.cleanup() end)

  -- The file mixes sizes on purpose (4x4 and 16x16 lines among 9x9 ones): --size auto asks for
  -- each line's own, so that the command and each line alone read the same puzzle.
  local function check(args, good)
    args = { args[1], "--size", "auto", table.unpack(args, 2) }
    local want_out, want_err = expected(args, lines, odd_at, good)
    for _, jobs in ipairs{ "1", "2", "3" } do
      local full = { args[1], path, "-j", jobs }
      for i = 2, #args do full[#full + 1] = args[i] end
      local r = command.run(full)
      assert.equal(want_out, r.stdout)
      local err = r.stderr:gsub("[^\n]-:(%d+): ", "%1: ")
      assert.equal(want_err, err)
      assert.equal(want_err == "" and 0 or 1, r.status)
    end
  end

  it("solves it as line by line", function()
    check({ "solve" }, function(text) return assert(sudoku.solve(text)) end)
  end)

  it("counts it as line by line", function()
    check({ "count", "--limit", "3" }, function(text) return tostring(sudoku.count(text, 3)) end)
  end)

  it("validates it as line by line", function()
    check({ "validate" }, function() return "unique" end)
  end)

  it("reports spent budgets as line by line", function()
    check({ "count", "--max-nodes", "1" }, function(text)
      local n, why = sudoku.count(text, nil, { max_nodes = 1 })
      if n then return tostring(n) end
      return nil, why
    end)
  end)
end)
