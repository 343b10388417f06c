"""lesson_data/synergy_optimum.json is what its module computes, and the potion scores as saved."""

from __future__ import annotations

import lesson_data
from carnuta_core import maths, reference_deck
from lesson_data import synergy_optimum


def test_the_saved_optimum_is_a_fresh_run() -> None:
    assert synergy_optimum.compute(sample=1) == {
        k: v for k, v in lesson_data.load("synergy_optimum").items() if k == "11"
    }


def test_the_saved_potion_scores_its_value() -> None:
    deck = reference_deck()
    for k, saved in lesson_data.load("synergy_optimum").items():
        potion = maths.Potion.of(
            [deck[c] for c in saved["cards"]], bonus_tokens=saved["bonus_tokens"]
        )
        assert len(potion.played) == int(k)
        assert potion.score_pad().total == saved["value"]
