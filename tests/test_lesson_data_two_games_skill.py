"""lesson_data/two_games_skill.json is what its module computes: the first deal, played again
at every budget in both games."""

from __future__ import annotations

from lesson_data import load, two_games_skill


def test_the_file_matches_a_fresh_run_of_its_first_deal() -> None:
    stored = load("two_games_skill")
    assert stored["budgets"] == list(two_games_skill.BUDGETS)
    assert stored["seeds"] == two_games_skill.SEEDS
    fresh = two_games_skill.compute(sample=1)
    assert set(fresh["games"]) == set(stored["games"]) == {"Carnuta", "Carnival"}
    for game, runs in fresh["games"].items():
        for budget, games in runs.items():
            assert games == stored["games"][game][budget][:2], (game, budget)
            assert len(stored["games"][game][budget]) == 2 * stored["seeds"]
