"""The searches' machine code made at install time (issue 111, setup.py): the build runs
the warm-up on the package it laid out, an earlier build's code cleared first, and never
fails for it; numba finds a cache moved with its sources (the install's copy: new paths, new
file times), and compiles again, without an error, where a source changed. The whole build
(a minute of compiling) is the bench's: tests/bench/first_use_profile.py --installed."""

from __future__ import annotations

import importlib.util
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

KERNEL = """
from numba import njit


@njit(cache=True)
def twice(x):
    return x * 2
"""

CALL = """
import kernel
value = kernel.twice(21)
stats = kernel.twice.stats
print(value, sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def _setup_module():
    spec = importlib.util.spec_from_file_location("pyramid_lab_setup", ROOT / "setup.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _call(folder: Path, **numba: str) -> tuple[str, int, int]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env.update(numba, PYTHONPATH=str(folder))
    done = subprocess.run(
        [sys.executable, "-c", CALL], cwd=folder, env=env, capture_output=True, text=True,
        check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    value, hits, misses = done.stdout.split()
    return value, int(hits), int(misses)


def test_a_cache_moved_with_its_sources_is_found(tmp_path: Path) -> None:
    built = tmp_path / "build"
    built.mkdir()
    (built / "kernel.py").write_text(KERNEL)
    assert _call(built) == ("42", 0, 1)  # compiled, into __pycache__ beside it
    installed = tmp_path / "site-packages"
    shutil.copytree(built, installed)  # (an install writes the files anew)
    later = (built / "kernel.py").stat().st_mtime + 1000
    os.utime(installed / "kernel.py", (later, later))
    assert _call(installed) == ("42", 1, 0)  # loaded, not compiled
    # made for another processor, or by another numba: compiled again, without an error
    assert _call(installed, NUMBA_CPU_NAME="generic") == ("42", 0, 1)
    (index,) = (installed / "__pycache__").glob("*.nbi")
    with index.open("rb") as file:
        pickle.load(file)  # (numba's version, then the entries)
        entries = file.read()
    index.write_bytes(pickle.dumps("0.1.0") + entries)
    assert _call(installed) == ("42", 0, 1)
    (installed / "kernel.py").write_text(KERNEL.replace("x * 2", "x * 3"))
    assert _call(installed) == ("63", 0, 1)  # a changed source compiles again, no error


def test_the_build_runs_the_warm_up_on_its_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = _setup_module()
    cache = tmp_path / "lib" / "pyramid_lab" / "__pycache__"
    cache.mkdir(parents=True)
    for old in ("an-older.nbi", "an-older.1.nbc", "compiled-sources.sha256"):
        (cache / old).write_text("from an earlier build")
    (cache / "kept.pyc").write_text("")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    monkeypatch.delenv(setup.SKIP, raising=False)
    seen = (
        "import os; open('seen', 'w').write(repr("
        "(os.getcwd(), os.environ.get('PYTHONPATH'), 'NUMBA_CACHE_DIR' in os.environ)))"
    )
    lib = tmp_path / "lib"
    assert setup.make_machine_code(lib, ("-c", seen))
    assert (lib / "seen").read_text() == repr((str(lib), str(lib), False))
    assert sorted(p.name for p in cache.iterdir()) == ["kept.pyc"]


def test_the_build_goes_on_without_machine_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = _setup_module()
    monkeypatch.delenv(setup.SKIP, raising=False)
    assert not setup.make_machine_code(tmp_path, ("-c", "raise SystemExit('no numba here')"))
    assert "no numba here" in capsys.readouterr().err
    monkeypatch.setenv(setup.SKIP, "1")
    assert not setup.make_machine_code(tmp_path, ("-c", "open('ran', 'w')"))
    assert not (tmp_path / "ran").exists()
    assert setup.SKIP in capsys.readouterr().err


def test_an_installs_code_is_copied_where_numba_caches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pyramid_lab.model.search import compiled
    from pyramid_lab.model.search.compiled import first_use

    package = tmp_path / "site" / "compiled"
    game = tmp_path / "site" / "games" / "terrace"
    for folder in (package, game):
        (folder / "__pycache__").mkdir(parents=True)
    made = package / "__pycache__"
    (made / "core.run-1.py311.nbi").write_bytes(b"index")
    (made / "core.run-1.py311.1.nbc").write_bytes(b"code")
    (made / "compiled-warm-tree.sha256").write_text("digest")
    (made / "core.cpython-311.pyc").write_bytes(b"")  # (Python's, not numba's)
    (game / "__pycache__" / "kernel.play-9.py311.nbi").write_bytes(b"the game's index")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "user"))
    first_use.share_installed_code([package, game], compiled.cache_folder, first_use.INSTALLED)
    assert not (tmp_path / "user").exists()  # no install's mark: a checkout's cache, kept

    (made / first_use.INSTALLED).write_text("sources 1")
    first_use.share_installed_code([package, game], compiled.cache_folder, first_use.INSTALLED)
    there = compiled.cache_folder(package)
    assert there.parent == tmp_path / "user"
    assert sorted(p.name for p in there.iterdir()) == sorted(
        [first_use.INSTALLED, "compiled-warm-tree.sha256", "core.run-1.py311.1.nbc",
         "core.run-1.py311.nbi"]
    )  # fmt: skip
    assert (compiled.cache_folder(game) / "kernel.play-9.py311.nbi").read_bytes() == (
        b"the game's index"
    )
    (there / "core.run-1.py311.1.nbc").write_bytes(b"numba's own since")
    first_use.share_installed_code(
        [package, game], compiled.cache_folder, first_use.INSTALLED
    )  # the same install's: copied once
    assert (there / "core.run-1.py311.1.nbc").read_bytes() == b"numba's own since"
    (made / "core.run-1.py311.1.nbc").write_bytes(b"a new version's code")
    (made / first_use.INSTALLED).write_text("sources 2")
    first_use.share_installed_code(
        [package, game], compiled.cache_folder, first_use.INSTALLED
    )  # an upgrade's: copied again
    assert (there / "core.run-1.py311.1.nbc").read_bytes() == b"a new version's code"


def test_an_installs_code_is_copied_into_the_users_cache_folder_made_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 111 item 2: an install nobody may write (root's, used by another user): numba
    # caches under the user's cache folder, which a new user does not have yet. The install's
    # code is copied there all the same (it was not: the folders were not made, the copy
    # failed silently, and the first use compiled 76 functions, 28 s of processor time).
    from pyramid_lab.model.search import compiled
    from pyramid_lab.model.search.compiled import first_use

    site = tmp_path / "site"
    package, game = site / "compiled", site / "games" / "terrace"
    for folder in (package, game):
        (folder / "__pycache__").mkdir(parents=True)
    made = package / "__pycache__"
    (made / "core.run-1.py311.nbi").write_bytes(b"index")
    (made / "compiled-warm-tree.sha256").write_text("digest")
    (made / first_use.INSTALLED).write_text("sources 1")
    (game / "__pycache__" / "kernel.play-9.py311.nbi").write_bytes(b"the game's index")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home" / ".cache"))
    writable = compiled._writable  # (root may write anywhere: the install made read-only here)
    monkeypatch.setattr(compiled, "_writable", lambda f: not f.is_relative_to(site) and writable(f))
    first_use.share_installed_code([package, game], compiled.cache_folder, first_use.INSTALLED)
    there = compiled.cache_folder(package)
    assert there.parent == tmp_path / "home" / ".cache" / "numba"
    assert (there / "core.run-1.py311.nbi").read_bytes() == b"index"
    assert (there / first_use.INSTALLED).read_text() == "sources 1"
    assert (compiled.cache_folder(game) / "kernel.play-9.py311.nbi").read_bytes() == (
        b"the game's index"
    )
