"""A package imported while the window loads its 3D scene, kept from loading until it is
used: pyvista's plotting imports matplotlib (and ``matplotlib.pyplot``) at module level for
its colour maps and charts, 0.5-0.8 s of a start-up that draws neither.

:func:`deferred` is a context manager around such an import. While it is open, a module of
the named package that is not loaded yet is imported as a stand-in: a module object whose
attributes are stand-ins too (:class:`Later`: the module's name and the attribute's). The
first real use of a stand-in (a call, an attribute of it, an ``isinstance`` against it, an
item, iterating, ``str``) imports the real module then and answers from it. When the block
ends the stand-in modules leave ``sys.modules``, so any later import, by anyone, is the
real one. Safe whatever pyvista does: a version that no longer imports matplotlib leaves
nothing deferred; a version that uses it while it imports gets the real thing at that
moment (the first frame is only slower: ``tests/viewer/test_first_frame.py`` says so); a
missing package fails as the plain import would. What a stand-in cannot forward is only
its identity: a stand-in kept inside a type alias (pyvista's ``ColormapOptions``, an
annotation) stays a stand-in there.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.machinery
import sys
import threading
import types
from collections.abc import Iterator, Sequence
from typing import Any

#: What pyvista imports at module level for plots the window never draws and for downloads
#: it never makes (pooch, 20 ms), deferred while the window imports pyvistaqt: 0.5 s of the
#: start-up (the window, and tests/bench/first_frame.py's floor, defer the same).
PYVISTA_UNUSED = ("matplotlib.pyplot", "matplotlib.backends.backend_agg", "pooch")

_lock = threading.RLock()
_finders: dict[str, _Finder] = {}  # the packages deferred now, by name


def _real(module: str, name: str) -> Any:
    """``module.name``, the module imported for real (a submodule where no attribute)."""
    with _lock:
        found = sys.modules.get(module)
        if found is None or isinstance(found, Deferred):
            for root in _roots(module):
                _stop(root)  # (a use within the block ends the deferring)
            found = importlib.import_module(module)
    try:
        return getattr(found, name)
    except AttributeError:
        return importlib.import_module(f"{module}.{name}")


def _roots(module: str) -> list[str]:
    """The deferred names ``module`` is or is in."""
    return [name for name in _finders if module == name or module.startswith(name + ".")]


def _stop(package: str) -> None:
    """Import ``package`` for real from now on: its finder and stand-ins gone."""
    with _lock:
        finder = _finders.pop(package, None)
        if finder is not None:
            sys.meta_path.remove(finder)
        for key, value in list(sys.modules.items()):
            if isinstance(value, Deferred) and (key == package or key.startswith(package + ".")):
                del sys.modules[key]


class Later:
    """A stand-in for ``module.name``: the first use imports it and forwards to it."""

    __slots__ = ("_module", "_name", "_target")

    def __init__(self, module: str, name: str) -> None:
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_target", _UNSET)

    def _resolve(self) -> Any:
        target = object.__getattribute__(self, "_target")
        if target is _UNSET:
            target = _real(self._module, self._name)
            object.__setattr__(self, "_target", target)
        return target

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._resolve(), attr)

    def __setattr__(self, attr: str, value: Any) -> None:
        setattr(self._resolve(), attr, value)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._resolve()(*args, **kwargs)

    def __getitem__(self, key: Any) -> Any:
        return self._resolve()[key]

    def __contains__(self, key: Any) -> bool:
        return key in self._resolve()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._resolve())

    def __len__(self) -> int:
        return len(self._resolve())

    def __instancecheck__(self, instance: Any) -> bool:
        return isinstance(instance, self._resolve())

    def __subclasscheck__(self, subclass: type) -> bool:
        return issubclass(subclass, self._resolve())

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[Any, ...]:
        return (self._resolve(),)

    def __str__(self) -> str:
        return str(self._resolve())

    def __repr__(self) -> str:
        return f"<deferred {self._module}.{self._name}>"


_UNSET = object()


class Deferred(types.ModuleType):
    """A module of the deferred package not loaded yet: its attributes are stand-ins,
    its submodules imported (as stand-ins) where the package has one of that name."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        if not _roots(self.__name__):
            return _real(self.__name__, attr)  # the block is over: the real one now
        name = f"{self.__name__}.{attr}"
        if name in sys.modules:
            return sys.modules[name]
        places = self.__spec__.submodule_search_locations if self.__spec__ else None
        if places and importlib.machinery.PathFinder.find_spec(name, places) is not None:
            return importlib.import_module(name)  # a submodule: a stand-in too
        return Later(self.__name__, attr)


class _Loader(importlib.abc.Loader):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return Deferred(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, module: str) -> None:
        self.module = module

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != self.module and not name.startswith(self.module + "."):
            return None
        real = importlib.machinery.PathFinder.find_spec(name, path)
        if real is None or real.loader is None:
            return None  # not there: the import fails (or is found) as it would without us
        spec = importlib.machinery.ModuleSpec(
            name, _Loader(), is_package=real.submodule_search_locations is not None
        )
        if real.submodule_search_locations is not None:
            spec.submodule_search_locations = list(real.submodule_search_locations)
        return spec


@contextlib.contextmanager
def deferred(*modules: str) -> Iterator[None]:
    """Within the block, each of ``modules`` not loaded yet (and its submodules) is
    imported as stand-ins that load it at their first use; after it, imports of it are
    real (see the module)."""
    with _lock:
        mine = [name for name in modules if name not in sys.modules and name not in _finders]
        for name in mine:
            _finders[name] = _Finder(name)
            sys.meta_path.insert(0, _finders[name])
    try:
        yield
    finally:
        for name in mine:
            _stop(name)


def is_loaded(module: str) -> bool:
    """Whether ``module`` is imported for real (not a stand-in, not absent)."""
    found = sys.modules.get(module)
    return found is not None and not isinstance(found, Deferred)
