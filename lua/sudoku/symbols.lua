--- The symbol alphabet: one character per value, for every board size up to 64.
-- Values 1..9 are `1`-`9`, 10..35 `A`-`Z`, 36..61 `a`-`z`, 62..64 `!`, `%`, `&`.
-- @module sudoku.symbols
local symbols = {}

--- Values 1..64 in order; the position of a character is its value.
symbols.ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!%&"
--- The largest value with a symbol (64).
symbols.MAX = #symbols.ALPHABET
--- The character written for an empty cell.
symbols.BLANK = "."
--- Every character that reads as an empty cell; the first is the one written.
symbols.BLANKS = ".0_?*"

-- Lookup tables built once, so reading a cell is one table index.
local value_of, symbol_of, blank = {}, {}, {}
for v = 1, symbols.MAX do
  local ch = symbols.ALPHABET:sub(v, v)
  value_of[ch] = v
  symbol_of[v] = ch
end
for i = 1, #symbols.BLANKS do
  blank[symbols.BLANKS:sub(i, i)] = true
end
symbol_of[0] = symbols.BLANK

--- Up to this size a lowercase letter reads as its uppercase symbol; beyond it lowercase letters
-- are values of their own (36..61).
symbols.FOLD_LIMIT = 35
local FOLD_LIMIT = symbols.FOLD_LIMIT

--- The character for a value.
-- @int v the value, 0..64
-- @treturn string|nil the symbol (0 gives the blank "."), or `nil` when `v` has no symbol
function symbols.symbol(v)
  return symbol_of[v]
end

--- The value of a character on a board of size `n`. For n <= 35 lowercase letters read as
-- their uppercase symbol.
-- @string ch one character
-- @int[opt=64] n the board's size
-- @treturn int|nil 0 for a blank, 1..n for a symbol, `nil` for anything else (including
-- symbols of values above n)
function symbols.value(ch, n)
  n = n or symbols.MAX
  if blank[ch] then return 0 end
  local v = value_of[ch]
  if v and v > FOLD_LIMIT and n <= FOLD_LIMIT then
    v = value_of[ch:upper()]
  end
  if v and v <= n then return v end
  return nil
end

--- Whether a character reads as an empty cell (one of `BLANKS`).
-- @string ch one character
-- @treturn boolean
function symbols.is_blank(ch)
  return blank[ch] == true
end

--- Whether a character is a value symbol of some board size (what a reader counts as a cell
-- before it knows the size).
-- @string ch one character
-- @treturn boolean
function symbols.is_symbol(ch)
  return value_of[ch] ~= nil
end

return symbols
