"""lesson_data/carcata_skill_curve.json is what its module computes: the first deal, played
again at the smallest budget."""

from __future__ import annotations

from lesson_data import carcata_skill_curve, load


def test_the_file_matches_a_fresh_run_of_its_first_deal() -> None:
    stored = load("carcata_skill_curve")
    assert stored["budgets"] == list(carcata_skill_curve.BUDGETS)
    assert stored["seeds"] == carcata_skill_curve.SEEDS
    assert stored["chance_budget"] == carcata_skill_curve.CHANCE_BUDGET
    smallest = carcata_skill_curve.BUDGETS[0]
    fresh = carcata_skill_curve.compute(sample=1, budgets=(smallest,))
    runs = stored["games"]["Carcata"]
    assert fresh["games"]["Carcata"][str(smallest)] == runs[str(smallest)][:2]
    assert all(len(games) == 2 * stored["seeds"] for games in runs.values())
