-- Builds the seed corpus of every harness under fuzz/corpus/<harness>/ from the shared data
-- sets: a fixed sample of lines from each file (the same run gives the same files), grids and
-- the other formats written from them, the variants' JSONL lines and examples/hdu1426.in.
--
--   make && LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
--     lua5.4 fuzz/make_corpus.lua ../shared/data
local format = require "sudoku.format"
local sudoku = require "sudoku"

local data = arg[1] or "../shared/data"
local out = "fuzz/corpus"

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function write(harness, name, bytes)
  os.execute("mkdir -p " .. out .. "/" .. harness)
  local f = assert(io.open(("%s/%s/%s"):format(out, harness, name), "wb"))
  f:write(bytes)
  f:close()
end

local function lines_of(text)
  local lines = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  return lines
end

-- Puzzle lines (not comments) of a file: the puzzle part before any ','.
local function puzzles(lines)
  local list = {}
  for _, line in ipairs(lines) do
    if line ~= "" and line:sub(1, 1) ~= "#" then list[#list + 1] = line:match("^[^,]*") end
  end
  return list
end

-- k lines spread evenly over the list.
local function sample(list, k)
  local picked = {}
  if #list == 0 then return picked end
  for i = 1, k do
    picked[#picked + 1] = list[math.floor((i - 1) * #list / k) + 1]
  end
  return picked
end

local DATA_FILES = {
  "forum_hardest_1106.txt", "forum_hardest_1106_solved.txt", "forum_hardest_1905_11plus.txt",
  "gecode_16x16.txt", "gecode_25x25.txt", "gecode_9x9_solved.txt", "invalid_rust_sudoku.txt",
  "kaggle_1m_first10k_solved.txt", "magictour_top1465.txt", "magictour_top1465_solved.txt",
  "rust_sudoku_testset_solved.txt", "serg_benchmark.txt", "sudoku17_royle.txt",
  "tdoku_test_puzzles.txt",
}
local WRITE_NAMES = { "grid", "hdu", "leetcode", "sdk", "sdm", "ss", "pencil", "json" }

local counter = 0
for fi, file in ipairs(DATA_FILES) do
  local all = lines_of(read(data .. "/" .. file))
  local tag = file:gsub("%.txt$", "")
  -- batch: the file's first lines (comments included) and a sample, under each mode byte.
  local head = table.concat(all, "\n", 1, math.min(#all, 6)) .. "\n"
  write("batch", tag .. "-head", string.char(fi % 16) .. head)
  local list = puzzles(all)
  local picked = sample(list, 3)
  write("batch", tag .. "-sample", string.char((fi * 5) % 16) .. table.concat(picked, "\n") .. "\n")
  for i, line in ipairs(picked) do
    counter = counter + 1
    if #line == 81 then
      write("fast9", tag .. "-" .. i, line)
    end
    -- solver: shape bytes, flags, budget, allocations, then the cells.
    local n = math.floor(math.sqrt(#line) + 0.5)
    if n * n == #line and n <= 16 then
      local r = math.floor(math.sqrt(n))
      local header = string.char(r - 1, math.floor(n / r) - 1, (counter * 37) % 128, 40, 200)
      write("solver", tag .. "-" .. i, header .. line)
    end
    -- lua: the line itself, and the puzzle written in some of the formats.
    write("lua", tag .. "-" .. i .. ".line", line .. "\n")
    local board = sudoku.parse(line)
    if board then
      for k = 1, 3 do
        local name = WRITE_NAMES[(counter + k) % #WRITE_NAMES + 1]
        write("lua", ("%s-%d.%s"):format(tag, i, name), format.write(board, name) .. "\n")
      end
    end
  end
end

-- Variants: one record per family, and a few of its lines together.
local families = io.popen("ls " .. data .. "/variants/*.jsonl"):read("a")
for path in families:gmatch("[^\n]+") do
  local tag = path:match("([^/]+)%.jsonl$")
  local lines = {}
  for _, line in ipairs(lines_of(read(path))) do
    if line ~= "" then lines[#lines + 1] = line end
  end
  write("lua", tag .. ".jsonl", lines[1] .. "\n")
  write("lua", tag .. "-3.jsonl", table.concat(sample(lines, 3), "\n") .. "\n")
  local rec = format.read(lines[1], "json")
  if rec then
    local n = rec.board:size()
    local _, r, c = rec.board:size()
    if r and n <= 16 then
      write("solver", tag, string.char(r - 1, c - 1, 8, 32, 100) .. rec.board:symbols())
    end
  end
end

write("lua", "hdu1426.in", read("examples/hdu1426.in"))
write("lua", "killer_4x4.jsonl", read("spec/fixtures/killer_4x4.jsonl"))
write("batch", "hdu-lines", "\0" .. read("examples/puzzles.txt"))

-- Saved searches (fuzz_restore.c): the harness's four searches, saved before their first step,
-- at a few node counts and at their first solutions. Byte 0 names the search; the text follows
-- without its "sdk1." prefix.
do
  local hard = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5"
  local wide = "...................................................9.7.3.B6..FD..9..G...C......4G..46...." ..
    "9F.3.B..C5.1...BE.86..G.B.....E2G...D....3...596.....1.F..C2.76...B.E3..1.8.4D....7F..5E......" ..
    "F...D..9..AB..FG.1.3.C8....2.....F.......8F...BC..62.97..1.6.A..59.C.GB2."
  local function descending(_, _, _, values)
    local order = {}
    for i = #values, 1, -1 do order[#order + 1] = values[i] end
    return order
  end
  local function six()
    local b = sudoku.Board.new{size = 6}
    assert(b:fill("1....." .. "..3..." .. "......" .. "......" .. "...4.." .. "....5."))
    local diagonal = {}
    for i = 1, 6 do diagonal[i] = {i, i} end
    b:add_region(diagonal)
    return b
  end
  local searches = {
    [0] = {function() return sudoku.parse(hard) end, {seed = 7, restart = {scale = 3}}},
    [1] = {function() return sudoku.parse(hard) end, {on_place = function() end, order_values = descending}},
    [2] = {function() return sudoku.parse(wide) end, {seed = 3}},
    [3] = {six, nil},
  }
  for setup = 0, 3 do
    local make, opts = searches[setup][1], searches[setup][2]
    for _, nodes in ipairs {0, 1, 3, 10, 30, 100} do
      local s = sudoku.Solver.new(make(), opts)
      if nodes > 0 then s:step(nodes) end
      write("restore", ("%d-%d"):format(setup, nodes), string.char(setup) .. assert(s:save()):sub(6))
    end
  end
end
