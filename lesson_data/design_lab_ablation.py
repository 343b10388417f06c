"""Card strength by ablation, on many seeds: the data of lesson 07's last ablation table.

Ten market cards of the kit's reference deck (``N07`` and ``D09``, which the lesson studies
first, and eight drawn at random with ``random.Random(2026)``) are each taken out of the
deck in turn. Every seed is played by three of the kit's greedy bots with the full deck and
with the deck less the card, dealt as the full deck (``Game.new(deal_as=...)``: the same
cards in the same order, the removed card skipped), through ``lab.sweep``, the path
``balance.deck_ablation`` takes.

For each card the file keeps, seed by seed, the difference of the three players' total
score (full deck minus the deck without the card; divide by 3 for the mean score), and the
seeds on which the card never came out in the full deck's game. Rerun with
``python -m lesson_data.design_lab_ablation`` (a few minutes on two cores).
"""

from __future__ import annotations

import random
from typing import Any

from carnuta_core import balance, lab, reference_deck

#: How many seeds (0, 1, ...) the file holds, the players and the bots.
SEEDS = 800
PLAYERS = 3
BOTS = "greedy"


def cards() -> list[str]:
    """The ten cards of the file: ``N07``, ``D09`` and eight drawn with ``Random(2026)``."""
    market = sorted(c.id for c in reference_deck() if c.origin.row is not None)
    others = [cid for cid in market if cid not in ("N07", "D09")]
    return ["N07", "D09", *random.Random(2026).sample(others, 8)]


def compute(sample: int | None = None, *, workers: int | None = None) -> dict[str, Any]:
    """The ablation data for seeds ``0 .. sample - 1`` (all ``SEEDS`` when ``sample`` is None)."""
    seeds = SEEDS if sample is None else sample
    deck = reference_deck()
    ids = cards()
    variants: dict[str, Any] = {"full deck": deck}
    for cid in ids:
        variants[f"without {cid}"] = lab.Variant(deck=balance.deck_without(deck, cid), deal_as=deck)
    df = lab.sweep(
        variants, BOTS, games=seeds, players=PLAYERS, baseline=None, workers=workers,
        progress=sample is None,
    )  # fmt: skip
    totals = df.groupby(["variant", "seed"])["score"].sum()
    full = df[df["variant"] == "full deck"].groupby("seed")["seen"].first()
    differences = {}
    never = {}
    for cid in ids:
        without = totals.loc[f"without {cid}"]
        differences[cid] = [
            int(totals.loc[("full deck", s)] - without.loc[s]) for s in range(seeds)
        ]
        never[cid] = [s for s in range(seeds) if cid not in full.loc[s]]
    return {
        "about": "lesson_data/design_lab_ablation.py: per-seed total-score differences, "
        "full deck minus the deck without the card, dealt as the full deck",
        "bots": BOTS,
        "players": PLAYERS,
        "seeds": seeds,
        "cards": ids,
        "differences": differences,
        "never_came_out": never,
    }


if __name__ == "__main__":
    from lesson_data import write

    print(write("design_lab_ablation", compute()))
