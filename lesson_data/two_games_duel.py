"""A good memory against a short one in Carnival: two search bots on paired deals.

Lesson 10 reads ``two_games_duel.json``. Both bots are the kit's search bot (MCTS) with the
same budget of iterations a decision; one remembers the whole Carnival stack, the other only
its top card (``memory=0``: a forgetful search deals the cards it forgot anew in every world it
imagines). Each seed is played twice, the seats swapped, so each bot meets each deal from
both seats. One row per game: the seed, the remembering bot's seat, its share of the win and
both scores. Rerun with ``python -m lesson_data.two_games_duel`` (a few minutes on one core).
"""

from __future__ import annotations

from typing import Any

from .two_games_skill import paired_games

#: Iterations a decision, for both bots.
ITERATIONS = 100
#: Seeds 0 .. SEEDS-1, each played from both seats.
SEEDS = 300


def compute(sample: int | None = None) -> dict[str, Any]:
    """The games of the first ``sample`` seeds (all ``SEEDS`` by default)."""
    from carnival_core import CarnivalTitle
    from tabletop import lab

    seeds = range(SEEDS if sample is None else sample)
    remembering: lab.BotSpec = ("mcts", {"iterations": ITERATIONS})
    forgetful: lab.BotSpec = ("mcts", {"iterations": ITERATIONS, "memory": 0})
    table = lab.simulate(
        CarnivalTitle(), [remembering, forgetful], seeds=seeds, rotate=True, workers=1,
        progress=False,
    )  # fmt: skip
    games = paired_games(table)
    return {"iterations": ITERATIONS, "seeds": len(seeds), "games": games}


if __name__ == "__main__":
    from lesson_data import write

    print(write("two_games_duel", compute()))
