-- One fault, one wording. A reader's fault (a byte that is no symbol, a count of cells that is no
-- board's) is worded by the C library alone (sdk_read_reason in csrc/text/reader.c), since a host
-- of the C API (include/sudoku.h) has no Lua to word it; the library takes those words through
-- sudoku.core.fault_reason, and a byte is shown the C way through sudoku.core.show_byte. "gave up"
-- has its one wording in the binding, for b:solve and b:count and for sudoku.format.fault alike.
-- So a host of the C API, the library and the command say one fault with the same words, and
-- spec/layers_spec.lua checks that each phrase is written in one source file only.
local sudoku = require "sudoku"
local core = require "sudoku.core"
local fault = require "sudoku.format.fault"
local format = require "sudoku.format"
local data = require "support.data"
local cmd = require "support.command"
local lua = require "support.lua"
local classic = require "support.puzzles"

local P = classic.WIKI

after_each(function() cmd.cleanup() end)

local function at41(bytes) return P:sub(1, 40) .. bytes .. P:sub(42) end

-- Lines of one file, each a fault, and its words: the column to blame (nil: none) and why.
-- examples/c/solve_lines.c reads with fgets into a buffer of 64*64 bytes and more, and takes a
-- line as a C string: it cannot be given the lines marked `c_string = false`.
local BAD = {
  { at41("\233"), 41, "unexpected character '\\xE9'" },
  { at41("'"), 41, "unexpected character '\\''" },
  { at41("x"), 41, "unexpected character 'x'" },
  { P:sub(1, 80), nil, "80 cells, expected a square number such as 81" },
  { at41("\0"), 41, "unexpected character '\\0'", c_string = false },
  { ("."):rep(65 * 65), nil, "4225 cells, a board larger than 64x64", c_string = false },
}

