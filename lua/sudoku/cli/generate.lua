-- `sudoku generate`: COUNT fresh puzzles written as they are made, in any format, with a
-- progress line on a terminal. Puzzle k's seed is the k-th draw of a generator seeded with
-- --seed, so a run is repeatable and any single puzzle of it can be made again. With --variant,
-- variant puzzles (gen.puzzle's opts.variant), written with their rules.
local format = require "sudoku.format"
local record = require "sudoku.format.record"
local interrupt = require "sudoku.cli.interrupt"
local progress = require "sudoku.cli.progress"
local random = require "sudoku.gen.random"
local gen_variant = require "sudoku.gen.variant"
local shape = require "sudoku.shape"

local generate = {}

local EXIT_OK, EXIT_FAILED = 0, 1

-- The options of gen.puzzle from the command line.
local function puzzle_opts(result, seed)
  local box = result.box
  return {
    seed = seed, size = (not box) and (result.size or 9) or nil, box = box,
    symmetry = result.symmetry, minimal = result.minimal or nil, clues = result.clues,
    max_nodes = result.max_nodes, attempts = result.attempts, timeout = result.timeout,
    level = result.level, rating = result.rating, variant = result.variant,
  }
end

-- The givens of `puzzle` as a record (with a variant's rules in the schema's words, which the
-- writers keep and draw), with the solution as a line comment when asked for.
local function puzzle_record(puzzle, solution, result, info)
  local rec = record.new(puzzle, { constraints = info and info.constraints })
  if result.solution then
    rec.comment, rec.separator = solution:symbols(), ","
  end
  return rec
end

-- The formats that keep a variant's rules (its constraints, regions and jigsaw): json, and
-- f-puzzles' links and JSON. The others would write a plain sudoku.
local KEEP_RULES = { "json", "fpuzzles", "fpuzzles_json" }

-- The format for --variant: --to's when it keeps the rules, else json; and the variant's
-- options checked as gen.puzzle checks them (a size it does not take, --level with it, ...).
local function variant_format(result)
  local why = gen_variant.problem(puzzle_opts(result, 0), "--")
  if why then return nil, why end
  local keep = {}
  for _, name in ipairs(KEEP_RULES) do
    if format.get(name) then keep[#keep + 1] = name end
  end
  if not result.to then return "json" end
  for _, name in ipairs(keep) do
    if result.to == name then return name end
  end
  return nil, ("--to %s cannot keep the rules of --variant %s: use --to %s"):format(result.to,
    result.variant, table.concat(keep, " or "))
end

-- The format to write in: --to's, else line. A line says no box shape, and reads back with the
-- squarest boxes; for any other --box the default is json, and a --to format that cannot keep
-- the shape either (only grid, ss and json can) is refused: nil and the usage message. With
-- --variant, json, or --to when it keeps the rules; nil and the usage message for a --to that
-- would drop them or options the variant does not take.
function generate.output_format(result)
  if result.variant then return variant_format(result) end
  local box = result.box
  if not box or shape.is_squarest(box[1], box[2]) then return result.to or "line" end
  if not result.to then return "json" end
  if format.get(result.to).keeps_box then return result.to end
  local n = box[1] * box[2]
  local rows, cols = shape.squarest(n)
  return nil, ("--to %s cannot keep %dx%d boxes: its %dx%d boards read back with %dx%d boxes; "
    .. "use --to json, grid or ss"):format(result.to, box[1], box[2], n, n, rows, cols)
end

function generate.run(result, streams)
  local gen = require "sudoku.gen"
  local to = assert(generate.output_format(result))
  local separator = format.get(to).separator:sub(2)
  local seed = result.seed or os.time()
  local rng = random.new(seed)
  local bar = progress.stderr_is_terminal(streams) and progress.bar(streams.stderr, result.count)
    or nil
  local started = progress.now()
  local failed, done, stopped = 0, 0, false
  for k = 1, result.count do
    local opts = puzzle_opts(result, rng:seed())
    -- A signal (Ctrl-C, SIGTERM, SIGHUP) stops the search under way, which raises; the puzzles
    -- written so far stay.
    local ok, puzzle, solution, info = pcall(gen.puzzle, opts)
    if not ok then
      if not interrupt.is(puzzle) then error(puzzle, 0) end
      stopped = true
      break
    end
    done = k
    local text, why
    if puzzle then
      -- A writer may refuse a record it cannot hold (fpuzzles: a rule it has no name for).
      text, why = format.write(puzzle_record(puzzle, solution, result, info), to)
    end
    if not puzzle or not text then
      failed = failed + 1
      streams.stderr:write(("sudoku: puzzle %d: %s\n"):format(k, puzzle and why or solution))
    else
      if k > 1 then streams.stdout:write(separator) end
      streams.stdout:write(text, "\n")
      if not info.reached then
        failed = failed + 1
        streams.stderr:write(("sudoku: puzzle %d: targets not met in %d attempts (%d clues%s)\n")
          :format(k, info.attempts, info.clues,
            info.rating and (", rating %.1f"):format(info.rating) or ""))
      end
    end
    if bar then bar.update(k, k) end
    if interrupt.pending() then
      stopped = true
      break
    end
  end
  if bar then bar.clear() end
  if result.stats then
    local elapsed = progress.now() - started
    streams.stderr:write(("sudoku: %s puzzles, seed %d, %.2f s, %s puzzles/s\n"):format(
      progress.thousands(done), seed, elapsed,
      elapsed > 0 and progress.thousands(done / elapsed) or "-"))
  end
  if stopped then return interrupt.stop(streams) end
  return failed > 0 and EXIT_FAILED or EXIT_OK
end

return generate
