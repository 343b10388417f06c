"""Karnak's Design checks: how long ``is_complete`` and ``explain`` take on a busy mat.

Run: ``python benchmarks/bench_karnak_designs.py``. The mat holds 24 random pieces (a late
game's worth), in stacks the rules allow; every timing is over the 46 reference Designs, on a
fresh ``Building`` each time (its structures found anew) and on one whose structures are
already found, as a bot's repeated checks of one position are.
"""

from __future__ import annotations

import random

from timing import print_microseconds

from karnak_core import MAT, REFERENCE_DESIGNS, SHAPES, Building
from karnak_core.rules import Rules


def busy_mat(seed: int, pieces: int = 24) -> Building:
    rng = random.Random(seed)
    rules = Rules()
    caps = {SHAPES.index(s) for s in rules.caps}
    building = Building.empty(MAT)
    while sum(len(s) for s in building.stacks) < pieces:
        cell = rng.randrange(MAT.size)
        stack = building.stacks[cell]
        if len(stack) < rules.max_level and not (stack and stack[-1] >> 1 in caps):
            building = building.put(cell, rng.randrange(2 * len(SHAPES)))
    return building


def main() -> None:
    mat = busy_mat(7)
    fresh = Building(mat.layout, mat.stacks)
    print(f"Design checks over the {len(REFERENCE_DESIGNS)} Designs, 24 pieces on the mat:")
    print_microseconds(
        {
            "is_complete, structures found anew,": lambda: [
                d.is_complete(Building(fresh.layout, fresh.stacks)) for d in REFERENCE_DESIGNS
            ],
            "is_complete, structures known,": lambda: [
                d.is_complete(mat) for d in REFERENCE_DESIGNS
            ],
            "explain, in English,": lambda: [d.explain(mat) for d in REFERENCE_DESIGNS],
        },
        of="all 46",
        number=200,
        width=9,
    )


if __name__ == "__main__":
    main()
