"""The scripting API's edges (issue 89, item 11): every bad argument is a ValueError or
TypeError naming the argument, with the command line's bounds; a save writes nothing the
program refuses to read, follows no link to a file that is not a position file nor a link
someone else could have planted, and names the user's file when it fails."""

from __future__ import annotations

import json
import math
import os
import pathlib

import pytest

import pyramid_lab as pl
from pyramid_lab.model import files
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.review import GameReview
from pyramid_lab.model.save_links import UnsafeLinkError
from pyramid_lab.viewer.cli import argtypes

# ---- numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "kind", "words"),
    [
        (float("inf"), ValueError, "table_mb must be a finite number of MiB, not inf"),
        (float("nan"), ValueError, "table_mb must be a finite number of MiB, not nan"),
        (1e300, ValueError, "table_mb must be at most this machine's memory"),
        (10**12, ValueError, "table_mb must be at most this machine's memory"),
        (
            10**400,
            ValueError,
            "table_mb must be a finite number of MiB, not a whole number of about 400 digits",
        ),
        ("x", TypeError, "table_mb must be a number of MiB, not 'x'"),
        (True, TypeError, "table_mb must be a number of MiB, not True"),
        (-1, ValueError, "table_mb must be more than 0, not -1"),
        (0, ValueError, "table_mb must be more than 0, not 0"),
    ],
    ids=lambda value: str(value)[:12],
)
def test_solve_refuses_a_table_it_cannot_have_naming_table_mb(value, kind, words):
    with pytest.raises(kind) as caught:
        pl.new("partition", size=3).solve(max_seconds=1, table_mb=value, book=False)
    assert type(caught.value) is kind
    assert str(caught.value).startswith(words)


def test_the_command_line_refuses_the_same_tables_in_the_same_words():
    for text in ("0", "-1", "1e300", "inf", "nan"):
        with pytest.raises(argtypes.argparse.ArgumentTypeError) as cli:
            argtypes.table_mb(text)
        with pytest.raises(ValueError, match=r"^table_mb ") as api:
            pl.new("partition", size=3).solve(table_mb=float(text))
        reason = str(cli.value).split(", not")[0]
        assert reason.split(" not ")[0] in str(api.value), (text, str(cli.value), str(api.value))


@pytest.mark.parametrize("method", ["analyse", "solve"])
def test_seconds_beyond_any_float_are_a_value_error(method):
    pos = pl.new("partition", size=3)
    name = "seconds" if method == "analyse" else "max_seconds"
    with pytest.raises(ValueError, match=rf"^{name} must be a finite number of seconds"):
        getattr(pos, method)(**{name: 10**400})
    with pytest.raises(TypeError, match=rf"^{name} must be a number of seconds, not '1'"):
        getattr(pos, method)(**{name: "1"})


def test_analyse_thinks_at_most_as_long_as_the_command_line_lets_it():
    with pytest.raises(ValueError, match=r"^seconds must be at most 3600 seconds, not 3601"):
        pl.new("partition", size=3).analyse(seconds=3601)


# ---- files: nothing is written that is refused when read ----------------------------------


def _document_with_review(seconds: str) -> str:
    text = files.dumps(pl.new("partition", size=3).to_game())
    return text.rstrip().removesuffix("}") + f', "review": {{"seconds": {seconds}}}}}\n'


def test_a_number_beyond_any_float_is_refused_when_read(tmp_path):
    assert files.loads(_document_with_review("2.5")).review is not None
    path = tmp_path / "big.pyr.json"
    path.write_text(_document_with_review("1e400"), encoding="utf-8")
    with pytest.raises(PositionFormatError, match=r"the number 1e400 is too big"):
        pl.load(path)


def test_a_save_of_a_number_not_finite_is_refused_and_writes_nothing(tmp_path):
    game = pl.new("partition", size=3).to_game()
    review = GameReview((), (), math.inf)
    path = tmp_path / "inf.pyr.json"
    with pytest.raises(ValueError, match=r"inf\.pyr\.json: not saved: .*not finite"):
        files.write(path, game, review=review)
    assert list(tmp_path.iterdir()) == []


