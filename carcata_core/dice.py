"""The dice: what ``k`` dice can show, as face counts, with exact probabilities.

A roll is written as how many dice show each face, in ``FACES`` order (move, lava,
eruption, statue, turtle): the dice are identical, so their order does not matter and the
chance of a roll is multinomial. One die shows each face with the chance its faces give it
(``Rules.die_faces``: two movements, one of each other face on the printed dice).

>>> from carcata_core.rules import Rules
>>> rolls = roll_outcomes(Rules(), 2)
>>> len(rolls.counts), sum(rolls.chances)
(15, Fraction(1, 1))
>>> rolls.chances[rolls.counts.index((2, 0, 0, 0, 0))]  # two movements: (2/6) ** 2
Fraction(1, 9)
>>> rolls.sample(0.0), rolls.sample(0.999999)
((2, 0, 0, 0, 0), (0, 0, 0, 0, 2))
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from math import factorial

from .rules import FACES, Rules

#: Face counts of a roll: one whole number per face, in ``FACES`` order.
Counts = tuple[int, ...]


def compositions(total: int, parts: int) -> list[Counts]:
    """Every way to share ``total`` dice among ``parts`` faces, the first face's largest
    share first (so that a roll of movements comes first)."""
    if parts == 1:
        return [(total,)]
    out: list[Counts] = []
    for first in range(total, -1, -1):
        out.extend((first, *rest) for rest in compositions(total - first, parts - 1))
    return out


@dataclass(frozen=True)
class RollOutcomes:
    """The rolls of ``dice`` dice: ``counts[i]`` happens with chance ``chances[i]``. Rolls
    that cannot happen (a face no die has) are left out."""

    dice: int
    counts: tuple[Counts, ...]
    chances: tuple[Fraction, ...]
    #: The running totals of ``chances`` as floats, for sampling.
    cumulative: tuple[float, ...]

    def sample(self, u: float) -> Counts:
        """The roll at ``u`` (a uniform float in [0, 1)) on the running totals."""
        index = bisect_right(self.cumulative, u)
        return self.counts[min(index, len(self.counts) - 1)]


def multinomial(counts: Counts, chances: tuple[Fraction, ...]) -> Fraction:
    """The chance that dice showing faces with ``chances`` show ``counts``."""
    ways = factorial(sum(counts))
    for n in counts:
        ways //= factorial(n)
    result = Fraction(ways)
    for n, p in zip(counts, chances, strict=True):
        if n:
            result *= p**n
    return result


_CACHE: dict[tuple[Rules, int], RollOutcomes] = {}


def roll_outcomes(rules: Rules, dice: int) -> RollOutcomes:
    """The rolls of ``dice`` dice under ``rules`` (made once per rules and number of dice)."""
    key = (rules, dice)
    found = _CACHE.get(key)
    if found is None:
        face = tuple(rules.face_chance(f) for f in FACES)
        counts, chances = [], []
        for c in compositions(dice, len(FACES)):
            p = multinomial(c, face)
            if p:
                counts.append(c)
                chances.append(p)
        running, total = [], 0.0
        for p in chances:
            total += float(p)
            running.append(total)
        running[-1] = 1.0
        if len(_CACHE) > 256:
            _CACHE.clear()
        found = _CACHE[key] = RollOutcomes(dice, tuple(counts), tuple(chances), tuple(running))
    return found


__all__ = ["Counts", "RollOutcomes", "compositions", "multinomial", "roll_outcomes"]
