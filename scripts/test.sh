#!/usr/bin/env bash
# Set everything up (Debian packages, .venv, the package) and run the whole test suite:
# ruff, then pytest under a virtual X display with Mesa's software OpenGL.
# Extra arguments go to pytest. Safe to run again; exits non-zero if no test ran.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh

export QT_API=pyside6 PYTEST_QT_API=pyside6
unset QT_QPA_PLATFORM  # the xcb default under Xvfb; 'offscreen' cannot host a QtInteractor
export PYTHONDONTWRITEBYTECODE=1

echo "[test] ruff"
.venv/bin/ruff check .

echo "[test] mypy"
.venv/bin/mypy model

echo "[test] pytest under Xvfb"
xvfb=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp")
run() {  # one pytest process; 5 (nothing collected) is a failure too
  set +e
  "${xvfb[@]}" .venv/bin/python -m pytest "$@"
  local status=$?
  set -e
  if [ "$status" -eq 5 ]; then
    echo "[test] FAILED: pytest collected no test in: $*" >&2
    return 1
  fi
  return "$status"
}
if [ "$#" -gt 0 ]; then
  run "$@"
  exit $?
fi
# The whole suite: the model's tests in one process, then each window test file in a
# process of its own. Mesa's software OpenGL has segfaulted (rarely, inside VTK's render)
# once a process had opened and closed some dozens of QtInteractor windows; a file's worth
# never did. Every test still runs; the exit status is the first failure's.
# A file whose process dies of SIGSEGV (status 139) runs once more, said in the log; any
# other failure, or a second crash, fails the suite.
run_file() {
  local status=0
  run -q "$1" || status=$?
  if [ "$status" -eq 139 ]; then
    echo "[test] $1: the process crashed (SIGSEGV, Mesa); running the file once more" >&2
    status=0
    run -q "$1" || status=$?
  fi
  return "$status"
}
failed=()
run -q tests/model || failed+=("tests/model")
for file in tests/viewer/test_*.py; do
  run_file "$file" || failed+=("$file")
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "[test] FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "[test] all passed"
