"""The teacher's lesson editor (issue 35): the lesson's own title, goals, questions and
overlays as choices made from what the game declares (JSON behind Advanced), Fill from
rules, the rules' checks on a worker thread (the window answers meanwhile), Save to the
user's lessons folder said in the status bar, the editor in a 1400x900 window, and the
user's lessons in the Lessons menu."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from pyramid_lab.model import lesson as L
from pyramid_lab.model import lesson_check
from pyramid_lab.model.game import game_class
from pyramid_lab.model.teaching import teaching_for
from pyramid_lab.model.userfiles import lessons_folder
from pyramid_lab.viewer.desktop.lessons import play_answer
from pyramid_lab.viewer.desktop.menus import LESSON_FOLDERS_KEY
from pyramid_lab.viewer.lab.lesson import SAID_PATH
from tests.patience import WAIT_MS, WAIT_S

# No test here reads a pixel of the scene: its paints draw nothing (conftest.py).
pytestmark = pytest.mark.usefixtures("unrendered_paints", "unmapped_windows")

ROOT = Path(__file__).resolve().parents[2]
CORNER_BALL = ROOT / "model" / "data" / "lessons" / "partition" / "03-a-corner-ball.lesson.json"


def idle(qtbot, control, seconds=WAIT_S):
    # (a generous limit, met at once when warm: a cold numba cache compiles the prover's
    # kernel in the first proof of the process, tens of seconds on a loaded machine)
    qtbot.waitUntil(lambda: not control.state.checks.busy, timeout=int(seconds * 1000))


def teach(window, path=CORNER_BALL):
    assert window.lab.documents.open(path)
    control = window.parts.lessons
    control.panel.teach.setChecked(True)
    return control, control.panel


def answer_save_dialog(monkeypatch, target, asked=None):
    def ask(_parent, _title, suggested, _filter):
        if asked is not None:
            asked.append(suggested)
        return (str(target), "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))


def menu_texts(menu):
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def submenu(window, title):
    menus = window.menus
    menus.lessons.show_user_lessons()  # the folders read off the GUI thread: their entries once in
    menus.lessons.lesson_shelf.wait()
    for action in menus.lessons.menu.actions():
        if action.menu() is not None and action.text() == title:
            return action.menu()
    raise AssertionError(f"no submenu {title!r} in {menu_texts(menus.lessons.menu)}")


# ---- the choices -------------------------------------------------------------------------


def test_overlays_and_the_goal_are_choices_kept_in_step_with_the_json(make_window, qtbot):
    window = make_window()
    control, panel = teach(window)
    assert sorted(panel.editor.overlays.checks) == ["corners", "groups", "walls"]
    assert list(panel.editor.overlays.combos) == ["region"]
    assert panel.editor.overlays.checks[
        "walls"
    ].isChecked()  # the step's {"walls", "corners", "region"}
    assert not panel.editor.overlays.checks["groups"].isChecked()
    assert panel.editor.overlays.combos["region"].currentText() == "SW"
    assert panel.editor.as_json.edit_overlays.isHidden()  # the JSON only behind Advanced
    assert panel.editor.as_json.edit_rule.isHidden()
    # the goal: a colour holds a corner, SW, red
    assert panel.editor.rule_boxes.pick.currentText() == "a colour holds a corner"
    assert [c.currentText() for c in panel.editor.rule_boxes.param_combos.values()] == ["SW", "red"]
    # a box changed: the JSON follows, and Apply uses it
    panel.editor.overlays.checks["groups"].setChecked(True)
    panel.editor.overlays.combos["region"].setCurrentIndex(0)  # off
    assert json.loads(panel.editor.as_json.edit_overlays.text()) == {
        "walls": True,
        "corners": True,
        "groups": True,
    }
    panel.editor.rule_boxes.param_combos["by"].setCurrentText("blue")
    assert json.loads(panel.editor.as_json.edit_rule.text()) == {"holds": "SW", "by": "blue"}
    panel.editor.rule_boxes.param_combos["by"].setCurrentText("red")
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.step.overlays == {"walls": True, "corners": True, "groups": True}
    assert control.state.step.task.goal == {"holds": "SW", "by": "red"}
    assert panel.footer.message.text() == "applied and checked"
    # the JSON typed under Advanced: the boxes follow; bad JSON is refused in words
    panel.editor.advanced.setChecked(True)
    assert not panel.editor.as_json.edit_rule.isHidden()
    panel.editor.as_json.edit_rule.setText('{"holds": "NE", "by": "blue"}')
    assert [c.currentText() for c in panel.editor.rule_boxes.param_combos.values()] == [
        "NE",
        "blue",
    ]
    panel.editor.as_json.edit_rule.setText('{"holds": "NE", "by": ')
    assert "not JSON" in panel.footer.message.text()
    assert "the last good choice stays" in panel.footer.message.text()
    assert [c.currentText() for c in panel.editor.rule_boxes.param_combos.values()] == [
        "NE",
        "blue",
    ]
    panel.editor.as_json.edit_overlays.setText('{"nope": true}')
    assert "unknown overlay" in panel.footer.message.text()
    assert panel.editor.overlays.checks["groups"].isChecked()
    panel.editor.as_json.edit_overlays.setText('{"region": "AP"}')
    assert panel.editor.overlays.combos["region"].currentText() == "AP"
    assert not panel.editor.overlays.checks["walls"].isChecked()
    panel.footer.apply.click()  # the goal's JSON is still bad: said, nothing applied
    assert "fix it, or untick Advanced" in panel.footer.message.text()
    assert control.state.step.overlays == {"walls": True, "corners": True, "groups": True}
    panel.editor.as_json.edit_rule.setText('{"holds": "NE", "by": "blue"}')
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.step.overlays == {"region": "AP"}
    assert control.state.step.task.goal == {"holds": "NE", "by": "blue"}


def test_json_nested_100000_deep_is_refused_in_words(make_window, monkeypatch):
    """A text nested 100,000 deep pasted into the goal or the overlays JSON: one line in
    the editor, the last good choice kept; json.loads alone raised a RecursionError into
    sys.excepthook (the fields' textChanged slots are not guarded)."""
    import sys

    escaped = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: escaped.append(exc))
    window = make_window()
    _control, panel = teach(window)
    panel.editor.advanced.setChecked(True)
    before = [c.currentText() for c in panel.editor.rule_boxes.param_combos.values()]
    for field in (panel.editor.as_json.edit_rule, panel.editor.as_json.edit_overlays):
        field.setText("[" * 100_000 + "]" * 100_000)
        said = panel.footer.message.text()
        assert "nested over 16 deep" in said, said
        assert "the last good choice stays" in said
    assert [c.currentText() for c in panel.editor.rule_boxes.param_combos.values()] == before
    assert escaped == []


