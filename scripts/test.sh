#!/usr/bin/env bash
# Set everything up (Debian packages, .venv, the package) and run the whole test suite: ruff,
# then one `python -m pytest` beside mypy, which runs what CI runs with no script around it
# (pyproject.toml's addopts: pytest-xdist workers, one more than the cores, each with an
# Xvfb of its own through pytest-xvfb, Mesa's software OpenGL; a crashed worker's test once
# more, said at the end). Arguments go to that pytest run instead (ruff first, no mypy).
# Safe to run again, two at once too; exits non-zero on any failure and when pytest
# collects no test.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh --no-warm-up

export QT_API=pyside6 PYTEST_QT_API=pyside6
unset QT_QPA_PLATFORM  # the xcb default under Xvfb; 'offscreen' cannot host a QtInteractor
unset PYTHONDONTWRITEBYTECODE  # (else each worker compiles the modules and asserts again)

# ruff, then mypy and the searches' compile (numba: a minute of a core in a fresh clone)
# beside the pytest run: a test that needs the compiled search waits for the warm-up's
# compile (a lock in numba's cache) and loads it. The warm-up first runs, for the whole
# suite, the test of a first use from an empty cache, which so fills the cache in place
# (the pytest run below leaves it out; run alone, pytest gives it a cache of its own).
first_run=tests/model/test_first_run.py
logs=$(mktemp -d "${TMPDIR:-/tmp}/pyramid-lab-test.XXXXXX")
trap 'rm -rf "$logs"' EXIT
warm_up() {
  if [ "$#" -eq 0 ]; then
    PYRAMID_LAB_FIRST_RUN_IN_PLACE=1 .venv/bin/python -m pytest -q -n 0 "$first_run" || return
  fi
  .venv/bin/python -m pyramid_lab.model.search.compiled.warm
}
warm_up "$@" >"$logs/warm" 2>&1 &
warm=$!
status=0
echo "[test] ruff"
{ .venv/bin/ruff check . && .venv/bin/ruff format --check .; } || status=1
type_check() { if [ "$#" -eq 0 ]; then .venv/bin/mypy; fi; }
type_check "$@" >"$logs/mypy" 2>&1 &
mypy=$!
echo "[test] pytest, beside mypy and the searches' warm-up"
tests=0
if [ "$#" -eq 0 ]; then set -- --ignore="$first_run"; fi  # (run by the warm-up, first)
.venv/bin/python -m pytest "$@" || tests=$?
if [ "$tests" -eq 5 ]; then
  echo "[test] FAILED: pytest collected no test${*:+ in: $*}" >&2
fi
[ "$tests" -eq 0 ] || status=1
wait "$mypy" || status=1
[ ! -s "$logs/mypy" ] || { echo "[test] mypy"; cat "$logs/mypy"; }
if ! wait "$warm"; then
  echo "[test] FAILED: the first use from an empty cache, or compiling the searches:" >&2
  cat "$logs/warm" >&2
  status=1
fi
grep -h " in [0-9.]*s" "$logs/warm" | sed "s|^|[test] $first_run: |" || true
times >"$logs/times"  # (by this shell: in $(...) a subshell would answer, not its children)
echo "[test] wall time $SECONDS s, processor time $(sed -n 2p "$logs/times")"
[ "$status" -eq 0 ] && echo "[test] all passed" || echo "[test] FAILED" >&2
exit "$status"
