"""The answers show themselves (issue 87 item 5, model/showing.py): ``repr`` of an Outcome,
an Analysis and a SolveResult is one short line; ``_repr_html_`` a table of the moves
ranked, each exact, within or an estimate, with its plies, never over 10 KB however many
moves the position has."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from html.parser import HTMLParser

from pyramid_lab import i18n
from pyramid_lab.i18n import M_
from pyramid_lab.model import showing
from pyramid_lab.model.game import Outcome, Termination
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.search import Analysis, SolveResult
from pyramid_lab.model.search.analysis_record import ProvenWin
from pyramid_lab.model.search.choice import MoveStat


class Cells(HTMLParser):
    """The rows of a table, as texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.caption = ""
        self._in = ""

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th", "caption"):
            self._in = tag
            if tag != "caption":
                self.rows[-1].append("")

    def handle_endtag(self, tag):
        self._in = ""

    def handle_data(self, data):
        if self._in == "caption":
            self.caption += data
        elif self._in:
            self.rows[-1][-1] += data


def cells(page: str) -> Cells:
    parser = Cells()
    parser.feed(page)
    return parser


def big_analysis() -> Analysis:
    """An analysis of a base-50 pyramid's first move (every point a move): a proven win first,
    then a move within a strategy's length, then estimates."""
    moves = Partition.new(PartitionOptions(50)).legal_moves()
    stats = [
        MoveStat(moves[0], 900, 1.0, proven="win", plies=3),
        MoveStat(moves[1], 500, 1.0, proven="win", plies=9, exact=False),
        *(MoveStat(move, 10, 0.5 - i / 10_000) for i, move in enumerate(moves[2:])),
        MoveStat(moves[-1], 0, 0.0, proven="loss", plies=4),
    ]
    win = ProvenWin("red", 3, 2, moves[0], ("0,0,0",), "prover")
    return Analysis(
        "partition", "red", 0, "mcts-rave", 1.0, tuple(stats), win, "proven", 12345, 7, 2.0,
        legal=len(stats),
    )  # fmt: skip


def test_an_analysis_shows_its_moves_ranked_in_at_most_10_kb():
    analysis = big_analysis()
    assert repr(analysis) == (
        "<Analysis partition ply 0, red to move: proven: red wins in 2 moves (0,0,0); "
        f"{len(analysis.moves):,} moves ranked>"
    )
    page = analysis._repr_html_()
    assert len(page) <= showing.MAX_HTML
    table = cells(page)
    assert table.caption == "red to move: proven: red wins in 2 moves (0,0,0)"
    head, first, second, third = table.rows[:4]
    assert head == ["#", "move", "value", "exact or estimate", "plies", "win rate", "playouts"]
    assert first == ["1", "0,0,0", "win", "exact", "3", "100%", "900"]
    assert second[2:5] == ["win", "within", "9"]
    assert third[2:5] == ["", "estimate", ""]
    assert len(table.rows) - 1 <= showing.MAX_ROWS
    left = len(analysis.moves) - (len(table.rows) - 1)
    assert f"{left:,} more moves; mcts-rave, 12,345 playouts, 2.0 s" in page


def test_a_game_over_and_an_estimate_say_so():
    over = Analysis("terrace", "blue", 40, "", None, (), None, "", 0, 0, 0.0, result="red")
    assert repr(over) == "<Analysis terrace ply 40, blue to move: the game is over: red won>"
    assert cells(over._repr_html_()).caption == "blue to move: the game is over: red won"
    assert "<small>" not in over._repr_html_()  # (no search ran: no ", 0 playouts, 0.0 s")
    moves = Partition.new(PartitionOptions(3)).legal_moves()
    guess = Analysis(
        "partition", "red", 0, "mcts-rave", 0.634, (MoveStat(moves[2], 80, 0.634),), None,
        "unknown", 80, 3, 1.0,
    )  # fmt: skip
    assert "win rate 63% (estimate), best 2,0,0; 1 move ranked>" in repr(guess)


def test_a_solve_shows_its_value_and_its_first_moves():
    result = SolveResult(
        "win", 3, "0,0,0", 5, 1234, 0.125, 99, 10.0, None,
        first_moves=(("0,0,0", "win", 3), ("1,0,0", "loss", None)),
    )  # fmt: skip
    assert repr(result) == "<SolveResult win in 3 plies, best 0,0,0 (search, 0.12 s)>"
    table = cells(result._repr_html_())
    assert table.caption == "the side to move: win in 3 plies, best 0,0,0"
    assert table.rows == [
        ["first move", "value", "plies"],
        ["0,0,0", "win", "3"],
        ["1,0,0", "loss", ""],
    ]
    unknown = SolveResult("unknown", None, None, 12, 10**6, 3.0, 0, 1.0, "time limit")
    assert repr(unknown) == (
        "<SolveResult unknown (time limit) (search, depth 12, 1,000,000 positions, 3.00 s)>"
    )
    within = SolveResult("loss", 40, "2,0,0", 40, 5, 0.5, 0, 1.0, None, plies_exact=False)
    assert repr(within).startswith("<SolveResult loss within 40 plies, best 2,0,0")