def test_the_task_kind_offers_its_own_choices(make_window, qtbot):
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    panel = control.panel
    panel.editor.edit_kind.setCurrentText("click-points")
    assert panel.editor.rule_boxes.label.text() == "Question"
    items = [
        panel.editor.rule_boxes.pick.itemText(i)
        for i in range(panel.editor.rule_boxes.pick.count())
    ]
    assert items == ["the answers listed", "the corners a colour holds (null"][:1] + items[1:]
    assert any("corners a colour holds" in item for item in items)
    panel.editor.rule_boxes.pick.setCurrentIndex(1)
    assert [panel.editor.rule_boxes.param_combos["held_by"].itemText(i) for i in range(3)] == [
        "red",
        "blue",
        "nobody",
    ]
    panel.editor.rule_boxes.param_combos["held_by"].setCurrentText("nobody")
    assert panel.editor.rule_boxes.rule == {"held_by": None}
    panel.editor.edit_kind.setCurrentText("win-within")
    assert panel.editor.rule_boxes.label.text() == "Who wins"
    assert panel.editor.rule_boxes.pick.isHidden()
    assert not panel.editor.rule_boxes.within.isHidden()
    panel.editor.rule_boxes.within.setValue(5)
    assert panel.editor.rule_boxes.rule == {"side": "red", "within": 5}
    panel.editor.edit_kind.setCurrentText("place")
    assert panel.editor.rule_boxes.pick.currentText() == "the answers listed"


# ---- the lesson's title, Save, the status bar ---------------------------------------------


