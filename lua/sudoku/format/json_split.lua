-- Cuts a line source into the JSON values the json format reads as records, without parsing
-- them (dkjson does that): the splitter only follows strings and bracket depth to see where a
-- value ends, so a file is read one value at a time in constant memory, and every value comes
-- with the line and column it starts at for error messages.
--
-- What it accepts at the top level:
--   * JSON Lines: values one after another, normally one per line; a value may span lines (a
--     pretty-printed object) and is then complete when its brackets balance;
--   * one top-level array: '[' opens it, its elements are the values, ',' separates them and
--     ']' closes it (so a whole file that is one array of objects reads element by element);
--   * blank lines, and lines starting with '#' between top-level values (as in the other line
--     formats).
--
-- A broken value must not swallow the records after it, so two things end a value early:
--   * the end of a line inside a string (a JSON string cannot hold a raw newline);
--   * a line that starts with '{' at the column where the unfinished value started, when that
--     value started its own line: the usual layout of the next record (column 1 in JSON Lines,
--     the element indent in a pretty-printed array).
-- Such a value is given as it stands, and decoding it reports what is wrong.
local split = {}

-- The characters that matter outside a string, and inside one.
local OUTSIDE = "[%[%]{}\",]"
local INSIDE = "[\"\\]"

-- An iterator over the values of line source `src`. Each step gives a table: {text =, line =,
-- column =, open =} for a value (its lines joined with "\n", starting at `column` of `line`;
-- `open`, when the value ended with a string, array or object not closed, the innermost of them:
-- {kind = "string", "array" or "object", line =, column =}), or
-- {error =, line =, column =} for a fault of the layout itself (an array never closed); nil at
-- the end.
function split.values(src)
  local text, lineno, pos = nil, 0, 1
  local in_array, array_line, array_column = false, nil, nil

  -- Fetches the next line into `text`; false at the end of the input.
  local function fetch()
    text, lineno = src:next()
    pos = 1
    return text ~= nil
  end

  -- Collects the value that starts at column `start` of the current line.
  local function collect(start)
    local value = { line = lineno, column = start }
    local owns_line = text:find("%S") == start
    local parts = {}
    -- The arrays and objects open, innermost last, and the string open: {kind, line, column}.
    local opens, in_string, escaped = {}, false, false
    local from, p = start, start
    while true do
      local stop
      while true do
        if in_string and escaped then
          escaped = false
          p = p + 1
        end
        p = text:find(in_string and INSIDE or OUTSIDE, p)
        if not p then break end
        local ch = text:sub(p, p)
        if in_string then
          if ch == "\\" then escaped = true else in_string = false end
        elseif ch == '"' then
          in_string = { kind = "string", line = lineno, column = p }
        elseif ch == "{" or ch == "[" then
          opens[#opens + 1] = { kind = ch == "{" and "object" or "array", line = lineno, column = p }
        elseif ch == "}" or ch == "]" then
          if #opens == 0 then
            -- A closer at depth 0: the end of the enclosing array after a scalar element, or a
            -- stray character that belongs to this (bad) value.
            stop = (in_array and ch == "]") and p - 1 or p
            break
          end
          opens[#opens] = nil
          if #opens == 0 then stop = p; break end
        elseif #opens == 0 and in_array then -- ',' after a scalar element
          stop = p - 1
          break
        end
        p = p + 1
      end
      if stop then
        parts[#parts + 1] = text:sub(from, stop)
        pos = stop + 1
        break
      end
      parts[#parts + 1] = text:sub(from)
      pos = #text + 1
      if in_string or #opens == 0 or not fetch() then break end
      local first = text:find("%S")
      if owns_line and first == start and text:sub(first, first) == "{" then break end
      from, p = 1, 1
    end
    value.text = table.concat(parts, "\n")
    value.open = in_string or opens[#opens]
    return value
  end

  return function()
    while true do
      if text == nil or pos > #text then
        if not fetch() then
          if in_array then
            in_array = false
            return { error = "the array opened here is not closed by ']'",
              line = array_line, column = array_column }
          end
          return nil
        end
        if not in_array and text:find("^%s*#") then pos = #text + 1 end
      end
      local s = text:find("%S", pos)
      if not s then
        pos = #text + 1
      else
        local ch = text:sub(s, s)
        if ch == "[" and not in_array then
          in_array, array_line, array_column = true, lineno, s
          pos = s + 1
        elseif in_array and (ch == "," or ch == "]") then
          if ch == "]" then in_array = false end
          pos = s + 1
        else
          return collect(s)
        end
      end
    end
  end
end

--- An iterator over the records of line source `src`, one a value: read_value(value, index,
-- opts) makes each (a record, or false, message, where), `index` counting the values from 1.
-- The records() of the json and fpuzzles formats.
function split.records(src, opts, read_value)
  local next_value = split.values(src)
  local index = 0
  opts = opts or {}
  return function()
    local value = next_value()
    if value == nil then return nil end
    index = index + 1
    return read_value(value, index, opts)
  end
end

return split
