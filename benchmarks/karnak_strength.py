"""Karnak: the search bot against the greedy bot, 2 players, on paired seeds (not a CI test).

Each seed is played twice, the bots swapping seats, so both are dealt the same Designs and
Favor cards from both seats (a seed fixes both decks; the games drift apart once the bots
choose differently). The search uses Karnak's settings (``karnak_core.bots.MCTS_SETTINGS``)
with the budget given here; the greedy bot is the kit's, on Karnak's heuristic. A shared win
(RULING 12 leaves a tie) counts half. Prints MCTS's share of the wins over the games with
its 95% Wilson interval, the mean points, MCTS's rate from each seat, how the games ended
and the games per second of the run; ``--json`` writes it all to a file. Every figure
depends on the kit's reconstruction of Karnak (the mat, the 45 invented Designs, the Favor
mix).

    python benchmarks/karnak_strength.py --seeds 200 --workers 2 --json karnak_strength.json

A run split by seeds (to keep partial results, or over machines) gives the same games, since
each bot's seed comes from the game's seed and its seat; ``--merge`` reports on them together:

    python benchmarks/karnak_strength.py --seeds 25 --first-seed 10000 --json a.json
    python benchmarks/karnak_strength.py --seeds 25 --first-seed 10025 --json b.json
    python benchmarks/karnak_strength.py --merge a.json b.json
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from karnak_core import KarnakTitle
from karnak_core.bots import MCTS_SETTINGS
from tabletop import lab


def play(
    seeds: range, mcts: dict[str, Any], rival: lab.BotSpec, workers: int | None
) -> tuple[list[dict[str, Any]], float]:
    """Play every seed from both seats: one row per game, as MCTS saw it, and the wall time."""
    bots: list[lab.BotSpec] = [("mcts", mcts), rival]
    start = time.perf_counter()
    df = lab.simulate(KarnakTitle(), bots, seeds=seeds, rotate=True, workers=workers)
    wall = time.perf_counter() - start
    mine = df[df["seat"] == df["rotation"]]  # the first bot moves one seat on each rotation
    theirs = df[df["seat"] != df["rotation"]].set_index(["seed", "rotation"])
    rows = []
    for row in mine.itertuples():
        rival_row = theirs.loc[(row.seed, row.rotation)]
        rows.append(
            {
                "seed": int(row.seed),
                "mcts_seat": int(row.seat),
                "mcts_win": float(row.win),
                "rival_win": float(rival_row["win"]),
                "mcts_points": int(row.score),
                "rival_points": int(rival_row["score"]),
                "turns": int(row.turns),
                "mcts_iterations": float(row.iterations),
                "seconds": float(row.seconds),
            }
        )
    return rows, wall


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """MCTS's share of the wins with its interval, and the rest."""
    games = len(rows)
    wins = sum(r["mcts_win"] for r in rows)
    low, high = lab.wilson(wins, games)
    by_seat = []
    for seat in (0, 1):
        here = [r for r in rows if r["mcts_seat"] == seat]
        by_seat.append(round(sum(r["mcts_win"] for r in here) / len(here), 3) if here else None)

    def mean(key: str) -> float:
        return sum(r[key] for r in rows) / games

    return {
        "games": games,
        "mcts_score": wins / games,
        "ci95": [low, high],
        "mcts_wins": sum(r["mcts_win"] == 1 for r in rows),
        "rival_wins": sum(r["rival_win"] == 1 for r in rows),
        "shared": sum(0 < r["mcts_win"] < 1 for r in rows),
        "mcts_mean_points": mean("mcts_points"),
        "rival_mean_points": mean("rival_points"),
        "mcts_score_by_seat": by_seat,
        "mcts_iterations_per_decision": mean("mcts_iterations"),
        "mean_turns": mean("turns"),
        "seconds_per_game": mean("seconds"),
    }


def report(result: dict[str, Any]) -> None:
    low, high = result["ci95"]
    print(
        f"Karnak, 2 players, {result['games']} games (seeds {result['seeds']}, both seats), "
        f"MCTS {result['mcts']} vs {result['rival']}:"
    )
    print(
        f"  MCTS score {result['mcts_score'] * 100:.1f}% (95% Wilson CI {low * 100:.1f}-"
        f"{high * 100:.1f}%): MCTS won {result['mcts_wins']}, {result['rival']} "
        f"{result['rival_wins']}, {result['shared']} shared"
    )
    print(
        f"  mean points MCTS {result['mcts_mean_points']:.2f} vs rival "
        f"{result['rival_mean_points']:.2f}; MCTS score by seat {result['mcts_score_by_seat']}; "
        f"{result['mcts_iterations_per_decision']:.0f} iterations per searched decision; "
        f"{result['mean_turns']:.0f} turns a game"
    )
    print(
        f"  {result['games_per_second']:.3f} games/s on {result['workers']} worker(s), "
        f"{result['wall_seconds'] / 60:.1f} min"
        + (f" (the sum of {result['runs']} runs)" if result.get("runs", 1) > 1 else "")
        + ", load average "
        + " ".join(f"{x:.1f}" for x in result["load_average"])
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200, help="seeds (games = 2 x seeds)")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--iterations", type=int, default=None, help="default: MCTS_SETTINGS")
    parser.add_argument("--exploration", type=float, default=None)
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--epsilon", type=float, default=None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", default=None, help="also write the result to this file")
    parser.add_argument(
        "--merge",
        nargs="+",
        default=None,
        help="report on the games of these --json files together (runs split by seeds)",
    )
    args = parser.parse_args()
    mcts: dict[str, Any] = {}
    for name in ("iterations", "exploration", "rollout_depth", "epsilon"):
        value = getattr(args, name)
        if value is not None:
            mcts[name] = value
    if args.merge:
        parts = []
        for name in args.merge:
            with open(name, encoding="utf-8") as f:
                parts.append(json.load(f))
        rows = [row for part in parts for row in part["rows"]]
        wall = sum(part["wall_seconds"] for part in parts)
        head = {
            "seeds": " ".join(part["seeds"] for part in parts),
            "mcts": parts[0]["mcts"],
            "rival": parts[0]["rival"],
            "workers": max(part["workers"] for part in parts),
            "runs": len(parts),
            "load_average": parts[-1]["load_average"],
        }
    else:
        seeds = range(args.first_seed, args.first_seed + args.seeds)
        rows, wall = play(seeds, mcts, "greedy", args.workers)
        head = {
            "seeds": f"{seeds.start}..{seeds.stop - 1}",
            "mcts": {**MCTS_SETTINGS, **mcts},
            "rival": "greedy",
            "workers": args.workers or os.cpu_count(),
            "load_average": list(os.getloadavg()),
        }
    result = {
        **head,
        **summarise(rows),
        "wall_seconds": wall,
        "games_per_second": len(rows) / wall,
        "rows": rows,
    }
    report(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=1)


if __name__ == "__main__":
    main()
