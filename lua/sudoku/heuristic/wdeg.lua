--- The built-in choice, for reference: dom/wdeg (fewest candidates per weight of the cell's
-- units, a unit weighing 1 + the contradictions met in it), a value's places in a unit when
-- fewer, probing on big boards; values ascending. No hook runs.
return {
  name = "wdeg",
  description = "built-in dom/wdeg with place branching (no hook)",
}
