"""A damaged compiled catalog in the user's cache is compiled again, never fatal (issue
109 item 16, N31: it once crashed every command in that language, ``--version`` and
``open`` included, until deleted by hand); a relative ``XDG_CACHE_HOME`` (or any XDG
base variable) is ignored, as the XDG specification says."""

from __future__ import annotations

import gettext
import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.xdg import xdg_home

ROOT = Path(__file__).resolve().parents[2]


def cached_mo(cache: Path, language: str) -> Path:
    po = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    digest = hashlib.sha256(po.read_bytes()).hexdigest()[:16]
    return cache / "pyramid-lab" / "locale" / f"{language}-{digest}.mo"


def command(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyramid_lab", *args],
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "damage",
    [b"", b"not a catalog at all", b"\xde\x12\x04\x95" + b"\xff" * 40],
    ids=["empty", "text", "cut short"],
)
def test_a_damaged_cached_catalog_is_compiled_again(tmp_path, damage):
    cache = tmp_path / "cache"
    mo = cached_mo(cache, "de")
    mo.parent.mkdir(parents=True)
    mo.write_bytes(damage)
    done = command(
        "--version", env={"XDG_CACHE_HOME": str(cache), "LANG": "de_DE.UTF-8"}, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    catalog = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))  # replaced, whole
    assert catalog.gettext("Open") != "Open"


def test_a_damaged_cache_in_this_process_is_rebuilt(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    mo = cached_mo(cache, "fr")
    mo.parent.mkdir(parents=True)
    mo.write_bytes(b"\x00" * 100)
    po = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    data = i18n._compiled("fr", po)
    assert gettext.GNUTranslations(io.BytesIO(data)).gettext("Open") != "Open"
    assert mo.read_bytes() == data


def test_a_relative_cache_variable_is_ignored(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    done = command(
        "--version",
        env={"XDG_CACHE_HOME": "relative-cache", "HOME": str(home), "LANG": "sv_SE.UTF-8"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "relative-cache").exists()
    assert cached_mo(home / ".cache", "sv").is_file()


@pytest.mark.parametrize("given", ["", "relative/folder", "./here", "~/cache"])
def test_xdg_home_takes_only_an_absolute_path(monkeypatch, tmp_path, given):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", given)
    assert xdg_home("XDG_DATA_HOME", ".local", "share") == tmp_path / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert xdg_home("XDG_DATA_HOME", ".local", "share") == tmp_path / "data"
