"""Rune states as a graph: why a card costs a turn, and why the 4th card matters.

A *rune state* is what a player's board shows: Suns, Moons, empty open spaces and Padlocks,
optionally joined with the reserve's Suns and Moons (so that scarcity in 2-, 3- and 4-player
games shows). The *rune graph* has one node per rune state and one edge per action that changes
runes, labelled in the engine's notation:

- ``runes sun`` / ``runes moon`` (Take Runes: fill the empty open spaces from the reserve),
- ``flip sun`` / ``flip moon`` (Flip Runes; ``flip sun 2`` in the ``flip_mode="any"`` variant),
- ``play N07`` (paying a card's cost: flip icons turn a rune, return icons send it to the
  reserve), once as a plain play and, while Padlocks remain, once as the play that moves the
  counter onto an unlock level (the 4th or 8th card): a *padlock* edge, which also opens a space.

Every edge is the engine's truth: ``tests/test_graphs.py`` stages positions with
``to_position`` and checks each edge against ``Game.legal_actions()`` and ``Game.play()``.

>>> from carnuta_core import Rules
>>> start = RuneState.start(Rules(), players=3)
>>> start.label
'☀2 ☾2 ·0 🔒2 | reserve ☀2 ☾2'
>>> actions_to_afford(start, "flip moon, return moon").actions  # the Berry: payable now
0
>>> three_moons = actions_to_afford(start, "return moon, return moon, return moon")
>>> three_moons.actions, three_moons.path
(1, ['flip moon'])
>>> print(three_moons)
1 action: flip moon -> ☀0 ☾4 ·0 🔒2 | reserve ☀2 ☾2

networkx is imported here and in ``synergy.py`` only.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from statistics import mean
from typing import TYPE_CHECKING, Any, NamedTuple, Union

import networkx as nx

from . import runes
from .cards import Card, CostIcon, format_cost, parse_cost
from .deck import Deck
from .errors import DeckError, PositionError
from .model import Face, Kind, Origin, Row
from .rules import Rules
from .scoring import card_points, ingredient_counts

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from .game import Game

#: A card cost: the tuple of its rune icons (``parse_cost("flip moon, return moon")``).
Cost = tuple[CostIcon, ...]
#: What ``actions_to_afford`` and the tables accept as a cost.
CostLike = Union[Card, Cost, str]

SUN, MOON, EMPTY, LOCK = "☀", "☾", "·", "🔒"
#: Symbols that every matplotlib font draws (no emoji), for pictures.
PLOT_SYMBOLS = ("☀", "☾", "·", "#")

RUNE_ACTIONS = ("runes", "flip")

#: A rune state as a plain tuple, for the hot loops: the fields of ``RuneState`` in order.
Key = tuple[int, int, int, int, Union[int, None], Union[int, None]]


# ------------------------------------------------------------------ rune states
class _RuneFields(NamedTuple):
    suns: int
    moons: int
    open_spaces: int
    locked: int
    reserve_suns: int | None = None
    reserve_moons: int | None = None


class RuneState(_RuneFields):
    """One player's runes, optionally with the reserve's (``None`` = a reserve never short).

    An immutable value (a named tuple, so that graphs of ~13,000 states hash fast), checked
    when made: a bad field is a ``PositionError`` naming it.

    >>> state = RuneState(2, 1, 4, 2, reserve_suns=2, reserve_moons=2)
    >>> state.empty, state.label
    (1, '☀2 ☾1 ·1 🔒2 | reserve ☀2 ☾2')
    >>> RuneState(2, 1, 4, 2).label
    '☀2 ☾1 ·1 🔒2'
    >>> RuneState(3, 2, 4, 2)
    Traceback (most recent call last):
    ...
    carnuta_core.errors.PositionError: rune state: 3 Suns and 2 Moons do not fit on 4 open spaces
    """

    __slots__ = ()

    def __new__(
        cls,
        suns: int,
        moons: int,
        open_spaces: int,
        locked: int,
        reserve_suns: int | None = None,
        reserve_moons: int | None = None,
    ) -> RuneState:
        for name, value in (
            ("suns", suns),
            ("moons", moons),
            ("open_spaces", open_spaces),
            ("locked", locked),
            ("reserve_suns", reserve_suns),
            ("reserve_moons", reserve_moons),
        ):
            if value is None and name.startswith("reserve"):
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise PositionError(
                    f"rune state.{name}", f"should be a whole number >= 0, not {value!r}"
                )
        if suns + moons > open_spaces:
            raise PositionError(
                "rune state",
                f"{suns} Suns and {moons} Moons do not fit on {open_spaces} open spaces",
            )
        if (reserve_suns is None) != (reserve_moons is None):
            raise PositionError(
                "rune state.reserve", "give both reserve_suns and reserve_moons, or neither"
            )
        return _RuneFields.__new__(
            cls, suns, moons, open_spaces, locked, reserve_suns, reserve_moons
        )

    @staticmethod
    def trusted(k: Key) -> RuneState:
        """A state from fields already known to be valid (the graph builders' hot path):
        no check, so only for tuples made by the kit's own rune moves."""
        return tuple.__new__(RuneState, k)

    def _replace(self, **changes: Any) -> RuneState:
        """A copy with some fields changed, checked like a new state."""
        fields = self._asdict()
        fields.update(changes)
        return RuneState(**fields)

    # -- derived values
    @property
    def runes(self) -> int:
        """Runes on the board."""
        return self.suns + self.moons

    @property
    def empty(self) -> int:
        """Empty open spaces."""
        return self.open_spaces - self.suns - self.moons

    @property
    def has_reserve(self) -> bool:
        return self.reserve_suns is not None

    @property
    def total(self) -> int | None:
        """Runes on the board plus the reserve: no action of this player changes it."""
        if self.reserve_suns is None or self.reserve_moons is None:
            return None
        return self.runes + self.reserve_suns + self.reserve_moons

    def _text(self, symbols: tuple[str, str, str, str]) -> str:
        sun, moon, empty, lock = symbols
        text = f"{sun}{self.suns} {moon}{self.moons} {empty}{self.empty} {lock}{self.locked}"
        if self.reserve_suns is not None:
            text += f" | reserve {sun}{self.reserve_suns} {moon}{self.reserve_moons}"
        return text

    @property
    def label(self) -> str:
        """``☀2 ☾1 ·1 🔒1 | reserve ☀2 ☾2``: Suns, Moons, empty spaces, Padlocks | reserve."""
        return self._text((SUN, MOON, EMPTY, LOCK))

    @property
    def plot_label(self) -> str:
        """The label in two lines, with ``#`` for a Padlock (every font draws it)."""
        text = self._text(PLOT_SYMBOLS)
        return text.replace(" | ", "\n")

    def __str__(self) -> str:
        return self.label

    def without_reserve(self) -> RuneState:
        """The same board with a reserve that is never short."""
        return self._replace(reserve_suns=None, reserve_moons=None)

    def with_reserve(self, suns: int, moons: int) -> RuneState:
        return self._replace(reserve_suns=suns, reserve_moons=moons)

    def can_pay(self, cost: CostLike) -> bool:
        """Whether the board shows the runes ``cost`` asks for (each icon its own rune).

        >>> RuneState(1, 1, 4, 2).can_pay("flip moon, return moon")
        False
        """
        return runes.can_pay(self.suns, self.moons, runes.cost_need(as_cost(cost)))

    # -- constructors
    @staticmethod
    def of(game: Game, seat: int | None = None, *, reserve: bool = True) -> RuneState:
        """The rune state of ``seat`` (the current player by default) in ``game``."""
        seat = game.current_player if seat is None else seat
        view = game.player(seat)
        state = RuneState(view.suns, view.moons, view.open_spaces, view.locked_spaces)
        if reserve:
            stock = game.reserve
            state = state.with_reserve(stock[Face.SUN], stock[Face.MOON])
        return state

    @staticmethod
    def start(rules: Rules | None = None, players: int | None = None) -> RuneState:
        """A player's runes at setup; with ``players``, the reserve of that game too.

        >>> RuneState.start(players=2).label
        '☀2 ☾2 ·0 🔒2 | reserve ☀1 ☾1'
        """
        rules = rules or Rules()
        state = RuneState(
            rules.starting_suns,
            rules.starting_moons,
            rules.open_spaces,
            rules.rune_spaces - rules.open_spaces,
        )
        if players is not None:
            per_face = rules.reserve_for(players)
            state = state.with_reserve(per_face, per_face)
        return state


# ------------------------------------------------------------------ costs
def as_cost(cost: CostLike) -> Cost:
    """A cost from a card, its icons, or its text (``"flip moon, return moon"``)."""
    if isinstance(cost, Card):
        return cost.cost
    if isinstance(cost, str):
        try:
            return parse_cost(cost)
        except ValueError as error:
            raise DeckError(f"cost {cost!r}: {error}") from None
    return tuple(cost)


def cost_delta(cost: Cost) -> tuple[int, int, int, int, int, int]:
    """(Suns needed, Moons needed, change of board Suns, of board Moons, Suns returned to the
    reserve, Moons returned): ``runes.cost_need`` and ``runes.cost_delta`` side by side.

    >>> cost_delta(parse_cost("flip moon, return moon"))
    (0, 2, 1, -2, 0, 1)
    """
    return (*runes.cost_need(cost), *runes.cost_delta(cost))


def _key(state: RuneState) -> Key:
    return tuple.__new__(tuple, state)


def _paid(k: Key, delta: tuple[int, int, int, int, int, int]) -> Key:
    suns, moons, spaces, locked, rs, rm = k
    _, _, d_suns, d_moons, back_suns, back_moons = delta
    return (
        suns + d_suns,
        moons + d_moons,
        spaces,
        locked,
        None if rs is None else rs + back_suns,
        None if rm is None else rm + back_moons,
    )


def pay(state: RuneState, cost: CostLike) -> RuneState:
    """The rune state after paying ``cost`` (the board must show the runes).

    >>> pay(RuneState(1, 3, 5, 1, 0, 0), "flip moon, return moon").label
    '☀2 ☾1 ·2 🔒1 | reserve ☀0 ☾1'
    """
    icons = as_cost(cost)
    if not state.can_pay(icons):
        raise PositionError(
            "cost", f"{state.label} cannot pay '{format_cost(icons)}': too few runes showing"
        )
    return RuneState(*_paid(_key(state), cost_delta(icons)))


def unlock(state: RuneState) -> RuneState:
    """The rune state once a Padlock comes off: one more empty open space."""
    if state.locked == 0:
        raise PositionError("rune state", f"{state.label} has no Padlock left to open")
    return state._replace(open_spaces=state.open_spaces + 1, locked=state.locked - 1)


# ------------------------------------------------------------------ moves (graph edges)
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


def cost_groups(cards: Iterable[Card | str | Cost]) -> tuple[CostGroup, ...]:
    """Group cards (or bare costs) by cost, first appearance first; free cards are skipped.

    >>> [g.action for g in cost_groups(["flip sun", "flip sun", "return moon"])]
    ['pay flip sun', 'pay return moon']
    """
    order: dict[Cost, list[str]] = {}
    for item in cards:
        cost = as_cost(item)
        if not cost:
            continue
        ids = order.setdefault(cost, [])
        if isinstance(item, Card):
            ids.append(item.id)
    return tuple(CostGroup(cost, tuple(ids)) for cost, ids in order.items())


def _rune_steps(k: Key, rules: Rules) -> list[tuple[str, str, Key]]:
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
        target = _paid(k, delta)
        out.append((index, None, target))
        if level is not None:
            out.append((index, level, (target[0], target[1], spaces + 1, locked - 1, *target[4:])))
    return out


def rune_moves(state: RuneState, rules: Rules | None = None) -> list[Move]:
    """The Take Runes and Flip Runes actions legal from ``state``, in the engine's order.

    >>> [m.action for m in rune_moves(RuneState(1, 0, 4, 2))]
    ['runes sun', 'runes moon', 'flip moon']
    """
    steps = _rune_steps(_key(state), rules or Rules())
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
        for index, lock, target in _play_steps(_key(state), deltas, level)
    ]


