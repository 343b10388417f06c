"""A class-sized bot tournament of Carnuta: the kit's bots under six settings, round-robin.

Lesson 13 reads ``bot_tournament.json``. The entrants are the kit's random bot, its greedy bot
as tuned and with one of its two weights set to 0, and its search bot (MCTS) at two budgets;
every pair meets on the same ``DEALS`` deals, each deal played twice with the seats swapped
(``tabletop.tournament``). One row per seat per game, as the tournament returns them, without
the measured thinking time. Rerun with ``python -m lesson_data.bot_tournament`` (about ten
minutes on one core).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: The entrants, by name: a bot name of the kit, or a name with options.
ENTRANTS: dict[str, Any] = {
    "random": "random",
    "greedy": "greedy",
    "greedy, no hand": ("greedy", {"hand_weight": 0.0}),
    "greedy, no runes": ("greedy", {"rune_weight": 0.0}),
    "mcts 25": ("mcts", {"iterations": 25}),
    "mcts 100": ("mcts", {"iterations": 100}),
}
#: Seeds 0 .. DEALS-1, dealt at every table.
DEALS = 10
#: The columns kept of each row (the thinking time depends on the machine, not the games).
KEPT = (
    "game", "seed", "rotation", "seat", "bot", "score", "rank", "win", "decisions",
    "timeouts", "crashes", "illegal_actions", "forfeited",
)  # fmt: skip


def compute(
    sample: int | None = None, workers: int = 1, entrants: Sequence[str] | None = None
) -> dict[str, Any]:
    """The tournament on the first ``sample`` deals (all ``DEALS`` by default), between the
    ``entrants`` named (all of ``ENTRANTS`` by default). A game depends only on its deal and
    who sits where, so a smaller run plays some of the same games."""
    from carnuta_core.title import CarnutaTitle
    from tabletop.tournament import tournament

    deals = DEALS if sample is None else sample
    names = list(ENTRANTS) if entrants is None else list(entrants)
    result = tournament(
        CarnutaTitle(),
        {name: ENTRANTS[name] for name in names},
        deals=deals,
        workers=workers,
        progress=sample is None,
    )
    rows = [{key: row[key] for key in KEPT} for row in result.rows]
    return {"deals": deals, "entrants": list(result.entrants), "rows": rows}


if __name__ == "__main__":
    import os

    from lesson_data import write

    print(write("bot_tournament", compute(workers=os.cpu_count() or 1)))
