-- LuaRocks build: `luarocks --lua-version=5.4 make --local sudoku-scm-1.rockspec` from a checkout
-- (or `make rock`). Keep build.modules in step with csrc/*.c and lua/sudoku/*.lua.
rockspec_format = "3.0"
package = "sudoku"
version = "scm-1"

source = {
  -- The project has no public home yet; `luarocks make` builds the checkout it runs in and
  -- never fetches this.
  url = "git+file://.",
}

description = {
  summary = "Sudoku toolkit: a resumable C solver with Lua hooks, any box shape up to 64x64",
  detailed = [[
A Lua library over a small C core: boards of any r x c box shape, extra regions (jigsaw,
diagonals), a pausable search with per-event Lua hooks, counting and enumeration, text
formats, LeetCode 36/37 shims, and the `sudoku` command-line tool.
]],
  license = "unspecified",
}

-- argparse (for the CLI) is not listed: on Debian it comes from the lua-argparse package, which
-- LuaRocks does not see, and listing it makes an offline build try to download it. Install it
-- with `apt-get install lua-argparse` or `luarocks install argparse`.
dependencies = {
  "lua >= 5.1",
}

build = {
  type = "builtin",
  modules = {
    ["sudoku.core"] = {
      sources = {
        "csrc/alloc.c",
        "csrc/batch.c",
        "csrc/board.c",
        "csrc/branch.c",
        "csrc/dispatch.c",
        "csrc/fast9.c",
        "csrc/lboard.c",
        "csrc/ldebug.c",
        "csrc/lhost.c",
        "csrc/linterrupt.c",
        "csrc/llines.c",
        "csrc/llogic.c",
        "csrc/lrules.c",
        "csrc/lsolver.c",
        "csrc/lsudoku.c",
        "csrc/probe.c",
        "csrc/propagate.c",
        "csrc/reader.c",
        "csrc/rule.c",
        "csrc/search.c",
        "csrc/search_limits.c",
        "csrc/symbols.c",
        "csrc/rules/alldiff.c",
        "csrc/rules/allowed.c",
        "csrc/rules/cage.c",
        "csrc/rules/hidden.c",
        "csrc/rules/innies.c",
        "csrc/rules/leftovers.c",
        "csrc/rules/linear.c",
        "csrc/rules/locked.c",
        "csrc/rules/matching.c",
        "csrc/rules/pairs.c",
        "csrc/rules/palindrome.c",
        "csrc/rules/relation.c",
        "csrc/rules/renban.c",
        "csrc/rules/same_values.c",
        "csrc/rules/sandwich.c",
        "csrc/rules/singles.c",
        "csrc/rules/table.c",
        "csrc/rules/thermo.c",
        "csrc/rules/transversals.c",
        "csrc/logic/exclusion.c",
        "csrc/logic/forcing.c",
        "csrc/logic/forcing_prop.c",
        "csrc/logic/grid.c",
        "csrc/logic/hint.c",
        "csrc/logic/intersections.c",
        "csrc/logic/singles.c",
        "csrc/logic/step.c",
        "csrc/logic/table.c",
      },
      incdirs = { "csrc" },
      -- solve_many runs on POSIX threads (csrc/batch.c).
      libraries = { "pthread" },
    },
    ["sudoku"] = "lua/sudoku/init.lua",
    ["sudoku.board"] = "lua/sudoku/board.lua",
    ["sudoku.cli"] = "lua/sudoku/cli.lua",
    ["sudoku.cli.generate"] = "lua/sudoku/cli/generate.lua",
    ["sudoku.cli.interrupt"] = "lua/sudoku/cli/interrupt.lua",
    ["sudoku.cli.jobs"] = "lua/sudoku/cli/jobs.lua",
    ["sudoku.cli.options"] = "lua/sudoku/cli/options.lua",
    ["sudoku.cli.output"] = "lua/sudoku/cli/output.lua",
    ["sudoku.cli.pipeline"] = "lua/sudoku/cli/pipeline.lua",
    ["sudoku.cli.progress"] = "lua/sudoku/cli/progress.lua",
    ["sudoku.format"] = "lua/sudoku/format/init.lua",
    ["sudoku.format.cells"] = "lua/sudoku/format/cells.lua",
    ["sudoku.format.detect"] = "lua/sudoku/format/detect.lua",
    ["sudoku.format.grid"] = "lua/sudoku/format/grid.lua",
    ["sudoku.format.hdu"] = "lua/sudoku/format/hdu.lua",
    ["sudoku.format.hodoku"] = "lua/sudoku/format/hodoku.lua",
    ["sudoku.format.json"] = "lua/sudoku/format/json.lua",
    ["sudoku.format.json_object"] = "lua/sudoku/format/json_object.lua",
    ["sudoku.format.json_split"] = "lua/sudoku/format/json_split.lua",
    ["sudoku.format.leetcode"] = "lua/sudoku/format/leetcode.lua",
    ["sudoku.format.line"] = "lua/sudoku/format/line.lua",
    ["sudoku.format.parse"] = "lua/sudoku/format/parse.lua",
    ["sudoku.format.pencil"] = "lua/sudoku/format/pencil.lua",
    ["sudoku.format.reader"] = "lua/sudoku/format/reader.lua",
    ["sudoku.format.record"] = "lua/sudoku/format/record.lua",
    ["sudoku.format.sdk"] = "lua/sudoku/format/sdk.lua",
    ["sudoku.format.sdm"] = "lua/sudoku/format/sdm.lua",
    ["sudoku.format.source"] = "lua/sudoku/format/source.lua",
    ["sudoku.format.ss"] = "lua/sudoku/format/ss.lua",
    ["sudoku.format.svg"] = "lua/sudoku/format/svg.lua",
    ["sudoku.format.svg_shapes"] = "lua/sudoku/format/svg_shapes.lua",
    ["sudoku.format.svg_style"] = "lua/sudoku/format/svg_style.lua",
    ["sudoku.gen"] = "lua/sudoku/gen/init.lua",
    ["sudoku.gen.random"] = "lua/sudoku/gen/random.lua",
    ["sudoku.gen.symmetry"] = "lua/sudoku/gen/symmetry.lua",
    ["sudoku.gen.transform"] = "lua/sudoku/gen/transform.lua",
    ["sudoku.leetcode"] = "lua/sudoku/leetcode.lua",
    ["sudoku.logic"] = "lua/sudoku/logic/init.lua",
    ["sudoku.number"] = "lua/sudoku/number.lua",
    ["sudoku.records"] = "lua/sudoku/records.lua",
    ["sudoku.shape"] = "lua/sudoku/shape.lua",
    ["sudoku.show"] = "lua/sudoku/show.lua",
    ["sudoku.symbols"] = "lua/sudoku/symbols.lua",
    ["sudoku.variant"] = "lua/sudoku/variant/init.lua",
    ["sudoku.variant.cages"] = "lua/sudoku/variant/cages.lua",
    ["sudoku.variant.chess"] = "lua/sudoku/variant/chess.lua",
    ["sudoku.variant.common"] = "lua/sudoku/variant/common.lua",
    ["sudoku.variant.consecutive"] = "lua/sudoku/variant/consecutive.lua",
    ["sudoku.variant.kropki"] = "lua/sudoku/variant/kropki.lua",
    ["sudoku.variant.nonconsecutive"] = "lua/sudoku/variant/nonconsecutive.lua",
    ["sudoku.variant.oddeven"] = "lua/sudoku/variant/oddeven.lua",
    ["sudoku.variant.regions"] = "lua/sudoku/variant/regions.lua",
    ["sudoku.variant.thermos"] = "lua/sudoku/variant/thermos.lua",
    ["sudoku.variant.xv"] = "lua/sudoku/variant/xv.lua",
  },
  install = {
    bin = { sudoku = "bin/sudoku" },
  },
}
