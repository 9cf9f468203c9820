-- gen.canonical: one representative per class of equivalent 9x9 puzzles (relabelled digits,
-- permuted bands, rows, stacks and columns, transposed), the least of the class row by row
-- with a blank below every digit, for deduplicating pipelines.
local sudoku = require "sudoku"
local data = require "support.data"
local lua = require "support.lua"

local gen = sudoku.gen

local function puzzles(name, count, field)
  local out = {}
  for i, rec in ipairs(data.shared_records(name)) do
    if i > count then break end
    out[#out + 1] = rec[field or 1]:sub(1, 81)
  end
  return out
end

-- A varied sample: sparse and dense puzzles, several solutions, full grids, near-empty grids.
local function sample()
  local list = {}
  for _, part in ipairs {
    puzzles("sudoku17_royle.txt", 60), puzzles("magictour_top1465.txt", 60),
    puzzles("serg_benchmark.txt", 30), puzzles("kaggle_1m_first10k_solved.txt", 30),
    puzzles("kaggle_1m_first10k_solved.txt", 3, 2),
    { ("."):rep(81), "1" .. ("."):rep(80), "12" .. ("."):rep(79), ("."):rep(40) .. "5" .. ("."):rep(40) },
  } do
    for _, p in ipairs(part) do list[#list + 1] = p end
  end
  return list
end

-- The image of line under a transform of gen.transform's shape: new cell (r, c) holds
-- values[old value at (rows[r], columns[c])], r and c swapped first when transposed.
local function apply(line, t)
  local cells = {}
  for r = 1, 9 do
    for c = 1, 9 do
      local ch = line:sub((t.rows[r] - 1) * 9 + t.columns[c], (t.rows[r] - 1) * 9 + t.columns[c])
      local v = tonumber(ch)
      local out = v and v > 0 and tostring(t.values[v]) or "."
      if t.transposed then cells[(c - 1) * 9 + r] = out else cells[(r - 1) * 9 + c] = out end
    end
  end
  return table.concat(cells)
end

describe("gen.canonical", function()
  it("gives every image of a puzzle under gen.transform the same form", function()
    for i, line in ipairs(sample()) do
      local form = assert(gen.canonical(line))
      for seed = 1, 3 do
        local image = gen.transform(sudoku.parse(line), 1000 * i + seed):format("line")
        assert.equal(form, (gen.canonical(image)), line .. " seed " .. seed)
      end
    end
  end)

  it("returns the transform that takes the puzzle to its form", function()
    for _, line in ipairs(sample()) do
      local form, t = gen.canonical(line)
      assert.equal(form, apply(line, t), line)
      local digits = {}
      for v = 1, 9 do digits[t.values[v]] = true end
      assert.equal(9, #digits)
    end
  end)

  it("is its own canonical form, and puts blanks first", function()
    for _, line in ipairs(sample()) do
      local form = gen.canonical(line)
      assert.equal(form, (gen.canonical(form)))
    end
    assert.equal(("."):rep(80) .. "1", (gen.canonical("1" .. ("."):rep(80))))
    assert.equal(("."):rep(81), (gen.canonical(("."):rep(81))))
  end)

  it("tells inequivalent puzzles apart: Royle's 17-clue puzzles have 32,772 different forms", function()
    local seen, n = {}, 0
    for _, rec in ipairs(data.shared_records("sudoku17_royle.txt")) do
      local form = assert(gen.canonical(rec[1]:sub(1, 81)))
      if not seen[form] then n = n + 1 end
      seen[form] = true
    end
    assert.equal(32772, n)
  end)

  it("is the least image of all 2 x 1296 x 1296 transforms (brute force, in C) #posix", function()
    local quote = function(s) return "'" .. s:gsub("'", "'\\''") .. "'" end
    local root, lib_dir = data.root, data.root .. "build/" .. lua.build .. "/lib/"
    local pipe = io.popen(("cd %s && env -u LD_PRELOAD make -s LUA_VERSION=%s lib && env -u LD_PRELOAD cc "
      .. "-std=c99 -O2 -Iinclude spec/support/canon_check.c %slibsudoku.a -pthread -o %scanon_check 2>&1")
      :format(quote(root), lua.build, quote(lib_dir), quote(lib_dir)))
    local built = pipe:read("*a")
    assert(pipe:close(), built)
    local input = os.tmpname()
    local f = assert(io.open(input, "w"))
    local list, written = sample(), 0
    for i = 1, #list, 9 do      -- every ninth, the near-empty grids too: about 1 s
      f:write(list[i], "\n")
      written = written + 1
    end
    for i = #list - 3, #list do
      f:write(list[i], "\n")
      written = written + 1
    end
    f:close()
    pipe = io.popen(quote(lib_dir .. "canon_check") .. " < " .. quote(input))
    local out = pipe:read("*a")
    pipe:close()
    os.remove(input)
    assert.equal("ok " .. written .. "\n", out)
  end)

  it("keeps one puzzle per class in a canonical_set", function()
    local set, firsts = gen.canonical_set(), 0
    for i, rec in ipairs(data.shared_records("sudoku17_royle.txt")) do
      if i > 3000 then break end
      local line = rec[1]:sub(1, 81)
      if set:add(line) then firsts = firsts + 1 end
      local image = gen.transform(sudoku.parse(line), i)
      assert.is_false(set:add(image), line)            -- a Board: the same class again
    end
    assert.equal(3000, firsts)
    assert.equal(3000, set:count())
    assert.is_true(set:bytes() >= 3000 * 41)
    assert.same({ nil, "r1c1 and r1c2 both hold 5: clashing givens have no canonical form" },
      { set:add("55" .. ("."):rep(79)) })
    assert.same({ nil, "80 cells, expected a square number such as 81" }, { set:add(("."):rep(80)) })
    assert.equal(3000, set:count())
  end)

  it("keeps the lines whose forms are new to the set (set:keep, dedup over the line pool)", function()
    local set = gen.canonical_set()
    local a, b = puzzles("sudoku17_royle.txt", 2)[1], puzzles("sudoku17_royle.txt", 2)[2]
    local function raw(form)
      return (form:gsub("%.", "0"):gsub("%d", function(d) return string.char(tonumber(d)) end))
    end
    local fa, fb = raw(gen.canonical(a)), raw(gen.canonical(b))
    assert.same({ "x\ny\n", 2, 0 }, { set:keep("x\ny\n", fa .. fb) })
    assert.same({ "", 1, 1 }, { set:keep("z\n", fb) })
    -- From the second form on; the last line may lack its newline.
    assert.is_true(set:add(puzzles("magictour_top1465.txt", 1)[1]))
    assert.same({ "w", 2, 1 }, { set:keep("v\nw", fa .. fa .. raw(gen.canonical(
      puzzles("serg_benchmark.txt", 1)[1])), 1) })
    assert.has_error(function() set:keep("1\n2\n", fa) end)
    assert.equal(4, set:count())
  end)

  it("returns a Board for a Board, and the same transform", function()
    local line = puzzles("magictour_top1465.txt", 1)[1]
    local board, t = gen.canonical(sudoku.parse(line))
    assert.equal(gen.canonical(line), board:format("line"))
    assert.same(select(2, gen.canonical(line)), t)
  end)

  it("says why a puzzle has no canonical form, and raises for what is no puzzle at all", function()
    assert.same({ nil, "r1c1 and r1c2 both hold 5: clashing givens have no canonical form" },
      { gen.canonical("55" .. ("."):rep(79)) })
    assert.same({ nil, "r1c1 and r2c1 both hold 5: clashing givens have no canonical form" },
      { gen.canonical("5" .. ("."):rep(8) .. "5" .. ("."):rep(71)) })
    assert.same({ nil, "80 cells, expected a square number such as 81" }, { gen.canonical(("."):rep(80)) })
    assert.same({ nil, "16 cells: a canonical form is defined for 9x9 puzzles only" },
      { gen.canonical(("."):rep(16)) })
    assert.same({ nil, "column 2: unexpected character '#'" }, { gen.canonical(".#" .. ("."):rep(79)) })
    assert.has_error(function() gen.canonical(42) end,
      "bad argument #1 to 'canonical' (Board or string expected, got number)")
    assert.has_error(function() gen.canonical(sudoku.Board.new { size = 6 }) end,
      "bad argument #1 to 'canonical' (a 9x9 board with 3x3 boxes and no extra regions or rules expected)")
    local x = sudoku.Board.new { size = 9 }
    x:add_region { { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 }, { 5, 5 }, { 6, 6 }, { 7, 7 }, { 8, 8 }, { 9, 9 } }
    assert.has_error(function() gen.canonical(x) end,
      "bad argument #1 to 'canonical' (a 9x9 board with 3x3 boxes and no extra regions or rules expected)")
  end)
end)
