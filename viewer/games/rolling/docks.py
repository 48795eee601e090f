"""Rolling Pyramids' docks: **Turn** (the dice pool and the choices of the decision at
hand, in a list, :class:`ChoiceList`, the one part of the dock that scrolls), **Faction
boards** (one tab per player: written numbers, crossed-off spaces, upgrades, points) and
**Fights** (each round's fights with their arithmetic). One module: the game's Qt docks,
one concept (their Qt-free panels and words are ``panels.py`` and ``words.py``)."""

from __future__ import annotations

import dataclasses
import html
from typing import Any, Protocol

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QTabWidget,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import M_, N_, _, ngettext, shown
from pyramid_lab.model.game import CHANCE, Game, Move
from pyramid_lab.model.rolling import (
    DONE,
    Cross,
    Deploy,
    Develop,
    Place,
    RollingPyramids,
    Soldiers,
    StartArea,
    Take,
)
from pyramid_lab.model.setup import start_copy
from pyramid_lab.model.teaching import describe_result

from ...widgets.dock_fit import ScrolledBody
from ...widgets.names import colour_word
from ...widgets.slots import slot
from .panels import die_colour, die_text, rgb_of, sheet_html
from .words import (
    PLACE_WORDS,
    box_words,
    crossed_number,
    move_help,
    move_words,
    phase_help,
    phase_word,
    slot_box,
    take_help,
    take_words,
    unit_help,
)

CHOICE = Qt.ItemDataRole.UserRole
#: The faction board's box a row of the Turn dock belongs to (its heading's name).
BOX = Qt.ItemDataRole.UserRole + 1
#: The most rows the Turn dock's list asks room for (a draft's 37 places and headings).
MAX_CHOICE_ROWS = 48
#: The rows the list asks room for whatever it holds now: the dock column is shared out
#: when the game comes (a start area to click), and a draft's choices come later.
ASK_CHOICE_ROWS = 40
#: The least rows the list keeps: below it the dock scrolls as a whole (a short screen).
MIN_CHOICE_ROWS = 4


class ChoiceList(QListWidget):
    """The Turn dock's choices: the one part of the dock that scrolls. It asks for the
    height of its rows (up to :data:`MAX_CHOICE_ROWS`) and takes what the dock has left
    after the heading, the words and the dice pool, down to :data:`MIN_CHOICE_ROWS` rows:
    only below that (a short screen) does the dock scroll as a whole. (It was made as tall
    as all its rows, inside the dock's scrolled body: two nested scroll bars, and 2 to 8 of
    a draft's 37 choices in sight; issue 59, item 5.)"""

    def _rows(self, count: int) -> int:
        line = self.fontMetrics().lineSpacing()
        return sum(max(self.sizeHintForRow(i), line) for i in range(count))

    def _frame(self) -> int:
        return 2 * self.frameWidth() + 4

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        height = min(max(self._rows(self.count()), ASK_CHOICE_ROWS * line), MAX_CHOICE_ROWS * line)
        return QSize(super().sizeHint().width(), height + self._frame())

    def minimumSizeHint(self) -> QSize:
        line = self.fontMetrics().lineSpacing()
        return QSize(super().minimumSizeHint().width(), MIN_CHOICE_ROWS * line + self._frame())

    def add_choice(self, text: str, data: tuple[str, Any], tip: str = "", box: str = "") -> None:
        """A choice: ``data`` is what a click on it makes; ``box`` its faction board box."""
        item = QListWidgetItem(text)
        item.setData(CHOICE, data)
        if box:
            item.setData(BOX, box)
        if tip:
            item.setToolTip(tip)
        self.addItem(item)

    def add_heading(self, box: str, said: str) -> None:
        """A heading row: the faction board's box the choices below write in (``box``: its
        name, what the board marks it by; ``said``: that name in the window's words)."""
        item = QListWidgetItem(said)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        item.setForeground(QColor(40, 40, 40))
        item.setData(BOX, box)
        tip = _(
            "the places below write the die in {box} of your faction board (a place hovered "
            "shows its box marked there)"
        )
        item.setToolTip(tip.format(box=said))
        self.addItem(item)

    def add_note(self, text: str) -> None:
        """A row of words that takes no click."""
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setForeground(QColor(110, 110, 110))
        self.addItem(item)


class RollingTurn(Protocol):
    """The turn being built, as the Turn dock shows it (the package's ``RollingTurn``)."""

    die: int | None  # index into the state's dice
    unit: str | None
    device: str | None

    def ask(self) -> str: ...


