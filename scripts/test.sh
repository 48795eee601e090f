#!/usr/bin/env bash
# Set everything up (Debian packages, .venv, the package) and run the whole test suite: ruff,
# mypy, then one `python -m pytest`, which runs what CI runs with no script around it
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
# Bytecode written (__pycache__, ignored by git): each worker would else compile the
# project's modules and rewrite the test modules' asserts again.
unset PYTHONDONTWRITEBYTECODE

# The searches are compiled (numba, a minute of one core in a fresh clone) while ruff and
# mypy run, so that no test worker compiles them (its cache then serves every worker).
warm_log=$(mktemp "${TMPDIR:-/tmp}/pyramid-lab-warm.XXXXXX")
trap 'rm -f "$warm_log"' EXIT
began=$SECONDS
.venv/bin/python -m pyramid_lab.model.search.compiled.warm >"$warm_log" 2>&1 &
warm=$!
status=0
echo "[test] ruff"
{ .venv/bin/ruff check . && .venv/bin/ruff format --check .; } || status=1
if [ "$#" -eq 0 ]; then
  echo "[test] mypy"
  .venv/bin/mypy || status=1
fi
if ! wait "$warm"; then
  echo "[test] FAILED: compiling the searches:" >&2
  cat "$warm_log" >&2
  status=1
fi
echo "[test] ruff, mypy and the searches' warm-up in $((SECONDS - began)) s"

echo "[test] pytest"
tests=0
.venv/bin/python -m pytest "$@" || tests=$?
if [ "$tests" -eq 5 ]; then
  echo "[test] FAILED: pytest collected no test${*:+ in: $*}" >&2
fi
[ "$tests" -eq 0 ] || status=1
# the processor time (user, system) of what this shell waited for: `times`'s second line,
# written by this very shell (in $(...) a subshell would answer, without these children)
times >"$warm_log"
echo "[test] wall time $SECONDS s, processor time $(sed -n 2p "$warm_log")"
[ "$status" -eq 0 ] && echo "[test] all passed" || echo "[test] FAILED" >&2
exit "$status"