def moves(
    state: RuneState, rules: Rules | None = None, groups: Sequence[CostGroup] = ()
) -> list[Move]:
    """Every edge out of ``state``: rune actions, then card plays."""
    return rune_moves(state, rules) + play_moves(state, groups, rules)


# ------------------------------------------------------------------ graphs
def all_states(rules: Rules | None = None, players: int | None = None) -> list[RuneState]:
    """Every rune state a board can show; with ``players``, joined with every reserve that
    fits the runes of that game (board + reserve never exceeds ``rules.total_runes``).

    >>> len(all_states()), len(all_states(players=4))
    (64, 12918)
    """
    return [RuneState(*k) for k in _all_keys(rules or Rules(), players)]


def _all_keys(rules: Rules, players: int | None) -> list[Key]:
    out: list[Key] = []
    total = rules.total_runes(players) if players is not None else None
    for spaces in range(rules.open_spaces, rules.rune_spaces + 1):
        locked = rules.rune_spaces - spaces
        for suns in range(spaces + 1):
            for moons in range(spaces - suns + 1):
                if total is None:
                    out.append((suns, moons, spaces, locked, None, None))
                    continue
                left = total - suns - moons
                for rs in range(left + 1):
                    for rm in range(left - rs + 1):
                        out.append((suns, moons, spaces, locked, rs, rm))
    return out


