-- The memory table (issue 35): what a program's resident memory comes to when it makes and
-- drops solvers by the thousand, as a game that makes one per puzzle does. One child process
-- per size and collector mode makes a board, a Solver on it, steps it once (which sizes its
-- undo trail, most of its memory) and drops both, COUNT times; it then reports its peak
-- resident memory (VmHWM of /proc/self/status: Linux) and its CPU time. The table gives that
-- peak beside the interpreter's own before the loop and what one board and solver hold.
local report = require "bench.report"
local shell = require "bench.shell"

local churn = {}

churn.COUNT = 3000
churn.SIZES = { 9, 25, 64 }
churn.HEADER = { "size", "collector", "board + solver (`bytes()`)", "made and dropped",
                 "peak RSS", "RSS before the loop", "µs per pair (CPU)" }
churn.ALIGN = "llrrrrr"

-- The process's peak resident memory in kB, or nil where /proc/self/status has none.
local function peak_kb()
  local f = io.open("/proc/self/status", "r")
  if not f then return nil end
  local text = f:read("*a")
  f:close()
  return tonumber(text:match("VmHWM:%s*(%d+)"))
end

-- In the child: count boards and solvers of side size, each stepped once and dropped, with the
-- collector in mode ("default": as the interpreter starts). Writes one line
-- "before=KB peak=KB bytes=B cpu=S".
function churn.child(sudoku, size, count, mode)
  if mode ~= "default" then collectgarbage(mode) end
  local before, bytes = peak_kb(), 0
  local started = os.clock()
  for _ = 1, count do
    local board = sudoku.Board.new { size = size }
    local solver = sudoku.Solver.new(board)
    assert(solver:step(1) == "running")
    bytes = board:bytes() + solver:bytes()
  end
  local cpu = os.clock() - started
  io.write(("before=%d peak=%d bytes=%d cpu=%.6f\n"):format(before or -1, peak_kb() or -1,
                                                           bytes, cpu))
end

-- The collector modes to run: the interpreter's default, and on Lua 5.4 (whose lua5.4 starts
-- in generational mode) incremental too, the mode of a state that an embedding program makes.
local function modes()
  if _VERSION == "Lua 5.4" and not rawget(_G, "jit") then
    return { { "default", "generational (lua5.4's default)" }, { "incremental", "incremental" } }
  end
  return { { "default", "incremental (the only one)" } }
end

local function mb(kb) return kb and kb >= 0 and ("%.1f MB"):format(kb / 1024) or "–" end

-- The table's rows. opts.count (default COUNT): the pairs each child makes.
function churn.rows(opts)
  local count = opts and opts.count or churn.COUNT
  local rows = {}
  for _, size in ipairs(churn.SIZES) do
    for _, mode in ipairs(modes()) do
      local code = ("package.path = %q; package.cpath = %q; "
        .. "require('bench.churn').child(require('sudoku'), %d, %d, %q)")
        :format(package.path, package.cpath, size, count, mode[1])
      local out, status = shell.timed(("%s -e %s"):format(shell.quote(shell.interpreter()),
                                                            shell.quote(code)))
      local before, peak, bytes, cpu = out:match("before=(%-?%d+) peak=(%-?%d+) bytes=(%d+) cpu=([%d.]+)")
      if status ~= "0" or not before then
        error(("the %dx%d churn child failed:\n%s"):format(size, size, out), 0)
      end
      rows[#rows + 1] = { ("%dx%d"):format(size, size), mode[2],
                          report.number(tonumber(bytes)) .. " B", report.number(count),
                          mb(tonumber(peak)), mb(tonumber(before)),
                          report.auto(tonumber(cpu) / count * 1e6) }
    end
  end
  return rows
end

return churn
