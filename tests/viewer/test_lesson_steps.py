"""Lessons that answer back in the window (viewer.desktop.lessons): a lesson file opened from the
menus, its task answered on the board through the window's click path, the verdict with
its reason and path, Hint, Retry, progress kept between runs, and teacher mode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from window_helpers import click

from pyramid_lab.model import lesson as L
from pyramid_lab.model import lesson_check
from pyramid_lab.viewer.desktop.lessons import Progress, play_answer
from tests.patience import WAIT_S

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py).
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "model" / "data" / "lessons"
CORNER_BALL = LESSONS / "partition" / "03-a-corner-ball.lesson.json"


def _open(window, path=CORNER_BALL):
    assert window.lab.documents.open(path)
    return window.parts.lessons


def lesson_window(make_window, path=CORNER_BALL):
    """A window built on the lesson's first position (as ``pyramid-lab open`` builds one on a
    lesson), the lesson opened in it, and the lesson's control: built on the default base-3
    Partition, the window drew a second board for the lesson's own."""
    window = make_window(L.read(path).steps[0].position())
    return window, _open(window, path)


def idle(qtbot, control, seconds=WAIT_S):
    """The rules' check (Apply, Fill from rules, Save) runs on a worker thread: wait for
    its answer (the event loop turning meanwhile)."""
    # (a generous limit, met at once when warm: a cold numba cache compiles the prover's
    # kernel in the first proof of the process, tens of seconds on a loaded machine)
    qtbot.waitUntil(lambda: not control.state.checks.busy, timeout=int(seconds * 1000))


def apply(qtbot, control):
    control.panel.footer.apply.click()
    idle(qtbot, control)
    return control.panel.footer.message.text()


def save(qtbot, control, path):
    """Save to ``path`` (checked on the worker thread): the editor's message."""
    assert control.state.checks.save(path) is None
    idle(qtbot, control)
    return control.panel.footer.message.text()


def test_a_lesson_opens_on_its_first_step(make_window):
    window, control = lesson_window(make_window)
    assert control.state.active
    assert window.parts.lesson_dock.steps_active
    assert not window.parts.lesson_dock.isHidden()
    step = L.read(CORNER_BALL).steps[0]
    assert window.session.game.position_key() == step.position().position_key()
    panel = control.panel
    assert panel.step_title.text() == "The corner itself"
    assert panel.progress.text() == "Step 1 of 2; 0 of 2 tasks done"
    assert panel.prompt.text() == "Place the red ball that makes red hold SW."
    assert panel.steps.count() == 2


def test_a_wrong_ball_is_explained_with_its_path_and_retried(make_window):
    window, control = lesson_window(make_window)
    window.board.click(window.board.ui.site_of((0, 1, 0)))  # the window's own pick path
    assert window.session.game.colour_at((0, 1, 0)) == "red"
    assert control.state.verdict is not None
    assert not control.state.verdict.correct
    assert "SW keeps an escape path through (3,0,0)" in control.panel.verdict.text()
    frame = window.stage.drawn_frame()
    assert frame is not None
    tubes = [p for p in frame.paths if p.style == "lesson-wrong"]
    assert tubes
    assert tubes[0].sites[0] == window.board.ui.site_of((0, 0, 0))
    window.board.undo()  # back at the step's position: the verdict goes, the task waits again
    assert control.state.verdict is None
    assert window.session.game.colour_at((0, 1, 0)) is None
    window.board.click(window.board.ui.site_of((0, 1, 0)))
    assert not control.state.verdict.correct
    control.panel.hint.click()
    assert "east wall" in control.panel.hint_text.text()
    control.panel.retry.click()
    assert window.session.game.colour_at((0, 1, 0)) is None
    assert control.state.verdict is None
    play_answer(window.board, "2,0,1")  # not the author's 3,0,0: the rules accept it
    assert control.state.verdict.correct
    assert control.panel.verdict.text().startswith("Right!")


