local symbols = require "sudoku.symbols"

describe("sudoku.symbols", function()
  describe("writing a value", function()
    it("writes 1..9 as digits", function()
      for v = 1, 9 do
        assert.equal(tostring(v), symbols.symbol(v))
      end
    end)

    it("writes 10..35 as A-Z, 36..61 as a-z and 62, 63, 64 as ! % &", function()
      assert.equal("A", symbols.symbol(10))
      assert.equal("G", symbols.symbol(16))
      assert.equal("P", symbols.symbol(25))
      assert.equal("Z", symbols.symbol(35))
      assert.equal("a", symbols.symbol(36))
      assert.equal("z", symbols.symbol(61))
      assert.equal("!", symbols.symbol(62))
      assert.equal("%", symbols.symbol(63))
      assert.equal("&", symbols.symbol(64))
    end)

    it("writes an empty cell (0) as '.'", function()
      assert.equal(".", symbols.symbol(0))
    end)

    it("has no symbol for values outside 0..64", function()
      assert.is_nil(symbols.symbol(65))
      assert.is_nil(symbols.symbol(-1))
    end)

    it("uses 64 distinct characters", function()
      local seen = {}
      for v = 1, 64 do
        local ch = symbols.symbol(v)
        assert.equal(1, #ch)
        assert.is_nil(seen[ch])
        seen[ch] = v
      end
      assert.equal(64, symbols.MAX)
    end)
  end)

  describe("reading a character", function()
    it("gives back every value of a 64x64 board", function()
      for v = 1, 64 do
        assert.equal(v, symbols.value(symbols.symbol(v), 64))
      end
    end)

    it("reads the whole alphabet when no size is given", function()
      assert.equal(36, symbols.value("a"))
      assert.equal(64, symbols.value("&"))
    end)

    it("reads . 0 _ ? * as an empty cell", function()
      for ch in ("._0?*"):gmatch(".") do
        assert.equal(0, symbols.value(ch, 9))
        assert.is_true(symbols.is_blank(ch))
      end
    end)

    it("reads a lowercase letter as its uppercase symbol on boards up to 35", function()
      assert.equal(10, symbols.value("a", 16))
      assert.equal(16, symbols.value("g", 16))
      assert.equal(35, symbols.value("z", 35))
    end)

    it("keeps lowercase letters as values of their own on boards of 36 and more", function()
      assert.equal(36, symbols.value("a", 36))
      assert.equal(10, symbols.value("A", 36))
      assert.equal(61, symbols.value("z", 64))
    end)

    it("rejects a symbol whose value is larger than the board", function()
      assert.is_nil(symbols.value("A", 9))
      assert.is_nil(symbols.value("a", 9))
      assert.is_nil(symbols.value("5", 4))
      assert.is_nil(symbols.value("&", 63))
    end)

    it("rejects characters that are not symbols or blanks", function()
      for _, ch in ipairs({ "#", "-", "|", " ", "\0", "\195" }) do
        assert.is_nil(symbols.value(ch, 64))
        assert.is_false(symbols.is_symbol(ch))
      end
    end)
  end)
end)
