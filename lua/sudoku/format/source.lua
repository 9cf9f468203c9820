-- Line sources: the one way every streaming reader takes its input, whether a string, an open
-- file or a function that returns lines. A source numbers the lines it hands out (for error
-- messages), drops a UTF-8 byte-order mark and the "\r" of CRLF files, and can give back one
-- line so that a reader can stop at the first line of the next record without losing it.
local source = {}

local Source = {}
Source.__index = Source

local BOM = "\239\187\191"

local function string_lines(text)
  local pos, len = 1, #text
  return function()
    if pos > len then return nil end
    local nl = text:find("\n", pos, true)
    local line
    if nl then
      line, pos = text:sub(pos, nl - 1), nl + 1
    else
      line, pos = text:sub(pos), len + 1
    end
    return line
  end
end

-- Whether this Lua's line reader keeps a NUL byte inside a line: the readers of Lua 5.1, 5.2 and
-- LuaJIT use fgets and strlen, so a NUL ends the line there and the rest of it runs into the next.
local LINES_KEEP_NUL = _VERSION ~= "Lua 5.1" and _VERSION ~= "Lua 5.2"

-- Lines read with f:read("*l") rather than f:lines(), which raises on a read error: the error is
-- kept in src.read_error for the caller to report.
local function file_lines(f, src)
  return function()
    local line, err = f:read("*l")
    if line == nil and err then src.read_error = tostring(err) end
    return line
  end
end

-- Lines cut out of blocks of bytes, which keep every NUL: for regular files on the Lua versions
-- whose line reader loses them. Only for files that can seek: a block read waits for a whole
-- block, which a pipe or a terminal may never send while its writer waits for an answer. The
-- file's position can run ahead of the last line handed out.
local BLOCK = 65536

local function block_lines(f, src)
  local buffer, pos, done = "", 1, false
  return function()
    local nl = buffer:find("\n", pos, true)
    if nl then
      local line = buffer:sub(pos, nl - 1)
      pos = nl + 1
      return line
    end
    if done then return nil end
    local parts = { buffer:sub(pos) }
    while true do
      local block, err = f:read(BLOCK)
      if block == nil then
        if err then src.read_error = tostring(err) end
        done, buffer, pos = true, "", 1
        local rest = table.concat(parts)
        if rest == "" then return nil end
        return rest
      end
      nl = block:find("\n", 1, true)
      if nl then
        parts[#parts + 1] = block:sub(1, nl - 1)
        buffer, pos = block, nl + 1
        return table.concat(parts)
      end
      parts[#parts + 1] = block
    end
  end
end

local function seekable(f)
  return type(f.seek) == "function" and f:seek("cur") ~= nil
end

-- A source over `input`: a string, a file handle (anything with a read method) or a function
-- returning successive lines (without their "\n") and nil at the end.
function source.of(input)
  if getmetatable(input) == Source then return input end
  local src = setmetatable({ line = 0, bytes = 0 }, Source)
  local kind = type(input)
  if kind == "string" then
    src.pull = string_lines(input)
  elseif kind == "function" then
    src.pull = input
  elseif (kind == "userdata" or kind == "table") and input.read then
    if LINES_KEEP_NUL or not seekable(input) then
      src.pull = file_lines(input, src)
    else
      src.pull = block_lines(input, src)
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
  else
    line = self.pull()
    if line == nil then return nil end
    self.bytes = self.bytes + #line + 1
    if self.line == 0 and line:sub(1, #BOM) == BOM then line = line:sub(#BOM + 1) end
    if line:sub(-1) == "\r" then line = line:sub(1, -2) end
  end
  self.line = self.line + 1
  return line, self.line
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
-- detection looks at before a reader starts.
function Source:lookahead(count)
  local lines = {}
  for i = 1, count do
    local line = self:next()
    if line == nil then break end
    lines[i] = line
  end
  for i = #lines, 1, -1 do self:back(lines[i]) end
  return lines
end

return source
