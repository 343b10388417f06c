"""Calibration of a deck: 3-player games between equal bots (not a CI test).

Prints, for GreedyBot and for MCTSBot at a small budget: the mean winning score (target 45-65;
real games reported 62 / 59 / 39, the rulebook example scores 40) with its 95% interval, and
each seat's win rate with its 95% Wilson interval (target: within 5 points of 1/3).

    python benchmarks/calibration.py --greedy 1500 --mcts 300 --iterations 50
    python benchmarks/calibration.py --deck my_box.csv
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from carnuta_core import lab
from carnuta_core.deck import Deck, load_deck


def measure(
    bot: lab.BotSpec, games: int, deck: Deck | None, first: int, save: str | None = None
) -> dict[str, Any]:
    start = time.perf_counter()
    df = lab.simulate(bot, players=3, seeds=range(first, first + games), deck=deck)
    if save:
        df.to_pickle(save)
    per_game = lab.game_table(df)
    win, win_low, win_high = lab.mean_ci(per_game["winning_score"])
    seats = lab.win_rates(df)
    return {
        "bot": lab.bot_label(bot),
        "games": games,
        "winning_score": win,
        "winning_ci95": [win_low, win_high],
        "mean_score": float(df["score"].mean()),
        "score_p10_p90": [float(df["score"].quantile(0.1)), float(df["score"].quantile(0.9))],
        "rounds": float(per_game["rounds"].mean()),
        "seat_win_rates": [
            {"seat": int(r.seat) + 1, "rate": r.rate, "ci95": [r.ci_low, r.ci_high]}
            for r in seats.itertuples()
        ],
        "worst_seat_vs_fair": float(seats["vs_fair"].abs().max()),
        "minutes": (time.perf_counter() - start) / 60,
    }


def show(result: dict[str, Any]) -> None:
    low, high = result["winning_ci95"]
    print(f"{result['bot']}, {result['games']} three-player games ({result['minutes']:.1f} min):")
    print(
        f"  mean winning score {result['winning_score']:.1f} (95% CI {low:.1f}-{high:.1f}); "
        f"mean score {result['mean_score']:.1f}; 10-90% of scores "
        f"{result['score_p10_p90'][0]:.0f}-{result['score_p10_p90'][1]:.0f}; "
        f"{result['rounds']:.1f} rounds"
    )
    seats = "; ".join(
        f"seat {s['seat']} {s['rate'] * 100:.1f}% [{s['ci95'][0] * 100:.1f}, {s['ci95'][1] * 100:.1f}]"
        for s in result["seat_win_rates"]
    )
    print(f"  win rate by seat: {seats}")
    print(f"  worst seat vs fair (33.3%): {result['worst_seat_vs_fair'] * 100:.1f} points")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--greedy", type=int, default=1500, help="GreedyBot games (0: skip)")
    parser.add_argument("--mcts", type=int, default=300, help="MCTSBot games (0: skip)")
    parser.add_argument("--iterations", type=int, default=50, help="MCTS iterations per decision")
    parser.add_argument("--first-seed", type=int, default=0, help="added to the default seeds")
    parser.add_argument("--deck", default=None)
    parser.add_argument("--json", default=None)
    parser.add_argument("--save", default=None, help="pickle each run's table: SAVE-greedy.pkl ...")
    parser.add_argument("--figure", default=None, help="draw the saved runs into this PNG")
    args = parser.parse_args()
    deck = load_deck(args.deck) if args.deck else None
    results = []
    if args.greedy:
        results.append(
            measure(
                "greedy",
                args.greedy,
                deck,
                20_000 + args.first_seed,
                f"{args.save}-greedy.pkl" if args.save else None,
            )
        )
        show(results[-1])
    if args.mcts:
        results.append(
            measure(
                ("mcts", {"iterations": args.iterations}),
                args.mcts,
                deck,
                30_000 + args.first_seed,
                f"{args.save}-mcts.pkl" if args.save else None,
            )
        )
        show(results[-1])
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    if args.figure and args.save:
        figure(args.save, args.figure)


def figure(save: str, path: str) -> None:
    """Seat win rates of each run and the score distributions, statistics in the labels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import pandas as pd

    frames = []
    for name in ("greedy", "mcts"):
        try:
            frames.append(pd.read_pickle(f"{save}-{name}.pkl"))
        except FileNotFoundError:
            continue
    fig, axes = plt.subplots(1, len(frames) + 1, figsize=(5.5 * (len(frames) + 1), 4.2))
    for ax, df in zip(axes, frames, strict=False):
        lab.plot_seat_win_rates(df, ax=ax)
        ax.set_title(f"{df['bot'].iloc[0]}: win rate by seat ({df['game'].nunique()} games)")
    lab.plot_score_distribution(pd.concat(frames), ax=axes[-1], by="bot")
    axes[-1].set_title("3-player scores (legend: mean, sd, mean winning score)")
    fig.tight_layout()
    fig.savefig(path, dpi=80)


if __name__ == "__main__":
    main()
