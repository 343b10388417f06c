"""MCTSBot against GreedyBot on paired seeds (not a CI test: it takes a while).

Each seed is played once per rotation of the bots around the table, so both bots get the same
deals from every seat. Results: MCTS's win rate (shared wins count fractionally) with a 95%
Wilson interval, mean scores and mean rank.

    python benchmarks/strength.py two --seeds 200 --iterations 100      # 400 2-player games
    python benchmarks/strength.py multi --players 3 --seeds 10 --seconds 1
    python benchmarks/strength.py multi --players 4 --seeds 8 --seconds 1

"Must not lose" (3-4 players, one MCTS against Greedy bots) is read as: MCTS's win rate is at
least the fair share 1/players, and its mean rank and mean score are no worse than the Greedy
bots'. The script prints all three.

The other games' two-player comparisons (``carcata_strength.py``, ``karnak_strength.py``) share
what follows ``main``: their paired games (``paired_games``), their command line with its
``--merge`` of split runs (``paired_main``), and their closing line (``report_speed``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from carnuta_core import lab
from tabletop import lab as titles_lab


def run(players: int, seeds: range, mcts: dict[str, Any], workers: int | None) -> dict[str, Any]:
    bots: list[lab.BotSpec] = [("mcts", mcts)] + ["greedy"] * (players - 1)
    start = time.perf_counter()
    df = lab.simulate(bots, seeds=seeds, rotate=True, workers=workers)
    wall = time.perf_counter() - start
    is_mcts = df["bot"].str.startswith("mcts")
    m, g = df[is_mcts], df[~is_mcts]
    wins = float(m["win"].sum())
    low, high = lab.wilson(wins, len(m))
    by_seat = lab.win_rates(m)
    result = {
        "players": players,
        "games": int(len(m)),
        "seeds": f"{seeds.start}..{seeds.stop - 1}",
        "mcts": mcts,
        "mcts_win_rate": wins / len(m),
        "ci95": [low, high],
        "fair_share": 1 / players,
        "mcts_mean_score": float(m["score"].mean()),
        "greedy_mean_score": float(g["score"].mean()),
        "mcts_mean_rank": float(m["rank"].mean()),
        "greedy_mean_rank": float(g["rank"].mean()),
        "mcts_margin": float(m["margin"].mean()),
        "mcts_iterations_per_decision": float(m["iterations"].mean()),
        "mcts_win_rate_by_seat": [round(float(r), 3) for r in by_seat["rate"]],
        "wall_seconds": wall,
    }
    result["not_worse"] = bool(
        result["mcts_win_rate"] >= 1 / players
        and result["mcts_mean_rank"] <= result["greedy_mean_rank"]
        and result["mcts_mean_score"] >= result["greedy_mean_score"]
    )
    return result


def report(result: dict[str, Any]) -> None:
    low, high = result["ci95"]
    print(
        f"{result['players']} players, {result['games']} games (seeds {result['seeds']}, "
        f"every seat rotation), MCTS {result['mcts']}:"
    )
    print(
        f"  MCTS win rate {result['mcts_win_rate'] * 100:.1f}% "
        f"(95% Wilson CI {low * 100:.1f}-{high * 100:.1f}%; fair share {result['fair_share'] * 100:.1f}%)"
    )
    print(
        f"  mean score MCTS {result['mcts_mean_score']:.1f} vs Greedy {result['greedy_mean_score']:.1f}; "
        f"mean rank MCTS {result['mcts_mean_rank']:.2f} vs Greedy {result['greedy_mean_rank']:.2f}; "
        f"mean margin {result['mcts_margin']:+.1f}"
    )
    print(
        f"  MCTS win rate by seat {result['mcts_win_rate_by_seat']}; "
        f"{result['mcts_iterations_per_decision']:.0f} iterations per searched decision; "
        f"{result['wall_seconds'] / 60:.1f} min"
    )
    if result["players"] > 2:
        print(f"  not worse than Greedy: {result['not_worse']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=["two", "multi"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=200, help="seeds (games = seeds x players)")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", default=None, help="also write the result to this file")
    args = parser.parse_args()
    players = 2 if args.mode == "two" else args.players
    mcts: dict[str, Any] = {}
    if args.iterations is not None:
        mcts["iterations"] = args.iterations
    if args.seconds is not None:
        mcts["seconds"] = args.seconds
    if not mcts:
        mcts = {"iterations": 100} if players == 2 else {"seconds": 1.0}
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    result = run(players, seeds, mcts, args.workers)
    report(result)
    write_json(result, args.json)


#: What a game adds to a paired game's row, from MCTS's row of the lab's table and the rival's.
Extra = Callable[[Any, Any], dict[str, Any]]


def paired_games(
    title: Any,
    seeds: range,
    mcts: dict[str, Any],
    rival: titles_lab.BotSpec,
    workers: int | None,
    extra: Extra | None = None,
) -> tuple[list[dict[str, Any]], float]:
    """Play every seed of ``title`` from both seats, MCTS against ``rival``: one row per game,
    as MCTS saw it (with what ``extra`` reads of MCTS's row and the rival's), and the wall
    time."""
    bots: list[titles_lab.BotSpec] = [("mcts", mcts), rival]
    start = time.perf_counter()
    df = titles_lab.simulate(title, bots, seeds=seeds, rotate=True, workers=workers)
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
                **(extra(row, rival_row) if extra else {}),
                "turns": int(row.turns),
                "mcts_iterations": float(row.iterations),
                "seconds": float(row.seconds),
            }
        )
    return rows, wall


def report_speed(result: Mapping[str, Any]) -> None:
    """The last line of a paired report: games per second, workers, time and load."""
    print(
        f"  {result['games_per_second']:.3f} games/s on {result['workers']} worker(s), "
        f"{result['wall_seconds'] / 60:.1f} min"
        + (f" (the sum of {result['runs']} runs)" if result.get("runs", 1) > 1 else "")
        + ", load average "
        + " ".join(f"{x:.1f}" for x in result["load_average"])
    )


def paired_main(
    doc: str | None,
    title: Any,
    settings: Mapping[str, Any],
    summarise: Callable[[list[dict[str, Any]]], dict[str, Any]],
    report: Callable[[dict[str, Any]], None],
    extra: Extra | None = None,
) -> None:
    """The command line of a two-player comparison on paired seeds (its help is ``doc``):
    MCTS with the game's ``settings`` changed by the options, against the greedy bot, or
    ``--merge`` of the ``--json`` files of split runs; ``summarise`` the rows, ``report``."""
    parser = argparse.ArgumentParser(description=doc)
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
        rows, wall = paired_games(title, seeds, mcts, "greedy", args.workers, extra)
        head = {
            "seeds": f"{seeds.start}..{seeds.stop - 1}",
            "mcts": {**settings, **mcts},
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
    write_json(result, args.json)


def write_json(result: Mapping[str, Any], path: str | None) -> None:
    """Write ``result`` to ``path`` (the ``--json`` option), if one is given."""
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=1)


if __name__ == "__main__":
    main()
