-- What counts as an integer argument, in every Lua module as in the C core (compat_isinteger in
-- csrc/compat.h, docs/API.md): an integer, or a float with an integral value within the 64-bit
-- range (2.0 is 2); 1.5, 2^63, the infinities and NaN are not. Callers then check their own
-- ranges, which keep every accepted value small enough for a message's %d.
local number = {}

local TWO_63 = 2 ^ 63

function number.is_integer(x)
  return type(x) == "number" and x == math.floor(x) and x >= -TWO_63 and x < TWO_63
end

return number
