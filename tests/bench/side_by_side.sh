#!/usr/bin/env bash
# The window's benches for two trees in one run, one after the other under one Xvfb:
# click-to-redraw (click.py) and File > Open (file_open.py), each run on this checkout's
# code and on OTHER's (a checkout of another commit: PYTHONPATH puts its code first).
#   bash tests/bench/side_by_side.sh /path/to/other/checkout [rounds]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
other=$(cd "${1:?the other checkout}" && pwd)
rounds=${2:-40}
cd "$root"
export QT_API=pyside6
for tree in "$other" "$root"; do
  echo "=== $(git -C "$tree" log --oneline -1 | cut -c1-72) ($tree)"
  PYTHONPATH="$tree" xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
    .venv/bin/python tests/bench/click.py -n "$rounds" | grep -vE '^ +(model|viewer)/'
  PYTHONPATH="$tree" xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
    .venv/bin/python tests/bench/file_open.py --repeat 15
done
