r"""Formulas: a card's points as a sympy expression in the count symbols, and its value.

Every formula is *built* from a card's parsed scoring data (``Flat``, ``PerIngredient``,
``PerSet``); no text is ever handed to ``sympify`` or ``parse_expr``, so a bad deck line fails
in the deck loader with a ``DeckError`` long before sympy could see it.

>>> from carnuta_core import Card
>>> card_formula(Card.parse("X1,night,normal,mushroom,-,1 per clover flower"))
n_clover + n_flower
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, TypeAlias

import sympy

from ..cards import Card, Flat, NoPoints, PerIngredient, PerSet
from ..errors import CarnutaError
from ..model import INGREDIENTS, E, Ingredient, lookup

#: A sympy expression (sympy ships no type hints, so mypy sees ``Any``).
Formula: TypeAlias = Any


# --------------------------------------------------------------------------- symbols
class CountSymbol(sympy.Symbol):  # type: ignore[misc]
    r"""The count of one ingredient: a non-negative integer symbol.

    Plain text shows ``n_clover``; LaTeX shows :math:`n_{\text{Clover}}`.

    >>> n = count_symbol("clover")
    >>> n, n.is_integer, n.is_nonnegative, sympy.latex(n)
    (n_clover, True, True, 'n_{\\text{Clover}}')
    """

    @property
    def ingredient(self) -> Ingredient:
        return Ingredient(self.name.removeprefix("n_"))

    def _latex(self, printer: Any) -> str:
        return rf"n_{{\text{{{self.ingredient.title}}}}}"


#: One symbol per ingredient, in score-pad order.
COUNT_SYMBOLS: dict[Ingredient, Formula] = {
    ingredient: CountSymbol(f"n_{ingredient.value}", integer=True, nonnegative=True)
    for ingredient in INGREDIENTS
}
_SYMBOL_INGREDIENT = {symbol: ingredient for ingredient, symbol in COUNT_SYMBOLS.items()}


def as_member(enum_type: type[E], value: object, what: str, not_text: str) -> E:
    """A member of ``enum_type`` from itself or its name; else ``CarnutaError``: ``not_text``
    (formatted with the value's repr) when ``value`` is not even text."""
    if isinstance(value, enum_type):
        return value
    if not isinstance(value, str):
        raise CarnutaError(not_text.format(value))
    try:
        return lookup(enum_type, value, what)
    except ValueError as error:
        raise CarnutaError(str(error)) from None


def as_ingredient(value: Ingredient | str) -> Ingredient:
    """An ``Ingredient`` from itself or its name (English or French); else ``CarnutaError``."""
    return as_member(
        Ingredient, value, "ingredient", "{!r} is not an ingredient (write one like 'clover')"
    )


def count_symbol(ingredient: Ingredient | str) -> Formula:
    """The symbol for the count of ``ingredient``.

    >>> count_symbol(Ingredient.BERRY)
    n_berry
    """
    return COUNT_SYMBOLS[as_ingredient(ingredient)]


# --------------------------------------------------------------------------- formulas
def card_formula(card: Card | str) -> Formula:
    """A card's points as a sympy expression in the count symbols.

    Built from the card's parsed scoring: flat ``N``; ``N`` times the sum of the counts
    shown (``1 per clover flower``); ``N`` times the minimum over a set, where an icon
    shown twice needs two of that ingredient per set (``floor(n / 2)``). A Salt scores 0.
    ``card`` may be a ``Card`` or one card line in the kit's notation (read by
    ``Card.parse``, which raises ``DeckError``; nothing is evaluated as code).

    >>> card_formula(Card.parse("X3,day,normal,egg,-,5"))
    5
    >>> card_formula(Card.parse("X4,night,normal,mushroom,-,6 per set butterfly egg egg"))
    6*Min(n_butterfly, floor(n_egg/2))
    """
    if isinstance(card, str):
        card = Card.parse(card)
    if not isinstance(card, Card):
        raise CarnutaError(f"{card!r} is not a card (give a Card or a card line)")
    scoring = card.scoring
    if isinstance(scoring, Flat):
        return sympy.Integer(scoring.points)
    if isinstance(scoring, PerIngredient):
        shown = sympy.Add(*(COUNT_SYMBOLS[i] for i in scoring.ingredients))
        return sympy.Integer(scoring.points) * shown
    if isinstance(scoring, PerSet):
        sets = [
            COUNT_SYMBOLS[i] if need == 1 else sympy.floor(COUNT_SYMBOLS[i] / need)
            for i, need in scoring.needs.items()
        ]
        return sympy.Integer(scoring.points) * sympy.Min(*sets)
    assert isinstance(scoring, NoPoints)
    return sympy.Integer(0)


def checked_counts(
    counts: Mapping[Ingredient, int] | Mapping[str, int],
) -> dict[Ingredient, int]:
    """Counts keyed by ingredient, each a whole number of at least 0 (else CarnutaError)."""
    if not isinstance(counts, Mapping):
        raise CarnutaError(f"counts should map ingredients to numbers, not {counts!r}")
    result: dict[Ingredient, int] = {}
    for key, value in counts.items():
        ingredient = as_ingredient(key)
        if isinstance(value, bool):
            raise CarnutaError(f"count of {ingredient.title} is {value!r}, not a number")
        try:
            number = operator.index(value)
        except TypeError:
            raise CarnutaError(
                f"count of {ingredient.title} is {value!r}; a count is a whole number"
            ) from None
        if number < 0:
            raise CarnutaError(
                f"count of {ingredient.title} is {number}; a potion cannot hold fewer than 0 "
                "of an ingredient"
            )
        result[ingredient] = number
    return result


def evaluate(formula: Formula, counts: Mapping[Ingredient, int] | Mapping[str, int]) -> int:
    """The value of a formula for these ingredient counts (keys: ``Ingredient`` or name).

    Every count the formula uses must be given, as a whole number of at least 0; anything
    else raises ``CarnutaError`` (a ``ValueError``) naming the ingredient.

    >>> evaluate(card_formula(Card.parse("X5,day,normal,honey,-,2 per mushroom")), {"mushroom": 1})
    2
    >>> evaluate(count_symbol("egg"), {"egg": -1})
    Traceback (most recent call last):
    ...
    carnuta_core.errors.CarnutaError: count of Egg is -1; a potion cannot hold fewer than 0 of an ingredient
    """
    values = checked_counts(counts)
    if isinstance(formula, int) and not isinstance(formula, bool):
        return formula
    if not isinstance(formula, sympy.Basic):
        raise CarnutaError(
            f"{formula!r} is not a formula: build one with card_formula or potion_formula "
            "(text is never evaluated)"
        )
    needed = sorted(
        (_SYMBOL_INGREDIENT[s] for s in formula.free_symbols if s in _SYMBOL_INGREDIENT),
        key=INGREDIENTS.index,
    )
    missing = [i.title for i in needed if i not in values]
    if missing:
        raise CarnutaError(f"the formula needs the count of {', '.join(missing)}")
    result = formula.xreplace({COUNT_SYMBOLS[i]: sympy.Integer(values[i]) for i in needed})
    if not isinstance(result, sympy.Integer):
        raise CarnutaError(f"{formula} uses symbols that are not ingredient counts")
    return int(result)


def latex_of(expr: Formula) -> str:
    """A formula in LaTeX (the count symbols print as :math:`n_{\\text{Clover}}`)."""
    return str(sympy.latex(expr))


__all__ = [
    "COUNT_SYMBOLS",
    "CountSymbol",
    "Formula",
    "as_ingredient",
    "card_formula",
    "checked_counts",
    "count_symbol",
    "evaluate",
    "latex_of",
]
