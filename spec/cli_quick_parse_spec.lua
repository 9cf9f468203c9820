-- The command line of solve, count, validate, canon and dedup as a pipeline writes it is read
-- without argparse (sudoku.cli.options.quick_parse): it must give exactly the table argparse
-- gives for the same words, and leave every other line to argparse. Each case runs cli.main in
-- this process with the pipeline stubbed out: the quick path's answer is recorded, then
-- refused, so that argparse reads the same words and the two tables are compared.
local options = require "sudoku.cli.options"
local pipeline = require "sudoku.cli.pipeline"
local cli = require "sudoku.cli"

-- A stream that keeps what is written.
local function sink()
  local parts = {}
  return {
    write = function(self, ...)
      for _, s in ipairs({ ... }) do parts[#parts + 1] = tostring(s) end
      return self
    end,
    flush = function(self) return self end,
    text = function() return table.concat(parts) end,
  }
end

-- The quick path's table for `words` (nil when it leaves them to argparse) and argparse's
-- (nil when it refuses them), and argparse's exit status.
local function both(words)
  local real_quick, real_run = options.quick_parse, pipeline.run
  local quick, parsed
  options.quick_parse = function(list, convert)
    quick = real_quick(list, convert)
    return nil
  end
  pipeline.run = function(result)
    parsed = result
    return 0
  end
  local ok, status = pcall(cli.main, words, { stdout = sink(), stderr = sink(), stdin = sink() })
  options.quick_parse, pipeline.run = real_quick, real_run
  assert(ok, status)
  return quick, parsed, status
end

local SAME = {
  { "solve", "f.txt" },
  { "solve" },
  { "solve", "-" },
  { "count", "f.txt" },
  { "validate", "f.txt" },
  { "solve", "-j", "2", "f.txt" },
  { "solve", "-j2", "f.txt" },
  { "solve", "--jobs", "0", "f.txt" },
  { "solve", "--jobs=8", "f.txt" },
  { "solve", "f.txt", "-j", "2" },
  { "count", "--limit", "2", "-j", "1", "f.txt" },
  { "count", "--limit=9007199254740992", "f.txt" },
  { "validate", "--stats", "-j", "2", "f.txt" },
  { "solve", "--stats", "--max-nodes", "1000", "--timeout", "0.5", "f.txt" },
  { "count", "--max-nodes=7", "--timeout=2", "--limit", "3" },
  { "solve", "--from", "line", "--to", "grid", "f.txt" },
  { "solve", "--from=auto", "f.txt" },
  { "validate", "--box", "2x3", "f.txt" },
  { "count", "--box=3x2", "--from", "line", "f.txt" },
  { "canon", "f.txt" },
  { "canon", "--unique", "-j", "2", "--stats", "f.txt" },
  { "canon", "--line-offset", "10000", "--from", "line" },
  { "dedup", "f.txt" },
  { "dedup", "-j2", "--stats", "--box", "3x3", "f.txt" },
  { "dedup", "--line-offset=5", "-" },
  { "solve", "--placeholders", "-j", "2", "f.txt" },
  { "count", "--limit", "2", "--placeholders" },
  { "canon", "--placeholders", "--unique", "f.txt" },
}

-- Lines the quick path leaves to argparse (which may read them or refuse them).
local LEFT = {
  { "solve", "-h" },
  { "solve", "--help" },
  { "convert", "--to", "line", "f.txt" },
  { "generate" },
  { "solve", "-j", "2", "-j", "3", "f.txt" },
  { "solve", "--stats", "--stats", "f.txt" },
  { "solve", "a.txt", "b.txt" },
  { "solve", "--", "-f.txt" },
  { "solve", "-j" },
  { "solve", "-j", "-1" },
  { "solve", "--jobs=-1" },
  { "solve", "-j", "257" },
  { "solve", "-j=2" },
  { "count", "--limit", "0" },
  { "validate", "--limit", "2" },
  { "count", "--to", "line" },
  { "solve", "--to", "svg" },
  { "solve", "--from", "nope" },
  { "solve", "--box", "3" },
  { "solve", "--timeout", "0" },
  { "solve", "--unknown" },
  { "solve", "-x" },
  { "canon", "--max-nodes", "5", "f.txt" },
  { "dedup", "--timeout", "1", "f.txt" },
  { "dedup", "--unique", "f.txt" },
  { "canon", "--unique", "--unique", "f.txt" },
  { "canon", "--to", "line", "f.txt" },
  { "solve", "--unique", "f.txt" },
  { "solve", "--placeholders", "--placeholders", "f.txt" },
  { "validate", "--placeholders", "f.txt" },
  { "dedup", "--placeholders", "f.txt" },
}

describe("the quick reading of the command line", function()
  for _, words in ipairs(SAME) do
    it("reads `sudoku " .. table.concat(words, " ") .. "` as argparse does", function()
      local quick, parsed, status = both(words)
      assert.equal(0, status)
      assert.is_table(quick)
      assert.same(parsed, quick)
    end)
  end

  for _, words in ipairs(LEFT) do
    it("leaves `sudoku " .. table.concat(words, " ") .. "` to argparse", function()
      local quick = both(words)
      assert.is_nil(quick)
    end)
  end
end)
