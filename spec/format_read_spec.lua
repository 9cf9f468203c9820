-- Reading: what each text format takes, how a failure is reported (record, line, column) while
-- reading goes on, how the format is told when none is named, and that reading streams.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local source = require "sudoku.format.source"
local classic = require "support.puzzles"

local P = classic.WIKI
local Q = classic.TOP1

-- Every step of a records iterator as a list: {index, line} for a record, the message for a
-- failure.
local function steps(text, name, opts)
  local out = {}
  for rec, err in format.records(text, name, opts) do
    out[#out + 1] = rec and { rec.index, rec.line } or err
  end
  return out
end

local function written(puzzle, name)
  return format.write(sudoku.parse(puzzle), name)
end

describe("reading", function()
  describe("line", function()
    it("keeps a trailing comment and its separator, and writes them back", function()
      local text = P .. ",solution here\n" .. Q .. "  # rated 9.1"
      local records = {}
      for rec in format.records(text, "line") do records[#records + 1] = rec end
      assert.are.equal("solution here", records[1].comment)
      assert.are.equal(",", records[1].separator)
      assert.are.equal("rated 9.1", records[2].comment)
      assert.are.equal(P .. ",solution here", format.write(records[1], "line"))
      assert.are.equal(Q .. "  # rated 9.1", format.write(records[2], "line"))
      assert.are.equal(Q, format.write(records[2], "line", { comment = false }))
    end)

    it("reports a bad record by number, line and column, and reads on", function()
      local bad = P:sub(1, 4) .. "Z" .. P:sub(6)
      assert.are.same({
        { 1, 2 },
        "record 2, line 3, column 7: unexpected character 'Z'",
        "record 3, line 4: cannot infer a board size from 80 cells (N*N are needed: 64 for "
          .. "8x8, 81 for 9x9)",
        { 4, 5 },
      }, steps("# a list\n" .. P .. "\n  " .. bad .. " # c\n" .. P:sub(2) .. "\n" .. Q, "line"))
    end)

    it("reads boards of other sizes from the cell count, or the shape opts give", function()
      local four = "1234341221434321"
      assert.are.same({ 4, 2, 2 }, { format.read(four, "line").board:size() })
      assert.are.same({ 6, 3, 2 }, { format.read(("."):rep(36), "line", { box = { 3, 2 } }).board:size() })
    end)
  end)

  describe("grid", function()
    it("reads grids back to back or between blank lines, reporting a bad one's line and column", function()
      local grid = written(P, "grid")
      local broken = grid:gsub("7", "Z", 1)
      assert.are.same({ { 1, 1 }, "record 2, line 13, column 11: unexpected character 'Z'", { 3, 24 } },
        steps(grid .. "\n\n" .. broken .. "\n" .. grid, "grid"))
    end)

    it("takes x and other hand-typed blanks, and '*' or '=' borders", function()
      local text = "*=========*\n1 x | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n*=========*\n"
      local rec = assert(format.read(text, "grid"))
      assert.are.equal("1.34341221434321", format.write(rec, "line"))
    end)
  end)

  describe("hdu", function()
    it("reads the HDU 1426 sample and writes its solution byte for byte", function()
      local f = assert(io.open("examples/hdu1426.in"))
      local rec = assert(format.read(f, "hdu"))
      f:close()
      assert(rec.board:solve())
      f = assert(io.open("examples/hdu1426.out"))
      local expected = f:read("*a")
      f:close()
      assert.are.equal(expected, format.write(rec, "hdu") .. "\n")
    end)

    it("takes a case as the next N*N cells, whatever blank lines there are", function()
      local case = written(P, "hdu")
      assert.are.same({ { 1, 1 }, { 2, 11 }, { 3, 20 } },
        steps(case .. "\n\n" .. case .. "\n" .. case .. "\n\n\n", "hdu"))
    end)

    it("names a bad cell and a case cut short", function()
      local case = written(P, "hdu"):gsub("%?", "x", 1)
      assert.are.same({
        "record 1, line 1, column 5: expected one of 1..9 or '?' as a cell, got 'x'",
        "record 2, line 10: the input ends after 3 of the case's 81 cells",
      }, steps(case .. "\n1 2 3\n", "hdu"))
    end)
  end)

  describe("leetcode", function()
    it("reads LeetCode's text over several lines and gives the table back", function()
      local text = written(P, "leetcode"):gsub("%],", "],\n")
      local rec = assert(format.read(text, "leetcode"))
      assert.are.equal(P, format.write(rec, "line"))
      local grid = require("sudoku.format.leetcode").table_of(rec)
      assert.are.same({ "5", "3", ".", ".", "7", ".", ".", ".", "." }, grid[1])
    end)

    it("names the row and column of a bad cell, and the place of broken JSON", function()
      local bad_cell = written(P, "leetcode"):gsub('"7"', '"Q"', 1)
      assert.are.same({
        "record 1, line 1: row 1, column 5: expected '1'-'9' or '.', got \"Q\"",
        { 2, 2 },
      }, steps(bad_cell .. "\n" .. written(P, "leetcode"), "leetcode"))
      local out = steps('[["5",,"3"]]\n', "leetcode")
      assert.matches("^record 1, line 1, column %d+: not a LeetCode board: ", out[1])
    end)
  end)

  describe("sdk", function()
    it("reads SudoCue's metadata lines and writes them back in their order", function()
      local text = "#ARuud\n#DA random puzzle\n#LEasy\n" .. written(P, "sdk")
      local rec = assert(format.read(text, "sdk"))
      assert.are.same({ author = "Ruud", description = "A random puzzle", level = "Easy" }, rec.meta)
      assert.are.equal(1, rec.line)
      assert.are.equal("#ARuud\n#DA random puzzle\n#LEasy\n" .. written(P, "sdk"), format.write(rec, "sdk"))
    end)

    it("takes a [Puzzle] section line, and reads puzzles one after another", function()
      assert.are.same({ { 1, 1 }, { 2, 11 } },
        steps("[Puzzle]\n" .. written(P, "sdk") .. "\n" .. written(Q, "sdk"), "sdk"))
    end)
  end)

  describe("ss", function()
    it("reads Simple Sudoku's file and its clipboard layout alike", function()
      local file = written(P, "ss")
      assert.are.equal(table.concat({
        "53.|.7.|...", "6..|195|...", ".98|...|.6.", "-----------",
        "8..|.6.|..3", "4..|8.3|..1", "7..|.2.|..6", "-----------",
        ".6.|...|28.", "...|419|..5", "...|.8.|.79" }, "\n"), file)
      local clipboard = "*-----------*\n" .. file:gsub("([^\n]+)", "|%1|"):gsub("|%-+|", "|---+---+---|")
        .. "\n*-----------*"
      assert.are.same({ { 1, 1 }, { 2, 14 } }, steps(clipboard .. "\n" .. clipboard, "ss"))
      assert.are.equal(P, format.write(format.read(clipboard, "ss"), "line"))
    end)
  end)

  describe("hodoku", function()
    -- P with a 4 placed (not given) at r1c3, and the first candidate its units leave at r1c4
    -- deleted.
    local placed = P:sub(1, 2) .. "4" .. P:sub(4)
    local gone = sudoku.parse(placed):candidates(1, 4)
    local LINE = (":0100:4:%s+4%s:%d14:455 465::"):format(P:sub(1, 2), P:sub(4), gone[1])

    it("reads the values, the placed ones apart from the givens, and the deleted candidates",
      function()
      local rec = assert(format.read(LINE, "hodoku"))
      assert.are.equal(placed, rec.board:symbols())
      assert.is_true(rec.givens[1])
      assert.is_nil(rec.givens[3])
      local left = {}
      for i = 2, #gone do left[#left + 1] = gone[i] end
      assert.are.same({ [4] = left }, rec.candidates)
      assert.are.same({ technique = "0100", digits = "4", eliminations = "455 465", extra = "" },
        rec.meta)
      assert.are.equal(LINE, format.write(rec, "hodoku"))
    end)

    it("refuses a deleted candidate of a filled cell, naming its column", function()
      local bad = LINE:gsub(":(%d)14:", ":%113:")
      assert.are.same({ nil, "record 1, line 1, column 92: candidate '" .. gone[1] .. "13': r1c3 "
        .. "holds a value" }, { format.read(bad, "hodoku") })
    end)
  end)

  describe("format detection", function()
    it("names both formats when a text reads two ways", function()
      local rows = {}
      for i = 1, 16 do rows[i] = ("."):rep(16) end
      assert.are.same({ nil, "ambiguous: lines 1-16 each hold 16 cells, which reads as 16 "
        .. "puzzles of 4x4 ('line') or as one 16x16 grid ('sdk'); name the format" },
        { format.detect(table.concat(rows, "\n")) })
    end)

    it("takes N*N*N characters laid out as pencil marks for pencil marks", function()
      assert.are.equal("pencil", format.detect(("1234"):rep(16)))
      assert.are.equal("pencil", format.detect(("1..."):rep(15) .. "..3."))
      assert.are.equal("line", format.detect(("2..."):rep(16)))
    end)

    it("says why it cannot tell, and refuses SVG", function()
      assert.are.same({ nil, "cannot tell the format of line 1: its 3 cells are neither a "
        .. "puzzle line (N*N cells, N of 4 or more) nor pencil marks (N*N*N), and no grid "
        .. "follows it" }, { format.detect("1.3\n") })
      assert.are.same({ nil, "line 1 starts with '<': SVG and XML are written, not read" },
        { format.detect("<svg>") })
      assert.are.same({ nil, "line 1 starts a grid of 9 cells a row, but only 2 rows follow" },
        { format.detect("123456789\n123456789\n") })
    end)

    it("finds no records, and no failure, in an input without puzzles", function()
      assert.are.same({}, steps("\n# only a comment\n\n"))
      assert.are.same({ nil, "no puzzle found" }, { format.read("") })
    end)

    it("reads with the detected format when none is named", function()
      assert.are.same({ { 1, 1 } }, steps("#Asomeone\n\n" .. written(P, "sdk")))
      assert.are.equal(P, format.write(format.read(written(P, "hdu")), "line"))
    end)
  end)

  describe("sources", function()
    it("drop a byte-order mark and the \\r of CRLF lines", function()
      local text = "\239\187\191" .. P .. "\r\n" .. Q .. "\r\n"
      assert.are.same({ { 1, 1 }, { 2, 2 } }, steps(text, "line"))
    end)

    it("come from strings, files and functions alike", function()
      local lines = { P, Q }
      local i = 0
      assert.are.same({ { 1, 1 }, { 2, 2 } }, steps(function()
        i = i + 1
        return lines[i]
      end, "line"))
      local path = os.tmpname()
      local f = assert(io.open(path, "w"))
      f:write(P, "\n", Q, "\n")
      f:close()
      f = assert(io.open(path))
      assert.are.same({ { 1, 1 }, { 2, 2 } }, steps(f, "line"))
      f:close()
      os.remove(path)
    end)

    it("keep NUL bytes, long lines and a last line without its newline, from files too", function()
      -- Lua 5.1, 5.2 and LuaJIT cut a line read with "*l" at a NUL byte; a file that can seek
      -- is read in blocks there instead, so every version sees the same lines.
      local long = ("x"):rep(200000)
      local text = "a\0b\n\n" .. long .. "\n\0\nlast"
      local want = { "a\0b", "", long, "\0", "last" }
      local path = os.tmpname()
      local f = assert(io.open(path, "wb"))
      f:write(text)
      f:close()
      for _, input in ipairs({ text, "file" }) do
        local handle = input == "file" and assert(io.open(path, "rb")) or nil
        local src = source.of(handle or input)
        local got = {}
        for line in function() return (src:next()) end do got[#got + 1] = line end
        assert.are.same(want, got)
        assert.is_nil(src:next())
        if handle then handle:close() end
      end
      os.remove(path)
    end)

    it("skip a line longer than any record without keeping it, and say where it was", function()
      local long = ("7"):rep(source.MAX_LINE + 1)
      local got = {}
      for rec, message, where in format.records(P .. "\n" .. long .. "\n" .. Q .. "\n", "line") do
        got[#got + 1] = rec and rec.line or { message, where }
      end
      assert.are.same({ 1, { "line 2: line of 1048577 bytes, longer than any record can be "
        .. "(1048576 bytes at most); skipped", { kind = "long_line", line = 2, bytes = 1048577 } }, 3 }, got)
      -- A line of the largest size a record can need is read as it is.
      local src = source.of(("7"):rep(source.MAX_LINE) .. "\nend")
      assert.are.equal(source.MAX_LINE, #src:next())
      assert.are.same({ "end", 2 }, { src:next() })
    end)

    it("look past any number of comment lines, keeping only the last of them", function()
      local text = ("# note\n"):rep(1000) .. "a\nb\nc\n"
      local src = source.of(text)
      local lines, first = src:lookahead(2, function(line) return line:sub(1, 1) == "#" end)
      assert.are.same({ "a", "b" }, { lines[first], lines[first + 1] })
      assert.is_true(#lines < 6)
      -- The lines left out were consumed; the others come back with their own numbers.
      repeat local line = src:next() until line == "a"
      assert.are.same({ "b", 1002 }, { src:next() })
    end)

    it("give back lines so that a reader can look ahead", function()
      local src = source.of("a\nb\nc")
      assert.are.same({ "a", "b" }, src:lookahead(2))
      assert.are.same({ "a", 1 }, { src:next() })
      assert.are.equal("b", src:peek())
      assert.are.same({ "b", 2 }, { src:next() })
    end)

    it("refuse anything that gives no lines", function()
      assert.has_error(function() source.of(42) end,
        "bad argument #1 to 'source' (string, file or function expected, got number)")
    end)
  end)

  it("open() reads a file's records and closes it after the last", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write(written(P, "sdk"), "\n\n", written(Q, "sdk"), "\n")
    f:close()
    local lines = {}
    for rec in assert(format.open(path)) do lines[#lines + 1] = format.write(rec, "line") end
    os.remove(path)
    assert.are.same({ P, Q }, lines)
    local missing, err = format.open(path)
    assert.is_nil(missing)
    assert.matches("No such file", err)
  end)

  it("read() refuses a text with more than one puzzle", function()
    assert.are.same({ nil, "more than one puzzle (the next starts at line 2)" },
      { format.read(P .. "\n" .. Q, "line") })
  end)

  it("streams: memory stays flat over 30,000 records read from a file", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    for _ = 1, 30000 do f:write(P, "\n") end
    f:close()
    f = assert(io.open(path))
    local count, base, peak = 0, nil, 0
    for rec in format.records(f, "line") do
      assert(rec)
      count = count + 1
      if count % 5000 == 0 then
        collectgarbage()
        local kb = collectgarbage("count")
        base = base or kb
        peak = math.max(peak, kb)
      end
    end
    f:close()
    os.remove(path)
    assert.are.equal(30000, count)
    -- The file is 2.4 MB and its records as boards would be about 90 MB; holding either would
    -- show here. (The bound leaves room for the heap's own drift within a long test run.)
    assert.is_true(peak - base < 2048, ("memory grew by %.0f KB"):format(peak - base))
  end)
end)
