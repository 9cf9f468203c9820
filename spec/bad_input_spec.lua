-- Bad input: wrong lengths, bad symbols, sizes that are no box shape, repeated givens, NUL bytes,
-- non-UTF-8 bytes, CRLF, byte-order marks and huge lines, through every entry point (parse,
-- solve, solve_many, the format readers and the `sudoku solve` command), each with the exact
-- message: what is wrong and where.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local data = require "support.data"
local cmd = require "support.command"
local classic = require "support.puzzles"

after_each(function() cmd.cleanup() end)

local P = classic.WIKI
local S = classic.WIKI_S
local BOM = "\239\187\191"

local function at41(bytes) return P:sub(1, 40) .. bytes .. P:sub(42) end

-- One puzzle line gone wrong, with what sudoku.parse (and so sudoku.solve) says about it and
-- what solve_many says (its length messages are worded for lines of a file).
local LINES = {
  { "one cell short", P:sub(1, 80),
    "cannot infer a board size from 80 cells (N*N are needed: 64 for 8x8, 81 for 9x9)",
    "line 1: 80 cells, expected a square number such as 81" },
  { "one cell too many", P .. "1",
    "cannot infer a board size from 82 cells (N*N are needed: 81 for 9x9, 100 for 10x10)",
    "line 1: 82 cells, expected a square number such as 81" },
  { "no cell at all", "", "cannot infer a board size from 0 cells (a board holds N*N cells)" },
  { "a letter that is no symbol of a 9x9 board", at41("x"),
    "line 1, column 41: unexpected character 'x'", "line 1, column 41: unexpected character 'x'" },
  { "a symbol of larger boards only", at41("G"),
    "line 1, column 41: unexpected character 'G'", "line 1, column 41: unexpected character 'G'" },
  { "a NUL byte", at41("\0"),
    "line 1, column 41: unexpected character '\\0'", "line 1, column 41: unexpected character '\\0'" },
  { "a control byte", at41("\27"),
    "line 1, column 41: unexpected character '\\x1B'", "line 1, column 41: unexpected character '\\x1B'" },
  { "a UTF-8 letter (two bytes)", P:sub(1, 40) .. "\195\169" .. P:sub(43),
    "line 1, column 41: unexpected character '\\xC3'", "line 1, column 41: unexpected character '\\xC3'" },
  { "a Latin-1 byte (not UTF-8)", at41("\233"),
    "line 1, column 41: unexpected character '\\xE9'", "line 1, column 41: unexpected character '\\xE9'" },
  { "a lone UTF-8 continuation byte", at41("\128"),
    "line 1, column 41: unexpected character '\\x80'", "line 1, column 41: unexpected character '\\x80'" },
  { "a quote", at41("'"),
    "line 1, column 41: unexpected character '\\''", "line 1, column 41: unexpected character '\\''" },
  { "a second byte-order mark", BOM .. BOM .. P,
    "line 1, column 1: unexpected character '\\xEF'", "line 1, column 1: unexpected character '\\xEF'" },
  { "a byte-order mark inside the line", at41(BOM),
    "line 1, column 41: unexpected character '\\xEF'", "line 1, column 41: unexpected character '\\xEF'" },
  { "a value above 7 on a 7x7 board (49 cells, 1x7 boxes)", ("."):rep(48) .. "8",
    "line 1, column 49: unexpected character '8'", "line 1, column 49: unexpected character '8'" },
  { "more cells than a 64x64 board", ("."):rep(65 * 65),
    "cannot infer a board size from 4225 cells (a board holds at most 4096)",
    "line 1: 4225 cells, a board larger than 64x64" },
}

