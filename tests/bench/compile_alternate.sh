#!/usr/bin/env bash
# Benchmark: numba's compile from an empty cache, before and after a change, alternated
# (issue 88 item 7). Each pair runs, on each tree in turn (REV's files from `git archive`,
# then this tree), with a new empty NUMBA_CACHE_DIR, what a fresh clone's suite compiles,
# one after the other as scripts/test.sh does: the first run's test (in place), the
# core's warm-up, the whole-game build kernels, and a test that compiles kernels of its
# own; the processor time of each (its process and children, /usr/bin/time).
#
#   bash tests/bench/compile_alternate.sh REV [PAIRS]      # e.g. main 2
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rev=${1:?the commit to compare with}
pairs=${2:-2}
py=$root/.venv/bin/python
work=$(mktemp -d "${TMPDIR:-/tmp}/compile-alternate.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/before"
git -C "$root" archive "$rev" | tar -x -C "$work/before"
export QT_API=pyside6 PYTEST_QT_API=pyside6
unset PYTHONDONTWRITEBYTECODE
steps=(
  "first_run|env PYRAMID_LAB_FIRST_RUN_IN_PLACE=1 $py -m pytest -q -n 0 -p no:cacheprovider tests/model/test_first_run.py"
  "warm|$py -m pyramid_lab.model.search.compiled.warm"
  "whole_kernels|$py -m tests.whole_kernels"
  "un_moves|$py -m pytest -q -n 0 -p no:cacheprovider tests/model/test_pyraos_whole.py::test_the_un_moves_find_exactly_the_parents"
)
echo "before $rev, after $root; load $(cut -d' ' -f1-3 /proc/loadavg)"
for pair in $(seq "$pairs"); do
  for label in before after; do
    tree=$work/before
    [ "$label" = before ] || tree=$root
    cache=$(mktemp -d "$work/cache-$label.XXXX")
    line="pair $pair $label:"
    for step in "${steps[@]}"; do
      name=${step%%|*}
      command=${step#*|}
      ( cd "$tree" && PYTHONPATH=$tree NUMBA_CACHE_DIR=$cache /usr/bin/time -f "%U %S" \
          -o "$work/time" $command >"$work/out" 2>&1 ) || { cat "$work/out"; exit 1; }
      line+=" $name $(awk '{printf "%.1f", $1 + $2}' "$work/time") s"
    done
    echo "$line (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
