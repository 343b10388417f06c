"""The catapult: where a gem thrown at a space lands (the kit's model; RULINGS, "the catapult").

The rulebook leaves the throw to the players' hands. The kit models a throw aimed at a
space as landing ``k`` spaces from the aim, ``k`` from 0 to ``min(6, ceil(3 * spread))``,
with weight ``exp(-k**2 / (2 * spread**2))`` times the number of spaces at that distance
(``6k``; one for ``k = 0``), and uniformly among those spaces of the whole hexagonal grid.
A space beyond the beach, or the volcano's own cell, is the sea: the gem is lost. A gem
stopping on a pawn's space touches the pawn with chance ``Rules.touch_chance``.

>>> from carcata_core.rules import Rules
>>> model = landing_model(Rules(), ISLAND.cell("3-5"))
>>> [len(ring) for ring in model.rings]
[1, 6, 12, 18]
>>> round(sum(model.ring_chances), 12)
1.0
>>> landing_model(Rules(catapult_spread=0), ISLAND.cell("3-5")).rings
((70,),)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from .board import ISLAND, STEPS
from .rules import Rules

#: Where a gem lost at sea "lands".
SEA = -1
#: The farthest a throw may stray, in spaces.
MAX_STRAY = 6

_CELL_AT = {axial: cell for cell, axial in enumerate(ISLAND.axial)}


def hex_ring(q: int, r: int, k: int) -> list[tuple[int, int]]:
    """The ``6k`` cells of the whole grid at distance ``k`` from ``(q, r)`` (itself for 0)."""
    if k == 0:
        return [(q, r)]
    out = []
    dq, dr = STEPS[4]  # start k steps south-west, then walk the six sides
    q, r = q + dq * k, r + dr * k
    for side in range(6):
        sq, sr = STEPS[side]
        for _ in range(k):
            out.append((q, r))
            q, r = q + sq, r + sr
    return out


@dataclass(frozen=True)
class LandingModel:
    """The throws aimed at one space: ``rings[k]`` are the landing spaces (``SEA`` for the
    sea) ``k`` away, reached with chance ``ring_chances[k]`` in all, uniformly."""

    aim: int
    rings: tuple[tuple[int, ...], ...]
    ring_chances: tuple[float, ...]
    cumulative: tuple[float, ...]
    #: Each landing target once (island cells, then ``SEA`` if any), with its chance.
    targets: tuple[tuple[int, float], ...]

    def sample(self, u: float) -> int:
        """The landing space at ``u`` (a uniform float in [0, 1))."""
        k = min(bisect_right(self.cumulative, u), len(self.rings) - 1)
        low = self.cumulative[k - 1] if k else 0.0
        share = self.ring_chances[k]
        ring = self.rings[k]
        index = int((u - low) / share * len(ring)) if share > 0 else 0
        return ring[min(max(index, 0), len(ring) - 1)]


_MODELS: dict[tuple[float, int], LandingModel] = {}


def landing_model(rules: Rules, aim: int) -> LandingModel:
    """Where a throw at ``aim`` lands under ``rules`` (made once per spread and aim)."""
    key = (float(rules.catapult_spread), aim)
    found = _MODELS.get(key)
    if found is None:
        found = _MODELS[key] = _build(key[0], aim)
    return found


def _build(spread: float, aim: int) -> LandingModel:
    reach = 0 if spread == 0 else min(MAX_STRAY, math.ceil(3 * spread))
    q, r = ISLAND.axial[aim]
    rings = []
    weights = []
    for k in range(reach + 1):
        cells = hex_ring(q, r, k)
        rings.append(tuple(_CELL_AT.get(a, SEA) for a in cells))
        weights.append(len(cells) * (1.0 if k == 0 else math.exp(-(k * k) / (2 * spread * spread))))
    total = sum(weights)
    chances = [w / total for w in weights]
    running, acc = [], 0.0
    for p in chances:
        acc += p
        running.append(acc)
    running[-1] = 1.0
    per_target: dict[int, float] = {}
    for ring, p in zip(rings, chances, strict=True):
        for cell in ring:
            per_target[cell] = per_target.get(cell, 0.0) + p / len(ring)
    targets = sorted(per_target.items(), key=lambda item: (item[0] == SEA, item[0]))
    return LandingModel(aim, tuple(rings), tuple(chances), tuple(running), tuple(targets))


_OUTCOMES: dict[tuple[float, float, int, int], tuple[tuple[int, bool, float], ...]] = {}


def landing_outcomes(
    rules: Rules, aim: int, pawn: Sequence[int]
) -> tuple[tuple[int, bool, float], ...]:
    """Every landing of a throw at ``aim`` as ``(cell, touch, chance)``: ``cell`` is
    ``SEA`` for the sea; on a pawn's space (``pawn[cell] >= 0``) it splits into touching the
    pawn (``touch_chance``) or not. Made once per spread, touch chance, aim and pawns there."""
    model = landing_model(rules, aim)
    bits = 0
    for i, (cell, _) in enumerate(model.targets):
        if cell >= 0 and pawn[cell] >= 0:
            bits |= 1 << i
    touch = float(rules.touch_chance)
    key = (float(rules.catapult_spread), touch, aim, bits)
    found = _OUTCOMES.get(key)
    if found is None:
        out: list[tuple[int, bool, float]] = []
        for i, (cell, p) in enumerate(model.targets):
            if bits >> i & 1:
                if touch > 0:
                    out.append((cell, True, p * touch))
                if touch < 1:
                    out.append((cell, False, p * (1 - touch)))
            else:
                out.append((cell, False, p))
        if len(_OUTCOMES) > 4096:
            _OUTCOMES.clear()
        found = _OUTCOMES[key] = tuple(out)
    return found


__all__ = ["MAX_STRAY", "SEA", "LandingModel", "hex_ring", "landing_model", "landing_outcomes"]