describe("sudoku.parse and sudoku.solve on bad text", function()
  for _, case in ipairs(LINES) do
    local what, text, message = case[1], case[2], case[3]
    it("name " .. what, function()
      assert.same({ nil, message }, { sudoku.parse(text) })
      assert.same({ nil, message }, { sudoku.solve(text) })
      assert.same({ nil, message }, { sudoku.count(text) })
    end)
  end

  it("read a repeated given, which has no solution", function()
    local text = "55" .. P:sub(3)
    local board = sudoku.parse(text)
    assert.is_false((board:is_valid()))
    assert.same({ nil, "no solution" }, { sudoku.solve(text) })
    assert.equal(0, sudoku.count(text))
  end)

  it("read CRLF, a byte-order mark and surrounding whitespace as the plain line", function()
    for _, text in ipairs({ P .. "\r\n", BOM .. P, BOM .. P .. "\r\n", "  " .. P .. "\t\n\n" }) do
      assert.equal(P, sudoku.parse(text):symbols())
      assert.equal(S, sudoku.solve(text))
    end
  end)

  it("take a lone CR inside a line as whitespace, like any space between cells", function()
    assert.same({ nil, "cannot infer a board size from 80 cells (N*N are needed: 64 for 8x8, 81 for 9x9)" },
      { sudoku.parse(at41("\r")) })
  end)

  it("name the opts.size or opts.box that the cell count does not fit", function()
    assert.same({ nil, "expected 36 cells for a 6x6 board of 2x3 boxes (opts.box), found 81" },
      { sudoku.parse(P, { box = { 2, 3 } }) })
    assert.same({ nil, "expected 64 cells for a 8x8 board of 2x4 boxes (opts.box), found 81" },
      { sudoku.solve(P, { box = { 2, 4 } }) })
    assert.same({ nil, "expected 49 cells for a 7x7 board (opts.size), found 81" },
      { sudoku.parse(P, { size = 7 }) })
  end)

  it("refuse a box that makes no board of the size asked, or no board at all", function()
    assert.has_error(function() sudoku.parse(("."):rep(49), { size = 7, box = { 2, 3 } }) end,
      "bad argument #2 to 'parse' (box 2x3 does not make a board of size 7)")
    assert.has_error(function() sudoku.parse(P, { box = { 9, 9 } }) end,
      "bad argument #2 to 'parse' (box 9x9 makes a board larger than 64)")
    assert.has_error(function() sudoku.parse(P, { box = { 0, 9 } }) end,
      "bad argument #2 to 'parse' (box must be {rows, cols} with positive integers)")
    assert.has_error(function() sudoku.parse(P, { size = 65 }) end,
      "bad argument #2 to 'parse' (size must be an integer 1..64)")
    assert.has_error(function() sudoku.parse(P, { size = math.huge }) end,
      "bad argument #2 to 'parse' (size must be an integer 1..64)")
    assert.has_error(function() sudoku.parse(P, { box = { math.huge, 1 } }) end,
      "bad argument #2 to 'parse' (box must be {rows, cols} with positive integers)")
  end)

  it("read a prime size as 1xN boxes, and a 7x7 box shape given as 7x1", function()
    local board = sudoku.parse(("."):rep(49))
    assert.same({ 7, 1, 7 }, { board:size() })
    board = sudoku.parse(("."):rep(49), { box = { 7, 1 } })
    assert.same({ 7, 7, 1 }, { board:size() })
    assert.is_true(board:solve())
  end)
end)

describe("Board:fill on bad text", function()
  it("names the length and the first bad byte, escaped; the board is left unchanged", function()
    local board = sudoku.Board.new{ size = 9 }
    assert.is_true(board:fill(P))
    assert.same({ nil, "expected 81 cells, found 80" }, { board:fill(P:sub(1, 80)) })
    assert.same({ nil, "column 41: unexpected character '\\0'" }, { board:fill(at41("\0")) })
    assert.same({ nil, "column 41: unexpected character '\\xE9'" }, { board:fill(at41("\233")) })
    assert.same({ nil, "column 41: unexpected character '\\''" }, { board:fill(at41("'")) })
    assert.same({ nil, "column 41: unexpected character 'G'" }, { board:fill(at41("G")) })
    assert.equal(P, board:symbols())
  end)
end)

