"""What each Program dock shows (Pyramid Ball), without Qt at import: the editor of the
side programming now, or a cover saying why not (set-up, the game over, the program in
and hidden, the computer's, a hot seat's hand-over), or the choice page of a special
move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from pyramid_lab.i18n import _, shown
from pyramid_lab.model.ball import COLOURS, Program, PyramidBall, SpecialChoice
from pyramid_lab.model.teaching import describe_result
from pyramid_lab.viewer.lab.level_names import level_name
from pyramid_lab.viewer.widgets.names import colour_name, colour_word

if TYPE_CHECKING:
    from .docks import ProgramDock


class Desk(Protocol):
    """The Program docks' state as the covers read it (:class:`.programs.ProgramDesk`)."""

    @property
    def program_docks(self) -> Sequence[ProgramDock]: ...

    @property
    def open_side(self) -> int | None: ...

    @property
    def hinted(self) -> tuple[int, Program] | None: ...

    @property
    def hint_words(self) -> str: ...

    @property
    def hinted_choice(self) -> SpecialChoice | None: ...

    def computer(self) -> dict[str, str]: ...


def cover_docks(
    desk: Desk, game: PyramidBall, programs: Mapping[int, Program], setup: bool
) -> None:
    """Each of ``desk``'s Program docks shows what its side may see of the turn
    (``programs``: those handed in)."""
    computer = desk.computer()
    chooser = game.choosing if not game.is_over() else None
    for side, dock in enumerate(desk.program_docks):
        colour = COLOURS[side]
        if setup:
            dock.cover(
                _("Set-up mode: place the pyramids, then Apply or Cancel in the Set-up dock.")
            )
        elif game.is_over():
            dock.cover(_("The game is over: {result}.").format(result=shown(describe_result(game))))
        elif chooser is not None:
            _choice_page(desk, game, side, dock, computer)
        elif side in programs:
            dock.cover(
                _("{colour}'s program is in, hidden until the rows resolve.").format(
                    colour=colour_name(colour)
                )
            )
        elif colour in computer:
            dock.cover(
                _(
                    "The computer ({level}) programs {colour}; the program stays hidden until "
                    "the rows resolve. Stop (status bar) lets you program {colour} yourself "
                    "this turn."
                ).format(level=level_name(computer[colour]), colour=colour_word(colour))
            )
        elif desk.open_side == side:
            _show_editor(desk, side, dock)
        elif desk.open_side is not None:
            dock.cover(
                _("{colour} programs after {other}: look away from the screen.").format(
                    colour=colour_name(colour), other=colour_word(COLOURS[desk.open_side])
                )
            )
        else:
            dock.cover(
                _(
                    "Hand over to {colour}: {colour} clicks below to program (the other "
                    "program stays hidden)."
                ).format(colour=colour_word(colour)),
                hand_over=True,
            )


def _show_editor(desk: Desk, side: int, dock: ProgramDock) -> None:
    """The open editor, with the engine's hint for it when one came."""
    dock.show_editor()
    hint = desk.hinted
    ours = hint is not None and hint[0] == side
    dock.use_hint.setEnabled(ours)
    dock.show_hint_words(desk.hint_words if ours else "")
    dock.use_hint.setToolTip(
        _("load the hinted program {program} into the editor").format(program=hint[1])
        if hint is not None and ours
        else _("Hint (H) asks the engine for a program first")
    )


def _choice_page(
    desk: Desk, game: PyramidBall, side: int, dock: ProgramDock, computer: Mapping[str, str]
) -> None:
    """A special move is chosen: the chooser's dock offers those left, the other dock
    says who chooses (the computer's choice comes from the engine)."""
    chooser = game.choosing
    colour = COLOURS[side]
    if colour != chooser:
        dock.cover(
            _("{colour} chooses a special move; then both program.").format(
                colour=colour_name(str(chooser))
            )
        )
    elif colour in computer:
        dock.cover(
            _("The computer ({level}) chooses {colour}'s special move.").format(
                level=level_name(computer[colour]), colour=colour_word(colour)
            )
        )
    else:
        hint = desk.hinted_choice
        more = game.choices_pending(colour)
        said = (
            _(
                "{colour} was scored on: take a special move (the first of {count} to "
                "choose) to keep until you use it (each is used once)."
            )
            if more > 1
            else _(
                "{colour} was scored on: take a special move to keep until you use it (each "
                "is used once)."
            )
        )
        dock.show_choices(
            said.format(colour=colour_name(colour), count=more),
            [c.special for c in game.choices()],
            hint.special if hint is not None and hint.colour == colour else None,
        )
