"""Pyramid Partition's teaching companion: the corners, groups and walls in words, and the
lesson goals (a colour holds a corner) and click-points questions (the corners a colour
holds) that its lessons may set. The rules are :class:`model.partition.Partition`'s."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pyramid_lab.i18n import M_, N_, Message, Mn_

from ..game import Move, Outcome, SaidError, quote
from ..lattice import CORNERS, Corner, Point, wall_names
from ..teaching import (
    GoalCheck,
    OverlaySpec,
    Teaching,
    first_few,
    game_ends,
    register_teaching,
)
from ..words import colour as word
from ..words import joined, reason_of
from . import COLOURS, Partition, Place


@register_teaching
class PartitionTeaching(Teaching[Partition]):
    game_name = "partition"

    #: The overlays' names as the lesson editor labels its boxes (words; the file's keys
    #: are the names themselves) and its goals' and questions' labels (issue 108).
    WORDS = (
        *(N_("walls"), N_("corners"), N_("groups"), N_("region")),
        *(N_("a colour holds a corner"), N_("the corners a colour holds (null: nobody)")),
    )

    lesson_overlays = (
        OverlaySpec("walls", N_("the five walls, named")),
        OverlaySpec("corners", N_("the five corners, coloured by holder")),
        OverlaySpec("groups", N_("each group in its own colour")),
        OverlaySpec(
            "region",
            N_(
                "a corner's isolated region, holding group and anchors, or its escape paths "
                "while nobody holds it"
            ),
            choices=tuple(c.value for c in CORNERS),
        ),
    )

    # What the lesson editor offers for the goals and questions of the lessons section.
    lesson_goal_keys: ClassVar[Mapping[str, Mapping[str, tuple[Any, ...]]]] = {
        "holds": {"holds": tuple(c.value for c in CORNERS), "by": COLOURS}
    }

    lesson_question_keys: ClassVar[Mapping[str, Mapping[str, tuple[Any, ...]]]] = {
        "held_by": {"held_by": (*COLOURS, None)}
    }

    lesson_goals: ClassVar[Mapping[str, str]] = {
        "holds": 'a colour holds a corner: {"holds": "SW", "by": "red"}',
    }

    lesson_questions: ClassVar[Mapping[str, str]] = {
        "held_by": 'the corners a colour holds (null: nobody): {"held_by": "blue"}',
    }

    def describe_outcome(self, game: Partition, outcome: Outcome) -> str:
        if outcome.winner is None:
            return super().describe_outcome(game, outcome)
        corners = ", ".join(game.held_corners(outcome.winner))
        return M_("{winner} wins: holds {corners}", winner=Message(outcome.winner), corners=corners)

    def lesson_point(self, game: Partition, text: str) -> tuple[int, ...]:
        """``"i,j,k"`` or a corner's name (``"SW"``), inside this pyramid."""
        name = text.strip().upper()
        if name in Corner.__members__:
            return tuple(game.lattice.point(game.lattice.corner_ids[Corner[name]]))
        try:
            point = Point.parse(text)
        except ValueError as exc:
            raise SaidError(
                M_("{reason}, or name a corner (SW, SE, NW, NE, AP)", reason=reason_of(exc))
            ) from None
        if not game.lattice.contains(*point):
            raise SaidError(
                M_(
                    "{point} is outside the base-{size} pyramid",
                    point=str(point),
                    size=game.lattice.n,
                )
            )
        return tuple(point)

    def point_name(self, game: Partition, point: tuple[int, ...]) -> str:
        for corner in CORNERS:
            if tuple(game.lattice.point(game.lattice.corner_ids[corner])) == tuple(point):
                return f"{corner.value} ({Point(*point)})"
        return f"({Point(*point)})"

    def lesson_goal(self, game: Partition, goal: Mapping[str, Any]) -> GoalCheck:
        """``{"holds": CORNER, "by": COLOUR}``; when not met, the reason names the escape
        path left (its points come with it, to be drawn) or the other holder."""
        unknown = sorted(set(goal) - {"holds", "by"})
        if unknown or "holds" not in goal:
            raise ValueError('a Pyramid Partition goal is {"holds": CORNER, "by": COLOUR}')
        corner = _corner(goal["holds"], "holds")
        colour = _colour(goal.get("by"), "by")
        holder = game.holder(corner)
        if holder == colour:
            return GoalCheck(
                True, M_("{colour} holds {corner}", colour=word(colour), corner=corner.value)
            )
        path = game.escape_path(corner, colour)
        if path is None:  # cannot be: no escape path means the colour holds it
            return GoalCheck(
                False,
                M_("{colour} does not hold {corner}", colour=word(colour), corner=corner.value),
            )
        empty = [p for p in path[1:] if game.colour_at(p) is None]
        through = empty[0] if empty else path[min(1, len(path) - 1)]
        reason = _escape_words(corner, str(through), colour, game.colour_at(through) == colour)
        if holder is not None:
            reason = M_(
                "{holder} holds {corner}, and for {colour} {reason}",
                holder=word(holder),
                corner=corner.value,
                colour=word(colour),
                reason=reason,
            )
        far = joined([word(w) for w in wall_names(corner.far_walls)], " or ")
        about = M_(
            "the escape path the answer leaves: {corner} to a far wall ({walls})",
            corner=corner.value,
            walls=far,
        )
        own = [p for p in path if game.colour_at(p) == colour]
        if own:  # its groups touch no far wall (an anchored one would have blocked the path)
            about = M_(
                "{about}; it runs through {colour} balls that touch no far wall, {balls}: "
                "unanchored, they do not cut it",
                about=about,
                colour=word(colour),
                balls=first_few([f"({p})" for p in own]),
            )
        return GoalCheck(False, reason, tuple(tuple(p) for p in path), about)

    def explain_move(self, game: Partition, move: Move) -> str:
        """The group the ball makes (new, added to, or joining groups, and the walls it
        touches), the corners the mover then holds, and what the opponent can then take."""
        if not isinstance(move, Place):
            return super().explain_move(game, move)
        player = game._turn
        colour = word(game.to_move)
        pid = game.lattice.id_of(*move.point)
        joins = {game._find(q) for q in game._nbrs[pid] if game._cells[q] == player}
        groups = len({game._find(p) for p, c in enumerate(game._cells) if c == player})
        after = game.copy()
        after.push(move)
        root = after._find(pid)
        size = after._size[root]
        walls = joined([word(w) for w in wall_names(after._mask[root])], ", ") or M_("no wall")
        groups += 1 - len(joins)
        parts: list[str]
        if not joins:
            parts = [
                M_(
                    "it touches no {colour} ball, so it makes {group}",
                    colour=colour,
                    group=_nth_group(groups, colour),
                )
            ]
        elif len(joins) == 1:
            parts = [
                M_(
                    "it adds to a {colour} group, now {size} balls touching {walls}",
                    colour=colour,
                    size=size,
                    walls=walls,
                ),
                M_("{colour} still has {groups}", colour=colour, groups=_groups(groups)),
            ]
        else:
            parts = [
                M_(
                    "it joins {count} {colour} groups into one of {size} balls touching {walls}",
                    count=len(joins),
                    colour=colour,
                    size=size,
                    walls=walls,
                ),
                M_("{colour} now has {groups}", colour=colour, groups=_groups(groups)),
            ]
        gained = after._holdings[player] & ~game._holdings[player]
        if gained:
            parts.append(
                M_("{colour} now holds {corners}", colour=colour, corners=_corner_list(gained))
            )
        if after.is_over():
            parts.append(game_ends(after))
            return joined(parts)
        parts.append(_takes_words(game, after, 1 - player))
        return joined(parts)

    def lesson_point_reason(
        self, game: Partition, question: Mapping[str, Any], point: tuple[int, ...]
    ) -> str:
        """Who holds the corner at ``point`` (a held_by question)."""
        lat = game.lattice
        for corner in CORNERS:
            if tuple(lat.point(lat.corner_ids[corner])) == tuple(point):
                holder = game.holder(corner)
                who = word(holder) if holder else M_("nobody")
                return M_("{colour} holds {corner}", colour=who, corner=corner.value)
        return M_("it is not a corner")

    def lesson_points(
        self, game: Partition, question: Mapping[str, Any]
    ) -> frozenset[tuple[int, ...]]:
        """``{"held_by": COLOUR or null}``: the corner points that colour (nobody) holds."""
        if set(question) != {"held_by"}:
            raise ValueError('a Pyramid Partition question is {"held_by": COLOUR or null}')
        colour = question["held_by"]
        if colour is not None:
            _colour(colour, "held_by")
        lat = game.lattice
        return frozenset(
            tuple(lat.point(lat.corner_ids[c])) for c in CORNERS if game.holder(c) == colour
        )

    def summary_extras(self, game: Partition) -> dict[str, Any]:
        return {"holders": game.holders()}

    def explain(self, game: Partition) -> list[str]:
        """Each corner (held by whom, with which group, anchored where, cutting off how
        much) and each group with the walls it touches (Messages; the points notation)."""
        report = game.analysis()
        pt = game.lattice.point
        lines: list[str] = []
        for corner, info in report.corners.items():
            where = {"corner": corner.value, "point": str(pt(game.lattice.corner_ids[corner]))}
            if info.holder is None or info.group is None:
                lines.append(M_("corner {corner} ({point}): not held", **where))
                continue
            anchors = sorted(info.anchors)
            shown = ", ".join(str(pt(a)) for a in anchors[:4]) + (
                " ..." if len(anchors) > 4 else ""
            )
            count, region = len(info.group), len(info.isolated_region)
            group = Mn_(
                "a group of {count} ball touching {walls}",
                "a group of {count} balls touching {walls}",
                count,
                count=count,
                walls=_walls(info.group.wall_names),
            )
            lines.append(
                Mn_(
                    "corner {corner} ({point}): held by {holder} with {group}; anchored on "
                    "{anchors}; isolated region: {count} point",
                    "corner {corner} ({point}): held by {holder} with {group}; anchored on "
                    "{anchors}; isolated region: {count} points",
                    region,
                    **where,
                    holder=word(info.holder),
                    group=group,
                    anchors=shown,
                    count=region,
                )
            )
        lines.append(M_("groups ({count}):", count=len(report.groups)))
        for found in report.groups:
            said = {"colour": word(found.colour), "count": str(len(found))}
            if found.wall_names:
                walls = _walls(found.wall_names)
                lines.append(M_("  {colour} x{count} touching {walls}", **said, walls=walls))
            else:
                lines.append(M_("  {colour} x{count} touching no wall", **said))
        return lines