describe("sudoku.solve_many on bad lines", function()
  for _, case in ipairs(LINES) do
    local what, text, message = case[1], case[2], case[4]
    if message then
      it("names " .. what .. ", and solves the lines around it", function()
        -- Lines of any size (a 7x7 among 9x9 ones is else a puzzle of another size than the
        -- text's: spec/records_rule_spec.lua).
        local results, errors, stats = sudoku.solve_many(P .. "\n" .. text .. "\n" .. P .. "\n",
          { size = "auto" })
        assert.same({ S, false, S }, results)
        assert.same({ [2] = message:gsub("^line 1", "line 2") }, errors)
        assert.equal(1, stats.failed)
      end)
    end
  end

  it("reads CRLF line ends and a byte-order mark at the start", function()
    local results, errors = sudoku.solve_many(BOM .. P .. "\r\n" .. P .. "\r\n")
    assert.same({ S, S }, results)
    assert.same({}, errors)
  end)

  it("ends a line at a lone CR, as old Mac files do (the record rule)", function()
    local _, errors = sudoku.solve_many(at41("\r") .. "\n")
    assert.same({ "line 1: 40 cells, expected a square number such as 81",
      "line 2: 40 cells, expected a square number such as 81" }, errors)
  end)

  it("reports a repeated given as no solution", function()
    local _, errors = sudoku.solve_many("55" .. P:sub(3) .. "\n")
    assert.same({ "line 1: no solution" }, errors)
  end)
end)

-- The first step of format.records(text, name): a record's symbols, or the failure message.
local function first(text, name)
  local rec, message = format.records(text, name)()
  if rec then return rec.board:symbols() end
  return message
end

describe("format readers on bad text", function()
  local cases = {
    { "a NUL byte", at41("\0") .. "\n", {
        line = "record 1, line 1, column 41: unexpected character '\\0'",
        sdm = "record 1, line 1, column 41: unexpected character '\\0'",
        grid = "record 1, line 1, column 41: unexpected character '\\0'",
        sdk = "record 1, line 1, column 41: unexpected character '\\0'",
        ss = "record 1, line 1, column 41: unexpected character '\\0'",
        json = "record 1, line 1, column 1: malformed JSON: no valid JSON value",
        leetcode = "record 1, line 1, column 1: not a LeetCode board: no valid JSON value at line 1, "
          .. "column 1",
        pencil = "record 1, line 1: 81 characters, expected N*N*N for an NxN board, such as 729",
        hdu = "record 1, line 1, column 1: expected cells of one character separated by spaces "
          .. "(1..1 or '?'), got '53..7....6..195....9...'",
        [false] = "cannot tell the format of line 1: column 41 holds '\\0', which is no cell symbol, "
          .. "and no grid follows it",
      } },
    { "a non-UTF-8 byte", at41("\233") .. "\n", {
        line = "record 1, line 1, column 41: unexpected character '\\xE9'",
        grid = "record 1, line 1, column 41: unexpected character '\\xE9'",
        [false] = "cannot tell the format of line 1: column 41 holds '\\xE9', which is no cell "
          .. "symbol, and no grid follows it",
      } },
    { "one cell short", P:sub(1, 80) .. "\n", {
        line = "record 1, line 1: cannot infer a board size from 80 cells (N*N are needed: 64 for "
          .. "8x8, 81 for 9x9)",
        sdk = "record 1, line 1: cannot infer a board size from 80 cells (N*N are needed: 64 for "
          .. "8x8, 81 for 9x9)",
        [false] = "cannot tell the format of line 1: its 80 cells are neither a puzzle line (N*N "
          .. "cells, N of 4 or more) nor pencil marks (N*N*N), and no grid follows it",
      } },
    { "a bad cell in an HDU case", "1 2\n? x\n", {
        hdu = "record 1, line 2, column 3: expected one of 1..2 or '?' as a cell, got 'x'",
      } },
    { "a huge HDU token, shown cut", ("7"):rep(100) .. "\n", {
        hdu = "record 1, line 1, column 1: expected cells of one character separated by spaces "
          .. "(1..1 or '?'), got '77777777777777777777...'",
      } },
    { "a grid row with a NUL", ("1 2 | 3 4\n"):rep(2) .. "---+---\n3 4 | 1 \0\n" .. "2 1 | 4 3\n", {
        grid = "record 1, line 4, column 9: unexpected character '\\0'",
      } },
    { "a JSON record with a non-UTF-8 byte in its givens", '{"size":4,"givens":"12\233............."}\n', {
        json = "record 1, line 1: givens, cell 3 (r1c3): unexpected character '\\xE9'",
      } },
    { "a JSON record with a NUL in its givens", '{"size":4,"givens":"12\0............."}\n', {
        json = "record 1, line 1: givens, cell 3 (r1c3): unexpected character '\\0'",
      } },
    { "a LeetCode cell of raw bytes, shown escaped and cut",
      '[["\233\0\127\\"\\\\' .. ("9"):rep(30) .. '"]]\n', {
        leetcode = "record 1, line 1: row 1, column 1: expected '1'-'1' or '.', got "
          .. '"\\xE9\\0\\x7F\\"\\\\999999999999999..."',
      } },
    { "a JSON value quoted in a message, with a non-UTF-8 byte",
      '{"size":4,"givens":"................","diagonals":["main","anti\171"]}\n', {
        json = "record 1, line 1: diagonals[2]: expected \"main\" or \"anti\", got \"anti\\xAB\"",
      } },
    { "a JSON region cell of 1e400 (infinity once read)",
      '{"size":4,"givens":"................","box":null,"regions":[[[1e400,1],[1,2],[1,3],[2,1]]]}\n', {
        json = "record 1, line 1: regions[1][1]: expected a cell [row, column], got [inf, 1]",
      } },
    { "a JSON box of 1e400 rows", '{"size":4,"givens":"................","box":[1e400,2]}\n', {
        json = "record 1, line 1: box must be [rows, cols] with positive integers, or null for a jigsaw",
      } },
    { "a JSON member whose key is an array, deep inside", '{"size":4,"givens":"................",'
      .. '"xv":[{"type":[1,6],[1,7]:2}]}\n', {
        json = "record 1, line 1: malformed JSON: a member whose key is not a string",
      } },
    { "CRLF line ends and a byte-order mark", BOM .. P .. "\r\n", {
        line = P, sdk = P, [false] = P,
      } },
    { "CRLF in a grid", (BOM .. "1 2 | 3 4\r\n3 4 | 1 2\r\n----+----\r\n2 1 | 4 3\r\n4 3 | 2 1\r\n"), {
        grid = "1234341221434321", [false] = "1234341221434321",
      } },
  }
  for _, case in ipairs(cases) do
    local what, text, expected = case[1], case[2], case[3]
    for name, message in pairs(expected) do
      it(("%s read as %s"):format(what, name or "detected"), function()
        assert.equal(message, first(text, name or nil))
      end)
    end
  end

  it("name the opts.size or opts.box a record does not fit", function()
    local rec, message = format.records(P .. "\n", "line", { box = { 2, 3 } })()
    assert.same({ false, "record 1, line 1: expected 36 cells for a 6x6 board of 2x3 boxes (opts.box), "
      .. "found 81" }, { rec, message })
    rec, message = format.records(P .. "\n", "sdk", { size = 16 })()
    assert.same({ false, "record 1, line 1: expected 256 cells for a 16x16 board (opts.size), found 81" },
      { rec, message })
    rec, message = format.records("1 2 3 4 5 6 7\n", "hdu", { box = { 2, 3 } })()
    assert.same({ false, "record 1, line 1, column 13: expected one of 1..6 or '?' as a cell, got '7'" },
      { rec, message })
  end)

  it("name an HDU first line wider than any board instead of waiting for its cells", function()
    local rec, message = format.records(("1 "):rep(70) .. "\n", "hdu")()
    assert.same({ false, "record 1, line 1: 70 cells on the case's first line, more than the 64 a row of "
      .. "the largest board holds" }, { rec, message })
  end)

  it("go on after a bad record, numbering lines and records in the whole input", function()
    local text = P .. "\n" .. at41("\0") .. "\r\n\n" .. at41("\195\169") .. "\n" .. P .. "\n"
    local got = {}
    for rec, message in format.records(text, "line") do got[#got + 1] = rec and rec.line or message end
    assert.same({ 1, "record 2, line 2, column 41: unexpected character '\\0'",
      "record 3, line 4, column 41: unexpected character '\\xC3'", 5 }, got)
  end)
end)

describe("huge lines", function()
  local huge = ("."):rep(10 * 1024 * 1024)

  it("are refused with their length by parse, solve and solve_many, without building a board", function()
    local message = "cannot infer a board size from 10485760 cells (a board holds at most 4096)"
    assert.same({ nil, message }, { sudoku.parse(huge) })
    assert.same({ nil, message }, { sudoku.solve(huge) })
    local _, errors = sudoku.solve_many(huge .. "\n" .. P .. "\n")
    assert.same({ "line 1: 10485760 cells, expected a square number such as 81" }, errors)
    _, errors = sudoku.solve_many(("."):rep(1024 * 1024) .. "\n")
    assert.same({ "line 1: 1048576 cells, a board larger than 64x64" }, errors)
  end)

  it("are skipped by every reader as longer than any record, which reads on to the next", function()
    local got = {}
    for rec, message in format.records(huge .. "\n" .. P .. "\n", "line") do
      got[#got + 1] = rec and rec.board:symbols() or message
    end
    assert.same({ "line 1: line of 10485760 bytes, longer than any record can be (1048576 bytes "
      .. "at most); skipped", P }, got)
  end)

  it("with a bad byte at the end are reported at their column", function()
    -- 1 MB: a line that is not all cells is read a byte at a time.
    assert.same({ nil, "line 1, column 1048577: unexpected character '\\0'" },
      { sudoku.parse(huge:sub(1, 1024 * 1024) .. "\0") })
    local _, errors = sudoku.solve_many(huge .. "\0\n")
    assert.same({ "line 1, column 10485761: unexpected character '\\0'" }, errors)
  end)
end)

describe("sudoku solve (the command) on bad input #posix", function()
  local mixed = data.fixtures .. "bad_input/mixed_crlf.txt"

  it("reports every bad line of a CRLF file as FILE:LINE: message, solves the rest, exits 1", function()
    local r = cmd.run({ "solve", mixed })
    assert.equal(S .. "\n" .. S .. "\n", r.stdout)
    local f = mixed
    assert.equal(table.concat({
      f .. ":3: cannot infer a board size from 80 cells (N*N are needed: 64 for 8x8, 81 for 9x9)",
      f .. ":4: cannot infer a board size from 82 cells (N*N are needed: 81 for 9x9, 100 for 10x10)",
      f .. ":5: column 41: unexpected character 'x'",
      f .. ":6: column 41: unexpected character '\\0'",
      f .. ":7: column 41: unexpected character '\\xC3'",
      f .. ":8: column 41: unexpected character '\\xE9'",
      f .. ":9: no solution: givens clash: 5 at row 1, column 1 and at row 1, column 2",
      -- A 7x7 puzzle in a file of 9x9 ones: the file's size, not a board of its own.
      f .. ":10: 49 cells, but this file's puzzles have 81",
    }, "\n") .. "\n", r.stderr)
    assert.equal(1, r.status)
  end)

  it("gives the same answers on several threads", function()
    local one, four = cmd.run({ "solve", mixed }), cmd.run({ "solve", "-j", "4", mixed })
    assert.same(one, four)
  end)

  it("reads a byte-order mark and CRLF on standard input", function()
    local r = cmd.run({ "solve" }, BOM .. P .. "\r\n")
    assert.same({ stdout = S .. "\n", stderr = "", status = 0 }, r)
  end)

  it("names the byte that keeps --from auto from telling the format, and exits 2", function()
    local r = cmd.run({ "solve", "--from", "auto" }, at41("\0") .. "\n")
    assert.same({ stdout = "", status = 2,
      stderr = "sudoku: <stdin>: cannot tell the format of line 1: column 41 holds '\\0', which is "
        .. "no cell symbol, and no grid follows it\n" }, r)
  end)

  it("reports a NUL inside a grid at its line and column", function()
    local r = cmd.run({ "solve", "--from", "grid" }, "1 2 | 3 4\n3 4 | 1 2\n---+---\n2 1 | 4 \0\n4 3 | 2 1\n")
    assert.same({ stdout = "", status = 1,
      stderr = "<stdin>:4: column 9: unexpected character '\\0'\n" }, r)
  end)

  it("reports bad cells of JSON and HDU records at their place", function()
    local r = cmd.run({ "solve", "--from", "json" }, '{"size":4,"givens":"12\\u0000............."}\n')
    assert.same({ stdout = "", status = 1,
      stderr = "<stdin>:1: givens, cell 3 (r1c3): unexpected character '\\0'\n" }, r)
    r = cmd.run({ "solve", "--from", "hdu" }, "1 2 3 4\n3 4 1 2\n2 1 4 x\n4 3 2 1\n")
    assert.same({ stdout = "", status = 1,
      stderr = "<stdin>:3: column 7: expected one of 1..4 or '?' as a cell, got 'x'\n" }, r)
  end)

  it("shows a NUL in an HDU token as every other reader does: \\0, with a quote escaped", function()
    local r = cmd.run({ "solve", "--from", "hdu" }, "1 2 3 4\n3 4 1 2\n2 1 4 \0\n4 3 2 1\n")
    assert.same({ stdout = "", status = 1,
      stderr = "<stdin>:3: column 7: expected one of 1..4 or '?' as a cell, got '\\0'\n" }, r)
    r = cmd.run({ "solve", "--from", "hdu" }, "1 2 3 4\n3 4 1 2\n2 1 4 x'\0\n4 3 2 1\n")
    assert.same({ stdout = "", status = 1,
      stderr = "<stdin>:3: column 7: expected cells of one character separated by spaces "
        .. "(1..4 or '?'), got 'x\\'\\0'\n" }, r)
  end)

  it("reports a 10 MB line by its length and goes on", function()
    local path = cmd.temp_file(("."):rep(10 * 1024 * 1024) .. "\n" .. P .. "\n")
    local r = cmd.run({ "solve", path })
    assert.same({ stdout = S .. "\n", status = 1,
      stderr = path .. ":1: line of 10485760 bytes, longer than any record can be (1048576 bytes "
        .. "at most); skipped\n" }, r)
  end)
end)
