-- Numbers in every Lua module: what counts as an integer argument, as in the C core
-- (compat_isinteger in csrc/binding/compat.h, docs/API.md): an integer, or a float with an integral
-- value within the 64-bit range (2.0 is 2); 1.5, 2^63, the infinities and NaN are not. Callers
-- then check their own ranges, which keep every accepted value small enough for a message's %d.
-- And how a count is written for people: rounded, with thousands separators.
local number = {}

local TWO_63 = 2 ^ 63

function number.is_integer(x)
  return type(x) == "number" and x == math.floor(x) and x >= -TWO_63 and x < TWO_63
end

-- 1234567.4 -> "1,234,567"; -1234 -> "-1,234".
function number.thousands(n)
  local s = ("%d"):format(math.floor(n + 0.5))
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^(%-?),", "%1"))
end

return number
