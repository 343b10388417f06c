"""Gains: the exact points one more ingredient, or one more card, adds to a potion."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import Card
from ..deck import Deck
from ..errors import PositionError
from ..game import Game, PlayerView
from ..model import INGREDIENTS, Ingredient
from .formulas import COUNT_SYMBOLS, Formula, as_ingredient, card_formula, evaluate, latex_of
from .potions import Potion, as_potion, card_list, potion_formula, salt_places


@dataclass(frozen=True)
class Gain:
    """The exact points a change adds to a potion.

    ``expression`` is the symbolic difference (the new total minus the old, in the count
    symbols of the potion *before* the change) and ``value`` its value at the potion's
    counts. A card's gain splits into ``own`` (its own points) and ``others`` (what it adds
    to the cards already played).
    """

    change: str
    expression: Formula
    value: int
    own: Gain | None = None
    others: Gain | None = None
    #: For a played card: the ingredient whose count it raised, and by how much.
    ingredient: Ingredient | None = None
    by: int = 0

    def latex(self) -> str:
        """``Delta = expression = value``; the middle is left out when it is the number itself."""
        delta = rf"\Delta_{{\text{{{self.change}}}}}"
        if self.expression.is_Number:
            return f"{delta} = {self.value}"
        return f"{delta} = {latex_of(self.expression)} = {self.value}"

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"

    def __str__(self) -> str:
        parts = (
            f" (own {self.own.value}, others {self.others.value})"
            if self.own and self.others
            else ""
        )
        return f"{self.change}: {self.value:+d}{parts}"


def _shifted(formula: Formula, ingredient: Ingredient, by: int) -> Formula:
    symbol = COUNT_SYMBOLS[ingredient]
    return formula.xreplace({symbol: symbol + by})


def _more(
    total: Formula, ingredient: Ingredient, by: int, counts: Mapping[Ingredient, int]
) -> tuple[Formula, int]:
    """What ``by`` more of ``ingredient`` adds to ``total``: the formula and its value."""
    expression = _shifted(total, ingredient, by) - total
    return expression, evaluate(expression, counts)


def ingredient_gain(
    source: Potion | PlayerView | Game, ingredient: Ingredient | str, seat: int | None = None
) -> Gain:
    """The points gained from one more of ``ingredient`` (a Salt or a token would add it).

    >>> p = Potion.of(["H1,day,normal,honey,-,2 per mushroom", "M1,night,normal,mushroom,-,1"])
    >>> ingredient_gain(p, "mushroom").value
    2
    """
    potion = as_potion(source, seat)
    ingredient = as_ingredient(ingredient)
    expression, value = _more(potion_formula(potion).total, ingredient, 1, potion.counts())
    return Gain(f"one more {ingredient.title}", expression, value)


def card_gain(
    source: Potion | PlayerView | Game,
    card: Card | str,
    on: str | None = None,
    seat: int | None = None,
    *,
    deck: Deck | None = None,
) -> Gain:
    """The points gained by playing ``card``: its own points plus what it adds to the others.

    ``card`` is a ``Card``, a card id (looked up in ``deck``, else the game's deck, else the
    reference deck) or a card line. A Salt goes ``on`` a played card; without ``on`` it goes
    where it gains most. The Bonus token a counter space may give is not included (it does
    not depend on the card).

    >>> p = Potion.of(["H1,day,normal,honey,-,2 per mushroom"])
    >>> g = card_gain(p, Card.parse("M2,night,normal,mushroom,-,1 per mushroom"))
    >>> g.value, g.own.value, g.others.value
    (3, 1, 2)
    """
    potion = as_potion(source, seat)
    if isinstance(card, str):  # an id (in ``deck``, the game's, or the reference deck) or a line
        card = card_list([card], deck or (source.deck if isinstance(source, Game) else None))[0]
    if not isinstance(card, Card):
        raise PositionError("card", f"{card!r} is not a card (give a Card or a card id)")
    if any(c.id == card.id for c in potion.played):
        raise PositionError("card", f"{card.id} is already in the potion")
    counts = potion.counts()
    total = potion_formula(potion).total
    if card.is_salt:
        targets = salt_places(potion)
        if on is None:
            if not targets:
                raise PositionError("on", f"Salt {card.id} needs a played card to sit on")
            gains = {i: _more(total, i, 1, counts)[1] for i in targets}
            on = targets[max(gains, key=lambda i: (gains[i], -INGREDIENTS.index(i)))]
        ingredient = potion.plus(card, on).salt_ingredient(card.id)
        weight, change = 1, f"play {card.id} on {on}"
    else:
        assert card.ingredient is not None
        ingredient, weight, change = card.ingredient, card.weight, f"play {card.id}"
    own_expr = _shifted(card_formula(card), ingredient, weight)
    own = Gain(f"{card.id} itself", own_expr, evaluate(own_expr, counts))
    others = Gain("the others", *_more(total, ingredient, weight, counts))
    return Gain(
        change,
        own.expression + others.expression,
        own.value + others.value,
        own,
        others,
        ingredient,
        weight,
    )


__all__ = ["Gain", "card_gain", "ingredient_gain"]
