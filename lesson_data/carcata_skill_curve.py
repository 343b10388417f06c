"""Skill in Carcata as lesson 10 measured it in Carnuta and Carnival: the search bot against the
greedy bot as its budget grows.

Lesson 16 reads ``carcata_skill_curve.json``, in the format of ``two_games_skill.json``. For each
budget (MCTS iterations a decision, with Carcata's search settings, ``bots.MCTS_SETTINGS``), the
search bot plays the greedy bot (judging each chance by ``CHANCE_BUDGET`` outcomes) on seeds
``0 .. SEEDS-1``, each seed twice with the seats swapped (paired deals), 2 players. One row per
game: the seed, the search bot's seat, its share of the win and both scores. Carcata as printed
with the kit's reconstruction, played by the kit's bots. Rerun with
``python -m lesson_data.carcata_skill_curve`` (several minutes on one core).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .two_games_skill import paired_games

#: MCTS iterations a decision (a Carcata search of 30 iterations takes seconds a game).
BUDGETS = (10, 30)
#: Seeds 0 .. SEEDS-1, each played from both seats.
SEEDS = 15
#: Positions the greedy rival judges per chance node.
CHANCE_BUDGET = 4


def compute(
    sample: int | None = None, budgets: Sequence[int] = BUDGETS, progress: bool = False
) -> dict[str, Any]:
    """The games of the first ``sample`` seeds (all ``SEEDS`` by default), by budget."""
    from carcata_core import CarcataTitle
    from tabletop import lab

    seeds = range(SEEDS if sample is None else sample)
    rival: lab.BotSpec = ("greedy", {"chance_budget": CHANCE_BUDGET})
    by_budget: dict[str, list[dict[str, Any]]] = {}
    for budget in budgets:
        search: lab.BotSpec = ("mcts", {"iterations": budget})
        table = lab.simulate(CarcataTitle(), [search, rival], seeds=seeds, rotate=True,
                             workers=1, progress=progress)  # fmt: skip
        by_budget[str(budget)] = paired_games(table)
    return {"budgets": list(budgets), "seeds": len(seeds), "chance_budget": CHANCE_BUDGET,
            "games": {"Carcata": by_budget}}  # fmt: skip


if __name__ == "__main__":
    from lesson_data import write

    print(write("carcata_skill_curve", compute(progress=True)))
