-- The variant records of ../shared/data/variants whose rules are pairs, allowed sets and lines
-- (thermometers, kropki dots, consecutive marks, XV, non-consecutive, odd/even cells), beside
-- regions and anti-knight/king pairs, for the rule specs: their boards come from the library's
-- own mapping (sudoku.variant.board), the one every user gets.
local variant = require "sudoku.variant"
local variants = require "support.variants"

local rule_records = {}

-- The families of the schema's "variants" lists these specs solve.
rule_records.FAMILIES = {
  thermo = true, kropki = true, consecutive = true, xv = true, nonconsecutive = true,
  oddeven = true, jigsaw = true, diagonals = true, windoku = true, extraregions = true,
  disjoint = true, antiknight = true, antiking = true,
}

function rule_records.supported(record)
  for _, kind in ipairs(record.variants) do
    if not rule_records.FAMILIES[kind] then return false end
  end
  return true
end

-- The rule specs of a record, in the library's order.
function rule_records.rules(record)
  return assert(variant.rules(record))
end

-- The record's board: givens, shape, regions and every rule.
function rule_records.build(record)
  return assert(variant.board(record))
end

rule_records.records = variants.records

return rule_records
