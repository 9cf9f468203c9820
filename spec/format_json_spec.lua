local dkjson = require "dkjson"
local sudoku = require "sudoku"
local format = require "sudoku.format"
local json = require "sudoku.format.json"
local record = require "sudoku.format.record"
local data = require "support.data"

local LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

-- From ../shared/data/variants: janko.at Sudoku/Chaos 001, Sudoku/Killer 001 and Sudoku 0764
-- (X), all by Otto Janko, with their published solutions.
local JIGSAW = {
  givens = "..43...1.2......",
  regions = { { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } }, { { 1, 4 }, { 2, 2 }, { 2, 3 }, { 2, 4 } },
    { { 3, 1 }, { 3, 2 }, { 4, 1 }, { 4, 2 } }, { { 3, 3 }, { 3, 4 }, { 4, 3 }, { 4, 4 } } },
  solution = "2143342112344312",
}
local KILLER_CAGES = {
  { sum = 9, cells = { { 1, 1 }, { 1, 2 }, { 2, 1 } } },
  { sum = 8, cells = { { 1, 3 }, { 2, 3 }, { 3, 3 } } },
  { sum = 3, cells = { { 1, 4 }, { 2, 4 } } },
  { sum = 7, cells = { { 2, 2 }, { 3, 2 }, { 4, 2 } } },
  { sum = 4, cells = { { 3, 1 }, { 4, 1 } } },
  { sum = 9, cells = { { 3, 4 }, { 4, 3 }, { 4, 4 } } },
}
local X = {
  givens = "..57..21.1.8...9..49.....87....3...1...217...5...4....63.....52..1...6.3.84..51..",
  solution = "365789214178423965492651387726538491849217536513946728637194852951872643284365179",
}

local function board_of(spec, values)
  local board = sudoku.Board.new(spec)
  local n = board:size()
  for i = 1, #values do
    local v = sudoku.symbols.value(values:sub(i, i), n)
    if v ~= 0 then board:set(math.floor((i - 1) / n) + 1, (i - 1) % n + 1, v) end
  end
  return board
end

