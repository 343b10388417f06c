"""Closed classes and turns: questions the rune graph answers beyond shortest paths.

- A **closed class** is a strongly connected component of the Take/Flip Runes graph with no
  edge leaving it: once a player's runes are in it, rune actions alone never lead out. A
  cost that no state of the class can pay is a *trap* for that card: only playing another
  card (which returns or flips runes) can free the board.
- The **turn graph** has an edge from a state to every state two actions can reach (a turn:
  rune actions, a play, or a Take a Card that leaves the runes as they are).

>>> traps = closed_classes()
>>> [(c.size, c.label) for c in traps][:2]
[(2, '☀4 ☾0 ·0 🔒2 / ☀0 ☾4 ·0 🔒2'), (2, '☀5 ☾0 ·0 🔒1 / ☀0 ☾5 ·0 🔒1')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from ..cards import Card, format_cost
from ..rules import Rules
from .building import rune_graph
from .moves import cost_groups
from .states import Cost, RuneState


@dataclass(frozen=True)
class ClosedClass:
    """A closed class of rune states and the costs its states can and cannot pay."""

    states: tuple[RuneState, ...]
    payable: tuple[str, ...]
    never: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.states)

    @property
    def label(self) -> str:
        return " / ".join(s.label for s in self.states)


def closed_classes(
    cards: Iterable[Card | str | Cost] = (),
    *,
    rules: Rules | None = None,
    players: int | None = None,
) -> list[ClosedClass]:
    """The closed classes of the Take/Flip Runes graph (every state; with ``players``, the
    reserve too), smallest first, with the costs of ``cards`` each can and cannot pay."""
    graph = rune_graph(rules=rules, players=players)
    groups = cost_groups(cards)
    condensed = nx.condensation(graph)
    found = []
    for component in condensed:
        if condensed.out_degree(component):
            continue
        members = tuple(
            sorted(condensed.nodes[component]["members"], key=lambda s: (s.open_spaces, -s.suns))
        )
        payable = tuple(
            format_cost(g.cost) for g in groups if any(s.can_pay(g.cost) for s in members)
        )
        never = tuple(
            format_cost(g.cost) for g in groups if not any(s.can_pay(g.cost) for s in members)
        )
        found.append(ClosedClass(members, payable, never))
    found.sort(key=lambda c: (c.size, c.states[0].open_spaces, c.label))
    return found


def turn_graph(
    start: RuneState | None = None,
    *,
    cards: Iterable[Card | str | Cost] = (),
    rules: Rules | None = None,
    players: int | None = None,
) -> nx.DiGraph:
    """One edge per turn: from each state to every state reachable in at most
    ``rules.actions_per_turn`` actions (a Take a Card spends an action and leaves the runes),
    with ``turns`` the sequences of actions (rune actions and plays) that get there."""
    rules = rules or Rules()
    graph = rune_graph(start, cards=cards, rules=rules, players=players)
    turns = nx.DiGraph()
    turns.add_nodes_from(graph.nodes(data=True))
    for state in graph:
        frontier: dict[RuneState, list[tuple[str, ...]]] = {state: [()]}
        for _ in range(rules.actions_per_turn):
            step: dict[RuneState, list[tuple[str, ...]]] = {}
            for here, ways in frontier.items():
                step.setdefault(here, []).extend(ways)  # a Take a Card: runes unchanged
                for _, there, key in graph.out_edges(here, keys=True):
                    step.setdefault(there, []).extend(way + (key,) for way in ways)
            frontier = step
        for there, ways in frontier.items():
            if there != state:
                sequences = sorted({w for w in ways if w}, key=lambda w: (len(w), w))
                turns.add_edge(state, there, turns=tuple(sequences))
    return turns


def turns_to_afford(
    state: RuneState, cost: Card | str | Cost, *, rules: Rules | None = None
) -> int | None:
    """The fewest turns (from the start of a turn) until ``state`` can pay ``cost``."""
    from .states import as_cost

    icons = as_cost(cost)
    graph = turn_graph(state, rules=rules)
    for node, distance in nx.single_source_shortest_path_length(graph, state).items():
        if node.can_pay(icons):
            return int(distance)
    return None


__all__ = ["ClosedClass", "closed_classes", "turn_graph", "turns_to_afford"]
