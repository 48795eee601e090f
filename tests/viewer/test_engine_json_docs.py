"""Every field of ``analyze --engine``'s JSON says what it holds (issue 89, done-means 1):
each key of the engine's object, of its rows and of its forced win is named, with what it
holds, in docs/file-formats.md's section on the command line's output."""

from __future__ import annotations

import json
import pathlib
import re

from pyramid_lab.model.files import write
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.cli import main

DOCS = pathlib.Path(__file__).parents[2] / "docs" / "file-formats.md"


def section() -> str:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("## Command-line output and exit status")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def test_every_key_of_the_engine_json_is_said_in_the_docs(tmp_path, capsys):
    path = tmp_path / "small.pyr.json"
    game = Partition.new(PartitionOptions(size=2))
    write(path, game)
    assert main(["analyze", "--engine", "--seconds", "0.2", "--threads", "1", str(path)]) == 0
    engine = json.loads(capsys.readouterr().out)["engine"]
    keys = set(engine) | set(engine["moves"][0])
    if engine["win"] is not None:
        keys |= set(engine["win"])
    named = set(re.findall(r"`([a-z_]+)`", section()))
    assert not keys - named, sorted(keys - named)
