"""What a game gives the window: its board, the frame of a position, status and hover
text, a turn builder for clicks, and optional docks and overlays.

A :class:`GameUI` lives as long as the window shows a game of its kind; it is told of each
new position by :meth:`GameUI.turn` (one :class:`viewer.lab.turn_builder.TurnBuilder` per
position). It reaches the window only through the small :class:`Host` protocol. Its hooks
come in groups by concern, each a part it is made of: the board's sites
(:class:`viewer.lab.game_sites.BoardSites`), the hint drawn
(:class:`viewer.lab.game_sites.HintDrawing`) and its words
(:class:`viewer.lab.game_words.GameWords`); the turn, the frame, the simultaneous nodes
and the docks are its own.

This module imports no Qt, nor does a game's UI module when it is imported (its docks'
widgets are imported where they are made): the classroom (``viewer/classroom/``), which
runs with no Qt, draws a game's board from its UI's geometry and frames and takes clicks
through its turn builder, as the window does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Game, Move

from .events import PositionChange
from .frame import Frame, Vanish
from .game_sites import BoardSites, HintDrawing
from .game_words import GameWords
from .turn_builder import Turn, TurnAnswer

#: The window's name for its controls beside the board (:attr:`GameUI.controls`).
TURN_DOCK = M_("the Turn dock")


#: Said under the title of an English rules page shown in another language
NOT_TRANSLATED = N_("This page is not translated into your language yet: here it is in English.")
#: Said in place of a rules page that cannot be read
UNREADABLE = N_("The rules page could not be read: {error}.")


def rules_page(folder: Path, name: str, language: str | None = None) -> str:
    """The rules page in ``folder`` in ``language`` (as :func:`i18n.resolve` takes it,
    ``de_AT.UTF-8``: German; the process's where None): ``rules.<lang>.md``, else
    ``rules.md``, the English, with a line under its title in ``language`` that says so
    (once: the title stays the page's first line). English reads ``rules.md`` as it is."""
    chosen = i18n.resolve(i18n.current() if language is None else language)
    words = i18n.translations(chosen)
    own = folder / f"rules.{chosen}.md"
    try:
        if chosen != i18n.ENGLISH and own.is_file():
            return own.read_text(encoding="utf-8")
        text = (folder / "rules.md").read_text(encoding="utf-8")
    except OSError as exc:
        said = words.gettext(UNREADABLE).format(error=exc)
        return f"# {name}\n\n{said}"
    if chosen == i18n.ENGLISH:
        return text
    title, *rest = text.split("\n", 1)  # (the title stays the first line)
    return f"{title}\n\n*{words.gettext(NOT_TRANSLATED)}*\n{''.join(rest)}"


class Clock(Protocol):
    """An animation's clock as a game UI uses it (:class:`viewer.desktop.animation.Animation`)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def progress(self) -> float: ...


class Host(Protocol):
    """The window as a game UI sees it."""

    @property
    def game(self) -> Game: ...

    def redraw(self) -> None: ...

    def show_message(self, text: str) -> None: ...

    def apply_position(self, game: Game, message: str) -> None:
        """Replace the position by ``game`` (undoable, like a set-up)."""

    def animation(self, seconds: float, step: Callable[[float], object]) -> Clock:
        """A started clock stepping ``step`` (the window's
        :class:`viewer.desktop.animation.Animation`)."""

    def setup_active(self) -> bool: ...

    def consider_computer(self) -> None:
        """The UI no longer asks the computer to wait (:meth:`GameUI.computer_waits`): it
        starts if it is to move."""

    def secrets_changed(self) -> None:
        """Whose secrets may be shown changed (a hot-seat hand-over): the Moves dock's
        hidden moves (:meth:`GameUI.hidden_moves`) and the board follow."""

    def computer_players(self) -> Mapping[str, str]:
        """colour -> level of the colours the computer plays now (at a simultaneous node
        none while it is stopped: the humans make its parts of the turn)."""

    @property
    def controls(self) -> str:
        """Where the host lets a player choose what a click cannot say (its words:
        :attr:`GameUI.controls`)."""

    def finish_turn(self) -> None:
        """Finish turn, as the menu's item: the window plays what the turn builder's
        ``finish`` gives (a UI's own button that completes a turn)."""


class GameUI(BoardSites[Turn], HintDrawing[Turn], GameWords[Turn]):
    """Base class of the game UIs: defaults for a game whose pieces are placed by clicks.
    ``Turn``: the game's turn builder (what :meth:`turn` makes and the other methods get
    back); a UI taken by the window or a tool is a ``GameUI`` of any turn."""

    game_name: ClassVar[str]  # the model's registry name
    board_kind: ClassVar[str]  # a key of viewer.boards.BOARD_VIEWS
    piece_word: ClassVar[str] = "pieces"  # what the pieces are called: balls, spheres, stones
    #: Overlay names this UI draws (a game's lesson overlays), off by default.
    overlay_names: ClassVar[tuple[str, ...]] = ()
    #: Every move puts one piece on an empty site of its own (``move_sites``), so the
    #: Analysis dock shows the moves' win rates as a heat map on the sites; in games whose
    #: moves go from site to site, or share sites, it keeps to its ranked list.
    heat_map: ClassVar[bool] = False
    #: Lines the legend may gain during a turn (a planned track's): the board is framed
    #: with room for them beside it, so the camera stays still as they come and go.
    legend_room: ClassVar[int] = 0

    def __init__(self, host: Host | None = None) -> None:
        self.host = host

    @property
    def controls(self) -> str:
        """Where the host lets a player choose what a click on the board cannot say (the
        window's Turn dock; the classroom's page lists the moves): named in what the
        game's words ask of the player."""
        return self.host.controls if self.host is not None else TURN_DOCK

    @classmethod
    def rules(cls, language: str | None = None) -> str:
        """The game's rules in our own words, shown in Help: the Markdown page beside the
        UI's module (``viewer/games/<name>/rules.md``, English; ``rules.<lang>.md`` in
        another language), in ``language`` (the process's where None): :func:`rules_page`."""
        module = sys.modules[cls.__module__].__file__
        assert module is not None
        return rules_page(Path(module).parent, cls.game_name, language)

    # ---- a position ---------------------------------------------------------------------

    def turn(self, game: Game) -> Turn:
        """The click handling for ``game``'s position."""
        raise NotImplementedError

    def frame(self, game: Game, turn: Turn) -> Frame:
        """The picture of the position with the turn built so far."""
        raise NotImplementedError

    # ---- simultaneous nodes (every side hands in a part of a joint move) -----------------

    def waiting_sides(self, game: Game, turn: Turn) -> tuple[int, ...]:
        """The sides whose part of the joint move ``turn`` still waits for (the computer
        makes those it plays); every side by default."""
        return tuple(range(len(game.players)))

    def computer_waits(self, game: Game) -> bool:
        """The computer should not start its parts yet (the UI shows something first and
        calls ``host.consider_computer()`` when it is done)."""
        return False

    def moot(self, game: Game) -> Move | None:
        """A decision of the human to move that changes nothing, which the window makes
        for them right after their move (Rolling Pyramids' last-round soldiers: the game
        ends); None (the default): each is theirs to make."""
        return None

    def setup_changed(self) -> None:
        """Set-up mode began or ended (``host.setup_active()`` says which)."""

    def players_changed(self) -> None:
        """Who plays which colour changed, or the computer started or ended its parts
        (docks that say so follow)."""

    def take_seat(self) -> None:
        """The player deciding sits at the screen (a hot seat's hand-over done: Rolling's
        "I am <colour>"; a classroom's page is its student's own): nothing by default."""

    def click(self, game: Game, turn: Turn, site: int) -> TurnAnswer:
        """A click on ``site`` outside set-up mode (the turn builder decides by default)."""
        return turn.click(site)

    def vanishing(self, game: Game) -> list[Vanish]:
        """Pieces the last move removed, for the board to show leaving."""
        return []

    # ---- overlays, lessons and docks ----------------------------------------------------

    def set_overlays(self, values: Mapping[str, object]) -> None:
        """Show these overlays (a lesson's, or render's options); the others go off. A UI
        with overlays overrides this after calling it (it checks the names)."""
        unknown = sorted(set(values) - set(self.overlay_names))
        if unknown:
            raise ValueError(f"no overlay {', '.join(unknown)} for this game")

    def docks(self) -> Sequence[object]:
        """Docks this game adds to the window (Qt dock widgets, made once per UI: the lab
        imports no Qt, the window takes them as its own, ``viewer.desktop.docks``)."""
        return []

    def dock_tabs(self) -> Sequence[Sequence[object]]:
        """Docks of :meth:`docks` that share one place as tabs, each group with the tab
        shown first first (the window's side would be too tall for all of them)."""
        return []

    def position_changed(self, game: Game, reason: PositionChange) -> None:
        """A new position is shown (a move, undo, a file); docks follow it."""

    def prompt(self) -> str:
        """A prompt of the UI's own (an animation running), before the turn's prompt."""
        return ""

    def busy(self) -> str:
        """'' or why clicks wait (an animation of the UI's own is running)."""
        return ""

    def close(self) -> None:
        """The window leaves this game: stop timers, drop docks."""


#: A game UI of any turn: what the board on show, its modes and the front ends take.
UI = GameUI[Any]