def test_a_new_lesson_gets_its_title_and_saves_to_the_users_folder(make_window, qtbot, monkeypatch):
    window = make_window()
    play_answer(window.board, "0,0,0")
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    panel = control.panel
    assert panel.editor.edit_lesson_title.text() == "My lesson"
    assert panel.editor.edit_lesson_title.hasFocus() or True  # (focus needs an active window)
    panel.editor.edit_lesson_title.setText("Blue's corners")
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.lesson.title == "Blue's corners"
    assert "Blue's corners" in window.windowTitle()
    asked = []
    target = lessons_folder() / "blue-s-corners.lesson.json"
    answer_save_dialog(monkeypatch, target, asked)
    panel.footer.save.click()
    assert asked == [str(target)]  # the user's lessons folder, a name from the title
    idle(qtbot, control)
    assert L.read(target).title == "Blue's corners"
    assert window.statusBar().currentMessage() == f"Lesson saved to {target}"
    assert panel.footer.message.text() == f"saved {target}"
    # the Lessons menu lists it under My lessons, by its title
    mine = submenu(window, "My lessons")
    assert menu_texts(mine) == ["Blue's corners"]
    mine.actions()[0].trigger()
    assert control.state.path == target


def test_a_new_steps_text_is_a_placeholder_that_typing_replaces(make_window, qtbot):
    """A new lesson's (and a new step's) Text box held a real sentence, so what the teacher
    typed mixed into it (issue 59, item 4): the box starts empty with the sentence as its
    placeholder; left empty, the step keeps it; typed, the step says what was typed."""
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    panel = control.panel
    assert panel.editor.edit_text.toPlainText() == ""
    assert panel.editor.edit_text.placeholderText() == L.STARTER_TEXT
    panel.footer.apply.click()  # the box left empty: the step keeps its stand-in
    idle(qtbot, control)
    assert control.state.step.text == L.STARTER_TEXT
    panel.editor.add.click()  # a new step: the same
    idle(qtbot, control)
    assert control.state.index == 1
    assert panel.editor.edit_text.toPlainText() == ""
    panel.editor.edit_text.setFocus()
    QTest.keyClicks(panel.editor.edit_text, "Blue holds SW.")
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.step.text == "Blue holds SW."  # only what was typed
    assert panel.editor.edit_text.toPlainText() == "Blue holds SW."
    panel.editor.edit_text.setPlainText("")  # a text written, then cleared: refused, and said
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.step.text == "Blue holds SW."
    assert "text" in panel.footer.message.text()


def test_save_lesson_and_add_folder_open_in_the_users_lessons_folder_made_first(
    make_window, monkeypatch
):
    # A teacher's first lesson: the folder did not exist, so the dialog fell back to the
    # working folder and the lesson was lost from the menu (issue 46, item 1).
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    own = lessons_folder()
    assert not own.exists()
    seen = []

    def ask(_parent, _title, suggested, _filter):
        seen.append((suggested, Path(suggested).parent.is_dir()))
        return ("", "")  # cancelled: nothing saved

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    window.parts.lessons.panel.footer.save.click()
    assert seen == [(str(own / "my-lesson.lesson.json"), True)]
    opened = []

    def choose(_parent, _title, start):
        opened.append((start, Path(start).is_dir()))
        return ""

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(choose))
    window.menus.lessons.add_lessons_folder.trigger()
    assert opened == [(str(own), True)]
    empty = ["(none yet: Save lesson... puts them here)"]
    assert menu_texts(submenu(window, "My lessons")) == empty


def test_a_long_path_is_cut_in_the_status_bar(make_window, qtbot, monkeypatch, tmp_path):
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    deep = tmp_path.joinpath(*["a-rather-long-folder-name"] * 8)
    target = deep / "lesson.lesson.json"
    answer_save_dialog(monkeypatch, target)
    control.panel.footer.save.click()
    idle(qtbot, control)
    assert target.is_file()
    said = window.statusBar().currentMessage()
    assert said.startswith("Lesson saved to /")
    assert said.endswith("\u2026")
    assert len(said) == len("Lesson saved to ") + SAID_PATH


def test_a_lesson_with_a_bad_task_is_not_saved_and_says_why(make_window, qtbot, tmp_path):
    window = make_window()
    control, panel = teach(window)
    panel.editor.edit_answers.setText("0,1,0")  # not a ball that makes red hold SW
    panel.footer.apply.click()
    idle(qtbot, control)
    assert panel.footer.message.text().startswith("checked: the answer 0,1,0 is not accepted")
    target = tmp_path / "bad.lesson.json"
    assert control.state.checks.save(target) is None
    idle(qtbot, control)
    assert not target.exists()
    assert panel.footer.message.text().startswith("not saved: step 1")
    assert window.statusBar().currentMessage().startswith("not saved: step 1")


