"""The way into a class closed to new students (:class:`Admission`): a join then waits
for the teacher's yes, and a late student comes in by a door number the teacher reads out
(good once, for :data:`~.checks.DOOR_SECONDS`); the seats kept for joins being answered
on the threads. No Qt, no web."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from pyramid_lab.i18n import M_

from .checks import DOOR_DIGITS, DOOR_SECONDS, MAX_STUDENTS, MAX_WAITING, Refused, name_of
from .replies import DoorOpen

#: Door numbers open at once (each good once, for checks.DOOR_SECONDS): past it the oldest
#: opens the door no more.
MAX_DOORS = 20
#: What a join is told when the class is closed and as many wait as may (said in words:
#: the newcomer knows to ask the teacher, who sees the waiting room full).
WAITING_FULL = M_(
    "the class is closed and {count} are already waiting for the teacher's yes: "
    "ask the teacher for a door number and type it here",
    count=MAX_WAITING,
)
#: What a door number that opens nothing is told.
NO_DOOR = M_(
    "that number does not open the class (mistyped, used already, or older than "
    "{minutes} minutes): ask the teacher for another",
    minutes=DOOR_SECONDS // 60,
)
#: What a join is told when the class has no seat left.
FULL = M_("the class is full ({count} students): the teacher can remove some", count=MAX_STUDENTS)


class Admission:
    """Whether the class is closed to new students, the joins waiting for the teacher's
    yes, the door numbers given and the seats kept for joins being answered; under the
    class's ``lock``, each change told to ``touched``; ``seated()``: the students in the
    class."""

    def __init__(
        self, lock: threading.RLock, touched: Callable[[], None], seated: Callable[[], int]
    ) -> None:
        self.lock = lock
        self.touched = touched
        self.seated = seated
        #: Closed to new students: a join waits for the teacher's yes (:meth:`wait`).
        self.closed = False
        #: The joins waiting for the teacher's yes, by their handle: the names asked.
        self.waiting: dict[str, str] = {}
        #: The door numbers the teacher gave, good once each, until when (monotonic):
        #: a late student comes in by one though the class is closed.
        self.doors: dict[str, float] = {}
        #: Joins being answered on the threads (each a seat the class keeps for it).
        self.joining = 0

    def full(self) -> bool:
        """Whether no seat is left, the joins being answered counted."""
        return self.seated() + self.joining >= MAX_STUDENTS

    def set_closed(self, closed: bool) -> None:
        """Close the class to new students (a join then waits for the teacher's yes), or
        open it again (those waiting are let in by the page asking again)."""
        with self.lock:
            self.closed = closed
            self.touched()

    def wait(self, name: Any) -> str:
        """A join asked while the class is closed: its handle, until the teacher says yes
        (:meth:`.room.Classroom.admit`) or no (:meth:`refuse`)."""
        name = name_of(name)
        with self.lock:
            if len(self.waiting) >= MAX_WAITING:
                raise Refused(WAITING_FULL)
            handle = secrets.token_hex(6)
            self.waiting[handle] = name
            self.touched()
            return handle

    def door(self) -> str:
        """A new door number (:data:`DOOR_DIGITS` digits, good once, for
        :data:`DOOR_SECONDS`): the teacher reads it out, a late student types it."""
        with self.lock:
            now = time.monotonic()
            self.doors = {n: until for n, until in self.doors.items() if until > now}
            while len(self.doors) >= MAX_DOORS:
                del self.doors[next(iter(self.doors))]
            number = f"{secrets.randbelow(10**DOOR_DIGITS):0{DOOR_DIGITS}d}"
            self.doors[number] = now + DOOR_SECONDS
            self.touched()
            return number

    def through_door(self, number: str) -> None:
        """Use up a door number (a join comes in by it); Refused when it opens nothing."""
        with self.lock:
            until = self.doors.pop(number, 0.0)
            if until <= time.monotonic():
                raise Refused(NO_DOOR)
            self.touched()

    def doors_open(self) -> list[DoorOpen]:
        """The door numbers still good, newest first, with their seconds left."""
        now = time.monotonic()
        with self.lock:
            return [
                {"number": n, "seconds": round(until - now)}
                for n, until in reversed(self.doors.items())
                if until > now
            ]

    def seat(self) -> None:
        """Keep a seat for a join about to be answered (:meth:`.room.Classroom.join` on a
        thread): Refused at once when the class is full, counting the joins being
        answered."""
        with self.lock:
            if self.full():
                raise Refused(FULL)
            self.joining += 1

    def unseat(self) -> None:
        with self.lock:
            self.joining -= 1

    def forget_waiting(self, handle: str) -> str:
        """A join waiting no more (its page closed); its name."""
        return "".join(self.refuse([handle]))

    def refuse(self, handles: Iterable[str]) -> list[str]:
        """The teacher's no to joins waiting (by their handles), at once: the names of
        those that were waiting (one change for all)."""
        with self.lock:
            names = [name for h in handles if (name := self.waiting.pop(h, ""))]
            if names:
                self.touched()
            return names