def _walls(names: list[str]) -> str:
    """The walls a group touches, each a word: "base, west, north" (a Message)."""
    return joined((Message(name) for name in names), ", ")


#: 'a first red group' to 'a eighth red group' (the eighth's wording kept as English said it)
NTH_GROUPS = (
    N_("a first {colour} group"),
    N_("a second {colour} group"),
    N_("a third {colour} group"),
    N_("a fourth {colour} group"),
    N_("a fifth {colour} group"),
    N_("a sixth {colour} group"),
    N_("a seventh {colour} group"),
    N_("a eighth {colour} group"),
)


def _nth_group(n: int, colour: str) -> str:
    """'a third red group' (or 'a new red group, its 12th' past the eighth)."""
    if 1 <= n <= len(NTH_GROUPS):
        return M_(NTH_GROUPS[n - 1], colour=colour)
    # TRANSLATORS: {n} is 9 or more: "a new red group, its 12th"
    return M_("a new {colour} group, its {n}th", colour=colour, n=str(n))


def _groups(n: int) -> str:
    return Mn_("{count} group", "{count} groups", n, count=n) if n != 1 else M_("one group")


def _corner_list(mask: int) -> str:
    return ", ".join(c.value for ci, c in enumerate(CORNERS) if mask >> ci & 1)


