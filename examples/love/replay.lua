-- The solver, animated: a Solver runs on its own copy of the puzzle for a slice of each frame
-- (a time budget, checked between nodes), its hooks queue what happens, and the screen replays
-- the queue a few events per frame, so a person can follow the search.
--
-- Hooks run inside solver:step and cannot yield (a C call sits between them and any coroutine),
-- so the hooks only record, and the frame loop decides how much to step and how much to show.
-- A coroutine can drive the same loop: resume it once per frame, and have it call
-- solver:step(n) and coroutine.yield() in turn; the yield is then outside every hook.
local sudoku = require "sudoku"

local replay = {}
replay.__index = replay

-- Queue no further than this ahead of the screen: a long search then waits for the replay
-- rather than filling memory.
local MAX_QUEUE = 2000

function replay.new(puzzle)
  local self = setmetatable({
    queue = {}, head = 1,      -- events not shown yet: queue[head .. #queue]
    shown = {},                -- cell index -> {v =, reason =} for what the screen shows now
    status = "running", events = 0, size = puzzle:size(),
  }, replay)
  local queue = self.queue
  self.work = puzzle:copy()
  self.solver = sudoku.Solver.new(self.work, {
    on_place = function(r, c, v, _, reason)
      queue[#queue + 1] = { "place", r, c, v, reason }
    end,
    on_undo = function(r, c, v)
      queue[#queue + 1] = { "undo", r, c, v }
    end,
  })
  return self
end

-- Steps the solver one node at a time until `seconds` have passed (or it has stopped, or the
-- queue is full).
function replay:solve_for(seconds, clock)
  local stop = clock() + seconds
  while self.status == "running" and #self.queue - self.head < MAX_QUEUE and clock() < stop do
    self.status = self.solver:step(1)
  end
end

-- Shows up to n queued events: a placement, or one taken back (on_undo reports each, so the
-- events alone keep the screen equal to the solver's board).
function replay:show(n)
  local queue, shown, size = self.queue, self.shown, self.size
  while n > 0 and self.head <= #queue do
    local e = queue[self.head]
    queue[self.head] = nil
    self.head = self.head + 1
    local cell = (e[2] - 1) * size + e[3]
    if e[1] == "place" then shown[cell] = { v = e[4], reason = e[5] } else shown[cell] = nil end
    self.events = self.events + 1
    n = n - 1
  end
end

-- Whether the screen has caught up with a search that has finished.
function replay:finished()
  return self.status ~= "running" and self.head > #self.queue
end

return replay
