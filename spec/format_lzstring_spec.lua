-- sudoku.format.lzstring: LZ-string's compressToBase64 / compressToEncodedURIComponent (the
-- f-puzzles `?load=` links) and their inverses. The expected outputs come from the reference,
-- lz-string 1.5.0 (libs/lz-string.js; 1.4.4 gives the same), run by node on the same inputs:
-- spec/fixtures/lzstring/vectors.js makes them. Small cases are inline; the 5 KB and 20 KB
-- inputs are made here by a generator that vectors.js mirrors, and their reference outputs are
-- the files of spec/fixtures/lzstring/.
local lzstring = require "sudoku.format.lzstring"
local data = require "support.data"

local FIXTURES = data.fixtures .. "lzstring/"

-- UTF-8 of code point cp (the spec runs on Lua 5.1 too: no utf8 library, no "\u{...}").
local function utf8_char(cp)
  if cp < 0x80 then return string.char(cp) end
  if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 64), 0x80 + cp % 64) end
  if cp < 0x10000 then
    return string.char(0xE0 + math.floor(cp / 4096), 0x80 + math.floor(cp / 64) % 64,
      0x80 + cp % 64)
  end
  return string.char(0xF0 + math.floor(cp / 0x40000), 0x80 + math.floor(cp / 4096) % 64,
    0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
end

-- The code points first .. last, as UTF-8.
local function units_text(first, last)
  local t = {}
  for cp = first, last do t[#t + 1] = utf8_char(cp) end
  return table.concat(t)
end

-- Park-Miller "minimal standard" generator: a number in 0 .. k - 1 at each call. Exact in
-- doubles (Lua 5.1, LuaJIT, JavaScript) as in 64-bit integers (5.3+): s * 16807 < 2^53.
local function random(seed)
  local s = seed
  return function(k)
    s = (s * 16807) % 2147483647
    return s % k
  end
end

-- A JSON-like text of exactly n characters (ASCII), as vectors.js's jsonLike(n, seed).
local WORDS = { "sudoku", "killer", "cage", "thermo", "arrow", "given", "row", "column",
  "box", "sum", "digit", "naked", "hidden", "pair", "xwing", "swordfish" }
local function json_like(n, seed)
  local rnd = random(seed)
  local parts, len = { "[" }, 1
  while len < n do
    -- One call per statement: the order of the calls is the order of vectors.js's.
    local row = rnd(9) + 1
    local col = rnd(9) + 1
    local value = rnd(9) + 1
    local given = rnd(2) == 0 and "true" or "false"
    local color = ("%06x"):format(rnd(16777216))
    local words = {}
    for _ = 1, rnd(4) + 1 do words[#words + 1] = WORDS[rnd(16) + 1] end
    local item = (#parts > 1 and "," or "") .. '{"cell":"R' .. row .. "C" .. col .. '","value":'
      .. value .. ',"given":' .. given .. ',"color":"#' .. color .. '","note":"'
      .. table.concat(words, " ") .. '"}'
    parts[#parts + 1] = item
    len = len + #item
  end
  return table.concat(parts):sub(1, n)
end

-- A checksum of an ASCII text, as vectors.js's: h = (h * 31 + code) mod (2^31 - 1).
local function checksum(text)
  local h = 0
  for i = 1, #text do h = (h * 31 + text:byte(i)) % 2147483647 end
  return h
end

-- f-puzzles documents: a 9x9 "grid" of cell objects, cages, lines, Unicode in the title.
local function grid9(cell_of)
  local rows = {}
  for r = 1, 9 do
    local cells = {}
    for c = 1, 9 do cells[c] = cell_of(r, c) end
    rows[r] = "[" .. table.concat(cells, ",") .. "]"
  end
  return "[" .. table.concat(rows, ",") .. "]"
end
local FPUZZLES_KILLER = '{"size":9,"grid":' .. grid9(function() return "{}" end)
  .. ',"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}'
local GIVENS = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local FPUZZLES_THERMO = '{"size":9,"title":"Thermo & killer — naïve façade 🌡\239\184\143",'
  .. '"author":"Ærø Ōtsuka 数独",'
  .. '"ruleset":"Normal sudoku rules apply. Digits in a cage sum to the clue ≤ 45; 🎉",'
  .. '"grid":' .. grid9(function(r, c)
    local ch = GIVENS:sub((r - 1) * 9 + c, (r - 1) * 9 + c)
    return ch == "." and "{}" or '{"value":' .. ch .. ',"given":true}'
  end)
  .. ',"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},'
  .. '{"cells":["R9C8","R9C9","R8C9"],"value":"21"}],'
  .. '"thermometer":[{"lines":[["R2C2","R3C3","R4C4"]],"outlineC":"#C0C0C0"}],'
  .. '"solution":[5,3,4,6,7,8,9,1,2]}'

-- Inputs and the reference's compressToBase64 and compressToEncodedURIComponent of them.
local VECTORS = {
  { name = "empty",
    text = "",
    base64 = "Q===",
    uri = "Q" },
  { name = "a",
    text = "a",
    base64 = "IZA=",
    uri = "IZA" },
  { name = "ab",
    text = "ab",
    base64 = "IYIyA===",
    uri = "IYIyA" },
  { name = "aaaa", text = ("a"):rep(1000),
    base64 = "IY18ZXTt/DFOS1b0c17Pd/wYUcSaWeRZVdTbXTEA",
    uri = "IY18ZXTt-DFOS1b0c17Pd-wYUcSaWeRZVdTbXTEA" },
  { name = "abc", text = ("abc"):rep(300),
    base64 = "IYIwxqHpPXUNo+TUvczase33BOR+xhJ5Zlp1FNVtD9TdLjrzbnH37vXfPfkMEiBY4eNETpooA===",
    uri = "IYIwxqHpPXUNo+TUvczase33BOR+xhJ5Zlp1FNVtD9TdLjrzbnH37vXfPfkMEiBY4eNETpooA" },
  { name = "hello", text = ("hello world, hello world! "):rep(20),
    base64 = "BYUwNmD2AEDukCcwBMA01QRvJyCEG4UciK6mxOKBF2pahWJuNRdu5bz1jl9nTKvl7syI7sNoSBfFuK" ..
      "EzRkrgvn1Wg/mrlTVu9drH6dKrcZ7mGljbKOmTmjoeWO7rl7av2L3r+5tKihIEQA==",
    uri = "BYUwNmD2AEDukCcwBMA01QRvJyCEG4UciK6mxOKBF2pahWJuNRdu5bz1jl9nTKvl7syI7sNoSBfFuK" ..
      "EzRkrgvn1Wg-mrlTVu9drH6dKrcZ7mGljbKOmTmjoeWO7rl7av2L3r+5tKihIEQA" },
  { name = "kwkwk",
    text = "abababababababababab",
    base64 = "IYI17SIo",
    uri = "IYI17SIo" },
  { name = "ascii", text = units_text(0, 127),
    base64 = "AAQAQAwAIAoAYAcABAEgBQBoAMAWAHADwACAIgBIAyACgCoAaAOgAYAmAFgDYAOALgB4AfAAEAQgBE" ..
      "AYgAkAUgBkAcgAUASgBUAagA0AWgB0AegAMARgBMAZgAsAVgBsAdgAcATgBcAbgA8AXgB8APwAAgCC" ..
      "AEIAwgAiAKIAYgDiABIAkgBSANIAMgCyAHIA8gAKAIoASgDKACoAqgBqAOoAGgCaAFoA2gA6ALoAeg" ..
      "D6AAYAhgBGAMYAJgCmAGYA5gAWAJYAVgDWADYAtgB2APYADgCOAE4AzgAuAK4AbgDuAB4AngBeAN4A" ..
      "PgC+AH4AfyAA",
    uri = "AAQAQAwAIAoAYAcABAEgBQBoAMAWAHADwACAIgBIAyACgCoAaAOgAYAmAFgDYAOALgB4AfAAEAQgBE" ..
      "AYgAkAUgBkAcgAUASgBUAagA0AWgB0AegAMARgBMAZgAsAVgBsAdgAcATgBcAbgA8AXgB8APwAAgCC" ..
      "AEIAwgAiAKIAYgDiABIAkgBSANIAMgCyAHIA8gAKAIoASgDKACoAqgBqAOoAGgCaAFoA2gA6ALoAeg" ..
      "D6AAYAhgBGAMYAJgCmAGYA5gAWAJYAVgDWADYAtgB2APYADgCOAE4AzgAuAK4AbgDuAB4AngBeAN4A" ..
      "PgC+AH4AfyAA" },
  { name = "latin1", text = units_text(128, 255),
    base64 = "AEQIQQwQIQoQYQcIBEEiBRBogMQWIHEDxACQIkBJAyQCkCpAaQOkAZAmQFkDZAOQLkB5AfIAFAQoBF" ..
      "AYoAlAUoBlAcoAVASoBVAaoA1AWoB1AeoANARoBNAZoAtAVoBtAdoAdAToBdAboA9AXoB9AP0AAwCD" ..
      "AEMAwwAjAKMAYwDjABMAkwBTANMAMwCzAHMA8wALAIsASwDLACsAqwBrAOsAGwCbAFsA2wA7ALsAew" ..
      "D7AAcAhwBHAMcAJwCnAGcA5wAXAJcAVwDXADcAtwB3APcADwCPAE8AzwAvAK8AbwDvAB8AnwBfAN8A" ..
      "PwC/AH8Af6AA",
    uri = "AEQIQQwQIQoQYQcIBEEiBRBogMQWIHEDxACQIkBJAyQCkCpAaQOkAZAmQFkDZAOQLkB5AfIAFAQoBF" ..
      "AYoAlAUoBlAcoAVASoBVAaoA1AWoB1AeoANARoBNAZoAtAVoBtAdoAdAToBdAboA9AXoB9AP0AAwCD" ..
      "AEMAwwAjAKMAYwDjABMAkwBTANMAMwCzAHMA8wALAIsASwDLACsAqwBrAOsAGwCbAFsA2wA7ALsAew" ..
      "D7AAcAhwBHAMcAJwCnAGcA5wAXAJcAVwDXADcAtwB3APcADwCPAE8AzwAvAK8AbwDvAB8AnwBfAN8A" ..
      "PwC-AH8Af6AA" },
  { name = "accents",
    text = "Café crème brûlée, naïve façade, Ærøskøbing; Ελλ" ..
      "ηνικά, русский, Łódź, Ñandú",
    base64 = "MIQwZglwBAxgTgC4LYFMoCM4G+A2EUA0UAdiAPcBuaYIA5yACaFQBjcAHwM4DW76AlsQDmAbiiBU4E" ..
      "DdwJMDtwIF7gQJ3AgLuBANcBFAAiCBhEECCINsBcIIA4QQJwgRQIKAAZ4aAvQCIBFkMQYAvoA=",
    uri = "MIQwZglwBAxgTgC4LYFMoCM4G+A2EUA0UAdiAPcBuaYIA5yACaFQBjcAHwM4DW76AlsQDmAbiiBU4E" ..
      "DdwJMDtwIF7gQJ3AgLuBANcBFAAiCBhEECCINsBcIIA4QQJwgRQIKAAZ4aAvQCIBFkMQYAvoA" },
  { name = "cjk",
    text = "数独は日本のパズルです。各行、各列、各ブ" ..
      "ロックに1から9の数字を一つずつ入れます。" ..
      "数独数独数独",
    base64 = "g6mhunT2DIp6aDTmh2DIiwyC6GQ1wyHMGQmgyCAGQICqBkIwgAxaDoSgYGsMgtwyDDDIPUMg1gwCMg" ..
      "0gyCRDAJwzCDq2oEkMgAHKAmDIC0GPoFNFQDEMgPwZMoaSCA==",
    uri = "g6mhunT2DIp6aDTmh2DIiwyC6GQ1wyHMGQmgyCAGQICqBkIwgAxaDoSgYGsMgtwyDDDIPUMg1gwCMg" ..
      "0gyCRDAJwzCDq2oEkMgAHKAmDIC0GPoFNFQDEMgPwZMoaSCA" },
  { name = "emoji",
    text = "Sudoku 🧩🎉 😀👍🏽 family 👨\226\128\141👩" ..
      "\226\128\141👧 clef 𝄞 max \244\143\191\191 end 🧩🧩" ..
      "🧩",
    base64 = "MoVwJg9g1iAEh8G4S93A8G4SP3aF4NwAHscLI7zBf/dgDMBDAWwEsAbAT00AsdwWAINBLHZcHMd2AY" ..
      "2oFNisQCwbgPF3Y5UgA9Ygf+3A//uw+AOzAJESJEA=",
    uri = "MoVwJg9g1iAEh8G4S93A8G4SP3aF4NwAHscLI7zBf-dgDMBDAWwEsAbAT00AsdwWAINBLHZcHMd2AY" ..
      "2oFNisQCwbgPF3Y5UgA9Ygf+3A--uw+AOzAJESJEA" },
  { name = "fpuzzles_killer", text = FPUZZLES_KILLER,
    base64 = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0U" ..
      "M6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKkdOATCDUA3Q1oArqYgAMwgRLREQA=",
    uri = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn-nQaCR3PgIm9hk0U" ..
      "M6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKkdOATCDUA3Q1oArqYgAMwgRLREQA" },
  { name = "fpuzzles_thermo", text = FPUZZLES_THERMO,
    base64 = "N4IgzglgXgpiBcBOANCALhNAbO8QBUALGAJwFsB7AAgDIqBrCLHEqwFAIqA7AQwHuA3GFQBm3AOfcA" ..
      "JkMA8G4EJ9wPB/IVNwCuaQhRIIQAMZIAPqoBlANGFX1uVQA6mgG6dlIEqpxgYaHQDktZblirnJCnpV" ..
      "KicXKm4AB0isAE8AOioAEQgAc0wwKghOCKoAY25UoXMyKjRqDSE8rFUhQBMiKgAWAFYAbioZQEj9h1" ..
      "SSCEkEAG1B0H5fWoRm1HTBTgQ0JxgAX2RR8dwAZmmIWfnFleADg5AxmtwAdm3d+AXao9X7w4BdZBGT" ..
      "9YQANiuYOZv9h6AtZnBAARh+f1uy1W7xBSAhezuMNOE3gUxAM1+iOhhyBSxeI2OKNwKAxOyx/yRwNR" ..
      "AA4EZScY9HrDUd8ydcoUcCdTcHT2RTOXigSzcGzMZCAbipUSPvAtvyJXduSKEI16YLpcjZXzxdjmcS" ..
      "EPLdQymVq4eCFXrlQb4JdLSahVKVfAAEzqyWmnlfd1K15Om1i8mKxmOmVwt32jXOnVBvUPbme51qyO" ..
      "S50W41Rm2kjMe4U29E532E0Nm2k+kP+2V2ws453Z2Mmp4vECMZikApFIagPIwZhgIYgABKoIAwqCHM" ..
      "ORy6QM2bSANiBjj2+wPB4gRzSJ+vEBOaSOd7PZSAXeP8ahKuQKGQ3KQuyAsNkYP34MMhy6pxONiOF6" ..
      "hB40R40M7NhQ6gPpwMAjjoADEI4AAxwXBi7NmAFA1BgFB/IMUxbGq3yXHSKDgi6TxLEAA=",
    uri = "N4IgzglgXgpiBcBOANCALhNAbO8QBUALGAJwFsB7AAgDIqBrCLHEqwFAIqA7AQwHuA3GFQBm3AOfcA" ..
      "JkMA8G4EJ9wPB-IVNwCuaQhRIIQAMZIAPqoBlANGFX1uVQA6mgG6dlIEqpxgYaHQDktZblirnJCnpV" ..
      "KicXKm4AB0isAE8AOioAEQgAc0wwKghOCKoAY25UoXMyKjRqDSE8rFUhQBMiKgAWAFYAbioZQEj9h1" ..
      "SSCEkEAG1B0H5fWoRm1HTBTgQ0JxgAX2RR8dwAZmmIWfnFleADg5AxmtwAdm3d+AXao9X7w4BdZBGT" ..
      "9YQANiuYOZv9h6AtZnBAARh+f1uy1W7xBSAhezuMNOE3gUxAM1+iOhhyBSxeI2OKNwKAxOyx-yRwNR" ..
      "AA4EZScY9HrDUd8ydcoUcCdTcHT2RTOXigSzcGzMZCAbipUSPvAtvyJXduSKEI16YLpcjZXzxdjmcS" ..
      "EPLdQymVq4eCFXrlQb4JdLSahVKVfAAEzqyWmnlfd1K15Om1i8mKxmOmVwt32jXOnVBvUPbme51qyO" ..
      "S50W41Rm2kjMe4U29E532E0Nm2k+kP+2V2ws453Z2Mmp4vECMZikApFIagPIwZhgIYgABKoIAwqCHM" ..
      "ORy6QM2bSANiBjj2+wPB4gRzSJ+vEBOaSOd7PZSAXeP8ahKuQKGQ3KQuyAsNkYP34MMhy6pxONiOF6" ..
      "hB40R40M7NhQ6gPpwMAjjoADEI4AAxwXBi7NmAFA1BgFB-IMUxbGq3yXHSKDgi6TxLEAA" },
}

-- Streams of lone surrogates (JavaScript strings that are not UTF-16), by the reference.
local LONE = {
  { js = "'\\uD83D'", base64 = "rwbQ", uri = "rwbQ", what = "U+D83D at character 4" },
  { js = "'a\\uDC00b'", base64 = "IaAB2EZA", uri = "IaAB2EZA", what = "U+DC00 at character 2" },
  { js = "'\\uD83Dx'", base64 = "rwbA8g==", uri = "rwbA8g", what = "U+D83D at character 4" },
  { js = "'xy\\uD83D'", base64 = "B4T0vBtA", uri = "B4T0vBtA", what = "U+D83D at character 7" },
  { js = "'\\uDE00\\uD83D'", base64 = "gB7l4No=", uri = "gB7l4No", what = "U+DE00 at character 1" },
}

-- The generated inputs: their size, seed, and the checksum vectors.js computed of its own copy.
local LARGE = {
  { name = "json5k", n = 5000, seed = 12345, checksum = 241115901 },
  { name = "json20k", n = 20000, seed = 4242, checksum = 511388033 },
}

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end

-- Both decoders, by the name of their encoder.
local DECODERS = { base64 = lzstring.decompress_base64, uri = lzstring.decompress_uri }
local ENCODERS = { base64 = lzstring.compress_base64, uri = lzstring.compress_uri }

-- What a decoder gave is an answer: a string, or nil and "lzstring: ... at character K" with K
-- in 1 .. #input + 1. Returns a complaint, or nil.
local function complaint(input, ok, text, message)
  if not ok then return "raised " .. tostring(text) end
  if type(text) == "string" then return nil end
  if text ~= nil then return "gave a " .. type(text) end
  local k = type(message) == "string" and message:match("^lzstring: .+ at character (%d+)$")
  if not k then return "gave the message " .. tostring(message) end
  if tonumber(k) < 1 or tonumber(k) > #input + 1 then return "named character " .. k end
  return nil
end

local unpack = rawget(table, "unpack") or rawget(_G, "unpack")

-- The message of an error raised by f(...) called from this file, or nil.
local function raised(f, ...)
  local args, n = { ... }, select("#", ...)
  local ok, err = pcall(function() f(unpack(args, 1, n)) end)
  if ok then return nil end
  return err
end

describe("sudoku.format.lzstring", function()
  describe("against the reference", function()
    for _, v in ipairs(VECTORS) do
      it("compresses " .. v.name .. " as LZString does, byte for byte", function()
        assert.are.equal(v.base64, lzstring.compress_base64(v.text))
        assert.are.equal(v.uri, lzstring.compress_uri(v.text))
      end)

      it("decompresses the reference's output of " .. v.name, function()
        assert.are.equal(v.text, lzstring.decompress_base64(v.base64))
        assert.are.equal(v.text, lzstring.decompress_uri(v.uri))
      end)
    end

    for _, case in ipairs(LARGE) do
      it("round-trips the " .. case.name .. " text through the reference's output", function()
        local text = json_like(case.n, case.seed)
        assert.are.equal(case.n, #text)
        assert.are.equal(case.checksum, checksum(text)) -- the generator is vectors.js's
        for kind, encode in pairs(ENCODERS) do
          local expected = read(FIXTURES .. case.name .. "." .. kind)
          local mine = encode(text)
          assert.are.equal(#expected, #mine)
          assert.is_true(mine == expected, kind .. " output differs from the reference")
          assert.is_true(DECODERS[kind](expected) == text, kind .. " decoding differs")
        end
      end)
    end

    it("takes f-puzzles JSON to the N4Ig... of f-puzzles links", function()
      -- The first 24 bits: literals '{' and '"', then the code announcing a third new unit.
      assert.are.equal("N4Ig", lzstring.compress_base64(FPUZZLES_KILLER):sub(1, 4))
      assert.are.equal(FPUZZLES_THERMO,
        lzstring.decompress_base64(lzstring.compress_base64(FPUZZLES_THERMO)))
    end)

    it("compresses and decompresses 20 KB of JSON quickly", function()
      -- Far above the few ms it takes; it only catches a quadratic slip, even under valgrind.
      local text = json_like(20000, 4242)
      local start = os.clock()
      local packed = lzstring.compress_base64(text)
      assert.are.equal(text, lzstring.decompress_base64(packed))
      assert.is_true(os.clock() - start < 1, "20 KB round trip took " .. (os.clock() - start))
    end)
  end)

  describe("text", function()
    it("turns code points above U+FFFF into surrogate pairs and back", function()
      -- U+1F9E9 is D83E DDE9: its pair compresses as two 16-bit literals.
      local puzzle = utf8_char(0x1F9E9)
      assert.are.equal(puzzle, lzstring.decompress_base64(lzstring.compress_base64(puzzle)))
      for _, cp in ipairs({ 0x10000, 0x10FFFF, 0xFFFF, 0xE000, 0xD7FF, 0x7FF, 0x800, 0 }) do
        local s = "<" .. utf8_char(cp) .. utf8_char(cp) .. ">"
        assert.are.equal(s, lzstring.decompress_uri(lzstring.compress_uri(s)))
      end
    end)

    it("round-trips random Unicode text", function()
      -- Few distinct units, so that entries repeat, span pairs and split them.
      local pool = { "a", "b", "{", '"', "é", "数", utf8_char(0x1F9E9), utf8_char(0x1F389),
        "\226\128\141", utf8_char(0x10FFFF), "\0" }
      local rnd = random(2024)
      for _ = 1, 200 do
        local parts = {}
        for i = 1, rnd(60) do parts[i] = pool[rnd(#pool) + 1] end
        local s = table.concat(parts)
        assert.are.equal(s, lzstring.decompress_base64(lzstring.compress_base64(s)))
        assert.are.equal(s, lzstring.decompress_uri(lzstring.compress_uri(s)))
      end
    end)

    for _, v in ipairs(LONE) do
      it("refuses the lone surrogate of " .. v.js, function()
        local text, message = lzstring.decompress_base64(v.base64)
        assert.is_nil(text)
        assert.are.equal("lzstring: unpaired surrogate " .. v.what, message)
        assert.are.same({ nil, message }, { lzstring.decompress_uri(v.uri) })
      end)
    end
  end)

  describe("URL forms", function()
    local killer = lzstring.compress_base64(FPUZZLES_KILLER)

    it("accepts percent-escapes in any case, ' ' for '+' and missing padding", function()
      assert.is_truthy(killer:find("+", 1, true) and killer:find("/", 1, true))
      assert.are.equal("=", killer:sub(-1))
      local forms = {
        (killer:gsub("%+", "%%2B"):gsub("/", "%%2F"):gsub("=", "%%3D")),
        (killer:gsub("%+", "%%2b"):gsub("/", "%%2f"):gsub("=", "%%3d")),
        (killer:gsub("%+", " ")),
        (killer:gsub("=+$", "")),
        (killer:gsub("%+", " "):gsub("/", "%%2f"):gsub("=+$", "")),
      }
      for _, form in ipairs(forms) do
        assert.are.equal(FPUZZLES_KILLER, lzstring.decompress_base64(form))
      end
      local uri = lzstring.compress_uri(FPUZZLES_KILLER)
      assert.are.equal(FPUZZLES_KILLER, lzstring.decompress_uri((uri:gsub("%+", " "))))
      assert.are.equal(FPUZZLES_KILLER, lzstring.decompress_uri((uri:gsub("%+", "%%2B"))))
      -- '$' ends the URI-safe alphabet as '=' does the base64 one: the padding character,
      -- never written by the reference, read as padding.
      assert.are.equal("P-I", lzstring.compress_uri("\195\191\195\191")) -- "ÿÿ", reference's
      assert.are.equal("\195\191\195\191", lzstring.decompress_uri("P-I$"))
      assert.are.equal("\195\191\195\191", lzstring.decompress_uri("P-I%24"))
    end)

    it("names the character of the input, escapes counted, in its messages", function()
      -- "Ibg": literal 'a', then code 7 where 4 is the largest possible; its first bit is in
      -- the second digit, here the escape at character 4.
      assert.are.same({ nil, "lzstring: dictionary reference 7 out of range at character 2" },
        { lzstring.decompress_base64("Ibg") })
      assert.are.same({ nil, "lzstring: dictionary reference 7 out of range at character 4" },
        { lzstring.decompress_base64("%49%62g") })
      assert.are.same({ nil, "lzstring: invalid character '!' at character 9" },
        { lzstring.decompress_base64("IZ%41%3d!") })
    end)
  end)

  describe("bad input", function()
    local CASES = {
      { "", "unexpected end of data at character 1" },
      { "=", "unexpected end of data at character 2" },
      { "IZ", "unexpected end of data at character 3" },
      { "w", "dictionary reference 3 out of range at character 1" }, -- 2-bit first code 3
      { "Ibg", "dictionary reference 7 out of range at character 2" },
      { "IZ!A", "invalid character '!' at character 3" },
      { "IZA\n", "invalid character '\\10' at character 4" },
      { "IZ\195\169", "invalid character '\\195' at character 3" },
      { "IZ-A", "invalid character '-' at character 3" },
      { "IZA=A", "data after padding at character 5" },
      { "Q====", "too much padding at character 5" },
      { "IZ%", "bad percent-escape at character 3" },
      { "IZ%4", "bad percent-escape at character 3" },
      { "IZ%G1", "bad percent-escape at character 3" },
      { "IZ%25", "invalid character '%' at character 3" },
    }
    for _, case in ipairs(CASES) do
      it(("refuses %q"):format(case[1]), function()
        assert.are.same({ nil, "lzstring: " .. case[2] }, { lzstring.decompress_base64(case[1]) })
      end)
    end

    it("refuses what the URI-safe alphabet does not have", function()
      assert.are.same({ nil, "lzstring: invalid character '=' at character 4" },
        { lzstring.decompress_uri("IZA=") })
      assert.are.same({ nil, "lzstring: invalid character '/' at character 1" },
        { lzstring.decompress_uri("/") })
      assert.are.same({ nil, "lzstring: data after padding at character 3" },
        { lzstring.decompress_uri("I$ZA") })
      assert.are.same({ nil, "lzstring: invalid character '$' at character 4" },
        { lzstring.decompress_base64("IZA$") })
    end)

    it("refuses every truncation of a stream before its end code", function()
      local full = lzstring.compress_base64(FPUZZLES_THERMO)
      local whole = 0
      for n = 0, #full do
        local prefix = full:sub(1, n)
        local text, message = lzstring.decompress_base64(prefix)
        if text then
          assert.are.equal(FPUZZLES_THERMO, text)
          whole = whole + 1
        else
          assert.are.equal("lzstring: unexpected end of data at character " .. n + 1, message)
        end
      end
      -- The end code is in the last digit but the padding and maybe an all-zero digit.
      assert.is_true(whole >= 1 and whole <= 5)
    end)

    it("never raises nor loops on random bytes or mutated streams", function()
      local rnd = random(77)
      local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-$ %"
      local function some_char()
        if rnd(4) == 0 then return string.char(rnd(256)) end
        local i = rnd(#alphabet) + 1
        return alphabet:sub(i, i)
      end
      local seeds = {}
      for _, v in ipairs(VECTORS) do
        if #v.base64 < 400 then
          seeds[#seeds + 1] = v.base64
          seeds[#seeds + 1] = v.uri
        end
      end
      local decoded = 0
      for case = 1, 2000 do
        local input
        if case % 2 == 1 then
          local t = {}
          for i = 1, rnd(40) do t[i] = some_char() end
          input = table.concat(t)
        else
          input = seeds[rnd(#seeds) + 1]
          for _ = 1, rnd(3) + 1 do
            local at, op = rnd(#input + 1) + 1, rnd(4)
            if op == 0 then -- replace
              input = input:sub(1, at - 1) .. some_char() .. input:sub(at + 1)
            elseif op == 1 then -- delete
              input = input:sub(1, at - 1) .. input:sub(at + 1)
            elseif op == 2 then -- insert
              input = input:sub(1, at - 1) .. some_char() .. input:sub(at)
            else -- cut
              input = input:sub(1, at)
            end
          end
        end
        for kind, decode in pairs(DECODERS) do
          local ok, text, message = pcall(decode, input)
          local why = complaint(input, ok, text, message)
          if why then error(("decompress_%s(%q) %s"):format(kind, input, why)) end
          if text then
            -- Whatever decodes is valid UTF-8 (compress would raise) and survives a round trip.
            decoded = decoded + 1
            assert.are.equal(text, decode(ENCODERS[kind](text)))
          end
        end
      end
      assert.is_true(decoded > 100) -- the mutations do reach the decoder's later stages
    end)
  end)

  describe("arguments", function()
    local HERE = "format_lzstring_spec%.lua:%d+: "

    it("raises for a non-string, naming the caller's line", function()
      for name, f in pairs({ compress_base64 = lzstring.compress_base64,
          compress_uri = lzstring.compress_uri, decompress_base64 = lzstring.decompress_base64,
          decompress_uri = lzstring.decompress_uri }) do
        for _, value in ipairs({ false, 42, {} }) do
          local err = raised(f, value)
          assert.matches(HERE .. "bad argument #1 to '" .. name .. "' %(string expected, got "
            .. type(value) .. "%)$", err)
        end
        assert.matches("bad argument #1 to '" .. name .. "' %(string expected, got nil%)$",
          raised(f))
      end
    end)

    it("raises for invalid UTF-8, naming the byte", function()
      local CASES = {
        { "a\255", 2 }, { "\192\128", 1 }, { "ab\224\128\128", 3 }, { "\237\160\128", 1 },
        { "\244\144\128\128", 1 }, { "\226\130", 1 }, { "x\128", 2 }, { "\245\128\128\128", 1 },
        { "\240\159\152", 1 }, { "\226\130(", 1 }, { "ok \240\159\167\169 \193\191", 9 },
      }
      for _, case in ipairs(CASES) do
        assert.matches(HERE .. "bad argument #1 to 'compress_base64' %(invalid UTF%-8 at byte "
          .. case[2] .. "%)$", raised(lzstring.compress_base64, case[1]))
        assert.matches("bad argument #1 to 'compress_uri' %(invalid UTF%-8 at byte "
          .. case[2] .. "%)$", raised(lzstring.compress_uri, case[1]))
      end
    end)

    it("leniently, reads each byte that starts no UTF-8 sequence as U+FFFD", function()
      local FFFD = "\239\191\189"
      for _, case in ipairs({ { "a\255b", "a" .. FFFD .. "b" }, { "\192\128", FFFD .. FFFD },
          { "x\226\130(", "x" .. FFFD .. FFFD .. "(" },
          { "ok \240\159\167\169", "ok \240\159\167\169" } }) do
        local packed = lzstring.compress_base64(case[1], true)
        assert.equal(case[2], lzstring.decompress_base64(packed))
        assert.equal(lzstring.compress_base64(case[2]), packed)
      end
    end)
  end)
end)
