"""Lesson files (model.lesson): reading with clear errors, answers judged by the rules,
``lesson check`` over the shipped lessons, and a fuzz of the reader."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import pathlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_lab.i18n import shown
from pyramid_lab.model import lesson as L
from pyramid_lab.model import lesson_check
from pyramid_lab.model.game import PositionFormatError
from pyramid_lab.model.search import Judge, knowledge_for
from pyramid_lab.model.teaching import teaching_for
from pyramid_lab.viewer.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = ROOT / "model" / "data" / "lessons"
#: The search's judge of win-within tasks, handed to the lessons' judging once
WINS = Judge(knowledge_for)


def _doc() -> dict[str, Any]:
    """Red on SW, (1,0,0) and (2,0,0) of a base-3 pyramid: (2,0,0)... SE holds nothing yet."""
    position = {
        "options": {"size": 3, "version": "floating"},
        "to_move": "red",
        "study": True,
        "pieces": [[0, 0, 0, "red"], [1, 0, 0, "red"]],
    }
    return {
        "format": L.FORMAT,
        "game": "partition",
        "title": "Test",
        "steps": [
            {
                "title": "Hold SW",
                "text": "Place the ball.",
                "position": position,
                "overlays": {"corners": True, "region": "SW"},
                "highlights": ["SW", "1,0,0"],
                "task": {
                    "kind": "place",
                    "goal": {"holds": "SW", "by": "red"},
                    "answers": ["2,0,0"],
                    "hint": "East wall.",
                },
            },
            {
                "title": "Who holds",
                "text": "Click.",
                "moves": ["2,0,0"],
                "task": {
                    "kind": "click-points",
                    "question": {"held_by": "red"},
                    "answers": ["SW", "SE"],
                },
            },
        ],
    }


def test_a_lesson_reads_and_its_tasks_check():
    lesson = L.loads(json.dumps(_doc()))
    assert [s.title for s in lesson.steps] == ["Hold SW", "Who holds"]
    assert lesson.steps[0].highlight_points() == [(0, 0, 0), (1, 0, 0)]
    assert lesson.steps[1].position().colour_at((2, 0, 0)) == "red"  # previous step + moves
    assert lesson_check.check(lesson, wins=WINS) == []


def test_a_wrong_ball_gets_the_escape_path_and_any_right_one_counts():
    step = L.loads(json.dumps(_doc())).steps[0]
    wrong = L.judge_move(step.task, step.position(), "0,1,0")
    assert not wrong.correct
    assert wrong.reason == "after 0,1,0, SW keeps an escape path through (2,0,0)"
    assert wrong.points[0] == (0, 0, 0)
    assert wrong.points[-1] == (2, 0, 0)
    # (1,0,1) is not the author's answer but anchors the group on the east wall too
    assert L.judge_move(step.task, step.position(), "1,0,1").correct
    assert sorted(map(str, lesson_check.right_moves(step.task, step.position()))) == [
        "1,0,1",
        "2,0,0",
    ]


def test_click_points_are_judged_by_the_rules():
    step = L.loads(json.dumps(_doc())).steps[1]
    assert L.judge_points(step.task, step.position(), [(0, 0, 0), (2, 0, 0)]).correct
    missing = L.judge_points(step.task, step.position(), [(0, 0, 0)])
    assert not missing.correct
    assert missing.reason == "SW (0,0,0) is right; 1 more to find"
    assert missing.partial  # right so far
    none = L.judge_points(step.task, step.position(), [])
    assert none.reason == "2 to find"
    assert not none.partial
    extra = L.judge_points(step.task, step.position(), [(0, 0, 0), (2, 0, 0), (0, 2, 0)])
    assert extra.reason == "NW (0,2,0) is not one of them (nobody holds NW)"


def test_win_within_accepts_any_winning_move_not_only_the_authors():
    lesson = L.read(LESSONS / "partition" / "09-two-threats.lesson.json")
    step = lesson.steps[1]
    task = step.task
    assert task is not None
    assert task.answers == ("3,0,0",)
    assert L.judge_move(task, step.position(), "0,0,3", wins=WINS).correct  # the other winning move
    position = step.position()
    loser = next(m for m in position.legal_moves() if str(m) not in ("3,0,0", "0,0,3"))
    wrong = L.judge_move(task, position, loser, wins=WINS)
    assert not wrong.correct
    assert "does not force it" in wrong.reason
    # the move after which the win is gone is the opponent's reply, and said so (issue 109
    # item 6: "after 3,0,0" read as a move of the student's own)
    opponent = position.other(position.to_move)
    assert f": after {opponent}'s reply " in wrong.reason


JUDGE_WORDS = r"wins=model\.search\.Judge\(model\.search\.knowledge_for\)"


def test_the_lesson_model_leaves_win_within_tasks_to_the_search():
    # model.lesson reads and judges by the rules; a proof is the search's (its Judge,
    # handed in: wins=search.Judge(search.knowledge_for)), and without it the model says so
    lesson = L.read(LESSONS / "partition" / "09-two-threats.lesson.json")
    step = lesson.steps[1]
    with pytest.raises(ValueError, match=JUDGE_WORDS):
        L.judge_move(step.task, step.position(), "3,0,0")
    with pytest.raises(ValueError, match=JUDGE_WORDS):
        lesson_check.check(lesson)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["steps"][0].pop("position"), "steps[0].position: the first step must have"),
        (lambda d: d["steps"][1].update(moves=["0,0,0"]), "steps[1].moves[0]"),
        (lambda d: d["steps"][0]["task"].update(kind="guess"), "steps[0].task.kind"),
        (lambda d: d["steps"][0].update(highlights=["9,9,9"]), "steps[0].highlights[0]"),
        (lambda d: d["steps"][0].update(overlays={"fog": True}), "steps[0].overlays.fog"),
        (lambda d: d["steps"][0]["task"].update(goal={"holds": "XX", "by": "red"}), "task.goal"),
        (lambda d: d.update(format="pyramid-lab/1"), "format"),
        (lambda d: d["steps"][0]["position"].update(game="pyraos"), "steps[0].position.game"),
        (lambda d: d["steps"][0]["position"]["pieces"].append([0, 0, 0, "blue"]), "pieces[2]"),
    ],
)
def test_bad_lessons_name_the_key(change, message):
    doc = _doc()
    change(doc)
    with pytest.raises(PositionFormatError) as info:
        L.loads(json.dumps(doc))
    assert message in str(info.value)


def test_lesson_check_exits_2_naming_the_step(tmp_path, capsys):
    doc = _doc()
    doc["steps"][0]["task"]["answers"] = ["0,1,0"]  # the author's answer is wrong
    doc["steps"][1]["task"]["answers"] = ["SW"]  # and SE is missed
    path = tmp_path / "bad.lesson.json"
    path.write_text(json.dumps(doc))
    assert main(["lesson", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "step 1 ('Hold SW'): the answer 0,1,0 is not accepted" in err
    assert "step 2 ('Who holds'): the answers are not the rules' answer" in err
    assert "SE (2,0,0)" in err
    good = tmp_path / "good.lesson.json"
    good.write_text(json.dumps(_doc()))
    capsys.readouterr()
    assert main(["lesson", "check", str(good)]) == 0
    assert capsys.readouterr().out.endswith(": ok (2 steps, 2 tasks)\n")
    one = _doc()
    one["steps"] = one["steps"][:1]
    good.write_text(json.dumps(one))
    assert main(["lesson", "check", str(good)]) == 0
    assert capsys.readouterr().out.endswith(": ok (1 step, 1 task)\n")  # not "1 tasks"
    assert main(["lesson", "check", str(tmp_path / "missing.lesson.json")]) == 2


def test_a_task_every_move_solves_is_refused():
    doc = _doc()
    doc["steps"][1]["task"] = {
        "kind": "move",
        "goal": {"holds": "SW", "by": "red"},
        "answers": ["0,1,0"],
    }
    doc["steps"][1]["moves"] = ["2,0,0", "0,2,0"]  # red holds SW whatever it plays next
    problems = lesson_check.check(L.loads(json.dumps(doc)), wins=WINS)
    assert [p.step for p in problems] == [1]
    assert "every legal move meets the goal" in problems[0].reason


def test_the_shipped_lessons_pass_lesson_check(capsys):
    paths = sorted(LESSONS.glob("*/*.lesson.json"))
    by_game: dict[str, int] = {}
    for path in paths:
        by_game[path.parent.name] = by_game.get(path.parent.name, 0) + 1
    assert by_game["partition"] >= 12
    for game in ("pyraos", "terrace", "ball", "rolling"):
        assert by_game.get(game, 0) >= 2, game
    assert main(["lesson", "check", *map(str, paths)]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok (") == len(paths)


def test_a_lesson_saves_and_reads_back_the_same(tmp_path):
    lesson = L.read(LESSONS / "partition" / "03-a-corner-ball.lesson.json")
    path = tmp_path / "copy.lesson.json"
    L.write(path, lesson)
    again = L.read(path)
    assert again.to_json() == lesson.to_json()
    step = L.step_from("New", "A step of my own.", again.steps[1].position())
    again.steps.append(step)
    L.write(path, again)
    assert L.read(path).steps[-1].position().position_key() == step.game.position_key()


# ---- fuzz ------------------------------------------------------------------------------------

_BASE = json.loads(json.dumps(_doc()))
_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40), st.text(max_size=8), st.just("SW")
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _edited(base, edits):
    """A copy of ``base`` with each edit (a path, a value, whether to delete) made where
    the path still leads (an edit whose path an earlier one broke is skipped)."""
    doc = copy.deepcopy(base)
    for path, value, delete in edits:
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return doc


_ALL = _paths(_BASE)[1:]


#: the lesson fuzzers' settings: the same examples each run, no deadline on a busy machine
FUZZ = settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(_ALL), _LEAVES, st.booleans()), max_size=3))
def test_fuzz_the_reader_only_raises_position_format_error(edits):
    doc = _edited(_BASE, edits)
    try:
        lesson = L.loads(json.dumps(doc))
    except PositionFormatError:
        return
    lesson_check.check(lesson, wins=WINS)  # a lesson that reads is checked without any other error


@settings(max_examples=100, derandomize=True, deadline=None, database=None)
@given(st.binary(max_size=200))
def test_fuzz_bytes(data):
    with contextlib.suppress(PositionFormatError):
        L.loads(data)


# ---- the editor's choices, the rules' answers, the user's folders (issue 35) --------------


@pytest.mark.parametrize("name", __import__("pyramid_lab.model.game", fromlist=["x"]).game_names())
def test_every_choice_the_editor_offers_is_a_rule_the_game_takes(name):
    """The lesson editor's boxes are built from what each game declares: the win goal
    for each colour, the game's goals and questions with every value of each key. Each
    combination is a goal (question) the game's rules accept, and is recognised again."""
    from pyramid_lab.model.game import game_class

    cls = game_class(name)
    game = cls.new()
    goals = lesson_check.goal_choices(game)
    assert goals[0].name == "win"
    assert set(goals[0].keys["win"]) == set(game.players)
    assert {c.name for c in goals[1:]} == set(teaching_for(cls).lesson_goals)
    assert {c.name for c in lesson_check.question_choices(game)} == set(
        teaching_for(cls).lesson_questions
    )
    for kind, choices in (("move", goals), ("click-points", lesson_check.question_choices(game))):
        for choice in choices:
            assert choice.keys, f"{name}: {choice.name} offers no values"
            for values in __import__("itertools").product(*choice.keys.values()):
                rule = choice.rule(dict(zip(choice.keys, values, strict=True)))
                assert lesson_check.check_rule(game, kind, rule) is None, rule
                assert choice.matches(rule)
                assert [c for c in choices if c.matches(rule)] == [choice]


