"""`pyramid-lab book` (show, verify, build's refusals) and `solve` with a compiled solver:
one JSON line per entry, exit 2 for an entry that is not proven again or a bad book."""

from __future__ import annotations

import json
import pathlib

import pytest

from pyramid_lab.model.search.games.pyraos.book import BOOK, BOOK_PATH
from pyramid_lab.viewer.cli import main
from tests.model.handed import solver_for
from tests.model.test_pyraos import P7A, P7C, board
from tests.patience import WAIT_S

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def small_book(path, *, wrong=False):
    entries = []
    for text, to_move in ((P7A, "black"), (P7C, "white")):
        game = board(text, to_move)
        result = solver_for(game, table_mb=4).solve()
        plies = result.plies + 2 if wrong else result.plies  # too long to be exact
        entries.append(BOOK.entry(game, result.value, plies, True, seconds=0.1))
    BOOK.Book(entries, "test").write(path)
    return entries


def test_book_show_and_verify(tmp_path, capsys):
    path = tmp_path / "book.json"
    entries = small_book(path)
    code, out, _ = run(capsys, "book", "show", "--book", path)
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == [e.to_json() for e in entries]
    code, out, err = run(capsys, "book", "verify", "--book", path, "--max-seconds", 30)
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["verified"] for line in lines] == [True, True]
    assert {line["reason"] for line in lines} == {"proven"}


def test_book_verify_catches_a_wrong_entry(tmp_path, capsys):
    path = tmp_path / "book.json"
    small_book(path, wrong=True)
    code, out, err = run(capsys, "book", "verify", "--book", path, "--sample", 1)
    assert code == 2
    assert len(out.splitlines()) == 1
    assert json.loads(out)["verified"] is False
    assert "book entry" in err
    assert "not exact" in err


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "pyramid-lab/pyraos-book/1", "entries": [{"board": "W"}]}',  # the first
        '{"format": "pyramid-lab/book/1", "game": "pyraos", "entries": [{"pieces": 1}]}',
    ],
)
def test_a_bad_book_is_one_line_and_exit_2(tmp_path, capsys, text):
    path = tmp_path / "book.json"
    path.write_text(text)
    code, out, err = run(capsys, "book", "verify", "--book", path)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "entry 1" in err


