"""Every game's search plug-in, imported and registered by the game's name when its knowledge
is first asked for (:func:`model.search.registry.plugin_for`): importing this module, as the
door does, hands the registry :func:`import_plugin` and imports none of them."""

from __future__ import annotations

from ..registry import Plugin, Tables, set_plugin_importer, set_tables_importer

#: The games that have a plug-in here.
GAMES: tuple[str, ...] = ("ball", "partition", "pyraos", "rolling", "terrace")


def import_plugin(name: str) -> Plugin | None:
    """The plug-in of the game ``name``, its module imported (each written out, not named in
    a string: the import graph's tests read every import); None for a game without one."""
    match name:
        case "ball":
            from .ball import PLUGIN as ball

            return ball
        case "partition":
            from .partition.plugin import PLUGIN as partition

            return partition
        case "pyraos":
            from .pyraos.plugin import PLUGIN as pyraos

            return pyraos
        case "rolling":
            from .rolling import PLUGIN as rolling

            return rolling
        case "terrace":
            from .terrace.plugin import PLUGIN as terrace

            return terrace
    return None


def import_tables(name: str) -> Tables:
    """The tables of the game ``name``, their module imported alone (not the plug-in, its
    book or its solver): what a probe of a table loads."""
    if name == "pyraos":
        from .pyraos import endgame

        return Tables(whole=endgame)
    return Tables()


set_plugin_importer(GAMES, import_plugin)
set_tables_importer(GAMES, import_tables)
