"""Rolling Pyramids' record docks: **Faction boards** (one tab per player: written
numbers, crossed-off spaces, upgrades, points) and **Fights** (every round's fights with
their arithmetic)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDockWidget, QTabWidget, QTextBrowser

from pyramid_lab.i18n import N_, _
from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.setup import start_copy

from ...widgets.names import colour_word
from .panels import sheet_html


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
            text = sheet_html(game, p, box if p == mover else None)
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
            items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
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
