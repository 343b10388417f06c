"""Tournament throughput: ``tabletop.tournament`` games per second here, on 2 worker
processes and on a 2-worker Dask ``LocalCluster``.

Run: ``python benchmarks/bench_tournament.py [--deals 10] [--game carnuta|carnival]``. A
round-robin of the random and greedy bots and two variants of the greedy one (six tables, each
deal played from both seats), the same seeds on every route; every route must give the same
games (checked), so only the speed differs. Starting the processes or the cluster is timed
apart from the games. On a machine shared with other work the parallel figures also measure
the other work (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from carnival_core import CarnivalTitle
from carnuta_core.title import CarnutaTitle
from tabletop.tournament import TournamentResult, tournament

ENTRANTS = {
    "random": "random",
    "greedy": "greedy",
    "greedy, no hand": ("greedy", {"hand_weight": 0.0}),
    "greedy, no runes": ("greedy", {"rune_weight": 0.0}),
}
CARNIVAL_ENTRANTS = {
    "random": "random",
    "greedy": "greedy",
    "greedy, top card": ("greedy", {"memory": 0}),
    "mcts 10": ("mcts", {"iterations": 10}),
}


def games_of(result: TournamentResult) -> list[dict[str, Any]]:
    """The games without the measured thinking time."""
    return [{k: v for k, v in row.items() if k != "thinking"} for row in result.rows]


def timed(**route: Any) -> tuple[float, float, TournamentResult]:
    """The wall time and this process's CPU time of a tournament (the CPU time counts the
    games only when they are played here), and its result."""
    title, entrants, deals = route.pop("title"), route.pop("entrants"), route.pop("deals")
    start, start_cpu = time.perf_counter(), time.process_time()
    result = tournament(title, entrants, deals=deals, progress=False, **route)
    return time.perf_counter() - start, time.process_time() - start_cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--game", choices=("carnuta", "carnival"), default="carnuta")
    args = parser.parse_args()
    title = CarnutaTitle() if args.game == "carnuta" else CarnivalTitle()
    entrants = ENTRANTS if args.game == "carnuta" else CARNIVAL_ENTRANTS
    common = {"title": title, "entrants": entrants, "deals": args.deals}
    games = 6 * args.deals * 2
    print(
        f"{title.name} round-robin, {len(entrants)} bots, {games} games "
        f"(cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f})"
    )
    here, here_cpu, reference = timed(**common)
    print(
        f"  this process : {games / here:6.1f} games/s ({games / here_cpu:.1f} per second of CPU time)"
    )
    two, _, result = timed(**common, workers=2)
    assert games_of(result) == games_of(reference)
    print(f"  2 processes  : {games / two:6.1f} games/s (speed-up {here / two:.2f}x)")
    from dask.distributed import Client, LocalCluster

    start = time.perf_counter()
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        started = time.perf_counter() - start
        on_dask, _, result = timed(**common, client=client)
    assert games_of(result) == games_of(reference)
    print(
        f"  Dask, 2 workers: {games / on_dask:6.1f} games/s (speed-up {here / on_dask:.2f}x; "
        f"the cluster took {started:.1f} s to start)"
    )


if __name__ == "__main__":
    main()
