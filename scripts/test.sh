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

echo "[test] pytest under Xvfb"
set +e
xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" .venv/bin/python -m pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "[test] FAILED: pytest collected no test" >&2
  exit 1
fi
exit "$status"
