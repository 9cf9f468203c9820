-- The symmetries a generated puzzle may keep: each maps a cell (r, c) of an N x N board to
-- others, and the givens are removed one orbit (a cell and all its images) at a time, so the
-- pattern of givens has the symmetry.
local symmetry = {}

-- The maps that generate each symmetry group.
local function rotate180(n, r, c) return n + 1 - r, n + 1 - c end
local function rotate90(n, r, c) return c, n + 1 - r end
local function mirror_rows(n, r, c) return n + 1 - r, c end
local function mirror_columns(n, r, c) return r, n + 1 - c end
local function transpose(_, r, c) return c, r end
local function antitranspose(n, r, c) return n + 1 - c, n + 1 - r end

symmetry.GROUPS = {
  none = {},
  rotational = { rotate180 },
  ["90"] = { rotate90 },
  horizontal = { mirror_rows },
  vertical = { mirror_columns },
  diagonal = { transpose },
  antidiagonal = { antitranspose },
  dihedral = { rotate90, transpose },
}

-- The names, in the order messages list them.
symmetry.NAMES = { "none", "rotational", "90", "horizontal", "vertical", "diagonal",
  "antidiagonal", "dihedral" }

-- The orbits of the named symmetry on an n x n board: lists of {r, c}, every cell in exactly
-- one, each orbit in the order its cells were reached, orbits in row-major order of their first
-- cell. nil and a message for an unknown name.
function symmetry.orbits(name, n)
  local maps = symmetry.GROUPS[name]
  if not maps then
    return nil, ("unknown symmetry '%s' (expected one of %s)"):format(tostring(name),
      table.concat(symmetry.NAMES, ", "))
  end
  local seen, orbits = {}, {}
  for r = 1, n do
    for c = 1, n do
      local key = (r - 1) * n + c
      if not seen[key] then
        local orbit, k = { { r, c } }, 1
        seen[key] = true
        -- Closure: apply every map to every cell found until nothing new appears.
        while k <= #orbit do
          local cell = orbit[k]
          for _, map in ipairs(maps) do
            local r2, c2 = map(n, cell[1], cell[2])
            local key2 = (r2 - 1) * n + c2
            if not seen[key2] then
              seen[key2] = true
              orbit[#orbit + 1] = { r2, c2 }
            end
          end
          k = k + 1
        end
        orbits[#orbits + 1] = orbit
      end
    end
  end
  return orbits
end

return symmetry
