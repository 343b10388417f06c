"""How much of Carcata is skill: the greedy bot against a careless player as the hand shakes.

Lesson 15 reads ``carcata_skill.json``. At each catapult spread of ``SPREADS`` (the catapult
model's steadiness setting, ``Rules.catapult_spread``: 0 lands every gem on its aim), the
kit's greedy bot (judging each chance by ``CHANCE_BUDGET`` outcomes) plays a ``Keeper``: a
player who keeps the dice as first rolled and then picks any legal action at random. Seeds
``0 .. SEEDS-1``, each played twice with the seats swapped (paired deals); 2 players. One row
per game: the seed, the greedy bot's seat, its share of the win, the keeper's, and whether
the island won (the Turtle's laps ran out before any tribe was eliminated). The figures hold
for the kit's reconstruction (the island, the dice's faces, the catapult model) and the kit's
greedy bot. Rerun with ``python -m lesson_data.carcata_skill`` (several minutes on one core).

>>> Keeper(1).name
'keeper'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from carcata_core.actions import KEEP
from lesson_data.two_games_skill import first_bot_and_rival

#: The catapult spreads swept, in spaces (the printed game's reconstruction uses 0.8).
SPREADS = (0.0, 0.4, 0.8, 1.2, 1.6, 2.0)
#: Seeds 0 .. SEEDS-1, each played from both seats.
SEEDS = 30
#: Positions the greedy bot judges per chance node (its default is 32: slower, same habits).
CHANCE_BUDGET = 4


class Keeper:
    """A careless player: keeps the dice as first rolled (no reroll ever locks a Turtle),
    then takes any legal action at random."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.name = "keeper"

    def choose(self, state: Any) -> Any:
        if state.phase == "dice":
            return KEEP
        return self.rng.choice(state.legal_actions())


def greedy_spec() -> tuple[str, dict[str, int]]:
    """The greedy bot as the lab names it, with this run's chance budget."""
    return ("greedy", {"chance_budget": CHANCE_BUDGET})


def paired(table: Any) -> list[dict[str, Any]]:
    """One record per game of a rotated run of the greedy bot against another bot."""
    return [
        {
            "seed": int(mine["seed"]),
            "seat": int(mine["seat"]),
            "win": float(mine["win"]),
            "rival_win": float(other["win"]),
            "island": bool(mine["win"] == 0 and other["win"] == 0),
            "score": int(mine["score"]),
            "rival_score": int(other["score"]),
        }
        for mine, other in first_bot_and_rival(table)
    ]


def compute(
    sample: int | None = None, spreads: Sequence[float] = SPREADS, progress: bool = False
) -> dict[str, Any]:
    """The games of the first ``sample`` seeds (all ``SEEDS`` by default), by spread."""
    from carcata_core import CarcataTitle, Rules
    from tabletop import lab

    seeds = range(SEEDS if sample is None else sample)
    runs: dict[str, list[dict[str, Any]]] = {}
    for spread in spreads:
        title = CarcataTitle(Rules(catapult_spread=spread))
        table = lab.simulate(title, [greedy_spec(), Keeper], seeds=seeds, rotate=True,
                             workers=1, progress=progress)  # fmt: skip
        runs[str(spread)] = paired(table)
    return {"spreads": list(spreads), "seeds": len(seeds), "chance_budget": CHANCE_BUDGET,
            "games": runs}  # fmt: skip


if __name__ == "__main__":
    from lesson_data import write

    print(write("carcata_skill", compute(progress=True)))
