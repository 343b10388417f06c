"""lesson_data/design_project.json is what its module computes: its first two seeds, played
again, match the file; and the numbers the worked example quotes are the file's summary."""

from __future__ import annotations

import re
from pathlib import Path

from lesson_data import design_project, load

ROOT = Path(__file__).resolve().parents[1]


def test_the_file_matches_a_fresh_run_of_its_first_seeds() -> None:
    stored = load("design_project")
    assert stored["seeds"] == {
        "hate_draft": design_project.HATE_SEEDS,
        "catch_up": design_project.CATCH_UP_SEEDS,
    }
    fresh = design_project.compute(sample=2)
    for weight, games in fresh["hate_draft"].items():
        assert games == stored["hate_draft"][weight][:4], weight
        assert len(stored["hate_draft"][weight]) == 2 * design_project.HATE_SEEDS
    kept = [g for g in stored["catch_up"] if g["seed"] < 2]

    def by_game(game: dict[str, object]) -> tuple[str, str]:
        return (str(game["variant"]), str(game["seed"]))

    assert sorted(fresh["catch_up"], key=by_game) == sorted(kept, key=by_game)
    variants = 1 + len(design_project.CATCH_UP)
    assert len(stored["catch_up"]) == variants * design_project.CATCH_UP_SEEDS


def test_the_summary_pairs_each_variant_with_the_rulebook_seed_by_seed() -> None:
    results = {
        "hate_draft": {"1.0": [
            {"seed": 0, "seat": 0, "win": 1.0, "score": 50, "rival_score": 40},
            {"seed": 0, "seat": 1, "win": 0.0, "score": 30, "rival_score": 40},
        ]},
        "catch_up": [
            {"variant": "default", "seed": 0, "lead_changes": 2, "rounds": 12, "margin": 5, "wins": [1, 0, 0]},
            {"variant": "default", "seed": 1, "lead_changes": 4, "rounds": 13, "margin": 3, "wins": [0, 0, 1]},
            {"variant": "catch-up 1", "seed": 1, "lead_changes": 7, "rounds": 13, "margin": 1, "wins": [0, 1, 0]},
            {"variant": "catch-up 1", "seed": 0, "lead_changes": 3, "rounds": 11, "margin": 5, "wins": [1, 0, 0]},
        ],
    }  # fmt: skip
    out = design_project.summary(results)
    assert out["hate_draft"]["1.0"]["win_share"][0] == 0.5  # one deal: a win and a loss
    assert out["hate_draft"]["1.0"]["score_margin"][0] == 0.0  # +10 and -10
    row = out["catch_up"]["catch-up 1"]
    assert row["lead_changes_diff"][0] == 2.0  # (3 - 2 + 7 - 4) / 2, seed with seed
    assert row["rounds_diff"][0] == -0.5 and row["margin_diff"][0] == -1.0
    assert out["catch_up"]["default"]["last_seat_win"][0] == 0.5


def test_every_number_of_the_worked_example_is_the_files_summary() -> None:
    page = (ROOT / "docs" / "teaching" / "project_worked_example.md").read_text(encoding="utf-8")
    quoted = design_project.worked_example_numbers(load("design_project"))
    for name, text in quoted.items():
        assert text in page, f"the worked example should quote {name} as {text!r}"
    # and it quotes no other interval than those
    intervals = set(re.findall(r"\[[-+]?\d+\.\d+, [-+]?\d+\.\d+\]", page))
    assert intervals <= {t for t in quoted.values() if t.startswith("[")}, intervals
