"""The build's one step beyond pyproject.toml: the compiled searches' machine code made at
install time, for the machine that installs (issue 111; docs/engines.md, "The first
answer without a wait").

``pip install .`` builds a wheel on this machine and installs it: after the package's files
are laid out in the build folder, :func:`make_machine_code` runs the searches' warm-up
(``python -m pyramid_lab.model.search.compiled.warm``) on that copy, so that numba writes
its cache (``__pycache__/*.nbi``, ``*.nbc``, beside each module) into the wheel. numba (0.68
or newer) keys a cache by a hash of the source's content, the interpreter's version, its own
version and the processor, so the installed copy loads the code at its first use; where any
of these differs (another machine, another numba), numba compiles on first use as without
it, without a word of error. An editable install makes none (the checkout compiles into
its own ``__pycache__``: ``scripts/setup.sh``); ``PYRAMID_LAB_NO_MACHINE_CODE=1`` makes none
(a wheel for other machines); a warm-up that fails leaves the build as it was, said.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: The warm-up the build runs, in the build environment's Python (numba and numpy are
#: pyproject's build requirements).
WARM_UP = ("-m", "pyramid_lab.model.search.compiled.warm")
#: Set (to anything but '' or '0'): the build makes no machine code.
SKIP = "PYRAMID_LAB_NO_MACHINE_CODE"


#: numba's cache files and the warm-up's marks (model/search/compiled/first_use.py).
MADE = ("*.nbi", "*.nbc", "compiled-*.sha256", "machine-code-installed")
#: Where the install's mark is left (model/search/compiled/first_use.py's INSTALLED), the
#: hash of the sources it was made from: the machine code beside the modules is this
#: install's, copied to numba's cache folder where that is elsewhere.
MARK = Path("pyramid_lab", "model", "search", "compiled", "__pycache__", "machine-code-installed")


def clear_machine_code(build_lib: Path) -> None:
    """Delete what an earlier build made in ``build_lib`` (a build folder is kept between
    builds: its machine code may be another version's, or another machine's)."""
    for pattern in MADE:
        for made in build_lib.glob(f"**/__pycache__/{pattern}"):
            made.unlink()


def make_machine_code(build_lib: Path, command: tuple[str, ...] = WARM_UP) -> bool:
    """Run the searches' warm-up on the package as laid out in ``build_lib``, its numba cache
    beside the modules there (no ``NUMBA_CACHE_DIR``, no bytecode written), once an earlier
    build's is cleared; whether it did."""
    clear_machine_code(build_lib)
    if os.environ.get(SKIP, "") not in ("", "0"):
        print(f"pyramid-lab: no machine code made ({SKIP} is set)", file=sys.stderr)
        return False
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYTHONPATH"))}
    env.update(PYTHONPATH=str(build_lib), PYTHONDONTWRITEBYTECODE="1", LANGUAGE="en")
    began = time.perf_counter()
    print("pyramid-lab: making the searches' machine code for this machine", file=sys.stderr)
    done = subprocess.run(
        [sys.executable, *command], cwd=build_lib, env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    if done.returncode:
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(
            f"pyramid-lab: the machine code was not made ({said}); the searches compile it "
            "on their first use instead",
            file=sys.stderr,
        )
        return False
    mark = build_lib / MARK
    with contextlib.suppress(OSError):  # (no hash of the sources: no mark, no copy)
        mark.write_bytes((mark.parent / "compiled-sources.sha256").read_bytes())
    print(f"pyramid-lab: made in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    return True


class BuildWithMachineCode(build_py):
    """build_py, then the machine code made on the package it laid out (not for an
    editable install)."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            make_machine_code(Path(self.build_lib))


if __name__ == "__main__":  # (setuptools runs this file so; a test imports it)
    setup(cmdclass={"build_py": BuildWithMachineCode})
