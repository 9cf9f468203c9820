-- Boards with native rules from the variant records of ../shared/data/variants (schema in that
-- folder's README), for the rule specs: thermometers, kropki dots, consecutive marks, XV,
-- non-consecutive and odd/even cells become board rules (b:add_rule); givens, boxes, regions,
-- diagonals and anti-knight/king pairs come from support.variants. Only what the rule specs
-- need: the library's own mapping of records to rules is lua/sudoku/variant/.
local variants = require "support.variants"

local rule_records = {}

-- The families this builder turns into rules, beside what support.variants handles.
rule_records.FAMILIES = {
  thermo = true, kropki = true, consecutive = true, xv = true, nonconsecutive = true,
  oddeven = true,
}

function rule_records.supported(record)
  for _, kind in ipairs(record.variants) do
    if not rule_records.FAMILIES[kind] and not variants.SUPPORTED[kind] then return false end
  end
  return true
end

local function key(a, b)
  if a[1] > b[1] or (a[1] == b[1] and a[2] > b[2]) then a, b = b, a end
  return a[1] .. "," .. a[2] .. ":" .. b[1] .. "," .. b[2]
end

-- Every pair of orthogonally adjacent cells of an n x n board, each once.
local function adjacent_pairs(n)
  local out = {}
  for r = 1, n do
    for c = 1, n do
      if c < n then out[#out + 1] = {{r, c}, {r, c + 1}} end
      if r < n then out[#out + 1] = {{r, c}, {r + 1, c}} end
    end
  end
  return out
end

-- The rule specs of a record, in a fixed order: one list of {kind =, cells =, ...} tables.
function rule_records.rules(record)
  local n, rules, marked = record.size, {}, {}
  local function add(spec) rules[#rules + 1] = spec end
  for _, thermo in ipairs(record.thermos or {}) do add{kind = "thermo", cells = thermo} end
  for _, pair in ipairs(record.kropki_white or {}) do
    add{kind = "consecutive", cells = pair}
    marked[key(pair[1], pair[2])] = true
  end
  for _, pair in ipairs(record.kropki_black or {}) do
    add{kind = "ratio", cells = pair}
    marked[key(pair[1], pair[2])] = true
  end
  for _, mark in ipairs(record.xv or {}) do
    add{kind = "pair_sum", cells = mark.cells, sum = mark.type == "X" and 10 or 5}
    marked[key(mark.cells[1], mark.cells[2])] = true
  end
  for _, pair in ipairs(adjacent_pairs(n)) do
    local unmarked = not marked[key(pair[1], pair[2])]
    if record.nonconsecutive or (unmarked and (record.kropki_negative or
                                               record.consecutive_negative)) then
      add{kind = "not_consecutive", cells = pair}
    end
    if unmarked and record.kropki_negative then add{kind = "not_ratio", cells = pair} end
    if unmarked and record.xv_negative then add{kind = "not_pair_sum", cells = pair, sums = {5, 10}} end
  end
  if record.odd and #record.odd > 0 then
    local odd = {}
    for v = 1, n, 2 do odd[#odd + 1] = v end
    add{kind = "allowed", cells = record.odd, values = odd}
  end
  if record.even and #record.even > 0 then
    local even = {}
    for v = 2, n, 2 do even[#even + 1] = v end
    add{kind = "allowed", cells = record.even, values = even}
  end
  return rules
end

-- The record's board: givens, shape and regions (support.variants), its anti-knight/king pairs
-- as `different` rules, and its rules.
function rule_records.build(record)
  local board, opts = variants.build(record)
  for _, pair in ipairs(opts.different or {}) do
    board:add_rule{kind = "different", cells = pair}
  end
  for _, spec in ipairs(rule_records.rules(record)) do board:add_rule(spec) end
  return board
end

rule_records.records = variants.records

return rule_records
