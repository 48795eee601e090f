"""The answers show themselves (issue 87 item 5, model/showing.py): ``repr`` of an Outcome,
an Analysis and a SolveResult is one short line; ``_repr_html_`` a table of the moves
ranked, each exact, within or an estimate, with its plies, never over 10 KB however many
moves the position has."""

from __future__ import annotations

from html.parser import HTMLParser

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
