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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import networkx as nx

from ..cards import Card, format_cost
from ..errors import PositionError
from ..rules import Rules
from .building import rune_graph
from .moves import Delta, cost_groups, rune_steps
from .states import Cost, Key, RuneState, cost_delta, key_of, paid_key


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


class TurnState(NamedTuple):
    """A rune state at the start of a turn, with the counter (the cards played, the starting
    card included): the counter decides when a play opens a Padlock (on 4 and 8)."""

    runes: RuneState
    counter: int

    @property
    def label(self) -> str:
        """``☀2 ☾2 ·0 🔒2 | counter 1``."""
        return f"{self.runes.label} | counter {self.counter}"


def _start_counter(start: RuneState, counter: int | None, rules: Rules) -> int:
    if counter is None:
        found = rules.counter_for_open_spaces(start.open_spaces)
        if found is None:
            raise PositionError("rune state", f"no counter gives {start.open_spaces} open spaces")
        return found
    if isinstance(counter, bool) or not isinstance(counter, int):
        raise PositionError("counter", f"should be a whole number, not {counter!r}")
    if not 1 <= counter <= rules.counter_max:
        raise PositionError("counter", f"should be from 1 to {rules.counter_max}, not {counter}")
    if rules.open_spaces_at(counter) != start.open_spaces:
        raise PositionError(
            "counter", f"a counter on {counter} does not give {start.open_spaces} open spaces"
        )
    return counter


Ways = dict[tuple[Key, int], list[tuple[str, ...]]]


def _one_turn(key: Key, counter: int, plays: Sequence[tuple[str, Delta]], rules: Rules) -> Ways:
    """Every (rune state, counter) that ``rules.actions_per_turn`` actions reach, with the
    sequences of rune actions and plays that reach it (a Take a Card is left out)."""
    frontier: Ways = {(key, counter): [()]}
    for _ in range(rules.actions_per_turn):
        step: Ways = {}
        for (here, level), ways in frontier.items():
            step.setdefault((here, level), []).extend(ways)  # a Take a Card: runes unchanged
            for action, _, there in rune_steps(here, rules):
                step.setdefault((there, level), []).extend(w + (action,) for w in ways)
            after = level + 1 if level < rules.counter_max else level
            opens = after != level and rules.unlocks_at(after)
            for action, delta in plays:
                if here[0] < delta[0] or here[1] < delta[1]:
                    continue
                paid = paid_key(here, delta)
                if opens:
                    paid = (paid[0], paid[1], paid[2] + 1, paid[3] - 1, paid[4], paid[5])
                step.setdefault((paid, after), []).extend(w + (action,) for w in ways)
        frontier = step
    return frontier


def turn_graph(
    start: RuneState,
    *,
    counter: int | None = None,
    cards: Iterable[Card | str | Cost] = (),
    rules: Rules | None = None,
    max_turns: int | None = None,
) -> nx.DiGraph:
    """One edge per turn, from ``start`` with the counter on ``counter``.

    Nodes are ``TurnState`` values (a rune state and the counter); an edge goes to every
    node that ``rules.actions_per_turn`` actions reach (a Take a Card spends an action and
    leaves the runes as they are), with ``turns`` the sequences of rune actions and plays
    that get there, shortest first. A play moves the counter one space (it stops on
    ``rules.counter_max``) and opens a Padlock only when the counter reaches an unlock level,
    so from the start (counter 1) no first turn opens one. ``counter`` defaults to the lowest
    that gives ``start``'s open spaces. Every cost of ``cards`` (one edge per distinct cost,
    a multiset of icons) is taken to be in hand whenever it is wanted, as often as wanted;
    the reserve is ``start``'s (``None``: never short). ``max_turns`` stops the search that
    many turns from ``start``.

    >>> turns = turn_graph(RuneState.start(), cards=["flip moon, return moon"], max_turns=1)
    >>> root = TurnState(RuneState.start(), 1)
    >>> [t.label for t in sorted(turns.successors(root))][-2:]
    ['☀4 ☾0 ·0 🔒2 | counter 1', '☀4 ☾0 ·0 🔒2 | counter 2']
    >>> turns.edges[root, TurnState(RuneState(4, 0, 4, 2), 1)]["turns"]
    (('flip sun',), ('flip moon', 'flip sun'))
    """
    rules = rules or Rules()
    root = TurnState(start, _start_counter(start, counter, rules))
    plays = [(group.action, cost_delta(group.cost)) for group in cost_groups(cards)]
    turns = nx.DiGraph()
    turns.add_node(root, label=root.label)
    depth = {root: 0}
    queue = [root]
    for node in queue:
        if max_turns is not None and depth[node] >= max_turns:
            continue
        for (key, level), ways in _one_turn(key_of(node.runes), node.counter, plays, rules).items():
            there = TurnState(RuneState.trusted(key), level)
            if there == node:
                continue
            if there not in depth:
                depth[there] = depth[node] + 1
                queue.append(there)
                turns.add_node(there, label=there.label)
            sequences = sorted({w for w in ways if w}, key=lambda w: (len(w), w))
            turns.add_edge(node, there, turns=tuple(sequences))
    return turns


def turns_to_afford(
    state: RuneState,
    cost: Card | str | Cost,
    *,
    counter: int | None = None,
    rules: Rules | None = None,
) -> int | None:
    """The fewest turns (from the start of a turn, rune actions only) until ``state`` can pay
    ``cost``; ``None`` if no number of turns can.

    >>> turns_to_afford(RuneState.start(), "flip sun, flip sun, flip sun")
    1
    """
    from .states import as_cost

    icons = as_cost(cost)
    rules = rules or Rules()
    root = TurnState(state, _start_counter(state, counter, rules))
    graph = turn_graph(state, counter=root.counter, rules=rules)
    for node, distance in nx.single_source_shortest_path_length(graph, root).items():
        if node.runes.can_pay(icons):
            return int(distance)
    return None


__all__ = ["ClosedClass", "TurnState", "closed_classes", "turn_graph", "turns_to_afford"]
