"""Rolling Pyramids' fights: the layer of :class:`model.rolling.RollingPyramids` that
resolves the round's deployments on the board (fights, bombs, devices across a border,
with the formulas of :mod:`model.rolling.fights`), and the points and strength a computer
player reads from them before the round ends."""

from __future__ import annotations

from pyramid_lab.i18n import M_

from ..words import colour
from .fights import EMPTY, Troops, bombard, fight
from .legal import RollingMoves
from .rules import space_points
from .state import State


class RollingBattles(RollingMoves):
    """The fights of a round, resolved on a :class:`State`."""

    # ---- the fights -------------------------------------------------------------------------

    def _resolve(self, s: State) -> None:
        """Every space with units sent to it, in number order (docs: deploy phase)."""
        before = s.owner.copy()
        n = len(self.players)
        seats = [(s.first + k) % n for k in range(n)]
        sent, bombs = self._sent(s)
        report: list[str] = []
        for cell in sorted(set(sent) | set(bombs)):
            name = self.cell_name(cell)
            holder, garrison = s.owner[cell], s.troops[cell]
            troops = sent.get(cell, {})
            if holder >= 0 and holder in troops:
                # they join the garrison and share its fate: they never attack later
                garrison = garrison + troops.pop(holder)
                report.append(
                    M_(
                        "{space}: {colour} reinforces to {troops}",
                        space=name,
                        colour=colour(self.players[holder]),
                        troops=str(garrison),
                    )
                )
            for p in seats:
                for bomber, amount in bombs.get(cell, []):
                    if bomber != p or holder in (EMPTY, p):
                        continue
                    garrison = self._bomb(s, cell, p, amount, holder, garrison, report)
                    if not garrison:
                        holder = EMPTY
            for p in seats:
                if p == holder or p not in troops:
                    continue
                if holder == EMPTY:
                    holder, garrison = p, troops[p]
                    report.append(
                        M_(
                            "{space}: {colour} takes it with {troops}",
                            space=name,
                            colour=colour(self.players[p]),
                            troops=str(troops[p]),
                        )
                    )
                    continue
                holder, garrison = self._attack(
                    s, cell, p, troops[p], holder, garrison, before, report
                )
            s.owner[cell], s.troops[cell] = holder, garrison
        for p in range(n):
            gained = [
                c
                for c in self._holdable
                if s.owner[c] == p
                and before[c] != p
                and (self._options.conquest == "new" or before[c] != EMPTY)
            ]
            s.sheets[p].conquests = len(gained)
        s.fights = tuple(report)

    def _sent(
        self, s: State
    ) -> tuple[dict[int, dict[int, Troops]], dict[int, list[tuple[int, int]]]]:
        """The orders by space: each seat's troops sent there, and the bombs (seat, plain
        units) thrown at it; another seat's secret order (an information state) is left out."""
        sent: dict[int, dict[int, Troops]] = {}
        bombs: dict[int, list[tuple[int, int]]] = {}
        for order in s.orders:
            if order.cell is None:  # another seat's secret, in an information state
                continue
            if order.bomb:
                bombs.setdefault(order.cell, []).append((order.player, order.troops.plain))
            else:
                here = sent.setdefault(order.cell, {})
                here[order.player] = here.get(order.player, Troops()) + order.troops
        return sent, bombs

    def _bomb(
        self,
        s: State,
        cell: int,
        p: int,
        amount: int,
        holder: int,
        garrison: Troops,
        report: list[str],
    ) -> Troops:
        """Seat ``p``'s bomb of ``amount`` on ``holder``'s ``garrison`` at ``cell``: what is
        left of the garrison (said in ``report``)."""
        umbrella = holder >= 0 and any(
            d.kind == "umbrella" and d.player == holder and d.cell == cell for d in s.devices
        )
        left = bombard(
            amount,
            garrison,
            defence_weight=self._weight(holder, False),
            umbrella=umbrella,
            rounding=self._options.halving,
        )
        values = {
            "space": self.cell_name(cell),
            "colour": colour(self.players[p]),
            "amount": str(amount),
            "holder": colour(str(self.colour_of(holder))),
            "troops": str(garrison),
        }
        if left and umbrella:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops} (umbrella): "
                "{left} left",
                left=str(left),
                **values,
            )
        elif left:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops}: {left} left",
                left=str(left),
                **values,
            )
        elif umbrella:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops} (umbrella): "
                "nothing left",
                **values,
            )
        else:
            said = M_(
                "{space}: {colour}'s bomb of {amount} hits {holder}'s {troops}: nothing left",
                **values,
            )
        report.append(said)
        return left

    def _attack(
        self,
        s: State,
        cell: int,
        p: int,
        attack: Troops,
        holder: int,
        garrison: Troops,
        before: list[int],
        report: list[str],
    ) -> tuple[int, Troops]:
        """Seat ``p``'s ``attack`` on ``holder``'s ``garrison`` at ``cell`` (a ram and spikes
        count against the space's holder when the phase began): who holds it after, with
        what (said in ``report``)."""
        original = holder == before[cell]
        ram = original and self._device_across(s, "ram", p, cell, p, before)
        spikes = (
            original and holder >= 0 and self._device_across(s, "spikes", holder, cell, p, before)
        )
        result = fight(
            attack,
            garrison,
            attack_weight=self._weight(p, True),
            defence_weight=self._weight(holder, False),
            ram=ram,
            spikes=spikes,
            rounding=self._options.halving,
        )
        whole_attack = attack.strength(self._weight(p, True))
        whole_defence = garrison.strength(self._weight(holder, False))
        attacker, defender = colour(self.players[p]), colour(str(self.colour_of(holder)))
        if result.winner == "attacker":
            holder, garrison = p, result.survivors
            then = M_("{colour} takes it with {troops}", colour=attacker, troops=str(garrison))
        elif result.winner == "defender":
            garrison = result.survivors
            then = M_("{colour} holds with {troops}", colour=defender, troops=str(garrison))
        else:
            holder, garrison = EMPTY, Troops()
            then = M_("they kill each other out: the space is empty")
        report.append(
            M_(
                "{space}: {colour} {attack} attacks {holder} {defence}: {then}",
                space=self.cell_name(cell),
                colour=attacker,
                attack=_strength(result.attack_number, whole_attack, halved_by_spikes=spikes),
                holder=defender,
                defence=_strength(result.defence_number, whole_defence, halved_by_ram=ram),
                then=then,
            )
        )
        return holder, garrison

    def _device_across(
        self, s: State, kind: str, owner: int, cell: int, attacker: int, before: list[int]
    ) -> bool:
        """Whether ``owner`` has a ``kind`` on a border between ``cell`` and a cell the
        attacker controlled when the phase began."""
        for d in s.devices:
            if d.kind != kind or d.player != owner:
                continue
            if d.cell == cell and d.other >= 0 and before[d.other] == attacker:
                return True
            if d.other == cell and before[d.cell] == attacker:
                return True
        return False

    # ---- for computer players ---------------------------------------------------------

    def round_points(self, player: int, *, own_orders_only: bool = True) -> int:
        """The points ``player`` would score at this round's end if the fights were
        resolved now, seeing only their own deployments (the others' are secret)."""
        s = self._s
        if s.phase == "deploy":
            s = s.copy()
            if own_orders_only:
                s.orders = [o for o in s.orders if o.player == player]
            self._resolve(s)
        last = s.round == self._options.rounds
        return sum(
            space_points(self.map.cells[c], last, self._options.last_round)
            for c in self.map.spaces
            if s.owner[c] == player
        )

    def strength_this_round(self, player: int) -> int:
        """The strength of every unit of ``player`` this round, deployed or not."""
        return sum(
            u.troops.strength(self._weight(player, True))
            for u in self._units(self._s, player, all_of_round=True)
        )


def _strength(
    number: object, whole: object, *, halved_by_spikes: bool = False, halved_by_ram: bool = False
) -> str:
    """A side's strength in a fight, and what it was before spikes or a ram halved it."""
    if halved_by_spikes:
        return M_("{number} ({whole} halved by spikes)", number=str(number), whole=str(whole))
    if halved_by_ram:
        return M_("{number} ({whole} halved by a ram)", number=str(number), whole=str(whole))
    return str(number)
