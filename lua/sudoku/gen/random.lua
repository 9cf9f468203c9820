-- The generators' own pseudo-random numbers: L'Ecuyer's combined multiplicative generator
-- (two Lehmer generators, moduli just under 2^31, combined by subtraction). Every step is a
-- product below 2^47 and a remainder, exact in a double, so the same seed gives the same
-- numbers on Lua 5.1 to 5.4 and LuaJIT alike; math.random is never used (its algorithm and
-- its state differ between versions, and it is shared with the rest of the program).
local number = require "sudoku.number"

local random = {}

local M1, A1 = 2147483563, 40014
local M2, A2 = 2147483399, 40692

local Random = {}
Random.__index = Random

-- A seed: an integer (sudoku.number) from 0 to 2^53 - 1, exact in a double on every version.
local function is_seed(x)
  return number.is_integer(x) and x >= 0 and x < 2 ^ 53
end

-- Quotient and remainder of x (0 <= x < 2^53) by m (< 2^31), exact on every version: Lua 5.1
-- and LuaJIT compute % as x - floor(x / m) * m, and x / m rounded may cross an integer when x
-- is large; the product and difference below are exact, so one correction step puts it right.
local function divmod(x, m)
  local q = math.floor(x / m)
  local r = x - q * m
  if r < 0 then
    q, r = q - 1, r + m
  elseif r >= m then
    q, r = q + 1, r - m
  end
  return q, r
end

-- A generator from an integer seed 0 .. 2^53 - 1.
function random.new(seed)
  if not is_seed(seed) then
    error("bad argument #1 to 'new' (seed must be an integer from 0 to 2^53 - 1)", 2)
  end
  local q, r = divmod(seed, M1 - 1)
  local _, r2 = divmod(q, M2 - 1)
  local self = setmetatable({ s1 = r + 1, s2 = r2 + 1 }, Random)
  -- The first outputs of nearby seeds are close to each other; a few steps spread them.
  for _ = 1, 8 do self:next() end
  return self
end

-- The next number, 1 .. M1 - 1.
function Random:next()
  self.s1 = (A1 * self.s1) % M1
  self.s2 = (A2 * self.s2) % M2
  local z = self.s1 - self.s2
  if z < 1 then z = z + (M1 - 1) end
  return z
end

-- A whole number from 1 to n (n <= 2^31 - 2), each equally likely: draws above the largest
-- multiple of n are thrown back, so small n carry no modulo bias.
function Random:below(n)
  local span = M1 - 1
  local limit = span - span % n
  while true do
    local z = self:next() - 1
    if z < limit then return z % n + 1 end
  end
end

-- Shuffles `list` in place (Fisher-Yates) and returns it.
function Random:shuffle(list)
  for i = #list, 2, -1 do
    local j = self:below(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- A seed for the C solver's own generator, drawn from this one: 52 bits, exact in a double,
-- and an integer (math.floor) on the Lua versions that tell integers from floats.
function Random:seed()
  return math.floor((self:next() % 2097152) * 2147483648 + self:next())
end

return random