def test_a_rule_the_game_does_not_take_is_said_in_words():
    from pyramid_lab.model.partition import Partition, PartitionOptions

    game = Partition(PartitionOptions(3))
    assert "corner" in lesson_check.check_rule(game, "place", {"holds": "XX", "by": "red"})
    assert "must be an object" in lesson_check.check_rule(game, "win-within", [1, 2])
    assert lesson_check.check_rule(game, "win-within", {"side": "red", "within": 3}) is None
    for plies in (99, 0, True, 2.0, "3"):  # whole plies from 1 to MAX_WITHIN, in both readers
        refused = lesson_check.check_rule(game, "win-within", {"side": "red", "within": plies})
        assert refused == "within: must be a number of plies from 1 to 9"
        step = {"title": "t", "text": "x", "position": L.position_json(game)}
        step["task"] = {"kind": "win-within", "answers": ["0,0,0"], "within": plies}
        doc = {"format": L.FORMAT, "game": "partition", "title": "T", "steps": [step]}
        with pytest.raises(PositionFormatError, match=r"steps\[0\]\.task\.within: must be a"):
            L.loads(json.dumps(doc))
    assert lesson_check.check_rule(game, "win-within", {"side": "red", "within": 1}) is None
    assert "side" in lesson_check.check_rule(game, "win-within", {"side": "green", "within": 1})
    assert "not a key" in lesson_check.check_rule(game, "win-within", {"sides": "red", "within": 1})
    assert "question" in lesson_check.check_rule(game, "click-points", {"holds": "SW"})
    assert lesson_check.check_rule(game, "place", None) is None


