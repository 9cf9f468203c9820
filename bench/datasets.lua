-- The sets the bench runs, and how to read them. Each entry:
--   name     file name in the data folder (../shared/data)
--   solved   the `puzzle,solution` file to read instead, when there is one (it has the same
--            puzzles), so every answer is checked against the published solution
--   mode     "solve" (unique puzzles: the one solution) or "count" (count up to `limit`,
--            every count must be `expect`)
--   size     9, 16 or 25
--   quick    how many puzzles QUICK mode takes (nil: all)
--   slice    search nodes per step for the general engine: the time box may then stop a run
--            inside a puzzle (for sets whose single puzzles can take minutes)
local datasets = {}

datasets.list = {
  { name = "sudoku17_royle.txt", label = "17-clue", mode = "solve", size = 9, quick = 2000,
    lua_target = 0.8 },
  { name = "magictour_top1465.txt", solved = "magictour_top1465_solved.txt", label = "top1465",
    mode = "solve", size = 9 },
  { name = "forum_hardest_1905_11plus.txt", label = "forum 1905", mode = "solve", size = 9,
    quick = 300 },
  { name = "forum_hardest_1106.txt", solved = "forum_hardest_1106_solved.txt",
    label = "forum 1106", mode = "solve", size = 9 },
  { name = "serg_benchmark.txt", label = "serg", mode = "count", limit = 2, expect = 2, size = 9,
    quick = 2000 },
  { name = "gecode_16x16.txt", label = "16x16", mode = "solve", size = 16 },
  { name = "gecode_25x25.txt", label = "25x25", mode = "solve", size = 25, quick = 2, slice = 16 },
}

-- The file a set is read from: its solved twin when there is one.
function datasets.file(set)
  return set.solved or set.name
end

-- Reads the records of a dataset file: a list of {puzzle =, solution = (or nil), line =},
-- blank lines and `#` comments skipped, at most max records (nil: all). Raises when the file
-- cannot be read.
function datasets.read(path, max)
  local f, err = io.open(path, "r")
  if not f then error("cannot read " .. path .. ": " .. err, 0) end
  local out, lineno = {}, 0
  for line in f:lines() do
    lineno = lineno + 1
    line = line:gsub("\r$", "")
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local puzzle, rest = line:match("^([^,]*),?(.*)$")
      local solution = rest:match("^([^,]+)")
      out[#out + 1] = { puzzle = puzzle, solution = solution, line = lineno }
      if max and #out >= max then break end
    end
  end
  f:close()
  return out
end

return datasets