def _build(
    keys: Sequence[Key],
    rules: Rules,
    groups: Sequence[CostGroup],
    closed: bool,
    max_actions: int | None = None,
) -> tuple[list[RuneState], list[tuple[RuneState, RuneState, str, Mapping[str, Any]]]]:
    """The states and edges of a rune graph: ``keys`` and their edges; unless ``closed``
    (every target is among ``keys``), also every state reachable from them, breadth first
    (within ``max_actions`` actions, if given: the states at that distance get no out-edges).

    States come in breadth-first order and edges in the engine's order of actions, so that
    networkx's shortest paths break ties the same way every time.
    """
    interned: dict[Key, RuneState] = {}
    rune_attrs: dict[str, Mapping[str, Any]] = {}
    # per number of Padlocks: every play edge as (key, attributes, Suns and Moons needed, then
    # the change of Suns, Moons, open spaces, Padlocks, reserve Suns, reserve Moons)
    plays: dict[int, list[tuple[str, Mapping[str, Any], int, int, int, int, int, int, int, int]]]
    plays = {}
    for locked in range(rules.rune_spaces + 1):
        level = rules.next_unlock(locked)
        found = plays[locked] = []
        for group in groups:
            need_s, need_m, d_s, d_m, back_s, back_m = cost_delta(group.cost)
            for lock in (None, level) if level is not None else (None,):
                edge_attrs = {
                    "action": group.action,
                    "kind": "play",
                    "cost": format_cost(group.cost),
                    "cards": group.cards,
                    "padlock": lock is not None,
                    "counter": lock,
                }
                key = f"{group.action} +padlock" if lock is not None else group.action
                opened = 0 if lock is None else 1
                found.append(
                    (key, edge_attrs, need_s, need_m, d_s, d_m, opened, -opened, back_s, back_m)
                )

    depth: dict[Key, int] = {}
    here = 0
    queue: list[Key] = []
    edges: list[tuple[RuneState, RuneState, str, Mapping[str, Any]]] = []
    add = edges.append

    def intern(k: Key) -> RuneState:
        state = interned[k] = RuneState.trusted(k)
        if not closed:
            queue.append(k)
            depth[k] = here + 1
        return state

    for k in keys:
        intern(k)
        depth[k] = 0
    queue = list(keys) if closed else queue
    i = 0
    while i < len(queue):
        k = queue[i]
        i += 1
        if max_actions is not None and not closed:
            here = depth[k]
            if here >= max_actions:
                continue
        u = interned[k]
        for action, kind, target in _rune_steps(k, rules):
            attrs = rune_attrs.get(action)
            if attrs is None:
                attrs = rune_attrs[action] = {
                    "action": action,
                    "kind": kind,
                    "cost": None,
                    "cards": (),
                    "padlock": False,
                    "counter": None,
                }
            add((u, interned.get(target) or intern(target), action, attrs))
        suns, moons, spaces, locked, rs, rm = k
        for edge_key, play, need_s, need_m, d_s, d_m, d_o, d_l, back_s, back_m in plays[locked]:
            if suns < need_s or moons < need_m:
                continue
            if rs is None or rm is None:
                target = (suns + d_s, moons + d_m, spaces + d_o, locked + d_l, None, None)
            else:
                target = (
                    suns + d_s,
                    moons + d_m,
                    spaces + d_o,
                    locked + d_l,
                    rs + back_s,
                    rm + back_m,
                )
            add((u, interned.get(target) or intern(target), edge_key, play))
    return list(interned.values()), edges


