-- GNU parallel across job slots (docs/CLI.md, "Pipelines across machines"): the CLI is a streaming
-- filter whose output for a record depends on that record alone, so cutting the input into
-- pieces with `parallel --pipe --keep-order` and running one `sudoku` per piece gives the same
-- bytes as one process. Here on local job slots (`-j 2`, and `--sshlogin :`, parallel's name
-- for this machine, as a host list would name others).
local data = require "support.data"
local command = require "support.command"
local lua = require "support.lua"

local quote, run = command.quote, command.shell

-- GNU parallel is a perl program: under make sanitize the preloaded runtime would report
-- perl's own leaks, so the spec runs on the ordinary build only.
local function have(program)
  if (os.getenv("LD_PRELOAD") or "") ~= "" then return false end
  return select(2, run("command -v " .. program)) == 0
end

describe("sudoku under GNU parallel", function()
  local input, sudoku

  setup(function()
    -- 3,000 puzzles with a comment, an unsolvable line and an unreadable one among them.
    local lines = {}
    for i, rec in ipairs(data.shared_records("sudoku17_royle.txt")) do
      if i > 3000 then break end
      lines[#lines + 1] = rec[1]:sub(1, 81)
      if i == 700 then lines[#lines + 1] = "11" .. ("."):rep(79) end
      if i == 1500 then lines[#lines + 1] = "# a comment" end
      if i == 2200 then lines[#lines + 1] = ("."):rep(80) .. "#" end
    end
    input = command.temp_file(table.concat(lines, "\n") .. "\n")
    sudoku = ("%s %s"):format(lua.interpreter, quote(data.root .. "bin/sudoku"))
  end)

  teardown(function() command.cleanup() end)

  for _, cmd in ipairs { "solve", "count --limit 2", "validate" } do
    it(cmd .. ": the same output as one process, piece by piece on two job slots", function()
      if not have("parallel") then
        pending("needs GNU parallel (Debian: parallel)")
        return
      end
      -- Standard output only: the messages on standard error number lines within a piece.
      local one, one_status = run(("{ %s %s < %s 2>/dev/null; }"):format(sudoku, cmd, quote(input)))
      local many, many_status = run(("{ parallel --will-cite --pipe --keep-order -N 500 -j 2 %s %s "
        .. "< %s 2>/dev/null; }"):format(sudoku, cmd, quote(input)))
      assert.equal(one, many)
      assert.is_true(#one > 0)
      -- A record dropped anywhere is an exit status that is not 0, in one process or many.
      assert.are_not.equal(0, one_status)
      assert.are_not.equal(0, many_status)
    end)
  end

  -- --line-offset: each piece is told how many lines come before it (GNU parallel's {#} is the
  -- piece's number, and -N K makes every piece but the last K lines long), so that messages
  -- name the lines of the whole input, as one process names them.
  for _, cmd in ipairs { "solve", "validate", "canon" } do
    it(cmd .. " --line-offset: the same messages as one process, piece by piece", function()
      if not have("parallel") then
        pending("needs GNU parallel (Debian: parallel)")
        return
      end
      local one_err, many_err = command.temp_file(), command.temp_file()
      local one = run(("{ %s %s < %s 2>%s; }"):format(sudoku, cmd, quote(input), quote(one_err)))
      local many = run(("{ parallel --will-cite --pipe --keep-order -N 500 -j 2 %s %s "
        .. "--line-offset '$(( ({#} - 1) * 500 ))' < %s 2>%s; }"):format(sudoku, cmd, quote(input),
        quote(many_err)))
      assert.equal(one, many)
      local messages = command.read_file(one_err)
      assert.matches("^<stdin>:701: .*\n<stdin>:2203: ", messages)
      assert.equal(messages, command.read_file(many_err))
    end)
  end

  it("through parallel's host list (':' is this machine)", function()
    if not have("parallel") then
      pending("needs GNU parallel (Debian: parallel)")
      return
    end
    local one = run(("{ %s solve < %s 2>/dev/null; }"):format(sudoku, quote(input)))
    local many = run(("{ parallel --will-cite --pipe --keep-order -N 700 --sshlogin 2/: %s solve "
      .. "< %s 2>/dev/null; }"):format(sudoku, quote(input)))
    assert.equal(one, many)
  end)
end)
