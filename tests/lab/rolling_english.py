"""The English of Rolling Pyramids' words that issue 90 made Messages: its panels (the dice
pool and each faction board, as the window's docks and the classroom's page show them),
its map and faction files' errors and the solo Pharaoh's walk, in games played at random
by seed and in files broken one key at a time. ``python tests/lab/rolling_english.py``
wrote ``tests/lab/data/rolling_words_en.json`` before the change (a kind of words at a time:
the kinds it holds are kept); the test compares."""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pyramid_lab.model.rolling import RollingPyramids
from pyramid_lab.model.rolling.fights import EMPTY, PHARAOH, Troops, reinforcement_walk
from pyramid_lab.model.rolling.maps import parse_faction, parse_map
from pyramid_lab.model.rolling.rules import DATA, RollingDataError

DATA_FILE = Path(__file__).parent / "data" / "rolling_words_en.json"


def games() -> Iterator[RollingPyramids]:
    """Positions of two-player and solo games played at random (each 13th decision)."""
    for players, seed in ((2, 1), (1, 3), (1, 4), (3, 5)):
        game = RollingPyramids.new(RollingPyramids.parse_options({"players": players}))
        rng = random.Random(seed)
        step = 0
        while not game.is_over() and step < 400:
            if step % 13 == 0:
                yield game
            game.push(rng.choice(sorted(game.legal_moves(), key=repr)))
            step += 1
        yield game


def panels(html: Callable[[RollingPyramids], list[str]]) -> list[str]:
    return list(dict.fromkeys(text for game in games() for text in html(game)))


def walks() -> list[str]:
    """Every fight line of the games (the solo ones hold the Pharaoh's walk), and walks
    that meet the player's troops (destroyed, killed out, holding)."""
    found: list[str] = []
    for walkers in (1, 4, 7, 12):
        spaces = [(PHARAOH, Troops(3)), (0, Troops(2, 1)), (EMPTY, Troops(0)), (0, Troops(5))]
        found.extend(reinforcement_walk(spaces, walkers)[1])
    for game in games():
        for line in game.state.fights:
            if str(line) not in found:
                found.append(str(line))
    return found


