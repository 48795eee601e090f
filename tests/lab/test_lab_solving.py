"""Puzzles, Solve position and the review through the lab alone (viewer.lab.solve,
viewer.lab.review): a puzzle solved, a wrong move refuted and tried again, Solve position
answered from the book without a question and a real search asked for and cancelled, a
review of a game with a missed win and the verified puzzle made of it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from lab_helpers import play, settled

from pyramid_lab.model.files import read
from pyramid_lab.model.game import game_class
from pyramid_lab.model.partition import Partition, PartitionOptions
from pyramid_lab.model.review import MISSED_WIN
from pyramid_lab.model.search import knowledge_for, verify
from pyramid_lab.viewer.lab import Lab, value_solve
from pyramid_lab.viewer.lab.session import Session
from tests.model.test_review import missed_win_game
from tests.patience import WAIT_S

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "model" / "data" / "puzzles" / "partition"
WIN_IN_1 = PUZZLES / "floating-3-win-in-1-a.pyr.json"  # red: 0,0,0, within 1 ply
WIN_IN_2 = PUZZLES / "floating-3-win-in-2-a.pyr.json"  # red: 2,2,0 0,0,0 0,0,1, 3 plies


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRAMID_LAB_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("PYRAMID_LAB_PUZZLES", str(tmp_path / "made"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


# ---- Solve mode ------------------------------------------------------------------------


def test_the_key_move_solves_a_puzzle(lab, inbox):
    assert lab.documents.open(WIN_IN_1)
    assert lab.solver.start(lab.session.node)
    assert lab.solver.active
    assert lab.solver.status[0] == "info"
    assert "Your move: red to win within 1 move" in lab.solver.status[1]
    play(lab, "0,0,0")
    kind, text = settled(lab, inbox)
    assert kind == "solved", text
    assert text == "Solved in 1 move!"


def test_a_wrong_move_is_refuted_and_try_again_goes_back(lab, inbox, port):
    assert lab.documents.open(WIN_IN_2)
    anchor = lab.session.node
    solver = lab.solver
    assert solver.start(anchor)
    wrong = next(str(m) for m in lab.game.legal_moves() if str(m) != "2,2,0")
    play(lab, wrong)
    kind, text = settled(lab, inbox)
    assert kind == "failed", text
    assert solver.refuted is not None
    played_wrong, answer = solver.refuted
    assert str(played_wrong) == wrong
    assert answer is not None
    assert lab.game.move_stack[-1] == answer  # the defence's answer is in the session
    assert str(answer) in text
    assert solver.busy().startswith(text)  # a move now waits: Try again, Reveal or Stop
    solver.restart()
    assert lab.session.node is anchor
    assert solver.status[0] == "info"
    assert solver.refuted is None


def test_the_solution_is_revealed_from_the_file(lab, inbox, port):
    assert lab.documents.open(WIN_IN_2)
    lab.solver.start(lab.session.node)
    lab.solver.reveal()
    assert [str(m) for m in lab.solver.solution] == ["2,2,0", "0,0,0", "0,0,1"]
    assert port.statuses[-1].startswith("the solution: 2,2,0 0,0,0 0,0,1")


def test_leaving_solve_mode_leaves_the_document_as_it_was(lab, inbox, port):
    assert lab.documents.open(WIN_IN_2)
    before = lab.game.position_key()
    lab.solver.start(lab.session.node)
    play(lab, "2,2,0")
    settled(lab, inbox)
    assert lab.game.position_key() != before
    lab.leave_solve("Solve mode ended: saving")
    assert not lab.solver.active
    assert lab.game.position_key() == before
    assert not lab.session.dirty
    assert port.statuses[-1] == "Solve mode ended: saving"


def test_a_file_without_a_goal_is_no_puzzle(lab, port):
    assert not lab.solver.start(lab.session.node)
    assert not lab.solver.active
    assert "states no goal" in port.statuses[-1]


# ---- Solve position --------------------------------------------------------------------


def _solved_from_the_book(port, inbox) -> str:
    """Solve position on the empty base-4 floating pyramid (a 13-minute proof, in the
    shipped book): what it said, once no question was asked."""
    lab = Lab(
        Session(Partition(PartitionOptions(4, "floating"))),
        port,
        post=inbox.post,
        bulletin=port.bulletin,
    )
    try:
        lab.value_solve.toggle()
        assert lab.value_solve.running
        inbox.until(lambda: not lab.value_solve.running)
        assert port.numbers_asked == []
        return lab.value_solve.last
    finally:
        lab.shutdown()


def test_solve_position_answers_from_the_book_and_asks_nothing(port, inbox):
    said = _solved_from_the_book(port, inbox)
    assert said.startswith("Solved: red to move "), said
    assert said.endswith("(from the book)")


def test_a_slow_book_is_no_search_and_asks_nothing(port, inbox, monkeypatch):
    # On a busy machine the book's look-up took longer than the search's few seconds: the
    # question ("not in the book, and 3 seconds of search did not settle it") was asked
    # of a position the book then answered. The question's clock starts with the search.
    from pyramid_lab.model.search import entry  # (the solve's own look-up, made slow)

    looked_up = entry.from_book

    def slow_book(*args, **kwargs):
        time.sleep(1.0)
        return looked_up(*args, **kwargs)

    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.2)
    monkeypatch.setattr(entry, "from_book", slow_book)
    said = _solved_from_the_book(port, inbox)
    assert said.endswith("(from the book)"), said


def _base6(port, inbox, workers=None, cores=2) -> Lab:
    """A lab on a base-6 position (in no book, not settled in seconds), Solve position's
    answer kept as ``workers``, on a machine of ``cores``."""
    lab = Lab(
        Session(Partition(PartitionOptions(6, "floating"))),
        port,
        post=inbox.post,
        bulletin=port.bulletin,
        workers=workers,
    )
    lab.value_solve.cores = cores
    return lab


def test_solve_position_asks_in_words_and_a_cancel_stops_the_search(port, inbox, monkeypatch):
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.3)
    lab = _base6(port, inbox)
    try:
        port.numbers = [None]  # the user cancels the question
        lab.value_solve.toggle()
        assert lab.value_solve.running  # the search on one core, from the start
        inbox.until(lambda: bool(port.numbers_asked))
        title, text, proposed, low, high = port.numbers_asked[0]
        assert title == "Solve position"
        # in the user's words: how long it may take, what more cores give, stop and resume
        flat = " ".join(text.split())
        for words in (
            "not in the book, and 0.3 seconds of search did not settle it",
            "may take minutes, hours or longer",
            "how many cores",
            "cores finish sooner",
            "this machine has 2",
            "stop thinking stops it at any time",
            "resumes where it stopped",
            "your answer is kept",
        ):
            assert words in flat.lower(), words
        for jargon in ("Dask", "worker process", "split solve", "checkpoint"):
            assert jargon not in text
        assert (proposed, low, high) == (1, 1, value_solve.MAX_WORKERS)
        assert not lab.value_solve.running
        assert lab.value_solve.last.startswith("Solve position stopped: not settled in 0.3 s")
        assert lab.value_solve.workers is None  # nothing to keep
    finally:
        lab.shutdown()


def test_one_core_answered_the_search_goes_on_and_the_answer_is_kept(port, inbox, monkeypatch):
    # After the answer the single search started again from depth 6 (issue 66, item 3):
    # the search under way goes on; the next solve asks nothing. (The quick try 0.1 s and
    # the wait for a question that must not come 0.5 s, five times it: the search that runs
    # meanwhile is all this test's cost.)
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.1)
    lab = _base6(port, inbox)
    chosen = []
    lab.value_solve.chose.connect(chosen.append)
    value = lab.value_solve
    try:
        port.numbers = [1]
        value.toggle()
        job = value.runner.job
        inbox.until(lambda: bool(port.numbers_asked))
        assert chosen == [1]
        assert value.workers == 1
        assert value.running
        assert value.runner.job is job  # the same search: nothing started again
        assert value.last.startswith("Solve position: the search goes on, on one core")
        value.toggle()  # again while it runs: Stop
        assert not value.running
        assert value.last.startswith("Solve position stopped")
        # the thread ends (a base-6 solve, not stopped, would take hours: WAIT_S is slack)
        inbox.until(lambda: value.runner.alive() == 0, WAIT_S)
        value.toggle()  # the answer kept: asked no more
        assert value.running
        inbox.take(0.5)
        assert len(port.numbers_asked) == 1
        value.stop()
    finally:
        lab.shutdown()


def test_a_machine_of_one_core_is_never_asked(port, inbox, monkeypatch):
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.1)  # (waited for five times over)
    lab = _base6(port, inbox, cores=1)
    try:
        lab.value_solve.toggle()
        assert lab.value_solve.running
        inbox.take(0.5)
        assert port.numbers_asked == []
        assert lab.value_solve.running
    finally:
        lab.shutdown()


def test_the_answer_is_changed_for_the_next_solves(port, inbox):
    lab = _base6(port, inbox, workers=1)
    try:
        port.numbers = [3]
        lab.value_solve.change_workers()
        assert lab.value_solve.workers == 3
        assert port.numbers_asked[0][2] == 1  # the answer kept, proposed
        assert lab.value_solve.last == "Solve position will search on 3 cores"
        assert not lab.value_solve.running  # nothing started
        # issue 77, item 7: asked from the menu, with no solve running, the question does
        # not say that a search of this position did not settle it
        asked = port.numbers_asked[0][1]
        assert "did not settle" not in asked
        assert "not in the book" not in asked
        assert "On how many cores should it run?" in asked
    finally:
        lab.shutdown()


def test_after_a_solves_answer_nothing_starts_by_itself(port, inbox):
    lab = Lab(
        Session(Partition(PartitionOptions(3, "stacking"))),
        port,
        post=inbox.post,
        bulletin=port.bulletin,
    )
    lab.value_solve.cores = 2
    try:
        lab.value_solve.toggle()
        inbox.until(lambda: lab.value_solve.last.startswith("Solved"))
        count = lab.value_solve.runner._count
        inbox.take(1.0)  # (past the question's few seconds, were they not over)
        assert not lab.value_solve.running
        assert lab.value_solve.runner._count == count
        assert port.numbers_asked == []
    finally:
        lab.shutdown()


def _solving(port, inbox) -> Lab:
    """A lab whose Solve position runs the single search on a base-6 position (in no book,
    not settled in seconds), its progress come once."""
    lab = _base6(port, inbox, workers=1)  # the single search, asking nothing
    lab.value_solve.toggle()
    inbox.until(lambda: any(t.startswith("Solving: within") for t in port.statuses))
    return lab


def _silent_after(lab: Lab, port, inbox) -> None:
    """The solve's thread ends (the CPU is free: a base-6 solve, not stopped, would take
    hours, so WAIT_S is only slack for a busy machine) and says nothing more."""
    inbox.until(lambda: lab.value_solve.runner.alive() == 0, WAIT_S)
    said = len(port.statuses)
    inbox.take(1.5)
    assert not any(t.startswith("Solving") for t in port.statuses[said:]), port.statuses[said:]


def test_stop_thinking_stops_solve_position(port, inbox, monkeypatch):
    # Edit > Stop thinking stopped the computer's search only: a solve went on, its
    # progress over the status line for a minute (issue 59, item 1)
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.3)
    lab = _solving(port, inbox)
    try:
        lab.stop()
        assert not lab.value_solve.running
        assert lab.value_solve.last.startswith("Solve position stopped")
        _silent_after(lab, port, inbox)
    finally:
        lab.shutdown()


def test_another_game_ends_solve_position(port, inbox, monkeypatch):
    # the solve outlived its position: its progress replaced the next games' messages
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.3)
    lab = _solving(port, inbox)
    try:
        lab.session.replace_game(Partition(PartitionOptions(3, "floating")))
        assert not lab.value_solve.running
        _silent_after(lab, port, inbox)
    finally:
        lab.shutdown()


def test_a_move_ends_solve_position_with_a_word(port, inbox, monkeypatch):
    monkeypatch.setattr(value_solve, "QUICK_SECONDS", 0.3)
    lab = _solving(port, inbox)
    try:
        lab.play(next(iter(lab.game.legal_moves())))
        assert not lab.value_solve.running
        assert lab.value_solve.last == "Solve position stopped: the position changed"
        _silent_after(lab, port, inbox)
    finally:
        lab.shutdown()


def test_solve_position_refuses_a_game_it_cannot_prove(port, inbox):
    lab = Lab(Session(game_class("rolling").new()), port, post=inbox.post, bulletin=port.bulletin)
    try:
        lab.value_solve.toggle()
        assert not lab.value_solve.running
        assert lab.value_solve.last.startswith("Solve position: ")
    finally:
        lab.shutdown()


# ---- the review ------------------------------------------------------------------------


def reviewed(lab, inbox, tmp_path, seconds=0.1):
    # 0.1 s a position: the base-3 game is settled at every position by the book and the
    # solver's CPU share, its verdicts and puzzle spots those of 0.3 s, at half the cost
    game, ply, winners = missed_win_game()
    path = tmp_path / "game.pyr.json"
    from pyramid_lab.model.files import write

    write(path, game)
    assert lab.documents.open(path)
    seen = []
    lab.review.changed.connect(lambda what, *args: seen.append(what))
    lab.review.seed = 1
    assert lab.review.review(seconds) == ""
    assert lab.review.thinking
    inbox.until(lambda: not lab.review.thinking)
    return game, ply, winners, seen


def test_a_review_calls_the_missed_win_and_is_the_sessions(lab, inbox, tmp_path):
    game, ply, winners, seen = reviewed(lab, inbox, tmp_path)
    review = lab.session.review
    assert review is not None
    assert lab.review.current() is review
    assert not review.stopped
    assert len(review.moves) == len(game.move_stack)
    judged = review.at(ply)
    assert judged.verdict == MISSED_WIN
    assert judged.better in winners
    assert seen[0] == "started"
    assert seen[-1] == "reviewed"
    assert "progress" in seen


def test_make_a_puzzle_of_the_review_keeps_a_verified_puzzle(lab, inbox, tmp_path, port):
    reviewed(lab, inbox, tmp_path)
    spot = lab.session.review.puzzles[0]
    lab.session.goto(spot.ply)
    assert lab.review.spot() == spot
    made = []
    lab.review.changed.connect(lambda what, *args: what == "puzzle" and made.append(args[0]))
    assert lab.review.make_puzzle()
    inbox.until(lambda: bool(made))
    path = made[0]
    assert path == lab.review.last_puzzle
    assert path == tmp_path / "made" / "partition" / f"game-after-move-{spot.ply}.pyr.json"
    doc = read(path)
    verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
    assert verdict.verified
    assert not verdict.cooks
    assert doc.puzzle["solution"][0] == spot.key
    assert port.statuses[-1].startswith(f"puzzle made and verified: {path.name}")
    # where the review found none, nothing is made, and it says so
    lab.session.goto(0)
    assert not lab.review.make_puzzle()
    assert port.statuses[-1].startswith("no puzzle here")


def test_stop_keeps_the_moves_judged_so_far(lab, inbox, tmp_path):
    game, _ply, _ = missed_win_game()
    from pyramid_lab.model.files import write

    path = tmp_path / "game.pyr.json"
    write(path, game)
    assert lab.documents.open(path)
    lab.review.review(2.0)
    inbox.until(lambda: not lab.review.thinking or inbox.calls.qsize() > 0)
    assert lab.review.stop()
    inbox.until(lambda: not lab.review.thinking)
    review = lab.session.review
    assert review is not None
    assert review.stopped
    assert len(review.moves) < len(game.move_stack)


def test_a_review_is_refused_without_moves_and_dropped_by_another_game(lab, inbox, port):
    assert lab.review.review(0.3) == "no review: the game has no moves yet"
    assert not lab.review.thinking
    play(lab, "0,0,0")
    assert lab.review.review(5.0) == ""
    seen = []
    lab.review.changed.connect(lambda what, *args: seen.append(what))
    lab.session.replace_game(game_class("pyraos").new())
    assert not lab.review.thinking
    assert seen == ["dropped"]


# ---- Verify and Compose ----------------------------------------------------------------


def test_verify_proves_a_puzzle_and_finds_its_key_move(lab, inbox):
    assert lab.documents.open(WIN_IN_2)
    seen = []
    lab.verifier.changed.connect(lambda what, *args: seen.append((what, args)))
    lab.verifier.verify(lab.session.puzzle)
    assert lab.verifier.thinking
    inbox.until(lambda: not lab.verifier.thinking)
    (what, (verdict, at)) = seen[-1]
    assert what == "verified"
    assert verdict.verified
    assert not verdict.cooks
    assert str(verdict.key) == "2,2,0"
    assert at == (lab.game.position_key(), len(lab.game.move_stack))


def test_verify_stopped_says_nothing_more(lab, inbox):
    assert lab.documents.open(WIN_IN_2)
    seen = []
    lab.verifier.changed.connect(lambda what, *args: seen.append(what))
    lab.verifier.verify(lab.session.puzzle)
    assert lab.verifier.stop()
    assert not lab.verifier.thinking
    assert not lab.verifier.stop()  # nothing runs now
    inbox.take(0.5)
    assert "verified" not in seen


def test_compose_writes_a_verified_collection(port, inbox, tmp_path):
    lab = Lab(
        Session(Partition(PartitionOptions(4))), port, post=inbox.post, bulletin=port.bulletin
    )
    try:
        seen = []
        lab.composer.changed.connect(lambda what, *args: seen.append((what, args)))
        folder = tmp_path / "composed"
        lab.composer.compose(folder, count=2, within=3, band=None, exact=False, seed=0)
        assert lab.composer.thinking
        inbox.until(lambda: not lab.composer.thinking)
        what, (where, written) = seen[-1]
        assert what == "composed"
        assert where == folder
        assert len(written) == 2
        assert written == lab.composer.written
        assert (folder / "collection.json").is_file()
        for path in written:
            assert path.name.startswith("composed-4-")
            doc = read(path)
            verdict = verify(doc.game, doc.puzzle, knowledge=knowledge_for(doc.game))
            assert verdict.verified
            assert not verdict.cooks
    finally:
        lab.shutdown()


def test_stopping_says_in_words_whether_the_solve_resumes(port, inbox, monkeypatch):
    # It said "a split solve keeps its settled units" whatever ran.
    lab = _base6(port, inbox, workers=1)
    value = lab.value_solve
    try:
        value.toggle()
        value.stop()
        assert value.last == "Solve position stopped"
        monkeypatch.setattr(value_solve, "value_task", lambda *_a, **_k: lambda *_b: None)
        assert value.start(3)
        assert value.last == "Solving the position on 3 cores (stopped, it resumes later)..."
        value.stop()
        assert value.last == (
            "Solve position stopped; solved again on more than one core, it resumes here"
        )
    finally:
        lab.shutdown()
