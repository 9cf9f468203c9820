--- lzstring: LZ-string (https://github.com/pieroxy/lz-string) in pure Lua, the codec
-- f-puzzles uses for its `?load=` links (compressToBase64 of the puzzle's JSON), and its
-- URL-safe variant (compressToEncodedURIComponent). The output is byte for byte what the
-- JavaScript library gives (checked against lz-string 1.4.4 and 1.5.0).
--
-- The format is LZW over JavaScript strings, that is over UTF-16 code units:
--   * A stream is a list of codes. Codes 0 and 1 announce a literal code unit that follows in
--     8 or 16 bits, code 2 ends the stream, codes from 3 up name dictionary entries. So the
--     dictionary starts with 3 taken codes and no entry.
--   * A literal is sent the first time a code unit is needed and becomes an entry itself.
--     After every code but the first, the decoder adds an entry: the previous entry followed by
--     the first unit of the current one (the usual LZW rule, hence the usual special case of a
--     code for the entry being made: previous + its own first unit).
--   * Every code is written in as many bits as the largest code the decoder could meet at that
--     point needs: it knows `size` codes (0 .. size - 1) and may be sent `size` itself (the
--     entry being made), so the width is the bit length of `size`, 2 at the start, and it grows
--     by one each time `size` reaches a power of 2. Both sides count `size` the same way.
--   * Values are written least significant bit first into a stream of 6-bit characters (base64
--     digits) filled most significant bit first. After the end code the last character is
--     padded with zero bits, and a stream that ends exactly on a character boundary still gets
--     one more, all-zero, character (as the reference does). compressToBase64 then pads the
--     text with '=' to a multiple of 4 characters (even "===", which plain base64 never has).
--
-- On the Lua side text is UTF-8: it is turned into UTF-16 code units before compression
-- (surrogate pairs above U+FFFF), and decompressed units are turned back into UTF-8. Only
-- arithmetic is used on numbers (no bitwise operators), so the module runs unchanged on Lua
-- 5.1 to 5.4 and LuaJIT.
-- @module sudoku.format.lzstring
local M = {}

local byte, char, floor = string.byte, string.char, math.floor
local concat = table.concat

-- The 64 digits of each form, and the padding character after them: the reference pads
-- compressToBase64's output with '='; it never pads compressToEncodedURIComponent's, but its
-- alphabet has '$' in that place (so '$' is read as padding there).
local BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
local URI = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"

-- For each alphabet: digit -> character (0-based), byte -> digit, and the padding byte.
local function alphabet(chars)
  local digit_char, byte_digit = {}, {}
  for i = 1, 64 do
    digit_char[i - 1] = chars:sub(i, i)
    byte_digit[byte(chars, i)] = i - 1
  end
  return { chars = digit_char, digits = byte_digit, pad = byte(chars, 65) }
end
local BASE64_ALPHABET, URI_ALPHABET = alphabet(BASE64), alphabet(URI)

-- A programmer's mistake, worded like luaL_argerror; the public functions raise it themselves
-- (error level 2), so that it names the line that called them.
local function bad_argument(name, what)
  return ("bad argument #1 to '%s' (%s)"):format(name, what)
end

-- UTF-8 <-> UTF-16 code units

-- The code point of the UTF-8 sequence at byte i of s and its length, or nil when none starts
-- there (overlong forms, encoded surrogates and code points above U+10FFFF are invalid, as in
-- any strict decoder).
local function sequence_at(s, i, b)
  -- The length of the sequence, the smallest code point it may hold (no overlong forms) and
  -- the value bits of the lead byte.
  local count, min, cp
  if b >= 0xC2 and b <= 0xDF then count, min, cp = 2, 0x80, b - 0xC0
  elseif b >= 0xE0 and b <= 0xEF then count, min, cp = 3, 0x800, b - 0xE0
  elseif b >= 0xF0 and b <= 0xF4 then count, min, cp = 4, 0x10000, b - 0xF0
  else return nil end
  for k = i + 1, i + count - 1 do
    local c = byte(s, k)
    if not c or c < 0x80 or c > 0xBF then return nil end
    cp = cp * 64 + (c - 0x80)
  end
  if cp < min or cp > 0x10FFFF or (cp >= 0xD800 and cp <= 0xDFFF) then return nil end
  return cp, count
end

-- U+FFFD, what a lenient reading puts for each byte that starts no valid sequence.
local REPLACEMENT = 0xFFFD

-- The UTF-16 code units of UTF-8 text `s`, as an array; nil and the byte where an invalid
-- sequence starts, or with `lenient` U+FFFD for each byte that starts none.
local function utf16_units(s, lenient)
  local units, n = {}, 0
  local i, len = 1, #s
  while i <= len do
    local b = byte(s, i)
    if b < 0x80 then
      n = n + 1
      units[n] = b
      i = i + 1
    else
      local cp, count = sequence_at(s, i, b)
      if not cp then
        if not lenient then return nil, i end
        cp, count = REPLACEMENT, 1
      end
      if cp < 0x10000 then
        n = n + 1
        units[n] = cp
      else
        cp = cp - 0x10000
        units[n + 1] = 0xD800 + floor(cp / 0x400)
        units[n + 2] = 0xDC00 + cp % 0x400
        n = n + 2
      end
      i = i + count
    end
  end
  return units, n
end

-- The UTF-8 form of one code unit, surrogates included (as 3-byte sequences ED A0..BF xx, the
-- way CESU-8 writes them): the decoder builds its entries from these and joins the halves of
-- each pair into one 4-byte sequence at the end, because an entry may hold half a pair.
local ASCII = {}
for u = 0, 0x7F do ASCII[u] = char(u) end
local function unit_utf8(u)
  if u < 0x80 then return ASCII[u] end
  if u < 0x800 then return char(0xC0 + floor(u / 64), 0x80 + u % 64) end
  return char(0xE0 + floor(u / 4096), 0x80 + floor(u / 64) % 64, 0x80 + u % 64)
end

local function pair_utf8(b1, b2, b3, b4)
  -- b1, b2: the last two bytes of a high surrogate (ED A0..AF xx), b3, b4 of a low one.
  local cp = 0x10000 + ((byte(b1) - 0xA0) * 64 + byte(b2) - 0x80) * 0x400
    + (byte(b3) - 0xB0) * 64 + byte(b4) - 0x80
  return char(0xF0 + floor(cp / 0x40000), 0x80 + floor(cp / 0x1000) % 64,
    0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
end
local PAIR = "\237([\160-\175])([\128-\191])\237([\176-\191])([\128-\191])"

local function is_high(u) return u >= 0xD800 and u <= 0xDBFF end
local function is_low(u) return u >= 0xDC00 and u <= 0xDFFF end

-- Compression

-- The characters of the compressed form of the code units units[1 .. n], in alphabet `abc`.
local function compress(units, n, abc)
  local digits = abc.chars
  local out, nout = {}, 0
  local acc, nacc = 0, 0 -- the character being filled and how many of its 6 bits are set

  -- Appends the `width` low bits of `value`, least significant first.
  local function put(value, width)
    for _ = 1, width do
      local bit = value % 2
      value = floor(value / 2) -- (an integer on Lua 5.3+, where `/` makes a float)
      acc = acc * 2 + bit
      nacc = nacc + 1
      if nacc == 6 then
        nout = nout + 1
        out[nout] = digits[acc]
        acc, nacc = 0, 0
      end
    end
  end

  -- The decoder's view, which sets the width of every code (see the top of the file).
  local size, width, limit = 3, 2, 4
  local function grow()
    size = size + 1
    if size == limit then width, limit = width + 1, limit * 2 end
  end

  -- Our dictionary: the code of each unit met, and of each longer entry by the code of all but
  -- its last unit and that unit (a trie in one table: key prefix * 65536 + unit). A unit gets
  -- its code when first met but is only sent (as a literal) the first time it is written out:
  -- `unsent` holds those units; the decoder makes the entry when it reads the literal.
  local unit_code, entry_code, unsent = {}, {}, {}
  local next_code = 3
  local started = false

  -- Writes entry `code` (or unit `unit` as a literal when it is still unsent).
  local function emit(code, unit)
    if unit and unsent[unit] then
      unsent[unit] = nil
      if unit < 256 then
        put(0, width)
        put(unit, 8)
      else
        put(1, width)
        put(unit, 16)
      end
      grow() -- the decoder makes the literal's entry...
    else
      put(code, width)
    end
    -- ...and after any code but the first one, previous entry + first unit of this one.
    if started then grow() else started = true end
  end

  local w, w_unit -- the longest entry matching the input so far, and its unit if it is one
  for i = 1, n do
    local u = units[i]
    if not unit_code[u] then
      unit_code[u] = next_code
      next_code = next_code + 1
      unsent[u] = true
    end
    if not w then
      w, w_unit = unit_code[u], u
    else
      local key = w * 65536 + u
      local code = entry_code[key]
      if code then
        w, w_unit = code, nil
      else
        emit(w, w_unit)
        entry_code[key] = next_code
        next_code = next_code + 1
        w, w_unit = unit_code[u], u
      end
    end
  end
  if w then emit(w, w_unit) end
  put(2, width)
  -- Fills the last character with zero bits; a full one is followed by an all-zero character.
  put(0, 6 - nacc)
  return concat(out), nout
end

-- The compressed form of `text`, '=' padded to a multiple of 4 characters when `pad`; nil and
-- what is wrong with the argument when it is not a UTF-8 string (invalid bytes stand for
-- U+FFFD with `lenient`).
local function compress_text(text, abc, pad, lenient)
  if type(text) ~= "string" then return nil, "string expected, got " .. type(text) end
  local units, n = utf16_units(text, lenient)
  if not units then return nil, "invalid UTF-8 at byte " .. n end
  local s, count = compress(units, n, abc)
  if pad and count % 4 ~= 0 then s = s .. ("="):rep(4 - count % 4) end
  return s
end

--- The LZ-string compressToBase64 form of UTF-8 text `text`, as the JavaScript library gives it
-- ('=' padding included). Raises an error when `text` is not a string or not valid UTF-8,
-- unless `lenient`: then each byte that starts no valid sequence stands for U+FFFD.
-- @string text UTF-8 text, such as a puzzle's JSON
-- @bool[opt] lenient replace invalid bytes instead of raising
-- @treturn string the compressed text
function M.compress_base64(text, lenient)
  local s, why = compress_text(text, BASE64_ALPHABET, true, lenient)
  if not s then error(bad_argument("compress_base64", why), 2) end
  return s
end

--- The LZ-string compressToEncodedURIComponent form of UTF-8 text `text` (digits A-Z a-z 0-9
-- + -, no padding). Raises an error as `compress_base64` does.
-- @string text UTF-8 text
-- @treturn string the compressed text
function M.compress_uri(text)
  local s, why = compress_text(text, URI_ALPHABET, false)
  if not s then error(bad_argument("compress_uri", why), 2) end
  return s
end

-- Decompression

local function fail(what, at)
  return nil, ("lzstring: %s at character %d"):format(what, at)
end

local function show_byte(b)
  if b > 32 and b < 127 then return "'" .. char(b) .. "'" end
  return ("'\\%d'"):format(b)
end

-- The digits of `text` in alphabet `abc`, their count, and where each one is in `text` (nil
-- when that is the digit's index: no percent-escape). URL forms are accepted: %XX escapes, ' '
-- for '+' (what a form decoder makes of it), and 0 to 3 trailing padding characters.
local function digits_of(text, abc)
  local map = abc.digits
  local digits, n, where = {}, 0, nil
  local padding = 0
  local i, len = 1, #text
  while i <= len do
    local b, at = byte(text, i), i
    if b == 37 then -- '%'
      local hex = text:match("^%%(%x%x)", i)
      if not hex then return fail("bad percent-escape", i) end
      b = tonumber(hex, 16)
      i = i + 3
      if not where then -- the first escape: from now on digits and characters part ways
        where = {}
        for k = 1, n do where[k] = k end
      end
    else
      i = i + 1
    end
    if b == 32 then b = 43 end -- ' ' -> '+'
    local d = map[b]
    if b == abc.pad then
      padding = padding + 1
      if padding > 3 then return fail("too much padding", at) end
    elseif not d then
      return fail("invalid character " .. show_byte(b), at)
    elseif padding > 0 then
      return fail("data after padding", at)
    else
      n = n + 1
      digits[n] = d
      if where then where[n] = at end
    end
  end
  return digits, n, where
end

-- The UTF-8 text coded by digits[1 .. n] (values 0..63), or nil and a message; where[k] is
-- the position in the input of digit k (k itself when `where` is nil).
local function decompress(digits, n, where, len)
  local k, val, left = 0, 0, 0 -- digit index, its bits not read yet, how many

  -- The next `width` bits as a number, least significant first; nil past the end.
  local function get(width)
    local value, power = 0, 1
    for _ = 1, width do
      if left == 0 then
        k = k + 1
        if k > n then return nil end
        val, left = digits[k], 6
      end
      left = left - 1
      val = val * 2
      if val >= 64 then
        val = val - 64
        value = value + power
      end
      power = power * 2
    end
    return value
  end

  -- Where digit j is in the input (one past the end for j > n).
  local function position(j)
    if j > n then return len + 1 end
    return where and where[j] or j
  end

  -- Entries by code: their UTF-8 form (surrogates as 3-byte halves) and first and last unit,
  -- which are enough to check that surrogates pair up (every entry is a piece of the output
  -- already checked, so only the seams between pieces can break a pair).
  local text, first, last = {}, {}, {}
  local size, width, limit = 3, 2, 4
  local function grow()
    size = size + 1
    if size == limit then width, limit = width + 1, limit * 2 end
  end

  local out, nout = {}, 0
  local prev -- code of the previous entry
  local surrogates = false
  while true do
    -- The item's position is that of the digit holding its first bit.
    local at = position(left > 0 and k or k + 1)
    local code = get(width)
    if not code then return fail("unexpected end of data", len + 1) end
    if code == 2 then
      if prev and is_high(last[prev]) then
        return fail(("unpaired surrogate U+%04X"):format(last[prev]), at)
      end
      break
    end
    if code < 2 then
      local unit = get(code == 0 and 8 or 16)
      if not unit then return fail("unexpected end of data", len + 1) end
      code = size
      text[code], first[code], last[code] = unit_utf8(unit), unit, unit
      if unit >= 0xD800 and unit <= 0xDFFF then surrogates = true end
      grow()
    end
    local s, f -- the entry's text and first unit
    if code < size and code > 2 then
      s, f = text[code], first[code]
    elseif code == size and prev then -- the entry being made: previous + its first unit
      s, f = text[prev] .. unit_utf8(first[prev]), first[prev]
    else
      return fail(("dictionary reference %d out of range"):format(code), at)
    end
    local before = prev and last[prev]
    if before and is_high(before) and not is_low(f) then
      return fail(("unpaired surrogate U+%04X"):format(before), at)
    elseif is_low(f) and not (before and is_high(before)) then
      return fail(("unpaired surrogate U+%04X"):format(f), at)
    end
    nout = nout + 1
    out[nout] = s
    if prev then
      text[size], first[size], last[size] = text[prev] .. unit_utf8(f), first[prev], f
      grow()
    end
    prev = code
  end
  local result = concat(out)
  if surrogates then result = result:gsub(PAIR, pair_utf8) end
  return result
end

local function decompress_text(text, abc)
  local digits, n, where = digits_of(text, abc)
  if not digits then return nil, n end
  return decompress(digits, n, where, #text)
end

--- The UTF-8 text of LZ-string compressToBase64 output `text`, as found in a URL: percent-escapes
-- (%2B, %2F, %3D...), ' ' for '+' and missing '=' padding are accepted.
-- @string text the compressed text
-- @treturn string|nil the text, or nil and a message "lzstring: <what> at character K"
function M.decompress_base64(text)
  if type(text) ~= "string" then
    error(bad_argument("decompress_base64", "string expected, got " .. type(text)), 2)
  end
  return decompress_text(text, BASE64_ALPHABET)
end

--- The UTF-8 text of LZ-string compressToEncodedURIComponent output `text`; percent-escapes,
-- ' ' for '+' and trailing '$' (the padding character of its alphabet) are accepted.
-- @string text the compressed text
-- @treturn string|nil the text, or nil and a message "lzstring: <what> at character K"
function M.decompress_uri(text)
  if type(text) ~= "string" then
    error(bad_argument("decompress_uri", "string expected, got " .. type(text)), 2)
  end
  return decompress_text(text, URI_ALPHABET)
end

return M
