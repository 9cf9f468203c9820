-- The record rule (lua/sudoku/format/rule.lua): one corpus of odd files goes through every door
-- that reads puzzle lists (the `sudoku` command, sudoku.solve_many, sudoku.records, the line
-- format's reader and format detection, the lab's reader) and each door must find the same
-- records on the same lines: the good ones, and the faults, each on its line. Then what the rule
-- says about each oddity, and that the C core's table is what the declaration makes.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local records = require "sudoku.records"
local rule = require "sudoku.format.rule"
local cmd = require "support.command"
local classic = require "support.puzzles"

after_each(function() cmd.cleanup() end)

-- Puzzles with one solution each (docs/FORMATS.md's examples).
local P = classic.TOP1
local Q = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
local S = assert(sudoku.solve(P))
local BOM = "\239\187\191"

local function utf16(text)
  return "\255\254" .. text:gsub(".", "%0\0")
end

-- name, the file's bytes, and what every door must find: "ok" for a record read, "bad" for a
-- record that cannot be, in line order, each with its line.
local CORPUS = {
  { "CR line ends (old Mac)", P .. "\r" .. Q .. "\r" .. P .. "\r",
    { "ok@1", "ok@2", "ok@3" } },
  { "CRLF line ends", P .. "\r\n" .. Q .. "\r\n", { "ok@1", "ok@2" } },
  { "mixed line ends", P .. "\n" .. Q .. "\r" .. P .. "\r\n" .. Q, { "ok@1", "ok@2", "ok@3", "ok@4" } },
  { "a byte order mark", BOM .. P .. "\n" .. Q .. "\n", { "ok@1", "ok@2" } },
  { "trailing blank lines", P .. "\n   \n" .. Q .. "\n\n\t\n", { "ok@1", "ok@3" } },
  { "comments", "# head\n" .. P .. "\n  # indented\n" .. Q .. "\n", { "ok@2", "ok@4" } },
  { "puzzle # note, puzzle,solution, puzzle;x", P .. " # note\n" .. Q .. "," .. S .. "\n" .. P
    .. ";x\n", { "ok@1", "ok@2", "ok@3" } },
  { "a title", "Hardest puzzles 2011\n" .. P .. "\n" .. Q .. "\n", { "ok@2", "ok@3" } },
  { "a cut line (an 8x8 among 9x9 ones)", P .. "\n" .. P:sub(1, 64):gsub("9", "1") .. "\n" .. Q
    .. "\n", { "ok@1", "bad@2", "ok@3" } },
  { "a damaged first line (letters, full length)", "abc" .. P:sub(4) .. "\n" .. P .. "\n" .. Q
    .. "\n", { "bad@1", "ok@2", "ok@3" } },
  { "tabs", "\t" .. P .. "\tnote\n" .. Q .. "\t\n", { "ok@1", "ok@2" } },
  { "CSV with an id column and a header", "id,puzzle,solution\n1," .. P .. "," .. S .. "\n2,"
    .. P .. "," .. S .. "\n", { "ok@2", "ok@3" } },
  { "Sudoku Exchange lines (id puzzle rating)", "0000183b305c " .. P .. " 1.2\n0000183b305d "
    .. Q .. " 3.4\n", { "ok@1", "ok@2" } },
  { "UTF-16 text", utf16(P .. "\n" .. Q .. "\n"), { "utf16@1" } },
}

-- What each door finds, as "ok@L" / "bad@L" (and "utf16@1" for text no door reads).
local DOORS = {}

function DOORS.solve_many(text)
  local counts, _, stats, faults = sudoku.solve_many(text, { limit = 2 })
  local got, line = {}, 0
  for i = 1, stats.puzzles do
    local f = faults[i]
    if f then
      line = f.line
      got[i] = (f.kind == "utf16" and "utf16@" or "bad@") .. f.line
    else
      got[i] = counts[i] == 1 and "ok" or "count " .. tostring(counts[i])
    end
  end
  return got, line
end

-- The readers of sudoku.format: named "line", and detected.
local function format_door(name)
  return function(text)
    local got = {}
    for rec, _, where in format.records(text, name) do
      if rec then
        got[#got + 1] = (records.verdict(rec) == "unique" and "ok@" or "not unique@") .. rec.line
      else
        got[#got + 1] = (where.kind == "utf16" and "utf16@" or "bad@") .. where.line
      end
    end
    return got
  end
end
DOORS.line_format = format_door("line")
DOORS.detected = format_door(nil)

-- The lab's door: format.open on a file.
function DOORS.lab(text)
  local path = cmd.temp_file(text)
  local got = {}
  for rec, _, where in assert(format.open(path)) do
    got[#got + 1] = rec and ("ok@" .. rec.line)
      or ((where.kind == "utf16" and "utf16@" or "bad@") .. where.line)
  end
  return got
end

-- The command: `validate` says one verdict per record, stderr names the bad ones' lines.
function DOORS.command(text)
  local r = cmd.run({ "validate", cmd.temp_file(text) })
  if r.status == 2 then
    return { r.stderr:find("UTF-16 text: convert to UTF-8", 1, true) and "utf16@1" or r.stderr }
  end
  local bad = {}
  for line in r.stderr:gmatch(":(%d+): [^\n]*\n") do bad[#bad + 1] = line end
  local got, k = {}, 0
  for verdict in r.stdout:gmatch("[^\n]+") do
    if verdict == "malformed" then
      k = k + 1
      got[#got + 1] = "bad@" .. tostring(bad[k])
    else
      got[#got + 1] = verdict == "unique" and "ok" or verdict
    end
  end
  return got
end

-- Without their lines, for the doors that give none for a good record (solve_many, the
-- command's stdout).
local function kinds(list)
  local out = {}
  for i, entry in ipairs(list) do out[i] = entry:match("^ok@") and "ok" or entry end
  return out
end

describe("the record rule: one corpus through every door", function()
  for _, case in ipairs(CORPUS) do
    local what, text, want = case[1], case[2], case[3]
    describe(what, function()
      it("reads the same records with the line format and with detection, and in the lab", function()
        assert.same(want, DOORS.line_format(text))
        assert.same(want, DOORS.detected(text))
        assert.same(want, DOORS.lab(text))
      end)

      it("reads the same records with sudoku.solve_many", function()
        assert.same(kinds(want), (DOORS.solve_many(text)))
      end)

      it("reads the same records with the sudoku command, and exits non-zero on a bad one #posix", function()
        assert.same(kinds(want), DOORS.command(text))
      end)
    end)
  end
end)

describe("the record rule", function()
  it("fixes the board size at the first record: another board's length is an error naming both", function()
    local _, errors, _, faults = sudoku.solve_many(P .. "\n" .. P:sub(1, 64) .. "\n")
    assert.same({ [2] = "line 2: 64 cells, but this file's puzzles have 81" }, errors)
    assert.same({ kind = "other_size", line = 2, cells = 64, expected = 81,
      reason = "64 cells, but this file's puzzles have 81" }, faults[2])
  end)

  it("fixes the board size at the first record in the command too #posix", function()
    local r = cmd.run({ "count", cmd.temp_file(P .. "\n" .. P:sub(1, 64):gsub("9", "1") .. "\n") })
    assert.same({ "1\n", ":2: 64 cells, but this file's puzzles have 81\n", 1 },
      { r.stdout, r.stderr:match(":%d+: .*$"), r.status })
  end)

  it("reads mixed sizes when asked: size = \"auto\"", function()
    local four = "1.......3..2...."
    local results = sudoku.solve_many(four .. "\n" .. P .. "\n", { size = "auto" })
    assert.same({ sudoku.solve(four), S }, results)
  end)

  it("reads mixed sizes when asked: --size auto #posix", function()
    local four = "1.......3..2...."
    local r = cmd.run({ "solve", "--size", "auto", cmd.temp_file(four .. "\n" .. P .. "\n") })
    assert.same({ sudoku.solve(four) .. "\n" .. S .. "\n", 0 }, { r.stdout, r.status })
  end)

  it("never takes a puzzle-length line with a bad character for a title #posix", function()
    local r = cmd.run({ "validate", cmd.temp_file("abc" .. P:sub(4) .. "\n" .. P .. "\n") })
    assert.same({ "malformed\nunique\n", ":1: column 1: unexpected character 'a'\n", 1 },
      { r.stdout, r.stderr:match(":%d+: .*$"), r.status })
  end)

  it("names UTF-16 text in the command #posix", function()
    local r = cmd.run({ "solve", cmd.temp_file(utf16(P .. "\n")) })
    assert.same({ "", 2 }, { r.stdout, r.status })
    assert.truthy(r.stderr:find(": UTF-16 text: convert to UTF-8\n", 1, true))
  end)

  it("names UTF-16 text", function()
    local _, errors = sudoku.solve_many(utf16(P))
    assert.same({ "line 1: UTF-16 text: convert to UTF-8" }, errors)
    assert.is_nil(format.detect(utf16(P)))
  end)

  it("takes a column by number or by its header's name #posix", function()
    local csv = "id,puzzle,solution\n1," .. P .. "," .. S .. "\n"
    for _, column in ipairs({ "2", "puzzle" }) do
      local r = cmd.run({ "solve", "--column", column, cmd.temp_file(csv) })
      assert.same({ S .. "\n", "", 0 }, { r.stdout, r.stderr, r.status })
    end
    local r = cmd.run({ "solve", "--column", "grid", cmd.temp_file(csv) })
    assert.equal(2, r.status)
    assert.matches("no column named 'grid' in the header", r.stderr)
  end)

  it("takes a column by its header's name in format.records", function()
    local csv = "id,puzzle,solution\n1," .. P .. "," .. S .. "\n"
    local got = {}
    for rec in format.records(csv, "line", { column = "puzzle" }) do got[#got + 1] = rec.line end
    assert.same({ 2 }, got)
  end)

  it("cuts lines the same way in Lua as the generated C table says", function()
    local parts = {}
    for line in rule.lines("a\rb\r\nc\n\rd") do parts[#parts + 1] = line end
    assert.same({ "a", "b", "c", "", "d" }, parts)
    local _, _, stats = sudoku.solve_many(P .. "\r" .. P .. "\r\n\r" .. P, { limit = 1 })
    assert.equal(3, stats.puzzles)
  end)

  it("has the C core's table made from this declaration (csrc/text/rule_table.h) #posix", function()
    local generated, status = cmd.shell(cmd.LUA .. " mk/gen_rule.lua")
    assert.equal(0, status)
    assert.equal(cmd.read_file("csrc/text/rule_table.h"), generated)
  end)
end)
