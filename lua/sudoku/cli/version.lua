-- `sudoku --version`: the version (the library's sudoku.VERSION, its one source: the rockspec
-- is checked against it) and the identity of the build that answers, since some answers are
-- promised per build (the solution `solve` prints for a puzzle with several is the first the
-- core finds, fixed for a build and input): the core's file with a digest of its bytes, and
-- the Lua that runs it.
--
--   sudoku scm-1
--   core /home/me/sudoku/build/5.4/sudoku/core.so, 465,584 bytes, digest 5f0c2a9e81d3b7c4
--   Lua 5.4
local progress = require "sudoku.cli.progress"

local version = {}

local byte, floor = string.byte, math.floor

-- Two polynomial hashes modulo primes below 2^32: every step is exact in a double, so the
-- digest is the same on every Lua. An identity of the bytes, not a guard against forgery.
local P1, P2 = 4294967291, 4294967279

-- A number below 2^32 as 8 hex digits, in two halves (string.format's %x takes a C long, 32
-- bits on some systems, on Lua 5.1).
local function hex8(n)
  return ("%04x%04x"):format(floor(n / 65536), n % 65536)
end

--- The digest of the file at `path` (16 hex digits) and its size in bytes, or nil when it
--- cannot be read.
function version.digest(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local a, b, size = 0, 0, 0
  while true do
    local block = f:read(4096)
    if not block then break end
    size = size + #block
    for i = 1, #block, 64 do
      local bytes = { byte(block, i, i + 63) }
      for j = 1, #bytes do
        local v = bytes[j] + 1
        a = (a * 257 + v) % P1
        b = (b * 263 + v) % P2
      end
    end
  end
  f:close()
  return hex8(a) .. hex8(b), size
end

-- The first file of `templates` (package.cpath's form: "?" for the module's path) that
-- `module` names and that can be opened, as require finds it; nil when none.
local function found_on(templates, module)
  local relative = module:gsub("%.", package.config:sub(1, 1))  -- the directory separator
  for template in templates:gmatch("[^;]+") do
    local path = template:gsub("%?", relative)
    local f = io.open(path, "rb")
    if f then
      f:close()
      return path
    end
  end
  return nil
end

--- The text `sudoku --version` prints, lines ending in "\n".
function version.text()
  local sudoku = require "sudoku"
  local lines = { "sudoku " .. sudoku.VERSION }
  local path = found_on(package.cpath, "sudoku.core")
  local digest, size = nil, nil
  if path then digest, size = version.digest(path) end
  if digest then
    lines[#lines + 1] = ("core %s, %s bytes, digest %s"):format(path, progress.thousands(size),
      digest)
  else
    lines[#lines + 1] = "core loaded without a file on package.cpath: no digest"
  end
  local jit = rawget(_G, "jit")
  lines[#lines + 1] = jit and jit.version or _VERSION
  return table.concat(lines, "\n") .. "\n"
end

return version
