-- How bytes of the input appear in messages, for every reader alike: a message must be plain
-- printable text, so a stray NUL, control character or UTF-8 byte is shown escaped (a NUL as
-- \0, any other as \xHH), and inside quotes the quote and the backslash get a backslash. (The C
-- core shows a byte of the text it reads the same way: sdk_show_byte in csrc/text/reader.c.)
local show = {}

local function hex(b)
  if b == 0 then return "\\0" end
  return ("\\x%02X"):format(b)
end

-- Byte b as a message quotes it between single quotes: "unexpected character '\0'".
function show.byte(b)
  if b < 32 or b > 126 then return hex(b) end
  if b == 39 or b == 92 then return "\\" .. string.char(b) end
  return string.char(b)
end

-- The same for the one-character string ch.
function show.char(ch)
  return show.byte(ch:byte())
end

local function escape(ch)
  return hex(ch:byte())
end

-- A whole message with its unprintable bytes escaped (its own quotes are left alone): for text
-- that quotes the input as it stands.
function show.message(text)
  return (text:gsub("[%z\1-\31\127-\255]", escape))
end

-- `text` between two `quote` characters (' or "), escaped as above, and cut after `max` bytes
-- with "..." when longer (a whole line read as one token can be huge).
function show.quoted(text, quote, max)
  local cut = max and #text > max
  local body = (cut and text:sub(1, max) or text):gsub("[%z\1-\31\127-\255\\" .. quote .. "]",
    function(ch)
      local b = ch:byte()
      if b < 32 or b > 126 then return hex(b) end
      return "\\" .. ch
    end)
  return quote .. body .. (cut and "..." or "") .. quote
end

return show
