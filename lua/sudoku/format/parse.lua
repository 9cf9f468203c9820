-- Text -> Board. Reads one puzzle written as a line of symbols, a grid (any whitespace, with
-- optional "|" and "-"/"+" separators) or, for N >= 10, whitespace-separated decimal numbers.
-- Failures come back as nil and a message that names the line, column and character.
local symbols = require "sudoku.symbols"
local Board = require "sudoku.board"
local cells = require "sudoku.format.cells"
local shape = require "sudoku.shape"
local fault = require "sudoku.format.fault"
local rule = require "sudoku.format.rule"
local line_board = require("sudoku.core").line_board

local parse = {}

local byte, find, match = string.byte, string.find, string.match

local MAX_SIZE = symbols.MAX
local BOM = "\239\187\191"

local SPACE = { [9] = true, [10] = true, [11] = true, [12] = true, [13] = true, [32] = true }
local BAR, DASH, PLUS = byte("|"), byte("-"), byte("+")

-- Bytes that stand for a cell in character mode: every symbol of every size, and the blanks.
-- Whether a symbol fits the board is only known once the cell count gives the size.
local CELL = {}
for b = 0, 255 do
  local ch = string.char(b)
  CELL[b] = symbols.is_symbol(ch) or symbols.is_blank(ch)
end
-- The same set as a pattern: a run of leading cell bytes.
local CELL_RUN = "^[" .. (symbols.ALPHABET .. symbols.BLANKS):gsub("%p", "%%%0") .. "]+"

local function position(text, pos)
  local line, start = 1, 1
  while true do
    local nl = find(text, "\n", start, true)
    if not nl or nl >= pos then break end
    line, start = line + 1, nl + 1
  end
  return line, pos - start + 1
end

-- nil, the message and the fault (sudoku.format.fault: its kind and fields, with line and
-- column counted within `text`) of a failure at byte `pos`.
local function fail_at(text, pos, f)
  f.line, f.column = position(text, pos)
  f.byte = byte(text, pos)
  return nil, fault.message(f), f
end

local function unexpected(text, pos)
  return fail_at(text, pos, { kind = "bad_char" })
end

-- nil, the message and the fault of a text whose cells are not a board's.
local function bad_size(f)
  f.kind = "bad_size"
  return nil, fault.message(f), f
end

-- Numbers are chosen when some token is a two-digit value (10..64) and there are at least 100
-- tokens (the smallest such board is 10x10). The count guard keeps a small grid written in
-- groups ("12 34" on a 4x4, "530 070 000" on a 9x9) in character mode.
local NUMERIC_MIN_TOKENS = 100

local function looks_numeric(text)
  local tokens, wide = 0, false
  for tok in text:gmatch("[^%s|+%-]+") do
    tokens = tokens + 1
    if not wide and #tok >= 2 and match(tok, "^%d+$") then
      local v = tonumber(tok)
      wide = v >= 10 and v <= MAX_SIZE
    end
  end
  return wide and tokens >= NUMERIC_MIN_TOKENS
end

-- A layout entry per text line that holds cells ({count =, segs = cells between bars}), and RULE
-- for a line of "-"/"+" only. It lets the reader recover the box shape a grid was drawn with.
local RULE = {}

