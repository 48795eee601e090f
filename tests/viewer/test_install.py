"""A regular install works from any folder (issue 59 item 7): the wheel built from this
tree, installed (not editable) into a fresh virtual environment that sees the project's
dependencies, and its ``pyramid-lab`` run from another folder finds the lessons, the
puzzle collections, the certificates and the shaders it ships, through the installed
package alone: ``puzzles``, ``lesson check`` and ``certificate check`` (through the
installed package's ``main``, in the one process that runs docs/api.md's examples and
checks the data), ``classroom`` (the shipped lessons), ``open`` (Lesson 1 on show) and
``practice partition``, each exit 0. The wheel holds one import name, ``pyramid_lab``
(issue 73), and a split solve on Dask runs from there too."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from pyramid_lab.model import files

ROOT = Path(__file__).resolve().parents[2]
#: What a build reads: the package's sources and pyproject's files (no tests, no examples)
SOURCES = ("pyproject.toml", "README.md", "pyramid_lab", "model", "viewer", "shaders")
TIMEOUT = 120


#: A PEP 517 front end in one process: pyproject's build backend builds the wheel (pip's
#: ``pip wheel --no-build-isolation`` calls the same hook, after one more process for the
#: metadata, each a Python of its own that imports the backend: 1.6 s of processor time
#: against 1.0 s here). The environment has pyproject's build requirement (the test extra).
BUILD = (
    "import importlib, sys, tomllib\n"
    "with open('pyproject.toml', 'rb') as file:\n"
    "    backend = tomllib.load(file)['build-system']['build-backend']\n"
    "print(importlib.import_module(backend).build_wheel(sys.argv[1]))\n"
)


def _build_wheel(tmp: Path) -> Path:
    """The wheel of this tree, built from a copy (no build/ left in the repository)."""
    source = tmp / "source"
    source.mkdir()
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            # pyramid_lab/'s links to the folders stay links, as in a clone
            shutil.copytree(ROOT / name, source / name, ignore=junk, symlinks=True)
        else:
            shutil.copy(ROOT / name, source / name)
    done = subprocess.run(
        [sys.executable, "-c", BUILD, str(tmp / "dist")], cwd=source, capture_output=True,
        text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = (tmp / "dist").glob("pyramid_lab-*.whl")
    assert done.stdout.splitlines()[-1] == wheel.name  # (the hook names what it built)
    return wheel


def _venv_with(wheel: Path, tmp: Path) -> Path:
    """A fresh virtual environment with the wheel installed by pip run with the
    environment's own Python (as ``venv/bin/pip install`` does), that sees this
    environment's site-packages for the dependencies and pip (after its own: the installed
    package comes first, never this tree or an editable install). One pip process: ``pip
    --python`` starts pip here and then again in the environment's Python. pip
    byte-compiles what it installs, which the test's commands read: ``--no-compile`` saved
    pip 0.5 s of processor time and cost the commands 0.8 to 1.3 s (under
    PYTHONDONTWRITEBYTECODE, each compiling what it imports)."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (_package(venv) / "_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    done = subprocess.run(
        [venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel],
        capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    _numba_cache(_package(venv))
    return venv


def _numba_cache(site: Path) -> None:
    """The compiled searches' numba cache of this tree, given to the installed copy of the
    same sources (the files' times too: numba's index checks the source's time and size),
    so the test does not spend a minute or two compiling them again. A fresh install
    compiles them on first use, as the editable one does (scripts/setup.sh warms that)."""
    cached = [*ROOT.glob("model/**/__pycache__/*.nb[ic]")]
    cached += ROOT.glob("model/**/__pycache__/compiled-sources.sha256")  # (else dropped)
    for index in cached:
        relative = index.relative_to(ROOT)
        target = site / "pyramid_lab" / relative
        if not target.parent.parent.is_dir():
            continue
        target.parent.mkdir(exist_ok=True)
        shutil.copy2(index, target)
        source = index.parent.parent
        for module in source.glob("*.py"):
            installed = site / "pyramid_lab" / module.relative_to(ROOT)
            if installed.is_file() and installed.read_bytes() == module.read_bytes():
                info = module.stat()
                os.utime(installed, ns=(info.st_atime_ns, info.st_mtime_ns))


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("install")
    wheel = _build_wheel(tmp)
    venv = _venv_with(wheel, tmp)
    elsewhere = tmp / "elsewhere"  # not the repository: nothing found beside the sources
    elsewhere.mkdir()
    home = tmp / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYRAMID_LAB_", "XDG_"))}
    # The installed program keeps what it compiles, as a user's does: its dependencies are
    # this environment's, which an installer leaves uncompiled (scripts/setup.sh), and each
    # of the test's processes compiled again what no earlier one had kept (numba's and
    # distributed's modules: 0.7 and 0.8 s of processor time a process)
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(HOME=str(home), QT_API="pyside6")
    return venv, elsewhere, env, wheel


def _run(installed, *args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    venv, elsewhere, env, _wheel = installed
    return subprocess.run(
        [str(venv / "bin" / "pyramid-lab"), *args],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_wheel_holds_one_import_name(installed):
    wheel = installed[3]
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        top_level = archive.read(next(n for n in archive.namelist() if n.endswith("top_level.txt")))
    assert {top for top in tops if not top.endswith(".dist-info")} == {"pyramid_lab"}
    assert top_level.decode().split() == ["pyramid_lab"]


@pytest.fixture(scope="module")
def page_and_data(installed) -> subprocess.CompletedProcess[str]:
    """One process of the installed Python, in a folder outside the repository
    (tests/viewer/installed_checks.py): docs/api.md's examples run as a reader runs them,
    then what the installed package finds of its data (where it comes from, what a script
    opens by name, the certificates, and ``puzzles``, ``lesson check`` and ``certificate
    check`` through its ``main``), as JSON on the last line. One process for them all:
    the checks of the data cost 1.3 s of processor time in a process of their own, 0.1 s
    after the page (the interpreter, numpy and the compiled searches loaded already), and
    what they check is the package's data, not the program's start (the other tests)."""
    venv, elsewhere, env, _wheel = installed
    work = elsewhere / "api-page"
    work.mkdir()
    script = Path(__file__).with_name("installed_checks.py")
    return subprocess.run(
        [venv / "bin" / "python", script, ROOT / "docs" / "api.md"], cwd=work, env=env,
        capture_output=True, text=True, timeout=10 * TIMEOUT,
    )  # fmt: skip


@pytest.fixture(scope="module")
def checked(page_and_data) -> dict[str, Any]:
    """What the installed package found of its data (:func:`page_and_data`'s last line)."""
    lines = page_and_data.stdout.splitlines()
    assert lines, page_and_data.stderr[-3000:]
    assert lines[-1].startswith("{"), page_and_data.stderr[-3000:]
    answer: dict[str, Any] = json.loads(lines[-1])
    return answer


def test_the_package_is_the_installed_one(installed, checked):
    venv = installed[0]
    for line in checked["files"]:
        assert Path(line).is_relative_to(venv), line
    assert checked["beside"] == []  # no model, viewer or shaders importable beside it
    site = _package(venv) / "pyramid_lab"
    for data in (
        "shaders/sphere_depth.glsl",  # the shaders
        "viewer/classroom/www/classroom.js",  # the classroom's pages
        "viewer/freedesktop/pyramid-lab.svg",  # the icon
        "viewer/games/partition/rules.md",  # Help > Rules, in English
        "viewer/games/partition/rules.sv.md",  # and in each language
        "model/data/lessons/order.json",
        "model/data/puzzles/terrace/collection.json",
        "model/data/pyraos-opening-standard-0-2.bin",  # the Pyraos book's openings
        "model/data/pyraos-opening-children-0-2.bin",
        "model/data/pyraos-opening-standard-1-2.bin",
        "model/data/pyraos-opening-alternate-0-2.bin",
    ):
        assert (site / data).is_file(), data


def test_the_installed_program_speaks_the_shipped_languages(installed):
    """The catalogs are package data: the wheel's program speaks German from them (compiled
    on first use into the user's cache, the test's home), and English where asked."""
    venv, elsewhere, env, _wheel = installed
    for language in ("de", "fr", "es", "sv"):
        assert (_package(venv) / "pyramid_lab" / "locale" / language / "LC_MESSAGES"
                / "pyramid_lab.po").is_file()  # fmt: skip
    german = subprocess.run(
        [str(venv / "bin" / "pyramid-lab"), "perft", "--help"], cwd=elsewhere,
        env={**env, "LANG": "de_DE.UTF-8", "LANGUAGE": ""}, capture_output=True, text=True,
        timeout=TIMEOUT,
    )  # fmt: skip
    assert german.returncode == 0, german.stderr
    assert german.stdout.startswith("Aufruf: pyramid-lab perft")
    assert "0 bis 100" in german.stdout
    assert list((Path(env["HOME"]) / ".cache" / "pyramid-lab" / "locale").glob("de-*.mo"))


def test_a_script_opens_what_the_package_ships_by_name(installed, checked):
    # issue 87 item 2: from another folder, the installed wheel's puzzles, lessons and
    # examples are listed and opened by name (examples/ is shipped as model/data/examples)
    puzzles, lessons, examples, ply = checked["counts"]
    assert (puzzles >= 99, lessons >= 20, examples >= 40, ply) == (True, True, True, 10)
    assert checked["title"] == "Allmer's Pyramid"
    assert Path(checked["ball_example"]).is_relative_to(installed[0])


def test_the_desktop_entry_starts_the_installed_program(installed, tmp_path):
    venv, _elsewhere, env, _wheel = installed
    env = dict(env, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path))
    done = subprocess.run(
        [venv / "bin" / "pyramid-lab", "desktop", "install"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    entry = (tmp_path / "data" / "applications" / "pyramid-lab.desktop").read_text()
    assert f"\nExec={venv / 'bin' / 'pyramid-lab'} open %f\n" in entry


def test_puzzles_lessons_and_certificates_come_with_it(installed, checked):
    venv = installed[0]
    listed = checked["puzzles"]
    assert listed["code"] == 0, listed["err"]
    names = [line.split(":")[0] for line in listed["out"].splitlines()]
    assert names == ["partition", "pyraos", "terrace"]
    assert str(venv) in listed["out"]  # the collections inside the installed package
    one = checked["puzzles_json"]
    assert one["code"] == 0, one["err"]
    first = json.loads(one["out"].splitlines()[0])
    assert Path(first["file"]).is_relative_to(venv)
    lesson_check = checked["lesson_check"]
    assert lesson_check["code"] == 0, lesson_check["err"]
    lines = lesson_check["out"].splitlines()
    assert len(lines) >= 20
    assert all(": ok (" in line for line in lines), lesson_check["out"]
    certificates = checked["certificates"]
    assert [Path(p).name for p in certificates] == [
        "empty-base3-floating.cert.gz",
        "empty-base3-stacking.cert.gz",
    ]
    verified = checked["certificate_check"]  # the last: empty-base3-stacking
    assert verified["code"] == 0, verified["err"]
    assert "blue wins" in verified["out"]


def test_the_classroom_serves_the_shipped_lessons(installed, tmp_path):
    venv, elsewhere, env, _wheel = installed
    results = tmp_path / "results.json"
    server = subprocess.Popen(
        [venv / "bin" / "pyramid-lab", "classroom", "--port", "0", "--results", str(results)],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # the students' page, once it listens
        assert line.startswith("Students' page: http://127.0.0.1:"), line + server.stderr.read()
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=TIMEOUT)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert f"The students' progress is in {results}" in out
    assert "To continue the class: " in out


@pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="the window needs a display (Xvfb)")
def test_open_shows_lesson_1_and_practice_its_collection(installed, tmp_path):
    venv = installed[0]
    shot = tmp_path / "open.png"
    began = time.perf_counter()
    opened = _run(installed, "open", "--screenshot", str(shot))
    assert opened.returncode == 0, opened.stderr
    lessons = _package(venv) / "pyramid_lab/model/data/lessons/partition"
    lesson = sorted(lessons.glob("*.lesson.json"))[0]
    title = json.loads(lesson.read_text(encoding="utf-8"))["title"]
    title = title["en"] if isinstance(title, dict) else title  # (a text in several languages)
    assert opened.stdout.startswith(f"Lesson: {title} (step 1 of "), opened.stdout
    assert shot.stat().st_size > 10_000, time.perf_counter() - began  # a picture, drawn
    shot = tmp_path / "practice.png"
    practised = _run(installed, "practice", "partition", "--screenshot", str(shot))
    assert practised.returncode == 0, practised.stderr
    assert "Pyramid Partition - Pyramid Lab" in practised.stdout
    assert shot.stat().st_size > 10_000


def _package(venv: Path) -> Path:
    """The site-packages folder the wheel went into."""
    (site,) = venv.glob("lib/python3*/site-packages")
    return site


def test_a_split_solve_runs_on_dask_from_the_installed_package(installed):
    # the Dask workers import the installed pyramid_lab (no repository on their path)
    position = ROOT / "examples" / "partition" / "empty-base3-floating.pyr.json"
    done = _run(
        installed, "solve", str(position), "--workers", "2", "--table-mb", "32", "--no-book",
        "--quiet", timeout=TIMEOUT * 2,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    answer = json.loads(done.stdout)
    assert (answer["solver"], answer["value"], answer["complete"]) == ("split", "win", True)
    assert answer["units"]["proven"] >= 1


def test_the_api_page_runs_against_the_installed_package(installed, page_and_data):
    """docs/api.md's examples, run by the installed wheel's Python from a folder outside
    the repository (issue 87: no example reaches into a clone; what the package ships is
    opened by name): every doctest prints what the page says, at least 40 of them, the
    picture is drawn and the game saved. The suite runs the page here alone (what the
    page holds: tests/viewer/test_api.py), in the process that then checks the data
    (:func:`page_and_data`)."""
    venv, elsewhere, _env, _wheel = installed
    work = elsewhere / "api-page"
    done = page_and_data
    said = re.findall(r"^(\d+) examples run, (\d+) failed$", done.stdout, re.M)
    assert said, done.stdout[-6000:] + done.stderr[-3000:]  # (the page ran to its end)
    assert f"pyramid_lab from {_package(venv) / 'pyramid_lab'}" in done.stdout
    ran, failed = said[-1]
    assert (int(ran) >= 40, failed) == (True, "0"), done.stdout[-6000:]
    assert (work / "pyramid.png").is_file()
    assert files.read(work / "my-game.pyr.json").game.move_stack  # the game, saved
