-- The look of the svg format's picture, and the text helpers its writer shares. One table gives
-- each CSS class its default look; it is written twice, as the rules of the <style> block (which
-- a user's own rules, coming after them, override) and as attributes on each layer's <g> (which
-- renderers without CSS still follow). The looks of the variant rules' elements (arrows, dots,
-- lines, ...) come from their families (the `svg.looks` of each module of sudoku.variant) and
-- are `optional`: the <style> block has them only when the picture draws them, but for those a
-- family places `after` a class of the board's, which every <style> block has there (as it had
-- before the optional looks were left out).
local style = {}

-- Numbers as text: at most two decimals, no trailing zeros, never "-0", the same on every Lua,
-- so the same picture is always the same bytes.
function style.num(x)
  local s = ("%.2f"):format(x):gsub("0+$", ""):gsub("%.$", "")
  if s == "-0" then s = "0" end
  return s
end

local num = style.num

local ESCAPES = { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }

-- Text and attribute values for XML ('&' is also the symbol of value 64).
function style.escape(s)
  return (tostring(s):gsub('[&<>"]', ESCAPES))
end

-- Pale fills for extra regions, one per region in turn; where two regions overlap (crossing
-- diagonals) the colours blend, as the layer is half transparent.
local PALETTE = {
  "#9ecbff", "#a8e6a1", "#ffc891", "#d2b4fe", "#ffabc9", "#9ee6dc", "#f0e68c", "#c8c8c8",
}

function style.region_fill(k)
  return PALETTE[(k - 1) % #PALETTE + 1]
end

-- Every class with its default look for cells of `cell` px, the board's and then those of the
-- drawing `families` (sudoku.format.svg_rules.FAMILIES), in their order. `tag` narrows a class
-- used on two kinds of element. Number values are lengths (written with "px" in CSS), strings go
-- as they are.
function style.looks(cell, thin, thick, mark_size, families)
  local digit = cell * 0.6
  local font = { "font-family", "sans-serif" }
  local middle = { "text-anchor", "middle" }
  local board = {
    { class = "board", props = { { "fill", "#ffffff" } } },
    { class = "region", props = { { "fill-opacity", "0.5" } } },
    { class = "conflict", tag = "rect", props = { { "fill", "#f6b8b8" } } },
    { class = "highlight", props = { { "fill", "#ffe45c" }, { "fill-opacity", "0.6" } } },
    { class = "thin", props = { { "stroke", "#999999" }, { "stroke-width", thin } } },
    -- Square caps close the corners where thick lines meet.
    { class = "thick", props = { { "stroke", "#000000" }, { "stroke-width", thick },
      { "stroke-linecap", "square" } } },
    { class = "border", props = { { "fill", "none" }, { "stroke", "#000000" },
      { "stroke-width", thick } } },
    { class = "given", props = { font, middle, { "font-size", digit }, { "font-weight", "bold" },
      { "fill", "#000000" } } },
    { class = "filled", props = { font, middle, { "font-size", digit },
      { "font-weight", "normal" }, { "fill", "#1a5fb4" } } },
    { class = "candidate", props = { font, middle, { "font-size", mark_size },
      { "fill", "#606060" } } },
    { class = "conflict", tag = "text", props = { { "fill", "#c01c28" } } },
    -- A step of human-style logic: its pattern's candidates, the ones it removes and places,
    -- and the links of its chain (strong: solid, weak: dashed).
    { class = "pattern", props = { { "fill", "#1a5fb4" }, { "font-weight", "bold" } } },
    { class = "eliminated", props = { { "fill", "#c01c28" }, { "font-weight", "bold" },
      { "text-decoration", "line-through" } } },
    { class = "placed", props = { { "fill", "#26a269" }, { "font-weight", "bold" } } },
    { class = "link", props = { { "fill", "none" }, { "stroke", "#e66100" },
      { "stroke-width", 1.5 * thin }, { "stroke-opacity", "0.8" } } },
    { class = "weak", props = { { "stroke-dasharray", num(cell / 12) .. " " .. num(cell / 16) } } },
  }
  -- The variant rules, as puzzle sites draw them (f-puzzles, SudokuPad, janko.at).
  local kit = { cell = cell, thin = thin, font = font, middle = middle, num = num }
  local placed, optional = {}, {}
  for _, family in ipairs(families) do
    for _, look in ipairs(family.svg.looks(kit)) do
      if look.after then
        placed[look.after] = placed[look.after] or {}
        table.insert(placed[look.after], look)
      else
        look.optional = true
        optional[#optional + 1] = look
      end
    end
  end
  local looks = {}
  for _, look in ipairs(board) do
    looks[#looks + 1] = look
    for _, after in ipairs(placed[look.class] or {}) do looks[#looks + 1] = after end
  end
  for _, look in ipairs(optional) do looks[#looks + 1] = look end
  return looks
end

-- The look of a class (on elements of `tag`, for a class used on two kinds).
function style.look_of(looks, class, tag)
  for _, look in ipairs(looks) do
    if look.class == class and (tag == nil or look.tag == nil or look.tag == tag) then
      return look
    end
  end
end

-- The value of one property of a look.
function style.prop(look, name)
  for _, kv in ipairs(look.props) do
    if kv[1] == name then return kv[2] end
  end
end

-- ` name="value"` for each {name, value} of a list, in its order.
function style.attributes(list)
  local out = {}
  for _, kv in ipairs(list) do
    local v = kv[2]
    out[#out + 1] = (' %s="%s"'):format(kv[1], type(v) == "number" and num(v) or style.escape(v))
  end
  return table.concat(out)
end

-- The text of the <style> element: a rule per look (an optional one only when `used` has its
-- class), then the user's `extra` rules, escaped for XML as a whole (the parser gives the CSS
-- back unescaped).
function style.css(looks, extra, used)
  local out = {}
  for _, look in ipairs(looks) do
    if not look.optional or (used and used[look.class]) then
      local decl = {}
      for _, kv in ipairs(look.props) do
        local v = kv[2]
        decl[#decl + 1] = kv[1] .. ":" .. (type(v) == "number" and num(v) .. "px" or v)
      end
      out[#out + 1] = ("%s.%s{%s}"):format(look.tag or "", look.class, table.concat(decl, ";"))
    end
  end
  if extra then out[#out + 1] = extra end
  return style.escape(table.concat(out, "\n"))
end

return style
