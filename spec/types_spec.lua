-- The LuaLS stubs of types/ declare what the modules hand out, no more and no less: every
-- public module's functions and fields (and the functions of the tables inside it, such as
-- sudoku.core.debug), every method of a Board, Solver, Pencil, Generator, CanonSet and Game,
-- and every field a rule spec (`b:add_rule{...}`) takes. What exists comes from the running
-- modules (spec/support/api.lua); what the stubs declare from their text (spec/support/stubs.lua).
local api = require "support.api"
local data = require "support.data"
local stubs = require "support.stubs"

local model = stubs.read()

local function sorted(set)
  local list = {}
  for key in pairs(set) do list[#list + 1] = key end
  table.sort(list)
  return list
end

-- The stub class of a runtime table and the table itself, compared both ways: what the table
-- has that the class lacks ("missing"), and what the class declares that the table lacks
-- ("stale"), each as "LABEL.key"; tables inside it that the stubs describe as a class of their
-- own (sudoku.core.debug) are compared the same way.
local function compare(label, value, class, missing, stale)
  local members = stubs.members(model, class)
  for key, v in pairs(value) do
    if type(key) == "string" then
      if not members[key] then
        missing[#missing + 1] = ("%s.%s (%s)"):format(label, key, type(v))
      elseif members[key] == "function" and type(v) ~= "function" then
        stale[#stale + 1] = ("%s.%s is declared a function, and is a %s"):format(label, key, type(v))
      end
      local nested = model.classes[class .. "." .. key]
      if type(v) == "table" and nested and nested.nested then
        compare(label .. "." .. key, v, class .. "." .. key, missing, stale)
      end
    end
  end
  for key, kind in pairs(members) do
    -- An index, not rawget: the façade's lazy fields exist once read.
    if kind ~= "optional" and value[key] == nil then stale[#stale + 1] = label .. "." .. key end
  end
end

describe("the LuaLS stubs of types/", function()
  it("give every public module a stub that returns its class", function()
    local without = {}
    for _, module in ipairs(api.modules()) do
      if not model.modules[module.name] then without[#without + 1] = module.name end
    end
    assert.are.same({}, without)
  end)

  it("declare every function and field of every public module, and nothing else", function()
    local missing, stale = {}, {}
    for _, module in ipairs(api.modules()) do
      local class = model.modules[module.name]
      if class then compare(module.name, module.value, class, missing, stale) end
    end
    table.sort(missing)
    table.sort(stale)
    assert.are.same({ missing = {}, stale = {} }, { missing = missing, stale = stale })
  end)

  it("declare every method of the objects, and nothing else", function()
    local missing, stale = {}, {}
    for class, object in pairs(api.objects()) do
      local methods = api.methods(object)
      local declared = stubs.members(model, "sudoku." .. class)
      for key in pairs(methods) do
        if declared[key] ~= "function" then missing[#missing + 1] = class .. ":" .. key end
      end
      for key, kind in pairs(declared) do
        if kind == "function" and not methods[key] then stale[#stale + 1] = class .. ":" .. key end
      end
    end
    table.sort(missing)
    table.sort(stale)
    assert.are.same({ missing = {}, stale = {} }, { missing = missing, stale = stale })
  end)
end)

-- The kinds of rule the core takes and the fields of each: the rows of the core's one rule
-- table, csrc/rules/table.c (`{"ratio", "ratio?", 2, 2, ...}`: `?` optional, `*` a list), which
-- the binding reads every spec through. "lua" (a rule written in Lua) is the binding's own.
local function table_kinds()
  local kinds = {}
  for name, args in data.read(data.root .. "csrc/rules/table.c")
    :gmatch('\n%s*{%s*"([%w_]+)",%s*"([^"]*)"') do
    local fields = {}
    for field in args:gmatch("[^,]+") do fields[#fields + 1] = (field:gsub("[?*]$", "")) end
    kinds[name] = fields
  end
  return kinds
end

-- A rule of each kind on a 9x9 board, every field it takes given (docs/API.md, "Rules").
local ROW = {}
for c = 1, 9 do ROW[c] = { 1, c } end
local EXAMPLES = {
  different = { cells = { { 1, 1 }, { 2, 3 } } },
  consecutive = { cells = { { 1, 1 }, { 1, 2 } } },
  ratio = { cells = { { 1, 1 }, { 1, 2 } }, ratio = 3 },
  pair_sum = { cells = { { 1, 1 }, { 1, 2 } }, sum = 10 },
  not_consecutive = { cells = { { 1, 1 }, { 1, 2 } } },
  not_ratio = { cells = { { 1, 1 }, { 1, 2 } }, ratio = 2 },
  not_pair_sum = { cells = { { 1, 1 }, { 1, 2 } }, sums = { 5, 10 } },
  less = { cells = { { 1, 1 }, { 1, 2 } } },
  whisper = { cells = { { 1, 1 }, { 1, 2 } }, gap = 5 },
  allowed = { cells = { { 1, 1 }, { 2, 2 } }, values = { 1, 3, 5 } },
  thermo = { cells = { { 1, 1 }, { 1, 2 }, { 1, 3 } } },
  renban = { cells = { { 1, 1 }, { 1, 2 }, { 1, 3 } } },
  palindrome = { cells = { { 1, 1 }, { 2, 2 }, { 3, 3 } } },
  same_values = { cells = { { 1, 1 }, { 4, 4 } }, split = 1, copies = 0 },
  cage = { cells = { { 1, 1 }, { 1, 2 } }, sum = 10 },
  sum = { cells = { { 1, 1 }, { 2, 2 } }, sum = 10 },
  arrow = { cells = { { 1, 1 }, { 2, 2 }, { 3, 3 } } },
  sandwich = { cells = ROW, sum = 10 },
  lua = { cells = { { 1, 1 } }, propagate = function() end, name = "example", level = "slow" },
}

describe("the stubs' sudoku.RuleSpec", function()
  it("has an example here of every kind of the core's rule table, with every field it takes",
    function()
    local kinds = table_kinds()
    assert.is_true(next(kinds) ~= nil, "no kind read from csrc/rules/table.c")
    kinds.lua = {}
    local problems = {}
    for kind, fields in pairs(kinds) do
      local example = EXAMPLES[kind]
      if not example then
        problems[#problems + 1] = kind .. ": no example"
      else
        for _, field in ipairs(fields) do
          if example[field] == nil then problems[#problems + 1] = kind .. ": no " .. field end
        end
      end
    end
    for kind in pairs(EXAMPLES) do
      if not kinds[kind] then problems[#problems + 1] = kind .. ": not a kind of the core" end
    end
    table.sort(problems)
    assert.are.same({}, problems)
  end)

  it("names every kind of the core's rule table, and a Lua rule's, in its kind's type, "
    .. "sudoku.RuleKind", function()
    local text = data.read(data.root .. "types/sudoku/core.lua")
    local alias = assert(text:match("\n%-%-%-@alias sudoku%.RuleKind\n(.-)\n[^-]"))
    local named, kinds = {}, table_kinds()
    for kind in alias:gmatch('%-%-%-| "([%w_]+)"') do named[kind] = true end
    kinds.lua = {}
    assert.are.same(sorted(kinds), sorted(named))
  end)

  it("declares every field that a rule of any kind has, as b:rules() gives them back, and no "
    .. "other", function()
    local sudoku = require "sudoku"
    local fields = {}
    for kind, example in pairs(EXAMPLES) do
      local board = sudoku.Board.new { size = 9 }
      local spec = { kind = kind }
      for key, value in pairs(example) do spec[key] = value end
      board:add_rule(spec)
      local back = board:rules()[1]
      -- What the core keeps is what it was given: no field dropped, none made up.
      assert.are.same(sorted(spec), sorted(back), kind)
      for key in pairs(back) do fields[key] = true end
    end
    local declared = {}
    for key in pairs(stubs.members(model, "sudoku.RuleSpec")) do declared[key] = true end
    assert.are.same(sorted(fields), sorted(declared))
  end)
end)
