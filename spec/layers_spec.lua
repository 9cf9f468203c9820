-- The layers of the library point one way (docs/API.md, "Layers"): the C core and the helpers
-- that know only symbols and shapes, then sudoku.board, then the formats, then what solves,
-- generates, checks and compares strategies, then the façade `require "sudoku"` (which loads
-- that layer's modules lazily, as its fields), then the command line. A module may
-- require modules of its own layer or of a lower one, never of a higher one, and no chain of
-- requires comes back to where it started: a cycle works only as long as one of its modules is
-- loaded lazily, and breaks the day someone requires it at the top.
--
-- Checked twice over: every `require` written anywhere in a module's source (inside functions
-- too, where a lazy require hides), and every require that loading each module really makes, in
-- a fresh Lua of its own with a hook on `require`.
local data = require "support.data"
local lua = require "support.lua"
local command = require "support.command"

local quote = command.quote

-- The layer of every module of the library, by name; nil for one outside it (dkjson, argparse).
local LAYERS = {
  { "sudoku.core", "sudoku.symbols", "sudoku.shape", "sudoku.show", "sudoku.number" },
  { "sudoku.board" },
  { "sudoku.format", "sudoku.format.*", "sudoku.variant", "sudoku.variant.*" },
  { "sudoku.records", "sudoku.records.*", "sudoku.gen", "sudoku.gen.*", "sudoku.leetcode",
    "sudoku.logic", "sudoku.play", "sudoku.heuristic", "sudoku.heuristic.*", "sudoku.lab", "sudoku.lab.*" },
  { "sudoku" },
  { "sudoku.cli", "sudoku.cli.*" },
}

