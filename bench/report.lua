-- Formatting for the bench's output: numbers with thousands separators, Markdown tables.
local report = {}

-- 274000 -> "274,000"; 12.345 -> "12.3" (digits after the point as asked).
function report.number(x, digits)
  if x == nil or x ~= x then return "–" end
  local s = ("%." .. (digits or 0) .. "f"):format(x)
  local int, frac = s:match("^(-?%d+)(.*)$")
  int = int:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^(-?),", "%1")
  return int .. frac
end

-- A figure with a sensible number of digits for its size.
function report.auto(x)
  if x == nil or x ~= x then return "–" end
  local a = math.abs(x)
  if a >= 100 then return report.number(x, 0) end
  if a >= 10 then return report.number(x, 1) end
  if a >= 1 then return report.number(x, 2) end
  return report.number(x, 3)
end

-- Markdown table: header is a list of column names, align a string of "l"/"r" per column.
function report.table(header, rowlist, align)
  local out = { "| " .. table.concat(header, " | ") .. " |" }
  local rule = {}
  for i = 1, #header do
    rule[i] = (align and align:sub(i, i) == "r") and "---:" or "---"
  end
  out[#out + 1] = "|" .. table.concat(rule, "|") .. "|"
  for _, r in ipairs(rowlist) do
    local cells = {}
    for i = 1, #header do cells[i] = tostring(r[i] == nil and "" or r[i]) end
    out[#out + 1] = "| " .. table.concat(cells, " | ") .. " |"
  end
  return table.concat(out, "\n")
end

-- The columns of a timing row: puzzles done, puzzles/s, µs/puzzle, guesses/puzzle.
function report.timing(label, m, note)
  local n = m.n or 0
  local done = report.number(n)
  if m.of and m.of ~= n then done = done .. " of " .. report.number(m.of) end
  local rate = (m.median and m.median > 0) and n / m.median or nil
  local us = (n > 0 and m.median) and m.median / n * 1e6 or nil
  local guesses = (m.guesses and n > 0) and report.auto(m.guesses / n) or "–"
  local shown = rate and (rate >= 100 and report.number(rate) or report.auto(rate)) or "–"
  return { label, done, shown, report.auto(us), guesses, note or "" },
         rate
end

report.TIMING_HEADER = { "path", "puzzles", "puzzles/s", "µs/puzzle", "guesses/puzzle", "note" }
report.TIMING_ALIGN = "lrrrrl"

return report