def test_the_rules_fill_a_tasks_answers():
    """The answers the rules give: every move meeting the goal (each one accepted by the
    check), the points answering a question, the first moves winning within the plies;
    and why none where there are none."""
    lesson = L.loads(json.dumps(_doc()))
    step = lesson.steps[0]
    position = step.position()
    place = L.Task("place", (), {"holds": "SE", "by": "red"})
    answers = lesson_check.right_answers(place, position, wins=WINS)
    assert answers == [str(m) for m in lesson_check.right_moves(place, position)]
    assert answers
    assert (
        lesson_check.check_task(L.Task("place", tuple(answers), place.goal), position, wins=WINS)
        is None
    )
    question = L.Task("click-points", (), question={"held_by": "red"})
    points = lesson_check.right_answers(question, position, wins=WINS)
    assert (
        lesson_check.check_task(
            L.Task("click-points", tuple(points), question=question.question), position, wins=WINS
        )
        is None
    )
    with pytest.raises(ValueError, match="pick a goal first"):
        lesson_check.right_answers(L.Task("move", ()), position, wins=WINS)
    with pytest.raises(ValueError, match="pick a question first"):
        lesson_check.right_answers(L.Task("click-points", ()), position, wins=WINS)
    shipped = L.read(LESSONS / "partition" / "08-three-corners-win.lesson.json")
    index, win = next(
        (i, s) for i, s in enumerate(shipped.steps) if s.task and s.task.kind == "win-within"
    )
    task = L.Task("win-within", (), side=win.task.side, within=win.task.within)
    winners = lesson_check.right_answers(task, win.position(), wins=WINS)
    assert set(win.task.answers) <= set(winners), index
    with pytest.raises(ValueError, match=r"cannot force a win|is not to move"):
        lesson_check.right_answers(
            L.Task("win-within", (), side="blue", within=1), win.position(), wins=WINS
        )


