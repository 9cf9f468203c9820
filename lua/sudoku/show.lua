-- How bytes of the input appear in messages, for every reader alike: a message must be plain
-- printable text, so a stray NUL, control character or UTF-8 byte is shown escaped (a NUL as
-- \0, any other as \xHH), and inside quotes the quote and the backslash get a backslash. The
-- one way of showing a byte is the C core's (sdk_show_byte in csrc/text/reader.c, which the C
-- library's messages use too), through sudoku.core.show_byte.
local show_byte = require("sudoku.core").show_byte

local show = {}

-- Byte b as a message quotes it between single quotes: "unexpected character '\0'".
show.byte = show_byte

-- The same for the one-character string ch.
function show.char(ch)
  return show_byte(ch:byte())
end

-- A byte outside printable ASCII (what the patterns below match) as a message shows it.
local function escape(ch)
  return show_byte(ch:byte())
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
      if ch == quote then return "\\" .. ch end
      return show_byte(ch:byte())
    end)
  return quote .. body .. (cut and "..." or "") .. quote
end

return show
