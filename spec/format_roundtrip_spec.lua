-- Every format that reads and writes gives back what it wrote, for every box shape: one record
-- alone, and many records in one text with their numbers and first lines right.
local sudoku = require "sudoku"
local format = require "sudoku.format"
local record = require "sudoku.format.record"

local READ_WRITE = { "line", "grid", "hdu", "leetcode", "sdk", "sdm", "ss", "pencil", "hodoku",
  "json" }

-- The formats whose text shows the box shape (the others need opts.box for a shape other than
-- the squarest).
local KEEPS_BOX = { grid = true, ss = true, json = true }

local SHAPES = {
  { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 1, 5 }, { 3, 3 }, { 3, 4 }, { 4, 4 }, { 5, 5 },
}

-- A puzzle of the given box shape: a solved grid with about two cells in five cleared, in a
-- pattern that differs from board to board (seed).
local function puzzle(box, seed)
  local board = sudoku.Board.new{ box = box }
  assert(board:solve())
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      if (r * 7 + c * 3 + seed) % 5 < 2 then board:set(r, c, 0) end
    end
  end
  return board
end

local function shape_name(box)
  return ("%dx%d (%dx%d boxes)"):format(box[1] * box[2], box[1] * box[2], box[1], box[2])
end

-- Reads every record of `text`, failing the test on any that cannot be read.
local function read_all(text, name, opts)
  local out = {}
  for rec, err in format.records(text, name, opts) do
    assert(rec, err)
    out[#out + 1] = rec
  end
  return out
end

-- The line numbers at which each of the written records starts in the joined text.
local function start_lines(texts, separator)
  local starts, line = {}, 1
  local _, breaks = separator:gsub("\n", "")
  for i, text in ipairs(texts) do
    starts[i] = line
    local _, inner = text:gsub("\n", "")
    line = line + inner + breaks
  end
  return starts
end

describe("format round trips", function()
  for _, name in ipairs(READ_WRITE) do
    describe(name, function()
      local module = assert(format.get(name))

      for _, box in ipairs(SHAPES) do
        it("reads back what it writes on a " .. shape_name(box), function()
          local board = puzzle(box, 1)
          local text = format.write(board, name)
          local opts = not KEEPS_BOX[name] and { box = box } or nil
          local back = assert(format.read(text, name, opts))
          if name == "pencil" then
            -- An empty cell with one candidate reads back as a placed value: the text is what
            -- must not change.
            assert.are.equal(text, format.write(back, name))
          else
            assert.are.equal(board, back.board)
            assert.are.same({ board:size() }, { back.board:size() })
          end
        end)
      end

      if KEEPS_BOX[name] then
        it("shows the box shape, so that a 6x6 of 3x2 boxes reads back with no options", function()
          local board = puzzle({ 3, 2 }, 2)
          local back = assert(format.read(format.write(board, name), name))
          assert.are.same({ 6, 3, 2 }, { back.board:size() })
        end)
      end

      it("reads many records from one text, numbering them and their first lines", function()
        local boards, texts = {}, {}
        for i = 1, 3 do
          boards[i] = puzzle({ 3, 3 }, i)
          texts[i] = format.write(boards[i], name)
        end
        local joined = table.concat(texts, module.separator) .. "\n"
        local records = read_all(joined, name)
        assert.are.equal(3, #records)
        local starts = start_lines(texts, module.separator)
        for i, rec in ipairs(records) do
          assert.are.equal(i, rec.index)
          assert.are.equal(starts[i], rec.line)
          if name ~= "pencil" then assert.are.equal(boards[i], rec.board) end
        end
      end)

      it("is told apart from the other formats by detect()", function()
        local text = format.write(puzzle({ 3, 3 }, 4), name)
        local expected = name == "sdm" and "line" or name
        assert.are.equal(expected, format.detect(text))
        assert.are.equal(expected, format.detect(text .. module.separator .. text))
      end)
    end)
  end

  it("keeps which cells are givens through json, and svg draws them apart", function()
    local board = puzzle({ 2, 2 }, 3)
    local solved = board:copy()
    assert(solved:solve())
    local givens = {}
    for r = 1, 4 do
      for c = 1, 4 do
        if board:get(r, c) ~= 0 then givens[record.index(4, r, c)] = true end
      end
    end
    local rec = record.new(solved, { givens = givens })
    local back = assert(format.read(format.write(rec, "json"), "json"))
    assert.are.same(givens, back.givens)
    assert.are.equal(solved, back.board)
    local svg = format.write(back, "svg")
    local _, given_texts = svg:gsub('<text[^>]-class="given"', "")
    local _, filled_texts = svg:gsub('<text[^>]-class="filled"', "")
    assert.are.equal(board:filled(), given_texts)
    assert.are.equal(16 - board:filled(), filled_texts)
  end)
end)
