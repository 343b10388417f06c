"""Probabilities: what the next reveals of a market deck show, exact (sympy ``Rational``)."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable

import sympy

from ..cards import Card
from ..errors import CarnutaError, WorkLimitError
from ..game import Game
from ..model import Row
from .formulas import Formula, as_member
from .potions import deck_card

#: The most unseen cards the exact laws accept: far beyond any deck (the reference market decks
#: hold 32 cards each), small enough that every answer comes back within a second.
MAX_UNSEEN = 1000


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool):
        raise CarnutaError(f"{name} should be a whole number, not {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise CarnutaError(f"{name} should be a whole number, not {value!r}") from None
    if number < 0:
        raise CarnutaError(f"{name} is {number}; it cannot be negative")
    return number


def _law(unseen: object, n: object, wanted: object) -> tuple[int, int, int]:
    """The checked arguments of a reveal law, ``n`` capped at ``unseen``."""
    u, n, w = _whole(unseen, "unseen"), _whole(n, "n"), _whole(wanted, "wanted")
    if u > MAX_UNSEEN:
        raise WorkLimitError(
            "unseen", f"{u} cards: the exact laws take at most {MAX_UNSEEN} unseen cards"
        )
    if w > u:
        raise CarnutaError(f"wanted is {w}, but only {u} cards are unseen")
    return u, min(n, u), w


def reveal_distribution(unseen: int, n: int, wanted: int = 1) -> dict[int, Formula]:
    """How many of ``wanted`` particular cards the next ``n`` reveals show (exact).

    The hypergeometric law: ``unseen`` cards in random order, ``wanted`` of them special,
    the top ``n`` revealed (all of them if ``n >= unseen``). Values are sympy ``Rational``.

    >>> reveal_distribution(5, 2, 2)
    {0: 3/10, 1: 3/5, 2: 1/10}
    """
    unseen, n, wanted = _law(unseen, n, wanted)
    total = math.comb(unseen, n)
    return {
        hits: sympy.Rational(math.comb(wanted, hits) * math.comb(unseen - wanted, n - hits), total)
        for hits in range(min(wanted, n) + 1)
        if n - hits <= unseen - wanted
    }


def reveal_probability(unseen: int, n: int, wanted: int = 1) -> Formula:
    """The chance that at least one of ``wanted`` particular cards is among the next ``n``
    cards revealed from a deck of ``unseen`` cards (exact sympy ``Rational``).

    For one card it is simply ``n / unseen``: every position in the deck is equally likely.

    >>> reveal_probability(24, 4), reveal_probability(24, 4, 3)
    (1/6, 221/506)
    """
    unseen, n, wanted = _law(unseen, n, wanted)
    return 1 - sympy.Rational(math.comb(unseen - wanted, n), math.comb(unseen, n))


def _deck_row(card: Card) -> Row:
    row = card.origin.row
    if row is None:
        raise CarnutaError(f"{card.id} is a starting card: it is never in a deck")
    return row


def as_row(row: object) -> Row:
    """A market ``Row`` from itself or its name (``'day'``, ``'nuit'``...); else ``CarnutaError``."""
    return as_member(Row, row, "market row", "row should be 'day' or 'night', not {!r}")


def unseen_cards(game: Game, row: Row | str) -> tuple[Card, ...]:
    """The cards that can still be revealed in ``row``'s market: that deck's cards that are
    not in the market, any hand, any potion or the discard (all public), sorted by id.

    Deck *order* is the game's only hidden information, so these are exactly the deck's
    cards, and every order of them is equally likely.
    """
    row = as_row(row)
    seen = {c.id for r in (Row.DAY, Row.NIGHT) for c in game.market(r) if c is not None}
    for seat in range(game.num_players):
        view = game.player(seat)
        seen.update(c.id for c in view.hand + view.played)
    seen.update(c.id for c in game.discard_pile)
    return tuple(
        sorted(
            (c for c in game.deck if c.origin.row is row and c.id not in seen), key=lambda c: c.id
        )
    )


def _game_card(game: Game, card: Card | str) -> Card:
    if not isinstance(card, (Card, str)):
        raise CarnutaError(f"card should be a Card or a card id such as 'N16', not {card!r}")
    return deck_card(game.deck, card.id if isinstance(card, Card) else card)


def card_reveal_probability(game: Game, card: Card | str, n: int) -> Formula:
    """The chance that ``card`` appears in the market within the next ``n`` reveals of its
    deck (exact). A card that is not in the deck (in the market already, a hand, a potion
    or the discard) cannot be revealed: 0. Rebuilding an empty deck from the discard is
    not modelled (``n`` beyond the deck reveals every unseen card).
    """
    wanted = _game_card(game, card)
    n = _whole(n, "n")
    unseen = unseen_cards(game, _deck_row(wanted))
    if wanted not in unseen:
        return sympy.Integer(0)
    return reveal_probability(len(unseen), n, 1)


def any_reveal_probability(game: Game, cards: Iterable[Card | str], n: int) -> Formula:
    """The chance to see at least one of ``cards`` within the next ``n`` reveals of each
    deck involved (the two decks are shuffled independently).
    """
    if isinstance(cards, (str, Card)):
        raise CarnutaError("cards should be a list of cards or card ids, such as ['N16', 'D02']")
    wanted = {c.id: c for c in (_game_card(game, card) for card in cards)}
    n = _whole(n, "n")
    miss = sympy.Integer(1)
    for row in (Row.DAY, Row.NIGHT):
        unseen = unseen_cards(game, row)
        hits = sum(1 for c in unseen if c.id in wanted)
        if hits:
            miss *= 1 - reveal_probability(len(unseen), n, hits)
    return 1 - miss


__all__ = [
    "as_row",
    "MAX_UNSEEN",
    "any_reveal_probability",
    "card_reveal_probability",
    "reveal_distribution",
    "reveal_probability",
    "unseen_cards",
]
