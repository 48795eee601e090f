"""A wrong answer to a lesson task says what the move did by the rules, in every game
(``Game.explain_move``, through ``model.lesson.judge_move``): what it made, what it left,
what the opponent can then do. Each game: a task with listed answers, a wrong move, the
words. The words come from the position, not from the lesson's text."""

from __future__ import annotations

import pathlib

from pyramid_lab.model import lesson as L
from pyramid_lab.model.game import Game
from pyramid_lab.model.teaching import teaching_for

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "model" / "data" / "lessons"


def _step(name: str, index: int) -> L.Step:
    return L.read(LESSONS / f"{name}.lesson.json").steps[index]


def _wrong(name: str, index: int, move: str) -> str:
    step = _step(name, index)
    assert step.task is not None
    assert step.task.answers
    verdict = L.judge_move(step.task, step.position(), move)
    assert not verdict.correct
    return verdict.reason


def test_partition_a_ball_that_joins_nothing_makes_a_third_group():
    # "Place a red ball that joins the two red groups into one"
    reason = _wrong("partition/02-touching-and-groups", 2, "3,0,0")
    assert reason.startswith("3,0,0 is not the move this step asks for: ")
    assert "it touches no red ball, so it makes a third red group" in reason
    assert "blue can take no corner with the next ball" in reason
    other = _wrong("partition/02-touching-and-groups", 2, "0,1,0")
    assert "it adds to a red group, now 3 balls touching base, west, south" in other
    assert "red still has 2 groups" in other


def test_partition_a_ball_that_joins_groups_says_so_and_names_the_corner_it_takes():
    game = _game("partition", {"size": 3}, "red", [((0, 0, 0), "red"), ((2, 0, 0), "red")])
    said = teaching_for(game).explain_move(game, game.parse_move("1,0,0"))
    assert said.startswith("it joins 2 red groups into one of 3 balls touching base")
    assert "red now has one group" in said
    assert "red now holds SW, SE" in said
    assert game.pieces() == [((0, 0, 0), "red"), ((2, 0, 0), "red")]  # left as it was


def test_pyraos_a_placement_that_completes_no_square():
    # "Complete black's square"
    reason = _wrong("pyraos/01-squares-and-removals", 1, "2,0,0")
    assert "it places a black sphere from the reserve on 2,0,0" in reason
    assert "it completes no square, so no sphere comes back" in reason
    assert "black has 11 spheres in reserve, white 13" in reason
    # "Raise one of black's spheres": a placement costs a sphere, a raise none
    raise_task = _wrong("pyraos/02-raises-and-the-top", 0, "1,0,1")
    assert "it places a black sphere from the reserve on 1,0,1" in raise_task
    assert "black has 10 spheres in reserve" in raise_task
    right = _step("pyraos/02-raises-and-the-top", 0)
    position = right.position()
    words = teaching_for(position).explain_move(position, position.parse_move("2,2,0>1,0,1"))
    assert words.startswith("it raises black's sphere from 2,2,0 to 1,0,1, costing no sphere")
    assert "black has 11 spheres in reserve" in words


def test_pyraos_the_opponents_square_is_named():
    step = _step("pyraos/01-squares-and-removals", 1)
    position = step.position()
    position.push(position.parse_move("3,0,0"))  # black elsewhere; white to move
    said = teaching_for(position).explain_move(position, position.parse_move("2,2,0"))
    assert "white can" not in said  # (white just moved: black answers)
    assert "black can then complete a square on 1,1,0" in said


def test_terrace_a_run_that_removes_nothing_and_the_capture_it_allows():
    # "Play black's push that removes a white stone"
    reason = _wrong("terrace/01-pushes", 1, "b1^b2")
    assert "it jumps black's stone up from b1 to b2" in reason
    assert "it removes no stone" in reason
    assert "black has 7 stones, white 7" in reason
    assert "white can then take a black stone with d6xg6" in reason
    push = _wrong("terrace/01-pushes", 1, "f1>e1")
    assert "it pushes the black stone from e1 to d1" in push
    # "Play white's run that captures by Osiris"
    osiris = _wrong("terrace/02-osiris", 1, "a4-a3")
    assert "it runs white's stone from a4 to a3; it removes no stone" in osiris
    assert "black can take no white stone with the next move" in osiris


def test_ball_a_program_that_stops_short_of_the_goal_row():
    step = _step("ball/01-programming", 1)
    position = step.position()
    task = L.Task("move", answers=step.task.answers if step.task else ())
    wrong = "S,F,S/S,S,S/S,S,S | S,S,S/S,S,S/S,S,S"
    reason = L.judge_move(task, position, wrong).reason
    assert reason.startswith(f"{wrong} is not the move this step asks for: ")
    assert ": row 1: red's Medium d6->d7; no score" in reason
    assert "no score" in reason
    assert "red's Medium on d7 has the ball; 1 row short of red's goal row, row 8" in reason
    # the shipped task's goal (red wins) answers with the same words
    goal = L.judge_move(step.task, position, wrong).reason  # type: ignore[arg-type]
    assert goal.startswith(f"after {wrong}, red has not won yet; row 1: red's Medium d6->d7")


def test_rolling_a_pick_in_another_box_and_a_deploy_elsewhere():
    # "Take any die and write it as a hero for green"
    reason = _wrong("rolling/01-the-draft", 1, "take red d4 2 > a2")
    assert "it writes 2 (the red d4) in green's army line a, box 2" in reason
    assert "not a hero" in reason
    assert reason.endswith("blue picks next")
    # "Deploy one of red's units on space 9" (red has a ram into 9)
    deploy = _wrong("rolling/02-fights", 1, "deploy a 2")
    assert "it sends a (7) to space 2, an empty space" in deploy
    assert "red's ram helps only an attack across its border (into 9)" in deploy
    right = _step("rolling/02-fights", 1).position()
    said = teaching_for(right).explain_move(right, right.parse_move("deploy f1 9"))
    assert "red's ram halves the defenders" in said


def test_every_wrong_move_of_every_listed_answer_task_gets_words():
    """Each shipped task with listed answers and no goal: every legal wrong move is
    explained by the rules (words beyond 'not the move'), and the position stays."""
    for path in sorted(LESSONS.glob("*/*.lesson.json")):
        for step in L.read(path).steps:
            task = step.task
            if task is None or task.kind not in ("place", "move") or task.goal is not None:
                continue
            position = step.position()
            key = position.position_key()
            for move in position.legal_moves()[:40]:
                verdict = L.judge_move(task, position, move)
                if not verdict.correct:
                    assert len(verdict.reason) > len(
                        f"{move} is not the move this step asks for: it"
                    )
            assert position.position_key() == key


def _game(name: str, options: dict, to_move: str, pieces: list) -> Game:
    from pyramid_lab.model.game import game_class

    cls = game_class(name)
    return cls.from_setup(cls.parse_options(options), to_move, pieces, study=True)
