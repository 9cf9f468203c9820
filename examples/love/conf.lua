-- LÖVE's configuration: the window, and no audio (the example makes no sound, and a machine
-- without a sound device, such as a test under Xvfb, then starts cleanly).
function love.conf(t)
  t.identity = "sudoku-example"
  t.version = "11.4"
  t.window.title = "sudoku: LÖVE example"
  t.window.width = 540
  t.window.height = 660
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
