"""``pyramid-lab endgame``: counting the layers, probing a position, refusals in one line."""

from __future__ import annotations

import pathlib

from viewer.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOP_IN_ONE = ROOT / "examples" / "pyraos" / "top-in-one.pyr.json"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_count_gives_every_layer_and_the_total(capsys):
    code, out, _ = run(capsys, "endgame", "count")
    assert code == 0
    assert "    29       1 155,117,520 38,779,380" in out
    assert out.rstrip().endswith("all: 12,352,692,569 positions, 3,088,173,143 bytes")


def test_probe_and_build_refuse_in_one_line(capsys, tmp_path):
    missing = tmp_path / "none.retro"
    code, _, err = run(capsys, "endgame", "probe", TOP_IN_ONE, "--table", missing)
    assert code == 2
    assert err.count("\n") == 1
    assert "no table there; build one with `pyramid-lab endgame build" in err
    code, _, err = run(capsys, "endgame", "probe", TOP_IN_ONE, "--table", TOP_IN_ONE)
    assert (code, err.count("\n")) == (2, 1)
    assert "not a Pyraos endgame table" in err
    code, _, err = run(capsys, "endgame", "probe")
    assert (code, err) == (2, "pyramid-lab: endgame probe: name a position FILE\n")
    code, _, err = run(capsys, "endgame", "build", "--option", "variant=x", "--table", missing)
    assert code == 2
    assert "options.variant: must be one of standard, children, alternate" in err
    assert not missing.exists()
    code, _, err = run(capsys, "endgame", "build", "--game", "terrace")
    assert (code, err.count("\n")) == (2, 1)
    code, _, err = run(capsys, "endgame", "build", "--min-pieces", "31", "--table", missing)
    assert "--min-pieces 31: the tables' top layer is 29" in err
    table = tmp_path / "t.retro"
    code, _, err = run(capsys, "endgame", "build", "--table", table, "--start", table)
    assert "the table to build cannot be the one it starts from" in err
    code, _, err = run(capsys, "endgame", "build", "--table", table, "--start", TOP_IN_ONE)
    assert (code, err.count("\n")) == (2, 1)
    assert "not a Pyraos endgame table" in err