def test_an_outcome_is_its_words():
    win = Outcome.win(("red", "blue"), "red", "corners", Termination.GOAL)
    assert repr(win) == "<Outcome red wins (corners)>"
    assert cells(win._repr_html_()).rows == [["player", "result"], ["red", "win"], ["blue", "loss"]]
    scored = Outcome.scored(("red", "blue", "green"), (12, 7.5, 7.5))
    assert cells(scored._repr_html_()).rows[1:] == [
        ["red", "12"],
        ["blue", "7.5"],
        ["green", "7.5"],
    ]
    assert repr(Outcome.draw(("red", "blue"), "repetition", Termination.REPETITION)) == (
        "<Outcome draw (repetition)>"
    )


def test_a_table_escapes_its_texts():
    page = showing._table("<b>", ("a&b",), [("<script>",)], "x<y")
    assert "<script>" not in page
    assert "&lt;b&gt;" in page
    assert "&amp;" in page


# ---- in the reader's language (the notebook's words through the catalog) -------------------


def _text(page: str) -> str:
    """What a person reads of a table: its texts, the tags cut out."""
    return unescape(re.sub(r"<[^>]+>", " ", page))


def _unmarked(text: str, *notation: str) -> list[str]:
    """The words of ``text`` (three letters and more) outside the pseudo-locale's marks
    (``⟦…⟧``), the ``notation`` given (an agent's name, a game's name for an ending) cut out
    first: each a word that bypassed the catalog."""
    for kept in notation:
        text = text.replace(kept, " ")
    while text != (text := re.sub(r"⟦[^⟦⟧]*⟧", " ", text)):
        pass
    return re.findall(r"[A-Za-z]{3,}", text)


def _answers() -> list[object]:
    """An answer of each kind and each verdict: a proven win with moves cut short, an
    estimate, a game over, no move judged, a solve proven, one unknown, and two outcomes."""
    moves = Partition.new(PartitionOptions(3)).legal_moves()
    guess = Analysis(
        "partition", "red", 0, "alphabeta", 0.634,
        (MoveStat(moves[2], 80, 0.634), MoveStat(moves[0], 3, 0.0, proven="loss", plies=4)),
        None, "unknown", 1234, 3, 1.0,
    )  # fmt: skip
    return [
        big_analysis(),
        replace(big_analysis(), cut_short=M_("out of time: {cuts}", cuts="x")),
        guess,
        Analysis("terrace", "blue", 40, "", None, (), None, "", 0, 0, 0.0, result="red"),
        Analysis("terrace", "blue", 40, "", None, (), None, "", 0, 0, 0.0, result="draw"),
        Analysis("partition", "red", 0, "mcts-rave", 0.5, (), None, "unknown", 0, 0, 0.1),
        SolveResult(
            "win",
            3,
            "0,0,0",
            5,
            1234,
            0.125,
            99,
            10.0,
            None,
            first_moves=(("0,0,0", "win", 3), ("1,0,0", "loss", None), ("2,0,0", "unknown", None)),
        ),
        SolveResult("unknown", None, None, 12, 10**6, 3.0, 0, 1.0, "time limit"),
        SolveResult("draw", 9, None, 9, 10, 0.5, 0, 1.0, None, source="book"),
        Outcome.win(("red", "blue"), "red", "corners", Termination.GOAL),
        Outcome.scored(("red", "blue", "green"), (12, 7.5, 7.5)),
    ]


def test_every_word_of_a_table_comes_through_the_catalog():
    # The pseudo-locale marks each message the catalog holds: a word left unmarked
    # bypassed it (the moves, the agents' names and the game's name for an ending are
    # notation, kept as the command line keeps them).
    for answer in _answers():
        with i18n.override(i18n.PSEUDO):
            page = answer._repr_html_()  # type: ignore[attr-defined]  # (each kind has it)
        said = _text(page)
        assert _unmarked(said, "mcts-rave", "alphabeta", "corners") == [], said


