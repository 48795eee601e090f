"""pyramid-lab review (verdicts, JSON, --save, --puzzles) and pyramid-lab puzzles compose
(a verified collection written with collection.json); bad input is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramid_lab.model.collection import load
from pyramid_lab.model.files import read, write
from pyramid_lab.model.review import MISSED_WIN
from pyramid_lab.model.search import knowledge_for, verify
from pyramid_lab.model.setup import start_copy
from pyramid_lab.viewer.cli import main
from tests.model.test_review import missed_win_game

ROOT = Path(__file__).resolve().parents[2]
BALL = ROOT / "examples" / "ball" / "s12-pass-to-the-goal-row.pyr.json"
ROLLING = ROOT / "examples" / "rolling" / "solo-round-4-deploy.pyr.json"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_review_json_names_the_missed_win_and_saves_it(capsys, tmp_path):
    game, ply, winners = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    # 0.1 s a position here and below: the base-3 game is settled at every position by the
    # book and the solver's CPU share, its verdicts and puzzle spots those of 0.3 s
    # (tests/model/test_review.py), at half the processor time
    code, out, err = run(capsys, "review", path, "--seconds", "0.1", "--json", "--seed", "1")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "partition"
    moves = doc["moves"]
    assert len(moves) == len(game.move_stack)
    assert moves[ply - 1]["ply"] == ply
    assert moves[ply - 1]["verdict"] == MISSED_WIN
    assert moves[ply - 1]["better"] in winners
    assert moves[ply - 1]["value_before"] == 1.0
    assert len(doc["values"]) == len(game.move_stack) + 1
    assert read(path).review is None  # nothing written without --save
    graph = tmp_path / "graph.png"
    code, out, err = run(
        capsys, "review", path, "--seconds", "0.1", "--save", "--seed", "1", "--graph", graph
    )
    assert code == 0, err
    assert graph.read_bytes().startswith(b"\x89PNG")
    assert f"{ply}. " in out
    assert MISSED_WIN in out
    assert "saved" in err
    saved = read(path).review
    assert saved is not None
    assert saved.at(ply).verdict == MISSED_WIN


def test_review_puzzles_writes_verified_puzzles(capsys, tmp_path):
    game, _ply, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    folder = tmp_path / "made"
    code, out, err = run(
        capsys, "review", path, "--seconds", "0.1", "--json", "--puzzles", folder, "--seed", "1"
    )
    assert code == 0, err
    made = json.loads(out)["puzzle_files"]
    assert made
    written = [m["file"] for m in made if m["file"]]
    assert written
    for file in written:
        doc = read(file)
        verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
        assert verdict.verified
        assert not verdict.cooks


def test_review_refuses_bad_input_in_one_line(capsys, tmp_path):
    empty = tmp_path / "empty.pyr.json"
    write(empty, start_copy(missed_win_game()[0]))
    code, _, err = run(capsys, "review", empty)
    assert code == 2
    assert err.count("\n") == 1
    assert "no moves" in err
    code, _, err = run(capsys, "review", tmp_path / "missing.pyr.json")
    assert code == 2
    assert "missing.pyr.json" in err
    assert "Traceback" not in err
    code, _, err = run(capsys, "review", BALL)
    assert code == 2
    assert "simultaneous" in err
    assert err.count("\n") == 1
    code, _, err = run(capsys, "review", ROLLING)
    assert code == 2
    assert "two-player" in err or "chance" in err
    assert err.count("\n") == 1


def test_puzzles_compose_writes_a_verified_ranked_collection(capsys, tmp_path):
    folder = tmp_path / "set"
    code, out, err = run(
        capsys,
        "puzzles",
        "compose",
        "--game",
        "partition",
        "--option",
        "size=4",
        "--option",
        "version=floating",
        "--count",
        "3",
        "--within",
        "3",
        "--exact",
        "-o",
        folder,
    )
    assert code == 0, err
    assert "3 of 3 puzzles" in out
    assert "wins in 1 move" not in out
    collection = load(folder)
    assert len(collection.entries) == 3
    difficulties = [e.difficulty for e in collection.entries]
    assert difficulties == sorted(difficulties)
    for entry in collection.entries:
        doc = read(entry.path)
        assert doc.game.options.to_json() == {"size": 4, "version": "floating"}
        verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
        assert verdict.verified
        assert not verdict.cooks
        assert verdict.plies == 3
    code, out, _ = run(capsys, "puzzles", folder)
    assert code == 0
    assert "0 of 3 solved" in out


def test_puzzles_compose_bad_arguments_are_one_line(capsys, tmp_path):
    cases = [
        (["--game", "partition", "--count", "2", "--within", "3"], "-o"),
        (["--game", "chess", "--count", "2", "--within", "3", "-o", tmp_path], "chess"),
        (
            [
                "--game",
                "partition",
                "--option",
                "size",
                "--count",
                "2",
                "--within",
                "3",
                "-o",
                tmp_path,
            ],
            "K=V",
        ),
        (
            [
                "--game",
                "partition",
                "--option",
                "size=99",
                "--count",
                "2",
                "--within",
                "3",
                "-o",
                tmp_path,
            ],
            "size",
        ),
        (["--game", "rolling", "--count", "2", "--within", "3", "-o", tmp_path], "two-player"),
    ]
    for extra, said in cases:
        code, _, err = run(capsys, "puzzles", "compose", *extra)
        assert code == 2, extra
        assert said in err
        assert err.strip().count("\n") == 0, err
    code, _, err = run(capsys, "puzzles", "partition", "--count", "3")
    assert code == 2
    assert "--count is for puzzles compose" in err


def test_review_save_keeps_a_game_saved_meanwhile_and_saves_beside_it(
    capsys, tmp_path, monkeypatch
):

    from pyramid_lab import model

    game, _, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    short = start_copy(game)
    short.push(next(iter(game.move_stack)))
    real = model.search.review

    def review_while_saving(*args, **kwargs):  # the game is saved again during the review
        write(path, short)
        return real(*args, **kwargs)

    monkeypatch.setattr(model.search, "review", review_while_saving)
    code, _, err = run(capsys, "review", path, "--seconds", "0.1", "--save", "--seed", "1")
    assert code == 0, err
    assert len(read(path).game.move_stack) == 1  # the game saved meanwhile, kept
    beside = tmp_path / "game (2).pyr.json"
    assert read(beside).review is not None
    said = "changed since it was read (saved meanwhile), so it is kept as it is"
    assert f"{said}: the review is saved in {beside}" in err


def test_review_save_refuses_a_read_only_file_before_reviewing(capsys, tmp_path):
    game, _, _ = missed_win_game()
    path = tmp_path / "game.pyr.json"
    write(path, game)
    before = path.read_bytes()
    path.chmod(0o444)
    code, out, err = run(capsys, "review", path, "--seconds", "0.1", "--save")
    assert code == 2
    assert out == ""
    said = "the file is read-only: not replaced (save it under another name)"
    assert err == f"pyramid-lab: {path}: cannot be saved: {said}\n"
    assert path.read_bytes() == before


def test_review_save_through_a_link_replaces_the_file_it_points_to(capsys, tmp_path):
    game, _, _ = missed_win_game()
    real = tmp_path / "real.pyr.json"
    write(real, game)
    link = tmp_path / "link.pyr.json"
    link.symlink_to(real)
    code, _, err = run(capsys, "review", link, "--seconds", "0.1", "--save", "--seed", "1")
    assert code == 0, err
    assert err.endswith(f"pyramid-lab: the review is saved in {link}\n")
    assert link.is_symlink()
    assert read(real).review is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pyr.json", "real.pyr.json"]


def test_puzzles_compose_help_is_composes_own(capsys):
    # it printed the usage of puzzles FOLDER (issue 46, item 9)
    with pytest.raises(SystemExit) as exited:
        main(["puzzles", "compose", "--help"])
    assert exited.value.code == 0
    out, _ = capsys.readouterr()
    assert out.startswith("usage: pyramid-lab puzzles compose [-h] [--game GAME]")
    assert "Make puzzles on demand" in out
    assert "FOLDER]\n" not in out.split("\n\n")[0]  # no FOLDER of puzzles in its usage
    with pytest.raises(SystemExit):
        main(["puzzles", "--help"])
    out, _ = capsys.readouterr()
    assert out.startswith("usage: pyramid-lab puzzles [-h]")