def rune_graph(
    start: RuneState | None = None,
    *,
    cards: Iterable[Card | str | Cost] = (),
    rules: Rules | None = None,
    players: int | None = None,
    max_actions: int | None = None,
) -> nx.MultiDiGraph:
    """The rune graph: nodes are ``RuneState`` values, edges the actions that change runes.

    With ``start``, the states reachable from it (its reserve, or none, as given), within
    ``max_actions`` actions if given (``2``: what one turn can reach); without,
    every state (``all_states``; with ``players`` the reserve is part of the state). ``cards``
    (cards or costs) add one play edge per distinct cost, plus padlock twins.
    Node attribute ``label``; edge keys are the action (``+padlock`` for a padlock twin),
    edge attributes ``action`` (engine notation), ``kind`` (``runes``, ``flip``, ``play``),
    ``cost``, ``cards``, ``padlock`` and ``counter`` (the level that opens the Padlock).

    >>> graph = rune_graph(RuneState.start(players=2))
    >>> graph.number_of_nodes(), sorted({a for _, _, a in graph.edges(data="action")})
    (3, ['flip moon', 'flip sun'])
    """
    rules = rules or Rules()
    groups = cost_groups(cards)
    graph = nx.MultiDiGraph(players=players)
    with _gc_paused():  # ~200,000 new dicts and tuples, none of them garbage
        if start is None:
            states, edges = _build(_all_keys(rules, players), rules, groups, closed=True)
        else:
            states, edges = _build(
                [_key(start)], rules, groups, closed=False, max_actions=max_actions
            )
        graph.add_nodes_from((state, {"label": state.label}) for state in states)
        graph.add_edges_from(edges)
    return graph


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building (it would scan the new containers
    again and again); restore its state after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def rune_graph_slow(
    start: RuneState | None = None,
    *,
    cards: Iterable[Card | str | Cost] = (),
    rules: Rules | None = None,
    players: int | None = None,
    max_actions: int | None = None,
) -> nx.MultiDiGraph:
    """``rune_graph`` built with networkx's public ``add_edge`` from ``moves``: the
    reference the fast builder is tested against."""
    rules = rules or Rules()
    groups = cost_groups(cards)
    graph = nx.MultiDiGraph(players=players)
    todo = all_states(rules, players) if start is None else [start]
    distance = dict.fromkeys(todo, 0)
    for state in todo:
        graph.add_node(state, label=state.label)
    i = 0
    while i < len(todo):
        state = todo[i]
        i += 1
        if start is not None and max_actions is not None and distance[state] >= max_actions:
            continue
        for move in moves(state, rules, groups):
            if move.target not in distance:
                distance[move.target] = distance[state] + 1
                todo.append(move.target)
                graph.add_node(move.target, label=move.target.label)
            graph.add_edge(
                state,
                move.target,
                key=move.key,
                action=move.action,
                kind=move.kind,
                cost=move.cost,
                cards=move.cards,
                padlock=move.padlock,
                counter=move.counter,
            )
    return graph


# ------------------------------------------------------------------ shortest paths
@dataclass(frozen=True)
class Afford:
    """How many rune actions until a cost can be paid, and which (a shortest path).

    ``actions`` is ``None`` when no sequence of rune actions ever affords the cost.
    """

    start: RuneState
    cost: Cost
    actions: int | None
    path: list[str] = field(default_factory=list)
    states: list[RuneState] = field(default_factory=list)

    @property
    def affordable(self) -> bool:
        return self.actions is not None

    @property
    def to_play(self) -> int | None:
        """Actions until the card is in play: the rune actions plus the play itself."""
        return None if self.actions is None else self.actions + 1

    def __str__(self) -> str:
        if self.actions is None:
            return f"never affordable from {self.start.label}"
        if not self.path:
            return "0 actions: affordable now"
        steps = ", ".join(
            f"{action} -> {state.label}"
            for action, state in zip(self.path, self.states[1:], strict=True)
        )
        return f"{self.actions} action{'s' if self.actions != 1 else ''}: {steps}"


