"""lesson_data/coach_strength.json is what its module computes: a fresh run of its first seed
at the two smaller budgets gives the same games."""

from __future__ import annotations

import lesson_data
from lesson_data import coach_strength


def test_the_first_seed_matches_a_fresh_run() -> None:
    saved = lesson_data.load("coach_strength")
    budgets = saved["budgets"][:2]
    fresh = coach_strength.compute(sample=1, budgets=budgets)
    for budget in budgets:
        first = [g for g in saved["games"][str(budget)] if g["seed"] == 0]
        assert fresh["games"][str(budget)] == first


def test_every_seed_is_played_from_every_seat() -> None:
    saved = lesson_data.load("coach_strength")
    for games in saved["games"].values():
        assert len(games) == saved["seeds"] * saved["players"]
        seats = {}
        for game in games:
            seats.setdefault(game["seed"], set()).add(game["seat"])
        assert all(s == set(range(saved["players"])) for s in seats.values())
