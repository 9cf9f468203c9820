-- Row (a): runs the C driver (bench/cbench.c, built by `make bench`) and reads its answers.
local cdriver = {}

local shell_quote = require("bench.shell").quote

-- Runs `cbench ARGS...` and returns its stdout; raises when it fails (it has already said why on
-- stderr: for a wrong answer, the file and line of the puzzle).
local function call(bin, args, what)
  local words = { shell_quote(bin) }
  for _, a in ipairs(args) do words[#words + 1] = shell_quote(a) end
  local p = assert(io.popen(table.concat(words, " "), "r"))
  local out = p:read("a")
  local ok, how, code = p:close()
  if not ok then
    error(("the C driver failed on %s (%s %s)"):format(what, how, tostring(code)), 0)
  end
  return out
end

local function fields(text)
  local t = {}
  for key, value in text:gmatch("([%w_]+)=(%S+)") do t[key] = tonumber(value) or value end
  return t
end

-- {compiler =, isa =, fast9_bytes =, board_bytes_9 =, board_bytes_16 =, board_bytes_25 =}
function cdriver.info(bin)
  local t = {}
  for line in call(bin, { "info" }, "info"):gmatch("[^\n]+") do
    local key, value = line:match("^([%w_]+)=(.*)$")
    if key then t[key] = tonumber(value) or value end
  end
  return t
end

-- Times the fast path over a dataset file: opts = {mode = "solve"|"count", limit =, expect =,
-- max =, runs =, budget =, portable =, any =, label =} (any: a solve may give any solution, for
-- puzzles with several). Returns {n =, of =, runs =, median =, min =,
-- max =, guesses =, isa =}.
function cdriver.run(bin, path, opts)
  local args = { opts.mode, path }
  if opts.mode == "count" then
    args[#args + 1] = tostring(opts.limit)
    args[#args + 1] = tostring(opts.expect)
  end
  if opts.max then args[#args + 1] = "-n"; args[#args + 1] = tostring(opts.max) end
  args[#args + 1] = "-r"; args[#args + 1] = tostring(opts.runs or 1)
  if opts.budget then args[#args + 1] = "-t"; args[#args + 1] = tostring(opts.budget) end
  if opts.portable then args[#args + 1] = "--portable" end
  if opts.any then args[#args + 1] = "--any" end
  local t = fields(call(bin, args, opts.label or path))
  if not t.median then error("the C driver said nothing usable on " .. (opts.label or path), 0) end
  return { n = t.puzzles, of = t.of, runs = t.runs, median = t.median, min = t.min, max = t.max,
           guesses = t.guesses, isa = t.isa }
end

return cdriver
