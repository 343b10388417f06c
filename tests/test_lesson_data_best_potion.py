"""``lesson_data/best_potion.json`` matches a fresh run on a sample, and every potion it holds
re-scores, with the engine, to the value it claims."""

from __future__ import annotations

from typing import Any

import pytest

import lesson_data
from carnuta_core.maths import economy
from carnuta_core.model import Origin
from lesson_data import best_potion


@pytest.fixture(scope="module")
def stored() -> Any:
    return lesson_data.load("best_potion")


@pytest.fixture(scope="module")
def fresh() -> Any:
    return best_potion.compute(sample=True)


def check_potion(record: dict[str, Any], cards: int, budget: int | None = None) -> None:
    potion = best_potion.potion_of(record)
    assert potion.score_pad().total == record["value"]
    assert len(potion.played) == cards
    assert sum(c.origin is Origin.START for c in potion.played) == 1
    if budget is not None:
        assert potion.cost <= budget


def test_budget_points_match_a_fresh_run(stored: Any, fresh: Any) -> None:
    points = {p["budget"]: p for p in stored["budget_curve"]}
    assert fresh["budget_curve"], "the sample solved no budget"
    for point in fresh["budget_curve"]:
        assert points[point["budget"]]["value"] == point["value"]


def test_one_starting_card_searched_alone_matches_the_shared_pass(stored: Any, fresh: Any) -> None:
    for start, best in fresh["by_start"].items():
        assert stored["by_start"][start]["value"] == best["value"]


def test_strong_relaxation_matches_a_fresh_run(stored: Any, fresh: Any) -> None:
    again = fresh["milp"]["relaxed"]["strong"]
    kept = stored["milp"]["relaxed"]["strong"]
    assert again["bound"] == pytest.approx(kept["bound"], abs=1e-3)
    assert (again["variables"], again["constraints"]) == (kept["variables"], kept["constraints"])


def test_every_stored_potion_rescores_to_its_value(stored: Any) -> None:
    for point in stored["budget_curve"]:
        check_potion(point, stored["curve_cards"], point["budget"])
    check_potion(stored["best11"], 11)
    for start, best in stored["by_start"].items():
        check_potion(best, 11)
        assert best["cards"][0] == start or start in best["cards"]
    assert max(b["value"] for b in stored["by_start"].values()) == stored["best11"]["value"]


def test_stored_plan_is_the_fewest_actions(stored: Any) -> None:
    plan = economy.potion_actions(best_potion.potion_of(stored["best11"]))
    kept = stored["plan11"]
    assert plan.actions == kept["takes"] + kept["plays"] + kept["rune_actions"]
    assert sorted(s for s in plan.steps if s.startswith("play")) == sorted(
        s for s in kept["steps"] if s.startswith("play")
    )


def test_budgets_without_a_point_are_below_the_cheapest_potion(stored: Any) -> None:
    solved = {p["budget"] for p in stored["budget_curve"]}
    cheapest = min(p["cost"] for p in stored["budget_curve"])
    assert set(stored["budgets"]) - solved == set(range(cheapest))