def _broken(raw: Any) -> Iterator[Any]:
    """``raw`` broken in each of many ways: a key removed, a value of the wrong kind, a
    number out of range, a list emptied (every nested object's keys, one at a time)."""
    yield []
    yield {**raw, "format": "nothing"}
    yield {**raw, "surprise": 1}

    def paths(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
        if isinstance(value, dict):
            for key, inner in value.items():
                yield (*at, key)
                yield from paths(inner, (*at, key))
        elif isinstance(value, list):
            for k, inner in enumerate(value[:2]):
                yield (*at, k)
                yield from paths(inner, (*at, k))

    text = json.dumps(raw)  # (a fresh copy of a JSON tree: read its text again, not deepcopy)
    for path in paths(raw, ()):
        for change in ("drop", "text", "zero", "empty", "bool", "x"):
            broken = json.loads(text)
            parent = broken
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            if change == "drop":
                if isinstance(parent, dict):
                    del parent[last]
                else:
                    parent.pop(last)
            else:
                parent[last] = {"text": "?", "zero": 0, "empty": [], "bool": True, "x": "x"}[change]
            yield broken


def errors() -> list[str]:
    """The errors of the shipped map and faction files broken (each once)."""
    found: list[str] = []
    for pattern, parse in (("map-*.json", parse_map), ("faction-*.json", parse_faction)):
        for path in sorted(DATA.glob(pattern)):
            raw = json.loads(path.read_text(encoding="utf-8"))
            for broken in _broken(raw):
                try:
                    parse(broken)
                except RollingDataError as exc:
                    if str(exc) not in found:
                        found.append(str(exc))
                except (TypeError, KeyError, AttributeError):  # (a crash: not an error's words)
                    continue
    return found


def choices() -> list[str]:
    """Every decision's words as the Turn dock and the classroom's list say them (a die's
    place and the number written, a faction board's slot and box, a develop, a conquest,
    the new soldiers, a starting area, a device placed), for each legal move met."""
    from pyramid_lab.model.rolling import Take
    from pyramid_lab.viewer.games.rolling.words import (
        crossed_number,
        move_words,
        slot_box,
        slot_words,
        take_words,
    )

    found: dict[str, None] = {}
    for game in games():
        if game.is_over() or game.current_player() < 0:
            continue
        p = game.current_player()
        for move in game.legal_moves():
            if isinstance(move, Take):
                own = move.colour == game.to_move
                said = [take_words(move, own), slot_words(move.slot), slot_box(move.slot)]
            else:
                said = [move_words(move, crossed_number(game, p, move)), move_words(move)]
            found.update(dict.fromkeys(str(text) for text in said))
    return list(found)


def helps() -> list[str]:
    """Every tooltip of the Turn dock's choices (a die's place, a unit to send, a develop, a
    conquest, the new soldiers, a starting area) for each legal move met, and the hover of
    every space of each map met (a starting area, a white pyramid in each scoring, a factory,
    who holds it), with a white pyramid's words for the numbers the maps print."""
    from pyramid_lab.model.rolling import Deploy, Take
    from pyramid_lab.viewer.games.rolling import RollingUI
    from pyramid_lab.viewer.games.rolling.sites import LAYERS
    from pyramid_lab.viewer.games.rolling.words import (
        move_help,
        take_help,
        unit_help,
        white_pyramid_words,
    )

    found: dict[str, None] = {}
    sites = RollingUI()
    for game in games():
        found.update(
            dict.fromkeys(
                str(sites.describe(game, None, cell * LAYERS, {}))
                for cell in range(len(game.map.cells))
            )
        )
        if game.is_over() or game.current_player() < 0:
            continue
        for unit in game.units(game.current_player()):
            for bomb in (False, True):
                found.setdefault(str(unit_help(unit.name, str(unit.troops), bomb)))
        for move in game.legal_moves():
            if isinstance(move, Take):
                said = [take_help(move, own) for own in (True, False)]
            elif isinstance(move, Deploy):
                said = [unit_help(move.unit, "", False)]
            else:
                said = [move_help(move)]
            found.update(dict.fromkeys(str(text) for text in said))
    for name in ("f1", "f2", "a", "b", "c", "reserve", "heroes"):
        for troops in ("", "5", "2*", "5+2*"):
            found.setdefault(str(unit_help(name, troops, name == "c")))
    for top, bottom in ((1, 2), (2, 3), (1, 1), (3, 0)):
        for last in ("both", "second"):
            for solo in (False, True):
                found.setdefault(str(white_pyramid_words(top, bottom, 10, last, solo)))
    return list(found)


def cleanups() -> Iterator[RollingPyramids]:
    """The first positions of a cleanup (a device to place) in games played at random."""
    for players, seed in ((2, 1), (3, 5)):
        game = RollingPyramids.new(RollingPyramids.parse_options({"players": players}))
        rng = random.Random(seed)
        met = 0
        while not game.is_over() and met < 3:
            if game.phase == "cleanup" and game.current_player() >= 0:
                met += 1
                yield game.copy()  # (the model's copy: a deepcopy copies the map and factions too)
            game.push(rng.choice(sorted(game.legal_moves(), key=repr)))


class _Seats:
    """A host's seats for :class:`~viewer.games.rolling.seats.Seats`: the colours the
    computer plays."""

    def __init__(self, computer: dict[str, str]) -> None:
        self.computer = computer

    def computer_players(self) -> dict[str, str]:
        return self.computer


def prompts() -> list[str]:
    """The prompt and the Turn dock's question (``RollingTurn.prompt``, ``ask``) and a
    click's and Finish turn's refusal that name what to do, in each position met: everyone
    human (the hot seat's hand-over in a secret deployment), the seat taken, a die or a unit
    chosen or none, a device's first space, the computer deciding."""
    from pyramid_lab.viewer.games.rolling import RollingUI
    from pyramid_lab.viewer.lab.turn_builder import Declined

    found: dict[str, None] = {}

    def said(turn: Any) -> None:
        found.update(dict.fromkeys([str(turn.prompt()), str(turn.ask())]))
        for answer in (turn.click(0), turn.finish()):
            if isinstance(answer, Declined):
                found.setdefault(str(answer.reason))

    for game in itertools.chain(games(), cleanups()):  # (games() plays on: one at a time)
        ui = RollingUI()
        said(ui.turn(game))
        if game.current_player() < 0:
            continue
        ui.seats.seated = game.to_move
        turn = ui.turn(game)
        said(turn)
        turn.die = 0
        said(turn)
        turn.die, turn.unit = None, None
        said(turn)
        if turn.device is not None:
            turn.first = 0
            said(turn)
        ui.seats.host = _Seats({game.to_move: "1"})  # type: ignore[assignment]  # (a Host's seats only)
        said(ui.turn(game))
    return list(found)


def captured() -> dict[str, list[str]]:
    from pyramid_lab.viewer.games.rolling.panels import pool_html, sheet_html

    def sheets(game: RollingPyramids) -> list[str]:
        return [sheet_html(game, p) for p in range(len(game.players))]

    return {
        "pools": panels(lambda game: [pool_html(game)]),
        "sheets": panels(sheets),
        "walks": walks(),
        "errors": errors(),
        "choices": choices(),
        "helps": helps(),
        "prompts": prompts(),
    }


if __name__ == "__main__":
    DATA_FILE.parent.mkdir(exist_ok=True)
    kept = json.loads(DATA_FILE.read_text(encoding="utf-8")) if DATA_FILE.exists() else {}
    now = captured()
    # (a key captured before its words changed is kept: the English to compare with)
    text = json.dumps({**now, **kept}, indent=0, ensure_ascii=False) + "\n"
    DATA_FILE.write_text(text, encoding="utf-8")
    print(sys.argv[0], "wrote", DATA_FILE, len(text), "characters")
