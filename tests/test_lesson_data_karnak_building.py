"""lesson_data/karnak_building.json and karnak_goals.json are what their modules compute: the
first seeds of every bot and variant, played again, give the same games and the same mats; the
guard bot places a Priest only to hold a structure completing one of its Designs."""

from __future__ import annotations

import lesson_data
from karnak_core import MAT, staged
from karnak_core.actions import Priest
from lesson_data import karnak_building, karnak_goals


def test_the_first_seeds_match_a_fresh_run() -> None:
    saved = lesson_data.load("karnak_building")
    assert saved["games"] == karnak_building.GAMES
    fresh = karnak_building.compute(sample=1)
    assert fresh["variants"] == saved["variants"] and fresh["bots"] == saved["bots"]
    for bot, runs in fresh["runs"].items():
        for variant, games in runs.items():
            assert games == saved["runs"][bot][variant][:1], (bot, variant)
            stored = saved["runs"][bot][variant]
            assert len(stored) == saved["games"][bot]
            assert all(
                g["broken_by_owner"] + g["broken_by_rival"] <= g["completed"] for g in stored
            )


def test_the_mats_match_a_fresh_run_and_stage_back() -> None:
    saved = lesson_data.load("karnak_goals")
    assert saved["games"] == len(saved["mats"]) == karnak_goals.GAMES
    assert karnak_goals.compute(sample=2)["mats"] == saved["mats"][:2]
    for mat in saved["mats"][:30]:
        lines = mat.split("; ")
        assert staged(2, mat=lines).building().lines() == lines


def test_the_guard_places_a_priest_only_to_hold_a_complete_design() -> None:
    kiosk = staged(2, mat="c4: Cy\nd4: Cy\ne4: Cy\ng1: Ry\nh1: Ry", hands=[["K01"], []])
    beside_kiosk = {MAT.name(n) for c in ("c4", "d4", "e4") for n in MAT.neighbours(MAT.cell(c))}
    for seed in range(5):
        action = karnak_building.Guard(seed).choose(kiosk)
        assert isinstance(action, Priest) and action.cell in beside_kiosk
    nothing = staged(2, mat="c4: Cy\nd4: Cy\ng1: Ry\nh1: Ry", hands=[["K01"], []])
    chosen = [karnak_building.Guard(seed).choose(nothing) for seed in range(20)]
    assert not any(isinstance(action, Priest) for action in chosen)