def test_a_book_of_the_first_format_is_shown_and_verified(tmp_path, capsys):
    path = tmp_path / "book.json"
    entries = small_book(path)
    white, black = entries[0].game().masks()
    letters = "".join("W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in range(30))
    verdict = {k: v for k, v in entries[0].to_json().items() if k not in ("game", "options")}
    del verdict["pieces"]
    first = {"variant": "standard", "removal": "0-2", "board": letters, **verdict}
    path.write_text(json.dumps({"format": "pyramid-lab/pyraos-book/1", "entries": [first]}))
    code, out, _ = run(capsys, "book", "show", "--book", path)  # whose: by its format
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == [entries[0].to_json()]
    code, out, err = run(capsys, "book", "verify", "--book", path, "--max-seconds", 30)
    assert code == 0, err
    assert json.loads(out)["verified"] is True


def test_book_refuses_a_game_without_a_book(capsys, tmp_path):
    code, _, err = run(capsys, "book", "show", "--game", "terrace")
    assert code == 2
    assert "--game is one of partition, pyraos" in err
    # two games have books: one of them, or a book file that says whose it is
    code, _, err = run(capsys, "book", "verify")
    assert code == 2
    assert "--game is one of partition, pyraos" in err
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    code, _, err = run(capsys, "book", "verify", "--book", tmp_path / "other.json")
    assert code == 2
    assert "other.json: not a book of partition or pyraos" in err
    # a new book to build: nothing says whose
    code, _, err = run(capsys, "book", "build", "--book", tmp_path / "new.json")
    assert code == 2
    assert "--game is one of" in err
    assert not (tmp_path / "new.json").exists()


def test_the_partition_book_is_shown_and_a_small_one_verified(capsys, tmp_path):
    code, out, _ = run(capsys, "book", "show", "--game", "partition")
    assert code == 0
    shown = [json.loads(line) for line in out.splitlines()]
    empty_floating = [
        e for e in shown if e["options"] == {"size": 4, "version": "floating"} and not e["pieces"]
    ]
    assert [(e["value"], e["to_move"]) for e in empty_floating] == [("win", "red")]
    from pyramid_lab.model.partition import PartitionOptions
    from pyramid_lab.model.search.games.partition.plugin import BOOK

    floating = BOOK.build(PartitionOptions(3, "floating"), plies=1, seconds=30, table_mb=16)
    stacking = BOOK.build(PartitionOptions(3, "stacking"), plies=0, seconds=30, table_mb=16)
    assert len(floating) > 2
    # the versions mixed in the file: verify takes a version's entries together, the
    # fullest first, so that one table serves them all (the empty base-4 floating pyramid
    # is proven at once after the position after its apex; with the stacking pyramid
    # verified between them, the table went and it was searched from nothing)
    BOOK.Book([*stacking, *floating]).write(tmp_path / "book.json")
    code, out, err = run(capsys, "book", "verify", "--book", tmp_path / "book.json")
    assert code == 0, err
    verified = [json.loads(line) for line in out.splitlines()]
    assert all(v["verified"] for v in verified)
    order = [(v["options"]["version"], len(v["pieces"])) for v in verified]
    assert order == [("stacking", 0), *[("floating", 1)] * (len(floating) - 1), ("floating", 0)]


def test_book_build_refuses_an_unknown_version(tmp_path, capsys):
    code, _, err = run(
        capsys,
        "book",
        "build",
        "--game",
        "pyraos",
        "--book",
        tmp_path / "b.json",
        "--option",
        "variant=mature",
    )
    assert code == 2
    assert "argument --option" in err
    assert "mature" in err
    assert not (tmp_path / "b.json").exists()


def test_solve_uses_the_compiled_solver_and_lists_first_moves(capsys):
    code, out, err = run(
        capsys,
        "solve",
        EXAMPLES / "pyraos/endgame-loss-in-8.pyr.json",
        "--table-mb",
        16,
        "--workers",
        1,
    )
    assert code == 0
    report = json.loads(out)
    assert report["solver"] == "compiled"
    assert (report["value"], report["plies"], report["plies_exact"]) == ("loss", 8, True)
    assert len(report["first_moves"]) == 5
    assert {m["value"] for m in report["first_moves"]} == {"loss"}
    assert "memory" in err


def test_solve_answers_from_the_book_at_once(capsys):
    code, out, err = run(capsys, "solve", EXAMPLES / "pyraos/empty-children.pyr.json")
    assert code == 0
    report = json.loads(out)
    assert (report["solver"], report["source"], report["nodes"]) == ("book", "book", 0)
    assert (report["value"], report["plies"], report["plies_exact"]) == ("loss", 36, True)
    assert report["seconds"] < 5  # wall-clock: 0.002 s at load 5: a search would take minutes
    assert len(report["first_moves"]) == 16  # the book has the position after each
    assert {m["value"] for m in report["first_moves"]} == {"loss"}
    assert "from the book (--no-book proves it again)" in err


def test_solve_with_no_book_searches_and_stops_in_time_with_a_report(capsys):
    code, out, _ = run(
        capsys,
        "solve",
        EXAMPLES / "pyraos/empty-children.pyr.json",
        "--no-book",
        "--workers",
        1,
        "--max-seconds",
        2,
        "--table-mb",
        16,
        "--quiet",
    )
    assert code == 0
    report = json.loads(out)
    assert (report["solver"], report["source"]) == ("compiled", "search")
    assert (report["value"], report["complete"], report["stopped"]) == (
        "unknown",
        False,
        "time limit",
    )
    assert report["nodes"] > 10_000
    assert len(report["first_moves"]) == 16


def test_book_build_into_a_book_keeps_the_other_entries(tmp_path, capsys):
    path = tmp_path / "book.json"
    entries = small_book(path)  # standard version entries
    code, out, err = run(
        capsys,
        "book",
        "build",
        "--book",
        path,
        "--option",
        "variant=children",
        "--plies",
        0,
        "--seconds",
        0.5,
        "--table-mb",
        16,
    )
    assert code == 0, err
    assert json.loads(out) == {"book": str(path), "entries": 0, "kept": 2}
    assert "not settled" in err  # the empty pyramid is not proven in half a second
    assert BOOK.Book.read(path).entries == entries
    assert path.stat().st_mode & 0o044  # readable by others, as files usually are


def test_book_build_into_a_missing_folder_says_so_before_any_work(tmp_path, capsys):
    code, out, err = run(
        capsys, "book", "build", "--game", "pyraos", "--book", tmp_path / "no" / "b.json"
    )
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "cannot write" in err


@pytest.mark.parametrize(
    ("version", "value", "plies"), [("floating", "win", 11), ("stacking", "loss", 14)]
)
def test_solve_settles_the_empty_base_3_partition_pyramid(capsys, version, value, plies):
    path = EXAMPLES / f"partition/empty-base3-{version}.pyr.json"  # the README's examples
    code, out, _ = run(capsys, "solve", path, "--table-mb", 64, "--quiet", "--workers", 1)
    assert code == 0
    report = json.loads(out)  # the book has them (issue 58)
    assert (report["solver"], report["value"], report["plies"]) == ("book", value, plies)
    assert report["plies_exact"] is True
    code, out, _ = run(
        capsys, "solve", path, "--table-mb", 64, "--quiet", "--workers", 1, "--no-book"
    )
    assert code == 0
    report = json.loads(out)
    assert (report["solver"], report["value"], report["plies"]) == ("compiled", value, plies)
    assert report["plies_exact"] is True
    assert report["seconds"] < 10  # wall-clock: 0.6 s at load 8.5: a hang's bound, with slack


def test_book_verify_keeps_to_its_budget_and_says_out_of_time(tmp_path, capsys):
    import time

    shipped = BOOK.Book.read(BOOK_PATH)
    empty = min(shipped.entries, key=lambda e: len(e.game().pieces()))  # 36 plies: minutes
    assert empty.game().pieces() == []
    path = tmp_path / "book.json"
    BOOK.Book([empty], "test").write(path)
    began = time.perf_counter()
    code, out, err = run(
        capsys, "book", "verify", "--book", path, "--max-seconds", 0.5, "--table-mb", 16
    )
    assert code == 2
    (line,) = (json.loads(text) for text in out.splitlines())
    assert (line["verified"], line["reason"]) == (False, "out of time")
    # wall-clock: the 0.5 s budget kept, not the minutes a proof takes (slack for load 10)
    assert line["verify_seconds"] < 30  # the budget, not the minutes a proof takes
    assert time.perf_counter() - began < WAIT_S
    assert "out of time" in err
