"""Simulation throughput: ``lab.simulate`` games per second on 1 and 2 worker processes.

Run: ``python benchmarks/bench_lab.py [--games 200]``. 3-player GreedyBot games, the same seeds
on 1 and on 2 workers; parallel efficiency = (games/s on 2) / (2 x games/s on 1). On a machine
shared with other work the efficiency also measures the other work (the load is printed).
"""

from __future__ import annotations

import argparse
import os
import time

from carnuta_core import lab


def throughput(games: int, workers: int) -> float:
    start = time.perf_counter()
    lab.simulate("greedy", players=3, games=games, workers=workers, progress=False)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(
        f"lab.simulate, {args.games} three-player greedy games (cores: {os.cpu_count()}, "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    one = throughput(args.games, 1)
    print(f"  1 worker : {one:6.1f} games/s")
    two = throughput(args.games, 2)
    print(f"  2 workers: {two:6.1f} games/s")
    print(f"  speed-up {two / one:.2f}x, parallel efficiency {two / (2 * one) * 100:.0f}%")


if __name__ == "__main__":
    main()
