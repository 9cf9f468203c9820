---@meta sudoku.format.lzstring
-- LuaLS type stubs of sudoku.format.lzstring: LZ-string, as f-puzzles links carry their JSON.

---@class sudoku.format.lzstring
local lzstring = {}

---@param text string UTF-8
---@param lenient? boolean each byte that starts no UTF-8 sequence stands for U+FFFD
---@return string base64 exactly as LZString.compressToBase64 gives it
function lzstring.compress_base64(text, lenient) end

---@param text string
---@return string? text UTF-8
---@return string? message "lzstring: <what> at character K"
function lzstring.decompress_base64(text) end

---@param text string UTF-8
---@return string as LZString.compressToEncodedURIComponent gives it
function lzstring.compress_uri(text) end

---@param text string
---@return string? text UTF-8
---@return string? message
function lzstring.decompress_uri(text) end

return lzstring
