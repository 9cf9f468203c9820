--- fpuzzles_json: f-puzzles' own JSON, one record per line, the text f-puzzles' "Export" gives
-- and its "Import" takes. Read as the fpuzzles format reads (links and load texts too); written
-- as `fpuzzles` writes with `opts.json`, for `sudoku convert --to fpuzzles_json`.
-- @module sudoku.format.fpuzzles_json
local fpuzzles = require "sudoku.format.fpuzzles"

local fpuzzles_json = {
  name = "fpuzzles_json",
  summary = "f-puzzles JSON (its Export), one object per line",
  separator = "\n",
  keeps_box = true,
  keeps_rules = true,
}

--- An iterator over the records of a line source, as `fpuzzles.records`.
-- @tparam table src a line source (`sudoku.format.source`)
-- @tparam table opts the reader's options
-- @treturn function each step a record, or `false, message, where`
function fpuzzles_json.records(src, opts)
  return fpuzzles.records(src, opts)
end

--- The f-puzzles JSON of a record, or nil and a message naming what f-puzzles cannot hold.
-- @tparam table rec a record (docs/FORMATS.md)
-- @treturn string|nil the text
function fpuzzles_json.write(rec)
  return fpuzzles.write(rec, { json = true })
end

return fpuzzles_json