def test_a_folder_of_lessons_names_a_bad_file_and_keeps_the_others(tmp_path):
    (tmp_path / "a-good.lesson.json").write_text(json.dumps(_doc()))
    (tmp_path / "b-bad.lesson.json").write_text('{"format": "pyramid-lab-lesson/1", "ga')
    broken = _doc()
    broken["steps"][0]["title"] = ""
    (tmp_path / "c-empty-title.lesson.json").write_text(json.dumps(broken))
    (tmp_path / "notes.txt").write_text("not a lesson")
    found = L.folder_lessons(tmp_path)
    assert [e.path.name for e in found] == [
        "a-good.lesson.json",
        "b-bad.lesson.json",
        "c-empty-title.lesson.json",
    ]
    assert (found[0].title, found[0].problem) == ("Test", None)
    assert found[1].problem
    assert "\n" not in found[1].problem
    assert "steps[0].title" in found[2].problem
    assert L.folder_lessons(tmp_path / "missing") == []


def test_a_folder_lesson_is_named_in_the_menus_language(tmp_path):
    """Issue 108: a teacher's own lessons were listed by their English title in any
    window; each is named in the window's language where the file has it."""
    doc = _doc()
    doc["title"] = {"en": "Test", "de": "Probe", "sv": "Prov"}
    (tmp_path / "a.lesson.json").write_text(json.dumps(doc))
    (found,) = L.folder_lessons(tmp_path)
    assert [found.title_in(code) for code in ("en", "de", "de_AT", "sv", "fr")] == [
        "Test",
        "Probe",
        "Probe",
        "Prov",
        "Test",
    ]


