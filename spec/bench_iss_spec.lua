-- The ISS side of the bench (bench/iss.lua): a record of the variants schema said as a
-- constraint string of sigh's Interactive Sudoku Solver, exactly or not at all. These tests need
-- neither node nor ISS; the one tagged #iss runs bench/iss_driver.mjs on a local ISS tree when
-- SUDOKU_ISS names one (pending otherwise).
local data = require "support.data"
package.path = data.root .. "?.lua;" .. package.path

local json = require "dkjson"
local iss = require "bench.iss"
local bench_variants = require "bench.variants"

local EMPTY = ("."):rep(81)

-- A record from its JSON text, null as the bench reads it (dkjson's null).
local function record(text)
  return assert(json.decode(text, 1, json.null))
end

-- A 9x9 record with standard boxes, no givens and the JSON members `extra`.
local function nine(extra)
  return record(('{"id": "t", "size": 9, "box": [3, 3], "givens": "%s"%s}')
    :format(EMPTY, extra and (", " .. extra) or ""))
end

local function refusal(rec)
  local text, why = iss.constraint(rec)
  assert.is_nil(text)
  assert.is_string(why)
  return why
end

-- The adjacent pairs a string's Whisper~2 lines cover, as "R1C1~R1C2" keys (smaller cell first).
local function whisper_pairs(text)
  local covered = {}
  for line in text:gmatch("%.Whisper~2~([^.]+)") do
    local cells = {}
    for r, c in line:gmatch("R(%d)C(%d)") do cells[#cells + 1] = { tonumber(r), tonumber(c) } end
    for i = 2, #cells do
      local a, b = cells[i - 1], cells[i]
      assert.equal(1, math.abs(a[1] - b[1]) + math.abs(a[2] - b[2]))
      if a[1] * 10 + a[2] > b[1] * 10 + b[2] then a, b = b, a end
      local key = ("R%dC%d~R%dC%d"):format(a[1], a[2], b[1], b[2])
      assert.is_nil(covered[key], "a pair twice: " .. key)
      covered[key] = true
    end
  end
  return covered
end

describe("bench/iss.lua: a variants record as an ISS constraint string", function()
  it("says killer cages, a cage without a sum as ISS's sum 0", function()
    assert.equal(".Cage~15~R1C1~R1C2~R2C1.Cage~0~R9C8~R9C9",
      iss.constraint(nine('"cages": [{"sum": 15, "cells": [[1,1],[1,2],[2,1]]}, '
        .. '{"sum": null, "cells": [[9,8],[9,9]]}]')))
  end)

  it("says givens, thermometers bulb first and the empty grid", function()
    local givens = "5" .. ("."):rep(79) .. "9"
    assert.equal(".Thermo~R5C5~R4C5~R4C6.~R1C1_5~R9C9_9",
      iss.constraint(record(('{"size": 9, "box": [3,3], "givens": "%s", '
        .. '"thermos": [[[5,5],[4,5],[4,6]]]}'):format(givens))))
    assert.equal(".Shape~9x9", iss.constraint(nine()))
  end)

  it("says kropki dots, and kropki_negative as StrictKropki", function()
    assert.equal(".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R3C1.StrictKropki",
      iss.constraint(nine('"kropki_white": [[[1,1],[1,2]]], "kropki_black": [[[2,1],[3,1]]], '
        .. '"kropki_negative": true')))
    assert.equal(".WhiteDot~R1C1~R1C2",
      iss.constraint(nine('"kropki_white": [[[1,1],[1,2]]], "kropki_negative": false')))
  end)

  it("says consecutive_negative as Whisper~2 lines over exactly the pairs without a white dot",
    function()
      local text = iss.constraint(nine('"kropki_white": [[[1,5],[1,6]], [[2,1],[1,1]]], '
        .. '"consecutive_negative": true'))
      -- Rows first, then columns: row 1 split at the dot between C5 and C6, column 1 at the
      -- one between R1 and R2 (R1C1 alone makes no line).
      local rows = ".WhiteDot~R1C5~R1C6.WhiteDot~R2C1~R1C1"
        .. ".Whisper~2~R1C1~R1C2~R1C3~R1C4~R1C5.Whisper~2~R1C6~R1C7~R1C8~R1C9"
        .. ".Whisper~2~R2C1~R2C2~R2C3~R2C4~R2C5~R2C6~R2C7~R2C8~R2C9"
      assert.equal(rows, text:sub(1, #rows))
      local columns = ".Whisper~2~R9C1~R9C2~R9C3~R9C4~R9C5~R9C6~R9C7~R9C8~R9C9"
        .. ".Whisper~2~R2C1~R3C1~R4C1~R5C1~R6C1~R7C1~R8C1~R9C1"
        .. ".Whisper~2~R1C2~R2C2~R3C2~R4C2~R5C2~R6C2~R7C2~R8C2~R9C2"
      assert.truthy(text:find(columns, 1, true))
      -- Every one of the 144 adjacent pairs but the two dotted ones, each once.
      local covered, n = whisper_pairs(text), 0
      for _ in pairs(covered) do n = n + 1 end
      assert.equal(142, n)
      assert.is_nil(covered["R1C5~R1C6"])
      assert.is_nil(covered["R1C1~R2C1"])
      assert.is_true(covered["R1C4~R1C5"])
      assert.is_true(covered["R9C8~R9C9"])
    end)

  it("refuses consecutive_negative beside black dots, where the schema and sudoku.variant differ",
    function()
      assert.matches("black dots", refusal(nine('"kropki_black": [[[1,1],[1,2]]], '
        .. '"consecutive_negative": true')))
    end)

  it("says X and V marks, and xv_negative as StrictXV", function()
    assert.equal(".X~R1C1~R1C2.V~R2C2~R3C2.StrictXV",
      iss.constraint(nine('"xv": [{"type": "X", "cells": [[1,1],[1,2]]}, '
        .. '{"type": "V", "cells": [[2,2],[3,2]]}], "xv_negative": true')))
  end)

  it("says odd and even cells as candidate sets, a given's with its parity", function()
    local givens = "5" .. ("."):rep(80)
    assert.equal(".~R1C1_5~R1C2_1_3_5_7_9~R2C1_2_4_6_8",
      iss.constraint(record(('{"size": 9, "box": [3,3], "givens": "%s", '
        .. '"odd": [[1,2],[1,1]], "even": [[2,1]]}'):format(givens))))
    assert.matches("no value left", refusal(record(('{"size": 9, "box": [3,3], "givens": "%s", '
      .. '"even": [[1,1]]}'):format(givens))))
  end)

  it("says the chess rules, non-consecutive and the diagonals", function()
    assert.equal(".Diagonal~-1.Diagonal~1.AntiKnight.AntiKing.AntiConsecutive",
      iss.constraint(nine('"antiking": true, "nonconsecutive": true, "antiknight": true, '
        .. '"diagonals": ["main", "anti"]')))
    assert.equal(".Shape~9x9", iss.constraint(nine('"antiking": false, "antiknight": null')))
  end)

  it("says a jigsaw (box null) as NoBoxes and its layout, regions named in order of first cell",
    function()
      -- The columns as regions, listed last column first.
      local regions = {}
      for c = 9, 1, -1 do
        local cells = {}
        for r = 1, 9 do cells[r] = ("[%d,%d]"):format(r, c) end
        regions[#regions + 1] = "[" .. table.concat(cells, ",") .. "]"
      end
      local rec = record(('{"size": 9, "box": null, "givens": "%s", "regions": [%s]}')
        :format(EMPTY, table.concat(regions, ",")))
      assert.equal(".NoBoxes.Jigsaw~" .. ("012345678"):rep(9), iss.constraint(rec))
      -- The same regions beside the standard boxes: ISS keeps the boxes with a Jigsaw.
      rec.box = { 3, 3 }
      assert.equal(".Jigsaw~" .. ("012345678"):rep(9), iss.constraint(rec))
    end)

  it("says the 4 windows as Windoku and other extra regions as AllDifferent", function()
    local function window(r, c)
      local cells = {}
      for dr = 0, 2 do
        for dc = 0, 2 do cells[#cells + 1] = ("[%d,%d]"):format(r + dr, c + dc) end
      end
      return "[" .. table.concat(cells, ",") .. "]"
    end
    assert.equal(".Windoku", iss.constraint(nine(('"regions": [%s, %s, %s, %s]'):format(
      window(6, 6), window(2, 2), window(2, 6), window(6, 2)))))
    assert.equal(".AllDifferent~R2C2~R2C3~R2C4~R3C2~R3C3~R3C4~R4C2~R4C3~R4C4"
      .. ".AllDifferent~R1C1~R5C5", iss.constraint(nine(('"regions": [%s, [[1,1],[5,5]]]')
        :format(window(2, 2)))))
  end)

  it("refuses what it cannot say exactly, with the reason", function()
    assert.matches("only 9x9", refusal(record(
      '{"size": 4, "box": [2,2], "givens": "................"}')))
    local odd_box = nine()
    odd_box.box = { 1, 9 }
    assert.matches("^box:", refusal(odd_box))
    assert.matches("box null without regions", refusal(record(
      ('{"size": 9, "box": null, "givens": "%s"}'):format(EMPTY))))
    assert.matches("no ISS mapping for key 'arrows'",
      refusal(nine('"arrows": [{"circle": [[1,1]], "cells": [[1,2],[1,3]]}]')))
    assert.matches("no ISS mapping for key 'ratio_negative'",
      refusal(nine('"kropki_black": [[[1,1],[1,2]]], "ratio_negative": true')))
    -- ISS reads a cage sum of 0 as no sum at all.
    assert.matches("cages%[1%]%.sum", refusal(nine('"cages": [{"sum": 0, "cells": [[1,1]]}]')))
    assert.matches("not orthogonal neighbours",
      refusal(nine('"kropki_white": [[[1,1],[2,2]]]')))
    assert.matches("xv%[1%]", refusal(nine('"xv": [{"type": "XV", "cells": [[1,1],[1,2]]}]')))
    assert.matches("diagonals%[1%]", refusal(nine('"diagonals": ["up"]')))
    assert.matches("antiking", refusal(nine('"antiking": "yes"')))
    assert.matches("thermos%[1%]: cell 2", refusal(nine('"thermos": [[[1,1],[10,1]]]')))
    assert.matches("givens", refusal(record(
      '{"size": 9, "box": [3,3], "givens": "x' .. ("."):rep(80) .. '"}')))
  end)

  it("says every 9x9 record of the shared variants files", function()
    local dir = data.shared .. "variants"
    local n = 0
    for _, file in ipairs(bench_variants.files(dir)) do
      for _, rec in ipairs(bench_variants.read(dir .. "/" .. file)) do
        if rec.size == 9 then
          local text, why = iss.constraint(rec)
          assert(text, ("%s %s: %s"):format(file, rec.id, tostring(why)))
          n = n + 1
        end
      end
    end
    assert.is_true(n > 0)
  end)
end)

describe("bench/iss_driver.mjs", function()
  it("solves with ISS and counts to 2, one line a puzzle, errors as lines #iss #posix", function()
    local tree = os.getenv("SUDOKU_ISS")
    if not tree or tree == "" then return pending("SUDOKU_ISS names no ISS tree") end
    local shell = require "bench.shell"
    -- A published killer, one cage alone (many solutions) and a broken string.
    local path = data.shared .. "variants/killer.jsonl"
    local killer
    for _, rec in ipairs(bench_variants.read(path)) do
      if rec.size == 9 then killer = rec break end
    end
    local text = assert(iss.constraint(killer))
    local loose = ".Cage~3~R1C1~R1C2"
    local input = os.tmpname()
    local f = assert(io.open(input, "w"))
    f:write(killer.id, "\t", text, "\n", "loose\t", loose, "\n", "broken\t.Cage~x~R1C1\n")
    f:close()
    local out, status = shell.timed(("node %s %s 2 < %s 2>/dev/null"):format(
      shell.quote(data.root .. "bench/iss_driver.mjs"), shell.quote(tree), shell.quote(input)))
    os.remove(input)
    assert.equal("0", status, out)
    local lines = {}
    for line in out:gmatch("[^\n]+") do
      if line:find("\t") then lines[#lines + 1] = line end
    end
    assert.equal(3, #lines, out)
    local first = {}
    for field in (lines[1] .. "\t"):gmatch("([^\t]*)\t") do first[#first + 1] = field end
    assert.equal(killer.id, first[1])
    assert.is_number(tonumber(first[2]))
    assert.is_number(tonumber(first[3]))
    assert.is_number(tonumber(first[4]))
    assert.equal("1", first[5])
    assert.equal(killer.solution, first[6])
    assert.matches("^loose\t[%d.]+\t[%d.]+\t%d+\t2\t%d+$", lines[2])
    assert.matches("^broken\tERROR\t.", lines[3])
  end)
end)
