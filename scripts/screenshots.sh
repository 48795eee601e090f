#!/usr/bin/env bash
# Screenshots of every game and every lesson, under a virtual display (Xvfb + Mesa), to
# look at by eye: out/screenshots/*.png and out/screenshots/lessons/*.png.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh
export QT_API=pyside6
unset QT_QPA_PLATFORM
xvfb=(xvfb-run -a -s "-screen 0 1400x950x24 -nolisten tcp")
"${xvfb[@]}" .venv/bin/python scripts/screenshots.py out/screenshots
"${xvfb[@]}" .venv/bin/python scripts/lesson_steps_shots.py out/screenshots/lessons
"${xvfb[@]}" .venv/bin/python scripts/lesson_reasons_shots.py out/screenshots/lessons
echo "screenshots in out/screenshots: look at every picture" >&2
