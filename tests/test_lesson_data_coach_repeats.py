"""lesson_data/coach_repeats.json is what its module computes: a fresh run of the first two
coach seeds at both budgets gives the same reports."""

from __future__ import annotations

import lesson_data
from lesson_data import coach_repeats


def test_the_first_seeds_match_a_fresh_run() -> None:
    saved = lesson_data.load("coach_repeats")
    fresh = coach_repeats.compute(sample=2)
    assert fresh["position"] == saved["position"] and fresh["budgets"] == saved["budgets"]
    for budget in saved["budgets"]:
        assert fresh["reports"][str(budget)] == saved["reports"][str(budget)][:2]


def test_every_report_ranks_every_legal_action_once() -> None:
    saved = lesson_data.load("coach_repeats")
    legal = {str(a) for a in coach_repeats.position().legal_actions()}
    for reports in saved["reports"].values():
        assert len(reports) == saved["seeds"]
        for report in reports:
            assert {r["action"] for r in report} <= legal
            assert [r["rank"] for r in report] == list(range(1, len(report) + 1))
