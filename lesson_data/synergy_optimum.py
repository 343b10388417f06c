"""The best potion of the reference deck, for lesson 05's cluster test.

Lesson 05 reads ``synergy_optimum.json``: for each size ``k``, the cards of the best ``k``-card
potion that ``carnuta_core.maths.optimum`` finds (a proven optimum: its search bounds every
potion it does not list) and its score. Lesson 09 builds that search; lesson 05 only needs its
answer, and checks it with the engine's scorer. Rerun with ``python -m lesson_data.synergy_optimum``.
"""

from __future__ import annotations

from typing import Any

#: Potion sizes kept in the file (the rulebook's game ends at 11 cards played at most here).
SIZES = (11,)


def compute(sample: int | None = None) -> dict[str, Any]:
    """The best potion of each size in ``SIZES`` (``sample``: only the first ``sample`` sizes)."""
    from carnuta_core import maths

    results: dict[str, Any] = {}
    for k in SIZES[: len(SIZES) if sample is None else sample]:
        best = maths.optimum(k=k)
        results[str(k)] = {
            "value": int(best.value),
            "cards": [card.id for card in best.potion.played],
            "salt_on": [list(pair) for pair in best.potion.salt_on],
            "bonus_tokens": [token.value for token in best.potion.bonus_tokens],
        }
    return results


if __name__ == "__main__":
    from lesson_data import write

    print(write("synergy_optimum", compute()))
