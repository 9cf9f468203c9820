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

-- Reads with f:read("*l") rather than f:lines(), which raises on a read error: the error is
-- kept in src.read_error for the caller to report.
local function file_lines(f, src)
  return function()
    local line, err = f:read("*l")
    if line == nil and err then src.read_error = tostring(err) end
    return line
  end
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
    src.pull = file_lines(input, src)
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