local function read_all(text, opts)
  local out = {}
  for rec, err, where in format.records(text, "json", opts) do
    out[#out + 1] = rec or { err = err, where = where }
  end
  return out
end

local function read_one(text, opts)
  return assert(format.read(text, "json", opts))
end

-- The first failure of reading `text`: its message and where.
local function first_error(text, opts)
  for rec, err, where in format.records(text, "json", opts) do
    if not rec then return err, where end
  end
  error("no failure reading " .. text)
end

local function diagonal(n, which)
  local cells = {}
  for k = 1, n do cells[k] = { k, which == "main" and k or n + 1 - k } end
  return cells
end

-- Everything a record read back must keep of the one written.
local function assert_same_record(expected, got)
  local board = expected.board
  assert.is_true(board == got.board)
  assert.same({ board:size() }, { got.board:size() })
  assert.same(board:jigsaw(), got.board:jigsaw())
  assert.same(board:regions(), got.board:regions())
  local n = board:size()
  for r = 1, n do
    for c = 1, n do
      assert.equal(record.is_given(expected, r, c), record.is_given(got, r, c))
      assert.same(record.candidates(expected, r, c), record.candidates(got, r, c))
    end
  end
  assert.equal(expected.candidates ~= nil, got.candidates ~= nil)
  assert.same(expected.constraints, got.constraints)
  assert.same(expected.meta, got.meta)
  assert.equal(expected.comment, got.comment)
end

-- Writes, reads back and checks; the text of the copy is the same again.
local function round_trip(rec)
  local text = format.write(rec, "json")
  assert.is_nil(text:find("\n"))
  local back = read_one(text)
  assert_same_record(rec, back)
  assert.equal(text, format.write(back, "json"))
  return back, text
end

-- A record with the first `given` filled cells of `board` as givens, the rest filled in later.
local function partly_given(board, given)
  local n = board:size()
  local givens, count = {}, 0
  for i = 1, n * n do
    if board:get(math.floor((i - 1) / n) + 1, (i - 1) % n + 1) ~= 0 and count < given then
      givens[i], count = true, count + 1
    end
  end
  return record.new(board, { givens = givens })
end

-- Marks for some empty cells: the first two candidates of every third one.
local function some_candidates(board)
  local n = board:size()
  local out = {}
  for i = 1, n * n, 3 do
    local r, c = math.floor((i - 1) / n) + 1, (i - 1) % n + 1
    if board:get(r, c) == 0 then
      local marks = board:candidates(r, c)
      out[i] = { marks[1], marks[2] }
    end
  end
  return out
end

describe("sudoku.format.json", function()
  it("has the format module's fields", function()
    assert.equal("json", json.name)
    assert.equal("\n", json.separator)
    assert.is_string(json.summary)
    assert.equal(json, format.get("json"))
  end)

  describe("writing", function()
    it("writes the keys in a fixed order on one line", function()
      local board = board_of({ size = 4 }, "12..............")
      local rec = record.new(board, {
        givens = { [1] = true }, candidates = { [3] = { 3, 4 } }, comment = "two",
        meta = { name = "tiny", author = "me", id = "t-1" },
      })
      assert.equal('{"size":4,"box":[2,2],"givens":"1...............",'
        .. '"values":"12..............","candidates":[null,null,"34"' .. (",null"):rep(13) .. '],'
        .. '"name":"tiny","comment":"two","meta":{"author":"me","id":"t-1"}}',
        format.write(rec, "json"))
    end)

    it("writes a plain board with its givens only", function()
      assert.equal('{"size":9,"box":[3,3],"givens":"' .. LEET .. '"}',
        format.write(board_of({ size = 9 }, LEET), "json"))
    end)

    it("writes a jigsaw with box null and its regions first", function()
      local board = board_of({ size = 4 }, JIGSAW.givens)
      board:set_regions(JIGSAW.regions)
      assert.equal('{"size":4,"box":null,"givens":"..43...1.2......","regions":'
        .. '[[[1,1],[1,2],[1,3],[2,1]],[[1,4],[2,2],[2,3],[2,4]],[[3,1],[3,2],[4,1],[4,2]],'
        .. '[[3,3],[3,4],[4,3],[4,4]]]}', format.write(board, "json"))
    end)

    it("leaves the diagonals out of regions when constraints.diagonals puts them back", function()
      local board = board_of({ size = 9 }, X.givens)
      board:add_region(diagonal(9, "main"))
      board:add_region(diagonal(9, "anti"))
      board:add_region({ { 1, 1 }, { 9, 9 } })
      local text = format.write(record.new(board, { constraints = { diagonals = { "main", "anti" } } }),
        "json")
      assert.equal('{"size":9,"box":[3,3],"givens":"' .. X.givens .. '","regions":[[[1,1],[9,9]]],'
        .. '"constraints":{"diagonals":["main","anti"]}}', text)
    end)

    it("writes constraint objects with sorted keys", function()
      local rec = record.new(sudoku.Board.new{ size = 4 }, { constraints = { cages = KILLER_CAGES } })
      local text = format.write(rec, "json")
      assert.truthy(text:find('"constraints":{"cages":[{"cells":[[1,1],[1,2],[2,1]],"sum":9},', 1, true))
    end)
  end)

  describe("round trips", function()
    it("4x4 with givens, filled-in values, candidates, name, comment and meta", function()
      local board = board_of({ size = 4 }, "1234341221434321")
      local rec = partly_given(board, 6)
      for i = 9, 16 do
        board:set(math.floor((i - 1) / 4) + 1, (i - 1) % 4 + 1, 0)
      end
      rec.candidates = some_candidates(board)
      rec.comment = "a \"quoted\" comment"
      rec.meta = { name = "four", author = "A. Setter", date = "2026-11-23" }
      local back = round_trip(rec)
      assert.equal(6, record.givens_board(back):filled())
      assert.equal(8, back.board:filled())
    end)

    it("6x6 with 2x3 and with 3x2 boxes", function()
      local values = "123456456123231564564231312645645312"
      for _, box in ipairs({ { 2, 3 }, { 3, 2 } }) do
        local board = sudoku.Board.new{ box = box }
        for i = 1, 12 do
          board:set(math.floor((i - 1) / 6) + 1, (i - 1) % 6 + 1, tonumber(values:sub(i, i)))
        end
        local back, text = round_trip(partly_given(board, 8))
        assert.same({ 6, box[1], box[2] }, { back.board:size() })
        assert.truthy(text:find(('"box":[%d,%d]'):format(box[1], box[2]), 1, true))
      end
    end)

    it("9x9 with some cells solved", function()
      local board = board_of({ size = 9 }, LEET)
      local rec = partly_given(board, 30)
      board:set(5, 5, 5)
      rec.candidates = some_candidates(board)
      round_trip(rec)
    end)

    it("16x16 with letters and candidates", function()
      local board = sudoku.Board.new{ size = 16 }
      for k = 1, 16 do board:set(k, k, k) end
      local rec = record.new(board, { candidates = some_candidates(board) })
      local _, text = round_trip(rec)
      assert.truthy(text:find('"givens":"1' .. ("."):rep(16) .. "2", 1, true))
      assert.truthy(text:find("G", 1, true))
    end)

    it("a jigsaw, with an extra region after the jigsaw ones", function()
      local board = board_of({ size = 4 }, JIGSAW.givens)
      board:set_regions(JIGSAW.regions)
      board:add_region(diagonal(4, "main"))
      local back = round_trip(record.new(board))
      assert.same(JIGSAW.regions, back.board:jigsaw())
      assert.equal(1, #back.board:regions())
      assert.is_nil((select(2, back.board:size())))
    end)

    it("an X-sudoku: the diagonals come back as regions and solve as one", function()
      local board = board_of({ size = 9 }, X.givens)
      board:add_region(diagonal(9, "main"))
      board:add_region(diagonal(9, "anti"))
      local back = round_trip(record.new(board, { constraints = { diagonals = { "main", "anti" } } }))
      assert.equal(2, #back.board:regions())
      local solved = back.board:copy()
      assert.is_true(solved:solve())
      assert.equal(X.solution, solved:format())
    end)

    it("a killer: the cages are kept as they are, and their rules come back once", function()
      local board = sudoku.Board.new{ size = 4 }
      assert(sudoku.variant.apply(board, { cages = KILLER_CAGES }))
      local rec = record.new(board, {
        constraints = { cages = KILLER_CAGES }, meta = { solution = "2341413232141423" },
      })
      assert.is_nil(format.write(rec, "json"):find('"rules"', 1, true))
      local back = round_trip(rec)
      assert.same(KILLER_CAGES, back.constraints.cages)
      assert.equal(#KILLER_CAGES, #back.board:rules())
      local solved = back.board:copy()
      assert.is_true(solved:solve())
      assert.equal("2341413232141423", solved:format())
    end)

    it("every family of the schema, at the top level: the same board, rules and text", function()
      local text = '{"size":9,"givens":"' .. ("."):rep(81) .. '",'
        .. '"arrows":[{"circle":[1,1],"lines":[[[1,2],[1,3]],[[2,1]]]}],'
        .. '"little_killers":[{"sum":20,"clue":[0,4],"direction":"DR"}],'
        .. '"whispers":[[[5,1],[5,2],[5,3]]],"renbans":[[[6,1],[6,2],[6,3]]],'
        .. '"palindromes":[[[7,1],[7,2],[7,3]]],"sandwiches":[{"row":9,"sum":10},{"column":9,"sum":0}],'
        .. '"kropki_white":[[[3,5],[3,6]]],"kropki_black":[[[4,5],[4,6]]],"ratio_negative":true,'
        .. '"xv":[{"type":"V","cells":[[8,5],[8,6]]}],"odd":[[2,8]],"even":[[3,8]],'
        .. '"thermos":[[[5,5],[6,5],[7,5]]],"cages":[{"sum":10,"cells":[[1,8],[1,9]]}],'
        .. '"diagonals":["anti"],"antiking":true}'
      local rec = assert(format.read(text, "json"))
      local written = format.write(rec, "json")
      local back = assert(format.read(written, "json"))
      assert.is_true(back.board == rec.board)
      assert.same(rec.constraints, back.constraints)
      assert.equal(written, format.write(back, "json"))
      assert.is_nil(written:find('"rules"', 1, true))
      -- One rule a family at least: 1 arrow, 1 sum, 2 whispers, ... (the clues are made up, so
      -- the board need not solve).
      assert.is_true(#back.board:rules() > 100)
      assert.same(rec.board:rules(), back.board:rules())
    end)

    it("a board's rules: kind, cells and fields come back, and solving honours them", function()
      local board = board_of({ size = 4 }, "12..............")
      for _, pair in ipairs(require("support.variants").knight_pairs(4)) do
        board:add_rule{ kind = "different", cells = pair }
      end
      local back, text = round_trip(record.new(board))
      assert.same(board:rules(), back.board:rules())
      assert.matches('"rules":[{"cells":[[1,1],[2,3]],"kind":"different"},', text, 1, true)
      local plain = board:copy()
      plain:clear_rules()
      assert.is_true(board:count() < plain:count())
      assert.equal(board:count(), back.board:count())
    end)
  end)

  describe("reading", function()
    it("reads JSON Lines, skipping blank and '#' lines, with record numbers and lines", function()
      local recs = read_all('# puzzles\n{"size":4}\n\n{"givens":"' .. LEET .. '"}\n')
      assert.equal(2, #recs)
      assert.same({ 2, 1 }, { recs[1].line, recs[1].index })
      assert.same({ 4, 2 }, { recs[2].line, recs[2].index })
      assert.equal(9, (recs[2].board:size()))
      assert.equal(LEET, recs[2].board:format())
      assert.is_nil(recs[2].givens)
    end)

    it("reads a pretty-printed object spanning lines", function()
      local rec = read_one('\n{\n  "size": 4,\n  "box": [1, 4],\n  "givens": "1..............."\n}\n')
      assert.equal(2, rec.line)
      assert.same({ 4, 1, 4 }, { rec.board:size() })
    end)

    it("reads a top-level array element by element, on one line or on many", function()
      local one = read_all('[{"size":4},{"size":9},{"size":6,"box":[3,2]}]')
      assert.equal(3, #one)
      assert.same({ 6, 3, 2 }, { one[3].board:size() })
      local many = read_all('[\n  {\n    "size": 4\n  },\n  {"size": 9}\n]\n{"size": 16}\n')
      assert.equal(3, #many)
      assert.same({ 2, 5, 7 }, { many[1].line, many[2].line, many[3].line })
      assert.equal(16, (many[3].board:size()))
    end)

    it("gets the size from givens, and uses opts.size and opts.box when the record has none", function()
      assert.same({ 6, 2, 3 }, { read_one('{"givens":"' .. ("."):rep(36) .. '"}').board:size() })
      assert.same({ 6, 3, 2 }, { read_one('{"size":6}', { box = { 3, 2 } }).board:size() })
      assert.equal(4, (read_one('{}', { size = 4 }).board:size()))
      -- The record's own shape wins.
      assert.same({ 6, 2, 3 }, { read_one('{"size":6,"box":[2,3]}', { box = { 3, 2 } }).board:size() })
    end)

    it("keeps givens apart from filled-in values", function()
      local rec = read_one('{"size":4,"givens":"1...............","values":"12.............."}')
      assert.same({ [1] = true }, rec.givens)
      assert.equal(2, rec.board:get(1, 2))
      assert.is_false(record.is_given(rec, 1, 2))
      assert.equal(1, record.givens_board(rec):filled())
    end)

    it("reads a null member as an absent one, but for box", function()
      local rec = read_one('{"size":4,"givens":null,"regions":null,"candidates":null,'
        .. '"constraints":null,"name":null,"meta":null,"comment":null}')
      assert.equal(0, rec.board:filled())
      assert.same({}, rec.board:regions())
      assert.is_nil(rec.candidates)
      assert.is_nil(rec.constraints)
      assert.is_nil(rec.meta)
      assert.is_nil(rec.comment)
    end)

    it("reads candidates in ascending order, null for none", function()
      local entries = { '"42"', "null", '"314"' }
      for _ = 4, 16 do entries[#entries + 1] = "null" end
      local rec = read_one('{"size":4,"candidates":[' .. table.concat(entries, ",") .. "]}")
      assert.same({ [1] = { 2, 4 }, [3] = { 1, 3, 4 } }, rec.candidates)
    end)

    it("reads a flat record of the shared variants files", function()
      local rec = read_one(dkjson.encode({
        id = "x-1", name = "An X", size = 4, box = { 2, 2 }, givens = "1...............",
        diagonals = { "main", "anti" }, antiknight = true,
        cages = { { sum = dkjson.null, cells = { { 1, 1 }, { 1, 2 } } } },
        solution = "1234341221434321", unique = true, count = 1, variants = { "diagonals", "killer" },
        author = "A", url = "u", source = "s", license = "l", note = "n",
      }))
      assert.same({
        id = "x-1", name = "An X", solution = "1234341221434321", unique = "true", count = "1",
        variants = "diagonals,killer", author = "A", url = "u", source = "s", license = "l", note = "n",
      }, rec.meta)
      -- A null member is dropped: a cage without a sum.
      assert.same({
        diagonals = { "main", "anti" }, antiknight = true, cages = { { cells = { { 1, 1 }, { 1, 2 } } } },
      }, rec.constraints)
      assert.same({ diagonal(4, "main"), diagonal(4, "anti") }, rec.board:regions())
    end)

    it("reads a jigsaw's box null, with extra regions after the jigsaw ones", function()
      local rec = read_one(dkjson.encode({
        size = 4, box = dkjson.null, givens = JIGSAW.givens,
        regions = { JIGSAW.regions[1], JIGSAW.regions[2], JIGSAW.regions[3], JIGSAW.regions[4],
          { { 1, 1 }, { 2, 2 } } },
      }, { keyorder = { "size", "box" } }))
      assert.same(JIGSAW.regions, rec.board:jigsaw())
      assert.same({ { { 1, 1 }, { 2, 2 } } }, rec.board:regions())
      local solved = rec.board:copy()
      assert.is_true(solved:solve())
      assert.equal(JIGSAW.solution, solved:format())
    end)
  end)

  describe("errors", function()
    it("names the record, line and column of malformed JSON", function()
      local err, where = first_error('{"size":4}\n\n  {"size": 4, "givens": }')
      assert.equal("record 2, line 3, column 25: malformed JSON: no valid JSON value", err)
      -- The fault as data: where, and a format's own words for what.
      assert.same({ kind = "record", record = 2, line = 3, column = 25,
        reason = "malformed JSON: no valid JSON value" }, where)
    end)

    it("counts lines within a record that spans several", function()
      assert.equal("record 1, line 3, column 13: malformed JSON: unterminated string "
        .. "(the record starts on line 1)",
        (first_error('{\n  "size": 4,\n  "givens": "1...\n}')))
    end)

    it("names where the innermost string, array or object left open starts", function()
      assert.equal("record 1, line 1, column 20: malformed JSON: unterminated object",
        (first_error('{"size":4,"rules":[{"kind":"cage"')))
      assert.equal("record 1, line 2, column 3: malformed JSON: unterminated array "
        .. "(the record starts on line 1)", (first_error('{"size":4,"regions":\n  [[1, 1]')))
    end)

    it("says when an array is not closed", function()
      local recs = read_all('[{"size":4},\n{"size":4}')
      assert.equal(3, #recs)
      assert.equal("record 3, line 1, column 1: the array opened here is not closed by ']'", recs[3].err)
    end)

    it("refuses a value that is no object", function()
      assert.equal("record 1, line 1, column 1: expected a JSON object, got a string", (first_error('"x"')))
      assert.equal("record 2, line 1, column 15: expected a JSON object, got a number",
        (first_error('[{"size": 4}, 3]')))
      assert.equal("record 1, line 1: malformed JSON: a member without a \"key\":",
        (first_error('{"size" 4}')))
    end)

    local cases = {
      { "givens of the wrong length", '{"size":4,"givens":"1234"}',
        "givens has 4 cells, expected 16 for size 4" },
      { "givens of no square length", '{"givens":"123"}',
        "givens has 3 cells, expected a square number such as 81" },
      { "an unexpected character in givens", '{"size":4,"givens":"..x............."}',
        "givens, cell 3 (r1c3): unexpected character 'x'" },
      { "a cell of a region off the board", '{"size":4,"regions":[[[1,1],[5,1]]]}',
        "regions[1][2]: cell [5, 1] is off the 4x4 board" },
      { "a region that repeats a cell", '{"size":4,"regions":[[[1,1],[1,1]]]}',
        "regions[1]: cell [1, 1] is listed twice" },
      { "a box that does not fit", '{"size":6,"box":[2,2]}', "box [2, 2] does not make a board of size 6" },
      { "a box that is no pair", '{"size":4,"box":"2x2"}',
        "box must be [rows, cols] with positive integers, or null for a jigsaw" },
      { "a size out of range", '{"size":65}', "size must be an integer 1..64" },
      { "a jigsaw without its regions", '{"size":4,"box":null,"regions":[[[1,1]]]}',
        "regions: box is null (a jigsaw) but there are 1 regions, not the 4 that replace the boxes" },
      { "jigsaw regions that overlap",
        '{"size":4,"box":null,"regions":[[[1,1],[1,2],[2,1],[2,2]],[[1,3],[1,4],[2,3],[2,4]],'
          .. '[[3,1],[3,2],[4,1],[4,2]],[[3,3],[3,4],[4,3],[4,1]]]}',
        "regions[1..4] (jigsaw): cell (4, 1) is in regions 3 and 4" },
      { "a given that values changes",
        '{"size":4,"givens":"...1............","values":"...2............"}',
        "givens and values disagree at r1c4: givens has '1', values '2'" },
      { "a given that values leaves out",
        '{"size":4,"givens":"...1............","values":"................"}',
        "givens and values disagree at r1c4: givens has '1', values '.'" },
      { "marks for a filled cell",
        '{"size":4,"givens":"1...............","candidates":["12"' .. (",null"):rep(15) .. "]}",
        "candidates[1] (r1c1): marks for a filled cell" },
      { "a mark that is no symbol of the board",
        '{"size":4,"candidates":[null,"15"' .. (",null"):rep(14) .. "]}",
        "candidates[2] (r1c2): unexpected character '5'" },
      { "too few candidate entries", '{"size":4,"candidates":["12"]}',
        "candidates: expected a list of 16 entries (strings or null), got 1" },
      { "a bad diagonal", '{"size":4,"diagonals":["main","up"]}',
        "diagonals[2]: expected \"main\" or \"anti\", got \"up\"" },
      { "a board rule with a cell off the board",
        '{"size":4,"rules":[{"kind":"different","cells":[[1,1],[5,1]]}]}',
        "rules[1].cells[2]: cell [5, 1] is off the 4x4 board" },
      { "a board rule of a kind the core does not have",
        '{"size":4,"rules":[{"kind":"tiny","cells":[[1,1],[1,2]]}]}',
        "rules[1]: unknown kind of rule 'tiny'" },
      { "a board rule that is no object", '{"size":4,"rules":[3]}',
        "rules[1]: expected an object with \"kind\" and \"cells\"" },
      { "rules that are no list", '{"size":4,"rules":{"kind":"different"}}',
        "rules: expected a list of rules" },
      { "a rule given twice", '{"size":4,"antiking":true,"constraints":{"antiking":true}}',
        "'antiking' is given both at the top level and in constraints" },
      { "meta that is no object of strings", '{"size":4,"meta":{"a":[1]}}', "meta.a: expected a string" },
      { "f-puzzles' JSON, read as f-puzzles: a broken grid", '{"size":9,"grid":[[{"value":5,"given":true}]]}',
        "grid: expected 9 rows, got 1" },
      { "a grid without a size, which is not read as an empty board", '{"grid":[[{"value":5}]]}',
        "unknown key 'grid' (f-puzzles JSON has \"size\" and \"grid\")" },
      { "every top-level key that is no key, rule or string", '{"size":4,"clues":[[1]],"hints":3}',
        "unknown keys 'clues', 'hints'" },
      { "a puzzle's cells under another key, with no givens", '{"puzzle":"' .. ("1"):rep(16) .. '"}',
        "unknown key 'puzzle' (it holds 16 cells: a puzzle's cells go in \"givens\")" },
      { "a box that opts.box gives and the size does not take", '{"size":9}',
        "box [2, 2] (opts.box) does not make a board of size 9", { box = { 2, 2 } } },
    }
    for _, case in ipairs(cases) do
      it("names " .. case[1], function()
        local err, where = first_error(case[2], case[4])
        assert.equal("record 1, line 1: " .. case[3], err)
        assert.same({ kind = "record", record = 1, line = 1, reason = case[3] }, where)
      end)
    end

    it("goes on with the next record after a failure", function()
      local recs = read_all('{"size":4}\n{"size":4,"givens":"12"}\n{"size":4,"givens":"1...\n'
        .. '{"size":4,"regions":[\n{"size":9}\n')
      assert.equal(5, #recs)
      assert.is_true(record.is_record(recs[1]))
      assert.equal("record 2, line 2: givens has 2 cells, expected 16 for size 4", recs[2].err)
      assert.equal("record 3, line 3, column 20: malformed JSON: unterminated string", recs[3].err)
      -- A line starting with '{' where the broken record started begins the next record.
      assert.equal("record 4, line 4, column 21: malformed JSON: unterminated array", recs[4].err)
      assert.same({ 5, 5, 9 }, { recs[5].line, recs[5].index, (recs[5].board:size()) })
    end)
  end)

  describe("the shared variants files", function()
    local FILES = { "antiking", "antiknight", "consecutive", "jigsaw", "killer", "kropki", "mixed",
      "nonconsecutive", "oddeven", "thermo", "windoku", "x", "xv" }

    -- Every record of a file, as dkjson decodes it and as the reader gives it.
    local function each_record(name, check)
      local path = data.shared .. "variants/" .. name .. ".jsonl"
      local raw = {}
      for line in io.lines(path) do
        if line:find("%S") then raw[#raw + 1] = dkjson.decode(line, 1, dkjson.null) end
      end
      local f = assert(io.open(path))
      local i = 0
      for rec, err in format.records(f, "json") do
        assert(rec, err)
        i = i + 1
        check(raw[i], rec)
      end
      f:close()
      assert.equal(#raw, i)
      return i
    end

    it("reads every record with its shape, regions, givens and metadata", function()
      local records = 0
      for _, name in ipairs(FILES) do
        records = records + each_record(name, function(want, rec)
          local n, rows, cols = rec.board:size()
          assert.equal(want.size, n)
          assert.equal(want.id, rec.meta.id)
          if want.box == dkjson.null then
            assert.is_nil(rows)
            assert.same(want.regions, rec.board:jigsaw())
          else
            assert.same(want.box, { rows, cols })
            assert.equal(#(want.regions or {}) + #(want.diagonals or {}), #rec.board:regions())
          end
          assert.equal(#want.givens:gsub("%.", ""), record.givens_board(rec):filled())
          assert.equal(want.solution, rec.meta.solution)
        end)
      end
      assert.is_true(records > 1000)
    end)

    -- Every `step`-th record of every file (the first of each among them): built as
    -- sudoku.variant builds it, written, and read back to the same board, rules and text.
    local function round_trips(step)
      local records = 0
      for _, name in ipairs(FILES) do
        local k = 0
        each_record(name, function(want, rec)
          k = k + 1
          if k % step ~= 1 % step then return end
          assert.is_true(sudoku.variant.board(want) == rec.board, want.id)
          local text = format.write(rec, "json")
          local back = assert(format.read(text, "json"))
          assert.is_true(back.board == rec.board, want.id)
          assert.same(rec.constraints, back.constraints)
          assert.equal(text, format.write(back, "json"))
          records = records + 1
        end)
      end
      return records
    end

    it("builds every 8th record as sudoku.variant does, and writes text that reads back the same",
      function()
        assert.is_true(round_trips(8) > 200)
      end)

    it("does so for every record #slow", function()
      assert.is_true(round_trips(1) > 1700)
    end)
  end)
end)
