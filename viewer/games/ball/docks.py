"""Pyramid Ball's docks: a Program dock per player and the Turn dock.

A :class:`ProgramDock` holds an :class:`ProgramEditor` (three rows of direction buttons
F B L R S per pyramid, a fourth row for the Small with Dash, a Blitz box, a pass selector
for the side with the ball, the program's notation, editable) and a cover page that hides
the program: hot-seat play shows one player's editor at a time, with a "hand over" button
for the other; the computer's dock only says what it is doing.

The Turn dock beside them (:class:`TurnDock`): whose program is awaited, the sheet's
one-minute timer, and the last turn's rows (buttons, and the keys [ and ]) with each
pyramid's line of the row: what it was told, what happened and why; the codes of the lines
spelled out under them. The editor's two widgets of its own: the stack of the dock's pages,
as tall as the page on show (:class:`PageStack`), and the notation box
(:class:`NotationEdit`). One module: the game's Qt docks, one concept (what they show,
Qt-free, is ``programs.py`` and ``words.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.ball import COLOURS, SPECIALS, Program, PyramidBall, relative_direction
from pyramid_lab.model.ball.rules import PASSES, STAND, parse_program
from pyramid_lab.model.game import InvalidMoveError

from ...lab.palette import PIECE_RGB
from ...widgets.dock_fit import ScrolledBody
from ...widgets.names import colour_name, colour_word
from .words import SIZE_NAMES

#: The special moves as the choice page offers them: a title and what each does.
SPECIAL_WORDS = {
    "dash": ("Dash", N_("your Small gets a fourth row, played after row 3")),
    "quick_pass": ("Quick Pass", N_("a Medium carrier may pass in row 1")),
    "blitz": (_("Blitz"), N_("on defence, your Large takes all three of its steps in row 1")),
}
ENTRY_BUTTONS = ("F", "B", "L", "R", "S")
ENTRY_WORDS = {
    "F": N_("forward"),
    "B": N_("back"),
    "L": N_("left"),
    "R": N_("right"),
    "S": N_("stand"),
}


class ProgramEditor(QWidget):
    """One side's program, entered with buttons (or typed); ``changed()`` on every edit."""

    def __init__(self, side: int, changed: Callable[[], None], parent: QWidget | None = None):
        super().__init__(parent)
        self.side = side
        self.colour = COLOURS[side]
        self._changed = changed
        self._quiet = False
        self._loading = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        r, g, b = PIECE_RGB[self.colour]
        self.setStyleSheet(  # the chosen entry stands out in the side's colour
            f"QToolButton:checked {{ background-color: rgb({r}, {g}, {b}); color: white;"
            " font-weight: bold; border: 1px solid #222; border-radius: 2px; }"
        )
        #: groups[row][k]: the exclusive buttons of one entry (row 3 is the Dash: Small only)
        self.groups: list[list[QButtonGroup | None]] = []
        self.cells: list[list[QWidget | None]] = []
        self.row_labels: list[QLabel] = []
        layout.addLayout(self._entry_grid())
        self.pass_box = QComboBox(self)
        self.blitz = QCheckBox(_("Blitz"), self)
        layout.addLayout(self._options_row())
        self.text = NotationEdit(self)
        self.text.setAccessibleName(_("The program's notation"))
        self.clear_button = QPushButton(_("Clear"), self)
        self.use_hint = QPushButton(_("Use hint"), self)
        layout.addLayout(self._text_row())
        # the engine's words on the hint, whole: the status bar cuts a long sentence
        self.hint_words = QLabel(self)
        self.hint_words.setWordWrap(True)
        self.hint_words.setStyleSheet("color: #00707a;")
        self.hint_words.hide()
        layout.addWidget(self.hint_words)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00;")
        layout.addWidget(self.problem)
        said = _("Program in ({player})").format(player=colour_word(self.colour))
        self.submit = QPushButton(said, self)
        self.submit.setToolTip(_("hand in this program (Finish turn does the same)"))
        layout.addWidget(self.submit)
        self.game: PyramidBall | None = None

    def _entry_grid(self) -> QGridLayout:
        """The entries' buttons: a row per program row (and the Dash), a column per size."""
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        for k, name in enumerate(SIZE_NAMES):
            head = QLabel(f"<b>{_(name)}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(head, 0, k + 1)
        for r in range(4):
            label = QLabel("Dash" if r == 3 else _("row {row}").format(row=r + 1))
            grid.addWidget(label, r + 1, 0)
            self.row_labels.append(label)
            groups: list[QButtonGroup | None] = []
            cells: list[QWidget | None] = []
            for k in range(3):
                if r == 3 and k != 2:
                    groups.append(None)
                    cells.append(None)
                    continue
                cell, group = self._entry_cell(r, k)
                grid.addWidget(cell, r + 1, k + 1)
                groups.append(group)
                cells.append(cell)
            self.groups.append(groups)
            self.cells.append(cells)
        return grid

    def _entry_cell(self, r: int, k: int) -> tuple[QWidget, QButtonGroup]:
        """The exclusive buttons F B L R S of size ``k``'s entry in row ``r``."""
        cell = QWidget(self)
        box = QHBoxLayout(cell)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(1)
        group = QButtonGroup(cell)
        group.setExclusive(True)
        for entry in ENTRY_BUTTONS:
            button = QToolButton(cell)
            button.setText(entry)
            button.setCheckable(True)
            # never shorter than its letter: a hint's three lines under the grid squashed
            # the rows to 12 px where the dock had no more room (issue 89)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            button.setObjectName(f"{self.colour}-{r}-{k}-{entry}")
            direction = relative_direction(self.colour, entry)
            said = (
                _("{size}, row {row}: {step} ({direction})")
                if direction
                else _("{size}, row {row}: {step}")
            )
            step = _(ENTRY_WORDS[entry])
            button.setToolTip(
                said.format(size=_(SIZE_NAMES[k]), row=r + 1, step=step, direction=direction)
            )
            button.setChecked(entry == STAND)
            group.addButton(button)
            box.addWidget(button)
        group.buttonToggled.connect(self._on_button)
        return cell, group

    def _options_row(self) -> QHBoxLayout:
        """The pass selector and the Blitz box."""
        options = QHBoxLayout()
        options.addWidget(QLabel(_("Pass:")))
        self.pass_box.setToolTip(
            _(
                "the carrier stands in that row and passes the ball (rows 2 and 3; row 1 "
                "only with the Quick Pass special, which only a Medium carrier has)"
            )
        )
        self.pass_box.currentIndexChanged.connect(lambda _i: self._edited())
        options.addWidget(self.pass_box, 1)
        self.blitz.setToolTip(_("the Large takes its three steps in row 1 (special move)"))
        self.blitz.toggled.connect(lambda _on: self._edited())
        options.addWidget(self.blitz)
        return options

    def _text_row(self) -> QHBoxLayout:
        """The program's notation, Clear and Use hint."""
        text_row = QHBoxLayout()
        self.text.setToolTip(
            _("the program's notation (Large,Medium,Small per row); Enter sets it")
        )
        self.text.returnPressed.connect(self._on_text)
        text_row.addWidget(self.text, 1)
        self.clear_button.clicked.connect(lambda: self.set_program(None))
        text_row.addWidget(self.clear_button)
        self.use_hint.setEnabled(False)
        self.use_hint.setToolTip(_("Hint (H) asks the engine for a program first"))
        text_row.addWidget(self.use_hint)
        return text_row

    # ---- the position --------------------------------------------------------------------

    def set_game(self, game: PyramidBall) -> None:
        """A new turn: the buttons back to Stand, the options this side has now."""
        self.game = game
        held = set(game.specials(self.colour))
        dash = "dash" in held
        self.row_labels[3].setVisible(dash)
        cell = self.cells[3][2]
        assert cell is not None
        cell.setVisible(dash)
        self.blitz.setVisible("blitz" in held and game.offence != self.side)
        self._quiet = True
        self.pass_box.clear()
        self.pass_box.addItem(_("no pass"), None)
        if game.offence == self.side and not game.is_over() and game.carrier is not None:
            colour, size = game.carrier  # a loose ball has no carrier: no pass to choose
            k = "LMS".index(size)
            rows = (0, 1, 2) if (k == 1 and "quick_pass" in held) else (1, 2)
            here = {s for _sq, c, s, _b in game.pyramids() if c == colour}
            for r in rows:
                for j, name in enumerate(SIZE_NAMES):
                    if j != k and "LMS"[j] in here:
                        said = (
                            _("row {row}: {size} passes to {other} (uses Quick Pass)")
                            if r == 0
                            else _("row {row}: {size} passes to {other}")
                        )
                        words = said.format(row=r + 1, size=_(SIZE_NAMES[k]), other=_(name))
                        self.pass_box.addItem(words, (r, k, j))
        self._quiet = False
        self._loading = True  # a new turn comes: the buttons reset, no user edit
        try:
            self.set_program(None)
        finally:
            self._loading = False

    def set_program(self, program: Program | None) -> None:
        """Show ``program`` on the buttons (None: all Stand)."""
        self._quiet = True
        try:
            rows = program.rows if program is not None else ()
            pass_at = None
            for r in range(4):
                for k in range(3):
                    group = self.groups[r][k]
                    if group is None:
                        continue
                    entry = rows[r][k] if r < len(rows) else STAND
                    if entry in PASSES:
                        pass_at = (r, k, "LMS".index(entry[1]))
                        entry = STAND
                    for button in group.buttons():
                        button.setChecked(button.text() == entry)
            # findData compares Python objects by identity: a tuple made here never matches
            datas = [self.pass_box.itemData(i) for i in range(self.pass_box.count())]
            self.pass_box.setCurrentIndex(datas.index(pass_at) if pass_at in datas else 0)
            self.blitz.setChecked(bool(program and program.blitz))
        finally:
            self._quiet = False
        self._edited()

    def program(self) -> Program:
        """The program the buttons show."""
        rows = []
        for r in range(4):
            row = []
            for k in range(3):
                group = self.groups[r][k]
                checked = group.checkedButton() if group is not None else None
                row.append(checked.text() if checked is not None else STAND)
            rows.append(row)
        if (
            rows[3][2] == STAND
            or self.game is None
            or "dash" not in self.game.specials(self.colour)
        ):
            rows.pop()  # no Dash
        pass_at = self.pass_box.currentData()
        if pass_at is not None:
            r, k, j = pass_at
            rows[r][k] = ">" + "LMS"[j]
        blitz = self.blitz.isVisible() and self.blitz.isChecked()
        return Program(tuple((row[0], row[1], row[2]) for row in rows), blitz)

    def why_not(self) -> str | None:
        if self.game is None:
            return _("no game")
        return self.game.program_problem(self.program(), self.side)

    def set_entry(self, row: int, k: int, entry: str) -> None:
        """Press the button of ``entry`` (F B L R S) for pyramid ``k`` in ``row``."""
        group = self.groups[row][k]
        assert group is not None
        for button in group.buttons():
            if button.text() == entry:
                button.click()

    # ---- edits ---------------------------------------------------------------------------

    def _on_button(self, _button: object, checked: bool) -> None:
        if checked:
            self._edited()

    def _on_text(self) -> None:
        self.apply_text()

    def apply_text(self) -> str | None:
        """Set the program typed in the notation box if it differs from the buttons' (the
        buttons follow); a sentence saying what is wrong with it, else None. A typed
        program the buttons cannot show (illegal here, or a pass or special this side has
        not) changes nothing: the buttons keep the player's program, the box keeps the
        text to correct and the reason shows under it."""
        text = self.text.text().strip()
        before = self.program()
        if text == str(before):
            return None
        try:
            program = parse_program(text)
            problem = self.game.program_problem(program, self.side) if self.game else _("no game")
        except InvalidMoveError as exc:
            problem = str(exc)
        else:
            if problem is None:
                self.set_program(program)
                if str(self.program()) == str(program):
                    return None
                problem = _("the editor offers no such pass or special move here")
                self.set_program(before)  # the buttons as they were
                self.text.setText(text)
            problem = f"{program}: {problem}"
        self.problem.setText(_("{problem}. The buttons keep your program.").format(problem=problem))
        self.problem.setVisible(True)
        return problem

    def _edited(self) -> None:
        if self._quiet:
            return
        program = self.program()
        self.text.setText(str(program))
        problem = self.why_not()
        self.problem.setText(problem or "")
        self.problem.setVisible(bool(problem))
        self.submit.setEnabled(problem is None)
        if not self._loading:
            self._changed()


class PageStack(QStackedWidget):
    """A stack whose height is its current page's: a covered Program dock takes the room of
    its one sentence, and the Turn dock below gets the rest. Its width is its widest page's,
    so the dock column keeps its width when a program is handed in and its editor covered."""

    def sizeHint(self) -> QSize:
        if self.currentWidget() is None:
            return super().sizeHint()
        return self._size([page.sizeHint() for page in self._pages()])

    def minimumSizeHint(self) -> QSize:
        if self.currentWidget() is None:
            return super().minimumSizeHint()
        return self._size([page.minimumSizeHint() for page in self._pages()])

    def _pages(self) -> list[QWidget]:
        return [page for i in range(self.count()) if (page := self.widget(i)) is not None]

    def _size(self, sizes: list[QSize]) -> QSize:
        """The widest page's width, the current page's height."""
        return QSize(max(s.width() for s in sizes), sizes[self.currentIndex()].height())


class NotationEdit(QLineEdit):
    """The notation box: Enter sets the typed program (the window's Return shortcut, Finish
    turn, must not take the key while the box has the focus)."""

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            event.accept()  # the key comes to the box as a key press
            return True
        return super().event(event)


class ProgramDock(QDockWidget):
    """One player's program: the editor, or a cover hiding it (with a hand-over button)."""

    def __init__(self, side: int, changed: Callable[[], None], parent: QWidget | None = None):
        colour = COLOURS[side]
        super().__init__(_("{player}'s program").format(player=colour_name(colour)), parent)
        self.setObjectName(f"program-dock-{colour}")
        self.side = side
        self.stack = PageStack(self)
        self.stack.currentChanged.connect(self._on_page_changed)
        self.editor = ProgramEditor(side, changed, self.stack)
        cover = QWidget(self.stack)
        box = QVBoxLayout(cover)
        self.cover_text = QLabel(cover)
        self.cover_text.setWordWrap(True)
        self.cover_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addStretch(1)
        box.addWidget(self.cover_text)
        said = _("I am {player}: show my program").format(player=colour_word(colour))
        self.hand_over = QPushButton(said, cover)
        box.addWidget(self.hand_over)
        box.addStretch(1)
        self.stack.addWidget(self.editor)
        self.stack.addWidget(cover)
        self.choice_page = QWidget(self.stack)
        box = QVBoxLayout(self.choice_page)
        self.choice_text = QLabel(self.choice_page)
        self.choice_text.setWordWrap(True)
        box.addWidget(self.choice_text)
        #: special move -> its button (the chooser takes it) and the line saying what it
        #: does; those already gained are hidden
        self.choice_buttons: dict[str, QPushButton] = {}
        self.choice_lines: dict[str, QLabel] = {}
        for name in SPECIALS:
            title, what = SPECIAL_WORDS[name]
            button = QPushButton(_("Take {special}").format(special=title), self.choice_page)
            button.setObjectName(f"{colour}-take-{name}")
            said = _("{special}: {what} (used once, when a program makes use of it)")
            button.setToolTip(said.format(special=title, what=_(what)))
            line = QLabel(_(what), self.choice_page)
            line.setWordWrap(True)
            line.setIndent(12)
            box.addWidget(button)
            box.addWidget(line)
            self.choice_buttons[name] = button
            self.choice_lines[name] = line
        box.addStretch(1)
        self.stack.addWidget(self.choice_page)
        self.setWidget(self.stack)
        self.use_hint = self.editor.use_hint
        # Covered until the game's turn opens one editor: both open as the docks came made
        # the window grow for two editors' height.
        self.cover("")

    @property
    def editing(self) -> bool:
        return self.stack.currentIndex() == 0

    def _on_page_changed(self, _index: int) -> None:
        self.stack.updateGeometry()
        QTimer.singleShot(0, self, self._fit)  # once the layout took the new page

    def _fit(self) -> None:
        """The new page needs more room than the dock has (its wrapped sentences were cut
        in half): the dock takes it from its neighbours in the column."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or not self.isVisible() or self.isFloating():
            return
        page = self.stack.currentWidget()
        if page is None:
            return
        width = self.stack.width()
        layout = page.layout()
        need = (
            layout.heightForWidth(width)
            if layout is not None and layout.hasHeightForWidth()
            else page.sizeHint().height()
        )
        if self.stack.height() < need:
            extra = self.height() - self.stack.height()  # the title bar
            window.resizeDocks([self], [need + extra], Qt.Orientation.Vertical)

    def show_editor(self) -> None:
        self.stack.setCurrentIndex(0)

    def show_hint_words(self, words: str) -> None:
        """The engine's words on the hint under the editor ('': none); the dock takes the
        room they need (their three lines squashed the rows of buttons to 12 px)."""
        label = self.editor.hint_words
        if words == label.text() and bool(words) != label.isHidden():
            return
        label.setText(words)
        label.setVisible(bool(words))
        # as tall as its lines at the editor's width: the dock's least height then holds
        # them and the rows (Qt's dock column counts a wrapped label as one line)
        layout = self.editor.layout()
        width = layout.contentsRect().width() if layout is not None else 0
        label.setMinimumHeight(label.heightForWidth(width) if words and width > 0 else 0)
        self._on_page_changed(self.stack.currentIndex())

    def cover(self, text: str, hand_over: bool = False) -> None:
        changed = text != self.cover_text.text() or hand_over != self.hand_over.isVisible()
        self.cover_text.setText(text)
        self.hand_over.setVisible(hand_over)
        if self.stack.currentIndex() != 1:
            self.stack.setCurrentIndex(1)
        elif changed:
            self._on_page_changed(1)  # a longer sentence may need more room

    @property
    def choosing(self) -> bool:
        return self.stack.currentWidget() is self.choice_page

    def show_choices(self, text: str, left: list[str], hint: str | None = None) -> None:
        """The choice page: ``text`` above a button per special move ``left`` to take
        (the hinted one marked)."""
        self.choice_text.setText(text)
        for name, button in self.choice_buttons.items():
            button.setVisible(name in left)
            self.choice_lines[name].setVisible(name in left)
            title = SPECIAL_WORDS[name][0]
            said = _("Take {special}  (the hint)") if name == hint else _("Take {special}")
            button.setText(said.format(special=title))
        if self.stack.currentWidget() is not self.choice_page:
            self.stack.setCurrentWidget(self.choice_page)
        else:
            self._on_page_changed(2)


#: What the replay's pyramid codes mean, under the Turn dock's lines.
CODES_LEGEND = N_(
    "Codes: O offence, D defence; L Large, M Medium, S Small (OL: the Large pyramid of the "
    "side on offence). Programs: rows split by /, each row's entries Large,Medium,Small; "
    "F forward, B back, L left, R right, S stand; >L, >M, >S: stand and pass the ball to "
    "that pyramid; a fourth row is the Dash, a leading ! the Blitz; | parts red's program "
    "from blue's."
)
_CODE = re.compile(r"\b([OD])([LMS])\b")
#: a pyramid's code in words: the side and the size (OL: offence's Large)
_SPELLED = {
    ("O", "L"): N_("offence's Large"),
    ("O", "M"): N_("offence's Medium"),
    ("O", "S"): N_("offence's Small"),
    ("D", "L"): N_("defence's Large"),
    ("D", "M"): N_("defence's Medium"),
    ("D", "S"): N_("defence's Small"),
}


def spelled(line: str) -> str:
    """``line`` with its pyramid codes in words (OL: offence's Large)."""
    return _CODE.sub(lambda m: _(_SPELLED[(m.group(1), m.group(2))]), line)


class TurnDock(QDockWidget):
    """Whose program is awaited, the one-minute timer, and the rows of the last turn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Turn"), parent)
        self.setObjectName("ball-turn-dock")
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.state = QLabel(body)
        self.state.setWordWrap(True)
        layout.addWidget(self.state)
        timer_row = QHBoxLayout()
        self.timer = QCheckBox(_("One-minute timer"), body)
        self.timer.setToolTip(
            _("the sheet's timer: a program is handed in as it stands when its minute is up")
        )
        timer_row.addWidget(self.timer)
        self.clock = QLabel(body)
        timer_row.addWidget(self.clock, 1)
        layout.addLayout(timer_row)
        steps = QHBoxLayout()
        self.first = QPushButton("|<", body)
        self.back = QPushButton(_("< Row"), body)
        self.forward = QPushButton(_("Row >"), body)
        self.last = QPushButton(">|", body)
        self.first.setToolTip(_("before the last turn's first row"))
        self.back.setToolTip(_("the row before ([)"))
        self.forward.setToolTip(_("the next row (])"))
        self.last.setToolTip(_("the position now"))
        for button in (self.first, self.back, self.forward, self.last):
            steps.addWidget(button)
        layout.addLayout(steps)
        self.row_title = QLabel(body)
        layout.addWidget(self.row_title)
        self.lines = QListWidget(body)
        self.lines.setAccessibleName(_("The row's account"))
        self.lines.setWordWrap(True)
        # a row's lines (every pyramid, the pass, events) where the column has room, at
        # least four: the account a player reads after a turn, first (in view unscrolled)
        self.lines.setMinimumHeight(4 * self.lines.fontMetrics().lineSpacing() + 12)
        layout.addWidget(self.lines, 1)
        # the replay's codes spelled out under them (each line's tooltip says it too)
        self.codes = QLabel(_(CODES_LEGEND), body)
        self.codes.setWordWrap(True)
        self.codes.setStyleSheet("color: #555;")
        layout.addWidget(self.codes)
        self.setWidget(ScrolledBody(body))  # all of it where there is room, else scrolled
        self.back_key = QShortcut(QKeySequence("["), body)
        self.forward_key = QShortcut(QKeySequence("]"), body)
        for key in (self.back_key, self.forward_key):
            key.setContext(Qt.ShortcutContext.WindowShortcut)

    def rows_shown(self) -> None:
        """The rows changed: :meth:`claim_room` once they are laid out."""
        QTimer.singleShot(0, self, self.claim_room)

    def claim_room(self) -> None:
        """The room the body asks (its rows and the codes whole), taken from the column's
        other docks down to their least: after a turn the covered Program docks kept the
        room their editors had had, and the rows list was squeezed to 4 of its 8 rows,
        the codes cut at the window's bottom. Called once the rows are laid out."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or not self.isVisible() or self.isFloating():
            return
        scroll = self.widget()
        if scroll is None:
            return
        need = scroll.sizeHint().height() + self.height() - scroll.height()
        if self.height() < need:
            window.resizeDocks([self], [need], Qt.Orientation.Vertical)
