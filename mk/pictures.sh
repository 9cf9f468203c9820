#!/bin/sh
# make pictures: the rendered boards README.md shows ("Pictures"), drawn by bin/sudoku render,
# and the heuristics lab's plots ("Search heuristics and the lab"), drawn by bin/sudoku lab.
#
#   sh mk/pictures.sh [DIR]      DIR: docs/img by default
#
# LUA names the interpreter (lua5.4 by default; make passes its own), SHARED_DATA the shared
# data sets (../shared/data), which hold the killer puzzle and top1465. The same checkout makes the same
# files byte for byte, on every Lua: spec/pictures_spec.lua checks that docs/img/ is what this
# makes today, so a change to the renderer shows up as pictures to regenerate.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mkdir -p "${1:-$root/docs/img}" && cd "${1:-$root/docs/img}" && pwd)
lua=${LUA:-lua5.4}
data=${SHARED_DATA:-$root/../shared/data}
cd "$root"

sudoku() { "$lua" bin/sudoku "$@"; }

# The first bundled puzzle with its pencil marks, one cell highlighted.
grep -v '^#' examples/puzzles.txt | head -n 1 \
    | sudoku render --candidates --highlight 1,3 > "$dir/candidates-9x9.svg"

# A 16x16 puzzle of the generator's (seeded: the same on every machine), drawn solved, its givens
# set apart from the digits the solver filled in.
sudoku generate --size 16 --seed 1 | sudoku render --solve > "$dir/solved-16x16.svg"

# A killer: cages and their sums (record sigh-hs-killers-3 of the shared variants, from
# sigh/Interactive-Sudoku-Solver, MIT).
grep '"id":"sigh-hs-killers-3"' "$data/variants/killer.jsonl" \
    | sudoku render --from json > "$dir/killer-9x9.svg"

# A step of human-style logic: the fourth of this puzzle's path, a pointing pair (`sudoku
# explain --svg` draws every step; the rest are dropped).
# (mkdir, not mktemp: under make sanitize's preloaded ASan, mktemp's own exit reports leaks)
tmp="${TMPDIR:-/tmp}/sudoku-pictures.$$"
mkdir "$tmp"
echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' \
    | sudoku explain --svg "$tmp/step-%d.svg" > /dev/null
cp "$tmp/step-4.svg" "$dir/step-9x9.svg"
rm -r "$tmp"

# The heuristics lab's pictures: every ready strategy on the first 400 puzzles of magictour's
# top1465 (node counts, which every run and Lua repeat; the report itself is dropped).
grep -v '^#' "$data/magictour_top1465.txt" | head -n 400 > "$dir/.lab-puzzles.txt"
sudoku lab "$dir/.lab-puzzles.txt" --heuristics wdeg,mrv,first,mrv_degree,unit,lcv,random,singles,luby \
    --svg "$dir/lab-cactus.svg" --scatter "$dir/lab-scatter.svg" > /dev/null
rm "$dir/.lab-puzzles.txt"

echo "pictures: $dir/candidates-9x9.svg solved-16x16.svg killer-9x9.svg step-9x9.svg lab-cactus.svg lab-scatter.svg"
