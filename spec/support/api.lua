-- The public API as the modules hand it out at run time: the public modules (docs/config.ld's,
-- data.public_modules) with their tables, and one object of each class whose methods are
-- public (the __index of its metatable). doc_coverage_spec holds it against the LDoc
-- reference, types_spec against the LuaLS stubs.
local data = require "support.data"

local api = {}

--- The public modules, in docs/config.ld's order: { {name =, value = the module's table}, ... }.
function api.modules()
  local list = {}
  for i, module in ipairs(data.public_modules()) do
    list[i] = { name = module.name, value = require(module.name) }
  end
  return list
end

--- One object of each class with methods: class name ("Board") -> object.
function api.objects()
  local sudoku = require "sudoku"
  local board = sudoku.Board.new { size = 4 }
  return {
    Board = board,
    Solver = sudoku.Solver.new(board),
    Pencil = sudoku.logic.pencil(board),
    Generator = sudoku.gen.generator { size = 4, seed = 1 },
    CanonSet = sudoku.gen.canonical_set(),
    Game = sudoku.play.new(("1234341221434321"):gsub("4321$", "...."):gsub("^1", ".")),
  }
end

--- The methods of an object: name -> function, from its metatable's __index.
function api.methods(object)
  local out = {}
  for key, value in pairs(getmetatable(object).__index) do
    if type(value) == "function" then out[key] = value end
  end
  return out
end

return api
