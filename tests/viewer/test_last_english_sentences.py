"""The last English sentences of issue 90 ("A class in its own language"), each said in its
reader's language: the engine's refusals (``NOT_TURNS``, ``NO_ANALYSIS``) where the API, the
command line and the window show them; the scripting API's bounds as one sentence each; the
split solve's resource tracker on ``solve``'s warning line; a count of plies by the
catalog's plural forms ("1 ply", where English said "1 plies"); and what the sweep found (the
solver's, the review's and a review file's refusals). English as it was, German another
sentence, every word marked in the pseudo-locale."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pyramid_lab import i18n
from pyramid_lab.model import files, lesson_check, search
from pyramid_lab.model.ball import PyramidBall
from pyramid_lab.model.game import PositionFormatError, SaidError, game_class
from pyramid_lab.model.lesson import Task
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.review import read_review
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.search import book_verify, value_book_build
from pyramid_lab.model.words import reason_of
from pyramid_lab.viewer.cli import main, speak
from pyramid_lab.viewer.lab import analysis as lab_analysis
from pyramid_lab.viewer.lab import engine_words
from pyramid_lab.viewer.script import checks, engine
from pyramid_lab.viewer.script.named import read
from tests.viewer.test_cli_i18n import LANGUAGE_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
TINY = str(ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json")
ROLLING = str(ROOT / "examples" / "rolling" / "four-players-round-3-draft.pyr.json")


def _de(text: str) -> str:
    return i18n.shown(text, "de")


def _marked(text: str) -> bool:
    """``text`` in the pseudo-locale: every word of three letters and more inside its marks
    (``⟦…⟧``), the notation given (a game's title) cut out first."""
    body = text
    while body != (body := re.sub(r"⟦[^⟦⟧]*⟧", " ", body)):
        pass
    return "⟦" in text and re.findall(r"[A-Za-z]{3,}", body) == []


def _refused(call: Callable[[], object]) -> SaidError:
    with pytest.raises(SaidError) as refused:
        call()
    return refused.value


# ---- 1. the engine's refusals ----------------------------------------------------------------

NOT_TURNS = "the engine analyses positions with one player to move, not simultaneous turns"
NO_ANALYSIS = (
    "no engine analysis for chance games yet: this game's computer players (its own) do not "
    "judge the moves"
)


def test_the_engines_refusals_are_english_as_before_and_said_in_german(german):
    ball, rolling = PyramidBall(), RollingPyramids()
    for game, english in ((ball, NOT_TURNS), (rolling, NO_ANALYSIS)):
        refused = _refused(
            lambda game=game: search.analyse(game, seconds=1, knowledge=search.knowledge_for(game))
        )
        message = reason_of(refused)
        assert isinstance(message, i18n.Message)
        assert message == english  # (the Message's own text: the English, whoever reads it)
        assert str(refused) == _de(message) != english  # (the process speaks German)
        assert _marked(i18n.shown(message, i18n.PSEUDO))
    here = search.unanalysable(ball, knowledge=search.knowledge_for(ball))
    assert here == f"no analysis here: {NOT_TURNS}"
    assert _de(here).startswith("keine Analyse hier: die Engine analysiert Stellungen")


def test_the_analysis_docks_refusal_is_the_windows_language():
    # the dock shows the lab's refusal through i18n.shown, in the window's language
    said = lab_analysis.refusal(RollingPyramids())
    assert said == NO_ANALYSIS
    assert _de(said).startswith("noch keine Analyse der Engine für Glücksspiele")


def test_the_apis_and_analyzes_refusal(german, capsys, monkeypatch):
    refused = _refused(lambda: engine.check_analysed(RollingPyramids()))
    games = ", ".join(engine.analysed_games())
    assert reason_of(refused) == f"{NO_ANALYSIS}; the games it analyses: {games}"
    assert str(refused) == (
        "noch keine Analyse der Engine für Glücksspiele: die Computerspieler dieses Spiels "
        f"(seine eigenen) beurteilen die Züge nicht; die Spiele, die sie analysiert: {games}"
    )
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    try:
        assert main(["analyze", "--engine", ROLLING]) == 2
        english = capsys.readouterr().err.splitlines()[-1]
        assert english == f"pyramid-lab: {ROLLING}: {NO_ANALYSIS}; the games it analyses: {games}"
        monkeypatch.setenv("LANG", "de_DE.UTF-8")
        assert main(["analyze", "--engine", ROLLING]) == 2
        assert capsys.readouterr().err.splitlines()[-1] == f"pyramid-lab: {ROLLING}: {refused}"
    finally:
        speak(i18n.ENGLISH)


# ---- 2. the scripting API's bounds, one sentence each -----------------------------------------

BOUNDS: list[tuple[Callable[[], object], str, str]] = [
    (lambda: checks.seconds("max_seconds", 0), "max_seconds", "must be more than 0, not 0"),
    (
        lambda: checks.engine_seconds("seconds", 3601),
        "seconds",
        "must be at most 3600 seconds, not 3601",
    ),
    (lambda: checks.table_mb(-1), "table_mb", "must be more than 0, not -1"),
    (lambda: checks.table_mb(1e300), "table_mb", "must be at most this machine's memory, "),
]


def _bound_said(check: Callable[[], object], name: str, language: str) -> str:
    """What ``check`` raises, said in ``language`` (the process's, as a script's)."""
    i18n.use(language)
    try:
        with pytest.raises(ValueError, match=f"^⟦?{name} ") as said:
            check()
    finally:
        i18n.use(i18n.ENGLISH)
    return str(said.value)


@pytest.mark.parametrize(("check", "name", "reason"), BOUNDS)
def test_the_apis_bounds_are_whole_sentences(check, name, reason):
    assert _bound_said(check, name, i18n.ENGLISH).startswith(f"{name} {reason}")  # as before
    german = _bound_said(check, name, "de")
    assert not german.startswith(f"{name} must")
    assert german.startswith((f"{name} muss", f"{name} darf"))
    assert _marked(_bound_said(check, name, i18n.PSEUDO).replace(name, "", 1))


# ---- 3. the split solve's resource tracker, on solve's warning line ---------------------------


def test_solve_warns_that_its_resource_tracker_is_not_apart(monkeypatch, capsys):
    import subprocess
    from multiprocessing import resource_tracker

    from pyramid_lab.model.search import split_cluster

    def refused(*args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    def no_cluster(*args: object, **kwargs: object) -> None:
        raise MemoryError  # (said in one line after the warning: no cluster is started)

    from distributed import LocalCluster

    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(resource_tracker, "_resource_tracker", resource_tracker.ResourceTracker())
    monkeypatch.setattr(split_cluster, "_TRACKER", None)
    monkeypatch.setattr(subprocess, "Popen", refused)
    monkeypatch.setattr(LocalCluster, "__init__", no_cluster)
    argv = ["solve", TINY, "--no-book", "--workers", "2", "--checkpoint", ""]
    try:
        main(argv)
        lines = capsys.readouterr().err.splitlines()
        assert "pyramid-lab: warning: no resource tracker apart: Permission denied" in lines
        monkeypatch.setattr(split_cluster, "_TRACKER", None)
        monkeypatch.setenv("LANG", "de_DE.UTF-8")
        main(argv)
        lines = capsys.readouterr().err.splitlines()
        assert "pyramid-lab: Warnung: kein eigener Ressourcen-Tracker: Keine Berechtigung" in lines
    finally:
        speak(i18n.ENGLISH)


def test_a_tracker_another_started_is_left_as_it_is_and_nothing_said(monkeypatch):
    from multiprocessing import resource_tracker

    from pyramid_lab.model.search import split_cluster

    tracker = resource_tracker.ResourceTracker()
    monkeypatch.setattr(tracker, "_fd", 99, raising=False)
    monkeypatch.setattr(resource_tracker, "_resource_tracker", tracker)
    monkeypatch.setattr(split_cluster, "_TRACKER", None)
    assert split_cluster._tracker_apart() is None
    assert tracker._fd == 99  # type: ignore[attr-defined]  # (kept as the script made it)


# ---- 4. a count of plies, by the catalog's plural forms --------------------------------------


def _task(within: int) -> Task:
    return Task(kind="win-within", side="red", within=within, answers=("1,1,0",))


class _NoWinner:
    """A search's judge that finds no winning first move (none forced within the plies)."""

    def winning_first_moves(self, task: Task, position: object) -> list[str]:
        return []


_NO_WINNER = _NoWinner()


def _plies_said(make: Callable[[int], str]) -> tuple[str, str, str, str, str]:
    one, three = make(1), make(3)
    return one, three, _de(one), _de(three), i18n.shown(one, "fr")


PLURALS: list[tuple[Callable[[int], str], str, str]] = [
    (
        lambda n: lesson_check._winners(_task(n), Partition(PartitionOptions(3)), _NO_WINNER),
        "red cannot force a win within {n}",
        "kann keinen Sieg innerhalb von {n}",
    ),
    (
        lambda n: value_book_build._settled("p", "win", True, n, 1234, 0.5),
        "p: win within {n}",
        "p: Gewinn innerhalb von {n}",
    ),
    (
        lambda n: book_verify._not_proven("loss", 0, n),
        "no loss within {n}",
        "kein Verlust innerhalb von {n}",
    ),
]


@pytest.mark.parametrize(("make", "english", "german"), PLURALS)
def test_one_ply_is_one_ply_in_every_language(make, english, german):
    one, three, one_de, three_de, one_fr = _plies_said(make)
    assert english.format(n="1 ply") in one  # (English said "1 plies": a grammar fix)
    assert english.format(n="3 plies") in three  # (as before)
    assert german.format(n="1 Halbzug") in one_de
    assert german.format(n="3 Halbzügen") in three_de
    assert "1 demi-coup" in one_fr
    assert "1 demi-coups" not in one_fr
    assert _marked(i18n.shown(one, i18n.PSEUDO).replace("p:", ""))


def test_a_proven_choice_and_a_lessons_answer_count_plies_too():
    for plies, english in ((1, "proven win in 1 ply"), (5, "proven win in 5 plies")):
        choice = search.Choice(None, "strong", 1.0, 10, 3, 0.1, proven="win", plies=plies)
        said = engine_words._proven(choice)
        assert said == english
        halbzug = "Halbzug" if plies == 1 else "Halbzügen"
        assert _de(said) == f"bewiesener Gewinn in {plies} {halbzug}"


# ---- 5. what the sweep found ------------------------------------------------------------------


def test_the_solvers_and_the_reviews_refusals(german):
    ball, rolling = PyramidBall(), RollingPyramids()
    four = read(ROLLING).game
    said = search.unsolvable(four)
    assert said == "the solver proves two-player games; Rolling Pyramids has 4 players"
    assert _de(said) == "der Löser beweist Spiele zu zweit; Rolling Pyramids hat 4 Spieler"
    said = search.unsolvable(rolling)
    assert said.startswith("Rolling Pyramids is a game of chance (dice): the solver proves")
    assert _de(said).startswith("Rolling Pyramids ist ein Glücksspiel (Würfel): der Löser")
    refused = _refused(lambda: engine.solve_position(ball))
    assert reason_of(refused) == (
        "cannot be solved: Pyramid Ball's sides move at once (simultaneous turns): the solver "
        "proves values only in games whose sides take turns"
    )
    assert str(refused).startswith("kann nicht gelöst werden: in Pyramid Ball ziehen")
    refused = _refused(lambda: engine.review_game(four))
    assert reason_of(refused) == (
        "Rolling Pyramids is not a two-player game: the review judges two-player games"
    )
    assert str(refused) == (
        "Rolling Pyramids ist kein Spiel zu zweit: die Durchsicht beurteilt Spiele zu zweit"
    )
    refused = _refused(lambda: engine.review_game(rolling))
    assert reason_of(refused) == (
        "Rolling Pyramids is a game of chance: the review judges games without chance"
    )
    assert str(refused).startswith("Rolling Pyramids ist ein Glücksspiel: die Durchsicht")
    refused = _refused(lambda: engine.review_game(Partition(PartitionOptions(3))))
    assert reason_of(refused) == "no moves to review: the file's history is empty"
    assert str(refused) != reason_of(refused)


def test_a_review_files_refusals():
    game = Partition(PartitionOptions(3))
    review = {"moves": [], "puzzles": [{"ply": 0, "side": "red", "within": 0, "key": "0,0,0"}]}
    with pytest.raises(PositionFormatError) as refused:
        read_review(review, game)
    assert str.__str__(refused.value.reason) == "must be 1 to 200 plies, not 0"
    assert str(refused.value) == "review.puzzles[0].within: must be 1 to 200 plies, not 0"
    assert _de(refused.value.reason) == "muss 1 bis 200 Halbzüge sein, nicht 0"
    with pytest.raises(PositionFormatError) as refused:
        read_review({"stopped": "no"}, game)
    assert str(refused.value) == "review.stopped: must be true or false"
    assert _de(refused.value.reason) == "muss true oder false sein"


def _ball_file(**state: object) -> str:
    pieces = [[0, 0, 3, "red"], [1, 0, 2, "red"], [2, 0, 1, "red"]]
    pieces += [[0, 7, 3, "blue"], [1, 7, 2, "blue"], [2, 7, 1, "blue"]]
    options = state.pop("options", {"mode": "advanced", "restart": "sheet"})
    doc = {"format": "pyramid-lab/1", "game": "ball", "options": options, "to_move": "red"}
    return json.dumps(doc | {"pieces": pieces[: 6 - int(state.pop("lose", 0))], "state": state})


#: Pyramid Ball's file refusals, as they were (captured on main) and in German.
BALL_FILES: list[tuple[str, str, str]] = [
    (
        _ball_file(lose=1),
        "pieces: missing: blue Small (a side has a Large, a Medium, a Small)",
        "pieces: es fehlen: Klein (Blau) (eine Seite hat eine Große, eine Mittlere, eine Kleine)",
    ),
    (
        _ball_file(goal_row_barred="red"),
        "state.goal_row_barred: red carries the ball: the rule lasts until the other side has it",
        "state.goal_row_barred: Rot trägt den Ball: die Regel gilt, bis die andere Seite ihn hat",
    ),
    (
        _ball_file(options={"mode": "basic"}, specials={"red": ["dash"]}),
        "state.specials.red: the basic game has no special moves",
        "state.specials.red: das Grundspiel hat keine Spezialzüge",
    ),
]


@pytest.mark.parametrize(("text", "english", "german"), BALL_FILES)
def test_pyramid_balls_file_refusals(text, english, german):
    with pytest.raises(PositionFormatError) as refused:
        files.loads(text)
    assert str(refused.value) == english
    assert f"{refused.value.key}: {_de(refused.value.reason)}" == german
    key = f"{refused.value.key}: "
    assert _marked(i18n.shown(refused.value.reason, i18n.PSEUDO).replace(key, ""))


def test_the_searchs_and_the_rules_api_checks(german):
    partition = Partition(PartitionOptions(3))
    for call, english in (
        (lambda: game_class("pyraos").new().perft(-1), "depth must be 0 or more, not -1"),
        (lambda: partition.chance_outcomes(), "Pyramid Partition has no chance node here"),
    ):
        refused = _refused(call)
        assert reason_of(refused) == english
        assert str(refused) != english


def test_a_win_within_steps_verdicts():
    from pyramid_lab.model import lesson

    wins = search.Judge(search.knowledge_for)
    step = lesson.read(
        ROOT / "model" / "data" / "lessons" / "partition" / "09-two-threats.lesson.json"
    ).steps[1]
    task, position = step.task, step.position()
    assert task is not None
    right = lesson.judge_move(task, position, "0,0,3", wins=wins)
    assert right.reason == f"0,0,3: red wins within {task.within} plies"
    assert _de(right.reason) == f"0,0,3: Rot gewinnt innerhalb von {task.within} Halbzügen"
    loser = next(m for m in position.legal_moves() if str(m) not in ("3,0,0", "0,0,3"))
    wrong = lesson.judge_move(task, position, loser, wins=wins)
    assert wrong.reason.startswith(f"{loser} does not force it: after ")
    assert wrong.reason.endswith(f" red no longer wins within {task.within} plies")
    assert _de(wrong.reason).startswith(f"{loser} erzwingt es nicht: nach ")
    assert _marked(i18n.shown(wrong.reason, i18n.PSEUDO).replace(str(loser), ""))


def test_a_point_outside_the_pyramid_and_a_results_files_number(tmp_path):
    from pyramid_lab.viewer.classroom import store

    doc = {"format": "pyramid-lab/1", "game": "partition", "options": {"size": 3}}
    doc |= {"to_move": "red", "pieces": [[9, 9, 9, "red"]]}
    with pytest.raises(PositionFormatError) as refused:
        files.loads(json.dumps(doc))
    assert str(refused.value) == (
        "pieces[0]: point (9, 9, 9) is outside the base-3 pyramid (need 0 <= k <= 2 and "
        "0 <= i, j <= 2 - k)"
    )
    assert _de(refused.value.reason).startswith("der Punkt (9, 9, 9) liegt außerhalb der")
    results = tmp_path / "class.json"
    results.write_text('{"students": NaN}')
    with pytest.raises(PositionFormatError) as refused:
        store.read_results(results)
    assert refused.value.reason == "NaN is not a number a results file holds"
    assert _de(refused.value.reason) == "NaN ist keine Zahl, die eine Ergebnisdatei enthält"


def test_the_analysis_proven_line():
    from pyramid_lab.model.search import analysis
    from pyramid_lab.model.search.analysis_record import Analysis, ProvenWin, perfect_by

    win = ProvenWin("red", 3, 2, "1,1,1", (), "prover")
    record = dict(agent="mcts", win_rate=1.0, moves=(), win=win, prover="proven")
    shown = Analysis("partition", "red", 3, **record, visits=10, depth=2, seconds=1.0)
    assert shown.proven_text == "proven: red wins in 2 moves (1,1,1)"
    assert _de(shown.proven_text) == "bewiesen: Rot gewinnt in 2 Zügen (1,1,1)"
    within = dataclasses.replace(shown, exact=False, book_end="")
    assert within.proven_text == "proven: red wins within 2 moves (1,1,1)"
    drawn = dataclasses.replace(shown, win=None, drawn_by=perfect_by(["book"]))
    assert drawn.proven_text == "proven: a draw with perfect play (opening book)"
    assert _de(drawn.proven_text) == "bewiesen: ein Remis durch perfektes Spiel (Eröffnungsbuch)"
    assert analysis._prover_cut_short(1, True) == "no forced win within 1 ply (stopped before 2)"
    assert analysis._prover_cut_short(3, False) == (
        "no forced win within 3 plies (out of time before 4)"
    )
    assert _de(analysis._prover_cut_short(1, True)).startswith("kein erzwungener Gewinn")
    assert analysis._prover_cut_short(0, False) == "unknown (out of time)"
    unproven = dataclasses.replace(shown, win=None, prover=analysis._prover_cut_short(0, True))
    assert unproven.proven_text == "not proven: unknown (stopped)"
    assert _marked(i18n.shown(unproven.proven_text, i18n.PSEUDO))


def test_analyze_says_the_proven_line_in_its_language(capsys, monkeypatch):
    argv = ["analyze", "--engine", "--text", "--seconds", "1", TINY]  # (the book knows it)
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    try:
        assert main(argv) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == "  proven: red wins in 5 moves"
        assert "    0,1,0: win rate 0%, proven loss" in out
        monkeypatch.setenv("LANG", "de_DE.UTF-8")
        assert main(argv) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == "  bewiesen: Rot gewinnt in 5 Zügen"
        assert "    0,1,0: Gewinnrate 0%, bewiesen Verlust" in out
    finally:
        speak(i18n.ENGLISH)


def test_the_analysis_evaluation_line():
    from pyramid_lab.model.search.analysis_record import Analysis

    record = dict(agent="mcts-rave", win_rate=0.63, moves=(), win=None, prover="proven")
    said = Analysis("partition", "red", 3, **record, visits=12345, depth=2, seconds=1.0)
    assert said.evaluation_text == "red to move: no move judged (mcts-rave, 12,345 playouts)"
    assert (
        _de(said.evaluation_text) == "Rot am Zug: kein Zug beurteilt (mcts-rave, 12.345 Playouts)"
    )
    one = dataclasses.replace(said, visits=1, stopped=True)
    assert one.evaluation_text == "red to move: no move judged (mcts-rave, 1 playout, stopped)"
    over = dataclasses.replace(said, result="blue")
    assert over.evaluation_text == "the game is over: blue won"
    assert _de(over.evaluation_text) == "die Partie ist vorbei: Blau hat gewonnen"
    assert _marked(i18n.shown(one.evaluation_text, i18n.PSEUDO).replace("mcts-rave", ""))


def test_the_provers_progress_words():
    game = Partition(PartitionOptions(3))
    said: list[str] = []
    search.prove(
        game, "red", 1, knowledge=search.knowledge_for(game), progress=lambda f, t: said.append(t)
    )
    assert said[-1] == "red wins within 1: disproven"  # (as it was)
    assert _de(said[-1]) == "Rot gewinnt innerhalb von 1: widerlegt"
    assert _marked(i18n.shown(said[-1], i18n.PSEUDO))


def test_the_reviews_progress_words():
    game = Partition(PartitionOptions(3))
    game.push(game.parse_move("0,0,0"))
    said: list[str] = []
    knowledge = search.knowledge_for(game)
    search.review(game, seconds=0.2, knowledge=knowledge, progress=lambda f, t: said.append(t))
    assert said[-1] == "review done"
    assert _de(said[-1]) == "Durchsicht fertig"
    first = next(t for t in said if t.startswith("position 1 of 2: "))
    assert _de(first).startswith("Stellung 1 von 2: ")


def test_the_players_a_value_must_be_are_joined_in_the_readers_language():
    doc = {"format": "pyramid-lab/1", "game": "partition", "options": {"size": 3}}
    with pytest.raises(PositionFormatError) as refused:
        files.loads(json.dumps(doc | {"to_move": "green", "pieces": []}))
    assert str(refused.value) == "to_move: must be 'red' or 'blue', not 'green'"
    assert _de(refused.value.reason) == "muss 'red' oder 'blue' sein, nicht 'green'"


def test_a_book_entrys_position_refused():
    from pyramid_lab.model.search import book_entries

    raw = {"game": "partition", "options": {"size": 3}, "to_move": "green", "pieces": []}
    with pytest.raises(PositionFormatError) as refused:
        book_entries.BookEntry.from_json(
            raw | {"value": "win", "plies": 1, "exact": True}, "entries[0]", "partition"
        )
    assert str(refused.value) == "entries[0]: to_move: must be 'red' or 'blue', not 'green'"
    assert _de(refused.value.reason) == (
        "entries[0]: to_move: muss 'red' oder 'blue' sein, nicht 'green'"
    )
