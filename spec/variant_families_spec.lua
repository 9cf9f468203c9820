-- The families of the variants schema (sudoku.variant.FAMILIES): each module is the one place
-- that declares its rule kinds: the schema keys and what they hold, the check of their entries
-- (its apply, which the readers, the svg writer and the fpuzzles writer all go through), its
-- f-puzzles names with their reader and the writer of its keys, and its SVG drawing. The
-- formats loop over the families and know no key of their own.
local variant = require "sudoku.variant"
local format = require "sudoku.format"
local dkjson = require "sudoku.format.dkjson"
local svg_rules = require "sudoku.format.svg_rules"
local style = require "sudoku.format.svg_style"
local data = require "support.data"

local FAMILIES = variant.FAMILIES

-- The family's name in messages: sudoku.variant.KEYS names it by any of its keys.
local function name_of(family)
  return variant.KEYS[family.KEYS[1]]
end

local function is_list_of_strings(x)
  if type(x) ~= "table" then return false end
  local count = 0
  for k, v in pairs(x) do
    if type(k) ~= "number" or type(v) ~= "string" or v == "" then return false end
    count = count + 1
  end
  return count == #x
end

-- One entry for every key of the schema, on a 9x9 board with 3x3 boxes: what the round trips
-- below write and read. A family with a key missing here fails them.
local SAMPLES = {
  regions = { { { 1, 1 }, { 2, 2 }, { 3, 3 } } },
  diagonals = { "main" },
  cages = { { sum = 3, cells = { { 1, 1 }, { 1, 2 } } } },
  thermos = { { { 1, 1 }, { 1, 2 }, { 1, 3 } } },
  kropki_white = { { { 1, 1 }, { 1, 2 } } },
  kropki_black = { { { 2, 1 }, { 2, 2 } } },
  kropki_negative = true,
  ratio_negative = true,
  consecutive_negative = true,
  xv = { { type = "X", cells = { { 1, 1 }, { 2, 1 } } } },
  xv_negative = true,
  odd = { { 1, 1 } },
  even = { { 1, 2 } },
  antiknight = true,
  antiking = true,
  nonconsecutive = true,
  arrows = { { circle = { 1, 1 }, lines = { { { 1, 2 }, { 1, 3 } } } } },
  little_killers = { { sum = 10, clue = { 0, 1 }, direction = "DR" } },
  whispers = { { { 1, 1 }, { 1, 2 }, { 1, 3 } } },
  renbans = { { { 4, 1 }, { 4, 2 }, { 4, 3 } } },
  palindromes = { { { 5, 1 }, { 5, 2 }, { 5, 3 } } },
  sandwiches = { { row = 1, sum = 5 } },
}

