"""Building rune graphs: every state, or the states reachable from one, with their edges.

Nodes are ``RuneState`` values; edges are added through networkx's public ``add_edges_from``
(``rune_graph_slow`` builds the same graph move by move, as the reference it is tested against).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import networkx as nx

from ..cards import Card, format_cost
from ..rules import Rules
from .moves import CostGroup, Move, cost_groups, moves, rune_steps
from .states import Cost, Key, RuneState, cost_delta, key_of


def all_states(rules: Rules | None = None, players: int | None = None) -> list[RuneState]:
    """Every rune state a board can show; with ``players``, joined with every reserve that
    fits the runes of that game (board + reserve never exceeds ``rules.total_runes``).

    >>> len(all_states()), len(all_states(players=4))
    (64, 12918)
    """
    return [RuneState(*k) for k in all_keys(rules or Rules(), players)]


def all_keys(rules: Rules, players: int | None) -> list[Key]:
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
        for action, kind, target in rune_steps(k, rules):
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
            states, edges = _build(all_keys(rules, players), rules, groups, closed=True)
        else:
            states, edges = _build(
                [key_of(start)], rules, groups, closed=False, max_actions=max_actions
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
            add_move(graph, state, move)
    return graph


def add_move(graph: nx.MultiDiGraph, state: RuneState, move: Move) -> None:
    """Add ``move``, taken from ``state``, to ``graph`` as the rune graph holds its edges
    (keyed ``move.key``, with the move's attributes), and its target with its ``label`` if the
    graph does not have it yet: for graphs built move by move, such as a view of one position.
    """
    if move.target not in graph:
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


__all__ = [
    "add_move",
    "all_keys",
    "all_states",
    "rune_graph",
    "rune_graph_slow",
]
