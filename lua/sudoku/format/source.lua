-- Line sources: the one way every streaming reader takes its input, whether a string, an open
-- file or a function that returns lines. A source cuts lines by the record rule
-- (sudoku.format.rule: "\r\n", "\n" and "\r" each end one), numbers the lines it hands out (for
-- error messages), drops a UTF-8 byte-order mark, notes UTF-16 text (src.utf16) and can give
-- back one line so that a reader can stop at the first line of the next record without losing
-- it.
--
-- No line longer than any record can be is held: a source hands out an empty line in its place
-- and keeps a fault ({line =, bytes =}) that readers report (source.fault_message) among the
-- records, in line order; reading goes on with the next line.
local rule = require "sudoku.format.rule"

local source = {}

local Source = {}
Source.__index = Source

local BOM = rule.BOM
local byte = string.byte

-- The longest line a record can need, in bytes. The longest fixed records are pencil marks of a
-- 64x64 board, 64^3 = 262,144 characters on one line; a 64x64 JSON record with every candidate
-- and rule written out stays under four times that. A longer line is no record whatever its
-- format, so it is skipped as it is read (the rest of it counted, not kept).
source.MAX_LINE = 4 * 64 * 64 * 64

local MAX_LINE = source.MAX_LINE

-- Each puller returns the next line, or false and its length for a line over MAX_LINE bytes
-- (a puller may also return such a line whole: Source:next checks every length), or nil at the
-- end.
local line_end = rule.line_end

local function string_lines(text)
  local pos, len = 1, #text
  return function()
    if pos > len then return nil end
    local stop, after = line_end(text, pos)
    local first = pos
    pos = after
    if stop - first > MAX_LINE then return false, stop - first end
    return text:sub(first, stop - 1)
  end
end

-- Lines read with f:read("*l"), for a pipe or a terminal: a block read would wait for a whole
-- block, which a pipe or a terminal may never send while its writer waits for an answer. Not
-- f:lines(), which raises on a read error: the error is kept in src.read_error for the caller
-- to report. Lua 5.1, 5.2 and LuaJIT end such a line at a NUL byte (their reader uses fgets and
-- strlen), and a line is held whole before its length is checked.
local function file_lines(f, src)
  return function()
    local line, err = f:read("*l")
    if line == nil and err then src.read_error = tostring(err) end
    return line
  end
end

-- Lines cut out of blocks of bytes, for files that can seek (a regular file, or standard input
-- redirected from one): every NUL is kept on every Lua version, and a line over MAX_LINE bytes
-- is counted to its end without being kept, so memory stays bounded whatever the file holds.
-- The file's position can run ahead of the last line handed out.
local BLOCK = 65536

