"""Rules as data: the Karnak rulebook's stated facts, and every reconstruction and ruling a
design class might turn. The defaults are Karnak as printed, with the kit's reconstruction
where the rulebook is silent (``docs/karnak.md``, RULINGS).

>>> Rules().hands_for(4)
(5, 4, 3, 2)
>>> Rules().favor_cards, Rules().favor_deck
(30, 25)
>>> Rules(max_level=2).changes()
{'max_level': 2}
>>> Rules(caps=("triangle", "pyramid"))
Traceback (most recent call last):
...
karnak_core.errors.RulesError: caps are shapes among triangle, statue, disk, rod, cube, not ('triangle', 'pyramid')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain, count, repeat
from typing import Any, ClassVar

from tabletop.fields import KnobsByName, changed_fields, limits_problem, settings_from_changes
from tabletop.saves import short_repr

from .errors import RulesError
from .mat import MAT_ROWS, SHAPES, MatLayout

#: The kinds of Favor card (the rulebook's eight): place a piece of one shape, gain a Design,
#: move a piece (turning it white), gain a Priest.
FAVOR_KINDS: tuple[str, ...] = (*SHAPES, "design", "move", "priest")
#: Whole-number knobs and their ranges (lowest, highest); the highest keep a game's work
#: bounded.
LIMITS: dict[str, tuple[int, int]] = {
    "hand_limit": (1, 12),
    "draw_count": (1, 6),
    "yellow_per_shape": (0, 20),
    "white_per_shape": (0, 20),
    "priests_each": (0, 6),
    "priest_supply": (0, 40),
    "favor_deck": (1, 60),
    "max_level": (1, 8),
    "round_limit": (5, 200),
    "favor_point": (0, 5),
}


def cards_counted(counts: Iterable[int]) -> list[int]:
    """The cards that ``counts`` counts per kind, as a list of kinds in kind order.

    >>> cards_counted([2, 0, 1])
    [0, 0, 2]
    """
    return list(chain.from_iterable(map(repeat, count(), counts)))


@dataclass(frozen=True)
class Rules(metaclass=KnobsByName):
    """The rules of one game. ``Rules()`` is Karnak as printed (with the reconstruction)."""

    knob_error: ClassVar[type[RulesError]] = RulesError
    knob_example: ClassVar[str] = "max_level=3"

    #: Stated: the first player draws five Design cards, the next four, "and so on".
    first_hand: int = 5
    #: Stated: a hand holds at most five Designs at the end of a turn; DRAW takes three.
    hand_limit: int = 5
    draw_count: int = 3
    #: Stated: 7 yellow and 5 white pieces of each of the five shapes.
    yellow_per_shape: int = 7
    white_per_shape: int = 5
    #: Stated: two Priests each from a supply of 15. The younger players' variant gives these
    #: seats one more (stated as a suggestion; a setting here).
    priests_each: int = 2
    priest_supply: int = 15
    younger_seats: tuple[int, ...] = ()
    #: Stated: 30 Favor cards, of which 25 random ones make the deck. Reconstructed: how many
    #: of each kind (three of each shape, five of each of the others), by ``FAVOR_KINDS``.
    favor_counts: tuple[int, ...] = (3, 3, 3, 3, 3, 5, 5, 5)
    favor_deck: int = 25
    #: Stated: an unused Favor card is worth a point.
    favor_point: int = 1
    #: The mat (``karnak_core.mat``): its rows of cell symbols, top row first.
    mat: tuple[str, ...] = MAT_ROWS
    #: Ruling: how high a stack may rise (levels 0 .. max_level - 1), and the shapes nothing
    #: can stand on (a triangle's point, a statue's head).
    max_level: int = 4
    caps: tuple[str, ...] = ("triangle", "statue")
    #: Ruling: a game in which the Favor deck never runs out ends after this many rounds.
    round_limit: int = 60
    #: Ruling: the game ends as soon as no PLACE or MOVE can ever be taken again (the Favor
    #: deck could then never run out); ``False`` plays on to ``round_limit``.
    end_on_locked_mat: bool = True

    def __post_init__(self) -> None:
        for name in ("younger_seats", "favor_counts", "mat", "caps"):
            value = getattr(self, name)
            if isinstance(value, list) and len(value) <= 20:
                object.__setattr__(self, name, tuple(value))
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str | None:
        problem = limits_problem(self, LIMITS)
        if problem:
            return problem
        first = self.first_hand
        if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= 12:
            return f"first_hand must be a whole number from 1 to 12, not {short_repr(first)}"
        if first < 4:
            # Hands shrink by one a seat: a fourth seat must still be dealt a card.
            return f"first_hand must be at least 4 (a fourth seat gets first_hand - 3), not {first}"
        seats = self.younger_seats
        if (
            not isinstance(seats, tuple)
            or any(type(s) is not int or not 0 <= s <= 3 for s in seats)
            or len(set(seats)) != len(seats)
        ):
            return f"younger_seats are distinct seats from 0 to 3, not {short_repr(seats)}"
        counts = self.favor_counts
        if (
            not isinstance(counts, tuple)
            or len(counts) != len(FAVOR_KINDS)
            or any(type(n) is not int or not 0 <= n <= 20 for n in counts)
        ):
            return (
                f"favor_counts give a whole number from 0 to 20 for each of "
                f"{', '.join(FAVOR_KINDS)}, not {short_repr(counts)}"
            )
        if self.favor_deck > sum(counts):
            return f"favor_deck ({self.favor_deck}) is more than the {sum(counts)} Favor cards"
        mat = MatLayout.problem(self.mat)
        if mat:
            return mat
        if not isinstance(self.end_on_locked_mat, bool):
            return f"end_on_locked_mat is True or False, not {short_repr(self.end_on_locked_mat)}"
        caps = self.caps
        if not isinstance(caps, tuple) or any(
            not isinstance(c, str) or c not in SHAPES for c in caps
        ):
            return f"caps are shapes among {', '.join(SHAPES)}, not {short_repr(caps)}"
        return None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2, 3, 4)

    @property
    def favor_cards(self) -> int:
        return sum(self.favor_counts)

    @property
    def layout(self) -> MatLayout:
        """The mat's grid (made once per rules value)."""
        return _layout(self.mat)

    def hands_for(self, players: int) -> tuple[int, ...]:
        """The Designs dealt to each seat at the start: five, four, three..."""
        return tuple(self.first_hand - seat for seat in range(players))

    def priests_for(self, seat: int) -> int:
        return self.priests_each + (1 if seat in self.younger_seats else 0)

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the printed game, as JSON-ready values."""
        return changed_fields(self)

    @staticmethod
    def from_changes(changes: Any) -> Rules:
        """The inverse of ``changes()``; an unknown knob is a ``RulesError`` naming it."""
        rules: Rules = settings_from_changes(changes, Rules, RulesError)
        return rules


_LAYOUTS: dict[tuple[str, ...], MatLayout] = {}


def _layout(rows: tuple[str, ...]) -> MatLayout:
    found = _LAYOUTS.get(rows)
    if found is None:
        found = _LAYOUTS[rows] = MatLayout(rows)
    return found


__all__ = ["FAVOR_KINDS", "Rules", "cards_counted"]