-- The record of a flat object of the schema with one key set (read as the json format reads
-- the shared variants files: a record's "regions" are its own key, the others its constraints).
local function record_with(key, value)
  local obj = { size = 9, box = { 3, 3 }, givens = ("."):rep(81) }
  obj[key] = value
  return assert(format.read(dkjson.encode(obj), "json"))
end

-- The board's rules and extra regions as sorted text, to compare two boards whatever the order
-- the families added them in.
local function board_text(board)
  local lines = {}
  local function add(prefix, t)
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. dkjson.encode(t[k]) end
    lines[#lines + 1] = prefix .. table.concat(parts, " ")
  end
  for _, rule in ipairs(board:rules()) do add("rule ", rule) end
  for _, region in ipairs(board:regions()) do add("region ", { cells = region }) end
  table.sort(lines)
  return table.concat(lines, "\n")
end

describe("a family of the variants schema", function()
  it("declares its keys, what each holds, the names of the variants list it covers and apply",
    function()
      for _, family in ipairs(FAMILIES) do
        local name = name_of(family)
        assert.is_true(is_list_of_strings(family.KEYS) and #family.KEYS > 0, name)
        assert.is_true(is_list_of_strings(family.VARIANTS), name)
        assert.equal("function", type(family.apply), name)
        assert.equal("table", type(family.HOLDS), name)
        local count = 0
        for key, holds in pairs(family.HOLDS) do
          count = count + 1
          assert.equal(name, variant.KEYS[key], name .. ": HOLDS names " .. tostring(key))
          assert.is_true(type(holds) == "string" and holds ~= "", name .. "." .. key)
        end
        assert.equal(#family.KEYS, count, name .. ": HOLDS says what each of KEYS holds")
      end
    end)

  it("owns its keys and its f-puzzles names: no two families share one", function()
    local keys, names = {}, {}
    for _, family in ipairs(FAMILIES) do
      for _, key in ipairs(family.KEYS) do
        assert.is_nil(keys[key], key)
        keys[key] = name_of(family)
      end
      for _, fname in ipairs(family.fpuzzles.NAMES) do
        assert.is_nil(names[fname], fname)
        names[fname] = true
      end
    end
    assert.same(variant.KEYS, keys)
  end)

  it("declares its f-puzzles names, their reader, the writer of its keys and its negatives",
    function()
      for _, family in ipairs(FAMILIES) do
        local name = name_of(family)
        local fp = family.fpuzzles
        assert.equal("table", type(fp), name)
        assert.is_true(is_list_of_strings(fp.NAMES), name)
        assert.equal("function", type(fp.read), name)
        assert.equal("function", type(fp.write), name)
        for fname, key in pairs(fp.NEGATIVES or {}) do
          assert.equal("string", type(fname), name)
          -- A negative f-puzzles names sets a flag of the family's own.
          assert.equal(name, variant.KEYS[key], name .. ": negative " .. fname)
        end
      end
    end)

  it("declares its drawing, or false when it draws nothing", function()
    local depths = {}
    for _, family in ipairs(FAMILIES) do
      local name = name_of(family)
      local drawing = family.svg
      assert.is_not_nil(drawing, name .. " says whether it draws")
      if drawing then
        assert.equal("number", type(drawing.DEPTH), name)
        assert.is_nil(depths[drawing.DEPTH], name .. ": a depth of its own")
        depths[drawing.DEPTH] = true
        assert.equal("function", type(drawing.draw), name)
        assert.equal("function", type(drawing.looks), name)
      end
    end
  end)

  it("draws with looks that the picture's style holds once each, where they are placed",
    function()
      local looks = style.looks(40, 1, 3, 10, svg_rules.FAMILIES)
      local count = {}
      for _, look in ipairs(looks) do
        local id = look.class .. "/" .. tostring(look.tag)
        count[id] = (count[id] or 0) + 1
      end
      for _, family in ipairs(svg_rules.FAMILIES) do
        local kit = { cell = 40, thin = 1, font = { "font-family", "x" },
          middle = { "text-anchor", "middle" }, num = style.num }
        for _, look in ipairs(family.svg.looks(kit)) do
          assert.equal(1, count[look.class .. "/" .. tostring(look.tag)], look.class)
          if look.after then
            -- A placed look follows the board's look it names (or another placed after it).
            local at
            for i, l in ipairs(looks) do
              if l.class == look.class then at = i end
            end
            local i = at - 1
            while looks[i].after == look.after do i = i - 1 end
            assert.equal(look.after, looks[i].class, look.class)
          end
        end
      end
    end)

  it("is in the picture when it draws, and only then", function()
    local plain = assert(format.write(record_with("diagonals", {}), "svg"))
    for _, family in ipairs(FAMILIES) do
      -- Its keys that change the picture ("regions" tint the board's own extra regions, which
      -- the picture draws whatever the rules).
      local drawn = 0
      for _, key in ipairs(family.KEYS) do
        if key ~= "regions" and assert(format.write(record_with(key, SAMPLES[key]), "svg")) ~= plain then
          drawn = drawn + 1
        end
      end
      assert.equal(family.svg ~= false, drawn > 0, name_of(family))
    end
  end)

  describe("round trips every key", function()
    it("has a sample of every key of the schema", function()
      for key in pairs(variant.KEYS) do assert.is_not_nil(SAMPLES[key], key) end
    end)

    for key, value in pairs(SAMPLES) do
      it(key .. ": through f-puzzles, to the same rules and regions", function()
        local rec = record_with(key, value)
        local link = assert(format.write(rec, "fpuzzles"))
        local back = assert(format.read(link, "fpuzzles"))
        assert.equal(board_text(rec.board), board_text(back.board))
      end)

    end
  end)
end)

describe("docs/FORMATS.md", function()
  local formats = require("support.command").read_file(data.root .. "docs/FORMATS.md")

  -- The rows of the table under `heading`: its first column's names in backquotes, and its
  -- second column.
  local function rows_under(heading)
    local rows = {}
    local table_text = formats:match(heading .. "\n(.-\n)\n")
    for line in table_text:gmatch("[^\n]+") do
      local first, second = line:match("^| (.-) | (.-) |")
      if first then
        local names = {}
        for name in first:gmatch("`([^`]+)`") do names[#names + 1] = name end
        rows[#rows + 1] = { names = names, second = second }
      end
    end
    return rows
  end

  it("says what every key holds as its family's HOLDS says it (\"Variant rules\")", function()
    local said = {}
    for _, row in ipairs(rows_under("| key | value | the rule |\n|%-%-%-|%-%-%-|%-%-%-|")) do
      for _, key in ipairs(row.names) do said[key] = row.second end
    end
    for _, family in ipairs(FAMILIES) do
      for _, key in ipairs(family.KEYS) do assert.equal(family.HOLDS[key], said[key], key) end
    end
  end)

  it("names every f-puzzles key and negative a family reads (\"fpuzzles\")", function()
    -- A name of f-puzzles' "negative" list stands in its row quoted: `"ratio"`.
    local named = {}
    for _, row in ipairs(rows_under("| f%-puzzles | schema |\n|%-%-%-|%-%-%-|")) do
      for _, name in ipairs(row.names) do named[name] = true end
    end
    for _, family in ipairs(FAMILIES) do
      for _, fname in ipairs(family.fpuzzles.NAMES) do assert.is_true(named[fname], fname) end
      for fname in pairs(family.fpuzzles.NEGATIVES or {}) do
        assert.is_true(named['"' .. fname .. '"'], fname)
      end
    end
  end)
end)

describe("the formats", function()
  -- The code of a module without its comments, and that code without its strings.
  local function code_of(path)
    local f = assert(io.open(path, "r"))
    local lines = {}
    for line in f:lines() do lines[#lines + 1] = (line:gsub("^%s*%-%-.*$", "")) end
    f:close()
    local code = table.concat(lines, "\n")
    return code, (code:gsub('"[^"\n]*"', '""'):gsub("'[^'\n]*'", "''"))
  end

  -- "regions" is also the record's own key (its extra regions) and an option of the svg
  -- writer; every other key of the schema, and every f-puzzles name of a family, is the
  -- family's alone.
  local words = {}
  for _, family in ipairs(FAMILIES) do
    for _, key in ipairs(family.KEYS) do
      if key ~= "regions" then words[#words + 1] = key end
    end
    for _, fname in ipairs(family.fpuzzles.NAMES) do words[#words + 1] = fname end
    for fname in pairs(family.fpuzzles.NEGATIVES or {}) do words[#words + 1] = fname end
  end

  it("know no key of the schema and no f-puzzles name of a family: they loop over the families #posix",
    function()
      local p = assert(io.popen("ls " .. data.root .. "lua/sudoku/format/*.lua"))
      local checked = 0
      for path in p:lines() do
        -- dkjson and lzstring are others' code, and know nothing of puzzles.
        if not path:match("dkjson%.lua$") and not path:match("lzstring%.lua$") then
          local code, bare = code_of(path)
          checked = checked + 1
          for _, word in ipairs(words) do
            local plain = word:gsub("%p", "%%%0")
            local named = code:match("[\"']" .. plain .. "[\"']")
            -- A name that is an identifier may be a field too (constraints.cages, {xv = ...}).
            if word:match("^[%a_][%w_]*$") then
              named = named or bare:match("%f[%w_]" .. plain .. "%f[^%w_]")
            end
            assert.is_nil(named, path:match("[^/]+$") .. " names '" .. word .. "'")
          end
        end
      end
      p:close()
      assert.is_true(checked > 10)
    end)
end)
