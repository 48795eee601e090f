"""docs/notebooks/: the gallery a user starts from, each notebook run in a Jupyter kernel
(nbclient) from a clean temporary folder, as a user runs it after an install: every cell
runs without an error, and the notebook stays light (under 300 KB as saved and as run,
each position's diagram a few KB, no 3D page in it); and their code, as a scripter's
code using the API, type-checks under mypy --strict with no ignores."""

from __future__ import annotations

import ast
import fcntl
import json
import os
import pathlib
import re
import subprocess
import sys
import time
import tomllib
import xml.etree.ElementTree as ET

import nbclient  # (Jupyter is in the test extra: pyproject.toml)
import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "docs" / "notebooks").glob("*.ipynb"))
MAX_BYTES = 300_000
MAX_SVG = 30_000
#: A cell's time at most: the analysis compiles the solver on its first use (20-60 s).
CELL_SECONDS = 600
#: The notebooks' modules under every flag --strict turns on, as the project's config says
#: it for the API (a section of its own: the rest keeps the project's options, so mypy
#: reuses the cache of the project's own run rather than checking numpy and Qt again).
STRICT_NOTEBOOKS = """
[[tool.mypy.overrides]]
module = ["notebooks.*"]
disallow_untyped_defs = true
disallow_incomplete_defs = true
disallow_any_generics = true
disallow_subclassing_any = true
disallow_untyped_calls = true
disallow_untyped_decorators = true
warn_return_any = true
implicit_reexport = false
strict_equality = true
extra_checks = true
"""
#: The project's own mypy cache (``mypy`` run in the repository, as scripts/test.sh runs
#: it): the check reads what that run wrote, and writes its own beside (each atomically).
CACHE = str(ROOT / ".mypy_cache")
#: Held by scripts/test.sh while the project's mypy runs beside the suite and writes CACHE.
PROJECT_RUN = ROOT / ".mypy_cache" / "pyramid-lab-mypy.lock"


def after_the_projects_mypy() -> None:
    """Wait (up to CELL_SECONDS) for the project's mypy run beside the suite, if one runs:
    its cache then holds the package and numpy, which a check from a cold cache would do
    again at the same time (25 s of a core, against 0.7 s from the warm cache)."""
    if not PROJECT_RUN.exists():
        return
    with PROJECT_RUN.open("a") as lock:
        deadline = time.monotonic() + CELL_SECONDS
        while time.monotonic() < deadline:
            try:
                fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                time.sleep(0.5)
            else:
                fcntl.flock(lock, fcntl.LOCK_UN)
                return


def test_the_gallery_holds_the_three_notebooks():
    names = {path.stem for path in NOTEBOOKS}
    assert {"tour", "analysis-table", "worksheet"} <= names
    for path in NOTEBOOKS:
        assert path.stat().st_size < MAX_BYTES, path.name
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        assert notebook.cells[0].cell_type == "markdown", path.name  # says what it is for


def code_of(path: pathlib.Path) -> str:
    notebook = nbformat.read(path, as_version=4)
    return "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")


def test_the_notebooks_reach_what_the_package_ships_by_name():
    """No repository path: the shipped puzzles by pl.puzzles() and their names, the tour's
    text boards and the compile said ahead, the table's position texts."""
    code = {path.stem: code_of(path) for path in NOTEBOOKS}
    for stem, text in code.items():
        for path_like in ("__file__", "model/data", "examples/", "pyramid_lab.model", "Path("):
            assert path_like not in text, (stem, path_like)
    assert "pl.puzzles(" in code["worksheet"]
    assert 'pl.load("puzzle:' in code["worksheet"]
    assert "pos.to_text()" in code["analysis-table"]
    assert "pl.from_text(" in code["analysis-table"]
    assert code["tour"].count("print(pos)") >= 5
    assert code["tour"].index("pl.warm_up()") < code["tour"].index(".analyse(")


def svgs(notebook) -> list[str]:
    """Every diagram the notebook shows: SVG outputs, and SVG inside HTML outputs."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            found += [data["image/svg+xml"]] if "image/svg+xml" in data else []
            page = data.get("text/html", "")
            while "<svg " in page:
                page = page[page.index("<svg ") :]
                found.append(page[: page.index("</svg>") + len("</svg>")])
                page = page[len(found[-1]) :]
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_notebook_runs_from_a_clean_folder_and_stays_light(path, tmp_path):
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=CELL_SECONDS,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(tmp_path)}},  # the kernel's working folder
    )
    client.execute()  # CellExecutionError names the cell and the error
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", (path.name, cell.source)
            assert "vtk" not in json.dumps(output.get("data", {})).lower(), path.name
    run = nbformat.writes(notebook)
    assert len(run.encode("utf-8")) < MAX_BYTES, path.name
    for svg in svgs(notebook):
        assert len(svg.encode("utf-8")) < MAX_SVG
        ET.fromstring(svg)  # well formed
    said = [out["text"] for c in notebook.cells for out in c.get("outputs", []) if "text" in out]
    if path.stem == "tour":  # each game's text board printed
        assert sum(" to move\n" in text for text in said) >= 5, said
    if path.stem in ("tour", "worksheet"):
        assert len(svgs(notebook)) >= 4, path.name  # the games, the puzzles: drawn


def test_the_notebooks_code_type_checks_strictly(tmp_path):
    """Each notebook's code cells, in order, as a module in a temporary folder, checked by
    mypy with the project's config and --strict's flags for those modules: the cells use
    the API as a typed script does (no ignores, no casts), pandas through its stubs."""
    package = tmp_path / "notebooks"  # (the section above names its modules)
    package.mkdir()
    (package / "__init__.py").write_text("")
    modules = []
    for path in NOTEBOOKS:
        module = package / f"{path.stem.replace('-', '_')}.py"
        module.write_text(code_of(path) + "\n", encoding="utf-8")
        assert "type: ignore" not in module.read_text(encoding="utf-8"), path.name
        modules.append(f"notebooks/{module.name}")
    config = tmp_path / "pyproject.toml"  # the project's, and the section above
    config.write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8") + STRICT_NOTEBOOKS)
    command = [sys.executable, "-m", "mypy", f"--config-file={config}", f"--cache-dir={CACHE}"]
    after_the_projects_mypy()
    checked = subprocess.run(
        [*command, *modules],
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},  # pyramid_lab as the project's run finds it
        capture_output=True,
        text=True,
        timeout=CELL_SECONDS,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"no issues found in {len(modules)} source files" in checked.stdout


def test_what_a_notebook_imports_is_installed_or_named():
    # Issue 109 item 10: analysis-table.ipynb needs pandas, which nothing installed for a
    # user (only the test extra had it) and nothing named. Each module a notebook imports
    # is the standard library's, the package's, a dependency's or the notebooks extra's, and
    # a notebook that needs the extra says so in its first cell.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"]["notebooks"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[<>=;\[ ]", r, maxsplit=1)[0].lower() for r in requirements}

    installed = names(project["dependencies"])
    assert {"pandas", "ipykernel"} <= names(extra)
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        tree = ast.parse(code_of(path))
        modules = {
            n.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for n in node.names
        }
        modules |= {
            node.module.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        needed = {m for m in modules - set(sys.stdlib_module_names) if m != "pyramid_lab"}
        assert needed <= names(extra) | installed, (path.name, needed)
        if needed - installed:
            first = notebook.cells[0].source
            assert 'pip install ".[notebooks]"' in first, path.name
            assert all(m in first for m in needed - installed), path.name
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert 'pip install ".[notebooks]"' in api