# ---- Fill from rules, off the GUI thread ------------------------------------------------------


def test_fill_from_rules_gives_the_rules_answers(make_window, qtbot):
    window = make_window()
    control, panel = teach(window)
    panel.editor.edit_answers.setText("")
    panel.editor.fill.click()
    idle(qtbot, control)
    task = control.state.step.task
    right = [str(m) for m in lesson_check.right_moves(task, control.state.step.position())]
    assert list(task.answers) == right  # filled and applied
    assert panel.editor.edit_answers.text() == "; ".join(right)
    assert panel.footer.message.text().startswith(f"{len(right)} answers filled from the rules")
    panel.editor.rule_boxes.pick.setCurrentIndex(
        0
    )  # "the answers listed": nothing for the rules to find
    panel.editor.fill.click()
    idle(qtbot, control)
    assert "pick a goal first" in panel.footer.message.text()


def test_fill_and_save_run_off_the_gui_thread(make_window, qtbot, monkeypatch, tmp_path):
    """A slow check (stood in for by a worker that answers only once the window's timer
    has fired five times while it was busy): the busy bar shows, the buttons that would
    start another wait, and the window's event loop goes on (a timer fires) before the
    answer comes. (Not a sleep of a second: a busy machine fires fewer ticks in it.)"""
    gui = threading.current_thread()
    seen = []
    meanwhile = threading.Event()  # five ticks while busy: the window answered meanwhile

    def slow_answers(task, position, wins, progress):
        seen.append(threading.current_thread() is not gui)
        progress(0.5, "(1 of 2 moves tried)")  # said on the working line meanwhile
        meanwhile.wait(WAIT_S)  # (on the GUI's thread no tick could come: a test that fails)
        return ["3,0,0"]

    def slow_check(lesson, wins):
        seen.append(threading.current_thread() is not gui)
        meanwhile.wait(WAIT_S)
        return []

    monkeypatch.setattr(lesson_check, "right_answers", slow_answers)  # (the lab asks it then)
    monkeypatch.setattr(lesson_check, "check", slow_check)
    window = make_window()
    control, panel = teach(window)
    ticks = []

    def tick() -> None:
        if not seen:  # (the compiled search still loading: the rules' work not begun)
            return
        ticks.append(control.state.checks.busy)
        if sum(ticks) >= 5:
            meanwhile.set()

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(50)
    panel.editor.fill.click()
    assert control.state.checks.busy
    assert not panel.footer.busy.isHidden()
    assert not panel.editor.fill.isEnabled()
    assert not panel.footer.save.isEnabled()
    assert panel.footer.message.text() == "finding the answers with the rules..."
    qtbot.waitUntil(
        lambda: panel.footer.message.text().endswith("(1 of 2 moves tried)"), timeout=WAIT_MS
    )
    assert panel.footer.message.text() == (
        "finding the answers with the rules... (1 of 2 moves tried)"
    )
    idle(qtbot, control)
    assert sum(ticks) >= 5  # the window answered while the rules worked
    assert control.state.step.task.answers == ("3,0,0",)
    assert panel.footer.busy.isHidden()
    assert panel.editor.fill.isEnabled()
    ticks.clear()
    meanwhile.clear()
    target = tmp_path / "slow.lesson.json"
    assert control.state.checks.save(target) is None
    assert not target.exists()
    assert control.state.checks.busy
    idle(qtbot, control)
    assert sum(ticks) >= 5
    assert target.is_file()
    assert seen == [True, True]
    timer.stop()


def test_the_editor_offers_each_games_choices(make_window, qtbot, guard_errors):
    """Teacher mode in every game (one window, the games in turn): the overlays the game
    declares (or none), the win goal for each colour playing, Fill from rules answering in
    words."""
    from pyramid_lab.model.game import game_names

    window = make_window()
    for name in game_names():
        game = game_class(name).new()
        window.session.replace_game(game)
        window.menus.lessons.new_lesson.trigger()
        control = window.parts.lessons
        panel = control.panel
        assert control.state.lesson.game_name == name
        specs = teaching_for(type(game)).lesson_overlays
        assert len(panel.editor.overlays.checks) + len(panel.editor.overlays.combos) == len(
            specs
        ), name
        assert panel.editor.overlays.empty.isHidden() == bool(specs), name
        panel.editor.edit_kind.setCurrentText("move")
        panel.editor.rule_boxes.pick.setCurrentIndex(1)  # a colour wins
        assert panel.editor.rule_boxes.pick.currentText() == "a colour wins"
        colours = panel.editor.rule_boxes.param_combos["win"]
        assert [colours.itemText(i) for i in range(colours.count())] == list(game.players)
        panel.editor.fill.click()
        idle(qtbot, control)
        message = panel.footer.message.text()
        assert message.startswith("no answers filled: ") or "filled from the rules" in message
        assert "\n" not in message
    assert not guard_errors


