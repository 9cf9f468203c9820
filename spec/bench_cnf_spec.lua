-- The bench's CNF side (bench/cnf.lua, bench/sat_side.lua): the one-hot encoding a SAT solver is
-- timed on beside us (issue 37), the solver's answer read back as a grid, and one run of CaDiCaL
-- itself where it is installed.
local data = require "support.data"
local command = require "support.command"
package.path = data.root .. "?.lua;" .. package.path

local sudoku = require "sudoku"
local cnf = require "bench.cnf"
local sat = require "bench.sat_side"

-- A 4x4 puzzle (2x2 boxes) with four givens and one solution.
local PUZZLE4 = "...43....1....2."
local SOLUTION4 = "1234341221434321"
local classic = require "support.puzzles"
local PUZZLE9, SOLUTION9 = classic.P1, classic.S1

-- The clauses of a DIMACS text as lists of numbers, and its header's counts.
local function clauses_of(text)
  local header, list = nil, {}
  for line in text:gmatch("[^\n]+") do
    if line:sub(1, 1) == "p" then
      header = line
    else
      local clause = {}
      for word in line:gmatch("%S+") do clause[#clause + 1] = tonumber(word) end
      assert.equal(0, table.remove(clause), "a clause ends with 0: " .. line)
      list[#list + 1] = clause
    end
  end
  return header, list
end

-- The assignment of a grid: variable -> true/false, every cell's value true and the rest false.
local function assignment(grid, n)
  local values = {}
  for i = 1, n * n do
    local cell_value = sudoku.symbols.value(grid:sub(i, i), n)
    for v = 1, n do values[(i - 1) * n + v] = v == cell_value end
  end
  return values
end

-- How many clauses the assignment leaves unsatisfied.
local function unsatisfied(list, values)
  local count = 0
  for _, clause in ipairs(list) do
    local ok = false
    for _, literal in ipairs(clause) do
      if (literal > 0) == values[math.abs(literal)] then ok = true break end
    end
    if not ok then count = count + 1 end
  end
  return count
end

-- The solver's answer in the competition format for an assignment, a few literals a v line.
local function answer_of(values, top)
  local out, line = { "c a comment", "s SATISFIABLE" }, {}
  for var = 1, top do
    line[#line + 1] = values[var] and var or -var
    if #line == 7 then
      out[#out + 1] = "v " .. table.concat(line, " ")
      line = {}
    end
  end
  line[#line + 1] = 0
  out[#out + 1] = "v " .. table.concat(line, " ")
  return table.concat(out, "\n") .. "\n"
end

local function sorted_key(clause)
  local copy = {}
  for i, x in ipairs(clause) do copy[i] = x end
  table.sort(copy)
  return table.concat(copy, " ")
end

describe("bench CNF (bench/cnf.lua)", function()
  it("numbers a variable per cell and value, cell by cell", function()
    assert.equal(1, cnf.var(4, 1, 1, 1))
    assert.equal(4, cnf.var(4, 1, 1, 4))
    assert.equal(5, cnf.var(4, 1, 2, 1))
    assert.equal(17, cnf.var(4, 2, 1, 1))
    assert.equal(64, cnf.var(4, 4, 4, 4))
    assert.equal(15625, cnf.var(25, 25, 25, 25))
  end)

  it("writes a 4x4 puzzle with the exact header, clauses and variables", function()
    local board = assert(sudoku.parse(PUZZLE4))
    local text, variables, clauses = cnf.encode(board)
    -- 16 cells and 12 units x 4 values, each exactly one of 4 (1 clause + 6 pairs), + 4 givens.
    assert.equal(64, variables)
    assert.equal(4 * 16 * 7 + 4, clauses)
    assert.equal("p cnf 64 452\n", text:match("^[^\n]*\n"))
    local header, list = clauses_of(text)
    assert.equal("p cnf 64 452", header)
    assert.equal(452, #list)
    local by_length, used = {}, {}
    for _, clause in ipairs(list) do
      by_length[#clause] = (by_length[#clause] or 0) + 1
      for _, literal in ipairs(clause) do
        assert.is_true(literal ~= 0 and math.abs(literal) <= 64)
        used[math.abs(literal)] = true
        if #clause == 2 then assert.is_true(literal < 0) end
        if #clause == 4 then assert.is_true(literal > 0) end
      end
    end
    assert.same({ [1] = 4, [2] = 16 * 6 + 48 * 6, [4] = 64 }, by_length)
    for var = 1, 64 do assert.is_true(used[var], "variable " .. var .. " appears") end

    -- The at-least-one clauses, built here from the grid's geometry.
    local expected = {}
    local function add(cells, v)
      local clause = {}
      for k, rc in ipairs(cells) do clause[k] = cnf.var(4, rc[1], rc[2], v) end
      expected[sorted_key(clause)] = true
    end
    for r = 1, 4 do
      for c = 1, 4 do
        local clause = {}
        for v = 1, 4 do clause[v] = cnf.var(4, r, c, v) end
        expected[sorted_key(clause)] = true
      end
    end
    for v = 1, 4 do
      for i = 1, 4 do
        local row, col, box = {}, {}, {}
        local top, left = math.floor((i - 1) / 2) * 2, (i - 1) % 2 * 2
        for k = 1, 4 do
          row[k], col[k] = { i, k }, { k, i }
          box[k] = { top + math.floor((k - 1) / 2) + 1, left + (k - 1) % 2 + 1 }
        end
        add(row, v); add(col, v); add(box, v)
      end
    end
    local got = {}
    for _, clause in ipairs(list) do
      if #clause == 4 then got[sorted_key(clause)] = true end
    end
    assert.same(expected, got)

    -- The givens as unit clauses: row 1 column 4 is 4, row 2 column 1 is 3, ...
    local units = {}
    for _, clause in ipairs(list) do
      if #clause == 1 then units[#units + 1] = clause[1] end
    end
    table.sort(units)
    assert.same({ cnf.var(4, 1, 4, 4), cnf.var(4, 2, 1, 3), cnf.var(4, 3, 2, 1),
                  cnf.var(4, 4, 3, 2) }, units)
  end)

  it("is satisfied by the solution and by no other grid", function()
    local _, list = clauses_of((cnf.encode(assert(sudoku.parse(PUZZLE4)))))
    assert.equal(0, unsatisfied(list, assignment(SOLUTION4, 4)))
    -- Two values swapped in a row: columns and boxes break.
    local swapped = SOLUTION4:sub(2, 2) .. SOLUTION4:sub(1, 1) .. SOLUTION4:sub(3)
    assert.is_true(unsatisfied(list, assignment(swapped, 4)) > 0)
    -- A valid grid that changes the givens: the givens' unit clauses break.
    local other = SOLUTION4:gsub("[12]", { ["1"] = "2", ["2"] = "1" })
    assert.is_true(sudoku.parse(other):is_solved())
    assert.equal(2, unsatisfied(list, assignment(other, 4)))
    -- A cell with two values, or none.
    local values = assignment(SOLUTION4, 4)
    values[2] = true
    assert.is_true(unsatisfied(list, values) > 0)
    values = assignment(SOLUTION4, 4)
    values[1] = false
    assert.is_true(unsatisfied(list, values) > 0)
  end)

  it("counts 9x9 and 25x25 as the formula says", function()
    local board = assert(sudoku.parse(PUZZLE9))
    local variables, clauses = cnf.count(board)
    assert.equal(729, variables)
    assert.equal(4 * 81 * 37 + board:filled(), clauses)
    local text = cnf.encode(board)
    assert.equal(("p cnf 729 %d\n"):format(clauses), text:match("^[^\n]*\n"))
    local _, list = clauses_of(text)
    assert.equal(clauses, #list)
    variables, clauses = cnf.count(sudoku.Board.new{ size = 25 })
    assert.equal(15625, variables)
    assert.equal(752500, clauses)
  end)

  it("takes a jigsaw board's regions as its units", function()
    local board = sudoku.Board.new{ size = 4 }
    local regions = {
      { { 1, 1 }, { 1, 2 }, { 1, 3 }, { 2, 1 } }, { { 1, 4 }, { 2, 2 }, { 2, 3 }, { 2, 4 } },
      { { 3, 1 }, { 4, 1 }, { 4, 2 }, { 3, 2 } }, { { 3, 3 }, { 3, 4 }, { 4, 3 }, { 4, 4 } },
    }
    board:set_regions(regions)
    local _, list = clauses_of((cnf.encode(board)))
    assert.equal(448, #list)
    local got = {}
    for _, clause in ipairs(list) do got[sorted_key(clause)] = true end
    local first = {}
    for k, rc in ipairs(regions[2]) do first[k] = cnf.var(4, rc[1], rc[2], 3) end
    assert.is_true(got[sorted_key(first)])
  end)

  it("refuses what it does not encode: extra regions and rules", function()
    local board = sudoku.Board.new{ size = 4 }
    board:add_region({ { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 } })
    assert.has_error(function() cnf.encode(board) end, "cnf: extra regions are not encoded")
    board = sudoku.Board.new{ size = 4 }
    board:add_rule{ kind = "cage", cells = { { 1, 1 }, { 1, 2 } }, sum = 3 }
    assert.has_error(function() cnf.encode(board) end, "cnf: rules are not encoded")
  end)

  it("writes the same text to a file", function()
    local board = assert(sudoku.parse(PUZZLE4))
    local path = os.tmpname()
    local variables, clauses = cnf.write(board, path)
    local f = assert(io.open(path, "r"))
    local text = f:read("*a")
    f:close()
    os.remove(path)
    assert.equal((cnf.encode(board)), text)
    assert.same({ 64, 452 }, { variables, clauses })
  end)
end)

describe("bench CNF answers (cnf.decode)", function()
  it("reads a satisfying assignment back as the solution", function()
    assert.equal(SOLUTION4, cnf.decode(answer_of(assignment(SOLUTION4, 4), 64), 4))
    assert.equal(SOLUTION9, cnf.decode(answer_of(assignment(SOLUTION9, 9), 729), 9))
    -- 25x25: the symbols 1-9 then A-P, as the sets write them.
    local grid = {}
    for r = 0, 24 do
      for c = 0, 24 do
        local v = (r % 5 * 5 + math.floor(r / 5) + c) % 25 + 1
        grid[#grid + 1] = sudoku.symbols.symbol(v)
      end
    end
    grid = table.concat(grid)
    assert.is_true(sudoku.parse(grid):is_solved())
    assert.equal(grid, cnf.decode(answer_of(assignment(grid, 25), 15625), 25))
  end)

  it("fails for no answer, a cell without a value or with two, and a stray literal", function()
    local values = assignment(SOLUTION4, 4)
    local grid, why = cnf.decode("s UNSATISFIABLE\n", 4)
    assert.is_nil(grid)
    assert.matches("UNSATISFIABLE", why)
    grid, why = cnf.decode("c nothing\n", 4)
    assert.is_nil(grid)
    assert.matches("no answer", why)
    values[1] = false
    grid, why = cnf.decode(answer_of(values, 64), 4)
    assert.is_nil(grid)
    assert.matches("cell 1 %(row 1, column 1%) has no value", why)
    values[1], values[2] = true, true
    grid, why = cnf.decode(answer_of(values, 64), 4)
    assert.is_nil(grid)
    assert.matches("both 1 and 2", why)
    grid, why = cnf.decode("s SATISFIABLE\nv 1 65 0\n", 4)
    assert.is_nil(grid)
    assert.matches("no variable", why)
  end)
end)

describe("bench CaDiCaL side (bench/sat_side.lua)", function()
  it("runs for --only names of the 25x25 set, sat or cadical", function()
    for _, only in ipairs{ "25x25", "gecode_25x25", "sat", "cadical" } do
      assert.is_true(sat.wanted(only), only)
    end
    assert.is_true(sat.wanted(nil))
    for _, only in ipairs{ "16x16", "memory", "royle" } do assert.is_false(sat.wanted(only), only) end
  end)

  it("solves a 9x9 through cadical to its one solution #posix", function()
    local missing = command.missing_tool("cadical", "cadical")
    if missing then return pending(missing) end
    local r = sat.cadical(sat.find(), assert(sudoku.parse(PUZZLE9)), 30)
    assert.equal(SOLUTION9, r.grid)
    assert.is_false(r.capped)
    assert.is_number(r.cpu)
    assert.same({ 729, 4 * 81 * 37 + 35 }, { r.variables, r.clauses })
  end)
end)
