-- Makes `require "sudoku"` work inside LÖVE, in the two places a game runs from.
--
-- From a checkout (`love examples/love`): the checkout's Lua sources and its LuaJIT build
-- (make LUA_VERSION=jit, build/jit/sudoku/core.so) go first on the paths.
--
-- From a shipped game (a .love archive or a fused executable that bundles lua/sudoku/ and
-- sudoku/core.so): Lua modules load from the archive through LÖVE's own searcher, but the
-- operating system cannot load a shared library from inside an archive. So the library is
-- copied once to the save directory, a real directory, and loaded from there.
local native = {}

local function checkout_root()
  local source = love.filesystem.getSource()          -- .../examples/love
  local root = source:gsub("[/\\]+$", ""):match("^(.*)[/\\]examples[/\\]love$")
  if root and io.open(root .. "/lua/sudoku/init.lua", "r") then return root .. "/" end
  return nil
end

-- Copies sudoku/core.so out of the game archive into the save directory, under native/ (a path
-- the archive does not have, so that reading it back finds the copy), when the copy is missing
-- or differs, and puts that directory on package.cpath. (On Windows the library is core.dll.)
local function from_archive()
  local bytes = love.filesystem.read("sudoku/core.so")
  if not bytes then return false end
  local copy = "native/sudoku/core.so"
  if love.filesystem.read(copy) ~= bytes then
    love.filesystem.createDirectory("native/sudoku")
    assert(love.filesystem.write(copy, bytes))
  end
  package.cpath = love.filesystem.getSaveDirectory() .. "/native/?.so;" .. package.cpath
  love.filesystem.setRequirePath("lua/?.lua;lua/?/init.lua;" .. love.filesystem.getRequirePath())
  return true
end

-- Sets the paths up; returns where the module comes from ("checkout" or "archive").
function native.setup()
  local root = checkout_root()
  if root then
    package.path = root .. "lua/?.lua;" .. root .. "lua/?/init.lua;" .. package.path
    package.cpath = root .. "build/jit/?.so;" .. package.cpath
    return "checkout"
  end
  assert(from_archive(), "sudoku/core.so is neither in a checkout's build/jit nor in the game")
  return "archive"
end

return native
