"""Issue 109 item 21: once a position occurred before in the game's history, ``solve`` and
``analyze`` left the book and searched ("unknown" after 10 s where the book knows "white
wins in 39"). The book's value stands unless the repetition rule may change it (a position
one more occurrence draws, that the winner's exact strategy may meet again), and where it
may, the front ends say so."""

from __future__ import annotations

import json

import pytest

import pyramid_lab as pl
from pyramid_lab.model.search import knowledge_for
from pyramid_lab.model.search.book import bare
from pyramid_lab.model.search.book_repetition import repetition_may_change, repetition_positions
from pyramid_lab.viewer.cli import main

#: A standard game whose last position occurred twice: a square made and taken back by
#: each side (the book: white wins in 33 from it, without its history).
LINE = (
    "2,0,0", "3,1,0", "1,1,0", "1,3,0", "0,0,0", "1,2,0", "2,1,0", "0,3,0", "3,3,0",
    "3,0,0", "1,0,0 x1,0,0 x3,3,0", "0,2,0 x3,0,0 x0,2,0",
)  # fmt: skip


def repeated() -> pl.Position:
    pos = pl.new("pyraos")
    for move in LINE:
        pos = pos.play(move)
    return pos


def test_the_line_repeats_its_last_position():
    game = repeated().to_game()
    assert game.repeats_in_history()
    danger = repetition_positions(game)
    assert [p.position_key() for p in danger] == [game.position_key()]
    assert repetition_positions(pl.new("pyraos").play("0,0,0").to_game()) == []


def test_solve_keeps_the_book_s_value_where_the_repetition_cannot_change_it():
    pos = repeated()
    result = pos.solve(max_seconds=30)
    assert (result.value, result.plies, result.source) == ("win", 33, "book")
    bare_result = pl.from_text(pos.to_text()).solve(max_seconds=30)
    assert (bare_result.value, bare_result.plies) == (result.value, result.plies)


def test_analyze_keeps_the_book_s_value_too(capsys):
    assert main(["analyze", "--engine", "--seconds", "1", repeated().to_text()]) == 0
    # (a text has no history: the file's history is what repeats)
    path_text = capsys.readouterr().out
    assert json.loads(path_text)["engine"]["value"] == "win"


def test_a_file_with_the_history_is_answered_from_the_book(tmp_path, capsys):
    path = tmp_path / "repeated.pyr.json"
    repeated().save(path)
    assert main(["solve", "--workers", "1", "--max-seconds", "20", str(path)]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert (out["value"], out["plies"], out["source"]) == ("win", 33, "book")
    assert main(["analyze", "--engine", "--seconds", "1", str(path)]) == 0
    engine = json.loads(capsys.readouterr().out)["engine"]
    assert (engine["value"], engine["value_by"]) == ("win", "perfect play (opening book)")


# ---- when it may change the value: the rule on fakes of the book ---------------------------


def values(table):
    """A book's values of positions without their history, by position key."""
    return lambda position: table.get(position.position_key())


@pytest.mark.parametrize(
    ("danger_value", "changes"),
    [
        (None, True),  # the book does not know it: it may
        (("win", 33, True), False),  # itself: never met again on ever shorter wins
        (("draw", 0, True), False),
    ],
)
def test_the_position_itself_repeated(danger_value, changes):
    game = repeated().to_game()
    table = {game.position_key(): ("win", 33, True)}
    if danger_value is None:
        table = {}
    else:
        table[game.position_key()] = danger_value
    assert repetition_may_change(game, values(table)) is changes


def test_a_shorter_win_of_the_winner_repeated_may_change_it():
    game = repeated().to_game()
    danger = repetition_positions(game)[0]
    # the same position seen as another, one the winner wins in fewer plies: the
    # winner's way may pass it, and the loser draws there
    table = {game.position_key(): ("win", 33, True)}
    assert not repetition_may_change(game, values(table))
    earlier = game.copy()
    earlier.pop()
    earlier.pop()  # two plies back: white to move, as at the repeated position
    table[bare(earlier).position_key()] = ("win", 31, True)

    def with_danger(position):
        return table.get(position.position_key())

    import pyramid_lab.model.search.book_repetition as book_module

    original = book_module.repetition_positions
    try:
        book_module.repetition_positions = lambda g: [danger, bare(earlier)]
        assert repetition_may_change(game, with_danger)
        table[bare(earlier).position_key()] = ("loss", 31, True)  # the other side's win
        assert repetition_may_change(game, with_danger) is False
        table[bare(earlier).position_key()] = ("win", 31, False)  # not exact: may
        assert repetition_may_change(game, with_danger)
    finally:
        book_module.repetition_positions = original


def test_where_it_may_the_front_ends_say_so(monkeypatch, tmp_path, capsys):
    import pyramid_lab.model.search.book_repetition as book_module
    from pyramid_lab.model.search.book import PerfectValue

    game = repeated().to_game()
    earlier = game.copy()
    earlier.pop()
    earlier.pop()  # as if it had occurred twice too, a shorter win of white's
    real = book_module.repetition_positions
    monkeypatch.setattr(
        book_module, "repetition_positions", lambda g: [*real(g), bare(earlier)] if real(g) else []
    )
    book = knowledge_for(game).book
    assert book is not None
    known = book._bare_value
    key = bare(earlier).position_key()

    def bare_value(position, book=None):
        if position.position_key() == key:
            return PerfectValue("win", 31, True, "book")
        return known(position, book)

    monkeypatch.setattr(book, "_bare_value", bare_value)
    words = book.repetition_words(game)
    assert "the book says white wins in 33 plies" in words
    assert "occurred 2 times" in words
    assert book.perfect_value(game) is None
    path = tmp_path / "repeated.pyr.json"
    repeated().save(path)
    assert main(["solve", "--workers", "1", "--max-seconds", "1", "--quiet", str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["source"] != "book"
    assert "solve: the book says white wins in 33 plies" in captured.err
    assert main(["analyze", "--engine", "--seconds", "0.5", "--text", str(path)]) == 0
    assert "occurred 2 times, and once more draws it" in capsys.readouterr().out
