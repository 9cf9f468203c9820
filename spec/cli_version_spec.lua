-- `sudoku --version`: the version the library declares (sudoku.VERSION, the rockspec's too:
-- spec/rockspec_spec.lua) and the identity of the build that answers: the core's file, its
-- size and a digest of its bytes that is the same on every Lua, and the Lua running it.
local command = require "support.command"
local data = require "support.data"
local version = require "sudoku.cli.version"

local sudoku = command.run

after_each(function() command.cleanup() end)

describe("sudoku --version", function()
  it("prints the version, the core's file with its size and digest, and the Lua, exit 0",
    function()
      local r = sudoku({ "--version" })
      assert.are.same({ "", 0 }, { r.stderr, r.status })
      local name, path, size, digest, lua = r.stdout:match(
        "^sudoku (%S+)\ncore (.-), ([%d,]+) bytes, digest (%x+)\n([^\n]+)\n$")
      assert.are.equal(require("sudoku").VERSION, name)
      -- The core the command loads: the build the specs load too (SUDOKU_BUILD or build/<Lua>).
      assert.matches("[/\\]sudoku[/\\]core%.%a+$", path)
      local ext = package.config:sub(1, 1) == "\\" and "dll" or "so"
      assert.are.same({ version.digest(data.build .. "/sudoku/core." .. ext) },
        { digest, tonumber((size:gsub(",", ""))) })
      local jit = rawget(_G, "jit")
      assert.are.equal(jit and jit.version or _VERSION, lua)
    end)

  it("wins over a missing command and anything after it", function()
    local alone = sudoku({ "--version" })
    assert.are.same(alone, sudoku({ "--version", "solve", "--no-such-option" }))
  end)

  it("is in the help", function()
    assert.matches("--version", sudoku({ "--help" }).stdout, 1, true)
  end)
end)

describe("the build's digest", function()
  it("is 16 hex digits of the bytes, the same on every Lua, and changes with any byte",
    function()
      local bytes = {}
      for i = 0, 99999 do bytes[#bytes + 1] = string.char(i % 251) end
      local text = table.concat(bytes)
      assert.are.same({ "d17d2b988d669d07", 100000 }, { version.digest(command.temp_file(text)) })
      assert.are.same({ "006328290067d4db", 3 }, { version.digest(command.temp_file("abc")) })
      assert.are.same({ "0000000000000000", 0 }, { version.digest(command.temp_file("")) })
      local changed = text:sub(1, 50000) .. "x" .. text:sub(50002)
      assert.are_not.equal("d17d2b988d669d07", version.digest(command.temp_file(changed)))
      assert.is_nil(version.digest("no/such/file"))
    end)
end)
