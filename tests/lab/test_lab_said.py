"""The lab's lines a front end shows, each a sentence of the catalog (issue 90,
docs/i18n.md): said in the pseudo-locale ``en_XA`` every word is marked ``⟦…⟧`` (a word
the catalog lacks shows up unmarked), in German it is German, and its English is as it
was. The window's walk (tests/viewer/test_window_pseudo.py) shows some of them in place;
these are the lines that need a long search, a cluster or a failure to be seen."""

from __future__ import annotations

import re

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import search
from pyramid_lab.model.game import game_class
from pyramid_lab.viewer.lab import solve
from pyramid_lab.viewer.lab.engine_words import describe_choice, hint_words
from pyramid_lab.viewer.lab.jobs import at_once
from pyramid_lab.viewer.lab.outcome_words import moves_said, plies_said
from pyramid_lab.viewer.lab.session import Session
from pyramid_lab.viewer.lab.table_build import TableBuild, _Work
from pyramid_lab.viewer.lab.value_solve import units_text, value_text


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's marks (nested ones too)."""
    while re.search(r"⟦[^⟦⟧]*⟧", text):
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def result(
    value: str, plies: int | None, best: str | None, stopped: str | None = None
) -> search.SolveResult:
    return search.SolveResult(
        value=value,
        plies=plies,
        best_move=best,
        depth=plies or 0,
        nodes=12345,
        seconds=2.5,
        table_entries=0,
        peak_memory_mb=1.0,
        stopped=stopped,
    )


GAME = game_class("partition").new()


def build_progress() -> str:
    """The whole-game table build's progress line of a counting step."""
    said: list[str] = []
    work = _Work(1000, 600.0, lambda _f, text: said.append(text), lambda: {20: 600, 19: 400})
    work.entry({"step": "count", "layer": 20, "evaluated": 600})
    return said[-1]


MOVE = GAME.legal_moves()[0]
#: a search's choice: its win rate, playouts and line; the prover's
CHOSEN = search.Choice(MOVE, "mcts", 0.634, 1200, 3, 1.0, pv=(str(MOVE), "0,0,1", "1,1,0"))
PROVEN = search.Choice(MOVE, "prover", 1.0, 0, 3, 1.0, proven="win", plies=3, score=1.0)

#: (a line the lab makes, its English as it was written before it was a Message)
LINES = [
    (describe_choice(CHOSEN), f"{MOVE} (win rate 63%, 1200 playouts, line {MOVE} 0,0,1 1,1,0)"),
    (
        describe_choice(PROVEN, part=True),
        f"{MOVE} (better off after the turn against 100% of the likely replies it sampled; "
        "the real reply may differ)",
    ),
    (
        hint_words(PROVEN, "", "exact: `pyramid-lab endgame build --whole`"),
        f"hint: {MOVE} (proven win in 3 plies); exact: `pyramid-lab endgame build --whole`",
    ),
    (
        hint_words(CHOSEN, "", ""),
        f"hint: {MOVE} (win rate 63%, 1200 playouts, line {MOVE} 0,0,1 1,1,0)",
    ),
    (
        TableBuild(Session(GAME), [].append, at_once).refusal(GAME),
        "Pyramid Partition has no whole-game table to build (Pyraos has)",
    ),
    (
        build_progress(),
        "counting every position's moves: down to 20 spheres (1 of 2 layers), 30%; at most "
        "about 7 minutes left",
    ),
    (
        value_text(GAME, result("win", 3, "1,0,0"), None),
        "Solved: red to move wins within 3 plies, best 1,0,0, 12,345 positions, 2.5 s",
    ),
    (
        value_text(GAME, result("loss", 4, None), None),
        "Solved: red to move loses, 12,345 positions, 2.5 s",
    ),
    (
        value_text(GAME, result("draw", 2, "0,0,0"), None),
        "Solved: red to move draws, best 0,0,0, 12,345 positions, 2.5 s",
    ),
    (
        value_text(GAME, result("unknown", None, None, stopped="time limit"), None),
        "Solve position: not settled (time limit), 12,345 positions, 2.5 s",
    ),
    (
        units_text(
            search.cluster.SplitStatus(40, 12, 2, 10, 4, 1234567, 75.0, 16461.0, 2048.0, 1800.0, 4)
        ),
        "Solving: units 12/40 settled (10 proven now, 2 from the checkpoint) on 4 workers, "
        "1,234,567 positions, 16,461/s, memory 2,048 MB, 75 s, about 1,800 s left",
    ),
    (
        solve.started("red", computer_off=True),
        "Solve mode: play red, the computer defends (the computer player is off)",
    ),
    (solve.solved(2, helped=True), "Solved in 2 moves (with the solution shown)!"),
    (solve.not_won("blue", 1), "Failed: blue has not won within 1 move."),
    (
        solve.refuted("1,0,0", "blue", "0,0,1", 1),
        "Refuted: after 1,0,0, blue answers 0,0,1 and wins within 1 move.",
    ),
    (
        solve.escaped("1,0,0", "blue", "0,0,1", "red", 1),
        "Failed: after 1,0,0, blue escapes with 0,0,1: red can no longer win in time (1 ply left).",
    ),
    (solve.to_play("red", 2, 3), "Your move: red to win within 2 moves (3 plies left)."),
]


@pytest.mark.parametrize(("line", "english"), LINES, ids=[e[:40] for _l, e in LINES])
def test_each_line_is_a_sentence_of_the_catalog(line, english):
    assert line == english  # its English as it was
    assert i18n.shown(line, i18n.ENGLISH) == english
    marked = i18n.shown(line, i18n.PSEUDO)
    assert marked.startswith("⟦")
    assert not unmarked(marked), marked
    assert i18n.shown(line, "de") != english  # German, not the English


def test_counts_and_numbers_are_said_each_languages_way():
    assert i18n.shown(solve.solved(3, helped=False), "de") == "Gelöst in 3 Zügen!"
    assert i18n.shown(moves_said(1), "fr") == "1 coup"
    assert i18n.shown(plies_said(2), "sv") == "2 halvdrag"
    said = i18n.shown(solve.to_play("red", 1, 1), "es")
    assert said == "Tu jugada: rojo debe ganar en 1 jugada como mucho (margen: 1 semijugada)."
