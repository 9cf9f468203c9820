-- Rules written in Lua that several specs put on their boards.
local lua_rules = {}

--- "These two cells sum to total", as a propagator: a value stays only while its partner can
-- still make up the total.
function lua_rules.sum_of_two(a, b, total)
  return function(ctx)
    for _, pair in ipairs{ { a, b }, { b, a } } do
      local this, other = pair[1], pair[2]
      for _, v in ipairs(ctx:candidates(this[1], this[2])) do
        local w = total - v
        if w < 1 or w > ctx:size() or not ctx:has(other[1], other[2], w) then
          if not ctx:eliminate(this[1], this[2], v) then return false end
        end
      end
    end
  end
end

--- The rule spec of that propagator on cells a and b, with a name (nil: none).
function lua_rules.sum_rule(a, b, total, name)
  return { kind = "lua", name = name, cells = { a, b }, propagate = lua_rules.sum_of_two(a, b, total) }
end

return lua_rules
