-- The link checker of the docs: every relative link of the Markdown docs (README.md, docs/*.md)
-- and of the HTML reference that `make doc` writes (build/doc/**/*.html) must name a file or
-- directory that exists and, after a `#`, an anchor that file has. An anchor of a Markdown file
-- is one of its headings as GitHub spells it (`slug`), or an `id=`/`name=` of its inline HTML;
-- of an HTML file, an `id=` or `name=` attribute; `#L12` (`#L12-L20`) on any other file is a
-- line GitHub shows. Links with a scheme (https:, mailto:) are not followed.
--
-- As a module (spec/links_spec.lua): `links.check(paths)` returns the broken links, each
-- `{file =, line =, target =, why =}`. As a script (`make doc` runs it after LDoc):
--
--     lua5.4 spec/support/links.lua README.md docs build/doc
--
-- takes files and directories (their *.md and *.html, recursively), prints one
-- `FILE:LINE: broken link TARGET (WHY)` line per broken link and exits 1 when there is one.
local links = {}

--- The text of a file, or nil when there is none (a script of its own: spec/support/data.lua's
-- read, which raises, is not on its path when make doc runs it).
function links.read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return text
end
local read = links.read

-- Whether `path` is a directory (io.open of a directory succeeds on Linux; reading it fails).
local function is_dir(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local ok, _, code = f:read(1)
  f:close()
  return ok == nil and code == 21
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

local function dirname(path)
  return path:match("^(.*/)") or ""
end

-- "a/./b/../c" -> "a/c" (a path that climbs above its start keeps its leading "..").
local function normalize(path)
  local absolute = path:sub(1, 1) == "/"
  local parts = {}
  for part in path:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." then
      parts[#parts] = nil
    elseif part ~= "." then
      parts[#parts + 1] = part
    end
  end
  return (absolute and "/" or "") .. table.concat(parts, "/")
end

local function unescape(s)
  s = s:gsub("%%(%x%x)", function(h) return string.char(tonumber(h, 16)) end)
  return (s:gsub("&(#?%w+);", function(e)
    local named = { amp = "&", lt = "<", gt = ">", quot = '"', apos = "'" }
    if named[e] then return named[e] end
    local n = e:match("^#(%d+)$")
    if n and tonumber(n) < 128 then return string.char(tonumber(n)) end
    return nil
  end))
end

-- ---- GitHub's heading anchors ---------------------------------------------------------------

-- UTF-8 code points of a string, in order.
local function code_points(s)
  local list, i = {}, 1
  while i <= #s do
    local b = s:byte(i)
    local len = b < 0x80 and 1 or b >= 0xF0 and 4 or b >= 0xE0 and 3 or b >= 0xC0 and 2 or 1
    local cp = len == 1 and b or b % (2 ^ (7 - len))
    for k = 1, len - 1 do cp = cp * 64 + (s:byte(i + k) or 0x80) % 64 end
    list[#list + 1] = cp
    i = i + len
  end
  return list
end

local function utf8_char(cp)
  if cp < 0x80 then return string.char(cp) end
  if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 64), 0x80 + cp % 64) end
  if cp < 0x10000 then
    return string.char(0xE0 + math.floor(cp / 4096), 0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
  end
  return string.char(0xF0 + math.floor(cp / 262144), 0x80 + math.floor(cp / 4096) % 64,
    0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
end

-- Non-ASCII code points that are punctuation or symbols (GitHub drops them): Latin-1's, the
-- general punctuation, letterlike symbols, arrows, mathematical and technical symbols, box
-- drawing, shapes, dingbats, CJK punctuation, and emoji. Every other non-ASCII code point is
-- taken for a letter or a digit, which is what the docs use (LÖVE, ×, →, …).
local SYMBOLS = {
  { 0x80, 0xBF }, { 0xD7, 0xD7 }, { 0xF7, 0xF7 }, { 0x2000, 0x2BFF }, { 0x3000, 0x303F },
  { 0xFE30, 0xFE4F }, { 0xFF00, 0xFF0F }, { 0x1F000, 0x1FAFF },
}
local LETTERS_IN_SYMBOLS = { [0xAA] = true, [0xB2] = true, [0xB3] = true, [0xB5] = true,
  [0xB9] = true, [0xBA] = true, [0xBC] = true, [0xBD] = true, [0xBE] = true }

local function lower(cp)
  if cp >= 0x41 and cp <= 0x5A then return cp + 32 end
  if (cp >= 0xC0 and cp <= 0xDE and cp ~= 0xD7) or (cp >= 0x391 and cp <= 0x3AB)
    or (cp >= 0x410 and cp <= 0x42F) then
    return cp + 32
  end
  if cp >= 0x400 and cp <= 0x40F then return cp + 80 end
  if cp >= 0x100 and cp <= 0x17F and cp % 2 == 0 then return cp + 1 end
  return cp
end

local function kept(cp)
  if cp < 0x80 then
    local ch = string.char(cp)
    return ch:match("[%w_ %-]") ~= nil
  end
  if LETTERS_IN_SYMBOLS[cp] then return true end
  for _, range in ipairs(SYMBOLS) do
    if cp >= range[1] and cp <= range[2] then return false end
  end
  return true
end

-- The text a heading shows: inline code without its backticks, a link's text, no HTML tags or
-- emphasis markers.
local function heading_text(source)
  local text = source:gsub("!?%[([^%]]*)%]%b()", "%1")
  text = text:gsub("<[^>]*>", "")
  text = text:gsub("`", "")
  text = text:gsub("%*%*?([^*]+)%*%*?", "%1")
  return text
end

--- The anchor GitHub gives a heading (before telling duplicates apart): its text in lower case,
-- less punctuation and symbols, spaces made hyphens. "Human-style logic: `sudoku.logic`" is
-- "human-style-logic-sudokulogic".
function links.slug(heading)
  local out = {}
  for _, cp in ipairs(code_points(heading_text(heading))) do
    cp = lower(cp)
    if kept(cp) then out[#out + 1] = cp == 0x20 and "-" or utf8_char(cp) end
  end
  return table.concat(out)
end

-- ---- reading the links and anchors of a file -------------------------------------------------

-- The lines of a Markdown text outside its fenced code blocks: { {line =, raw =, text =}, ... },
-- `text` being the line without its inline code (where no link is).
local function markdown_lines(text)
  local list, fence = {}, nil
  local n = 0
  for line in (text .. "\n"):gmatch("(.-)\r?\n") do
    n = n + 1
    local marker = line:match("^%s*(```+)") or line:match("^%s*(~~~+)")
    if fence then
      if marker and marker:sub(1, 1) == fence:sub(1, 1) and #marker >= #fence
        and line:match("^%s*[`~]+%s*$") then
        fence = nil
      end
    elseif marker then
      fence = marker
    else
      list[#list + 1] = { line = n, raw = line, text = line:gsub("(`+).-%1", "") }
    end
  end
  return list
end

-- The anchors of an HTML text (or of a Markdown file's inline HTML): its id= and name= values.
local function html_anchors(text, set)
  set = set or {}
  for attr, value in text:gmatch("[%s\"']([%w]+)%s*=%s*\"([^\"]*)\"") do
    attr = attr:lower()
    if attr == "id" or attr == "name" then set[unescape(value)] = true end
  end
  for attr, value in text:gmatch("[%s\"']([%w]+)%s*=%s*'([^']*)'") do
    attr = attr:lower()
    if attr == "id" or attr == "name" then set[unescape(value)] = true end
  end
  return set
end

--- The anchors of a Markdown text: its headings' slugs, a duplicate getting "-1", "-2", ... as
-- on GitHub, and the id= and name= of its inline HTML.
function links.markdown_anchors(text)
  local set, count = {}, {}
  for _, l in ipairs(markdown_lines(text)) do
    local heading = l.raw:match("^ ? ? ?#+%s+(.-)%s*$")
    if heading then
      heading = heading:gsub("%s+#+$", "")
      local slug = links.slug(heading)
      local seen = count[slug]
      set[seen and (slug .. "-" .. seen) or slug] = true
      count[slug] = (seen or 0) + 1
    end
    html_anchors(" " .. l.text, set)
  end
  return set
end

-- Every link of a Markdown text: { {line =, target =}, ... }: inline links and images
-- `[text](target "title")`, reference definitions `[label]: target`, and href= and src= of
-- inline HTML.
local function markdown_links(text)
  local list = {}
  for _, l in ipairs(markdown_lines(text)) do
    for target in l.text:gmatch("%]%(%s*<([^>]*)>") do
      list[#list + 1] = { line = l.line, target = target }
    end
    for target in l.text:gmatch("%]%(%s*([^<%s)][^%s)]*)") do
      list[#list + 1] = { line = l.line, target = target }
    end
    local ref = l.text:match("^ ? ? ?%[[^%]]+%]:%s*<?([^%s>]+)")
    if ref then list[#list + 1] = { line = l.line, target = ref } end
    for attr, target in l.text:gmatch("(%w+)%s*=%s*\"([^\"]*)\"") do
      attr = attr:lower()
      if attr == "href" or attr == "src" then list[#list + 1] = { line = l.line, target = target } end
    end
  end
  return list
end

-- Every href= and src= of an HTML text, with its line.
local function html_links(text)
  local list = {}
  local line, at = 1, 1
  for pos, attr, quote in text:gmatch("()[%s\"']([%w]+)%s*=%s*([\"'])") do
    attr = attr:lower()
    if attr == "href" or attr == "src" then
      local start = text:find(quote, pos, true) + 1
      local stop = text:find(quote, start, true) or #text + 1
      local _, newlines = text:sub(at, pos):gsub("\n", "")
      line, at = line + newlines, pos + 1
      list[#list + 1] = { line = line, target = unescape(text:sub(start, stop - 1)) }
    end
  end
  return list
end

local function is_markdown(path) return path:match("%.md$") ~= nil end
local function is_html(path) return path:match("%.html?$") ~= nil end

-- The anchors of a file, by path, read once.
local function anchor_cache()
  local cache = {}
  return function(path)
    if cache[path] == nil then
      local text = read(path) or ""
      if is_markdown(path) then
        cache[path] = links.markdown_anchors(text)
      elseif is_html(path) then
        cache[path] = html_anchors(text)
      else
        local _, lines = text:gsub("\n", "")
        cache[path] = { lines = lines + (text:match("[^\n]$") and 1 or 0) }
      end
    end
    return cache[path]
  end
end

-- Why `fragment` is no anchor of `path`, or nil when it is one.
local function anchor_problem(anchors, path, fragment)
  local set = anchors(path)
  if is_markdown(path) or is_html(path) then
    if set[fragment] then return nil end
    return "no anchor #" .. fragment .. " in " .. path
  end
  local first, last = fragment:match("^L(%d+)%-L(%d+)$")
  first = first or fragment:match("^L(%d+)$")
  if not first then return "#" .. fragment .. " is not a line of " .. path end
  if tonumber(last or first) > set.lines or tonumber(first) < 1 then
    return "#" .. fragment .. ": " .. path .. " has " .. set.lines .. " lines"
  end
  return nil
end

--- The broken links of the given files: `{ {file =, line =, target =, why =}, ... }` in the
-- order of `files` and of their lines. Each file is a Markdown or an HTML file (by its
-- extension); relative targets are resolved from its directory.
function links.check(files)
  local broken, anchors = {}, anchor_cache()
  for _, file in ipairs(files) do
    local text = assert(read(file), "cannot read " .. file)
    local list = is_markdown(file) and markdown_links(text) or html_links(text)
    for _, link in ipairs(list) do
      local target = link.target
      if not target:match("^%a[%w+.%-]*:") and not target:match("^//") then
        local path, fragment = target:match("^([^#]*)#(.*)$")
        path = unescape(path or target)
        path = path:gsub("%?.*$", "")
        local resolved = path == "" and file or normalize(dirname(file) .. path)
        local why
        if path:sub(1, 1) == "/" then
          why = "a path from the root of a site, which a checkout does not have"
        elseif not exists(resolved) then
          why = "no file " .. resolved
        elseif fragment and is_dir(resolved) then
          why = resolved .. " is a directory"
        elseif fragment then
          why = anchor_problem(anchors, resolved, unescape(fragment))
        end
        if why then
          broken[#broken + 1] = { file = file, line = link.line, target = target, why = why }
        end
      end
    end
  end
  return broken
end

--- The Markdown and HTML files of `paths`: a file as it is, a directory's *.md, *.html and
-- *.htm files, recursively, sorted.
function links.files(paths)
  local list = {}
  for _, path in ipairs(paths) do
    if is_dir(path) then
      local pipe = assert(io.popen("find '" .. path:gsub("'", "'\\''")
        .. "' -type f \\( -name '*.md' -o -name '*.html' -o -name '*.htm' \\) | LC_ALL=C sort"))
      for file in pipe:lines() do list[#list + 1] = file end
      pipe:close()
    else
      list[#list + 1] = path
    end
  end
  return list
end

--- The Markdown docs, as paths from `root` (the checkout's, ending in "/"): README.md and
-- docs/*.md, in that order (docs_spec runs their code blocks, links_spec checks their links).
function links.markdown_docs(root)
  local list = {}
  for _, path in ipairs(links.files({ root .. "README.md", root .. "docs" })) do
    if is_markdown(path) then list[#list + 1] = path:sub(#root + 1) end
  end
  return list
end

--- One line per broken link: "FILE:LINE: broken link TARGET (WHY)".
function links.report(broken)
  local lines = {}
  for _, b in ipairs(broken) do
    lines[#lines + 1] = ("%s:%d: broken link %s (%s)"):format(b.file, b.line, b.target, b.why)
  end
  return table.concat(lines, "\n")
end

-- Run as a script: check the files and directories named on the command line.
if arg and arg[0] and arg[0]:match("links%.lua$") and debug.getinfo(3) == nil then
  if #arg == 0 then
    io.stderr:write("usage: lua spec/support/links.lua FILE_OR_DIRECTORY...\n")
    os.exit(2)
  end
  local files = links.files(arg)
  local broken = links.check(files)
  if #broken > 0 then
    io.stderr:write(links.report(broken), "\n")
    io.stderr:write(("links: %d broken link(s) in %d files\n"):format(#broken, #files))
    os.exit(1)
  end
  print(("links: %d files, every relative link and anchor found"):format(#files))
end

return links