@lru_cache(maxsize=4096)
def _rune_paths(start: RuneState, rules: Rules) -> tuple[dict[RuneState, list[RuneState]], Any]:
    graph = rune_graph(start, rules=rules)
    return nx.single_source_shortest_path(graph, start), graph


def clear_caches() -> None:
    """Forget the shortest paths kept for recent start states (for cold-start timings)."""
    _rune_paths.cache_clear()


def actions_to_afford(state: RuneState, cost: CostLike, rules: Rules | None = None) -> Afford:
    """The fewest Take Runes / Flip Runes actions from ``state`` until ``cost`` can be paid,
    with the path: a shortest path in the rune graph (networkx BFS), ties broken by BFS order.

    >>> empty = RuneState(0, 0, 4, 2, reserve_suns=1, reserve_moons=1)
    >>> actions_to_afford(empty, "return sun, return sun").path
    ['runes sun', 'runes moon', 'flip sun']
    >>> actions_to_afford(empty, "return sun, return sun, return sun").actions is None
    True
    >>> actions_to_afford(empty.without_reserve(), "return sun, return sun").path
    ['runes sun']
    """
    rules = rules or Rules()
    icons = as_cost(cost)
    paths, graph = _rune_paths(state, rules)
    for node, path in paths.items():  # BFS order: the first payable node is the closest
        if node.can_pay(icons):
            actions = [_edge_action(graph, a, b) for a, b in zip(path, path[1:], strict=False)]
            return Afford(state, icons, len(path) - 1, actions, list(path))
    return Afford(state, icons, None)


def _edge_action(graph: nx.MultiDiGraph, a: RuneState, b: RuneState) -> str:
    edges = graph.get_edge_data(a, b)
    return str(min(edges))  # deterministic when two actions lead to the same state


def afford_all(
    state: RuneState, cards: Iterable[Card], rules: Rules | None = None
) -> dict[str, Afford]:
    """``actions_to_afford`` for every card (Salts included; starting cards are free)."""
    return {card.id: actions_to_afford(state, card, rules) for card in cards}


