"""Rolling Pyramids' docks: **Turn** (the dice pool and the choices of the decision at
hand), **Faction boards** (one tab per player) and **Fights** (each round's fights with
their arithmetic)."""

from __future__ import annotations

import dataclasses
import html
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from pyramid_lab.i18n import M_, _, ngettext, shown
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
from pyramid_lab.model.teaching import describe_result

from ...widgets.dock_fit import ScrolledBody
from ...widgets.names import colour_word
from ...widgets.slots import slot
from .choice_list import BOX, CHOICE, ChoiceList
from .panels import die_colour, die_text, rgb_of
from .record_docks import FightsDock, SheetsDock
from .texts import phase_word
from .words import (
    PLACE_WORDS,
    box_words,
    crossed_number,
    move_help,
    move_words,
    phase_help,
    slot_box,
    take_help,
    take_words,
    unit_help,
)


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
