"""The window's error guard: Qt slots, VTK observers and timer steps must not let an
exception escape; it is logged and shown in the status bar instead."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

from pyramid_lab.i18n import _

if TYPE_CHECKING:
    from ..lab import Lab

log = logging.getLogger("pyramid_lab.viewer")


class Reports(Protocol):
    def show_message(self, text: str) -> None: ...


class OnLab:
    """A part of the window over the lab (``self.lab``): its slots' errors are said on the
    lab's status line."""

    lab: Lab

    def show_message(self, text: str) -> None:
        self.lab.bulletin.say(text)


S = TypeVar("S", bound=Reports)
P = ParamSpec("P")
R = TypeVar("R")


#: Called with every exception the guard catches and the name of what raised it, before
#: it is reported (tests record them: any exception reaching the guard is a bug).
error_hooks: list[Callable[[BaseException, str], None]] = []


def guarded(call: Callable[[], Any], report: Callable[[str], None], what: str = "") -> Any:
    """Run ``call``; an exception is logged and reported as 'Error: ...'."""
    try:
        return call()
    except Exception as exc:
        name = what or getattr(call, "__name__", "a slot")
        log.exception("error in %s", name)
        for hook in list(error_hooks):
            hook(exc, name)
        report(_("Error: {error}").format(error=exc))
        return None


def slot(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R | None]:
    """Decorate a method of an object with ``show_message``: its errors are guarded (the
    method then gives None)."""

    @functools.wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        result: R | None = guarded(
            lambda: method(self, *args, **kwargs), self.show_message, method.__name__
        )
        return result

    return wrapper
