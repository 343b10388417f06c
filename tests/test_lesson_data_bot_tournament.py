"""lesson_data/bot_tournament.json is what its module computes: games of its first deal,
played again."""

from __future__ import annotations

import math
from typing import Any

from lesson_data import bot_tournament, load


def by_seating(rows: list[dict[str, Any]]) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """Each game's rows (without its number in the run), keyed by its deal and seating."""
    games: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        games.setdefault(row["game"], []).append(row)
    return {
        (seats[0]["seed"], *(row["bot"] for row in seats)): [
            {k: v for k, v in row.items() if k != "game"} for row in seats
        ]
        for seats in games.values()
    }


def test_the_file_holds_the_whole_round_robin() -> None:
    stored = load("bot_tournament")
    assert stored["deals"] == bot_tournament.DEALS
    assert stored["entrants"] == list(bot_tournament.ENTRANTS)
    tables = math.comb(len(stored["entrants"]), 2)
    assert len(by_seating(stored["rows"])) == tables * stored["deals"] * 2


def test_the_file_matches_a_fresh_run_of_its_first_deal() -> None:
    stored = by_seating(load("bot_tournament")["rows"])
    # The slowest entrant (the 100-iteration search) is left out of the rerun.
    quick = [name for name in bot_tournament.ENTRANTS if name != "mcts 100"]
    fresh = by_seating(bot_tournament.compute(sample=1, entrants=quick)["rows"])
    assert len(fresh) == math.comb(len(quick), 2) * 2
    assert {key: stored[key] for key in fresh} == fresh
