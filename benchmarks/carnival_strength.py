"""Carnival: the search bot against the greedy bot, or against a forgetful search, on paired
seeds (not a CI test).

Each seed is played twice, the bots swapping seats, so both get the same deals from both
seats. Neither bot sees a card its seat cannot see: the greedy bot looks ahead on one
determinized copy per decision, the search deals a world per iteration. The search uses
Carnival's settings (``carnival_core.bots.MCTS_SETTINGS``) with the budget given here.
Prints MCTS's win rate (shared wins count as a share) with its 95% Wilson interval, the
mean scores, the win rate from each seat, and the games per second of the run.

    python benchmarks/carnival_strength.py --seeds 200 --iterations 100    # 400 games
    python benchmarks/carnival_strength.py --seeds 200 --iterations 100 --memory 0

With ``--rival-memory k`` the rival is the same search remembering only ``k`` Carnival cards
under the top one: what memory is worth.

    python benchmarks/carnival_strength.py --seeds 200 --iterations 100 --rival-memory 0
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from strength import write_json

from carnival_core import CarnivalTitle
from tabletop import lab


def run(
    seeds: range, mcts: dict[str, Any], rival: lab.BotSpec, workers: int | None
) -> dict[str, Any]:
    bots: list[lab.BotSpec] = [("mcts", mcts), rival]
    start = time.perf_counter()
    df = lab.simulate(CarnivalTitle(), bots, seeds=seeds, rotate=True, workers=workers)
    wall = time.perf_counter() - start
    mine = df["seat"] == df["rotation"]  # the first bot moves one seat on each rotation
    m, g = df[mine], df[~mine]
    wins = float(m["win"].sum())
    low, high = lab.wilson(wins, len(m))
    return {
        "games": int(len(m)),
        "seeds": f"{seeds.start}..{seeds.stop - 1}",
        "mcts": mcts,
        "rival": lab.bot_label(rival),
        "mcts_win_rate": wins / len(m),
        "ci95": [low, high],
        "mcts_mean_score": float(m["score"].mean()),
        "rival_mean_score": float(g["score"].mean()),
        "mcts_win_rate_by_seat": [round(float(r), 3) for r in lab.win_rates(m)["rate"]],
        "mcts_iterations_per_decision": float(m["iterations"].mean()),
        "wall_seconds": wall,
        "games_per_second": len(m) / wall,
        "workers": workers or os.cpu_count(),
    }


def report(result: dict[str, Any]) -> None:
    low, high = result["ci95"]
    print(
        f"Carnival, 2 players, {result['games']} games (seeds {result['seeds']}, both seats), "
        f"MCTS {result['mcts']} vs {result['rival']}:"
    )
    print(
        f"  MCTS win rate {result['mcts_win_rate'] * 100:.1f}% "
        f"(95% Wilson CI {low * 100:.1f}-{high * 100:.1f}%)"
    )
    print(
        f"  mean score MCTS {result['mcts_mean_score']:.2f} vs rival "
        f"{result['rival_mean_score']:.2f}; MCTS win rate by seat "
        f"{result['mcts_win_rate_by_seat']}; "
        f"{result['mcts_iterations_per_decision']:.0f} iterations per searched decision"
    )
    print(
        f"  {result['games_per_second']:.2f} games/s on {result['workers']} worker(s), "
        f"{result['wall_seconds'] / 60:.1f} min"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="seeds (games = 2 x seeds)")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--memory", type=int, default=None, help="the search bot's memory")
    parser.add_argument(
        "--rival-memory", type=int, default=None, help="play a search with this memory instead"
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", default=None, help="also write the result to this file")
    args = parser.parse_args()
    mcts: dict[str, Any] = {"iterations": args.iterations}
    if args.memory is not None:
        mcts["memory"] = args.memory
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    rival: lab.BotSpec = "greedy"
    if args.rival_memory is not None:
        rival = ("mcts", {"iterations": args.iterations, "memory": args.rival_memory})
    result = run(seeds, mcts, rival, args.workers)
    report(result)
    write_json(result, args.json)


if __name__ == "__main__":
    main()
