-- The variants gen.puzzle{variant = ...} makes, in their own module so that the command line
-- can offer them as choices without loading the generators.
return { "killer", "thermo", "kropki", "xv", "arrow", "x", "windoku", "jigsaw" }
