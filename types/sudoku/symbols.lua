---@meta sudoku.symbols
-- LuaLS type stubs of sudoku.symbols.

---@class sudoku.symbols
local symbols = {
  ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!%&",
  MAX = 64,
  BLANK = ".",
  BLANKS = ".0_?*",
  FOLD_LIMIT = 35,
}

---@param v integer 0..64
---@return string?
function symbols.symbol(v) end

---@param ch string
---@param n? integer the board's size, default 64
---@return integer?
function symbols.value(ch, n) end

---@param ch string
---@return boolean
function symbols.is_blank(ch) end

---@param ch string
---@return boolean
function symbols.is_symbol(ch) end

return symbols
