-- The Lua side of the `seams` harness (fuzz/fuzz_lua.c built with FUZZ_SCRIPT pointing here),
-- and of spec/fuzz_seams_spec.lua: one function that reads a fuzz input as a small program. Its
-- first bytes make a board (a size, givens that may clash, random native rules with random
-- cells and fields, hostile Lua rules that eliminate at random, raise, yield, return false,
-- keep their context for later or change the board under the search); the rest is a sequence
-- of calls across the API on it (solve, count, a Solver stepped, saved and restored, copies,
-- the logic, gen.puzzle, every format, a game), some inside a coroutine. Every call either
-- answers or raises a string or the Lua rule's own error value; an answer is checked (a solved
-- board keeps its givens, its units and its native rules, by spec/support/rule_check.lua); and
-- after any error the board still answers. A broken check raises here, which the harness
-- turns into a crash; the sanitizers catch the rest.
local sudoku = require "sudoku"
local logic = require "sudoku.logic"
local gen = require "sudoku.gen"
local format = require "sudoku.format"
local play = require "sudoku.play"
local rule_check = require "support.rule_check"

local Board, Solver = sudoku.Board, sudoku.Solver
local unpack = table.unpack or unpack -- luacheck: ignore 143 (Lua 5.1's global)

-- The error value a hostile Lua rule raises when it does not raise a string.
local RULE_ERROR = setmetatable({}, { __tostring = function() return "a rule's own error" end })

local SHAPES = { { 4 }, { 6, 2, 3 }, { 6, 3, 2 }, { 8 }, { 9 } }
local PAIR_KINDS = { "different", "consecutive", "ratio", "pair_sum", "not_consecutive", "not_ratio",
  "not_pair_sum", "less", "whisper" }
local LINE_KINDS = { "allowed", "thermo", "renban", "palindrome", "same_values", "cage", "sum",
  "arrow", "sandwich" }

-- A broken check: a value of its own, so that no pcall around library calls takes it for an
-- error the library may raise.
local FAILURE = {}
local function fail(what, detail)
  error(setmetatable({ text = ("seams: %s: %s"):format(what, detail) }, FAILURE), 0)
end

-- The input as a stream of small numbers; past its end, zeros.
local function reader(data)
  local pos = 0
  local r = {}
  function r.byte()
    pos = pos + 1
    return data:byte(pos) or 0
  end
  function r.below(n) return r.byte() % n + 1 end
  function r.left() return pos < #data end
  return r
end

local function random_cell(r, n) return { r.below(n), r.below(n) } end

local function random_cells(r, n, count)
  local cells = {}
  for i = 1, count do cells[i] = random_cell(r, n) end
  return cells
end

-- A native rule of a random kind on random cells, its fields random too: add_rule may refuse
-- it, with a message.
local function native_rule(r, n)
  if r.byte() % 2 == 0 then
    local spec = { kind = PAIR_KINDS[r.below(#PAIR_KINDS)], cells = random_cells(r, n, 2) }
    if r.byte() % 2 == 0 then spec.ratio = r.below(n + 1) end
    if spec.kind == "pair_sum" then spec.sum = r.below(2 * n + 1) end
    if spec.kind == "not_pair_sum" then spec.sums = { r.below(2 * n + 1) } end
    if spec.kind == "whisper" and r.byte() % 2 == 0 then spec.gap = r.below(n) end
    return spec
  end
  local kind = LINE_KINDS[r.below(#LINE_KINDS)]
  local spec = { kind = kind }
  if kind == "sandwich" then
    local row = r.below(n)
    spec.cells = {}
    for c = 1, n do spec.cells[c] = { row, c } end
  else
    spec.cells = random_cells(r, n, r.below(4))
  end
  if kind == "allowed" then spec.values = { r.below(n), r.below(n) } end
  if kind == "cage" or kind == "sum" or kind == "sandwich" then spec.sum = r.byte() % (n * 4) end
  if kind == "same_values" and r.byte() % 3 == 0 then spec.copies = r.below(2) - 1 end
  return spec
end

-- A Lua rule with a behaviour from the input. board is the board it goes on (a hostile rule
-- changes it under its own search); kept is where a rule leaves its context for later.
local function lua_rule(r, n, board, kept)
  local cells = random_cells(r, n, r.below(3) + 1)
  local behaviour = r.below(8)
  local target, value = random_cell(r, n), r.below(n)
  local calls = 0
  local spec = { kind = "lua", cells = cells, name = "rule " .. behaviour,
    level = ({ "cheap", "medium", "slow" })[r.below(3)] }
  function spec.propagate(ctx)
    calls = calls + 1
    if behaviour == 1 then                   -- eliminates a value somewhere, now and then
      if calls % 3 == 0 then return ctx:eliminate(target[1], target[2], value) end
    elseif behaviour == 2 then               -- raises a string on its 2nd call
      if calls == 2 then error("hostile rule " .. behaviour) end
    elseif behaviour == 3 then               -- raises a value of its own
      if calls == 2 then error(RULE_ERROR) end
    elseif behaviour == 4 then               -- yields (refused: not across the core)
      if calls == 3 then coroutine.yield(calls) end
    elseif behaviour == 5 then               -- fails the branch
      return calls % 4 ~= 0
    elseif behaviour == 6 then               -- keeps its context; reads with bad arguments
      kept.ctx = ctx
      ctx:has(target[1], target[2], n + 1)
    elseif behaviour == 7 then               -- changes the board under its search
      board:set(target[1], target[2], value)
    else                                     -- reads everything, eliminates nothing
      for _, cell in ipairs(cells) do ctx:candidates(cell[1], cell[2]) end
    end
    return true
  end
  return spec
end

-- Whether err is an error a call may raise on such a board: a message, or a rule's own value.
local function allowed_error(err)
  return type(err) == "string" or err == RULE_ERROR
end

-- What the last input did: calls answered and raised, by name (for the spec).
local tally = { answered = {}, raised = {} }

-- Runs f; an error must be allowed. Returns whether it answered, and its results.
local function try(what, f, ...)
  local results = { pcall(f, ...) }
  if not results[1] and not allowed_error(results[2]) then
    fail(what, "raised a " .. type(results[2]) .. ": " .. tostring(results[2]))
  end
  local list = results[1] and tally.answered or tally.raised
  list[what] = (list[what] or 0) + 1
  return unpack(results, 1, 6)
end

-- A solved board of the case keeps its givens, its units and its native rules.
local function check_solved(what, case, b)
  local n = b:size()
  if b:filled() ~= n * n then fail(what, "solved, not full") end
  for r = 1, n do
    for c = 1, n do
      local v = case.givens[(r - 1) * n + c]
      if v and b:get(r, c) ~= v then fail(what, ("lost the given at r%dc%d"):format(r, c)) end
    end
  end
  local broken = rule_check.grid(case.board, b)
  if broken then fail(what, broken) end
end

local BUDGET = { max_nodes = 300 }

local OPS = {
  function(case)   -- solve a copy within a budget
    local b = case.board:copy()
    local ok, solved = try("solve", b.solve, b, BUDGET)
    if ok and solved then check_solved("solve", case, b) end
  end,
  function(case)   -- count, and hold it against a solve
    local ok, count = try("count", case.board.count, case.board, 2, BUDGET)
    if ok and count == 0 and not case.hostile then
      local b = case.board:copy()
      local ok2, solved = try("solve after count", b.solve, b, BUDGET)
      if ok2 and solved then fail("count", "0 solutions, yet solve found one") end
    end
  end,
  function(case, r)   -- a Solver stepped, saved, restored
    local ok, s = try("Solver.new", Solver.new, case.board:copy(), { seed = r.byte() })
    if not ok then return end
    local ok2, status = try("step", s.step, s, r.below(40))
    if ok2 and status == "running" then
      local saved = s:save()
      local ok3, again = try("restore", Solver.restore, case.board:copy(), saved)
      if ok3 and again then try("step restored", again.step, again, 100) end
    elseif ok2 and status == "solved" then
      check_solved("Solver", case, s:board())
    end
  end,
  function(case)   -- copies are equal and keep the rules
    local copy = case.board:copy()
    if copy ~= case.board then fail("copy", "not equal to its board") end
    if #copy:rules() ~= #case.board:rules() then fail("copy", "lost rules") end
  end,
  function(case, r)   -- the logic, up to cheap techniques
    local opts = { max_rating = 2.0 + r.below(20) / 10 }
    local ok, pencil = try("pencil", logic.pencil, case.board)
    if not ok or not pencil then return end
    try("hint", pencil.hint, pencil, opts)
    try("find", pencil.find, pencil, opts)
    try("steps", logic.steps, case.board, opts)
    try("rate", logic.rate, case.board, opts)
    local ok2, board = try("pencil board", pencil.board, pencil)
    if ok2 and #board:rules() ~= #case.board:rules() then fail("pencil board", "lost rules") end
  end,
  function(case, r)   -- a puzzle from the board, bounded
    if case.board:size() > 6 then return end
    local ok, puzzle, solution = try("gen.puzzle", gen.puzzle,
      { board = case.board, seed = r.byte(), max_nodes = 50, attempts = 1, timeout = 0.2 })
    if ok and puzzle then check_solved("gen.puzzle", { board = puzzle, givens = {} }, solution) end
  end,
  function(case, r)   -- a format: written and read back, or refused with a reason
    local name = format.READ_NAMES[r.below(#format.READ_NAMES)]
    local ok, text, why = try("write " .. name, format.write, case.board, name)
    if ok and not text and type(why) ~= "string" then fail("write " .. name, "nil without a reason") end
    if ok and text then try("read " .. name, format.read, text, name) end
  end,
  function(case)   -- a game, and its hint (play.new counts without a bound: only boards that
    -- a bounded count settles)
    if case.board:size() > 6 then return end
    local counted, count = try("count for a game", case.board.count, case.board, 2, BUDGET)
    if not counted or not count then return end
    local ok, game = try("play.new", play.new, case.board)
    if ok and game then try("game hint", game.hint, game) end
  end,
  function(case, r)   -- a cell changes
    local n = case.board:size()
    try("set", case.board.set, case.board, r.below(n), r.below(n), r.byte() % (n + 1))
  end,
}

local fuzz = {}

--- Runs one input; raises a string for a broken check. Returns the calls it made that answered
-- and that raised, as {answered = {name = count}, raised = {name = count}}.
function fuzz.run(data)
  tally = { answered = {}, raised = {} }
  local ok, err = pcall(fuzz.program, data)
  if not ok then
    if getmetatable(err) == FAILURE then error(err.text, 0) end
    error(err, 0)
  end
  return tally
end

function fuzz.program(data)
  local r = reader(data)
  local shape = SHAPES[r.below(#SHAPES)]
  local n = shape[1]
  local board = Board.new{ size = n, box = shape[2] and { shape[2], shape[3] } or nil }
  local case = { board = board, givens = {}, hostile = false }
  local kept = {}
  for _ = 1, r.byte() % 6 do
    local cell, v = random_cell(r, n), r.below(n)
    board:set(cell[1], cell[2], v)
    case.givens[(cell[1] - 1) * n + cell[2]] = v
  end
  for _ = 1, r.byte() % 4 do
    local spec
    if r.byte() % 3 == 0 then
      spec = lua_rule(r, n, board, kept)
      case.hostile = true
    else
      spec = native_rule(r, n)
    end
    -- A refusal names the kind and what is wrong with it ("whisper: gap must be ...").
    local ok, err = pcall(board.add_rule, board, spec)
    if not ok and (type(err) ~= "string" or not err:find(spec.kind .. ": ", 1, true)) then
      fail("add_rule", "refused without naming the kind: " .. tostring(err))
    end
  end
  local steps = 0
  while r.left() and steps < 12 do
    steps = steps + 1
    -- The givens are what is on the board now: a hostile rule or a set may have changed it.
    for i = 1, n * n do
      local v = board:get(math.floor((i - 1) / n) + 1, (i - 1) % n + 1)
      case.givens[i] = v ~= 0 and v or nil
    end
    local op = OPS[r.below(#OPS)]
    if r.byte() % 4 == 0 then
      local co = coroutine.wrap(function() op(case, r) end)
      local ok, err = pcall(co)
      if not ok and getmetatable(err) == FAILURE then error(err, 0) end
      if not ok and not allowed_error(err) then fail("coroutine", tostring(err)) end
    else
      op(case, r)
    end
    -- After anything, the board still answers, and a kept context refuses to work.
    case.board:copy()
    case.board:is_valid()
    if kept.ctx and pcall(kept.ctx.size, kept.ctx) then
      fail("context", "usable outside its rule's call")
    end
  end
end

return fuzz.run
