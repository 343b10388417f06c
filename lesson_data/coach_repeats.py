"""The coach's search repeated with ten seeds, at two budgets, on lesson 06's position.

Lesson 06 reads ``coach_repeats.json``. The position: a 3-player game dealt from seed 7, after
30 actions of a ``GreedyBot(seed=1)`` playing every seat. For each budget (search iterations)
and each coach seed, the coach's whole report: every action it tried, with its visits, its
value and the coach's rank. The lesson reruns the small budget itself and checks it against
this file; the large one is the reason for the file. Rerun with
``python -m lesson_data.coach_repeats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Search iterations per decision: the lesson's budget, and ten times more.
BUDGETS = (300, 3000)
#: Coach seeds 0 .. SEEDS-1.
SEEDS = 10
#: The position: deal, greedy bot seed, actions played.
DEAL, GREEDY_SEED, ACTIONS = 7, 1, 30


def position() -> Any:
    """The lesson's position (a ``Game``)."""
    from carnuta_core import Game, GreedyBot

    game = Game.new(3, seed=DEAL)
    greedy = GreedyBot(seed=GREEDY_SEED)
    for _ in range(ACTIONS):
        game.play(greedy.choose(game))
    return game


def repeats(budget: int, seeds: Sequence[int]) -> list[list[dict[str, Any]]]:
    """For each seed, the coach's report at ``budget`` iterations, one dict per action."""
    from carnuta_core.coach import Coach

    game = position()
    return [
        [
            {
                "action": str(a.action),
                "visits": a.visits,
                "value": round(a.value, 6),
                "rank": a.rank,
            }
            for a in Coach(iterations=budget, seed=seed).advise(game, top=None)
        ]
        for seed in seeds
    ]


def compute(sample: int | None = None, budgets: Sequence[int] = BUDGETS) -> dict[str, Any]:
    """The reports for the first ``sample`` seeds (all ``SEEDS`` by default) at each budget."""
    seeds = range(SEEDS if sample is None else sample)
    return {
        "position": {"deal": DEAL, "greedy_seed": GREEDY_SEED, "actions": ACTIONS, "players": 3},
        "seeds": len(seeds),
        "budgets": list(budgets),
        "reports": {str(b): repeats(b, seeds) for b in budgets},
    }


if __name__ == "__main__":
    from lesson_data import write

    print(write("coach_repeats", compute()))