def test_a_wrong_balls_reason_is_said_in_the_windows_language(make_window):
    from pyramid_lab import i18n

    window = make_window()
    control = _open(window)
    i18n.use("de")  # (the window's language: its words are said as they are shown)
    try:
        window.board.click(window.board.ui.site_of((0, 1, 0)))
        reason = control.state.verdict.reason
        shown = control.panel.verdict.text()
    finally:
        i18n.use("en")
    assert "SW keeps an escape path through (3,0,0)" in reason  # the English kept
    assert "SW keeps an escape path" not in shown
    assert i18n.shown(reason, "de") in shown


def test_progress_is_kept_between_runs(make_window, tmp_path):
    window, control = lesson_window(make_window)
    play_answer(window.board, "3,0,0")
    control.panel.next.click()
    assert control.state.index == 1
    again = Progress(control.state.progress.file)  # a new run reads the same file
    assert again.done(CORNER_BALL) == {0}
    assert again.at(CORNER_BALL) == 1
    assert json.loads(control.state.progress.file.read_text())["format"].startswith("pyramid-lab")
    other, _ = lesson_window(make_window)  # (the lesson opened: asserted there)
    assert other.lab.lessons.index == 1  # it opens where the student left it
    assert "\u2713 1." in other.parts.lessons.panel.steps.item(0).text()


def test_a_teachers_steps_and_checks_are_no_students_progress_and_reset_forgets(make_window):
    # The teacher tries the lesson in teacher mode: a student opening it afterwards starts
    # at step 1 with nothing ticked (issue 46, item 6)
    window, control = lesson_window(make_window)
    control.panel.teach.setChecked(True)
    play_answer(window.board, "3,0,0")
    assert control.state.verdict.correct
    control.panel.next.click()
    assert control.state.index == 1
    again = Progress(control.state.progress.file)
    assert again.done(CORNER_BALL) == set()
    assert again.at(CORNER_BALL) == 0
    student, _ = lesson_window(make_window)  # (the lesson opened: asserted there)
    assert student.parts.lessons.state.index == 0
    assert student.parts.lessons.panel.progress.text() == "Step 1 of 2; 0 of 2 tasks done"
    # the student's own answer counts; Reset progress forgets it, back to step 1
    play_answer(student.board, "3,0,0")
    student.parts.lessons.panel.next.click()
    assert Progress(control.state.progress.file).done(CORNER_BALL) == {0}
    student.menus.lessons.reset_progress.trigger()
    assert student.parts.lessons.state.index == 0
    assert student.parts.lessons.panel.progress.text() == "Step 1 of 2; 0 of 2 tasks done"
    assert student.statusBar().currentMessage().startswith("Progress of A corner ball reset")
    after = Progress(control.state.progress.file)
    assert (after.done(CORNER_BALL), after.at(CORNER_BALL)) == (set(), 0)


