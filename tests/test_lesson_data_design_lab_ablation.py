"""lesson_data/design_lab_ablation.json matches a fresh run on its first seeds."""

from __future__ import annotations

import lesson_data
from lesson_data import design_lab_ablation


def test_the_file_matches_a_fresh_run_on_a_sample() -> None:
    stored = lesson_data.load("design_lab_ablation")
    sample = 4
    fresh = design_lab_ablation.compute(sample, workers=1)
    assert stored["cards"] == fresh["cards"] == design_lab_ablation.cards()
    assert stored["seeds"] == design_lab_ablation.SEEDS
    for card in stored["cards"]:
        assert len(stored["differences"][card]) == stored["seeds"]
        assert stored["differences"][card][:sample] == fresh["differences"][card]
        early = [s for s in stored["never_came_out"][card] if s < sample]
        assert early == fresh["never_came_out"][card]
        # a seed on which the card never came out is the same game under both decks
        assert all(stored["differences"][card][s] == 0 for s in stored["never_came_out"][card])
