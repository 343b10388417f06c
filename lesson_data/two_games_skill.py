"""Skill in Carnuta and in Carnival: the search bot against the greedy bot as its budget grows.

Lesson 10 reads ``two_games_skill.json``. For each game and each budget (MCTS iterations a
decision), the search bot plays the greedy bot on seeds ``0 .. SEEDS-1``, each seed twice with
the seats swapped (paired deals). One row per game: the seed, the search bot's seat, its share
of the win and both scores. Carnuta is played with the kit's reference deck; both games by the
kit's bots. Rerun with ``python -m lesson_data.two_games_skill`` (several minutes on one core).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

#: MCTS iterations a decision.
BUDGETS = (10, 30, 100)
#: Seeds 0 .. SEEDS-1, each played from both seats.
SEEDS = 50


def first_bot_and_rival(table: Any) -> Iterator[tuple[Any, Any]]:
    """Each game of a rotated 2-player run, in order, as its rows for the first bot and for
    its rival (rotation r puts the first bot in seat r)."""
    for _, game in table.groupby("game", sort=True):
        mine = game[game["seat"] == game["rotation"]].iloc[0]
        yield mine, game.drop(index=mine.name).iloc[0]


def paired_games(table: Any) -> list[dict[str, Any]]:
    """One record per game of a rotated 2-player run: the first bot's seat, win and score,
    and its rival's score."""
    return [
        {
            "seed": int(mine["seed"]),
            "seat": int(mine["seat"]),
            "win": float(mine["win"]),
            "score": int(mine["score"]),
            "rival_score": int(other["score"]),
        }
        for mine, other in first_bot_and_rival(table)
    ]


def compute(sample: int | None = None, budgets: Sequence[int] = BUDGETS) -> dict[str, Any]:
    """The games of the first ``sample`` seeds (all ``SEEDS`` by default), by game and budget."""
    from carnival_core import CarnivalTitle
    from carnuta_core.title import CarnutaTitle
    from tabletop import lab

    seeds = range(SEEDS if sample is None else sample)
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for title in (CarnutaTitle(), CarnivalTitle()):
        by_budget: dict[str, list[dict[str, Any]]] = {}
        for budget in budgets:
            search: lab.BotSpec = ("mcts", {"iterations": budget})
            table = lab.simulate(title, [search, "greedy"], seeds=seeds, rotate=True,
                                 workers=1, progress=False)  # fmt: skip
            by_budget[str(budget)] = paired_games(table)
        runs[title.name] = by_budget
    return {"budgets": list(budgets), "seeds": len(seeds), "games": runs}


if __name__ == "__main__":
    from lesson_data import write

    print(write("two_games_skill", compute()))
