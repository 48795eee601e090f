"""The suite's own settings (pyproject's ``[tool.pytest.ini_options]``) let a developer run
it as pytest's documentation says: ``-p no:xvfb`` (a display of one's own) is not refused
for pytest-xvfb's options that the run then does not know."""

from __future__ import annotations

import subprocess
import sys

from import_graph import ROOT


def test_the_suite_runs_without_pytest_xvfb():
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xvfb", "-n", "0", "-q", "--co"]
        + ["tests/model/test_pytest_options.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 test collected" in run.stdout
    assert "Unknown config option" not in run.stdout + run.stderr
