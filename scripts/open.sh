#!/usr/bin/env bash
# Set everything up, then open Pyramid Lab on Lesson 1 (its caption and overlays). Without a
# display it says so, draws the lesson to out/teaching.png instead, and shows how to do that.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh
example=model/data/lessons/partition/01-corners-and-walls.lesson.json
export QT_API=pyside6
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec .venv/bin/pyramid-lab open "$example"
fi
.venv/bin/pyramid-lab open "$example" || true
mkdir -p out
echo "Drawing Lesson 1 headless instead:" >&2
.venv/bin/pyramid-lab render "$example" -o out/teaching.png