class Seats(Protocol):
    """Who decides, as the docks ask (the package's ``seats.Seats``)."""

    def human_to_move(self, game: Game) -> bool: ...

    def hand_over(self, game: RollingPyramids) -> str | None: ...


class RollingUI(Protocol):
    """What the docks ask of the game UI (the package's ``RollingUI``, which makes them:
    they name it through this protocol, not by importing the package)."""

    @property
    def seats(self) -> Seats: ...

    def setup_active(self) -> bool: ...

    def take_seat(self) -> None: ...

    def play(self, move: Move) -> None: ...

    def choose(
        self, *, die: int | None = None, unit: str | None = None, device: str | None = None
    ) -> None: ...

    def show_message(self, text: str) -> None: ...

    def show_box(self, box: str | None) -> None: ...


def die_words(sides: int, value: int | None, taker: str | None) -> str:
    """A die's button's words: "d4: 3", a taken one's taker on a second line."""
    text = shown(die_text(sides, value))
    if taker is None:
        return text
    return text + "\n" + shown(M_("taken by {player}", player=colour_word(taker)))


def pool_width(widget: QWidget) -> int:
    """The most the dice pool's row takes: some 60 letters."""
    return 60 * widget.fontMetrics().averageCharWidth()


class TurnDock(QDockWidget):
    """The dice pool (a button per die; taken dice say who took them) and a list of the
    choices of the decision at hand; a click on a choice makes it."""

    def __init__(self, ui: RollingUI) -> None:
        super().__init__(_("Turn"))
        self.setObjectName("rolling-turn")
        self.ui = ui
        body = QWidget()
        self.body_layout = layout = QVBoxLayout(body)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        # two lines kept: the pool below stays put as the heading goes from two lines ("take
        # a die ...") to one ("choose where ...") and back (a click aimed at a die landed
        # between two)
        self.heading.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.heading.setMinimumHeight(2 * self.heading.fontMetrics().lineSpacing())
        layout.addWidget(self.heading)
        # each kind of choice of the phase in plain words (the faction board's jargon)
        # (one click away, so that the choices have the room: each choice's tooltip
        # says what it is too)
        self.about = QToolButton()
        self.about.setText(_("What these choices mean"))
        self.about.setCheckable(True)
        self.about.setAutoRaise(True)
        self.about.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.about.setArrowType(Qt.ArrowType.RightArrow)
        self.about.toggled.connect(self._show_help)
        layout.addWidget(self.about)
        self.help = QLabel()
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: rgb(90, 90, 90);")
        self.help.setVisible(False)
        layout.addWidget(self.help)
        self.pool_label = QLabel(_("Dice pool"))
        self.pool = QGridLayout()
        # its rows close together, under their label: three rows of dice (as many a row
        # as pool_width holds) took a fourth of the draft's list at 1280x800, 11 of its
        # places in sight
        self.pool.setVerticalSpacing(2)
        self.pool.addWidget(self.pool_label, 0, 0, 1, -1)
        layout.addLayout(self.pool)
        self.dice: list[QPushButton] = []
        # The pool's width, kept while it is hidden (no height, no spacing: a spacer is an
        # empty item), so that the dock column does not widen when the draft comes
        self.pool_room = QSpacerItem(0, 0, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        layout.addSpacerItem(self.pool_room)
        self._room_for: tuple[str, ...] | None = None  # the players it was measured for
        self.columns = 4  # dice to a row of the pool (as many as its room holds)
        self.choices = ChoiceList()
        self.choices.setAccessibleName(_("Choices"))
        self.choices.setWordWrap(True)  # long choices wrap: no sideways scrolling
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.choices.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.choices.itemClicked.connect(self._chosen)
        self.choices.itemActivated.connect(self._chosen)
        self.choices.setMouseTracking(True)  # hovering a choice shows its box
        self.choices.itemEntered.connect(self._hovered)
        layout.addWidget(self.choices, 1)
        self.seat = QPushButton()  # hot seat: "I am blue" before the secret deployment
        self.seat.clicked.connect(lambda _c=False: ui.take_seat())
        self.seat.setVisible(False)
        layout.addWidget(self.seat)
        self.done = QPushButton(_("Done (Finish turn)"))
        self.done.clicked.connect(self._done)
        layout.addWidget(self.done)
        # Its width steady whatever the heading says; all of it where the window has the
        # room, scrolled where it has not (its contents' least height, the pool's rows of
        # dice over the draft's choices, grew the window past a 1000-pixel screen's edge)
        self.setWidget(ScrolledBody(body))

    def _keep_pool_room(self, game: RollingPyramids) -> None:
        """Room for the dice pool at its widest: each die as wide as the widest text a die
        of this game can show (a taken one on two lines: "d8: 8" over "taken by yellow"),
        in either style, and as many to a row (up to four) as :func:`pool_width` allows: a
        four-player game's pool of four dice a row in one line each widened the window past
        a 1400-pixel screen and kept it so (issue 109 item 3)."""
        players = tuple(game.players)
        if players == self._room_for:
            return
        self._room_for = players
        sample = QPushButton()
        widest = 0
        for sides, value in ((4, 8), (8, 8), (4, None), (8, None)):
            for taker in (None, *players):
                for style in ("background: rgb(0,0,0); color: white;", "color: gray;"):
                    sample.setText(die_words(sides, value, taker))
                    sample.setStyleSheet(style)
                    widest = max(widest, sample.minimumSizeHint().width())
        sample.deleteLater()
        spacing = max(self.pool.horizontalSpacing(), 0)
        room = pool_width(self)
        self.columns = max(1, min(4, (room + spacing) // (widest + spacing)))
        fixed = QSizePolicy.Policy.Fixed
        width = self.columns * widest + (self.columns - 1) * spacing
        self.pool_room.changeSize(width, 0, fixed, fixed)
        self.body_layout.invalidate()

    def refresh(self, game: RollingPyramids, turn: RollingTurn) -> None:
        ui = self.ui
        self._keep_pool_room(game)
        for button in self.dice:
            self.pool.removeWidget(button)
            button.hide()  # out of the layout: it would stay drawn where it was until deleted
            button.deleteLater()
        self.dice = []
        s = game.state
        human = ui.seats.human_to_move(game) and not ui.setup_active()
        drafting = game.phase == "draft" and human
        for index, die in enumerate(s.dice):
            colour = die_colour(game, die.owner)
            taker = None if die.taker is None else game.players[die.taker]
            button = QPushButton(die_words(die.sides, die.value, taker))
            button.setCheckable(True)
            button.setChecked(turn.die == index)
            r, g, b = rgb_of(colour)
            taken = die.taker is not None
            ink = "black" if colour in ("yellow", "grey") else "white"
            style = f"background: rgb({r},{g},{b}); color: {ink};"
            if taken:
                style = "color: gray;"
            button.setStyleSheet(style)
            said = _("a {colour} d{sides} (taken)") if taken else _("a {colour} d{sides}")
            button.setToolTip(said.format(colour=colour_word(colour), sides=die.sides))
            button.setEnabled(drafting and not taken)
            button.clicked.connect(lambda _c=False, i=index: self._take_die(i))
            self.pool.addWidget(button, 1 + index // self.columns, index % self.columns)
            self.dice.append(button)
        pool = bool(s.dice) and game.phase == "draft"  # after the draft: on the sheets
        self.pool_label.setVisible(pool)
        for button in self.dice:
            button.setVisible(pool)
        seat = ui.seats.hand_over(game) if human else None
        self.seat.setVisible(seat is not None)
        self.choices.setVisible(seat is None)
        if seat is not None:
            who = colour_word(seat)
            self.seat.setText(_("I am {player}: show my orders").format(player=who))
            said = _("{player} deploys in secret: the others look away until the fights")
            self.seat.setToolTip(said.format(player=who))
            said = _(
                "Hand over to {bold}: {player} deploys in secret; the others look away, and "
                "{player} clicks below."
            )
            self.heading.setText(said.format(bold=f"<b>{who}</b>", player=who))
            self.choices.clear()
            self.help.setVisible(False)
            self.about.setVisible(False)
            self.done.setEnabled(False)
            return
        self.heading.setText(self._heading(game, turn, human))
        words = phase_help(game.phase) if human and not game.is_over() else ""
        self.help.setText(words)
        self.about.setToolTip(words)
        self.about.setVisible(bool(words))
        self.help.setVisible(bool(words) and self.about.isChecked())
        self._fill(game, turn, human)
        self._fit_choices()
        self.done.setEnabled(human and DONE in game.legal_moves())

    def _heading(self, game: RollingPyramids, turn: RollingTurn, human: bool) -> str:
        if game.is_over():
            over = _("Game over")
            return f"<b>{over}</b>: {html.escape(describe_result(game))}"
        node = game.current_player()
        if node == CHANCE:
            return _("The dice are rolled next: Finish turn (Enter) rolls them.")
        who = f"<b>{colour_word(game.to_move)}</b>"
        if not human:
            said = _("{player} (computer) is deciding: {phase}")  # (the phase in words)
            return said.format(player=who, phase=_(phase_word(game)))
        return _("{player}, your decision: {ask}").format(
            player=who, ask=html.escape(shown(turn.ask()))
        )

    def _fill(self, game: RollingPyramids, turn: RollingTurn, human: bool) -> None:
        self.choices.clear()
        if not human:
            return
        moves = game.legal_moves()
        phase = game.phase
        if phase == "draft":
            self._fill_draft(game, turn, moves)
        elif phase == "deploy":
            self._fill_deploy(game, turn, moves)
        elif phase == "cleanup":
            self._fill_cleanup(turn, moves)
        else:
            self._fill_decision(game, moves)

    def _fill_draft(self, game: RollingPyramids, turn: RollingTurn, moves: list[Move]) -> None:
        """The places the die taken may be written, grouped by the faction board's box,
        each box's name once (a heading row); hovering a choice shows its box on the board
        (Faction boards dock)."""
        if turn.die is None:
            self.choices.add_note(_("Take a die from the pool above."))
            return
        die = game.state.dice[turn.die]
        colour = die_colour(game, die.owner)
        mine = [
            m
            for m in moves
            if isinstance(m, Take)
            and (m.colour, m.sides, m.value) == (colour, die.sides, die.value)
        ]
        own = colour == game.to_move
        boxes: dict[str, list[Take]] = {}
        for take in mine:
            boxes.setdefault(slot_box(take.slot), []).append(take)
        for box, takes in boxes.items():
            self.choices.add_heading(box, shown(box_words(box)))
            for take in takes:
                words = take_words(take, own)
                chosen = dataclasses.replace(take, die=turn.die)  # that die, of equal ones
                said = f"    {shown(words)}"
                self.choices.add_choice(said, ("move", chosen), shown(take_help(take, own)), box)

    def _fill_deploy(self, game: RollingPyramids, turn: RollingTurn, moves: list[Move]) -> None:
        """The units to send (the map then takes the target's click)."""
        units: dict[str, list[Deploy]] = {}
        for m in moves:
            if isinstance(m, Deploy):
                units.setdefault(m.unit, []).append(m)
        strength = {u.name: u for u in game.units(game.current_player())}
        for name, targets in units.items():
            unit = strength.get(name)
            what = f"{name}: {unit.troops}" if unit is not None else name
            if unit is not None and unit.bomb:
                what = _("{unit} (a bomb: any space)").format(unit=what)
            mark = "▶ " if name == turn.unit else ""
            said = ngettext(
                "send {unit} ({count} places)", "send {unit} ({count} places)", len(targets)
            )
            self.choices.add_choice(
                mark + said.format(unit=what, count=len(targets)),
                ("unit", name),
                shown(unit_help(name, str(unit.troops), unit.bomb)) if unit is not None else "",
            )
        self.choices.add_note(_("Then click a marked space on the map."))

    def _fill_cleanup(self, turn: RollingTurn, moves: list[Move]) -> None:
        """The devices to place (the map then takes their hexes' clicks)."""
        kinds = list(dict.fromkeys(m.device for m in moves if isinstance(m, Place)))
        for kind in kinds:
            mark = "▶ " if kind == turn.device else ""
            self.choices.add_choice(mark + _(PLACE_WORDS.get(kind, kind)), ("device", kind))
        if kinds:
            self.choices.add_note(_("Then click the map: your space, then the neighbour it faces."))
        else:
            self.choices.add_note(_("No device to place: Done ends your cleanup."))

    def _fill_decision(self, game: RollingPyramids, moves: list[Move]) -> None:
        """Another phase's decisions (a start, develop, conquest, the new soldiers)."""
        for move in moves:
            if move != DONE and isinstance(move, Develop | Cross | Soldiers | StartArea):
                words = move_words(move, crossed_number(game, game.current_player(), move))
                self.choices.add_choice(shown(words), ("move", move), shown(move_help(move)))
        if game.phase == "develop" and DONE in moves:
            self.choices.add_note(_("Done keeps the unspent develop pairs for a later round."))
        if game.phase == "soldiers":
            board = game.map.cells
            waiting = [board[c] for c in game.state.soldiers]
            spaces = ", ".join(f"{cell.name} (+{cell.top})" for cell in waiting)
            total = sum(cell.top for cell in waiting)
            text = _("New soldiers wait on {spaces}: {total} in all.").format(
                spaces=spaces, total=total
            )
            if len(waiting) > 1:  # the rules ask one space at a time
                said = _(
                    "Space {space} is asked now, the other {count} after it (or 'all' decides "
                    "them at once)."
                )
                text += " " + said.format(space=waiting[0].name, count=len(waiting) - 1)
            self.choices.add_note(text)

    def _show_help(self, shown: bool) -> None:
        self.about.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.help.setVisible(shown and bool(self.help.text()))

    def _fit_choices(self) -> None:
        """The list asks for the height of its rows (the dock column gives what it can)."""
        self.choices.updateGeometry()

    @slot
    def _hovered(self, item: QListWidgetItem) -> None:
        """A choice hovered: its box shown on the mover's faction board."""
        box = item.data(BOX) if item is not None else None
        self.ui.show_box(box if isinstance(box, str) else None)

    def show_message(self, text: str) -> None:
        self.ui.show_message(text)

    def choice_texts(self) -> list[str]:
        """The rows' texts, the choices' and the notes', without the boxes' headings."""
        return [
            item.text().strip()
            for item in (self.choices.item(i) for i in range(self.choices.count()))
            if item.data(CHOICE) is not None or item.data(BOX) is None
        ]

    def choose_text(self, start: str) -> bool:
        """Make the first choice whose text starts with ``start`` (tests, keyboard)."""
        for i in range(self.choices.count()):
            item = self.choices.item(i)
            if item.text().strip().startswith(start) and item.data(CHOICE) is not None:
                self._chosen(item)
                return True
        return False

    @slot
    def _chosen(self, item: QListWidgetItem) -> None:
        data = item.data(CHOICE)
        if data is None:
            return
        kind, value = data
        if kind == "move":
            self.ui.play(value)
        elif kind == "unit":
            self.ui.choose(unit=value)
        elif kind == "device":
            self.ui.choose(device=value)

    @slot
    def _take_die(self, index: int) -> None:
        self.ui.choose(die=index)

    @slot
    def _done(self) -> None:
        self.ui.play(DONE)


class RollingDocks:
    def __init__(self, ui: RollingUI) -> None:
        self.turn = TurnDock(ui)
        self.sheets = SheetsDock()
        self.fights = FightsDock()

    def all(self) -> list[QDockWidget]:
        return [self.turn, self.sheets, self.fights]

    def refresh(self, game: RollingPyramids, turn: RollingTurn) -> None:
        self.turn.refresh(game, turn)
        self.sheets.refresh(game)
        self.fights.refresh(game)


class SheetsDock(QDockWidget):
    """Each player's faction board, one tab each."""

    def __init__(self) -> None:
        super().__init__(_("Faction boards"))
        self.setObjectName("rolling-sheets")
        self.tabs = QTabWidget()
        self.pages: dict[str, QTextBrowser] = {}
        self.setWidget(self.tabs)

    def refresh(self, game: RollingPyramids, box: str | None = None) -> None:
        """Each board as the game stands; ``box`` (a choice hovered): that box of the
        mover's board shown marked."""
        if list(self.pages) != list(game.players):
            self.tabs.clear()
            self.pages = {}
            for colour in game.players:
                page = QTextBrowser()
                self.pages[colour] = page
                self.tabs.addTab(page, colour_word(colour))
        mover = game.current_player()
        for p, colour in enumerate(game.players):
            page = self.pages[colour]
            text = sheet_html(game, p, box if p == mover else None).said_in(None)
            if page.property("sheet") != text:  # (a move changes a board or two: laid out anew)
                page.setProperty("sheet", text)
                page.setHtml(text)
            if box is not None and p == mover:
                page.scrollToAnchor("marked")  # the box in sight
        if game.current_player() >= 0:
            self.tabs.setCurrentIndex(game.current_player())

    def text(self, colour: str) -> str:
        return self.pages[colour].toPlainText()


FIGHT_WORDS = N_(
    "Troops: {plain} plain units, {heroes} two heroes, {both} both. Each line is a space by "
    "its number: who takes or holds it and with what is left."
)


def fight_words() -> str:
    """The Fights dock's key to its figures, as rich text."""
    said = _(FIGHT_WORDS).format(plain="<i>5</i>", heroes="<i>2*</i>", both="<i>5+2*</i>")
    return f"<p style='color:#666666'><small>{said}</small></p>"


class FightsDock(QDockWidget):
    """Every round's fights, with their arithmetic, newest first."""

    def __init__(self) -> None:
        super().__init__(_("Fights"))
        self.setObjectName("rolling-fights")
        self.log = QTextBrowser()
        self.setWidget(self.log)
        self._key: tuple[int, int, object] | None = None  # the position shown
        self._log = FightLog()
        self._shown: list[tuple[int, tuple[str, ...]]] | None = None  # the rounds shown

    def refresh(self, game: RollingPyramids) -> None:
        key = (id(game), len(game.move_stack), game.position_key())
        if key == self._key:
            return
        self._key = key
        rounds = self._log.rounds(game)
        if rounds == self._shown:
            return  # (a long log laid out again on every move grew slower each round)
        self._shown = rounds
        if not rounds:
            none = _("No fights yet: they come after each deploy phase.")
            self.log.setHtml(f"<p>{none}</p>")
            return
        parts = []
        for number, lines in reversed(rounds):
            items = "".join(f"<li>{html.escape(shown(line))}</li>" for line in lines)
            none = _("no fight")
            heading = _("Round {number}").format(number=number)
            parts.append(f"<h4>{heading}</h4><ul>{items or f'<li>{none}</li>'}</ul>")
        parts.append(fight_words())
        self.log.setHtml("".join(parts))

    def text(self) -> str:
        return self.log.toPlainText()


def fight_log(game: RollingPyramids) -> list[tuple[int, tuple[str, ...]]]:
    """(round, the resolution's lines) for each deploy phase resolved so far, replayed
    from the start of the game's history."""
    replay = start_copy(game)
    out: list[tuple[int, int, tuple[str, ...]]] = []
    for move in game.move_stack:
        was_deploy, number, before = replay.phase == "deploy", replay.round, replay.state.fights
        replay.push(move)
        _log_move(out, len(replay.move_stack), number, was_deploy, before, replay)
    return _by_round(out)


def _log_move(
    rounds: list[tuple[int, int, tuple[str, ...]]],
    ply: int,
    number: int,
    was_deploy: bool,
    before: tuple[str, ...],
    replay: RollingPyramids,
) -> None:
    """The log after a move of round ``number`` (``ply``: the moves then played): a deploy
    phase resolved logs its lines; a later move of the round that adds to them (solo: the
    Pharaoh's walk, once the conquests are crossed off) logs the round's lines again,
    whole (an entry of its own: an undo of that move takes back that entry only)."""
    lines = replay.state.fights
    resolved = was_deploy and replay.phase != "deploy"
    if resolved or (lines != before and rounds and rounds[-1][1] == number):
        rounds.append((ply, number, lines))


def _by_round(
    rounds: list[tuple[int, int, tuple[str, ...]]],
) -> list[tuple[int, tuple[str, ...]]]:
    """(round, its lines) once a round: the lines its last entry logged."""
    out: list[tuple[int, tuple[str, ...]]] = []
    for _ply, number, lines in rounds:
        if out and out[-1][0] == number:
            out[-1] = (number, lines)
        else:
            out.append((number, lines))
    return out


class FightLog:
    """:func:`fight_log` kept move by move: a move played replays that move only, an undo
    or another line takes back only what differs (a long game replayed from its start on
    every move grew slower each move)."""

    def __init__(self) -> None:
        self._game: RollingPyramids | None = None  # the game followed (its start)
        self._replay: RollingPyramids | None = None
        self._rounds: list[tuple[int, int, tuple[str, ...]]] = []  # ply after, round, lines

    def rounds(self, game: RollingPyramids) -> list[tuple[int, tuple[str, ...]]]:
        replay = self._replay
        if replay is None or self._game is not game:
            replay = self._replay = start_copy(game)
            self._game = game
            self._rounds = []
        stack, done = game.move_stack, replay.move_stack
        common = 0
        while common < min(len(stack), len(done)) and stack[common] == done[common]:
            common += 1
        while len(done) > common:
            replay.pop()
        self._rounds = [r for r in self._rounds if r[0] <= common]
        for move in stack[common:]:
            was_deploy, number, before = replay.phase == "deploy", replay.round, replay.state.fights
            replay.push_search(move)
            _log_move(self._rounds, len(done), number, was_deploy, before, replay)
        return _by_round(self._rounds)
