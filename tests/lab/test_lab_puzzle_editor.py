"""The puzzle made through the lab alone (viewer.lab.puzzle_editor, the Puzzle dock's
state): edits go into the session's puzzle, checked; a solution that does not replay from
the puzzle position is refused and the puzzle keeps its own; the moves played since the
puzzle position become the solution; the puzzle position follows the session; a verdict
holds only at the position it was proven at."""

from __future__ import annotations

from pyramid_lab.model.game import game_class
from pyramid_lab.model.puzzle import goal_of
from pyramid_lab.viewer.lab.puzzle_editor import PuzzleEditor, moves_for, parse_solution, plies_for
from pyramid_lab.viewer.lab.session import Session


def editor() -> tuple[PuzzleEditor, list[str]]:
    said: list[str] = []
    return PuzzleEditor(Session(game_class("partition").new()), said.append), said


def first_moves(session: Session, count: int) -> list[str]:
    """``count`` moves played on ``session``, as texts."""
    played = []
    for _ in range(count):
        move = sorted(session.game.legal_moves(), key=str)[0]
        played.append(str(move))
        session.play(move)
    return played


def test_a_goal_in_moves_counts_every_players_turn_in_plies() -> None:
    players = ("red", "blue")
    assert plies_for(1, "red", "red", players) == 1
    assert plies_for(2, "red", "red", players) == 3
    assert plies_for(2, "blue", "red", players) == 4
    assert all(
        moves_for(plies_for(m, "blue", "red", players), "blue", "red", players) == m
        for m in range(1, 6)
    )
    assert parse_solution(" 1,0,0\n 2,0,0 ") == ["1,0,0", "2,0,0"]


def test_edits_go_into_the_sessions_puzzle_and_a_goal_reads_back_in_moves() -> None:
    puzzle, _said = editor()
    session = puzzle.session
    assert puzzle.edit("title", "Corner trap")
    goal = puzzle.goal_of_moves(session.game.to_move, 2)
    assert puzzle.edit("goal", goal.to_json())
    assert session.puzzle["title"] == "Corner trap"
    assert goal_of(session.puzzle) == goal
    assert goal.within == 3  # two of the side's moves and the other's between
    assert puzzle.goal_moves_shown() == 2
    assert puzzle.goal_text().endswith("(3 plies)")
    assert session.dirty  # unsaved until File > Save
    assert puzzle.edit("title", "")  # an empty field goes
    assert "title" not in session.puzzle


def test_a_solution_that_does_not_replay_is_refused_and_the_puzzle_keeps_its_own() -> None:
    puzzle, _said = editor()
    problem = puzzle.replay_problem(["9,9,9"])
    assert problem.startswith("Move 1 of the solution: ")
    assert puzzle.refused_solution(problem).endswith("Not saved: the puzzle keeps no solution.")
    assert puzzle.solution_check(["9,9,9"]).startswith("Move 1 of the solution")
    assert puzzle.solution_check([]) == ""


def test_the_moves_played_since_the_puzzle_position_become_the_solution() -> None:
    puzzle, said = editor()
    session = puzzle.session
    assert isinstance(puzzle.played_since(), str)  # nothing played yet: said why
    played = first_moves(session, 2)
    assert puzzle.relation() == "2 moves after the puzzle position"
    assert puzzle.played_since() == played
    assert puzzle.replay_problem(played) == ""
    puzzle.go_to_puzzle()
    assert session.node is puzzle.anchor
    assert session.ply == 0
    first_moves(session, 1)
    puzzle.set_here()
    assert puzzle.relation() == ""
    assert said[-1].startswith("the puzzle is set at")


def test_the_puzzle_position_and_the_verdict_follow_the_session() -> None:
    puzzle, _said = editor()
    session = puzzle.session
    at_start = (session.game.position_key(), 0)
    verdict = object()
    puzzle.verified(verdict, at_start)  # type: ignore[arg-type]  # (only held and compared)
    assert puzzle.verdict_here(session.game) is verdict
    first_moves(session, 1)
    assert puzzle.verdict_here(session.game) is None  # another position shown
    assert puzzle.follow("saved") == ""
    assert puzzle.anchor is session.node  # the file now holds this position
    changes: list[str] = []
    session.changed.connect(changes.append)
    session.replace_game(game_class("partition").new())  # another game: another puzzle
    assert puzzle.follow(changes[-1]) == "fresh"  # read anew
    assert puzzle.verdict is None
    assert puzzle.anchor is session.node
    session.apply_setup(game_class("partition").new())  # the same puzzle, a new position
    assert puzzle.follow(changes[-1]) == "kept"
