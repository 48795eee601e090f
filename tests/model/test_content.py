"""The content Pyramid Lab ships is package data of model (issue 59 item 7), found through
importlib.resources: the lessons, the puzzle collections and the certificates."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from pyramid_lab.model import content
from pyramid_lab.model.collection import load
from pyramid_lab.model.lesson import lesson_folders

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_content_is_inside_the_package():
    package = Path(content.__file__).resolve().parent  # (its real folder: model/)
    for kind in content.KINDS:
        assert content.shipped(kind) == package / "data" / kind
    assert lesson_folders(content.lessons())[:2] == ["partition", "pyraos"]  # order.json's
    assert len(list(content.lessons().glob("*/*.lesson.json"))) >= 20
    for folder in ("partition", "pyraos", "terrace"):
        assert load(content.puzzles() / folder).entries
    assert sorted(p.name for p in content.certificates().iterdir()) == [
        "empty-base3-floating.cert.gz",
        "empty-base3-stacking.cert.gz",
    ]
    assert not (ROOT / "examples" / "lessons").exists()  # examples/: positions to try only
    with pytest.raises(ValueError, match="no shipped content 'books'"):
        content.shipped("books")


def test_shipped_tells_the_content_from_the_users_files(tmp_path):
    lesson = next(content.lessons().glob("partition/*.lesson.json"))
    assert content.is_shipped(lesson)
    assert content.is_shipped(content.puzzles() / "terrace" / "collection.json")
    assert not content.is_shipped(tmp_path / "mine.lesson.json")
    assert not content.is_shipped("\0")  # a name no file can have: not shipped, no error


def test_content_in_a_zip_archive_is_copied_out_once(tmp_path):
    """A package imported from a zip archive: its folders are copied to a temporary
    folder (read-only users need paths)."""
    archive = tmp_path / "model.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("model/data/lessons/order.json", '{"games": ["partition"]}')
        made.writestr("model/data/lessons/partition/01-a.lesson.json", "{}")
    copied = content._on_disk(zipfile.Path(archive, "model/data/lessons/"))
    assert (copied / "order.json").read_text() == '{"games": ["partition"]}'
    assert (copied / "partition" / "01-a.lesson.json").is_file()