# ---- the editor fits the window ----------------------------------------------------------------


def test_save_is_in_sight_in_a_1400x900_window(make_window, qtbot):
    window = make_window()
    window.resize(1400, 900)
    _control, panel = teach(window)
    qtbot.waitUntil(lambda: panel.footer.save.isVisible(), timeout=WAIT_MS)
    dock = window.parts.lesson_dock
    qtbot.wait(50)
    shown = QRect(dock.mapTo(window, dock.rect().topLeft()), dock.size())
    save = QRect(
        panel.footer.save.mapTo(window, panel.footer.save.rect().topLeft()),
        panel.footer.save.size(),
    )
    assert window.rect().contains(shown)
    assert shown.contains(save), (shown, save)
    assert panel.footer.save.visibleRegion().boundingRect().size() == panel.footer.save.size()
    assert panel.footer.apply.visibleRegion().boundingRect().size() == panel.footer.apply.size()


# ---- the Lessons menu ---------------------------------------------------------------------------


def test_the_menu_lists_the_users_folders_with_progress_and_names_a_bad_file(make_window, tmp_path):
    window = make_window()
    own = lessons_folder()
    own.mkdir(parents=True)
    lesson = L.read(CORNER_BALL)
    lesson.title = "Corner drill"
    (own / "a-drill.lesson.json").write_text(L.dumps(lesson))
    (own / "b-broken.lesson.json").write_text("{not json")
    lesson.title = "Later one"
    (own / "c-later.lesson.json").write_text(L.dumps(lesson))
    mine = submenu(window, "My lessons")
    texts = menu_texts(mine)
    assert texts[0] == "Corner drill"
    assert texts[2] == "Later one"
    assert texts[1].startswith("\u26a0 b-broken.lesson.json: ")
    assert "\n" not in texts[1]
    assert len(texts[1]) <= 80
    assert not mine.actions()[1].isEnabled()
    # progress, as the shipped lessons have it
    window.lab.lessons.progress.record(own / "a-drill.lesson.json", 1, done=0)
    window.lab.lessons.progress.record(own / "a-drill.lesson.json", 1, done=1)
    window.lab.lessons.progress.record(own / "c-later.lesson.json", 0, done=0)
    texts = menu_texts(submenu(window, "My lessons"))
    assert texts[0] == "\u2713 Corner drill"
    assert texts[2] == "Later one  (1 of 2 tasks)"
    # a folder added is remembered (QSettings, read again each time the menu opens)
    extra = tmp_path / "class-4b"
    extra.mkdir()
    lesson.title = "Homework"
    (extra / "homework.lesson.json").write_text(L.dumps(lesson))
    window.menus.lessons.add_folder(extra)
    window.menus.lessons.lesson_shelf.wait()  # said once the folder is read
    assert window.statusBar().currentMessage().startswith("Lessons menu: 1 lesson in ")
    assert menu_texts(submenu(window, "Lessons in class-4b")) == ["Homework"]
    assert QSettings().value(LESSON_FOLDERS_KEY) == [str(extra)]
    window.menus.lessons.add_folder(extra)  # once only
    assert QSettings().value(LESSON_FOLDERS_KEY) == [str(extra)]
    # two lessons saved under the default title: each listed with its file's name (issue
    # 109 item 6: "My lesson" beside "My lesson")
    lesson.title = "My lesson"
    for name in ("my-lesson.lesson.json", "my-lesson-2.lesson.json"):
        (extra / name).write_text(L.dumps(lesson))
    assert menu_texts(submenu(window, "Lessons in class-4b")) == [
        "Homework",
        "My lesson (my-lesson-2.lesson.json)",
        "My lesson (my-lesson.lesson.json)",
    ]
    window.menus.lessons.add_folder(tmp_path / "missing")
    assert window.statusBar().currentMessage().startswith("Not a folder: ")
    assert window.menus.lessons.lesson_folders() == [own, extra]
    assert "Add lessons folder..." in menu_texts(window.menus.lessons.menu)


