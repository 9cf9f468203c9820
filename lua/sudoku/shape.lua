-- Box geometry shared by the board constructor, the reader and the writer.
local shape = {}

-- The squarest box for size n: the largest divisor of n that is at most sqrt(n) gives the rows,
-- so 6 -> 2x3, 12 -> 3x4 and a prime n -> 1xn (every row is its own box).
function shape.squarest(n)
  local rows = 1
  local d = 2
  while d * d <= n do
    if n % d == 0 then rows = d end
    d = d + 1
  end
  return rows, math.floor(n / rows)
end

return shape