local function record_line(layout, count, segs, ruled)
  if count > 0 then
    layout[#layout + 1] = { count = count, segs = segs }
  elseif ruled then
    layout[#layout + 1] = RULE
  end
end

-- Character mode: every symbol or blank byte is a cell. Returns the cell positions, or nil and
-- the position of the first byte that is neither a cell, a separator nor whitespace.
local function scan_chars(text, layout)
  local at = {}
  local pos, len = 1, #text
  -- The one-line form (the datasets' own) needs no per-byte classification, nor a table of
  -- positions: its k-th cell is its k-th byte. (A table of positions for a 10 MB line would
  -- cost a second and 160 MB.)
  local run = match(text, CELL_RUN)
  if run and not find(text, "%S", #run + 1) then
    record_line(layout, #run, {}, false)
    return { count = #run, run = true }
  end
  while pos <= len do
    local eol = find(text, "\n", pos, true) or len + 1
    local count, seg, segs, ruled = 0, 0, {}, false
    for i = pos, eol - 1 do
      local b = byte(text, i)
      if CELL[b] then
        at[#at + 1] = i
        count, seg = count + 1, seg + 1
      elseif b == BAR then
        if seg > 0 then segs[#segs + 1] = seg; seg = 0 end
      elseif b == DASH or b == PLUS then
        ruled = true
      elseif not SPACE[b] then
        return nil, i
      end
    end
    if seg > 0 then segs[#segs + 1] = seg end
    record_line(layout, count, segs, ruled)
    pos = eol + 1
  end
  return at
end

-- Where a token stops being a number or a single blank: the byte to blame in the message.
local function bad_in_token(tok)
  if match(tok, "^%d") then return find(tok, "%D") end
  if symbols.is_blank(tok:sub(1, 1)) then return 2 end
  return 1
end

-- Number mode: every whitespace- or separator-delimited token is a cell, a decimal number
-- (0 is blank) or one blank character. Returns cell positions and raw values.
local function scan_numbers(text, layout)
  local at, values = {}, {}
  local pos, len = 1, #text
  while pos <= len do
    local eol = find(text, "\n", pos, true) or len + 1
    local line = text:sub(pos, eol - 1)
    local count, seg, segs, ruled = 0, 0, {}, false
    local i = 1
    while i <= #line do
      local s, e = find(line, "[^%s|+%-]+", i)
      local gap = line:sub(i, (s or #line + 1) - 1)
      if find(gap, "|", 1, true) and seg > 0 then segs[#segs + 1], seg = seg, 0 end
      if find(gap, "[+%-]") then ruled = true end
      if not s then break end
      local tok = line:sub(s, e)
      local v
      if match(tok, "^%d+$") then
        v = tonumber(tok)
      elseif #tok == 1 and symbols.is_blank(tok) then
        v = 0
      else
        return nil, nil, pos + s - 1 + bad_in_token(tok) - 1
      end
      at[#at + 1] = pos + s - 1
      values[#at] = v
      count, seg = count + 1, seg + 1
      i = e + 1
    end
    if seg > 0 then segs[#segs + 1] = seg end
    record_line(layout, count, segs, ruled)
    pos = eol + 1
  end
  return at, values
end

-- The box shape drawn by the separators, when the text has one row per line and its bars and
-- rules agree on a shape that fits size n; otherwise nil.
local function detect_box(layout, n)
  local rows, cols
  local band, bands = 0, {}
  for _, entry in ipairs(layout) do
    if entry == RULE then
      if band > 0 then bands[#bands + 1] = band; band = 0 end
    else
      if entry.count ~= n then return nil end
      band = band + 1
      if #entry.segs > 1 then
        for _, width in ipairs(entry.segs) do
          cols = cols or width
          if width ~= cols then return nil end
        end
      end
    end
  end
  if band > 0 then bands[#bands + 1] = band end
  if #bands > 1 then
    rows = bands[1]
    for _, height in ipairs(bands) do
      if height ~= rows then return nil end
    end
  end
  if rows and cols then
    if rows * cols == n then return rows, cols end
  elseif cols then
    if n % cols == 0 then return math.floor(n / cols), cols end
  elseif rows then
    if n % rows == 0 then return rows, math.floor(n / rows) end
  end
  return nil
end

-- The size and box asked for by opts (nil when the text decides).
local function check_opts(opts, extra)
  if opts == nil then return nil, nil end
  if type(opts) ~= "table" then
    error("bad argument #2 to 'parse' (table expected, got " .. type(opts) .. ")", 3 + extra)
  end
  local size, err = shape.check(opts.size, opts.box)
  if err then error("bad argument #2 to 'parse' (" .. err .. ")", 3 + extra) end
  return size, opts.box
end

local function infer_size(count)
  for n = 1, MAX_SIZE do
    if n * n == count then return n end
    if n * n > count then break end
  end
  return nil
end

-- read(text, opts, extra): the reader of parse.parse and parse.read, `extra` levels below the
-- caller an argument error names.
local function read(text, opts, extra)
  if type(text) ~= "string" then
    error("bad argument #1 to 'parse' (string expected, got " .. type(text) .. ")", 2 + extra)
  end
  local size, box = check_opts(opts, extra)
  -- The datasets' own form, 81 characters of 1-9 and blanks, makes its board in one C call
  -- (the same board as below: 9x9, 3x3 boxes); anything else, errors included, reads below.
  if #text == 81 and not size and not box then
    local board = line_board(text)
    if board then
      board:mark_givens()
      return board
    end
  end
  -- UTF-16 text is no puzzle's: say so, as every reader of records does (sudoku.format.rule),
  -- rather than name its first byte.
  if rule.is_utf16(text) then
    local f = { kind = "utf16", line = 1 }
    return nil, fault.message(f), f
  end
  if text:sub(1, #BOM) == BOM then text = text:sub(#BOM + 1) end

  local layout = {}
  local numeric = looks_numeric(text)
  local at, values, bad
  if numeric then
    at, values, bad = scan_numbers(text, layout)
  else
    at, bad = scan_chars(text, layout)
  end
  if not at then return unexpected(text, bad) end

  local count = at.count or #at
  local n = size
  if n then
    if count ~= n * n then
      -- Say where the expected count comes from: the caller's size or box, not the text.
      return bad_size{ cells = count, size = n, asked = box and "box" or "size",
        box = box and { box[1], box[2] } }
    end
  else
    n = infer_size(count)
    if not n then return bad_size{ cells = count, nearest = true } end
  end

  if numeric then
    for i = 1, count do
      if values[i] > n then
        local pos = at[i]
        return fail_at(text, pos, { kind = "bad_value", token = match(text, "^%d+", pos), size = n })
      end
    end
  end

  local rows, cols
  if box then
    rows, cols = box[1], box[2]
  else
    rows, cols = detect_box(layout, n)
  end
  local board = Board.new{ size = n, box = rows and { rows, cols } or nil }
  if numeric then
    cells.set(board, values)
    board:mark_givens()
    return board
  end
  -- The cells' symbols in one string, for the cell reader's single C call.
  local symbols_text
  if at.run then
    symbols_text = text:sub(1, count)
  else
    local chars = {}
    for i = 1, count do chars[i] = text:sub(at[i], at[i]) end
    symbols_text = table.concat(chars)
  end
  local ok, bad_cell = cells.fill(board, symbols_text)
  if not ok then return unexpected(text, at.run and bad_cell or at[bad_cell]) end
  board:mark_givens()    -- the puzzle's values are its givens (Board:is_given)
  return board
end

-- parse(text [, opts]) -> Board, or nil and a message (sudoku.parse).
-- opts.size fixes N (the text must then hold exactly N*N cells); opts.box = {rows, cols} fixes the
-- box shape. Without them N comes from the cell count and the box from the separators, falling
-- back to the squarest shape.
function parse.parse(text, opts)
  local board, message = read(text, opts, 1)
  return board, message
end

-- read(text [, opts]) -> Board, or nil, the message and its fault (sudoku.format.fault's
-- kind "bad_char", "bad_value" or "bad_size" and its fields, line and column within text, and
-- byte): what readers that place a failure in their own input take.
function parse.read(text, opts)
  local board, message, f = read(text, opts, 1)
  return board, message, f
end

return parse