def test_the_lessons_menu_reads_its_folders_off_the_gui_thread(make_window, monkeypatch):
    """Issue 44: 200 lessons of 1.6 MB made each opening of the menu take about 70 s. The
    menu opens at once ("reading..."), the files are read on another thread, once, and
    kept until one changes."""
    import threading

    from pyramid_lab import model

    window = make_window()
    own = lessons_folder()
    own.mkdir(parents=True, exist_ok=True)
    lesson = L.read(CORNER_BALL)
    lesson.title = "Slow one"
    (own / "slow.lesson.json").write_text(L.dumps(lesson))
    release = threading.Event()
    threads: list[str] = []
    real = model.lesson._folder_lesson

    def slow(path):
        threads.append(threading.current_thread().name)
        assert release.wait(WAIT_S)
        return real(path)

    monkeypatch.setattr(model.lesson, "_folder_lesson", slow)
    menus = window.menus
    menus.lessons.show_user_lessons()  # returns while the file is being read
    mine = next(
        a.menu() for a in menus.lessons.menu.actions() if a.menu() and a.text() == "My lessons"
    )
    assert menu_texts(mine) == ["(reading...)"]
    assert not mine.actions()[0].isEnabled()
    release.set()
    menus.lessons.lesson_shelf.wait()
    assert threads == ["lesson-shelf"]
    assert menu_texts(submenu(window, "My lessons")) == ["Slow one"]
    assert threads == ["lesson-shelf"]  # opened again: unchanged, not read again


def test_a_lesson_saved_meanwhile_is_not_replaced_the_save_goes_beside_it(
    make_window, qtbot, tmp_path, monkeypatch
):
    """Issue 44: a save never replaces what it did not read."""
    folder = tmp_path / "mine"
    folder.mkdir()
    path = folder / "corner.lesson.json"
    path.write_bytes(CORNER_BALL.read_bytes())
    window = make_window()
    errors = []
    monkeypatch.setattr(
        window.port, "show_message", lambda title, text: errors.append((title, text))
    )
    control, _ = teach(window, path)
    theirs = L.read(path)
    theirs.title = "Saved meanwhile elsewhere"
    path.write_text(L.dumps(theirs))
    assert control.state.checks.save(path) is None
    idle(qtbot, control)
    assert L.read(path).title == "Saved meanwhile elsewhere"  # kept
    beside = folder / "corner (2).lesson.json"
    assert L.read(beside).title == L.read(CORNER_BALL).title
    assert errors == [
        (
            "Lesson saved as a copy",
            "corner.lesson.json changed on disk since it was opened: saved as "
            "corner (2).lesson.json",
        )
    ]
    assert control.state.path == beside
    assert control.state.checks.save(beside) is None  # the copy is ours: saved over as usual
    idle(qtbot, control)
    assert sorted(p.name for p in folder.iterdir()) == [beside.name, path.name]