local function block_lines(f, src)
  local buffer, pos, done = "", 1, false
  -- Whether the last line ended at a "\r" that was the last byte read: a "\n" that starts the
  -- next read is its other half, no line of its own.
  local cr_last = false
  local function read(size)
    local block, err = f:read(size)
    if block == nil then
      if err then src.read_error = tostring(err) end
      return nil
    end
    if cr_last and byte(block, 1) == 10 then block = block:sub(2) end
    cr_last = false
    return block
  end
  -- Whole lines at once for Source:lines_block: what the buffer holds, then a read of up to
  -- `size` bytes cut after its last line end (the rest stays for the next call). At the end of
  -- the input, the last line without its end. nil at the end; false when the read holds no
  -- line end (a line longer than the read), which then stays for the line-by-line path.
  src.take_lines = function(size)
    local head = buffer:sub(pos)
    if not done then
      local block = read(size)
      if block ~= nil then
        -- The last line end, looked for from the end: lines are short, so this is a few steps.
        local last = rule.last_end(block, #block)
        if not last then
          buffer, pos = head .. block, 1
          return false
        end
        cr_last = last == #block and byte(block, last) == 13
        buffer, pos = block, last + 1
        return head .. block:sub(1, last)
      end
      done = true
    end
    buffer, pos = "", 1
    if head == "" then return nil end
    return head
  end
  return function()
    if pos <= #buffer then
      local stop, after, at_cr = line_end(buffer, pos)
      if stop <= #buffer then
        local line = buffer:sub(pos, stop - 1)
        pos = after
        cr_last = at_cr
        return line
      end
    end
    if done then return nil end
    -- The line runs past the buffer: gather its parts until a line end, while it fits.
    local parts = { buffer:sub(pos) }
    local length = #parts[1]
    while true do
      local block = read(BLOCK)
      if block == nil then
        done, buffer, pos = true, "", 1
        if length > MAX_LINE then return false, length end
        local rest = table.concat(parts)
        if rest == "" then return nil end
        return rest
      end
      local stop, after, at_cr = line_end(block, 1)
      local found = stop <= #block
      local upto = stop - 1
      length = length + upto
      if length > MAX_LINE then
        parts = {}
      else
        parts[#parts + 1] = found and block:sub(1, upto) or block
      end
      if found then
        buffer, pos = block, after
        cr_last = at_cr
        if length > MAX_LINE then return false, length end
        return table.concat(parts)
      end
    end
  end
end

local function seekable(f)
  return type(f.seek) == "function" and f:seek("cur") ~= nil
end

-- A source over `input`: a string, a file handle (anything with a read method) or a function
-- returning successive lines (without their "\n") and nil at the end. opts.blocks: read a file
-- that cannot seek (a pipe, a terminal) in blocks too, for a caller that answers nothing before
-- the end of its input or of a large batch anyway (the sudoku command): it then keeps its NULs
-- and its bounded memory.
function source.of(input, opts)
  if getmetatable(input) == Source then return input end
  local src = setmetatable({ line = 0, bytes = 0 }, Source)
  local kind = type(input)
  if kind == "string" then
    src.pull = string_lines(input)
  elseif kind == "function" then
    src.pull = input
  elseif (kind == "userdata" or kind == "table") and input.read then
    if seekable(input) or (opts and opts.blocks) then
      src.pull = block_lines(input, src)
    else
      src.pull = file_lines(input, src)
    end
  else
    error("bad argument #1 to 'source' (string, file or function expected, got " .. kind .. ")", 2)
  end
  return src
end

-- The next line and its number, or nil at the end of the input.
function Source:next()
  local held = self.held
  local line
  if held and #held > 0 then
    line = table.remove(held)
  elseif self.parts and #self.parts > 0 then
    line = table.remove(self.parts)
  else
    local length
    line, length = self.pull()
    if line == nil then return nil end
    if line and #line > MAX_LINE then line, length = false, #line end
    if line then
      self.bytes = self.bytes + #line + 1
      if self.line == 0 and not self.started then
        self.started = true
        if line:sub(1, #BOM) == BOM then line = line:sub(#BOM + 1) end
        if rule.is_utf16(line) then self.utf16 = true end
      end
      -- A puller that cuts lines at "\n" only (a pipe read a line at a time, a function of
      -- the caller's) leaves the other line ends of the rule inside them.
      if line:find("\r", 1, true) then line = self:split_ends(line) end
    else
      self.bytes = self.bytes + length + 1
      self.faults = self.faults or {}
      self.faults[#self.faults + 1] = { line = self.line + 1, bytes = length }
      line = ""
    end
  end
  self.line = self.line + 1
  return line, self.line
end

-- The first of the lines a "\r" ends inside `text` (a line the puller cut at "\n" only); the
-- others wait in self.parts (last first), and a "\r" at its end ends it.
function Source:split_ends(text)
  local lines = {}
  for line in rule.lines(text) do lines[#lines + 1] = line end
  if #lines == 0 then return "" end
  self.parts = self.parts or {}
  for i = #lines, 2, -1 do self.parts[#self.parts + 1] = lines[i] end
  return lines[1]
end

-- Gives back the line just read: the next call to next() returns it again, with its number.
-- Lines given back in turn come out again last first.
function Source:back(line)
  self.held = self.held or {}
  self.held[#self.held + 1] = line
  self.line = self.line - 1
end

-- The next line without consuming it.
function Source:peek()
  local line = self:next()
  if line ~= nil then self:back(line) end
  return line
end

-- The next `count` lines (fewer at the end of the input) without consuming them: what format
-- detection looks at before a reader starts. With `skip` (a function of a line), the lines at
-- the start for which it holds (blank and comment lines) do not count: however many there are,
-- `count` lines from the first other one are read, and of the skipped lines only the last
-- `count` are kept, the ones before them consumed, so that memory stays bounded. Returns the
-- lines and the index among them of the first line not skipped (nil when there is none).
function Source:lookahead(count, skip)
  local lines, first = {}, nil
  while true do
    local line = self:next()
    if line == nil then break end
    lines[#lines + 1] = line
    if not first and not (skip and skip(line)) then first = #lines end
    if first then
      if #lines - first + 1 >= count then break end
    elseif #lines >= 2 * count then
      -- Drop the older half at once: a long run of skipped lines costs no shifting per line.
      local kept = {}
      for i = count + 1, #lines do kept[#kept + 1] = lines[i] end
      lines = kept
    end
  end
  for i = #lines, 1, -1 do self:back(lines[i]) end
  return lines, first
end

-- The message of a fault (a line over MAX_LINE bytes), without its line number.
function source.fault_message(fault)
  return ("line of %d bytes, longer than any record can be (%d bytes at most); skipped"):format(
    fault.bytes, MAX_LINE)
end

-- Whole lines of the input at once, for a reader that does lines in bulk (the sudoku command's
-- line mode in C): a string of up to about `size` bytes that ends with a line end (or the
-- input's last line; a "\r\n" is never cut in two), which the caller reads by the record rule
-- (sudoku.format.rule, as the source cuts lines) and whose lines it then counts as read with
-- src:advance(lines): counting them here would cost as much as reading them. Otherwise nil and
-- why: "unable" (this source does not read a file in blocks),
-- "later" (no line has been read yet, or lines given back or faults are due first: next()
-- gives them), "long" (the next line is longer than a read; next() gives it), "end".
function Source:lines_block(size)
  if not self.take_lines then return nil, "unable" end
  if (self.held and #self.held > 0) or (self.faults and #self.faults > 0) or self.line == 0
      or (self.parts and #self.parts > 0) then
    return nil, "later"
  end
  local text = self.take_lines(size)
  if text == nil then return nil, "end" end
  if text == false then return nil, "long" end
  self.bytes = self.bytes + #text
  return text
end

-- Counts `lines` more lines as read (after lines_block).
function Source:advance(lines)
  self.line = self.line + lines
end

-- The first fault kept on a line before `lineno` (any, when lineno is nil), taken off the
-- list; nil when there is none.
function Source:fault_before(lineno)
  local faults = self.faults
  local fault = faults and faults[1]
  if fault and (lineno == nil or fault.line < lineno) then
    table.remove(faults, 1)
    return fault
  end
  return nil
end

return source