def test_an_analysis_table_in_german_as_the_window_says_it(german):
    analysis = big_analysis()
    table = cells(analysis._repr_html_())
    assert table.caption == "Rot am Zug: bewiesen: Rot gewinnt in 2 Zügen (0,0,0)"
    head, first, second, third = table.rows[:4]
    assert head == [
        "#",
        "Zug",
        "Wert",
        "genau oder Schätzung",
        "Halbzüge",
        "Gewinnrate",
        "Playouts",
    ]
    assert first == ["1", "0,0,0", "Gewinn", "genau", "3", "100%", "900"]
    assert second[2:5] == ["Gewinn", "höchstens", "9"]
    assert third[2:5] == ["", "Schätzung", ""]
    assert third[5] == "50%"
    left = len(analysis.moves) - (len(table.rows) - 1)
    page = analysis._repr_html_()
    german_left = f"{left:,}".replace(",", ".")
    assert f"{german_left} weitere Züge; mcts-rave, 12.345 Playouts, 2,0 s" in page
    # the repr is the programmer's: English in every language, its verdict the English of
    # the caption's sentence
    assert repr(analysis) == (
        "<Analysis partition ply 0, red to move: proven: red wins in 2 moves (0,0,0); "
        f"{len(analysis.moves):,} moves ranked>"
    )
    moves = Partition.new(PartitionOptions(3)).legal_moves()
    guess = Analysis(
        "partition", "red", 0, "mcts-rave", 0.634, (MoveStat(moves[2], 80, 0.634),), None,
        "unknown", 80, 3, 1.0,
    )  # fmt: skip
    assert cells(guess._repr_html_()).caption == (
        "Rot am Zug: Gewinnrate 63 % (Schätzung), bester Zug 2,0,0"
    )
    assert "win rate 63% (estimate), best 2,0,0; 1 move ranked>" in repr(guess)


def test_a_solve_and_an_outcome_in_french():
    with i18n.override("fr"):
        result = SolveResult(
            "win", 3, "0,0,0", 5, 1234, 0.125, 99, 10.0, None,
            first_moves=(("0,0,0", "win", 3), ("1,0,0", "loss", None)),
        )  # fmt: skip
        page = result._repr_html_()
        table = cells(page)
        assert table.caption == "le camp qui joue : gain en 3 demi-coups, meilleur coup 0,0,0"
        assert table.rows == [
            ["premier coup", "valeur", "demi-coups"],
            ["0,0,0", "gain", "3"],
            ["1,0,0", "perte", ""],
        ]
        assert "d'après la recherche, profondeur 5, 1\u202f234 positions, 0,12 s" in _text(page)
        unknown = SolveResult("unknown", None, None, 12, 10**6, 3.0, 0, 1.0, "time limit")
        assert cells(unknown._repr_html_()).caption == (
            "le camp qui joue : inconnu (limite de temps)"
        )
        assert repr(unknown) == (
            "<SolveResult unknown (time limit) (search, depth 12, 1,000,000 positions, 3.00 s)>"
        )
        scored = Outcome.scored(("red", "blue", "green"), (12, 7.5, 7.5))
        assert cells(scored._repr_html_()).rows == [
            ["joueur", "score"],
            ["rouge", "12"],
            ["bleu", "7,5"],
            ["vert", "7,5"],
        ]
        win = Outcome.win(("red", "blue"), "red", "corners", Termination.GOAL)
        # a player's result, as a teacher writes it under a game: a victory, not a move's
        # value ("gain", "perte": the analysis's words for the side to move)
        assert cells(win._repr_html_()).rows[1:] == [["rouge", "victoire"], ["bleu", "défaite"]]
        assert repr(win) == "<Outcome red wins (corners)>"


def test_a_players_result_in_german_is_a_victory_not_a_moves_value(german):
    # "Gewinn" and "Verlust" are a move's proven value in an analysis ("Gewinn in 3
    # Halbzügen"); a player's result under a game's end is "Sieg", "Niederlage", "Remis"
    win = Outcome.win(("red", "blue"), "red", "corners", Termination.GOAL)
    assert cells(win._repr_html_()).rows == [
        ["Spieler", "Ergebnis"],
        ["Rot", "Sieg"],
        ["Blau", "Niederlage"],
    ]
    drawn = cells(Outcome.draw(("red", "blue"), "repetition", Termination.REPETITION)._repr_html_())
    assert drawn.rows[1:] == [["Rot", "Remis"], ["Blau", "Remis"]]
    scored = Outcome.scored(("red", "blue"), (12, 7.5))
    assert cells(scored._repr_html_()).rows == [
        ["Spieler", "Punkte"],  # (a player's points: "Wertung" is a move's value)
        ["Rot", "12"],
        ["Blau", "7,5"],
    ]
    # the analysis keeps its words for a move's value
    assert cells(big_analysis()._repr_html_()).rows[1][2] == "Gewinn"
