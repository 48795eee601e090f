"""``pyramid-lab analyze --engine --seconds S`` keeps its time on the largest boards and
says what it left out (issue 34, item 12: on main, 2 s on an empty base-30 pyramid took
41.8 s). The figures are ``tests/bench/deadlines.py``'s; the bound here is generous, and on
the processor time the command takes, which a busy machine does not stretch."""

from __future__ import annotations

import json

from pyramid_lab.model.files import write
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.viewer.cli import main
from tests.patience import processor_seconds


def test_the_command_line_keeps_its_time_on_a_base_30_pyramid(tmp_path, capsys):
    path = tmp_path / "empty-30.pyr.json"
    write(path, Partition.new(PartitionOptions(30, "floating")))
    code, spent = processor_seconds(
        lambda: main(["analyze", "--engine", "--seconds", "0.5", str(path)])
    )
    out, _ = capsys.readouterr()
    assert code == 0
    assert spent < 3.0  # reading the file and its lattice too
    engine = json.loads(out)["engine"]
    assert "moves ranked" in engine["cut_short"]
    assert len(engine["moves"]) < engine["legal"] == 9455
    code = main(["analyze", "--text", "--engine", "--seconds", "0.3", str(path)])
    out, _ = capsys.readouterr()
    assert "cut short: out of time" in out