# ------------------------------------------------------------------ staging positions
def to_position(
    state: RuneState,
    deck: Deck,
    *,
    rules: Rules | None = None,
    players: int | None = None,
    counter: int | None = None,
    hand: Sequence[str] = (),
    seed: int = 0,
) -> dict[str, Any]:
    """A position (for ``Game.from_json``) in which player 1 shows ``state`` and is to act.

    ``counter`` (cards in play) defaults to the lowest that gives the state's open spaces.
    Without a reserve in ``state``, the reserve is as full as the game's runes allow (4
    players by default). The other players hold the runes left over.

    >>> from carnuta_core import Game, reference_deck
    >>> game = Game.from_json(to_position(RuneState.start(players=3), reference_deck()))
    >>> RuneState.of(game, 0).label
    '☀2 ☾2 ·0 🔒2 | reserve ☀2 ☾2'
    """
    rules = rules or Rules()
    if players is None:
        players = rules.player_counts[-1]
        if state.total is not None:  # the smallest game that holds the state's runes
            players = next(
                (n for n in rules.player_counts if rules.total_runes(n) >= state.total), players
            )
    total = rules.total_runes(players)
    if state.open_spaces + state.locked != rules.rune_spaces:
        raise PositionError(
            "rune state", f"{state.open_spaces} open + {state.locked} locked != {rules.rune_spaces}"
        )
    if counter is None:
        counter = rules.counter_for_open_spaces(state.open_spaces)
        if counter is None:
            raise PositionError("rune state", f"no counter gives {state.open_spaces} open spaces")
    if rules.open_spaces_at(counter) != state.open_spaces:
        raise PositionError(
            "counter", f"a counter on {counter} does not give {state.open_spaces} open spaces"
        )
    if state.reserve_suns is None or state.reserve_moons is None:
        spare = total - state.runes
        per_face = max(state.empty, rules.reserve_for(players))
        reserve_suns = reserve_moons = min(per_face, spare // 2)
    else:
        reserve_suns, reserve_moons = state.reserve_suns, state.reserve_moons
    rest = total - state.runes - reserve_suns - reserve_moons
    if rest < 0:
        raise PositionError(
            "rune state", f"{state.label} holds more than the {total} runes of {players} players"
        )
    starts = [c.id for c in deck.of(Origin.START)]
    fillers = [
        c.id
        for c in deck
        if c.origin is not Origin.START and c.kind is not Kind.SALT and c.id not in hand
    ]
    boards: list[dict[str, Any]] = []
    me_played = [starts[0]] + [fillers.pop() for _ in range(counter - 1)]
    board = "S" * state.suns + "M" * state.moons + "." * state.empty + "#" * state.locked
    boards.append({"runes": board, "played": me_played, "hand": list(hand)})
    for seat in range(1, players):
        others = players - seat
        share = -(-rest // others)  # ceiling: leftover runes spread over the other boards
        other_counter = 1
        while rules.open_spaces_at(other_counter) < share and other_counter < rules.counter_max:
            other_counter += 1
        capacity = rules.open_spaces_at(other_counter)
        if capacity < share:
            raise PositionError("rune state", f"{rest} runes do not fit on the other boards")
        suns = min(share, rest) // 2
        moons = min(share, rest) - suns
        rest -= suns + moons
        played = [starts[seat]] + [fillers.pop() for _ in range(other_counter - 1)]
        text = "S" * suns + "M" * moons + "." * (capacity - suns - moons)
        text += "#" * (rules.rune_spaces - capacity)
        boards.append({"runes": text, "played": played})
    used = {c for board in boards for c in board["played"]} | set(hand)
    market: dict[str, list[str | None]] = {}
    for row in (Row.DAY, Row.NIGHT):
        free: list[str | None] = [c.id for c in deck if c.origin.row is row and c.id not in used]
        free += [None] * rules.market_row_size
        market[row.value] = free[: rules.market_row_size]
    position: dict[str, Any] = {
        "players": players,
        "market": market,
        "seed": seed,
        "reserve": {"sun": reserve_suns, "moon": reserve_moons},
        "boards": boards,
        "rules": rules.changes(),
    }
    if counter >= rules.end_trigger:
        position["turn"] = {"round": 1, "final_round": 1}  # the end is already triggered
    if deck.name != "reference":
        position["deck"] = {"name": deck.name, "csv": deck.to_csv()}
    return position


# ------------------------------------------------------------------ named and typical states
def named_states(rules: Rules | None = None, players: int | None = 3) -> dict[str, RuneState]:
    """A few states a learner meets, with the reserve of a ``players`` game at its start level.

    >>> list(named_states())
    ['start', 'empty board', '1 Sun left', '4 Moons', '5 open, empty', '6 open, empty']
    """
    rules = rules or Rules()
    locked = rules.rune_spaces - rules.open_spaces
    spaces = rules.open_spaces
    states = {
        "start": RuneState.start(rules),
        "empty board": RuneState(0, 0, spaces, locked),
        "1 Sun left": RuneState(1, 0, spaces, locked),
        f"{spaces} Moons": RuneState(0, spaces, spaces, locked),
    }
    for extra in range(1, locked + 1):
        states[f"{spaces + extra} open, empty"] = RuneState(0, 0, spaces + extra, locked - extra)
    if players is None:
        return states
    per_face = rules.reserve_for(players)
    return {name: state.with_reserve(per_face, per_face) for name, state in states.items()}


def turn_states(game: Game, *, reserve: bool = False) -> list[RuneState]:
    """The rune state of the player to act at the start of every turn of ``game``'s log."""
    from .transcript import replay

    found: list[RuneState] = []
    previous: tuple[int, int] | None = None
    for before, _, _ in replay(game):
        key = (before.round, before.current_player)
        if key != previous and before.actions_left == before.rules.actions_per_turn:
            found.append(RuneState.of(before, reserve=reserve))
            previous = key
    return found


def typical_states(games: Iterable[Game], top: int = 5) -> list[tuple[RuneState, int]]:
    """The most common rune states at the start of a turn over ``games``, with their counts."""
    counts: Counter[RuneState] = Counter()
    for game in games:
        counts.update(turn_states(game))
    return counts.most_common(top)


def endgame_potions(games: Iterable[Game]) -> list[dict[str, int]]:
    """Every player's final ingredient counts in ``games`` (by ingredient name)."""
    potions = []
    for game in games:
        for seat in range(game.num_players):
            view = game.player(seat)
            counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
            potions.append({i.value: n for i, n in counts.items()})
    return potions


def bot_games(n: int = 6, players: int = 3, seed: int = 0, deck: Deck | None = None) -> list[Game]:
    """``n`` finished games of greedy bots (for typical states and end-game potions).

    A game the bots do not finish within 1,500 actions is skipped: greedy bots can lock
    themselves in the *full-board trap* (four runes on four spaces flip only between all-Sun
    and all-Moon, so no mixed cost is ever affordable) and flip forever.
    """
    from .bots import GreedyBot, play_game

    rng = random.Random(seed)
    games: list[Game] = []
    for _ in range(5 * n):
        if len(games) == n:
            break
        bots = [GreedyBot(seed=rng.randrange(2**31)) for _ in range(players)]
        try:
            games.append(play_game(bots, seed=rng.randrange(2**31), deck=deck, max_actions=1500))
        except RuntimeError:
            continue
    return games


# ------------------------------------------------------------------ tables
def _cost_rows(cards: Iterable[Card]) -> list[Card]:
    return [card for card in cards if card.origin is not Origin.START]


def afford_table(
    cards: Iterable[Card], states: Mapping[str, RuneState], rules: Rules | None = None
) -> pd.DataFrame:
    """Actions to play each card (rune actions + the play) from each named state.

    A missing value (``<NA>``) means no sequence of rune actions affords the card there.
    """
    import pandas as pd

    rows = []
    for card in _cost_rows(cards):
        row: dict[str, Any] = {
            "card": card.id,
            "ingredient": card.ingredient.value if card.ingredient else "salt",
            "cost": format_cost(card.cost),
        }
        for name, state in states.items():
            row[name] = actions_to_afford(state, card, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index("card")
    return table.astype({name: "Int64" for name in states})


def cost_table(
    cards: Iterable[Card], states: Mapping[str, RuneState], rules: Rules | None = None
) -> pd.DataFrame:
    """``afford_table`` per distinct cost, with how many cards carry it."""
    import pandas as pd

    groups = cost_groups(_cost_rows(cards))
    rows = []
    for group in groups:
        row: dict[str, Any] = {"cost": format_cost(group.cost), "cards": len(group.cards)}
        for name, state in states.items():
            row[name] = actions_to_afford(state, group.cost, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index("cost")
    return table.astype({name: "Int64" for name in states})


def padlock_table(
    cards: Iterable[Card], rules: Rules | None = None, players: int | None = 3
) -> pd.DataFrame:
    """How opening spaces 5 and 6 changes the actions to play each cost.

    Per cost and number of open spaces: the actions from an empty board, the mean over every
    board with that many open spaces (each board counted once, unaffordable ones left out) and
    how many of those boards can never afford it by rune actions alone. The reserve holds what
    a ``players`` game starts with (``None``: a reserve never short).
    """
    import pandas as pd

    rules = rules or Rules()
    groups = cost_groups(_cost_rows(cards))
    per_face = rules.reserve_for(players) if players is not None else None
    boards = {
        spaces: [
            s if per_face is None else s.with_reserve(per_face, per_face)
            for s in all_states(rules)
            if s.open_spaces == spaces
        ]
        for spaces in range(rules.open_spaces, rules.rune_spaces + 1)
    }
    rows = []
    for group in groups:
        row: dict[str, Any] = {"cost": format_cost(group.cost), "cards": len(group.cards)}
        for spaces, states in boards.items():
            empty = next(s for s in states if s.runes == 0)
            row[f"empty, {spaces} open"] = actions_to_afford(empty, group.cost, rules).to_play
            counts = [actions_to_afford(s, group.cost, rules).to_play for s in states]
            reached = [c for c in counts if c is not None]
            row[f"mean, {spaces} open"] = round(mean(reached), 2) if reached else None
            row[f"never, {spaces} open"] = len(counts) - len(reached)
        rows.append(row)
    table = pd.DataFrame(rows).set_index("cost")
    return table.astype({c: "Int64" for c in table.columns if c.startswith(("empty", "never"))})


def reserve_table(
    cards: Iterable[Card],
    rules: Rules | None = None,
    states: Mapping[str, RuneState] | None = None,
) -> pd.DataFrame:
    """Actions to play each cost from board ``states`` (no reserve) joined with the starting
    reserve of a 2-, 3- and 4-player game, and with a reserve that is never short."""
    import pandas as pd

    rules = rules or Rules()
    if states is None:
        named = named_states(rules, players=None)
        states = {k: named[k] for k in ("empty board", "1 Sun left")}
    groups = cost_groups(_cost_rows(cards))
    rows = []
    for group in groups:
        row: dict[str, Any] = {"cost": format_cost(group.cost), "cards": len(group.cards)}
        for name, board in states.items():
            for players in rules.player_counts:
                per_face = rules.reserve_for(players)
                state = board.with_reserve(per_face, per_face)
                row[f"{name}, {players}p"] = actions_to_afford(state, group.cost, rules).to_play
            row[f"{name}, plenty"] = actions_to_afford(board, group.cost, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index("cost")
    return table.astype({c: "Int64" for c in table.columns if c != "cards"})


def tempo_table(
    cards: Iterable[Card],
    state: RuneState,
    potions: Sequence[Mapping[str, int]],
    rules: Rules | None = None,
) -> pd.DataFrame:
    """Points per action: a card's mean points in typical end-game ``potions`` (ingredient
    counts, the card's own ingredient added) over the actions it takes from ``state``:
    1 Take a Card + the rune actions + 1 Play. Salts (no points of their own) are left out.
    """
    import pandas as pd

    from .model import INGREDIENTS

    rows = []
    for card in _cost_rows(cards):
        if card.ingredient is None:
            continue
        afford = actions_to_afford(state, card, rules)
        points = []
        for potion in potions:
            counts = {i: potion.get(i.value, 0) for i in INGREDIENTS}
            counts[card.ingredient] += card.weight
            points.append(card_points(card, counts))
        actions = None if afford.actions is None else afford.actions + 2
        mean_points = mean(points) if points else 0.0
        rows.append(
            {
                "card": card.id,
                "ingredient": card.ingredient.value,
                "cost": format_cost(card.cost),
                "scoring": str(card.scoring),
                "points": round(mean_points, 2),
                "actions": actions,
                "points per action": None if actions is None else round(mean_points / actions, 2),
            }
        )
    table = pd.DataFrame(rows).set_index("card").astype({"actions": "Int64"})
    return table.sort_values("points per action", ascending=False)


# ------------------------------------------------------------------ drawing
def layered_layout(
    graph: nx.MultiDiGraph, start: RuneState
) -> dict[RuneState, tuple[float, float]]:
    """Positions for a small rune graph: one column per number of actions from ``start``,
    states in a column ordered by open spaces, then Suns minus Moons, then the reserve."""
    distance = nx.single_source_shortest_path_length(graph, start)
    far = max(distance.values(), default=0) + 1
    columns: dict[int, list[RuneState]] = {}
    for state in graph:
        columns.setdefault(distance.get(state, far), []).append(state)
    pos: dict[RuneState, tuple[float, float]] = {}
    for column, states in columns.items():
        states.sort(
            key=lambda s: (
                s.open_spaces, s.moons - s.suns, s.reserve_suns or 0, s.reserve_moons or 0
            )
        )  # fmt: skip
        for row, state in enumerate(states):
            pos[state] = (column * 3.2, (len(states) - 1) / 2 - row)
    return pos


def _bend(pos: Mapping[RuneState, tuple[float, float]], u: RuneState, v: RuneState) -> str:
    """Edges within one column bend out wide, so they do not run over the states between."""
    return "arc3,rad=0.55" if pos[u][0] == pos[v][0] else "arc3,rad=0.12"


def draw_rune_graph(
    graph: nx.MultiDiGraph,
    *,
    start: RuneState | None = None,
    path: Sequence[RuneState] = (),
    ax: Axes | None = None,
    edge_labels: bool = True,
    padlocks: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw a small rune graph, one column per action from ``start`` (the path's first state,
    or the graph's first node): Take/Flip Runes grey, plays blue dashed, padlock plays
    orange dotted (``padlocks=False`` hides them), and ``path`` in red."""
    import matplotlib.pyplot as plt

    start = start if start is not None else (path[0] if path else next(iter(graph)))
    if not padlocks:  # hide the padlock plays and the states only they reach
        plain = nx.subgraph_view(graph, filter_edge=lambda u, v, k: not graph[u][v][k]["padlock"])
        graph = graph.subgraph(nx.descendants(plain, start) | {start})
    pos = layered_layout(graph, start)
    columns = 1 + round(max(x for x, _ in pos.values()) / 3.2)
    tallest = max(sum(1 for p in pos.values() if p[0] == x) for x, _ in pos.values())
    if ax is None:
        _, ax = plt.subplots(figsize=(max(6.0, 3.4 * columns), max(3.0, 1.1 * tallest + 1)))
    on_path = set(zip(path, path[1:], strict=False))
    edges = [
        (u, v, d) for u, v, d in graph.edges(data=True) if u != v and (padlocks or not d["padlock"])
    ]
    node_size = 5200
    for u, v, data in edges:
        colour, style = (
            ("#8a8a8a", "solid") if data["kind"] in RUNE_ACTIONS else ("#1f77b4", "dashed")
        )
        if data["padlock"]:
            colour, style = "#ff7f0e", "dotted"
        red = (u, v) in on_path
        nx.draw_networkx_edges(
            graph, pos, edgelist=[(u, v)], ax=ax, node_size=node_size, node_shape="s",
            edge_color="#d62728" if red else colour, style="solid" if red else style,
            width=3 if red else 1.3, arrowsize=16 if red else 11,
            connectionstyle=_bend(pos, u, v),
        )  # fmt: skip
    box = {"boxstyle": "round,pad=0.35", "facecolor": "#f2f2f2", "edgecolor": "#555555"}
    highlight = {"boxstyle": "round,pad=0.35", "facecolor": "#ffd27f", "edgecolor": "#d62728"}
    for state, (x, y) in pos.items():
        ax.text(
            x, y, state.plot_label, ha="center", va="center", fontsize=8,
            bbox=highlight if state in path else box, zorder=4,
        )  # fmt: skip
    if edge_labels:
        labels: dict[tuple[RuneState, RuneState], str] = {}
        for u, v, data in edges:
            text = data["action"] + (" +padlock" if data["padlock"] else "")
            labels[(u, v)] = f"{labels[(u, v)]}\n{text}" if (u, v) in labels else text
        for (u, v), text in labels.items():
            nx.draw_networkx_edge_labels(
                graph, pos, edge_labels={(u, v): text}, ax=ax, font_size=7, label_pos=0.45,
                node_size=node_size, connectionstyle=_bend(pos, u, v),
                bbox={"alpha": 0.85, "color": "white", "lw": 0},
            )  # fmt: skip
    ax.set_title(title or "Rune states and the actions between them")
    ax.margins(x=0.08, y=0.12)
    ax.set_axis_off()
    return ax


def draw_tempo(table: pd.DataFrame, *, ax: Axes | None = None, top: int = 20) -> Axes:
    """A bar chart of the ``top`` cards by points per action, coloured Day/Night."""
    import matplotlib.pyplot as plt

    from .model import DAY_INGREDIENTS, Ingredient

    best = table.dropna(subset=["points per action"]).head(top)
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 0.32 * len(best) + 1))
    colours = [
        "#e0a526" if Ingredient(i) in DAY_INGREDIENTS else "#3b3b98" for i in best["ingredient"]
    ]
    labels = [f"{cid} {row.ingredient} [{row.cost}]" for cid, row in best.iterrows()]
    ax.barh(labels[::-1], list(best["points per action"])[::-1], color=colours[::-1])
    ax.set_xlabel("points per action (take + rune actions + play)")
    ax.set_title("Tempo: the best cards per action (gold Day, blue Night)")
    return ax


__all__ = [
    "Afford",
    "CostGroup",
    "Move",
    "RuneState",
    "actions_to_afford",
    "afford_all",
    "afford_table",
    "all_states",
    "as_cost",
    "bot_games",
    "clear_caches",
    "cost_groups",
    "cost_table",
    "draw_rune_graph",
    "layered_layout",
    "draw_tempo",
    "endgame_potions",
    "moves",
    "named_states",
    "padlock_table",
    "pay",
    "play_moves",
    "reserve_table",
    "rune_graph",
    "rune_graph_slow",
    "rune_moves",
    "tempo_table",
    "to_position",
    "turn_states",
    "typical_states",
    "unlock",
]