def test_the_steps_and_the_editor_are_made_at_their_first_use(make_window):
    """A window builds the Lesson dock's steps when a lesson file's step is first shown,
    and teacher mode's editor when it is first turned on (a window that shows neither
    builds neither); the editor made later stands in the Tab order where one made with
    its panel stood: after the Teacher mode box, before the footer's Apply."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    from pyramid_lab.viewer.widgets.step_editor import StepEditor

    window = make_window()
    assert window.parts.lesson_dock.steps_panel is None
    control = _open(window)
    panel = control.panel
    assert window.parts.lesson_dock.steps_panel is panel
    assert panel.findChildren(StepEditor) == []  # a student's panel: no editor
    panel.teach.setChecked(True)
    editor = panel.editor
    assert panel.findChildren(StepEditor) == [editor]
    assert editor.isVisible()

    def tab_stop(widget):
        return widget.focusPolicy() != Qt.FocusPolicy.NoFocus and widget.isVisible()

    tabbed, at = [], panel.teach.nextInFocusChain()
    while at is not panel.footer.apply:
        tabbed += [at] if tab_stop(at) else []
        at = at.nextInFocusChain()
    takes_focus = [widget for widget in editor.findChildren(QWidget) if tab_stop(widget)]
    assert tabbed[0] is editor.edit_language
    assert len(tabbed) == len(takes_focus)
    assert set(tabbed) == set(takes_focus)


def test_the_menu_ticks_lessons_and_the_title_names_the_lesson(make_window):
    window, control = lesson_window(make_window)
    assert "Lesson: A corner ball (step 1 of 2)" in window.windowTitle()
    entry = next(a for a, path, _ in window.menus.lessons.lesson_actions if path == CORNER_BALL)
    window.menus.lessons.show_lesson_progress()
    assert entry.text() == "03. A corner ball"  # nothing answered yet
    play_answer(window.board, "3,0,0")
    window.menus.lessons.show_lesson_progress()
    assert entry.text() == "03. A corner ball  (1 of 2 tasks)"
    control.panel.next.click()
    assert "(step 2 of 2)" in window.windowTitle()
    control.state.progress.record(CORNER_BALL, 1, done=1)
    window.menus.lessons.show_lesson_progress()
    assert entry.text() == "\u2713 03. A corner ball"
    window.lab.documents.open(ROOT / "examples/partition/t3-lone-apex.pyr.json")  # the lesson ends
    assert "Lesson:" not in window.windowTitle()


def test_click_points_go_through_the_board_and_are_checked(make_window):
    window, control = lesson_window(make_window)
    control.state.go(1)  # "which corners does red hold?": SW and SE
    before = window.session.game.position_key()
    window.board.click(window.board.ui.site_of((0, 0, 0)))
    assert control.state.picked == [(0, 0, 0)]
    assert window.session.game.position_key() == before  # a pick, not a move
    markers = window.stage.drawn_frame().highlights.get("lesson-pick", ())
    assert window.board.ui.site_of((0, 0, 0)) in markers
    control.panel.check.click()
    assert not control.state.verdict.correct
    assert control.panel.verdict.text() == "Right so far: SW (0,0,0) is right; 1 more to find"
    window.board.click(window.board.ui.site_of((0, 3, 0)))  # NW: wrong
    window.board.click(window.board.ui.site_of((0, 3, 0)))  # and let go again
    window.board.click(window.board.ui.site_of((3, 0, 0)))
    control.panel.check.click()
    assert control.state.verdict.correct


def test_another_file_ends_the_lesson(make_window):
    window, control = lesson_window(make_window)
    assert window.lab.documents.open(ROOT / "examples" / "partition" / "t3-lone-apex.pyr.json")
    assert not control.state.active
    assert not window.parts.lesson_dock.steps_active


def test_the_last_step_leads_to_the_next_lesson(make_window):
    _, control = lesson_window(make_window)
    control.state.go(1)
    assert control.panel.next.text() == "Next lesson >"
    control.panel.next.click()
    assert control.state.path.name == "04-a-partition-needs-an-anchor.lesson.json"


def test_teacher_edits_a_step_takes_a_position_and_saves(make_window, tmp_path, qtbot):
    window, control = lesson_window(make_window)
    panel = control.panel
    panel.teach.setChecked(True)
    assert not panel.editor.isHidden()
    panel.editor.edit_text.setPlainText("Our own words for this step.")
    panel.editor.edit_hint.setText("Look east.")
    apply(qtbot, control)
    assert control.state.step.text == "Our own words for this step."
    assert control.state.step.task.hint == "Look east."
    panel.editor.as_json.edit_rule.setText(
        '{"holds": "SW", "by": "blue"}'
    )  # red's answers do not do that
    assert "checked:" in apply(qtbot, control)
    panel.editor.as_json.edit_rule.setText('{"holds": "SW", "by": "red"}')
    apply(qtbot, control)
    # a new step on a position made in set-up mode
    window.parts.setup_mode.enter()
    window.board.setup.click(window.board.ui.site_of((0, 0, 1)))
    assert window.parts.setup_mode.apply()
    assert control.state.active  # set-up mode's position is the teacher's, the lesson stays
    panel.editor.add.click()
    assert control.state.index == 1
    assert len(control.state.lesson.steps) == 3
    assert control.state.step.position().colour_at((0, 0, 1)) is not None
    panel.editor.up.click()
    assert control.state.index == 0
    assert control.state.lesson.steps[1].title == "The corner itself"
    panel.editor.edit_kind.setCurrentText("click-points")
    panel.editor.as_json.edit_rule.setText('{"held_by": "red"}')
    panel.editor.edit_answers.setText("")
    panel.editor.edit_prompt.setText("Which corners does red hold?")
    apply(qtbot, control)
    target = tmp_path / "mine.lesson.json"
    assert save(qtbot, control, target) == f"saved {target}"
    saved = L.read(target)
    assert [s.title for s in saved.steps] == ["New step", "The corner itself", "Holding"]
    assert saved.steps[1].text == "Our own words for this step."
    assert saved.steps[0].task.kind == "click-points"
    assert lesson_check.check(saved) == []
    panel.editor.remove.click()
    assert len(control.state.lesson.steps) == 2


def test_every_step_fits_the_dock_without_scrolling(make_window):
    """The issue: shorten every text that does not fit the dock without scrolling. In the
    window's default size each step of every shipped lesson, with its task, a two-line
    verdict and the hint, needs less height than the dock gives it."""
    window = make_window()
    window.resize(1200, 800)
    for path in sorted(LESSONS.glob("*/*.lesson.json")):
        assert window.lab.documents.open(path, ask=False)
        control = window.parts.lessons
        for index in range(len(control.state.lesson.steps)):
            control.state.go(index)
            control.state.hint_shown = True
            control.panel.show_step()
            control.panel.verdict.setText("Not yet: " + "a reason of two lines " * 4)
            control.panel.verdict.show()
            scroll = window.parts.lesson_dock.steps_scroll
            width = scroll.viewport().width()
            needed = control.panel.layout().totalHeightForWidth(width)
            assert needed <= scroll.viewport().height(), f"{path.name} step {index + 1}"


def test_a_teacher_starts_a_lesson_from_the_board_and_saves_it(make_window, tmp_path, qtbot):
    window = make_window()  # a base-3 Partition
    window.board.play(window.session.game.parse_move("0,0,0"))
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    assert control.state.active
    assert control.state.path is None
    assert control.panel.teach.isChecked()
    assert control.state.step.position().colour_at((0, 0, 0)) == "red"
    panel = control.panel
    panel.editor.edit_title.setText("Blue answers")
    panel.editor.edit_kind.setCurrentText("place")
    panel.editor.as_json.edit_rule.setText('{"holds": "SW", "by": "blue"}')  # red's ball sits on SW
    panel.editor.edit_answers.setText("1,0,0")
    message = apply(qtbot, control)
    assert message.startswith("checked: the answer 1,0,0 is not accepted")
    assert "escape path" in message
    assert save(qtbot, control, tmp_path / "bad.lesson.json").startswith("not saved: step 1")
    assert not (tmp_path / "bad.lesson.json").exists()
    panel.editor.edit_kind.setCurrentText("click-points")
    panel.editor.as_json.edit_rule.setText('{"held_by": "red"}')
    panel.editor.edit_answers.setText("SW")  # a ball on SW without an anchor holds nothing
    assert "the rules do not count SW (0,0,0)" in apply(qtbot, control)
    panel.editor.edit_answers.setText("")  # the answer is "none"
    apply(qtbot, control)
    assert save(qtbot, control, tmp_path / "mine.lesson.json").startswith("saved")
    saved = L.read(tmp_path / "mine.lesson.json")
    assert saved.steps[0].title == "Blue answers"
    assert lesson_check.check(saved) == []


def test_another_game_on_the_board_ends_the_lesson(make_window, guard_errors):
    """A position of another game replacing the lesson's (found by the GUI monkey: the
    Partition lesson's highlighted points were drawn on Allmer's board and raised)."""
    from pyramid_lab.model.game import game_class

    window, control = lesson_window(make_window)
    assert control.state.active
    window.session.replace_game(game_class("terrace").new())
    assert not control.state.active
    window.stage.redraw()
    assert window.board.ui.game_name == "terrace"
    assert not guard_errors


# ---- the step shown is always one of the lesson's (issue 34) ------------------------------


def test_a_new_lesson_over_a_later_step_redraws_on_its_own_step(make_window, guard_errors, qtbot):
    """The GUI monkey's IndexError: a lesson file shown at its second step, then Lessons >
    New lesson. The new one-step lesson came before its step index, and Pyramid Ball's
    UI redraws at once when the computer is let go, so the board asked for step 2 of a
    one-step lesson; every redraw after it (the Program dock's buttons, a click, Retry)
    raised again."""
    from pyramid_lab.model.game import game_class

    window = make_window(game_class("ball").new())
    assert window.lab.documents.open(LESSONS / "ball" / "01-programming.lesson.json")
    control = window.parts.lessons
    control.panel.next.click()
    assert control.state.index == 1
    window.lab.engine.set_player("blue", "easy")
    window.menus.lessons.new_lesson.trigger()
    assert not guard_errors
    assert (control.state.index, len(control.state.lesson.steps)) == (0, 1)
    assert control.panel.teach.isChecked()
    assert window.lab.engine.seats.computer == {}  # the student (the teacher) plays both sides
    dock = next(d for d in window.board.ui.desk.program_docks if d.isVisible() and d.editing)
    for groups in dock.editor.groups:  # the Program dock's buttons
        for group in groups:
            if group is not None:
                group.buttons()[-1].click()
    click(qtbot, window, window.board.ui.site_of((1, 2, 3)))  # Red's Large
    control.panel.retry.click()
    window.stage.redraw()
    assert not guard_errors
    assert control.state.step.title == "First step"


def test_adding_a_step_keeps_what_the_next_step_follows(make_window, guard_errors):
    """A step added before one that follows the shown step (no position of its own, moves
    played on): the following step keeps its position, and the new one is shown. It was
    made to follow the new step, its moves failed there, and the step index moved on
    with the edit refused."""
    window, control = lesson_window(make_window)
    holding = control.state.lesson.steps[1].position().position_key()
    panel = control.panel
    panel.teach.setChecked(True)
    play_answer(window.board, "3,0,0")  # the board moves on: the new step's position
    panel.editor.add.click()
    assert panel.footer.message.text() == "applied", panel.footer.message.text()
    assert [s.title for s in control.state.lesson.steps] == [
        "The corner itself",
        "New step",
        "Holding",
    ]
    assert control.state.index == 1
    assert control.state.step.position().colour_at((3, 0, 0)) == "red"
    assert control.state.lesson.steps[2].position().position_key() == holding
    window.stage.redraw()
    assert not guard_errors


def test_an_edit_refused_keeps_the_step_shown(make_window, guard_errors, monkeypatch):
    """A step the lesson cannot take (here past its most steps) is refused with the reason,
    and the lesson and the step shown stay as they were."""
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    monkeypatch.setattr(L, "MAX_STEPS", 1)
    control.panel.editor.add.click()
    assert control.panel.footer.message.text() == "the steps: 2 steps (at most 1)"
    assert (control.state.index, len(control.state.lesson.steps)) == (0, 1)
    window.stage.redraw()
    control.panel.retry.click()
    assert not guard_errors


def test_a_win_within_rule_typed_as_a_list_is_refused_in_words(make_window, guard_errors):
    """The monkey typed a JSON list as a win-within task's rule: AttributeError, caught only
    by the excepthook. It is refused with what the rule must be, the choices keep the last
    good one, and Apply under Advanced says why it does not apply."""
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    panel = window.parts.lessons.panel
    panel.editor.edit_kind.setCurrentText("win-within")
    panel.editor.advanced.setChecked(True)
    panel.editor.as_json.edit_rule.setText("[1, 2]")
    assert "must be an object" in panel.footer.message.text()
    assert "the last good choice stays" in panel.footer.message.text()
    assert panel.editor.rule_boxes.within.value() == 3  # the choice made before
    panel._apply()
    assert "must be an object" in panel.footer.message.text()
    assert window.lab.lessons.step.task is None  # not applied
    assert not guard_errors


#: A move of each game's new position, as its player enters it (Pyramid Ball: both programs).
FIRST_MOVES = {
    "partition": "0,0,0",
    "pyraos": "0,0,0",
    "terrace": "a7-a6",
    "ball": "S,S,S/S,S,S/S,S,S | S,F,S/S,S,S/S,S,S",
    "rolling": "start S1",
}


@pytest.mark.parametrize("name", sorted(FIRST_MOVES))
def test_teacher_mode_over_every_game(
    make_window, guard_errors, monkeypatch, tmp_path, qtbot, name
):
    """Teacher mode in each game, as a teacher uses it: Lessons > New lesson on the board's
    position, Add step, a move played on the board taken as the step's answer, Apply,
    Save lesson..., the file reopened from the menus and its task answered."""
    from PySide6.QtWidgets import QFileDialog

    from pyramid_lab.model.game import game_class, game_names

    assert set(FIRST_MOVES) == set(game_names())  # a game added gets its row here
    window = make_window(game_class(name).new())
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    panel = control.panel
    assert control.state.active
    assert panel.teach.isChecked()
    assert not panel.editor.isHidden()
    assert control.state.lesson.game_name == name
    panel.editor.add.click()
    assert (control.state.index, len(control.state.lesson.steps)) == (1, 2)
    panel.editor.edit_title.setText(f"Your move in {window.session.game.title}")
    panel.editor.edit_kind.setCurrentText("move")
    panel.editor.edit_prompt.setText("Play the move of the lesson.")
    play_answer(window.board, FIRST_MOVES[name])
    panel.editor.from_board.click()
    answer = str(window.session.game.parse_move(FIRST_MOVES[name]))
    assert panel.editor.edit_answers.text() == answer
    assert apply(qtbot, control) == "applied and checked"
    assert control.state.step.task.kind == "move"
    target = tmp_path / f"{name}-lesson.lesson.json"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target)[:-12], ""))
    )
    panel.footer.save.click()  # the suffix added to the name given
    idle(qtbot, control)
    assert panel.footer.message.text() == f"saved {target}"
    assert window.statusBar().currentMessage() == f"Lesson saved to {target}"
    assert not panel.dirty
    saved = L.read(target)
    assert saved.game_name == name
    assert [s.title for s in saved.steps] == [
        "First step",
        f"Your move in {window.session.game.title}",
    ]
    assert lesson_check.check(saved) == []

    window.session.replace_game(game_class("partition" if name != "partition" else "terrace").new())
    assert not control.state.active
    assert window.lab.documents.open(target)
    assert control.state.active
    assert control.state.path == target
    assert window.session.game.name == name
    panel.teach.setChecked(False)  # answered as a student (a teacher's checks are not ticks)
    panel.steps.setCurrentRow(1)
    assert control.state.index == 1
    assert panel.prompt.text() == "Play the move of the lesson."
    play_answer(window.board, FIRST_MOVES[name])
    assert control.state.verdict is not None
    assert control.state.verdict.correct, control.state.verdict
    assert control.state.done() == {1}
    assert not guard_errors


def test_a_lesson_with_a_win_within_task_saves(make_window, guard_errors, tmp_path, qtbot):
    """Save lesson... proves a win-within task through the search (found by the GUI
    monkey: the rules' check without the search's judge raised, so no such lesson saved)."""
    _, control = lesson_window(
        make_window, LESSONS / "partition" / "08-three-corners-win.lesson.json"
    )
    assert any(
        s.task is not None and s.task.kind == "win-within" for s in control.state.lesson.steps
    )
    control.panel.teach.setChecked(True)
    target = tmp_path / "again.lesson.json"
    assert save(qtbot, control, target) == f"saved {target}"
    assert [s.title for s in L.read(target).steps] == [s.title for s in control.state.lesson.steps]
    assert not guard_errors


# ---- leaving a lesson clears its marks (user trial) ----------------------------------------


def lesson_lines(window):
    """The legend's lines of a lesson's marks (highlights, picks, a wrong answer's path)."""
    return [e.text for e in window.scene.legend.entries if e.style.startswith("lesson")]


@pytest.mark.parametrize(
    ("lesson", "step", "picks", "plain"),
    [
        ("ball/01-programming", 0, (), "ball/setup.pyr.json"),
        ("ball/01-programming", 0, (), "ball/s12-pass-to-the-goal-row.pyr.json"),
        (
            "pyraos/01-squares-and-removals",
            2,
            ((0, 1, 0), (1, 0, 0)),
            "pyraos/endgame-win-in-7.pyr.json",
        ),
        ("partition/03-a-corner-ball", 0, (), "partition/t3-lone-apex.pyr.json"),
        ("partition/01-corners-and-walls", 1, ((0, 0, 0),), None),  # New game
        ("pyraos/01-squares-and-removals", 2, ((0, 1, 0),), None),
        ("ball/01-programming", 1, (), None),
        ("terrace/01-pushes", 1, (), "terrace/opening.pyr.json"),  # a teacher's highlight
        ("rolling/01-the-draft", 1, (), "rolling/two-players-new.pyr.json"),
    ],
)
def test_leaving_a_lesson_clears_its_marks_picks_and_legend(
    make_window, guard_errors, lesson, step, picks, plain
):
    """A trial: a plain file of the lesson's game opened after Ball's lesson kept its magenta
    dot and legend line, and after Pyraos's checked picks their teal rims (a click on one
    then said "is taken"): the board had followed the file before the lesson ended."""
    from pyramid_lab.model.game import game_class

    window, control = lesson_window(make_window, LESSONS / f"{lesson}.lesson.json")
    control.state.go(step)
    if not control.state.step.highlights and not picks:  # (Terrace's, Rolling's: none)
        point = ",".join(map(str, window.board.ui.coords_of(0)))
        assert control.state.editor.edit_step(highlights=[point]) is None
    for point in picks:
        window.board.click(window.board.ui.site_of(point))
    if picks:
        control.panel.check.click()
    assert lesson_lines(window)  # the lesson's marks are drawn and explained
    name = control.state.lesson.game_name
    if plain is not None:
        assert window.lab.documents.open(ROOT / "examples" / plain)
    else:  # New game of the same kind
        window.session.replace_game(game_class(name).new())
    assert not control.state.active
    assert window.session.game.name == name
    assert lesson_lines(window) == []
    frame = window.board.frame()
    assert not any(style.startswith("lesson") for style in frame.highlights)
    assert not any(m.style.startswith("lesson") for m in frame.markers)
    assert not guard_errors


def test_each_lesson_opens_with_its_own_view(make_window, tmp_path):
    """Peel 1 set in lesson 2 does not follow into lesson 10 (its full pyramid's corners
    would hide); a lesson that saves a view opens with it; the view from before the
    lessons comes back when they end."""
    window = make_window()
    view, dock = window.stage.view, window.parts.view_dock
    example = ROOT / "examples" / "partition" / "empty-base4-floating.pyr.json"
    assert window.lab.documents.open(example)  # the lessons' board
    view.set_levels(0, 2)  # the user's own view, before any lesson
    _open(window, LESSONS / "partition" / "02-touching-and-groups.lesson.json")
    assert (view.peel, view.levels[0], any(c.enabled for c in view.clips)) == (0, 0, False)
    assert view.levels[1] >= 3  # every level
    dock.peel.setValue(1)  # the user peels a shell during lesson 2
    assert view.peel == 1
    _open(window, LESSONS / "partition" / "10-a-full-pyramid.lesson.json")
    assert view.peel == 0
    assert dock.peel.value() == 0
    assert view.levels[0] == 0
    assert view.levels[1] >= 3
    saved = L.read(LESSONS / "partition" / "03-a-corner-ball.lesson.json")
    saved.view = {
        "levels": [0, 1],
        "peel": 1,
        "clips": [{"axis": "x", "keep": "above", "at": 1}],
        "camera": "top",
    }
    path = tmp_path / "mine.lesson.json"
    path.write_text(json.dumps(saved.to_json()))
    _open(window, path)
    assert (view.levels, view.peel) == ((0, 1), 1)
    assert (dock.level_hi.value(), dock.peel.value()) == (1, 1)
    clip = view.clips[0]
    assert (clip.enabled, clip.value, clip.keep_below) == (True, 1.0, False)
    assert dock.clip_on[0].isChecked()
    assert window.scene.framing.preset() == "top"
    dock.peel.setValue(0)  # the user's change, kept for this lesson only
    window.parts.lessons.state.retry()
    assert view.peel == 0
    assert window.lab.documents.open(example)
    assert not window.parts.lessons.state.active
    assert (view.levels, view.peel) == ((0, 2), 0)
    assert not any(c.enabled for c in view.clips)
