-- An LDoc filter (ldoc --filter support.ldoc_names.print): prints what the reference documents,
-- one line per item, "MODULE<TAB>KIND<TAB>NAME<TAB>SUMMARY", for spec/doc_coverage_spec.lua.
-- LDoc calls print with its list of modules, each with its items (functions, fields, types).
local names = {}

local function flat(text)
  return ((text or ""):gsub("%s+", " "))
end

function names.print(modules)
  for _, mod in ipairs(modules) do
    io.write(mod.name, "\tmodule\t", mod.name, "\t", flat(mod.summary), "\n")
    for _, item in ipairs(mod.items) do
      io.write(mod.name, "\t", item.type, "\t", item.name, "\t", flat(item.summary), "\n")
    end
  end
end

return names