local function layer_of(name)
  for level, names in ipairs(LAYERS) do
    for _, pattern in ipairs(names) do
      local prefix = pattern:match("^(.*)%*$")
      if name == pattern or (prefix and name:sub(1, #prefix) == prefix) then return level end
    end
  end
  if name == "sudoku" or name:match("^sudoku%.") then
    error("module " .. name .. " belongs to no layer: add it to LAYERS (and to docs/API.md)")
  end
  return nil
end

local function shell(line)
  local pipe = assert(io.popen(line))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

-- Every Lua module of the checkout: name -> path.
local function modules()
  local list = {}
  for path in shell("cd " .. quote(data.root) .. " && find lua -name '*.lua'"):gmatch("%S+") do
    local name = path:gsub("^lua/", ""):gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
    list[name] = path
  end
  return list
end

local function read(path)
  local f = assert(io.open(data.root .. path, "r"))
  local text = f:read("*a")
  f:close()
  return text
end

-- The modules a source names in require calls, comments left out: require "x", require("x"),
-- pcall(require, "x"), and the fixed part of require("sudoku.format." .. name).
local function written_requires(text)
  text = text:gsub("%-%-[^\n]*", "")
  local names = {}
  for _, pattern in ipairs({ "require%s*%(?%s*[\"']([^\"']+)[\"']",
                             "pcall%(%s*require%s*,%s*[\"']([^\"']+)[\"']" }) do
    for name in text:gmatch(pattern) do names[#names + 1] = name end
  end
  return names
end

-- The requires that loading `name` makes, in a Lua of its own: a list of {from, to}.
local HOOK = [[
local name = ...
local stack, real = {}, require
require = function(m)
  local from = stack[#stack]
  if from then io.write(from, " ", m, "\n") end
  if package.loaded[m] then return package.loaded[m] end
  stack[#stack + 1] = m
  local ok, result = pcall(real, m)
  stack[#stack] = nil
  if not ok then error(result, 0) end
  return result
end
require(name)
]]

local function loaded_requires(name)
  -- The core the suite runs against: SUDOKU_BUILD's (make sanitize, make test-cross), else the
  -- build of this Lua, as spec/helper.lua picks it.
  local build = data.build
  local setup = ("package.path = %q .. package.path; package.cpath = %q .. package.cpath")
    :format(data.root .. "lua/?.lua;" .. data.root .. "lua/?/init.lua;", build .. "/?.so;")
  local script = os.tmpname()
  local f = assert(io.open(script, "w"))
  f:write(setup, "\n", HOOK)
  f:close()
  local out = shell(lua.interpreter .. " " .. quote(script) .. " " .. quote(name) .. " 2>&1")
  os.remove(script)
  local edges = {}
  for from, to in out:gmatch("([%w%._]+) ([%w%._]+)\n") do edges[#edges + 1] = { from, to } end
  return edges, out
end

-- "a (layer 2) requires b (layer 3)" for an edge that points up, else nil.
local function upward(from, to)
  local a, b = layer_of(from), layer_of(to)
  if a and b and b > a then
    return ("%s (layer %d) requires %s (layer %d)"):format(from, a, to, b)
  end
  return nil
end

-- The string literals of a C file, comments and #include lines left out.
local function c_literals(path)
  local code = read(path):gsub("/%*.-%*/", ""):gsub("#include[^\n]*", "")
  local set, list = {}, {}
  for text in code:gmatch('"([^"\n]*)"') do set[text] = true end
  for text in pairs(set) do list[#list + 1] = text end
  table.sort(list)
  return list
end

-- The command line's modules and their code without comments: for name, code in cli_code(all).
local function cli_code(all)
  local names = {}
  for name in pairs(all) do
    if name == "sudoku.cli" or name:match("^sudoku%.cli%.") then names[#names + 1] = name end
  end
  table.sort(names)
  local k = 0
  return function()
    k = k + 1
    if names[k] then return names[k], (read(all[names[k]]):gsub("%-%-[^\n]*", "")) end
  end
end

describe("the library's layers", function()
  local all = modules()

  it("give every module a layer", function()
    for name in pairs(all) do
      assert.is_number(layer_of(name), name)
    end
  end)

  it("point one way in every require a module's source writes, lazy ones included", function()
    local wrong = {}
    for name, path in pairs(all) do
      for _, to in ipairs(written_requires(read(path))) do
        wrong[#wrong + 1] = upward(name, to)
      end
    end
    table.sort(wrong)
    assert.same({}, wrong)
  end)

  it("point one way in every require that loading a module makes", function()
    local wrong, seen = {}, 0
    for name in pairs(all) do
      local edges, out = loaded_requires(name)
      assert.is_nil(out:find("error"), name .. ": " .. out)
      for _, edge in ipairs(edges) do
        seen = seen + 1
        wrong[#wrong + 1] = upward(edge[1], edge[2])
      end
    end
    table.sort(wrong)
    assert.same({}, wrong)
    assert.is_true(seen > 0)
  end)

  it("make no cycle of requires", function()
    local graph = {}
    for name, path in pairs(all) do
      graph[name] = {}
      for _, to in ipairs(written_requires(read(path))) do
        if all[to] then graph[name][#graph[name] + 1] = to end
      end
    end
    -- Depth-first search; a module met again while still on the path closes a cycle.
    local state, cycles = {}, {}
    local function visit(name, path)
      state[name] = "open"
      path[#path + 1] = name
      for _, to in ipairs(graph[name]) do
        if state[to] == "open" then
          local start
          for i, m in ipairs(path) do if m == to then start = i end end
          cycles[#cycles + 1] = table.concat(path, " -> ", start) .. " -> " .. to
        elseif not state[to] then
          visit(to, path)
        end
      end
      path[#path] = nil
      state[name] = "done"
    end
    for name in pairs(all) do
      if not state[name] then visit(name, {}) end
    end
    assert.same({}, cycles)
  end)

  it("leave the routing of records to the library: the command line names no door of the core's "
    .. "line pool or batch solver, nor of sudoku.records' batches", function()
    -- sudoku.records.route decides which records go to the line pool (in C), which to the
    -- batch solver and which to the record model; sudoku.records.blocks feeds the pool. The
    -- command's modules only parse options and turn the answers into output.
    local doors = { "line_pool", "solve_block", "solve_many", "rate_many", "solve_lines",
      "rate_lines", "canonical_set" }
    local found = {}
    for name, code in cli_code(all) do
      for _, door in ipairs(doors) do
        if code:find("%f[%w_]" .. door .. "%f[^%w_]") then found[#found + 1] = name .. " names " .. door end
      end
    end
    table.sort(found)
    assert.same({}, found)
  end)

  it("leave the loop over the records to the library: the command line reads records only "
    .. "through sudoku.records.stream, never through its parts (lines, blocks)", function()
    -- sudoku.records.stream reads the source, chunks the records, takes the line pool's blocks
    -- in order and gives the answers; the command opens the input and writes the answers.
    local parts = { "sudoku.records.lines", "sudoku.records.blocks" }
    local found = {}
    for name, code in cli_code(all) do
      for _, part in ipairs(parts) do
        if code:find(part, 1, true) then found[#found + 1] = name .. " names " .. part end
      end
    end
    table.sort(found)
    assert.same({}, found)
  end)

  it("leave every word to Lua: the command's line mode in C (csrc/batch/lineblock.c) writes no text "
    .. "of its own but numbers and line ends (a verdict's words are the caller's, handed down), "
    .. "and the batch (csrc/batch/batch.c) gives its faults as data (sudoku.format.fault words them)",
    function()
    assert.same({ "%lld\\n", "\\n" }, c_literals("csrc/batch/lineblock.c"))
    assert.same({}, c_literals("csrc/batch/batch.c"))
  end)

  it("leave the names of the formats to the format registry, not to the command line", function()
    -- sudoku.format.NAMES is the one list; --from, --to and --help take theirs from it.
    local format = require "sudoku.format"
    local source = read("lua/sudoku/cli.lua") .. read("lua/sudoku/cli/parser.lua")
      .. read("lua/sudoku/cli/jobs.lua") .. read("lua/sudoku/cli/options.lua")
    local readable = {}
    for _, name in ipairs(format.NAMES) do
      if not require("sudoku.format." .. name).write_only then readable[#readable + 1] = name end
    end
    assert.same(readable, format.READ_NAMES)
    for _, name in ipairs(format.NAMES) do
      if name ~= "line" and name ~= "svg" and name ~= "json" then
        assert.is_nil(source:find('"' .. name .. '"', 1, true), name)
      end
    end
  end)

end)

-- The C core's folders, one job each, in the order they may include one another: a file includes
-- files of its own folder and of folders before it, never after (docs/DEVELOPING.md, "The
-- engine"). csrc/api/, the C library's own, comes last.
local C_FOLDERS = { "engine", "rules", "fast9", "solve", "text", "canon", "logic", "batch", "binding",
                    "api" }

-- Every C source and header under csrc/: a list of paths from the checkout's root.
local function c_files()
  local list = {}
  for path in shell("cd " .. quote(data.root) .. " && find csrc -name '*.[ch]' | sort"):gmatch("%S+") do
    list[#list + 1] = path
  end
  return list
end

local function folder_rank(folder)
  for rank, name in ipairs(C_FOLDERS) do
    if name == folder then return rank end
  end
  return nil
end

describe("the C core's folders", function()
  local files = c_files()

  it("hold every C file of csrc/, none left on its top floor", function()
    assert.is_true(#files > 50)
    local stray = {}
    for _, path in ipairs(files) do
      if not folder_rank(path:match("^csrc/([^/]+)/[^/]+$") or "") then stray[#stray + 1] = path end
    end
    assert.same({}, stray)
  end)

  it("include one another only downward, by paths from the including file", function()
    local wrong = {}
    for _, path in ipairs(files) do
      local folder = path:match("^csrc/([^/]+)/")
      for target in read(path):gmatch('#%s*include%s+"([^"]+)"') do
        local other = target:match("^%.%./([^/]+)/[^/]+$") or (not target:find("/") and folder)
        if target == "../../include/sudoku.h" and folder == "api" then other = "api" end
        if not other or not folder_rank(other) then
          wrong[#wrong + 1] = path .. " includes " .. target .. ", not a path to a folder of csrc/"
        elseif folder_rank(other) > folder_rank(folder) then
          wrong[#wrong + 1] = path .. " (" .. folder .. ") includes " .. target .. ", a later folder"
        end
      end
    end
    assert.same({}, wrong)
  end)

  it("keep Lua's headers to the binding", function()
    local wrong = {}
    for _, path in ipairs(files) do
      local text = read(path):gsub("/%*.-%*/", "")
      if not path:find("^csrc/binding/") and text:find("#%s*include%s*[<\"]l[%w]*%.h[>\"]") then
        for name in text:gmatch("#%s*include%s*[<\"](l[%w]*%.h)[>\"]") do
          if name == "lua.h" or name == "lauxlib.h" or name == "lualib.h" then
            wrong[#wrong + 1] = path .. " includes " .. name
          end
        end
      end
    end
    assert.same({}, wrong)
  end)

  it("keep each C file under 800 lines", function()
    local long = {}
    for _, path in ipairs(files) do
      local _, lines = read(path):gsub("\n", "")
      if lines > 800 then long[#long + 1] = ("%s: %d lines"):format(path, lines) end
    end
    assert.same({}, long)
  end)
end)

-- One fault, one wording (docs/ARCHITECTURE.md, "Faults"): the words of a reader's fault are the
-- C library's, which a host of the C API needs without Lua, and the library takes them from there
-- (sudoku.core.fault_reason, sudoku.core.show_byte); "gave up" is the binding's, for b:solve and
-- b:count and for sudoku.format.fault alike. spec/fault_words_spec.lua shows them said alike.
describe("the words of a fault", function()
  -- Each phrase, as source text writes it, and the one file that may write it.
  local OWNERS = {
    ["unexpected character"] = "csrc/text/reader.c",
    ["expected a square number"] = "csrc/text/reader.c",
    ["cells, a board larger than"] = "csrc/text/reader.c",
    ["cannot infer a board size"] = "csrc/text/reader.c",
    ["cells, expected %d for size"] = "csrc/text/reader.c",
    [", found %"] = "csrc/text/reader.c",
    ["\\x%02X"] = "csrc/text/reader.c",
    ["gave up after %"] = "csrc/binding/lwords.c",
  }

  it("are written in one source file each, in C: no Lua module words them again", function()
    local sources = {}
    for _, path in pairs(modules()) do
      sources[#sources + 1] = { path = path, text = read(path):gsub("%-%-[^\n]*", "") }
    end
    for _, path in ipairs(c_files()) do
      sources[#sources + 1] = { path = path, text = table.concat(c_literals(path), "\n") }
    end
    local writers, expected = {}, {}
    for phrase, owner in pairs(OWNERS) do
      writers[phrase], expected[phrase] = {}, { owner }
      for _, source in ipairs(sources) do
        if source.text:find(phrase, 1, true) then table.insert(writers[phrase], source.path) end
      end
      table.sort(writers[phrase])
    end
    assert.same(expected, writers)
  end)
end)
