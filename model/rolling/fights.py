"""Rolling Pyramids' fights: troops, halving, losses, a fight and a bombardment, and the
solo variant's reinforcement walk. Pure functions and frozen values, tested sentence by
sentence in ``tests/model/test_rolling_rules.py`` with the rest of the rule sheet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Troops:
    """Units on a space or sent to one: plain troops and heroes (shown with a star)."""

    plain: int = 0
    heroes: int = 0

    def __add__(self, other: Troops) -> Troops:
        return Troops(self.plain + other.plain, self.heroes + other.heroes)

    def __sub__(self, other: Troops) -> Troops:
        return Troops(self.plain - other.plain, self.heroes - other.heroes)

    def __bool__(self) -> bool:
        return self.plain > 0 or self.heroes > 0

    def strength(self, hero_weight: int = 1) -> int:
        """The side's number in a fight: each plain unit 1, each hero ``hero_weight``."""
        return self.plain + self.heroes * hero_weight

    def __str__(self) -> str:
        parts = []
        if self.plain or not self.heroes:
            parts.append(str(self.plain))
        if self.heroes:
            parts.append(f"{self.heroes}*")
        return "+".join(parts)


NOBODY_TROOPS = Troops()


def half(count: int, rounding: str = "up") -> int:
    """Half of ``count`` ("break down number ... in half"), rounded up or down."""
    return (count + 1) // 2 if rounding == "up" else count // 2


def halved(troops: Troops, rounding: str = "up", *, apart: bool = True) -> Troops:
    """The half of ``troops`` kept: with ``apart`` plain troops and heroes each halved;
    else the number of units halved once, the plain troops going first (as losses do)."""
    if apart:
        return Troops(half(troops.plain, rounding), half(troops.heroes, rounding))
    kept = half(troops.plain + troops.heroes, rounding)
    heroes = min(troops.heroes, kept)
    return Troops(kept - heroes, heroes)


def device_half(troops: Troops, halving: str, *, owner_keeps: bool) -> Troops:
    """The half a device makes of ``troops`` under the option ``halving``: ``device``
    halves the number of units, rounded for the device's owner (a ram or spikes leave
    the enemy the smaller half; an umbrella, ``owner_keeps``, protects the bigger), so
    a device always does something; ``up`` / ``down`` halve plain troops and heroes
    apart, each rounded so."""
    if halving == "device":
        return halved(troops, "up" if owner_keeps else "down", apart=False)
    return halved(troops, halving)


def take_losses(troops: Troops, points: int, hero_weight: int = 1) -> Troops:
    """What is left after losing ``points``: plain troops fall first, one point each; a
    hero falls only when its whole count (``hero_weight``) is taken."""
    plain_lost = min(troops.plain, points)
    rest = points - plain_lost
    heroes_lost = min(troops.heroes, rest // hero_weight)
    return Troops(troops.plain - plain_lost, troops.heroes - heroes_lost)


@dataclass(frozen=True, slots=True)
class FightResult:
    """One fight: who won (``"attacker"``, ``"defender"`` or None when they killed each
    other out), what is left of the winner, and the numbers compared."""

    winner: str | None
    survivors: Troops
    attacker: Troops  # after spikes
    defender: Troops  # after the ram
    attack_number: int
    defence_number: int
    ram: bool = False
    spikes: bool = False


def fight(
    attacker: Troops,
    defender: Troops,
    *,
    attack_weight: int = 1,
    defence_weight: int = 1,
    ram: bool = False,
    spikes: bool = False,
    rounding: str = "device",
) -> FightResult:
    """ "The smaller number is subtracted from the bigger, and what is left is written on the
    space. ... If numbers are equal they kill each other out." Before subtracting, a ram
    (of the attacker, on the border attacked across) halves the defenders and spikes (of
    the defender) halve the attackers (:func:`device_half`, ``rounding`` the option
    ``halving``). Heroes count ``attack_weight`` / ``defence_weight`` in their side's
    number (the factions' hero abilities)."""
    if ram:
        defender = device_half(defender, rounding, owner_keeps=False)
    if spikes:
        attacker = device_half(attacker, rounding, owner_keeps=False)
    a = attacker.strength(attack_weight)
    d = defender.strength(defence_weight)
    if a > d:
        winner, left = "attacker", take_losses(attacker, d, attack_weight)
    elif d > a:
        winner, left = "defender", take_losses(defender, a, defence_weight)
    else:
        winner, left = None, NOBODY_TROOPS
    return FightResult(winner, left, attacker, defender, a, d, ram, spikes)


def bombard(
    bomb: int,
    defender: Troops,
    *,
    defence_weight: int = 1,
    umbrella: bool = False,
    rounding: str = "device",
) -> Troops:
    """What is left of ``defender`` after a bomb of ``bomb`` units (which never stays): it
    fights like an attack; an umbrella on the space protects half of the defenders (the
    heroes first), so only the other half fights the bomb."""
    protected = device_half(defender, rounding, owner_keeps=True) if umbrella else NOBODY_TROOPS
    exposed = defender - protected
    result = fight(Troops(bomb), exposed, defence_weight=defence_weight)
    left = result.survivors if result.winner == "defender" else NOBODY_TROOPS
    return protected + left


PHARAOH = -2  # the Pharaoh's units in the walk (a player is 0..3, an empty space -1)


EMPTY = -1


def reinforcement_walk(
    spaces: Sequence[tuple[int, Troops]], walkers: int, defence_weight: int = 1
) -> tuple[list[tuple[int, Troops]], list[str]]:
    """The Pharaoh's reinforcements: ``walkers`` appear on space 1 and go around the board
    (spaces 1, 2, 3, ... and round again) "leaving one soldier, increasing the number on
    that space by 1"; on the player's space they first destroy the player's units one for
    one (heroes by their count), then leave one if any remain.

    ``spaces`` are (holder, troops) in number order, the holder :data:`PHARAOH`,
    :data:`EMPTY` or the player (0). Returns the spaces after the walk and one line per
    space reached."""
    board = list(spaces)
    log: list[str] = []
    k = 0
    while walkers > 0:
        holder, troops = board[k]
        if holder in (PHARAOH, EMPTY):
            board[k] = (PHARAOH, troops + Troops(1))
            walkers -= 1
            log.append(f"space {k + 1}: +1 ({board[k][1]})")
        else:
            strength = troops.strength(defence_weight)
            if walkers > strength:
                walkers -= strength + 1
                board[k] = (PHARAOH, Troops(1))
                log.append(f"space {k + 1}: the player's {troops} destroyed, 1 stays")
            elif walkers == strength:
                walkers = 0
                board[k] = (EMPTY, NOBODY_TROOPS)
                log.append(f"space {k + 1}: the player's {troops} and the walkers kill each other")
            else:
                left = take_losses(troops, walkers, defence_weight)
                walkers = 0
                board[k] = (holder, left)
                log.append(f"space {k + 1}: the player's {troops} hold with {left}")
        k = (k + 1) % len(board)
    return board, log


def walk_size(dice: Sequence[int]) -> int:
    """The Pharaoh's reinforcements: "Add the numbers on the dice chosen, and divide by
    2" (rounded down)."""
    return sum(dice) // 2