def test_save_takes_a_name_in_bytes_as_load_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pos = pl.new("terrace")
    written = pos.save(b"game.pyr.json")
    assert written == tmp_path / "game.pyr.json"
    assert pl.load(b"game.pyr.json") == pos
    with pytest.raises(TypeError, match=r"^path must be a file name \(str, bytes or a path\)"):
        pos.save(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"ends in \.pyr\.json"):
        pos.save(b"game.json")


def test_a_failed_save_names_the_user_s_file_not_the_temporary_one(tmp_path):
    path = tmp_path / "no-folder" / "board.pyr.json"
    with pytest.raises(FileNotFoundError) as caught:
        pl.new("terrace").save(path)
    assert caught.value.filename == str(path)
    assert ".tmp" not in str(caught.value)
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(NotADirectoryError) as caught:
        pl.new("terrace").save(tmp_path / "a-file" / "board.pyr.json")
    assert caught.value.filename == str(tmp_path / "a-file" / "board.pyr.json")


# ---- files: links ----------------------------------------------------------------------


def test_a_link_to_a_file_that_is_not_a_position_file_is_not_replaced(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    link = tmp_path / "g.pyr.json"
    link.symlink_to(notes)
    with pytest.raises(UnsafeLinkError, match=r"notes\.txt, which is not a position file") as err:
        pl.new("terrace").save(link)
    assert isinstance(err.value, OSError)
    assert err.value.filename == str(link)
    assert notes.read_text() == "my notes\n"
    assert link.is_symlink()


def test_a_dangling_link_to_another_name_makes_no_file(tmp_path):
    link = tmp_path / "g.pyr.json"
    link.symlink_to(tmp_path / "elsewhere" / "bashrc")
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(UnsafeLinkError, match=r"bashrc, which is not a position file"):
        pl.new("terrace").save(link)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_link_in_a_folder_others_may_write_is_not_followed(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    mine = tmp_path / "mine.pyr.json"
    pl.new("pyraos").save(mine)
    before = mine.read_bytes()
    link = shared / "g.pyr.json"
    link.symlink_to(mine)
    shared.chmod(0o777)
    with pytest.raises(UnsafeLinkError, match=r"in a folder others may write to"):
        pl.new("terrace").save(link)
    assert mine.read_bytes() == before
    shared.chmod(0o755)  # a folder of one's own: the link is one's own too
    assert pl.new("terrace").save(link) == mine
    assert pl.load(mine).game == "terrace"
    assert link.is_symlink()


def test_a_save_through_a_chain_of_links_checks_where_it_ends(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("kept")
    (tmp_path / "middle.pyr.json").symlink_to(notes)
    (tmp_path / "g.pyr.json").symlink_to("middle.pyr.json")
    with pytest.raises(UnsafeLinkError):
        pl.new("terrace").save(tmp_path / "g.pyr.json")
    assert notes.read_text() == "kept"


def test_a_round_trip_of_the_document_read_is_what_json_reads(tmp_path):
    pos = pl.new("ball")
    out = pos.save(tmp_path / "b.pyr.json")
    json.loads(out.read_text(encoding="utf-8"))  # strict JSON: no NaN or Infinity
    assert os.path.getsize(out) > 0


# ---- pictures and the documented options --------------------------------------------------


@pytest.mark.parametrize("size", [(8192, 8192), (4097, 16), (16, 4097)])
def test_a_picture_beyond_the_documented_side_is_refused_before_it_is_drawn(size):
    # Issue 89: pos.picture(size=(8192, 8192)), then the documented maximum, peaked at 3.7 GB
    with pytest.raises(ValueError, match=r"^size must be \(width, height\) in pixels, 16 to 4096"):
        pl.new("partition", size=3).picture(size=size)


def test_docs_say_rolling_takes_the_players_the_code_takes():
    # Issue 89: docs/api.md said Rolling takes 2 to 4 players where the code takes 1 to 4
    docs = (pathlib.Path(__file__).parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith('| `"rolling"`'))
    assert "`players=2` (1 to 4)" in row
    for players in (1, 4):
        assert len(pl.new("rolling", players=players).players) == players
    for players in (0, 5):
        with pytest.raises(PositionFormatError):
            pl.new("rolling", players=players)
