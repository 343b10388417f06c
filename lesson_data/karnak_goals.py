"""The mats at the end of Karnak games between random bots, for lesson 18 to test Designs on.

Lesson 18 reads ``karnak_goals.json``: the games of ``karnak_building`` played by the lab's
random bot under the printed rules (2 players, seeds ``0 .. GAMES-1``), each mat as its staging
text (``Building.lines()`` joined by ``; ``). A Design's share of these mats where it is complete
is one measure of how hard it is to complete: by random building, with the kit's mat and supply.
Rerun with ``python -m lesson_data.karnak_goals`` (under a minute on one core).
"""

from __future__ import annotations

from typing import Any

from karnak_core import Rules
from lesson_data.karnak_building import play

#: Seeds of the printed games.
GAMES = 300
#: The bot in both seats.
BOT = "random"


def compute(sample: int | None = None) -> dict[str, Any]:
    """The mats at the end of the first ``sample`` games (all by default)."""
    seeds = range(GAMES if sample is None else sample)
    mats = ["; ".join(play(Rules(), seed, BOT)[1].building().lines()) for seed in seeds]
    return {"games": len(seeds), "bot": BOT, "mats": mats}


if __name__ == "__main__":
    from lesson_data import write

    print(write("karnak_goals", compute()))
