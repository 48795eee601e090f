"""What a game gives the window: its board, the frame of a position, status and hover
text, a turn builder for clicks, and optional docks and overlays.

A :class:`GameUI` lives as long as the window shows a game of its kind; it is told of each
new position by :meth:`GameUI.turn` (one :class:`viewer.lab.turn_builder.TurnBuilder` per
position). It reaches the window only through the small :class:`Host` protocol. Its hooks
stand in one class, in sections by concern (a position, simultaneous nodes, docks, the
board's sites, the hint drawn, its words): :class:`GameUI`'s docstring says why.

This module imports no Qt, nor does a game's UI module when it is imported (its docks'
widgets are imported where they are made): the classroom (``viewer/classroom/``), which
runs with no Qt, draws a game's board from its UI's geometry and frames and takes clicks
through its turn builder, as the window does.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol

from pyramid_lab import i18n
from pyramid_lab.i18n import M_, N_
from pyramid_lab.model.game import Game, Move
from pyramid_lab.model.teaching import describe_result

from .events import PositionChange
from .frame import Frame, Marker, Vanish
from .game_words import ChoiceGroup, MoveForm, Panel
from .outcome_words import word
from .turn_builder import Turn, TurnAnswer
from .view_state import BoardGeometry

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


class GameUI(Generic[Turn]):
    """Base class of the game UIs: defaults for a game whose pieces are placed by clicks.
    ``Turn``: the game's turn builder (what :meth:`turn` makes and the other methods get
    back); a UI taken by the window or a tool is a ``GameUI`` of any turn.

    One concept, kept whole on purpose (issue 110), as python-chess keeps its ``Board``:
    it is the one face a game turns to its hosts, a set of hooks each with its default,
    and a new game is written by reading this class and overriding what differs. The
    hooks call each other across their sections (``describe`` names a site by
    ``site_name``, ``hint_frame`` draws ``move_sites``, ``played`` says ``move_said``,
    ``turn_status`` is ``status``), and every host (the window, the classroom, the
    command line's pictures) calls them on one object; its size is the number of
    questions a host asks of a game. Split into mixins, the same hooks were still one
    object's, found in three files; handed in as parts, each host would reach through
    a part to ask and each game would build its parts to answer. A game's UI is one
    class as well, its overrides together (Ball's and Rolling's sites and words too)."""

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

    # ---- simultaneous nodes (every side hands in a part of a joint move) ----------------

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

    # ---- the board and its sites --------------------------------------------------------
    # (a site is an int the board view knows; coordinates are a piece's in position files)

    def geometry(self, game: Game) -> BoardGeometry:
        """The geometry the board view is built on (the same object for the same board,
        so the view is kept)."""
        raise NotImplementedError

    def sites(self, game: Game) -> dict[int, str]:
        """The pieces on the board: site -> colour."""
        site_of = self.site_of
        return {site_of(coords): colour for coords, colour in game.pieces()}

    def site_of(self, coords: tuple[int, ...]) -> int:
        """The site of a piece's coordinates in position files."""
        raise NotImplementedError

    def coords_of(self, site: int) -> tuple[int, ...]:
        """A site's coordinates in position files."""
        raise NotImplementedError

    def site_name(self, site: int) -> str:
        """A site as the game writes it in moves ("1,0,2", "c3")."""
        return ",".join(map(str, self.coords_of(site)))

    def cell_of(self, site: int) -> int:
        """The cell a site is in (a square, a hex: its pieces' sites share it); a site is
        its own by default (a ball, a field)."""
        return site

    def corner_site(self, game: Game, name: str) -> int | None:
        """The site of the corner called ``name`` (Partition's "SW", "AP": Practice's
        first hint points at it); None where the board has no such corner (by default)."""
        return None

    def setup_frame(self, pieces: Mapping[int, str], geometry: BoardGeometry) -> Frame:
        """Set-up mode: every site takes a click; empty ones show a marker."""
        return Frame(
            pieces=dict(pieces),
            markers=tuple(Marker(s, "setup") for s in range(geometry.count) if s not in pieces),
        )

    def describe(self, game: Game, turn: Turn, site: int, shown: Mapping[int, str]) -> str:
        """Hover text of a site, as the scene shows it."""
        colour = shown.get(site)
        if colour:
            return M_("{site}, {colour}", site=self.site_name(site), colour=word(colour))
        return M_("{site}, empty", site=self.site_name(site))

    # ---- the engine's hint drawn --------------------------------------------------------

    def move_sites(self, game: Game, move: Move) -> tuple[int, ...]:
        """The sites a legal ``move`` of ``game`` puts a piece of the mover on (a hint
        draws a ghost piece there); none by default."""
        return ()

    def move_from(self, game: Game, move: Move) -> tuple[int, ...]:
        """The sites a legal ``move`` takes the mover's piece from to put it elsewhere (a
        lift, a step; a hint rims them "selected"); none by default."""
        return ()

    def move_removes(self, game: Game, move: Move) -> tuple[int, ...]:
        """The pieces a legal ``move`` takes off the board (removals, captures; a hint
        rims them "remove"); none by default."""
        return ()

    def hint_frame(self, game: Game, move: Move, frame: Frame) -> Frame:
        """``frame`` with the engine's hinted ``move`` drawn: a ghost piece of the mover's
        colour where it puts one (:meth:`move_sites`), the "selected" rim on where it comes
        from (:meth:`move_from`: a lift, a step) and the "remove" rim on the pieces it takes
        off the board (:meth:`move_removes`)."""
        mover = game.to_move
        ghosts = {**frame.ghosts, **dict.fromkeys(self.move_sites(game, move), mover)}
        highlights = dict(frame.highlights)
        for style, sites in (
            ("selected", self.move_from(game, move)),
            ("remove", self.move_removes(game, move)),
        ):
            if sites:
                highlights[style] = tuple(highlights.get(style, ())) + tuple(sites)
        return dataclasses.replace(frame, ghosts=ghosts, highlights=highlights)

    def hinted_move(self, game: Game, move: Move, words: str = "") -> None:
        """The engine's hint for ``game`` came (it is drawn by :meth:`hint_frame`);
        ``words``: the status bar's sentence on it (a dock may show it whole)."""

    def hint_refusal(self, game: Game) -> str:
        """Why no hint may be given now ('' when one may): a hot seat's screen not yet
        handed to the player deciding, say (the hint would show whoever sits there)."""
        return ""

    def hint_side(self, game: Game, turn: Turn) -> int | None:
        """The side a hint is for at a simultaneous node (the side whose part is being
        made on screen), or None."""
        return None

    # ---- its words ----------------------------------------------------------------------

    def status(self, game: Game) -> str:
        """The side to move, or how the game ended."""
        if game.is_over():
            return describe_result(game)
        return M_("{side} to move", side=word(game.to_move))

    def turn_status(self, game: Game, turn: Turn) -> str:
        """The status bar's words with ``turn`` built so far (the window asks at each
        redraw): :meth:`status` by default."""
        return self.status(game)

    def move_words(self, game: Game, move: Move) -> str:
        """``move`` in the game's words, beside its notation ('' when the notation says it
        all): a list of moves to choose from shows them."""
        return ""

    def move_groups(self, game: Game, moves: Sequence[Move]) -> list[ChoiceGroup] | None:
        """``moves`` (legal in ``game``) grouped under headings with the words of the
        window's Turn dock, for a host that lists them as buttons; None: a plain list."""
        return None

    def panels(self, game: Game) -> list[Panel]:
        """What the game's docks show beside the board, for a host without them: none by
        default."""
        return []

    def move_form(self, game: Game) -> MoveForm | None:
        """A form to write the move of ``game`` with, where its legal moves are too many
        to list (None: list them, or type one)."""
        return None

    def played(self, game: Game, mover: str, move: Move) -> str:
        """The status-bar line after ``mover`` played ``move`` (``game`` is after it)."""
        effect = game.last_effect()
        what = effect.describe() if effect is not None else ""
        if what:
            return M_(
                "{mover} played {move}: {effect}",
                mover=word(mover),
                move=self.move_said(move),
                effect=word(what),
            )
        return M_("{mover} played {move}", mover=word(mover), move=self.move_said(move))

    def move_listed(self, move: Move) -> str:
        """``move`` as the Moves dock lists it after its mover: its notation by default; a
        game whose notation holds words says them in the reader's language (a Message whose
        English is the notation)."""
        return str(move)

    def move_said(self, move: Move) -> str:
        """``move`` as a status line names it (a hint, a move played): its notation, with
        its words where the notation needs a key a newcomer lacks (Pyraos's ``x``)."""
        return str(move)

    def hidden_moves(self, game: Game, line: Sequence[tuple[str, Move]]) -> Mapping[int, str]:
        """Moves of the current ``line`` (each with its mover; ``game`` shows the position
        after the first ``len(game.move_stack)`` of them) that the players at the board
        may not read yet, by index into ``line``, with the words the Moves dock shows
        instead ("red: deploys a (hidden)"): secret orders before their
        reveal. The dock hides the other lines tried at those moves too. None by default."""
        return {}

    def legend_words(self, game: Game, frame: Frame) -> Mapping[tuple[str, str], str]:
        """What the overlays of ``frame`` mean in the game's words, for the scene's legend,
        by (kind, style) as ``viewer.widgets.legend`` names them; the palette's meanings
        stand for the rest. Once the game is over nothing takes a click: a piece still
        outlined in gold is the winner's (a game outlines them, or nothing)."""
        if game.is_over():
            return {("rim", "clickable"): M_("the winner's pieces that won the game")}
        return {}


#: A game UI of any turn: what the board on show, its modes and the front ends take.
UI = GameUI[Any]
