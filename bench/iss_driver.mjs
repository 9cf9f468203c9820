// The bench's driver for sigh's Interactive Sudoku Solver (ISS): times ISS on puzzles given as
// its constraint strings (bench/iss.lua writes them), in one node process. Nothing of ISS is in
// this project: its modules are loaded from the tree named on the command line, as its own
// tools/lib/solver_analysis.js loads them (runSolve: parse, resolveConstraint, build, then the
// internal solver's run).
//
//   node bench/iss_driver.mjs ISS_TREE [RUNS [REPEAT_MS]] < puzzles
//
// stdin: one puzzle a line, `id<TAB>constraint`. For each puzzle, in order, one line on stdout:
//
//   id<TAB>build ms<TAB>search ms<TAB>guesses<TAB>solutions<TAB>first solution
//   id<TAB>ERROR<TAB>message
//
// build = SudokuParser.parseText + SudokuBuilder.resolveConstraint + SudokuBuilder.build; search
// = the run counting to 2 solutions (maxSolutions 2, no backtrack limit). Both in the process's
// CPU time (process.cpuUsage(), user + system: this counts V8's helper threads, its collector's
// and its compiler's, as the work of the process). A puzzle whose first run takes less than
// REPEAT_MS (default 200) in all is run RUNS times (default 1) from its parse on, and the medians
// of build and of search are printed; the counters and the solution are the first run's, and
// every later run must give the same ones. The first solution is its digits (a cell ISS left
// unfixed shows as `?`), `-` when there is none. ISS's own console output goes to stderr.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [, , tree, runsArg, repeatArg] = process.argv;
if (!tree) {
  process.stderr.write('usage: node bench/iss_driver.mjs ISS_TREE [RUNS [REPEAT_MS]] < puzzles\n');
  process.exit(2);
}
const RUNS = Math.max(1, Number(runsArg ?? 1) | 0);
const REPEAT_MS = Number(repeatArg ?? 200);

const out = (line) => process.stdout.write(line + '\n');
// ISS may log while it builds or solves: keep stdout to our lines.
console.log = console.info = console.debug = (...args) => console.error(...args);

const moduleUrl = (path) => pathToFileURL(resolve(tree, path)).href;
const { ensureGlobalEnvironment } = await import(moduleUrl('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
// The same URLs ISS's modules import each other by (self.VERSION_PARAM is '' here), so that
// each module is loaded once.
const { SudokuParser } = await import(moduleUrl('js/sudoku_parser.js') + self.VERSION_PARAM);
const { SudokuBuilder } = await import(moduleUrl('js/solver/sudoku_builder.js') + self.VERSION_PARAM);
const { LookupTables } = await import(moduleUrl('js/solver/lookup_tables.js') + self.VERSION_PARAM);

const cpuMs = (since) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

const solutionString = (grid, geometry) => {
  if (!grid) return '-';
  let s = '';
  for (let cell = 0; cell < geometry.numGridCells; cell++) {
    const mask = grid[cell];
    const fixed = mask && !(mask & (mask - 1));
    s += fixed ? String(LookupTables.toOffsetValue(mask, geometry.valueOffset)) : '?';
  }
  return s;
};

const once = (text) => {
  let t0 = process.cpuUsage();
  const constraint = SudokuParser.parseText(text);
  const geometry = constraint.getGeometry();
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const build = cpuMs(t0);
  const internal = solver._internalSolver;
  let first = null;
  t0 = process.cpuUsage();
  internal.run({ maxSolutions: 2 }, (grid) => {
    if (!first) first = grid.slice(0, geometry.numGridCells);
  });
  const search = cpuMs(t0);
  return {
    build, search, guesses: internal.counters.guesses, solutions: internal.counters.solutions,
    solution: solutionString(first, geometry),
  };
};

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1];
};

const lines = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim() !== '') lines.push(line);
}

for (const line of lines) {
  const tab = line.indexOf('\t');
  const id = tab < 0 ? line : line.slice(0, tab);
  try {
    if (tab < 0) throw new Error('no constraint after the id');
    const text = line.slice(tab + 1);
    const first = once(text);
    const builds = [first.build];
    const searches = [first.search];
    if (first.build + first.search < REPEAT_MS) {
      for (let k = 1; k < RUNS; k++) {
        const again = once(text);
        if (again.solution !== first.solution || again.solutions !== first.solutions
            || again.guesses !== first.guesses) {
          throw new Error(`run ${k + 1} differs from the first`);
        }
        builds.push(again.build);
        searches.push(again.search);
      }
    }
    out([id, median(builds).toFixed(4), median(searches).toFixed(4), first.guesses,
         first.solutions, first.solution].join('\t'));
  } catch (e) {
    const message = String(e && e.message || e).replace(/\s+/g, ' ');
    out(`${id}\tERROR\t${message}`);
  }
}
