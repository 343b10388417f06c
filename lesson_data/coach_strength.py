"""The search bot against the greedy bot, at three search budgets, on paired deals.

Lesson 06 reads ``coach_strength.json``. Each budget plays the same seeds; every seed is
played once per rotation of the bots around a 3-player table (one ``MCTSBot`` against two
``GreedyBot``), so the search bot meets each deal from every seat. One row per game: the seed,
the search bot's seat, its score, the mean score of the two greedy bots, and its win (a shared
win counts as a share). Rerun with ``python -m lesson_data.coach_strength`` (about ten minutes
on one core).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: MCTS iterations per decision.
BUDGETS = (25, 100, 400)
#: Seeds 0 .. SEEDS-1, each played three times (one per seat of the search bot).
SEEDS = 30
PLAYERS = 3


def compute(sample: int | None = None, budgets: Sequence[int] = BUDGETS) -> dict[str, Any]:
    """The games for the first ``sample`` seeds (all ``SEEDS`` by default) at each budget."""
    from carnuta_core import lab

    seeds = range(SEEDS if sample is None else sample)
    runs: dict[str, list[dict[str, Any]]] = {}
    for budget in budgets:
        bots: list[Any] = [("mcts", {"iterations": budget})] + ["greedy"] * (PLAYERS - 1)
        frame = lab.simulate(bots, seeds=seeds, rotate=True, progress=False, workers=1)
        games = []
        for _, game in frame.groupby("game", sort=True):
            search = game[game["bot"].str.startswith("mcts")].iloc[0]
            greedy = game[~game["bot"].str.startswith("mcts")]
            games.append(
                {
                    "seed": int(search["seed"]),
                    "seat": int(search["seat"]),
                    "search_score": int(search["score"]),
                    "greedy_mean_score": float(greedy["score"].mean()),
                    "search_win": float(search["win"]),
                }
            )
        runs[str(budget)] = games
    return {"players": PLAYERS, "seeds": len(seeds), "budgets": list(budgets), "games": runs}


if __name__ == "__main__":
    from lesson_data import write

    print(write("coach_strength", compute()))