def test_lesson_answers_prints_the_rules_answers_per_task(tmp_path, capsys):
    """``lesson answers FILE``: what Fill from rules writes in, from the command line."""
    corner = LESSONS / "partition" / "03-a-corner-ball.lesson.json"
    assert main(["lesson", "answers", str(corner)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        'step 1 (The corner itself): place {"holds": "SW", "by": "red"}: 3,0,0; 2,0,1',
        'step 2 (Holding): click-points {"held_by": "red"}: 0,0,0; 3,0,0',
    ]
    assert main(["lesson", "answers", str(corner), "--step", "2"]) == 0
    assert capsys.readouterr().out.startswith("step 2 (Holding)")
    doc = _doc()
    del doc["steps"][0]["task"]["goal"]  # the author's answers only: none from the rules
    path = tmp_path / "own.lesson.json"
    path.write_text(json.dumps(doc))
    assert main(["lesson", "answers", str(path), "--step", "1"]) == 0
    said = capsys.readouterr().out  # the file's terms, not the editor's "pick a goal first"
    assert 'none from the rules: the task has no "goal"' in said
    assert main(["lesson", "answers", str(corner), "--step", "3"]) == 2
    assert "the lesson has steps 1 to 2" in capsys.readouterr().err
    assert main(["lesson", "answers", str(tmp_path / "missing.lesson.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # one line


def test_a_folder_is_read_once_and_kept_until_a_file_changes(tmp_path, monkeypatch):
    """Issue 44: every opening of the Lessons menu read each of 200 lessons of 1.6 MB."""
    good = tmp_path / "a-good.lesson.json"
    good.write_text(json.dumps(_doc()))
    huge = tmp_path / "b-huge.lesson.json"
    huge.write_bytes(b" " * (L.MAX_FILE_BYTES + 1))
    read: list[str] = []
    real = L._folder_lesson
    monkeypatch.setattr(L, "_folder_lesson", lambda path: read.append(path.name) or real(path))
    shelf = L.LessonShelf()
    assert shelf.kept(tmp_path) is None
    first = shelf.read(tmp_path)
    assert read == ["a-good.lesson.json", "b-huge.lesson.json"]
    assert first[0].title == "Test"
    assert first[0].tasks == frozenset({0, 1})
    assert "too big" in first[1].problem  # one greyed entry, not read
    assert shelf.read(tmp_path) == first  # nothing read again
    assert shelf.kept(tmp_path) == first
    assert read == ["a-good.lesson.json", "b-huge.lesson.json"]
    changed = _doc()
    changed["title"] = "Changed"
    good.write_text(json.dumps(changed))
    os.utime(good, ns=(1, 1))
    huge.unlink()
    again = shelf.read(tmp_path)
    assert [e.title for e in again] == ["Changed"]
    assert read[2:] == ["a-good.lesson.json"]


# ---- texts in several languages (issue 90) ---------------------------------------------------


def _in_languages(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with its title, the first step's title and text, and its task's prompt and
    hint in English and German (the second step's left English only)."""
    doc = copy.deepcopy(doc)
    doc["title"] = {"en": "Test", "de": "Prüfung"}
    step = doc["steps"][0]
    step["title"] = {"en": "Hold SW", "de": "SW halten"}
    step["text"] = {"en": "Place the ball.", "de": "Setze die Kugel.", "sv": "Lägg kulan."}
    step["task"]["prompt"] = {"en": "Place it.", "de": "Setze sie."}
    step["task"]["hint"] = {"en": "East wall.", "de": "Ostwand."}
    return doc


_WORDS = json.loads(json.dumps(_in_languages(_doc())))
_WORDS_ALL = _paths(_WORDS)[1:]
_WORD_LEAVES = st.one_of(
    _LEAVES,
    st.dictionaries(st.sampled_from(["en", "de", "sv", "EN", "pt_BR", "x-y", ""]), _LEAVES),
)


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(_WORDS_ALL), _WORD_LEAVES, st.booleans()), max_size=3))
def test_fuzz_texts_in_languages_only_raise_position_format_error(edits):
    doc = _edited(_WORDS, edits)
    try:
        lesson = L.loads(json.dumps(doc))
    except PositionFormatError:
        return
    assert L.loads(L.dumps(lesson)).to_json() == lesson.to_json()
    for language in L.languages(lesson):
        shown, _ = L.in_language(lesson, language)
        assert all(isinstance(step.title, str) and step.title for step in shown.steps)


def test_a_lesson_in_languages_reads_shows_and_writes_back():
    lesson = L.loads(json.dumps(_WORDS))
    assert lesson.title == "Test"
    assert lesson.steps[0].text == "Place the ball."
    assert L.languages(lesson) == ["en", "de", "sv"]
    german, complete = L.in_language(lesson, "de_AT")
    assert german.title == "Prüfung"
    assert german.steps[0].title == "SW halten"
    assert german.steps[0].task is not None
    assert german.steps[0].task.hint == "Ostwand."
    # the second step has no German: English, and the lesson says it is not complete
    assert german.steps[1].title == "Who holds"
    assert complete is False
    swedish, complete = L.in_language(lesson, "sv")
    assert swedish.steps[0].text == "Lägg kulan."
    assert swedish.title == "Test"
    assert complete is False
    english, complete = L.in_language(lesson, "en_GB")
    assert english.to_json() == lesson.to_json()
    assert complete is True
    assert json.loads(L.dumps(lesson)) == _WORDS


def test_an_english_only_file_reads_as_english_and_writes_back_byte_for_byte(tmp_path):
    text = L.dumps(L.loads(json.dumps(_doc())))
    assert '"en"' not in text
    assert L.dumps(L.loads(text)) == text
    lesson = L.loads(text)
    same, complete = L.in_language(lesson, "en")
    assert same.to_json() == lesson.to_json()
    assert complete
    _, complete = L.in_language(lesson, "de")
    assert complete is False  # shown in English: the reader says so once


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ({"de": "Prüfung"}, 'needs "en"'),
        ({"en": "Test", "German": "Prüfung"}, "not a language's code"),
        ({"en": "Test", "de": ""}, "title.de: must be a non-empty text"),
        ({"en": "Test", "de": 3}, "title.de: must be a non-empty text"),
        ({"en": "Test", "de": "x" * 201}, "title.de: too long"),
    ],
)
def test_bad_texts_in_languages_name_the_key(text, message):
    doc = _doc()
    doc["title"] = text
    with pytest.raises(PositionFormatError, match=message) as caught:
        L.loads(json.dumps(doc))
    # the reason in the reader's language (issue 108 item 3: English in every language)
    said = shown(caught.value.reason, "de")
    assert said != caught.value.reason, said
    assert "text" not in said, said
    assert "language" not in said, said


def test_the_shipped_lessons_read_as_they_are_written():
    for path in sorted(LESSONS.glob("*/*.lesson.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        read = L.read(path).to_json()
        for step, written in zip(read["steps"], raw["steps"], strict=True):
            if "task" in step and "side" not in written.get("task", {}):
                step["task"].pop("side", None)  # a win-within task's default side, filled in
        assert read == raw, path.name


def test_the_menu_title_is_in_the_language_asked(tmp_path):
    path = tmp_path / "01-test.lesson.json"
    path.write_text(json.dumps(_WORDS), encoding="utf-8")
    assert L.titles(path, "de")[1] == "01. Prüfung"
    assert L.titles(path)[1] == "01. Test"


def test_the_shipped_partition_lessons_are_in_four_languages_the_others_in_german():
    for path in sorted(LESSONS.glob("*/*.lesson.json")):
        lesson = L.read(path)
        wanted = ["de", "es", "fr", "sv"] if path.parent.name == "partition" else ["de"]
        for language in wanted:
            shown, complete = L.in_language(lesson, language)
            assert complete, f"{path.name} lacks a text in {language}"
            assert shown.steps[0].text != lesson.steps[0].text, (path.name, language)
