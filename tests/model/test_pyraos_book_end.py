"""Honest words off the Pyraos book (issue 76 item 1): random games that leave the book's
line, each position analysed: a move row is exact or an estimate, never both; a row's
proven value agrees with the position's verdict in sign and side (a mover who loses has no
winning row, a win's length is the shortest of the exact rows'); where the book ends, the
analysis, its JSON and Hint's words say so, what the book knows and the command that builds
a table."""

from __future__ import annotations

import random

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import search
from pyramid_lab.model.pyraos import Pyraos, PyraosOptions
from pyramid_lab.viewer.lab.engine_words import book_end

#: The standard opening's line of best play (its file's header), the first ten plies.
LINE = ["1,1,0", "0,0,0", "2,1,0", "1,2,0", "2,2,0", "2,0,0", "3,2,0", "1,1,1", "3,3,0", "2,3,0"]


@pytest.fixture(autouse=True)
def no_table(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no whole table: the book's words


def off_the_line(rng: random.Random) -> Pyraos:
    """The line to a random ply from 7 to 9, then a move off it, then up to 2 random moves."""
    game = Pyraos.new(PyraosOptions("standard", "0-2"))
    leave = rng.randrange(7, 10)
    for move in LINE[:leave]:
        game.push_text(move)
    others = [m for m in game.legal_moves() if str(m) != LINE[leave]]
    game.push(rng.choice(others))
    for _ in range(rng.randrange(3)):
        if game.is_over():
            break
        game.push(rng.choice(list(game.legal_moves())))
    return game


def check(analysis: search.Analysis) -> None:
    data = analysis.to_json()
    for row in data["moves"]:
        assert not (row["exact"] and row["estimate"]), row
        assert row["estimate"] == (row["proven"] is None), row
    win = analysis.win
    if win is None:
        return
    mover_wins = win.side == analysis.to_move
    for stat in analysis.moves:
        if stat.proven is None or stat.proven == "draw":
            continue
        if not mover_wins:  # every move loses: no row of the mover's may win
            assert stat.proven == "loss", (stat, win)
            if stat.exact and analysis.exact and stat.plies is not None:
                assert stat.plies <= win.plies, (stat, win)
        elif stat.proven == "win" and stat.exact and analysis.exact and stat.plies is not None:
            assert stat.plies >= win.plies, (stat, win)  # none wins sooner than the position


def test_random_games_off_the_book_line_say_what_is_known(capsys):
    rng = random.Random(76)
    ended = 0
    for _ in range(6):
        game = off_the_line(rng)
        if game.is_over():
            continue
        # 0.1 s: the rows proven are the book's and the exact step's, as many as in 0.4 s
        # (0 to 15 a position); it passes with the wall clocks 12 times fast (fastclock.py)
        analysis = search.analyse(game, seconds=0.1, seed=1, knowledge=search.knowledge_for(game))
        check(analysis)
        if analysis.book_end:
            ended += 1
            assert analysis.book_end.startswith("the book ends here: it knows ")
            assert "`pyramid-lab endgame build --whole` (about " in analysis.book_end
            # in the reader's language (issue 108 item 3: English in every language before)
            german = i18n.shown(analysis.book_end, "de")
            assert german.startswith("hier endet das Buch: es kennt "), german
            assert "`pyramid-lab endgame build --whole` (etwa " in german
            assert " GB Speicher)" in german
            assert analysis.book_end in analysis.proven_text
            assert analysis.to_json()["book_end"] == analysis.book_end
            assert book_end(game) == f"; {analysis.book_end}"  # Hint's words
            if analysis.known_win:
                assert "the moves are the search's estimates" in analysis.evaluation_text
                assert "win rate" not in analysis.evaluation_text
    assert ended >= 3


def test_the_books_own_positions_say_nothing_more():
    game = Pyraos.new(PyraosOptions("standard", "0-2"))
    for move in LINE[:4]:
        game.push_text(move)
    analysis = search.analyse(game, seconds=0.4, seed=1, knowledge=search.knowledge_for(game))
    assert analysis.book_end == ""
    assert book_end(game) == ""
    assert all(row["exact"] and not row["estimate"] for row in analysis.to_json()["moves"])


def test_an_endgame_solved_live_is_not_where_the_book_ends():
    from pathlib import Path

    from pyramid_lab.model.files import read

    root = Path(__file__).resolve().parents[2]
    game = read(root / "examples" / "pyraos" / "endgame-win-in-7.pyr.json").game
    assert book_end(game) == ""


def test_a_review_says_where_the_line_leaves_the_book():
    game = Pyraos.new(PyraosOptions("standard", "0-2"))
    for move in [*LINE[:8], "0,3,0"]:
        game.push_text(move)
    # 0.05 s a position: where the book ends is the book's, whatever the search found
    review = search.review(game, seconds=0.05, seed=1, knowledge=search.knowledge_for(game))
    assert review.book_end.startswith("after ply 9, the book ends here: it knows this position")
    assert review.summary().endswith(review.book_end)
    game = Pyraos.new(PyraosOptions("standard", "0-2"))
    for move in LINE[:6]:
        game.push_text(move)
    assert (
        search.review(game, seconds=0.05, seed=1, knowledge=search.knowledge_for(game)).book_end
        == ""
    )  # all in the book
