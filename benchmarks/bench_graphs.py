"""Graph speed: the full rune-state graph, actions_to_afford for a whole deck, the synergy graph.

Run: ``python benchmarks/bench_graphs.py [--repeat 5]``. Every figure is the best of
``--repeat`` cold runs (caches cleared before each): wall-clock time, and the process's CPU
time (what the code costs when the machine is shared; the load average is printed too), next
to the target of the issue, which is checked on the wall-clock time:

- the full rune-state graph (with reserve) for 4 players: < 1 s (networkx's public
  `add_edges_from` builds it: most of the time is spent there);
- ``actions_to_afford`` for every reference card from one state: < 50 ms;
- the synergy graph for the 72 cards: < 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import Any

from carnuta_core import reference_deck, runes
from carnuta_core import rune_graph as rg
from carnuta_core import synergy as sy
from carnuta_core.rune_graph import RuneState


class Timing:
    def __init__(self, wall: float, cpu: float):
        self.wall = wall
        self.cpu = cpu

    def ms(self) -> str:
        return f"{self.wall * 1000:,.1f} ms (CPU {self.cpu * 1000:,.1f} ms)"


def best(run: Callable[[], Any], repeat: int, clear: Callable[[], None]) -> tuple[Timing, Any]:
    """The fastest of ``repeat`` cold runs (``clear`` before each): wall and CPU seconds."""
    walls, cpus = [], []
    result = None
    for _ in range(repeat):
        clear()
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return Timing(min(walls), min(cpus)), result


def clear_rune_caches() -> None:
    rg.clear_caches()
    runes.cost_need.cache_clear()
    runes.cost_delta.cache_clear()


def verdict(timing: Timing, target: float) -> str:
    wall = "ok" if timing.wall < target else "MISSED"
    return f"[target < {target * 1000:,.0f} ms: {wall}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    deck = reference_deck()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Carnuta graphs (best of {args.repeat} cold runs; load average {load:.1f})")

    seconds, graph = best(
        lambda: rg.rune_graph(players=4, cards=deck), args.repeat, clear_rune_caches
    )
    print(
        f"  full rune-state graph, 4 players with reserve, every reference cost: "
        f"{graph.number_of_nodes():,} states, {graph.number_of_edges():,} edges in "
        f"{seconds.ms()} {verdict(seconds, 1.0)}"
    )
    seconds, graph = best(lambda: rg.rune_graph(players=4), args.repeat, clear_rune_caches)
    print(f"  the same, rune actions only: {graph.number_of_edges():,} edges in {seconds.ms()}")

    for name, state in (
        ("the start (4 players)", RuneState.start(players=4)),
        ("an empty board, 5 open, reserve 2+1", RuneState(0, 0, 5, 1, 2, 1)),
        ("a 6-space board, reserve never short", RuneState(1, 2, 6, 0)),
    ):
        seconds, found = best(
            lambda s=state: rg.afford_all(s, deck), args.repeat, clear_rune_caches
        )
        reachable = sum(1 for a in found.values() if a.affordable)
        print(
            f"  actions_to_afford for all {len(deck)} reference cards from {name}: "
            f"{seconds.ms()}, {reachable} affordable {verdict(seconds, 0.05)}"
        )

    synergy_clear = sy.clear_caches
    seconds, graph = best(lambda: sy.synergy_graph(deck), args.repeat, synergy_clear)
    print(
        f"  synergy graph of the {len(deck)}-card deck: {graph.number_of_nodes()} nodes, "
        f"{graph.number_of_edges()} edges in {seconds.ms()} {verdict(seconds, 0.5)}"
    )
    seconds, _ = best(lambda: sy.ingredient_demand(deck), args.repeat, synergy_clear)
    print(f"  ingredient demand (weighted in-degree, supply): {seconds.ms()}")
    seconds, _ = best(lambda: sy.strategy_clusters(deck), args.repeat, synergy_clear)
    print(f"  strategy clusters (card graph + Louvain): {seconds.ms()}")


if __name__ == "__main__":
    main()
