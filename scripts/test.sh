#!/usr/bin/env bash
# Set up (Debian packages, .venv, the package) and run the whole suite: ruff, then one
# `python -m pytest` (what CI runs, pyproject's addopts: xdist workers with an Xvfb each, the
# files longest first by the last run's seconds) beside mypy and the test of a first use from
# an empty cache, run first and in place: it compiles the prover's part of the searches into
# numba's own cache (the pytest run leaves it out), where the suite's tests load it rather
# than compile it a second time. The rest is compiled once by the first test to need it, the
# others waiting for its lock (the core: model/search/compiled/first_use.py; the small
# whole-game tables' build kernels: tests/whole_kernels.py): in a fresh clone the files that
# come first (the longest) are those, so a warm-up of the rest beside them found it all
# compiled and only loaded it again (issue 111 item 5). Arguments go to that pytest run
# instead (ruff first, no mypy, no first use). Safe to run twice at once; exits non-zero on
# any failure and when pytest collects no test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh --no-warm-up
export QT_API=pyside6 PYTEST_QT_API=pyside6
unset QT_QPA_PLATFORM          # the xcb default under Xvfb; 'offscreen' cannot host a QtInteractor
unset PYTHONDONTWRITEBYTECODE  # (else each worker compiles the modules and asserts again)
first_run=tests/model/test_first_run.py
logs=$(mktemp -d "${TMPDIR:-/tmp}/pyramid-lab-test.XXXXXX")
trap 'rm -rf "$logs"' EXIT
py=.venv/bin/python status=0 tests=0
{ [ "$#" -gt 0 ] || PYRAMID_LAB_FIRST_RUN_IN_PLACE=1 $py -m pytest -q -n 0 "$first_run"; } \
  >"$logs/warm" 2>&1 &
warm=$!
echo "[test] ruff"
{ .venv/bin/ruff check . && .venv/bin/ruff format --check .; } || status=1
# mypy's cache is locked while mypy writes it (from its start, long before pytest has
# collected; a second run's mypy waits for the first): the notebooks' strict check
# (tests/viewer/test_notebooks.py) waits for it and reads it, rather than checking the
# package and numpy again from nothing beside it (25 s of a core on a cold cache)
mkdir -p .mypy_cache
{ [ "$#" -gt 0 ] || flock .mypy_cache/pyramid-lab-mypy.lock .venv/bin/mypy; } >"$logs/mypy" 2>&1 &
mypy=$!
echo "[test] pytest, beside mypy and the first use from an empty cache"
# The whole run: the test modules collected once first, so their assertions are rewritten
# once into __pycache__ (a fresh clone's 3 workers each rewrote all of them, 13 s apiece).
[ "$#" -gt 0 ] || { set -- --ignore="$first_run"  # (run first, beside it)
  $py -m pytest -q --collect-only -n 0 -p no:xvfb -p no:cacheprovider "$@" >/dev/null || :; }
$py -m pytest "$@" || tests=$?
[ "$tests" -ne 5 ] || echo "[test] FAILED: pytest collected no test${*:+ in: $*}" >&2
[ "$tests" -eq 0 ] || status=1
wait "$mypy" || status=1
[ ! -s "$logs/mypy" ] || { echo "[test] mypy"; cat "$logs/mypy"; }
if ! wait "$warm"; then
  echo "[test] FAILED: the first use from an empty cache:" >&2
  cat "$logs/warm" >&2
  status=1
fi
grep -h " in [0-9.]*s" "$logs/warm" | sed "s|^|[test] $first_run: |" || true
times >"$logs/times"  # (by this shell: in $(...) a subshell would answer, not its children)
echo "[test] wall time $SECONDS s, processor time $(sed -n 2p "$logs/times")"
[ "$status" -eq 0 ] && echo "[test] all passed" || echo "[test] FAILED" >&2
exit "$status"
