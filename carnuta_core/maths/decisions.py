r"""Expected values of two decisions, exact: using a Sickle on a row, and a draft pick.

**A Sickle** discards a market row and reveals the next 4 cards of that deck. If you then
take the best card, its gain is the *maximum* of 4 cards drawn without replacement from the
:math:`u` unseen ones. Sort the unseen cards' gains; the maximum is at most :math:`g` exactly
when all 4 come from the :math:`N_{\le g}` cards worth at most :math:`g`:

.. math:: P(\max \le g) = \binom{N_{\le g}}{4} \Big/ \binom{u}{4},
   \qquad E[\max] = \sum_g g \, \bigl(P(\max \le g) - P(\max < g)\bigr).

**A draft pick** is worth its gain now, plus what it adds to the cards it will meet later.
With :math:`m` later cards drawn at random from the unseen ones (Salts left out: where they
sit is a plan, not a draw), its value at the end is the average over every such set
:math:`R` of :math:`\text{score}(P + c + R) - \text{score}(P + R)`, enumerated exactly.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card
from ..errors import CarnutaError, WorkLimitError
from ..game import Game
from ..model import Row
from ..scoring import score_potion
from ..vocabulary import check_lang
from .potions import Potion, as_potion, deck_card, salt_places
from .probability import as_row, unseen_cards

#: The most later cards a draft value enumerates (sets of them are counted exactly).
MAX_LATER = 2
#: The most sets of later cards enumerated (a second's work).
MAX_SETS = 5000


def _gain_now(potion: Potion, card: Card) -> int:
    """What playing ``card`` adds now, scored by the engine (``card_gain``'s value, without
    the formulas: a Salt goes where it gains most, 0 with no card to sit on)."""
    before = score_potion(potion.played, potion.salt_targets, potion.bonus_tokens).total
    played = potion.played + (card,)
    if not card.is_salt:
        return score_potion(played, potion.salt_targets, potion.bonus_tokens).total - before
    targets = salt_places(potion).values()
    return max(
        (
            score_potion(played, {**potion.salt_targets, card.id: on}, potion.bonus_tokens).total
            - before
            for on in targets
        ),
        default=0,
    )


@dataclass(frozen=True)
class SickleValue:
    """The best gain in a row now, and the exact expectation after a Sickle."""

    row: Row
    best_now: int
    expected_after: Fraction
    unseen: int
    law: dict[int, Fraction]  # P(best gain after the Sickle == g)

    @property
    def worth_it(self) -> bool:
        return self.expected_after > self.best_now

    def __str__(self) -> str:
        return (
            f"Sickle on {self.row.value}: best gain now {self.best_now}, expected after "
            f"{self.expected_after} = {float(self.expected_after):.2f} ({self.unseen} unseen)"
        )


def sickle_value(game: Game, seat: int, row: Row | str) -> SickleValue:
    """The exact expected best gain (for ``seat``'s potion now) after a Sickle on ``row``."""
    row = as_row(row)
    potion = as_potion(game, seat)
    shown = [c for c in game.market(row) if c is not None]
    best_now = max((_gain_now(potion, c) for c in shown), default=0)
    unseen = unseen_cards(game, row)
    draw = min(len(shown) or 4, len(unseen))
    if draw == 0:
        return SickleValue(row, best_now, Fraction(0), 0, {0: Fraction(1)})
    gains = Counter(_gain_now(potion, c) for c in unseen)
    total = math.comb(len(unseen), draw)
    law: dict[int, Fraction] = {}
    at_most = 0
    below = Fraction(0)
    for g in sorted(gains):
        at_most += gains[g]
        cumulative = Fraction(math.comb(at_most, draw), total)
        law[g] = cumulative - below
        below = cumulative
    expected = sum((g * p for g, p in law.items()), Fraction(0))
    return SickleValue(row, best_now, expected, len(unseen), law)


def sickle_draw_best(game: Game, seat: int, row: Row, draw: list[Card]) -> int:
    """The best gain among ``draw`` (one simulated Sickle) for ``seat``'s potion now."""
    potion = as_potion(game, seat)
    return max((_gain_now(potion, c) for c in draw), default=0)


@dataclass(frozen=True)
class DraftValue:
    """A card's gain now and its exact expected value against ``later`` random cards."""

    card: Card
    gain_now: int
    expected_end: Fraction
    later: int
    sets: int

    def as_dict(self, lang: str = "en") -> dict[str, object]:
        """The value as one row of a table, its headings in ``lang``."""
        value, add = (
            round(float(self.expected_end), 2),
            round(float(self.expected_end) - self.gain_now, 2),
        )
        if check_lang(lang) == "fr":
            return {
                "carte": self.card.id,
                "gain maintenant": self.gain_now,
                f"valeur face à {self.later} cartes à venir": value,
                "ajout des cartes à venir": add,
            }
        return {
            "card": self.card.id,
            "gain now": self.gain_now,
            f"value with {self.later} later": value,
            "later cards add": add,
        }


def draft_value(game: Game, seat: int, card: Card | str, later: int = 2) -> DraftValue:
    """``card``'s value to ``seat`` if ``later`` random unseen non-Salt cards join the potion
    after it: the exact average, over every set of them, of what it adds at the end."""
    if not isinstance(later, int) or isinstance(later, bool) or not 0 <= later <= MAX_LATER:
        raise WorkLimitError("later", f"between 0 and {MAX_LATER} later cards, not {later!r}")
    potion = as_potion(game, seat)
    if isinstance(card, str):
        card = deck_card(game.deck, card)
    if not isinstance(card, Card):
        raise CarnutaError(f"card should be a Card or a card id, not {card!r}")
    pool = [
        c
        for r in (Row.DAY, Row.NIGHT)
        for c in unseen_cards(game, r)
        if not c.is_salt and c.id != card.id
    ]
    sets = math.comb(len(pool), later)
    if sets > MAX_SETS:
        raise WorkLimitError("later", f"{sets} sets of later cards: at most {MAX_SETS}")
    total = Fraction(0)
    for extra in itertools.combinations(pool, later):
        after = Potion(potion.played + extra, potion.salt_on, potion.bonus_tokens)
        total += _gain_now(after, card)
    return DraftValue(card, _gain_now(potion, card), total / max(sets, 1), later, sets)


def draft_table(game: Game, seat: int, later: int = 2) -> list[DraftValue]:
    """``draft_value`` of every market card, best expected value first."""
    values = [
        draft_value(game, seat, c, later)
        for r in (Row.DAY, Row.NIGHT)
        for c in game.market(r)
        if c is not None
    ]
    return sorted(values, key=lambda v: -v.expected_end)


__all__ = [
    "MAX_LATER",
    "MAX_SETS",
    "DraftValue",
    "SickleValue",
    "draft_table",
    "draft_value",
    "sickle_draw_best",
    "sickle_value",
]
