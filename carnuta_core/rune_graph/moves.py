"""Moves: the edges of the rune graph, one per action that changes runes (Take Runes, Flip
Runes, and one play per distinct cost, with its padlock twin while Padlocks remain). The rune
transitions themselves come from ``carnuta_core.runes``, the counter facts from ``Rules``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import runes
from ..cards import Card, format_cost
from ..model import Face
from ..rules import Rules
from .states import Cost, Key, RuneState, as_cost, cost_delta, key_of, paid_key


@dataclass(frozen=True, slots=True)
class Move:
    """One edge of the rune graph: an action in the engine's notation and where it leads."""

    action: str
    kind: str  # "runes", "flip" or "play"
    target: RuneState
    cost: str | None = None
    cards: tuple[str, ...] = ()
    padlock: bool = False
    counter: int | None = None  # for a padlock edge: the counter level that opens it

    @property
    def key(self) -> str:
        """The edge key in the graph: the action, plus ``+padlock`` for a padlock edge."""
        return f"{self.action} +padlock" if self.padlock else self.action


@dataclass(frozen=True)
class CostGroup:
    """The cards of one cost, so the graph has one play edge per distinct cost."""

    cost: Cost
    cards: tuple[str, ...]

    @property
    def action(self) -> str:
        """``play D05`` (the first card of the cost), or ``pay flip sun`` for a bare cost."""
        return f"play {self.cards[0]}" if self.cards else f"pay {format_cost(self.cost)}"


def multiset_key(cost: Cost) -> tuple[str, ...]:
    """A cost as a multiset of icons: the order its icons are printed in does not matter.

    >>> multiset_key(as_cost("flip sun, flip moon")) == multiset_key(as_cost("flip moon, flip sun"))
    True
    """
    return tuple(sorted(str(icon) for icon in cost))


def cost_groups(cards: Iterable[Card | str | Cost]) -> tuple[CostGroup, ...]:
    """Group cards (or bare costs) by cost, first appearance first; free cards are skipped.

    A cost is a multiset of icons: ``flip sun, flip moon`` and ``flip moon, flip sun`` are one
    cost (one group, shown in the order of its first card).

    >>> [g.action for g in cost_groups(["flip sun", "flip sun", "return moon"])]
    ['pay flip sun', 'pay return moon']
    >>> [format_cost(g.cost) for g in cost_groups(["flip sun, flip moon", "flip moon, flip sun"])]
    ['flip sun, flip moon']
    """
    order: dict[tuple[str, ...], tuple[Cost, list[str]]] = {}
    for item in cards:
        cost = as_cost(item)
        if not cost:
            continue
        _, ids = order.setdefault(multiset_key(cost), (cost, []))
        if isinstance(item, Card):
            ids.append(item.id)
    return tuple(CostGroup(cost, tuple(ids)) for cost, ids in order.values())


def rune_steps(k: Key, rules: Rules) -> list[tuple[str, str, Key]]:
    """(action, kind, target) for every legal Take Runes and Flip Runes, in the engine's order."""
    suns, moons, spaces, locked, rs, rm = k
    empty = spaces - suns - moons
    null_ok = rules.allow_null_actions
    out: list[tuple[str, str, Key]] = []
    moved = runes.taken(empty, rs)
    if moved > 0 or null_ok:
        target = (suns + moved, moons, spaces, locked, None if rs is None else rs - moved, rm)
        out.append(("runes sun", "runes", target))
    moved = runes.taken(empty, rm)
    if moved > 0 or null_ok:
        target = (suns, moons + moved, spaces, locked, rs, None if rm is None else rm - moved)
        out.append(("runes moon", "runes", target))
    for face in (Face.SUN, Face.MOON):
        for count in runes.flip_counts(face, suns, moons, rules.flip_mode, null_ok):
            su, mo = runes.flipped(face, suns, moons, count)
            action = f"flip {face}" + ("" if count is None else f" {count}")
            out.append((action, "flip", (su, mo, spaces, locked, rs, rm)))
    return out


Delta = tuple[int, int, int, int, int, int]


def _play_steps(
    k: Key, deltas: Sequence[Delta], level: int | None
) -> list[tuple[int, int | None, Key]]:
    """(index of the cost, unlock level or None, target) for every payable cost (``deltas``
    from ``cost_delta``), each with its padlock twin while a Padlock remains."""
    suns, moons, spaces, locked = k[0], k[1], k[2], k[3]
    out: list[tuple[int, int | None, Key]] = []
    for index, delta in enumerate(deltas):
        if suns < delta[0] or moons < delta[1]:
            continue
        target = paid_key(k, delta)
        out.append((index, None, target))
        if level is not None:
            out.append((index, level, (target[0], target[1], spaces + 1, locked - 1, *target[4:])))
    return out


def rune_moves(state: RuneState, rules: Rules | None = None) -> list[Move]:
    """The Take Runes and Flip Runes actions legal from ``state``, in the engine's order.

    >>> [m.action for m in rune_moves(RuneState(1, 0, 4, 2))]
    ['runes sun', 'runes moon', 'flip moon']
    """
    steps = rune_steps(key_of(state), rules or Rules())
    return [Move(action, kind, RuneState(*target)) for action, kind, target in steps]


def play_moves(
    state: RuneState, groups: Sequence[CostGroup], rules: Rules | None = None
) -> list[Move]:
    """The card plays (one per cost) payable from ``state``; while Padlocks remain, each also
    has a *padlock* twin: the same play as the card that moves the counter onto an unlock level.

    >>> [m.key for m in play_moves(RuneState(0, 2, 4, 2), cost_groups(["return moon"]))]
    ['pay return moon', 'pay return moon +padlock']
    """
    level = (rules or Rules()).next_unlock(state.locked)
    deltas = [cost_delta(group.cost) for group in groups]
    return [
        Move(
            groups[index].action,
            "play",
            RuneState(*target),
            format_cost(groups[index].cost),
            groups[index].cards,
            lock is not None,
            lock,
        )
        for index, lock, target in _play_steps(key_of(state), deltas, level)
    ]


def moves(
    state: RuneState, rules: Rules | None = None, groups: Sequence[CostGroup] = ()
) -> list[Move]:
    """Every edge out of ``state``: rune actions, then card plays."""
    return rune_moves(state, rules) + play_moves(state, groups, rules)


__all__ = [
    "CostGroup",
    "Delta",
    "Move",
    "cost_groups",
    "multiset_key",
    "moves",
    "play_moves",
    "rune_moves",
    "rune_steps",
]
