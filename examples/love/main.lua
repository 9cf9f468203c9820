-- A Sudoku game on the toolkit, for LÖVE 11 (LuaJIT). From a checkout:
--
--   make LUA_VERSION=jit && love examples/love
--
-- Keys: arrows or the mouse select a cell, 1-9 enter a digit (or a pencil mark after m, which
-- switches marking on and off), 0 or backspace clear it, u undoes, y redoes, h asks for a hint
-- (again for more: the technique, then its cells, then the move), a makes the hint's move,
-- space animates the solver on the puzzle (space again stops it), n makes a new puzzle, escape
-- quits.
--
-- `love examples/love --selftest DIR` plays a scripted session instead, writes screenshots and a
-- log to DIR and quits (spec/love_spec.lua runs it under Xvfb).
local native = require "native"
local where = native.setup()

local game = require "game"
local replay = require "replay"
local draw = require "draw"

-- Per frame: at most this long solving (between nodes), and this many events shown.
local SOLVE_SECONDS, EVENTS_PER_FRAME = 0.002, 2

local g, rp, fonts
local frame = 0
local selftest   -- {dir =, log =} in self-test mode

local function status_line()
  if rp then
    local st = rp.solver:stats()
    return ("Solver: %d events shown, %d nodes, %d guesses%s"):format(rp.events, st.nodes,
      st.guesses, rp:finished() and (" - " .. rp.status) or "")
  end
  return g.message ~= "" and g.message or ("Puzzle %d: %d givens.%s h: hint, a: apply it, u: "
    .. "undo, space: solver, n: new"):format(g.seed, g.puzzle:filled(), g.marking and " Marking." or "")
end

local function log(text)
  if selftest then selftest.log:write(("frame %d: %s\n"):format(frame, text)) end
end

local function new_game(seed)
  g, rp = game.new(seed), nil
  log("puzzle " .. g.puzzle:format("line"))
end

function love.load(args)
  for i = 1, #args do
    if args[i] == "--selftest" then
      local dir = assert(args[i + 1], "--selftest needs a directory")
      selftest = { dir = dir, log = assert(io.open(dir .. "/log.txt", "w")) }
    end
  end
  fonts = { digits = love.graphics.newFont(32), text = love.graphics.newFont(15),
    marks = love.graphics.newFont(12) }
  log("module from " .. where)
  new_game(selftest and 1 or os.time())
end

function love.keypressed(key)
  if key == "escape" then
    love.event.quit()
  elseif key == "n" then
    new_game(g.seed + 1)
  elseif key == "space" then
    rp = not rp and replay.new(g.puzzle) or nil
  elseif not rp then
    if key == "h" then
      g:ask_hint()
      log("hint: " .. g.message)
    elseif key == "a" then
      g:apply_hint()
      log("applied: " .. g.message)
    elseif key == "up" then g:move(-1, 0)
    elseif key == "down" then g:move(1, 0)
    elseif key == "left" then g:move(0, -1)
    elseif key == "right" then g:move(0, 1)
    elseif key == "backspace" or key == "delete" or key == "0" then g:key(0)
    elseif key:match("^[1-9]$") then g:key(tonumber(key))
    elseif key == "u" then g:undo()
    elseif key == "y" then g:redo()
    elseif key == "m" then g.marking = not g.marking
    end
  end
end

function love.mousepressed(x, y)
  local r, c = draw.cell_at(x, y)
  if r and not rp then g.selected = { r, c } end
end

-- The self-test's script: what happens at which frame.
local function first_empty()
  for r = 1, 9 do
    for c = 1, 9 do
      if g.play:get(r, c) == 0 then return r, c end
    end
  end
end

local function shoot(name)
  love.graphics.captureScreenshot(function(image)
    local f = assert(io.open(selftest.dir .. "/" .. name .. ".png", "wb"))
    f:write(image:encode("png"):getString())
    f:close()
  end)
end

local function script()
  if frame == 2 then shoot("1-start")
  elseif frame == 3 then
    local r, c = first_empty()
    g.selected = { r, c }
    local wrong = g.play:solution():get(r, c) % 9 + 1
    love.keypressed(tostring(wrong))
    log(("entered %d at r%dc%d: %s"):format(wrong, r, c, g.message))
  elseif frame == 4 then shoot("2-wrong-entry")
  elseif frame == 5 then
    love.keypressed("h")
    love.keypressed("h")
  elseif frame == 6 then shoot("3-hint-wrong")
  elseif frame == 7 then
    love.keypressed("u")
    love.keypressed("m")   -- two marks in the cell, its value among them (else a mistake)
    local r, c = first_empty()
    local right = g.play:solution():get(r, c)
    love.keypressed(tostring(right))
    love.keypressed(tostring(right % 9 + 1))
    love.keypressed("h")
    love.keypressed("h")
  elseif frame == 8 then shoot("4-hint")
  elseif frame == 9 then
    love.keypressed("h")
    love.keypressed("a")
    love.keypressed("space")
  elseif frame == 14 then shoot("5-solver")
  elseif frame == selftest.quit_at or frame > 1200 then
    selftest.log:close()
    love.event.quit(0)
  elseif frame > 14 and not selftest.quit_at and rp and rp:finished() then
    log(("solver %s after %d events"):format(rp.status, rp.events))
    shoot("6-solved")
    selftest.quit_at = frame + 2   -- the screenshot is written at the end of this frame
  end
end

function love.update()
  frame = frame + 1
  if rp then
    rp:solve_for(SOLVE_SECONDS, love.timer.getTime)
    rp:show(EVENTS_PER_FRAME)
  end
  if selftest then script() end
end

function love.draw()
  draw.frame(g, rp, fonts, status_line())
end
