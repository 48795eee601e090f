#!/usr/bin/env bash
# Sets up everything Pyramid Lab needs on a Debian 12 machine, and is safe to run again:
# Debian packages for Qt / OpenGL / Xvfb, a virtual environment in .venv, the package itself,
# the compiled searches. Each step is skipped when what it makes is already there.
# --no-warm-up: all but compiling the searches (scripts/test.sh compiles them beside the
# tests that need none).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$root/.venv"
say() { printf '[setup] %s\n' "$*" >&2; }

apt_packages=(
  libegl1 libgl1 libgl1-mesa-dri
  libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1
  libxcb-shape0 libxcb-xkb1 libxcb-image0 libxcb-render-util0 libxcb-randr0
  libfontconfig1 libdbus-1-3 libglib2.0-0 xvfb xauth
  # a real browser for the test that opens an exported 3D web page (tests/viewer/test_export.py)
  chromium
)

missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

install_apt() {
  local missing
  missing=$(missing_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: $missing"
    say "run this script as root once, or: sudo apt-get install $missing"
    exit 1
  fi
  say "installing Debian packages: $(echo $missing | tr '\n' ' ')"
  apt-get update -qq
  # --no-upgrade keeps apt from pulling a newer Mesa than the machine already has
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends --no-upgrade \
    $missing >/dev/null
}

install_apt "${apt_packages[@]}"

# Chromium's headless shell, the browser the tests open their pages in (tests/chromium.py):
# the same engine without the browser's own windows, a page a fifth cheaper. Debian builds
# it at chromium's version only, and --no-upgrade keeps an older chromium as it is, so it
# may not install: the tests then use chromium, and nothing else needs it.
if [ -n "$(missing_packages chromium-headless-shell)" ] && [ "$(id -u)" -eq 0 ]; then
  say "installing chromium-headless-shell (the tests' browser)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends --no-upgrade chromium-headless-shell; } >/dev/null 2>&1 ||
    say "chromium-headless-shell could not be installed: the tests use chromium"
fi

# A Python 3.11+ able to make virtual environments (Debian's python3 needs python3-venv):
# $PYTHON, else python3 on the PATH (README.md: a new .venv only).
python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1 || ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  install_apt python3 python3-venv
  python=python3
fi
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  say "Python 3.11 or newer is needed; $("$python" --version 2>&1) found"; exit 1; }

if [ ! -x "$venv/bin/python" ]; then
  say "creating the virtual environment in $venv"
  "$python" -m venv "$venv"
fi

# Reinstall only when pyproject.toml changed since the last successful install, or the
# install was made from another folder (an editable install points at its folder).
stamp="$venv/.pyramid-lab-installed"
want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1) $root"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "installing pyramid-lab and its dependencies into $venv (a few minutes the first time)"
  # uv (from PyPI, Astral's installer) installs the same wheels as pip in about half the
  # time, downloading them side by side; pip where uv cannot be had. Neither byte-compiles
  # the 6,000 modules installed (20 s of processor time): Python compiles each the first
  # time it is imported, a fifth of them, and keeps it.
  if "$venv/bin/python" -m pip install -q uv >/dev/null 2>&1 &&
    "$venv/bin/uv" pip install -q --python "$venv/bin/python" -e "$root[test]"; then
    :
  else
    say "uv could not be had or failed: pip installs instead"
    # an editable install from pyproject.toml needs pip 21.3 or newer (Debian 12 has 23)
    "$venv/bin/python" -c 'import pip, sys; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (22, 0))' ||
      "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q --no-compile -e "$root[test]"
  fi
  echo "$want" > "$stamp"
fi
if [ "${1:-}" = --no-warm-up ]; then
  say "ready: $venv (the compiled searches compile on first use, or: bash scripts/setup.sh); the command: $venv/bin/pyramid-lab (or: source $venv/bin/activate, then pyramid-lab)"
  exit 0
fi
# The compiled searches are compiled by numba on first use (its cache sits beside the
# source): compile them now, saying each step, so that no first use waits a minute for it
# (the window would compile them in the background from its start; a command would say so
# and keep it off its time limits: model/search/compiled/first_use.py). Importing the
# package first drops a stale cache, before it compiles.
say "compiling the searches (a minute or two the first time; loaded in a second after)"
"$venv/bin/python" -m pyramid_lab.model.search.compiled.warm 2>&1 | sed 's/^/[setup]   /' >&2 ||
  say "the compiled search core could not be compiled now: it will be on first use"
say "ready: $venv; the command: $venv/bin/pyramid-lab (or: source $venv/bin/activate, then pyramid-lab)"
