"""Shortest paths: how many rune actions until a cost can be paid, and which."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import networkx as nx

from ..cards import Card
from ..rules import Rules
from .building import rune_graph
from .states import Cost, CostLike, RuneState, as_cost


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


__all__ = [
    "Afford",
    "actions_to_afford",
    "afford_all",
    "clear_caches",
]
