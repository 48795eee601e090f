"""A rough guess of how long the single search's current depth still takes, from its own
progress: iterative deepening searches each depth after the last, and each took about as
many times longer than the one before as that one did (a search's branching): the next
ply's time is the last one's times that growth. It is a guess, said as one; with fewer than
two depths finished it says nothing. Qt-free: the window's Solve position and the command
line's ``solve`` both say it."""

from __future__ import annotations

from pyramid_lab.i18n import _, format_number

#: Depths faster than this are not timed (their growth is noise: a table warming up).
MIN_TIMED_SECONDS = 0.05


class DepthPace:
    """Fed ``(depth, seconds)`` from the search's progress, it guesses the seconds left."""

    def __init__(self) -> None:
        self.depth: int | None = None
        self.began = 0.0  # seconds when the current depth began
        self.took: dict[int, float] = {}  # finished depth -> its seconds

    def update(self, depth: int, seconds: float) -> None:
        if depth != self.depth:
            if self.depth is not None:
                self.took[self.depth] = seconds - self.began
            self.depth, self.began = depth, seconds

    def seconds_left(self, seconds: float) -> float | None:
        """The guess for the current depth at ``seconds`` (None: too early to say)."""
        if self.depth is None:
            return None
        last, before = self.took.get(self.depth - 1), self.took.get(self.depth - 2)
        if last is None or before is None or min(last, before) < MIN_TIMED_SECONDS:
            return None
        growth = max(1.0, last / before)
        return max(0.0, last * growth - (seconds - self.began))

    def words(self, seconds: float) -> str:
        """', this depth about N s more (a guess from the last depths' growth)' or ''."""
        left = self.seconds_left(seconds)
        if left is None:
            return ""
        if left < 1:
            # TRANSLATORS: a clause added at the end of a search's progress line
            return _(", this depth is taking longer than the depths before it suggested")
        # TRANSLATORS: a clause added at the end of a search's progress line
        return _(", this depth about {time} more (a guess from the last depths' growth)").format(
            time=_duration(left)
        )


def _duration(seconds: float) -> str:
    if seconds < 90:
        return _("{seconds} s").format(seconds=format_number(seconds, digits=0))
    if seconds < 90 * 60:
        return _("{minutes} min").format(minutes=format_number(seconds / 60, digits=0))
    return _("{hours} h").format(hours=format_number(seconds / 3600, digits=1))
