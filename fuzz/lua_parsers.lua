-- The Lua side of fuzz/fuzz_lua.c: one function that feeds a fuzz input to every text reader.
-- Readers must answer bad text with their documented failure values (nil/false and a message);
-- any error they raise reaches the C harness, which aborts (a crash for libFuzzer).
local sudoku = require "sudoku"
local format = require "sudoku.format"
local rule = require "sudoku.format.rule"

local READ_NAMES = {}
for _, name in ipairs(format.NAMES) do
  local module = format.get(name)
  if not module.write_only then READ_NAMES[#READ_NAMES + 1] = name end
end

-- At most this many records per reader and input: inputs are small, this only guards a bug
-- that would make an iterator run forever.
local MAX_RECORDS = 5000

local function fail(what, detail)
  error(("%s: %s"):format(what, detail), 0)
end

-- A message is printable ASCII: bytes of the input it quotes are escaped (\0, \xE9), so a NUL
-- or half a UTF-8 character never reaches a terminal or a log.
local function check_message(what, msg)
  if type(msg) ~= "string" or msg == "" then
    fail(what, "failure without a message (got " .. type(msg) .. ")")
  end
  local raw = msg:find("[\0-\31\127-\255]")
  if raw then
    fail(what, ("message has the raw byte %d at %d: %q"):format(msg:byte(raw), raw, msg))
  end
end

local function check_board(what, board)
  if getmetatable(board) ~= sudoku.core.board_meta then
    fail(what, "result is not a Board (got " .. type(board) .. ")")
  end
  local n = board:size()
  if n < 1 or n > sudoku.core.MAX_SIZE then fail(what, "board of size " .. tostring(n)) end
  -- Every value readable, the board's own checks answer.
  board:is_valid()
  board:is_solved()
  board:symbols()
end

local function parse(input, opts)
  local board, err = sudoku.parse(input, opts)
  if board then
    check_board("parse", board)
  else
    check_message("parse", err)
  end
end

local function records(input, name)
  local what = "records(" .. tostring(name) .. ")"
  local count = 0
  for rec, msg, where in format.records(input, name) do
    count = count + 1
    if count > MAX_RECORDS then fail(what, "more records than the input could hold") end
    if rec then
      if type(rec) ~= "table" then fail(what, "record is a " .. type(rec)) end
      check_board(what, rec.board)
      -- What was read can be written back in the same format and in the richest one.
      local text = format.write(rec, name or "json")
      if type(text) ~= "string" then fail(what, "write gave a " .. type(text)) end
    else
      if rec ~= false then fail(what, "step gave " .. tostring(rec)) end
      check_message(what, msg)
      if type(where) ~= "table" or type(where.line) ~= "number" then
        fail(what, "failure without a line number: " .. msg)
      end
    end
  end
end

-- Board:fill on a board the input's length fits, and on a 9x9: true, or nil and a message.
local function fill(input)
  local side = math.floor(math.sqrt(#input) + 0.5)
  for _, n in ipairs({ 9, side }) do
    if n >= 1 and n <= 25 then
      local board = sudoku.Board.new{ size = n }
      local ok, err = board:fill(input)
      if ok then
        check_board("fill", board)
        if board:symbols() ~= board:symbols(".") then fail("fill", "symbols differ") end
      else
        if ok ~= nil then fail("fill", "gave " .. tostring(ok)) end
        check_message("fill", err)
      end
    end
  end
end

-- sudoku.solve (the Lua reader, then Board:solve or the C shortcut) and solve_many (the C line
-- scanner and batch) must agree on a one-line puzzle: the same solution, or the same message
-- for a bad character or no solution, and both failing on a bad length. Only for lines of up to
-- 81 bytes (boards up to 9x9 solve at once) without the bytes the two read differently: the
-- Lua reader's separators (whitespace, '|', '+', '-') and the record rule's, where a line's
-- puzzle ends (sudoku.format.rule.SEPARATORS: ',', ';', '#').
local PUZZLE_ENDS = "[%s|+%-" .. rule.SEPARATORS:gsub("%p", "%%%0") .. "]"

local function agree(input)
  if #input == 0 or #input > 81 or input:find(PUZZLE_ENDS) then return end
  if input:sub(1, 3) == "\239\187\191" then return end
  local solution, err = sudoku.solve(input)
  local many, errors = sudoku.solve_many(input)
  local count = sudoku.count(input, 2)
  local counts = sudoku.solve_many(input, { limit = 2 })
  if solution then
    if many[1] ~= solution then
      fail("agree", ("solve gave %s, solve_many %s"):format(solution, tostring(many[1])))
    end
    if count ~= counts[1] or count < 1 then fail("agree", "counts differ") end
  elseif err == "no solution" then
    if errors[1] ~= "line 1: no solution" then fail("agree", "solve_many said " .. tostring(errors[1])) end
    if count ~= 0 or counts[1] ~= 0 then fail("agree", "a count for no solution") end
  elseif err:find("^line 1, column") then
    if errors[1] ~= err then
      fail("agree", ("solve said %q, solve_many %q"):format(err, tostring(errors[1])))
    end
  elseif many[1] ~= false then
    fail("agree", ("solve said %q, solve_many solved it"):format(err))
  end
end

return function(input)
  parse(input)
  parse(input, { size = 9 })
  parse(input, { box = { 2, 3 } })
  local name = format.detect(input)
  if name ~= nil and type(name) ~= "string" then fail("detect", "gave a " .. type(name)) end
  records(input, nil)
  for _, fname in ipairs(READ_NAMES) do records(input, fname) end
  fill(input)
  agree(input)
end
