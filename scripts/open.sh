#!/usr/bin/env bash
# Set everything up, then show the teaching example. The desktop window is issue 5; until
# it lands this explains the example position on the command line.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash scripts/setup.sh
example=examples/partition/teaching-anchored-partition.pyr.json
.venv/bin/pyramid-lab analyze --text "$example"
