"""A page's message as a typed class (:mod:`.messages` lists them): :class:`Message` (its
fields read by name from the JSON object a page sent) and :class:`Values` (an action's or
an order's list of values, read in order), each field naming its reader (:func:`checked`),
and who may send it (:attr:`Message.WHO`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from typing import Any, ClassVar, Literal, Self, TypeVar, dataclass_transform

from .checks import Refused

__all__ = ["Message", "Values", "Who", "checked"]

Who = Literal["anyone", "student", "teacher"]
T = TypeVar("T")
#: Where a field keeps its reader (:func:`checked`) in its metadata.
_READ = "read"


def checked(read: Callable[[Any], T], default: T) -> T:
    """A message's field, read by ``read`` from the value the page sent for it (Refused in
    words when it is none): the value under the field's name (:meth:`Message.read`), or
    the value in the field's place (:meth:`Values.from_values`)."""
    return field(default=default, metadata={_READ: read})


def _read(found: Field[Any], value: Any) -> object:
    """``value`` read by the reader of the field ``found`` (:func:`checked`)."""
    read: Callable[[Any], object] = found.metadata[_READ]
    return read(value)


@dataclass_transform(frozen_default=True)
class _Frozen:
    """A base whose every class is a frozen dataclass (PEP 681: type checkers know it)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)


class Message(_Frozen):
    """A page's message, ``who`` may send it (:attr:`WHO`, a class keyword): each field
    read from the JSON's value under its name, by its reader (:func:`checked`); a message
    of no fields reads nothing more."""

    WHO: ClassVar[Who] = "anyone"

    def __init_subclass__(cls, who: Who | None = None, **kwargs: object) -> None:
        if who is not None:
            cls.WHO = who
        super().__init_subclass__(**kwargs)

    @classmethod
    def read(cls, raw: dict[str, Any]) -> Message:
        """The message of that class in ``raw`` (its fields checked); Refused in words."""
        return cls(*(_read(f, raw.get(f.name)) for f in fields(cls)))


class Values(_Frozen):
    """What a list of values reads to (an action's, a teacher's order's): its fields, one
    value each in order, each read by its reader (:func:`checked`); :attr:`ASKS` (a class
    keyword, ``asks``) when the values are more or fewer than the fields (one of no
    fields ignores any sent)."""

    ASKS: ClassVar[str] = ""

    def __init_subclass__(cls, asks: str | None = None, **kwargs: object) -> None:
        if asks is not None:
            cls.ASKS = asks
        super().__init_subclass__(**kwargs)

    @classmethod
    def from_values(cls, values: list[Any]) -> Self:
        found = fields(cls)
        if found and len(values) != len(found):
            raise Refused(cls.ASKS)
        return cls(*(_read(f, value) for f, value in zip(found, values, strict=False)))
