-- --placeholders: the output lines up with the input. A record that fails prints a line "-" in
-- its place (rate, hint and explain: "NAME -", spec/cli_logic_spec.lua), its message still goes
-- to stderr and the status is still 1, so that the output's Nth record answers the input's Nth
-- without reading stderr: on every path the pipeline takes (blocks done in C on one thread or
-- several, the batch solver in Lua, records of other formats) and wherever the failures fall.
local command = require "support.command"
local source = require "sudoku.format.source"
local classic = require "support.puzzles"

local sudoku = command.run

after_each(function() command.cleanup() end)

local P1 = classic.P1
local S1 = classic.S1
local P2 = classic.P2
local S2 = classic.S2
local CLASH = classic.CLASH
local SHORT = P1:sub(1, 20)

local function lines(...)
  return table.concat({ ... }, "\n") .. "\n"
end

describe("sudoku solve --placeholders", function()
  it("writes '-' for each record that fails, with the messages and the status of a run without "
    .. "it", function()
    local input = lines("# comments and blank lines are no records", P1, "", CLASH, SHORT, P2)
    local r = sudoku({ "solve", "--placeholders" }, input)
    assert.are.equal(lines(S1, "-", "-", S2), r.stdout)
    local plain = sudoku({ "solve" }, input)
    assert.are.equal(lines(S1, S2), plain.stdout)
    assert.are.same({ plain.stderr, 1 }, { r.stderr, r.status })
    assert.matches("^<stdin>:4: no solution: .*\n<stdin>:5: cannot infer ", r.stderr)
  end)

  it("lines up a large file on every path and for every -j, failures anywhere", function()
    -- Records over many blocks and chunks, a failure every 613 of them and in a run of three,
    -- a line too long for any record, comments and blank lines between.
    local text, want = {}, {}
    local function add(line, answer)
      text[#text + 1] = line
      if answer then want[#want + 1] = answer end
    end
    add("# a title of comments")
    for i = 1, 9000 do
      if i % 613 == 0 then
        add(i % 2 == 0 and CLASH or SHORT, "-")
      elseif i % 1000 == 0 then
        add("")
        add("# a comment")
      elseif i % 2 == 0 then
        add(P1, S1)
      else
        add(P2, S2)
      end
      if i == 4500 then
        add(CLASH, "-")
        add(("."):rep(source.MAX_LINE + 1), "-")
        add(SHORT, "-")
      end
    end
    add(CLASH, "-")
    local path = command.temp_file(table.concat(text, "\n") .. "\n")
    local expected = table.concat(want, "\n") .. "\n"
    local failures = select(2, expected:gsub("%-\n", ""))
    for _, extra in ipairs({ { "-j", "1" }, { "-j", "2" }, { "--box", "3x3", "-j", "2" } }) do
      local args = { "solve", "--placeholders", path }
      for _, word in ipairs(extra) do args[#args + 1] = word end
      local r = sudoku(args)
      assert.are.equal(expected, r.stdout, table.concat(extra, " "))
      assert.are.equal(failures, select(2, r.stderr:gsub("\n", "")))
      assert.are.equal(1, r.status)
    end
  end)

  it("writes '-' as a record of the output's format, between its separators", function()
    local grid = {}
    for row = 0, 8 do grid[#grid + 1] = P1:sub(row * 9 + 1, row * 9 + 9) end
    local clash = { "11" .. ("."):rep(7) }
    for _ = 2, 9 do clash[#clash + 1] = ("."):rep(9) end
    local input = lines(table.concat(grid, "\n"), "", table.concat(clash, "\n"), "",
      table.concat(grid, "\n"))
    local r = sudoku({ "solve", "--placeholders", "--from", "grid", "--to", "line" }, input)
    assert.are.equal(lines(S1, "-", S1), r.stdout)
    r = sudoku({ "solve", "--placeholders", "--from", "grid" }, input)
    local solved = assert(r.stdout:match("^(.-)\n\n%-\n\n"))
    assert.are.equal(solved .. "\n\n-\n\n" .. solved .. "\n", r.stdout)
    assert.are.equal(1, r.status)
  end)
end)

describe("--placeholders on the other commands", function()
  it("count: '-' where a puzzle cannot be read (a clash counts 0, no failure)", function()
    local r = sudoku({ "count", "--placeholders" }, lines(P1, SHORT, CLASH, P2))
    assert.are.same({ lines("1", "-", "0", "1"), 1 }, { r.stdout, r.status })
    r = sudoku({ "count", "--placeholders", "--max-nodes", "1" }, lines(P1, ("."):rep(81), P2))
    assert.are.equal(lines("1", "-", "1"), r.stdout)
  end)

  it("convert: '-' for a record that cannot be read", function()
    local r = sudoku({ "convert", "--placeholders", "--from", "line", "--to", "line" },
      lines(P1, SHORT .. "Z", P2))
    assert.are.same({ lines(P1, "-", P2), 1 }, { r.stdout, r.status })
  end)

  it("canon: '-' for a puzzle that has no canonical form", function()
    local plain = sudoku({ "canon" }, lines(P1, P2))
    local forms = {}
    for form in plain.stdout:gmatch("[^\n]+") do forms[#forms + 1] = form end
    local r = sudoku({ "canon", "--placeholders" }, lines(P1, CLASH, ("1"):rep(16), P2))
    assert.are.same({ lines(forms[1], "-", "-", forms[2]), 1 }, { r.stdout, r.status })
  end)

  it("is documented in each command's help", function()
    for _, name in ipairs({ "solve", "count", "convert", "canon", "rate", "hint", "explain" }) do
      local r = sudoku({ name, "--help" })
      assert.matches("--placeholders", r.stdout, 1, true)
    end
    assert.is_nil(sudoku({ "validate", "--help" }).stdout:find("--placeholders", 1, true))
  end)
end)