def test_the_editor_edits_a_lessons_texts_language_by_language(make_window, qtbot, tmp_path):
    """Issue 90 item 5: Texts in picks the language the boxes edit; the English is the
    placeholder of an empty box; what is typed goes to that language, the others kept; the
    saved file holds the texts as objects of languages, an English-only one as a string."""
    window = make_window()
    control, panel = teach(window)
    editor = panel.editor
    german = control.state.lesson.steps[0].words["title"]["de"]
    editor.edit_language.setCurrentIndex(editor.edit_language.findData("de"))
    assert control.state.editor.language == "de"
    assert editor.edit_title.text() == german
    editor.edit_title.setText("Die Ecke")
    panel.footer.apply.click()
    idle(qtbot, control)
    step = control.state.lesson.steps[0]
    assert step.words["title"]["de"] == "Die Ecke"
    assert step.title == "The corner itself"  # the English kept
    assert step.words["title"]["sv"] == "Själva hörnet"  # the other languages kept
    assert step.task is not None
    assert step.task.words["hint"]["fr"].startswith("Les parois éloignées de SW")
    editor.edit_language.setCurrentIndex(editor.edit_language.findData("en"))
    assert editor.edit_title.text() == "The corner itself"
    editor.edit_title.setText("The corner")
    panel.footer.apply.click()
    idle(qtbot, control)
    step = control.state.lesson.steps[0]
    assert (step.title, step.words["title"]["de"]) == ("The corner", "Die Ecke")
    # a new lesson: English alone, written as strings
    window.menus.lessons.new_lesson.trigger()
    editor.edit_language.setCurrentIndex(editor.edit_language.findData("sv"))
    assert editor.edit_title.text() == ""
    assert editor.edit_title.placeholderText() == "First step"
    editor.edit_title.setText("Första steget")
    panel.footer.apply.click()
    idle(qtbot, control)
    raw = control.state.lesson.to_json()
    assert raw["steps"][0]["title"] == {"en": "First step", "sv": "Första steget"}
    assert isinstance(raw["title"], str)
    editor.edit_title.setText("")  # emptied: that language's text goes, English stays
    panel.footer.apply.click()
    idle(qtbot, control)
    assert control.state.lesson.to_json()["steps"][0]["title"] == "First step"
    editor.edit_language.setCurrentIndex(0)


def test_the_lesson_dock_shows_the_lesson_in_the_windows_language(make_window, monkeypatch):
    """The dock shows a lesson's texts in the window's language, English where it lacks
    one, and says so once (on the step where it was opened)."""
    from pyramid_lab import i18n

    monkeypatch.setattr(i18n, "current", lambda: "de")
    window = make_window()
    assert window.lab.documents.open(CORNER_BALL)
    panel = window.parts.lessons.panel
    assert panel.title.text() == "Eine Kugel in der Ecke"
    assert panel.step_title.text() == "Die Ecke selbst"
    assert panel.prompt.text() == "Setze die rote Kugel, mit der Rot SW hält."
    assert panel.language_note.isHidden()
    # the window's title names the lesson as its dock does (issue 108: it said the English)
    assert window.windowTitle().startswith("Lektion: Eine Kugel in der Ecke (Schritt 1 von ")
    monkeypatch.setattr(i18n, "current", lambda: "pt")
    assert window.lab.documents.open(CORNER_BALL)
    assert panel.step_title.text() == "The corner itself"
    assert not panel.language_note.isHidden()
    window.lab.lessons.go(1)
    assert panel.language_note.isHidden()  # said once


def test_a_german_teacher_writes_a_new_lesson_in_german(make_window, qtbot, monkeypatch):
    """Issue 108 item 4: the German window's editor wrote into the English slot ("Texte
    auf: English" preselected) and a new lesson's stand-ins were English, so the class read
    "My lesson" and "Say one thing about this position."; the editor writes in the
    window's language, the stand-ins in it too (English beside them)."""
    from pyramid_lab import i18n

    monkeypatch.setattr(i18n, "current", lambda: "de_DE")
    window = make_window()
    window.menus.lessons.new_lesson.trigger()
    control = window.parts.lessons
    state, panel = control.state, control.panel
    editor = panel.editor
    assert state.editor.language == "de"
    assert editor.edit_language.currentData() == "de"
    lesson = state.lesson
    german, complete = L.in_language(lesson, "de")
    assert complete
    assert (german.title, german.steps[0].title) == ("Meine Lektion", "Erster Schritt")
    assert german.steps[0].text == "Sag etwas über diese Stellung."
    assert (lesson.title, lesson.steps[0].text) == ("My lesson", L.STARTER_TEXT)
    assert editor.edit_lesson_title.text() == "Meine Lektion"
    assert editor.edit_text.toPlainText() == ""  # the stand-in is the placeholder
    assert editor.edit_text.placeholderText() == "Sag etwas über diese Stellung."
    editor.edit_lesson_title.setText("Ecken")
    panel.footer.apply.click()
    idle(qtbot, control)
    raw = state.lesson.to_json()
    assert raw["title"] == {"en": "My lesson", "de": "Ecken"}
    assert raw["steps"][0]["text"] == {
        "en": "Say one thing about this position.",
        "de": "Sag etwas über diese Stellung.",
    }
    assert state.editor.add_step() is None
    added = L.in_language(state.lesson, "de")[0].steps[1]
    assert (added.title, added.text) == ("Neuer Schritt", "Sag etwas über diese Stellung.")