def _corner(raw: Any, key: str) -> Corner:
    if not isinstance(raw, str) or raw.upper() not in Corner.__members__:
        raise SaidError(
            M_(
                "{key} must be a corner: SW, SE, NW, NE or AP, not {value}",
                key=key,
                value=quote(raw),
            )
        )
    return Corner[raw.upper()]


def _colour(raw: Any, key: str) -> str:
    if raw not in COLOURS:
        raise SaidError(M_("{key} must be 'red' or 'blue', not {value}", key=key, value=quote(raw)))
    return str(raw)


def _takes_words(game: Partition, after: Partition, other: int) -> str:
    """The corners ``other`` can then take with its next ball (``after`` the move, pushed
    and popped back), in a lesson's words."""
    takes: dict[int, Point] = {}
    if after.legal_move_count() <= 400:
        for reply in after._legal_ids():
            after.push(Place(after.lattice.point(reply)))
            new = after._holdings[other] & ~game._holdings[other]
            after.pop()
            for ci in range(5):
                if new >> ci & 1 and ci not in takes:
                    takes[ci] = after.lattice.point(reply)
    rival = word(COLOURS[other])
    if takes:
        said = joined(
            [
                M_("{corner} with ({point})", corner=CORNERS[ci].value, point=str(p))
                for ci, p in sorted(takes.items())
            ],
            ", ",
        )
        return M_("{colour} can then take {corners}", colour=rival, corners=said)
    else:
        return M_("{colour} can take no corner with the next ball", colour=rival)


def _escape_words(corner: Corner, through: str, colour: str, own_ball: bool) -> Message:
    """Why ``colour`` does not hold ``corner``: the escape path left, ``through`` its first
    empty point (or the ``colour`` ball, whose group touches no far wall, it runs through)."""
    if own_ball:  # (an anchored group would have blocked it)
        return M_(
            "{corner} keeps an escape path through ({point}), a {colour} ball whose group "
            "touches no far wall",
            corner=corner.value,
            point=through,
            colour=word(colour),
        )
    return M_("{corner} keeps an escape path through ({point})", corner=corner.value, point=through)
