-- `require "sudoku"` loads the core library and nothing it does not need: sudoku.leetcode,
-- sudoku.gen, sudoku.variant, sudoku.logic, sudoku.play, sudoku.heuristic and sudoku.lab are
-- loaded when their field is first read, and dkjson
-- only when a JSON format is used, so the library works without dkjson (the rockspec's only
-- dependency besides Lua), and using a JSON format then says what is missing. Each case runs in
-- a child process of the Lua running the specs, with package.path and package.cpath holding
-- only the checkout, so that no installed module (dkjson among them) can be found.
local data = require "support.data"
local lua = require "support.lua"
local command = require "support.command"

local quote = command.quote
local PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
local SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

-- Runs `body` (Lua source) in a child process whose module paths are the checkout's alone
-- (plus the system's when `system` is true); returns what it wrote, stderr included.
local function run(body, system)
  local root = data.root
  local path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua"
  local cpath = data.build .. "/?.so"
  local script = table.concat({
    ("package.path = %q"):format(path) .. (system and " .. ';' .. package.path" or ""),
    ("package.cpath = %q"):format(cpath) .. (system and " .. ';' .. package.cpath" or ""),
    body,
  }, "\n")
  local file = command.temp_file(script)
  local pipe = assert(io.popen(("%s %s 2>&1"):format(lua.interpreter, quote(file))))
  local out = pipe:read("*a")
  pipe:close()
  return out
end

describe("require 'sudoku'", function()
  after_each(function() command.cleanup() end)

  -- The modules the façade hands out as fields, loaded on the field's first read.
  local LAZY = { "leetcode", "gen", "variant", "logic", "play", "heuristic", "lab" }

  it("loads none of the modules of its lazy fields, nor dkjson", function()
    local out = run(([[
      local sudoku = require "sudoku"
      for _, key in ipairs({%s}) do
        io.write("sudoku.", key, "=", tostring(package.loaded["sudoku." .. key] ~= nil), " ",
          tostring(rawget(sudoku, key) ~= nil), " ")
      end
      io.write("dkjson=", tostring(package.loaded.dkjson ~= nil))
    ]]):format(("%q, "):rep(#LAZY):format((table.unpack or unpack)(LAZY))), true)
    local expected = {}
    for _, key in ipairs(LAZY) do expected[#expected + 1] = "sudoku." .. key .. "=false false " end
    assert.equal(table.concat(expected) .. "dkjson=false", out)
  end)

  for _, key in ipairs(LAZY) do
    it(("gives sudoku.%s, loaded on its first read, as the module require \"sudoku.%s\" gives")
      :format(key, key), function()
      local out = run(([[
        local sudoku = require "sudoku"
        local before = package.loaded["sudoku.%s"] ~= nil
        local field = sudoku.%s
        local kept = rawget(sudoku, "%s") == field
        io.write(tostring(before), " ", type(field), " ", tostring(field == require "sudoku.%s"),
          " ", tostring(kept))
      ]]):format(key, key, key, key), true)
      assert.equal("false table true true", out)
    end)
  end

  it("gives nil for a field that is neither its own nor a lazy one", function()
    local out = run([[
      local sudoku = require "sudoku"
      io.write(tostring(sudoku.nothing), " ", tostring(rawget(sudoku, "nothing")))
    ]], true)
    assert.equal("nil nil", out)
  end)

  it("works without dkjson: solving, the formats that are not JSON, generators, variants and "
    .. "the LeetCode shims", function()
    local out = run(([[
      assert(not pcall(require, "dkjson"), "dkjson was found")
      local sudoku = require "sudoku"
      local board = assert(sudoku.parse(%q))
      io.write(sudoku.solve(%q), "\n")
      io.write(tostring(#board:format("grid") > 81), " ", sudoku.format.write(board, "sdk"):sub(1, 9), "\n")
      local puzzle = sudoku.gen.puzzle{size = 4, seed = 1}
      io.write(tostring(puzzle:count(2)), "\n")
      local six = assert(sudoku.variant.board{size = 4, givens = ".....31...4.....",
        antiknight = true})
      io.write(tostring(six:size()), "\n")
      local grid = {}
      for r = 1, 9 do
        grid[r] = {}
        for c = 1, 9 do
          local ch = (%q):sub((r - 1) * 9 + c, (r - 1) * 9 + c)
          grid[r][c] = ch
        end
      end
      sudoku.leetcode.solveSudoku(grid)
      io.write(table.concat(grid[1]), "\n")
      io.write(tostring(package.loaded.dkjson), "\n")
    ]]):format(PUZZLE, PUZZLE, PUZZLE))
    assert.equal(SOLUTION .. "\ntrue 53..7....\n1\n4\n" .. SOLUTION:sub(1, 9) .. "\nnil\n", out)
  end)

  it("without dkjson, raises for a JSON format an error that names dkjson and how to install it",
    function()
    local out = run(([==[
      assert(not pcall(require, "dkjson"), "dkjson was found")
      local sudoku = require "sudoku"
      local board = assert(sudoku.parse(%q))
      for _, name in ipairs({"json", "fpuzzles", "fpuzzles_json"}) do
        local ok, err = pcall(sudoku.format.write, board, name)
        io.write(name, " ", tostring(ok), " ", tostring(err):match("^[^\n]*"), "\n")
      end
      local ok, err = pcall(function()
        for rec in sudoku.format.records('[["5","3",".",".","7",".",".",".","."]]', "leetcode") do
          local _ = rec
        end
      end)
      io.write("leetcode ", tostring(ok), " ", tostring(err):match("^[^\n]*"), "\n")
      -- Again: the same message, also on Lua 5.1 and LuaJIT, where a module that failed to
      -- load would only say "loop or previous error".
      ok, err = pcall(sudoku.format.write, board, "json")
      io.write("json ", tostring(ok), " ", tostring(err):match("^[^\n]*"), "\n")
    ]==]):format(PUZZLE))
    local message = "the JSON formats (json, fpuzzles, fpuzzles_json, leetcode) need the dkjson "
      .. "module, which cannot be loaded: install it (`luarocks install dkjson`, or Debian's "
      .. "lua-dkjson)"
    local lines = {}
    for line in out:gmatch("[^\n]+") do lines[#lines + 1] = line end
    assert.equal(5, #lines, out)
    for i, name in ipairs({ "json", "fpuzzles", "fpuzzles_json", "leetcode", "json" }) do
      assert.equal(name .. " false " .. message, lines[i])
    end
  end)

  it("with dkjson, reads and writes the JSON formats as before", function()
    local out = run(([[
      local sudoku = require "sudoku"
      local board = assert(sudoku.parse(%q))
      local text = sudoku.format.write(board, "json")
      local back = assert(sudoku.format.read(text, "json"))
      io.write(tostring(back.board == board), " ", tostring(package.loaded.dkjson ~= nil))
    ]]):format(PUZZLE), true)
    assert.equal("true true", out)
  end)
end)

-- `sudoku ARGS` from the checkout with `input` on stdin and `init` as LUA_INIT (which runs
-- before bin/sudoku); returns its stdout, with its exit status after it when `status` is set,
-- and its stderr.
local function sudoku_with(init, args, input, status)
  local in_path, err_path = command.temp_file(input), command.temp_file()
  local pipe = assert(io.popen(("cd %s && LUA_INIT=%s %s bin/sudoku %s <%s 2>%s%s")
    :format(quote(data.root), quote(init), lua.interpreter, args, quote(in_path),
            quote(err_path), status and "; echo $?" or "")))
  local out = pipe:read("*a")
  pipe:close()
  return out, command.read_file(err_path)
end

describe("the sudoku command without dkjson", function()
  after_each(function() command.cleanup() end)

  -- The command with a searcher in front of the others that refuses dkjson, so that the rest
  -- of the system's modules (argparse) are still found.
  local function sudoku(args, input)
    local hide = "table.insert(package.searchers or package.loaders, 1, function(n) "
      .. "if n == 'dkjson' then error('module dkjson not found (hidden)', 0) end end)"
    return sudoku_with(hide, args, input, true)
  end

  it("solves a line file as ever", function()
    local out, err = sudoku("solve", PUZZLE .. "\n")
    assert.equal(SOLUTION .. "\n0\n", out)
    assert.equal("", err)
  end)

  it("stops with status 2 and a message naming dkjson, no traceback, when JSON is asked for",
    function()
    local out, err = sudoku("convert --to json", PUZZLE .. "\n")
    assert.equal("2\n", out)
    assert.equal("sudoku: the JSON formats (json, fpuzzles, fpuzzles_json, leetcode) need the "
      .. "dkjson module, which cannot be loaded: install it (`luarocks install dkjson`, or "
      .. "Debian's lua-dkjson)\nmodule dkjson not found (hidden)\n", err)
  end)
end)

describe("the sudoku command on a plain puzzle list", function()
  after_each(function() command.cleanup() end)

  -- Which of the record model's modules the command loaded, written when bin/sudoku exits (by
  -- an os.exit that LUA_INIT wraps).
  local function loaded_after(args, input)
    local probe = "local exit = os.exit; os.exit = function(...) local t = {} "
      .. "for _, n in ipairs{'sudoku.format.parse', 'sudoku.board', 'sudoku.records'} do "
      .. "t[#t + 1] = n .. '=' .. tostring(package.loaded[n] ~= nil) end "
      .. "io.stderr:write(table.concat(t, ' '), '\\n') return exit(...) end"
    return sudoku_with(probe, args, input)
  end

  -- A pipeline's short runs (GNU parallel, a few hundred puzzles a process) start often: the
  -- puzzles go to the core's line reader, and the parser, the board and the record model are
  -- loaded only when a record needs the Lua path.
  it("solves it without loading the parser, the board or the record model", function()
    local out, err = loaded_after("solve", PUZZLE .. "\n" .. PUZZLE .. "\n")
    assert.equal(SOLUTION .. "\n" .. SOLUTION .. "\n", out)
    assert.equal("sudoku.format.parse=false sudoku.board=false sudoku.records=false\n", err)
  end)

  it("loads them for a record that takes the Lua path, and answers it the same", function()
    -- An answer in another format than the input's is written from the record.
    local out, err = loaded_after("solve --to grid", PUZZLE .. "\n")
    assert.equal("5 3 4 | 6 7 8 | 9 1 2", out:match("^[^\n]*"))
    assert.equal("sudoku.format.parse=true sudoku.board=true sudoku.records=true\n", err)
  end)
end)
