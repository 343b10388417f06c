"""Rune transitions, written once: Take Runes, Flip Runes and paying a card's cost.

Pure functions on whole numbers (Suns and Moons on a board, its empty open spaces, the
reserve), so that the engine, the rune graph, the search bots, the fast scorer and the
exercises all move runes by the same rules.

- **Take Runes** (``runes sun``): fill as many empty open spaces as possible with runes of one
  face from the reserve. ``taken(empty, in_reserve)`` is how many move.
- **Flip Runes** (``flip sun``): every rune shows the chosen face; in the ``flip_mode="any"``
  variant, ``count`` runes of the other face turn. ``flipped(...)`` is the board after.
- **Pay a cost**: every icon uses a *different* rune of its face, matched against the board
  before paying; a flip icon turns that rune, a return icon sends it to the reserve showing
  the face it had. ``cost_need`` is what the board must show, ``cost_delta`` what changes.

>>> from carnuta_core.cards import parse_cost
>>> berry = parse_cost("flip moon, return moon")
>>> cost_need(berry), cost_delta(berry)
((0, 2), (1, -2, 0, 1))
>>> can_pay(1, 2, cost_need(berry)), can_pay(2, 1, cost_need(berry))
(True, False)
>>> taken(empty=2, in_reserve=1)
1
>>> flipped(Face.SUN, suns=1, moons=3)
(4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import CostIcon, Pay
from .model import Face

#: (Suns, Moons) a board must show to pay a cost.
Need = tuple[int, int]
#: The change a paid cost makes: (board Suns, board Moons, reserve Suns, reserve Moons).
Delta = tuple[int, int, int, int]


@lru_cache(maxsize=4096)
def cost_need(cost: tuple[CostIcon, ...]) -> Need:
    """(Suns, Moons) the board must show: one rune of its face for every icon."""
    suns = sum(1 for icon in cost if icon.face is Face.SUN)
    return suns, len(cost) - suns


@lru_cache(maxsize=4096)
def cost_delta(cost: tuple[CostIcon, ...]) -> Delta:
    """How paying ``cost`` changes the board and the reserve.

    A flip icon turns a rune of its face to the other face; a return icon moves a rune of its
    face to the reserve. Every icon uses a different rune, counted before paying.
    """
    flips = {Face.SUN: 0, Face.MOON: 0}
    returns = {Face.SUN: 0, Face.MOON: 0}
    for icon in cost:
        (flips if icon.pay is Pay.FLIP else returns)[icon.face] += 1
    need_suns, need_moons = cost_need(cost)
    return (
        flips[Face.MOON] - need_suns,
        flips[Face.SUN] - need_moons,
        returns[Face.SUN],
        returns[Face.MOON],
    )


def can_pay(suns: int, moons: int, need: Need) -> bool:
    """Whether a board showing ``suns`` and ``moons`` can pay a cost needing ``need``."""
    return suns >= need[0] and moons >= need[1]


def taken(empty: int, in_reserve: int | None) -> int:
    """Runes Take Runes moves: every empty open space, as far as the reserve's runes of that
    face go (``None``: a reserve that never runs short, for drawings of the board alone)."""
    if in_reserve is None or in_reserve > empty:
        return empty
    return in_reserve


def flippable(face: Face, suns: int, moons: int) -> int:
    """Runes showing the other face: how many a Flip Runes to ``face`` can turn."""
    return moons if face is Face.SUN else suns


def flipped(face: Face, suns: int, moons: int, count: int | None = None) -> tuple[int, int]:
    """(Suns, Moons) after flipping to ``face``: every rune (``count=None``, the rulebook) or
    ``count`` runes of the other face (the ``flip_mode="any"`` variant)."""
    if face is Face.SUN:
        moved = moons if count is None else count
        return suns + moved, moons - moved
    moved = suns if count is None else count
    return suns - moved, moons + moved


def flip_counts(
    face: Face, suns: int, moons: int, flip_mode: str, allow_null: bool = False
) -> Sequence[int | None]:
    """The legal ``count`` values of a Flip Runes to ``face``: ``[None]`` (every rune) in the
    rulebook's mode when some rune shows the other face (or always, when ``allow_null``
    lets an action change nothing), ``1..n`` in the ``"any"`` variant."""
    other = flippable(face, suns, moons)
    if flip_mode == "all":
        return [None] if other > 0 or allow_null else []
    return range(1, other + 1)


__all__ = [
    "Delta",
    "Need",
    "can_pay",
    "cost_delta",
    "cost_need",
    "flip_counts",
    "flippable",
    "flipped",
    "taken",
]
