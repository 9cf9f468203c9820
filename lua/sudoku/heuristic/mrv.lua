--- Minimum remaining values: the empty cell with the fewest candidates (ties: row-major).
return {
  name = "mrv",
  description = "fewest candidates (minimum remaining values)",
  cell = function(_, _, _, count) return count end,
}
