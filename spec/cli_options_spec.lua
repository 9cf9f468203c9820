-- Every numeric option of every command takes exactly the values it can honour: anything else
-- (not a number, a fraction, an exponent, a sign, out of range, too large for any Lua number to
-- hold exactly) is a usage error, exit 2, with a message that names the option and its range,
-- and never a traceback or a value taken as something else. Values are given as --option=VALUE
-- so that argparse hands even "-1" and "" to the option.
local cmd = require "support.command"
local classic = require "support.puzzles"

local sudoku, temp_file = cmd.run, cmd.temp_file

after_each(function() cmd.cleanup() end)

local P1 = classic.P1
local S1 = classic.S1

local TWO_53 = "9007199254740992 (2^53)"
local SEED_MAX = "9007199254740991 (2^53 - 1)"

-- The bad values every whole-number option refuses, whatever its range.
local NOT_WHOLE = { "", "abc", "1.5", "1e3", "0x10", "-1", " 7", "7 ", "inf", "nan", "1e300",
  "99999999999999999999", "9223372036854775808", "18446744073709551617" }

-- command, option, range as the message says it, and the bad values just outside the range.
-- (validate and convert take no numeric option.)
local WHOLE_NUMBERS = {
  { "solve", "--jobs", "from 0 to 256", { "257", "1024" } },
  { "count", "--jobs", "from 0 to 256", { "257" } },
  { "count", "--limit", "from 1 to " .. TWO_53, { "0", "9007199254740993" } },
  { "render", "--cell", "from 8 to 1000", { "7", "0", "1001", "1000000000" } },
  { "generate", "--count", "from 1 to " .. TWO_53, { "0", "9007199254740993" } },
  { "generate", "--size", "from 1 to 64", { "0", "65", "4096" } },
  { "generate", "--clues", "from 0 to 4096", { "4097" } },
  { "generate", "--max-nodes", "from 1 to " .. TWO_53, { "0", "9007199254740993" } },
  { "generate", "--attempts", "from 1 to " .. TWO_53, { "0", "9007199254740993" } },
  { "generate", "--seed", "from 0 to " .. SEED_MAX, { "9007199254740992", "9007199254740993" } },
}

-- Options of another shape: command, option, the message's text before "got", bad values.
local SHAPES = {
  { "generate", "--box", "--box must be ROWSxCOLUMNS, two whole numbers whose product (the "
    .. "board's size) is from 1 to 64, e.g. 3x3",
    { "65x1", "1x65", "9x9", "8x9", "0x3", "3x0", "3by3", "3x", "x3", "-1x3", "3x3x3", "1.5x2",
      "99999999999999999999x1", "" } },
  { "render", "--highlight", "--highlight must be ROW,COLUMN with whole numbers from 1 to 64",
    { "0,1", "1,0", "65,1", "1,65", "a,1", "1", "1,2,3", "-1,1", "1.5,1", "1e1,1",
      "99999999999999999999,1", "" } },
}

-- Runs `sudoku COMMAND OPTION=VALUE` on one puzzle and checks the usage error.
local function assert_refused(command, option, value, message)
  local args = { command, option .. "=" .. value }
  if command ~= "generate" then args[#args + 1] = temp_file(P1 .. "\n") end
  local r = sudoku(args)
  local where = table.concat(args, " ", 1, 2)
  assert.are.equal(2, r.status, where)
  assert.are.equal("", r.stdout, where)
  assert.is_truthy(r.stderr:find("\nsudoku: " .. message .. ", got '" .. value .. "'\n", 1, true),
    where .. "\n" .. r.stderr)
  assert.is_nil((r.stdout .. r.stderr):lower():find("traceback", 1, true), where)
end

describe("a numeric option's value", function()
  for _, case in ipairs(WHOLE_NUMBERS) do
    local command, option, range, outside = case[1], case[2], case[3], case[4]
    it(("%s %s: a whole number %s, or exit 2 naming both"):format(command, option, range),
      function()
      local message = ("%s must be a whole number %s"):format(option, range)
      for _, list in ipairs { NOT_WHOLE, outside } do
        for _, value in ipairs(list) do assert_refused(command, option, value, message) end
      end
    end)
  end

  for _, case in ipairs(SHAPES) do
    local command, option, message, values = case[1], case[2], case[3], case[4]
    it(("%s %s: exit 2 for a value out of shape or range, naming both"):format(command, option),
      function()
      for _, value in ipairs(values) do assert_refused(command, option, value, message) end
    end)
  end
end)

describe("a numeric option at the ends of its range", function()
  it("count --limit takes 2^53, read exactly", function()
    local r = sudoku({ "count", "--limit", "9007199254740992" }, P1 .. "\n")
    assert.are.same({ stdout = "1\n", stderr = "", status = 0 }, r)
  end)

  it("solve --jobs takes 0 and 256", function()
    for _, jobs in ipairs { "0", "256" } do
      assert.are.same({ stdout = S1 .. "\n", stderr = "", status = 0 },
        sudoku({ "solve", "--jobs", jobs }, P1 .. "\n"))
    end
  end)

  it("render --cell takes 8 and 1000 pixels", function()
    assert.matches('width="78"', sudoku({ "render", "--cell", "8" }, P1 .. "\n").stdout, 1, true)
    assert.matches('width="9150"', sudoku({ "render", "--cell", "1000" }, P1 .. "\n").stdout, 1,
      true)
  end)

  it("generate --seed takes 0 and 2^53 - 1, and leading zeros do not change a seed", function()
    for _, seed in ipairs { "0", "9007199254740991" } do
      local r = sudoku({ "generate", "--seed", seed })
      assert.are.equal(0, r.status)
      assert.matches("^[1-9.]+\n$", r.stdout)
    end
    assert.are.equal(sudoku({ "generate", "--seed", "42" }).stdout,
      sudoku({ "generate", "--seed", "0042" }).stdout)
  end)

  it("generate --size and --box take the smallest board", function()
    assert.are.same({ stdout = ".\n", stderr = "", status = 0 },
      sudoku({ "generate", "--size", "1", "--seed", "1" }))
    assert.are.same({ stdout = ".,1\n", stderr = "", status = 0 },
      sudoku({ "generate", "--box", "1x1", "--seed", "1", "--solution" }))
  end)
end)