-- The text of the cases (those a C string can hold, with `c_string`) and the words expected of
-- them: { {line, column, why}, ... }.
local function cases(c_string)
  local text, list = {}, {}
  for _, case in ipairs(BAD) do
    if not c_string or case.c_string ~= false then
      text[#text + 1] = case[1]
      list[#list + 1] = { #list + 1, case[2], case[3] }
    end
  end
  return table.concat(text, "\n") .. "\n", list
end

local TEXT = cases()
local function expected() return select(2, cases()) end

-- sudoku.parse, and so the command, names the board sizes around a count that is no board's
-- (the fault's `nearest`): the same fault, a variant of its words from the same place.
local function with_nearest(list)
  list[4][3] = core.fault_reason{ kind = "bad_size", cells = 80, nearest = true }
  list[6][3] = core.fault_reason{ kind = "bad_size", cells = 4225, nearest = true }
  return list
end

-- "line L[, column C]: why" or "L: [column C: ]why" as {L, C, why}.
local function split(line_number, rest)
  local column, why = rest:match("^column (%d+): (.*)$")
  if column then return { tonumber(line_number), tonumber(column), why } end
  return { tonumber(line_number), nil, rest }
end

describe("a reader's fault", function()
  it("is worded by the C library for the library: solve_many hands it out as data and as those words",
    function()
    local _, errors, _, faults = sudoku.solve_many(TEXT)
    local got = {}
    for i = 1, #BAD do
      got[i] = { faults[i].line, faults[i].column, core.fault_reason(faults[i]) }
      assert.equal(fault.message(faults[i]), errors[i])
    end
    assert.same(expected(), got)
  end)

  it("is worded the same by the readers of sudoku.format, which build the fault and word nothing",
    function()
    local got = {}
    for rec, why, where in format.records(TEXT, "line") do
      assert.is_false(rec)
      got[#got + 1] = { where.line, where.column, fault.reason(where) }
      assert.is_nil(where.reason)
      assert.is_string(why)
    end
    local list = with_nearest(expected())
    assert.same(list, got)
    assert.equal("cannot infer a board size from 80 cells (N*N are needed: 64 for 8x8, 81 for 9x9)",
      list[4][3])
  end)

  it("is worded the same by the command, FILE:LINE: [column C: ]why, as the readers give it #posix",
    function()
    local path = cmd.temp_file(TEXT)
    local r = cmd.run({ "solve", "--from", "line", path })
    local got = {}
    for line in r.stderr:gmatch("[^\n]+") do
      local number, rest = line:match("^.-:(%d+): (.*)$")
      got[#got + 1] = split(number, rest)
    end
    assert.same(with_nearest(expected()), got)
  end)

  it("is worded the same for a host of the C API (examples/c/solve_lines.c) #posix", function()
    local root = data.root
    local lib_dir = root .. "build/" .. lua.build .. "/lib/"
    local out, status = cmd.shell(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s lib"):format(
      cmd.quote(root), lua.build))
    assert(status == 0, out)
    local exe = lib_dir .. "fault_words_lines"
    out, status = cmd.shell(("env -u LD_PRELOAD cc -std=c99 -I%s %s %s -pthread -o %s"):format(
      cmd.quote(root .. "include"), cmd.quote(root .. "examples/c/solve_lines.c"),
      cmd.quote(lib_dir .. "libsudoku.a"), cmd.quote(exe)))
    assert(status == 0, out)
    local text, list = cases(true)
    out = cmd.shell(cmd.quote(exe) .. " < " .. cmd.quote(cmd.temp_file(text)) .. " 2>&1")
    local got = {}
    for line in out:gmatch("[^\n]+") do
      local number, rest = line:match("^line (%d+): (.*)$")
      got[#got + 1] = split(number, rest)
    end
    assert.same(list, got)
  end)

  it("shows a byte the one way, the C library's, wherever a message quotes one", function()
    local show = require "sudoku.show"
    assert.same({ "\\0", "\\x1B", "\\'", "\\\\", "x", "\\xFF" },
      { core.show_byte(0), core.show_byte(27), core.show_byte(39), core.show_byte(92),
        core.show_byte(120), core.show_byte(255) })
    assert.equal(core.show_byte, show.byte)
    assert.equal("no puzzle before '\\x01'", fault.reason{ kind = "no_puzzle", byte = 1 })
  end)

  it("raises when what it is given is no reader's fault (a programmer's mistake)", function()
    assert.has_error(function() core.fault_reason{ kind = "no_solution" } end)
    assert.has_error(function() core.fault_reason{ kind = "bad_size" } end)
    assert.has_error(function() core.fault_reason{ kind = "bad_char", byte = 256 } end)
    assert.has_error(function()
      core.fault_reason{ kind = "bad_size", cells = 8, asked = "box", size = 4 }   -- no box
    end)
    assert.has_error(function() core.show_byte(-1) end)
  end)
end)

describe("a search that gave up", function()
  local EMPTY9 = ("."):rep(81)

  it("is worded once: b:solve, b:count, solve_many and sudoku.format.fault say it alike", function()
    local board = sudoku.parse(EMPTY9)
    local words = fault.reason{ kind = "gave_up", nodes = 3 }
    assert.equal("gave up after 3 nodes", words)
    assert.same({ nil, words }, { board:solve{ max_nodes = 3 } })
    assert.same({ nil, words }, { board:count(nil, { max_nodes = 3 }) })
    local _, errors, _, faults = sudoku.solve_many(EMPTY9, { max_nodes = 3 })
    assert.same({ "gave_up", 3, words }, { faults[1].kind, faults[1].nodes, faults[1].reason })
    assert.equal("line 1: " .. words, errors[1])
    assert.equal("gave up after 0.5 s", fault.reason{ kind = "gave_up", seconds = 0.5 })
  end)
end)

describe("UTF-16 text", function()
  -- Found by the lua fuzzer (fuzz/regressions/lua/utf16-solve-agrees-with-solve-many): the one
  -- puzzle doors named the first byte of UTF-16 text where solve_many named the encoding.
  local text = "\170\0!\0"

  it("is named as such by every door that reads one puzzle, as by solve_many", function()
    local words = "line 1: UTF-16 text: convert to UTF-8"
    local many, errors = sudoku.solve_many(text)
    assert.is_false(many[1])
    assert.equal(words, errors[1])
    assert.same({ nil, words }, { sudoku.solve(text) })
    assert.same({ nil, words }, { sudoku.count(text, 2) })
    assert.same({ nil, words }, { sudoku.parse(text) })
  end)
end)
