r"""The maths of a potion: formulas, marginal values, the best potion, exact probabilities.

One module per job:

- ``formulas``: the count symbols and a card's points as a sympy formula;
- ``potions``: ``Potion`` (cards, Salts, Bonus tokens) and its score pad as formulas;
- ``gains``: what one more ingredient or one more card adds;
- ``market``: the market cards ranked by their gain;
- ``probability``: what the next reveals of a market deck show, exactly;
- ``solver`` (numpy, imported only when an optimum is asked for): the best potion, proven.

And the maths that derives (import them by name: ``from carnuta_core.maths import calculus``):

- ``calculus``: forward differences, the Min and floor laws proven by cases, marginal values
  as ``Piecewise``, mixed differences and staircases;
- ``reveal_laws``: the reveal probabilities and waits derived with ``summation``/``combsimp``;
- ``decisions``: a Sickle's exact value and a draft pick's value against later cards;
- ``economy`` (solver): the score against a cost budget and its Lagrangian envelope, the
  fewest actions that build a potion, the best potion for each starting card;
- ``formulation`` (scipy, the ``maths`` extra): the best potion as an integer program.

Vocabulary: the *count* of an ingredient is how many of it a potion holds (cards, doubles
counting 2, Salts stacked on it, Bonus tokens of it). The count of Clover is the symbol
:math:`n_{\text{Clover}}`, written ``n_clover`` in plain text.

``import carnuta_core.maths`` loads sympy but not numpy: the solver's names (``optimum``,
``exhaustive_optimum``, ``Optimum``) load it on first use.

>>> from carnuta_core import Card
>>> card_formula(Card.parse("X1,night,normal,mushroom,-,1 per clover flower"))
n_clover + n_flower
>>> evaluate(card_formula(Card.parse("X2,night,normal,berry,-,4 per set mushroom clover")),
...          {"mushroom": 1, "clover": 3})
4
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .formulas import COUNT_SYMBOLS, CountSymbol, Formula, card_formula, count_symbol, evaluate
from .gains import Gain, card_gain, ingredient_gain
from .market import MarketChoice, best_card_at_end, best_market_card
from .potions import Potion, PotionFormula, as_potion, potion_formula, salt_places
from .probability import (
    any_reveal_probability,
    card_reveal_probability,
    reveal_distribution,
    reveal_probability,
    unseen_cards,
)

if TYPE_CHECKING:
    from .solver import Optimum, exhaustive_optimum, optimum

#: Names whose module needs numpy: loaded on first use, so that the formulas, gains and
#: probabilities work where numpy is not installed.
LAZY = {
    "Optimum": "solver",
    "exhaustive_optimum": "solver",
    "optimum": "solver",
}


def __getattr__(name: str) -> Any:
    module = LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "COUNT_SYMBOLS",
    "CountSymbol",
    "Formula",
    "Gain",
    "MarketChoice",
    "Optimum",
    "Potion",
    "PotionFormula",
    "any_reveal_probability",
    "as_potion",
    "best_card_at_end",
    "best_market_card",
    "card_formula",
    "card_gain",
    "card_reveal_probability",
    "count_symbol",
    "evaluate",
    "exhaustive_optimum",
    "ingredient_gain",
    "optimum",
    "potion_formula",
    "reveal_distribution",
    "reveal_probability",
    "salt_places",
    "unseen_cards",
]
