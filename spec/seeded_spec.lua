-- Seeded searches give the same results on every Lua the project supports (5.4, 5.3, 5.2, 5.1,
-- LuaJIT): the seed feeds the module's own generator (splitmix64, integer arithmetic in C) and
-- the search rules do the rest, so grids, enumeration orders and statistics below are golden
-- values. They change only when the search rules do (csrc/engine/solver.h), never with the Lua version.
-- A seed is read exactly: any integer from 5.3 on, any integral double on 5.1, 5.2 and LuaJIT,
-- so seeds up to 2^53 in magnitude mean the same on all of them.
local sudoku = require "sudoku"
local data = require "support.data"
local Board, Solver = sudoku.Board, sudoku.Solver

-- The first grid a seeded search puts on an empty size x size board.
local function grid(size, seed)
  local b = Board.new{size = size}
  assert.equal("solved", Solver.new(b, {seed = seed}):step())
  assert.is_true(b:is_solved())
  return b:format("line")
end

local NINE_2026 = "267835194358149762149762358824916537731584926695273841582497613476351289913628475"
local TWO_POW_53 = 9007199254740992

describe("seeded searches, the same on every Lua version", function()
  it("fill empty boards of 9, 16 and 25 values with golden grids", function()
    assert.equal(NINE_2026, grid(9, 2026))
    assert.equal("816BA937G42EDFC5G42E86159FDCAB7397A5FDCG6B83E214F3CDE2B4A15769G8CG93B7621DEF485A7A4238"
      .. "GFB596CED1D6E1954C2AG8B73F5BF8DAE1C734962G6C842F5ED31A7G9B125F637DE9BG84ACBD37G49A8CF521E6"
      .. "AEG9C18B467235FD29D67CF83G415ABEE81G4BA352C9FD674FBC5G267EAD1389357A1ED9F86BGC42",
      grid(16, 7))
    assert.equal("GHD62OB8F57LMIE493PKJCAN13BKFI2AE9LNHJ1687MOCDP54G15LC9GJMN4KBPDFA26EIHO873PEO84I7HD6A"
      .. "359CG1FNJMKL2BAJ7MNKCP13OG428LHDB56E9FIDNIE8J43CFGMHL7562KOPAB19OMB27L1DGA6NI89FCE3PKH4J5"
      .. "F6A1578KPICEDJBH4L9NOGM329LJKC5H2ONP1A34BI8GMEF7D64GH3P6M9BE25FOKDJ71A8LCIN59CJE43BH1M7GP"
      .. "OILA8DN2K6FK48HODN7J2596EA13PFBIMGCLNFGL3EO5K8HICBDJM926471APM26ADPLCI91F3NJKE47G5BOH87P1"
      .. "IBA6FMG82K4LN5OCH9J3EDHOPNFB5I37LD261EAK49G8JMC6I4GKHF12JE89AM7BCDL3NP5OC39BJMGLEOI4N7P2"
      .. "FH581D6KALAE5M8KN6D3CBGHOPIJ124F978D2719PA4CFJOK56NGM3LIHBEE7MP6C9OAHJKLFG3D5I2B1N8421F9L"
      .. "NEG7MDP8H3CKB64A5IOJJK5OG1D4LB967CIM8NAEF32PHBCNDA3I68K4O152PGJHF79ELMI834HF2J5PBAEMN9O1L"
      .. "7C6DGK",
      grid(25, 1))
  end)

  it("read negative seeds and seeds up to 2^53 exactly", function()
    -- -1 is the generator's state 2^64 - 1 on every version.
    assert.equal("951246873764835912832791654593618427218574369476329185129467538687953241345182796",
      grid(9, -1))
    assert.equal("816479325549823671273156984187594263654238719392761548465912837738645192921387456",
      grid(9, TWO_POW_53))
  end)

  it("take a float with an integral value as that integer", function()
    assert.equal(NINE_2026, grid(9, 2026.0))
  end)

  it("give the same statistics on a hard puzzle", function()
    local hard = data.shared_records("forum_hardest_1106_solved.txt")[1]
    local s = Solver.new(assert(sudoku.parse(hard[1])), {seed = 3})
    assert.equal("solved", s:step())
    assert.equal(hard[2], s:board():format("line"))
    local st = s:stats()
    assert.same({9, 8, 1, 7, 60, 10},
      {st.nodes, st.guesses, st.backtracks, st.max_depth, st.singles, st.hidden})
  end)

  it("enumerate the solutions of a puzzle with many in the same order, and all of them", function()
    local few = ".3..........1.......8....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    local b = assert(sudoku.parse(few))
    local s = Solver.new(b, {seed = 11})
    local first = {}
    for i = 1, 4 do
      assert.equal("solved", s:step())
      first[i] = b:format("line")
    end
    assert.same({
      "932675418674138592518942367821764953456893721793521846169357284287419635345286179",
      "932675418674138592518942367851764923426893751793521846169357284287419635345286179",
      "932675418674138952518942367821764593456893721793521846169357284287419635345286179",
      "932675418674198352518342967821764593496853721753921846169537284287419635345286179",
    }, first)
    local status
    repeat status = s:step() until status == "done"
    assert.equal(248, s:stats().solutions)
    assert.equal(248, assert(sudoku.parse(few)):count())
  end)

  it("reject seeds that are not integers, on every version alike", function()
    local b = Board.new{size = 4}
    for _, seed in ipairs { 1.5, -0.25, 2 ^ 63, -(2 ^ 64), 1 / 0, "7", true } do
      local ok, err = pcall(Solver.new, b, {seed = seed})
      assert.is_false(ok)
      assert.matches("seed must be an integer", err)
    end
    assert.has_error(function() Solver.new(b, {seed = 0 / 0}) end)
  end)

  -- Inherently version-specific: 5.3 and later have 64-bit integers, the others only doubles.
  if math.type then
    it("use every bit of a 64-bit integer seed (Lua 5.3 and later)", function()
      local above = grid(9, TWO_POW_53 + 1)
      assert.are_not.equal(grid(9, TWO_POW_53), above)
      assert.equal(above, grid(9, TWO_POW_53 + 1))
      grid(9, math.maxinteger)
      grid(9, math.mininteger)
    end)
  else
    it("read a seed beyond 2^53 as the double it is (Lua 5.1, 5.2, LuaJIT)", function()
      -- 2^53 + 1 has no double: the literal is 2^53 itself, so is the grid.
      assert.equal(grid(9, TWO_POW_53), grid(9, 9007199254740993))
      assert.equal(grid(9, 2 ^ 62), grid(9, 2 ^ 62 + 1))
    end)
  end
end)
