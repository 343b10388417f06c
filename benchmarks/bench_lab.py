"""Simulation throughput: ``lab.simulate`` games per second on 1 and 2 worker processes.

Run: ``python benchmarks/bench_lab.py [--games 1000]``. 3-player GreedyBot games, the same seeds
on 1 and on 2 workers; parallel efficiency = (games/s on 2) / (2 x games/s on 1). On a machine
shared with other work the efficiency also measures the other work (the load is printed); the
1-worker rate per second of CPU time moves less with the load.
"""

from __future__ import annotations

import argparse
import os
import time

from carnuta_core import lab


def throughput(games: int, workers: int) -> tuple[float, float]:
    """Games per second of wall-clock time, and of this process's CPU time (meaningful with
    one worker, which plays in this process)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    lab.simulate("greedy", players=3, games=games, workers=workers, progress=False)
    return games / (time.perf_counter() - start), games / (time.process_time() - start_cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    print(
        f"lab.simulate, {args.games} three-player greedy games (cores: {os.cpu_count()}, "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    one, one_cpu = throughput(args.games, 1)
    print(f"  1 worker : {one:6.1f} games/s ({one_cpu:.1f} per second of CPU time)")
    two, _ = throughput(args.games, 2)
    print(f"  2 workers: {two:6.1f} games/s")
    print(f"  speed-up {two / one:.2f}x, parallel efficiency {two / (2 * one) * 100:.0f}%")


if __name__ == "__main__":
    main()
