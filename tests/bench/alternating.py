"""What the benches that compare two trees in one run share (``compiled_alternate.py``,
``pyraos_whole_alternate.py``): a commit's files in a folder of their own, and a child
process on one tree that answers in JSON (run by hand, as those scripts are)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def tree(root: Path, rev: str, into: Path) -> Path:
    """Commit ``rev``'s files (``git archive``) in the folder ``into``."""
    into.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", rev], check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def child(
    script: str, arguments: list[str], code: Path, cache: Path, installed: str | None = None
) -> dict:
    """``script --child ARGUMENTS`` on the tree at ``code`` (its numba cache at ``cache``,
    one numba thread): the JSON of its last line, whose ``code`` must be that tree's. With
    ``installed`` (a Python whose ``pyramid_lab`` is a regular install): run by that Python,
    its package the install's, numba's cache the install's own (no ``NUMBA_CACHE_DIR``)."""
    env = {**os.environ, "PYTHONPATH": str(code), "NUMBA_CACHE_DIR": str(cache)}
    env["NUMBA_NUM_THREADS"] = "1"
    if installed:
        del env["NUMBA_CACHE_DIR"]
    command = [installed or sys.executable, script, "--child", *arguments]
    done = subprocess.run(command, env=env, cwd=code, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the child on {code} failed:\n{done.stderr[-3000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    inside = Path(installed).parent.parent if installed else code
    if not Path(found["code"]).resolve().is_relative_to(inside.resolve()):
        raise SystemExit(f"the child on {code} imported {found['code']}")
    return found
