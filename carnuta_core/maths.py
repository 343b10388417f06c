r"""The maths of a potion: formulas, marginal values, the best potion, exact probabilities.

This is the kit's only module that imports sympy. Every formula is *built* from a card's
parsed scoring data (``Flat``, ``PerIngredient``, ``PerSet``); no text is ever handed to
``sympify`` or ``parse_expr``, so a bad deck line fails in the deck loader with a
``DeckError`` long before sympy could see it.

Vocabulary: the *count* of an ingredient is how many of it a potion holds (cards, doubles
counting 2, Salts stacked on it, Bonus tokens of it). The count of Clover is the symbol
:math:`n_{\text{Clover}}`, written ``n_clover`` in plain text.

>>> from carnuta_core import Card
>>> card_formula(Card.parse("X1,night,normal,mushroom,-,1 per clover flower"))
n_clover + n_flower
>>> evaluate(card_formula(Card.parse("X2,night,normal,berry,-,4 per set mushroom clover")),
...          {"mushroom": 1, "clover": 3})
4
"""

from __future__ import annotations

import itertools
import math
import operator
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

import sympy

from .cards import Card, Flat, NoPoints, PerIngredient, PerSet
from .deck import Deck, reference_deck
from .errors import CarnutaError, PositionError
from .game import Game, PlayerView
from .model import INGREDIENTS, Ingredient, Origin, Row, lookup
from .rules import Rules
from .scoring import ScorePad, ingredient_counts, salt_ingredient, score_potion

if TYPE_CHECKING:
    # numpy is imported where the optimum runs, so the formulas work where numpy is missing
    # (a browser kernel without it).
    import numpy as np
    import numpy.typing as npt

#: A sympy expression (sympy ships no type hints, so mypy sees ``Any``).
Formula: TypeAlias = Any

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


def _ingredient(value: Ingredient | str) -> Ingredient:
    if isinstance(value, Ingredient):
        return value
    if not isinstance(value, str):
        raise CarnutaError(f"{value!r} is not an ingredient (write one like 'clover')")
    try:
        found = lookup(Ingredient, value, "ingredient")
    except ValueError as error:
        raise CarnutaError(str(error)) from None
    assert isinstance(found, Ingredient)
    return found


def count_symbol(ingredient: Ingredient | str) -> Formula:
    """The symbol for the count of ``ingredient``.

    >>> count_symbol(Ingredient.BERRY)
    n_berry
    """
    return COUNT_SYMBOLS[_ingredient(ingredient)]


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


def _checked_counts(counts: Mapping[Ingredient, int] | Mapping[str, int]) -> dict[Ingredient, int]:
    """Counts keyed by ingredient, each a whole number of at least 0 (else CarnutaError)."""
    if not isinstance(counts, Mapping):
        raise CarnutaError(f"counts should map ingredients to numbers, not {counts!r}")
    result: dict[Ingredient, int] = {}
    for key, value in counts.items():
        ingredient = _ingredient(key)
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
    values = _checked_counts(counts)
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


# --------------------------------------------------------------------------- potions
def _card_list(cards: Iterable[Card | str], deck: Deck | None) -> tuple[Card, ...]:
    """Cards, card ids looked up in ``deck``, or card lines (read by ``Card.parse``)."""
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str) and "," not in card and deck is not None:
            out.append(_deck_card(deck, card))
        elif isinstance(card, str):
            out.append(Card.parse(card))
        else:
            raise PositionError("played", f"{card!r} is not a card")
    return tuple(out)


def _deck_card(deck: Deck, card_id: str) -> Card:
    try:
        return deck[card_id]
    except KeyError:
        raise CarnutaError(f"no card {card_id!r} in the {deck.name} deck") from None


@dataclass(frozen=True)
class Potion:
    """The cards a player has played, where each Salt sits, and their Bonus tokens.

    ``salt_on`` pairs each Salt's id with the id of the played card it is stacked on.

    >>> honey = Card.parse("H1,day,normal,honey,-,2 per mushroom")
    >>> mushroom = Card.parse("M1,night,normal,mushroom,-,1")
    >>> p = Potion.of([honey, mushroom], bonus_tokens=["mushroom"])
    >>> p.counts()[Ingredient.MUSHROOM], p.score_pad().total
    (2, 5)
    """

    played: tuple[Card, ...]
    salt_on: tuple[tuple[str, str], ...] = ()
    bonus_tokens: tuple[Ingredient, ...] = ()

    def __post_init__(self) -> None:
        ids = [card.id for card in self.played]
        seen: set[str] = set()
        for card_id in ids:
            if card_id in seen:
                raise PositionError("played", f"card {card_id} is played twice")
            seen.add(card_id)
        by_id = {card.id: card for card in self.played}
        targets = dict(self.salt_on)
        if len(targets) != len(self.salt_on):
            raise PositionError("salt_on", "a Salt is stacked on two cards")
        for salt, target in self.salt_on:
            if salt not in by_id or not by_id[salt].is_salt:
                raise PositionError("salt_on", f"{salt} is not a played Salt")
            if target not in by_id:
                raise PositionError("salt_on", f"Salt {salt} sits on {target}, which is not played")
        for card in self.played:
            if card.is_salt and card.id not in targets:
                raise PositionError("salt_on", f"say which played card Salt {card.id} sits on")
        for salt in targets:
            try:
                salt_ingredient(salt, targets, by_id)
            except ValueError as error:
                raise PositionError("salt_on", str(error)) from None
        for token in self.bonus_tokens:
            if not isinstance(token, Ingredient):
                raise PositionError("bonus_tokens", f"{token!r} is not an ingredient")

    # ----------------------------------------------------------------- constructors
    @staticmethod
    def of(
        cards: Iterable[Card | str],
        salt_on: Mapping[str, str] | None = None,
        bonus_tokens: Iterable[Ingredient | str] = (),
        *,
        deck: Deck | None = None,
    ) -> Potion:
        """A potion from cards (or card ids found in ``deck``, or card lines)."""
        return Potion(
            _card_list(cards, deck),
            tuple((salt_on or {}).items()),
            tuple(_ingredient(t) for t in bonus_tokens),
        )

    @staticmethod
    def from_view(view: PlayerView) -> Potion:
        """The potion of a player's area (``game.player(seat)``)."""
        return Potion(view.played, view.salt_on, view.bonus_tokens)

    @staticmethod
    def from_game(game: Game, seat: int) -> Potion:
        """The potion of player ``seat`` (0-based) in ``game``."""
        return Potion.from_view(game.player(seat))

    # ----------------------------------------------------------------- reading
    @property
    def salt_targets(self) -> dict[str, str]:
        return dict(self.salt_on)

    def counts(self) -> dict[Ingredient, int]:
        """The count of every ingredient: cards (doubles 2), Salts, Bonus tokens."""
        return ingredient_counts(self.played, self.salt_targets, self.bonus_tokens)

    def extras(self) -> dict[Ingredient, int]:
        """What Salts and Bonus tokens add to each count (constants on top of the cards)."""
        card_counts = ingredient_counts([c for c in self.played if not c.is_salt], {}, ())
        return {i: n - card_counts[i] for i, n in self.counts().items()}

    def salt_ingredient(self, salt: str) -> Ingredient:
        """The ingredient a played Salt adds to."""
        return salt_ingredient(salt, self.salt_targets, {c.id: c for c in self.played})

    def score_pad(self) -> ScorePad:
        """The engine's score pad for this potion."""
        return score_potion(self.played, self.salt_targets, self.bonus_tokens)

    @property
    def cost(self) -> int:
        """The cost icons of all its cards (runes spent to play them)."""
        return sum(len(card.cost) for card in self.played)

    # ----------------------------------------------------------------- changing
    def plus(self, card: Card, on: str | None = None) -> Potion:
        """This potion with ``card`` played too (a Salt goes ``on`` a played card)."""
        if card.is_salt and on is None:
            raise PositionError("on", f"say which played card Salt {card.id} goes on")
        if not card.is_salt and on is not None:
            raise PositionError("on", f"{card.id} is not a Salt, so it is not played on a card")
        salt_on = self.salt_on + (((card.id, on),) if on is not None else ())
        return Potion(self.played + (card,), salt_on, self.bonus_tokens)

    def plus_token(self, ingredient: Ingredient | str) -> Potion:
        """This potion with one more Bonus token of ``ingredient``."""
        return Potion(self.played, self.salt_on, self.bonus_tokens + (_ingredient(ingredient),))

    def __str__(self) -> str:
        targets = self.salt_targets
        words = [c.id + (f" on {targets[c.id]}" if c.id in targets else "") for c in self.played]
        if self.bonus_tokens:
            words.append("+ tokens " + " ".join(t.value for t in self.bonus_tokens))
        return ", ".join(words) if words else "(no cards)"


def as_potion(source: Potion | PlayerView | Game, seat: int | None = None) -> Potion:
    """A ``Potion`` from a potion, a player's view, or a game and a seat."""
    if isinstance(source, Potion):
        return source
    if isinstance(source, PlayerView):
        return Potion.from_view(source)
    if isinstance(source, Game):
        if seat is None:
            raise PositionError("seat", "say whose potion: give the seat (0-based)")
        if not isinstance(seat, int) or not 0 <= seat < source.num_players:
            raise PositionError("seat", f"seat {seat!r} is not a player of this game")
        return Potion.from_game(source, seat)
    raise PositionError("potion", f"{source!r} is not a potion, a player view or a game")


def _latex(expr: Formula) -> str:
    return str(sympy.latex(expr))


@dataclass(frozen=True)
class PotionFormula:
    """A potion's score pad as formulas: one per scoring card, one per row, and the total.

    The formulas are in the count symbols; ``counts`` are the potion's counts (cards, Salts
    and Bonus tokens), so ``evaluate()`` gives exactly the engine's score pad.
    """

    potion: Potion
    cards: tuple[tuple[Card, Formula], ...]
    rows: tuple[tuple[Ingredient, Formula], ...]
    total: Formula

    @property
    def counts(self) -> dict[Ingredient, int]:
        return self.potion.counts()

    def row(self, ingredient: Ingredient | str) -> Formula:
        return dict(self.rows)[_ingredient(ingredient)]

    def evaluate(
        self, counts: Mapping[Ingredient, int] | Mapping[str, int] | None = None
    ) -> ScorePad:
        """The score pad for ``counts`` (by default the potion's own counts)."""
        values = _checked_counts(self.counts if counts is None else counts)
        full = {i: values.get(i, 0) for i in INGREDIENTS}
        return ScorePad.from_points({i: evaluate(f, full) for i, f in self.rows})

    def count_terms(self) -> dict[Ingredient, tuple[int, int, int]]:
        """For each ingredient: (from cards, from Salts, from Bonus tokens)."""
        salts = {i: 0 for i in INGREDIENTS}
        for card in self.potion.played:
            if card.is_salt:
                salts[self.potion.salt_ingredient(card.id)] += 1
        tokens = {i: self.potion.bonus_tokens.count(i) for i in INGREDIENTS}
        counts = self.counts
        return {i: (counts[i] - salts[i] - tokens[i], salts[i], tokens[i]) for i in INGREDIENTS}

    def latex(self) -> str:
        """The pad as a LaTeX array (rows, formulas, points) and the counts it used."""
        pad = self.evaluate()
        lines = [rf"\text{{{i.title}}} & {_latex(f)} & {pad[i]} \\" for i, f in self.rows]
        lines.append(rf"\hline \text{{Total}} & {_latex(self.total)} & {pad.total}")
        counts = []
        for i, (cards, salts, tokens) in self.count_terms().items():
            parts = [str(cards)] + [
                f"{n}\\,\\text{{{word}{'s' if n > 1 else ''}}}"
                for n, word in ((salts, "Salt"), (tokens, "token"))
                if n
            ]
            total = cards + salts + tokens
            shown = f" = {' + '.join(parts)}" if len(parts) > 1 else ""
            counts.append(f"{_latex(COUNT_SYMBOLS[i])}{shown} = {total}")
        # Four counts a line, so the display fits a notebook's width.
        count_lines = [r",\quad ".join(counts[k : k + 4]) for k in range(0, len(counts), 4)]
        return (
            r"\begin{gathered} \begin{array}{l|l|r} \text{Row} & \text{Formula} & \text{Points}"
            + r" \\ \hline "
            + " ".join(lines)
            + r" \end{array} \\[4pt] "
            + r" \\ ".join(count_lines)
            + r" \end{gathered}"
        )

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"


def potion_formula(source: Potion | PlayerView | Game, seat: int | None = None) -> PotionFormula:
    """The whole score pad of a potion as formulas, row by row and in total.

    ``source`` is a ``Potion``, a ``PlayerView``, or a ``Game`` with a ``seat``. Each row
    is the sum of the formulas of the cards in that ingredient's column (Salts score 0);
    the total is their sum, with like terms collected by sympy.

    >>> p = Potion.of(["H1,day,normal,honey,-,2 per mushroom", "M1,night,normal,mushroom,-,1"])
    >>> f = potion_formula(p)
    >>> f.total, f.evaluate().total
    (2*n_mushroom + 1, 3)
    """
    potion = as_potion(source, seat)
    cards = tuple((card, card_formula(card)) for card in potion.played if not card.is_salt)
    rows = tuple(
        (i, sympy.Add(*(f for card, f in cards if card.ingredient is i))) for i in INGREDIENTS
    )
    return PotionFormula(potion, cards, rows, sympy.Add(*(f for _, f in rows)))


# --------------------------------------------------------------------------- gains
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

    def latex(self) -> str:
        """``Delta = expression = value``; the middle is left out when it is the number itself."""
        delta = rf"\Delta_{{\text{{{self.change}}}}}"
        if self.expression.is_Number:
            return f"{delta} = {self.value}"
        return f"{delta} = {_latex(self.expression)} = {self.value}"

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
    ingredient = _ingredient(ingredient)
    expression, value = _more(potion_formula(potion).total, ingredient, 1, potion.counts())
    return Gain(f"one more {ingredient.title}", expression, value)


def salt_places(potion: Potion) -> dict[Ingredient, str]:
    """For each ingredient with a played card, the first such card (where a Salt may go)."""
    targets: dict[Ingredient, str] = {}
    for card in potion.played:
        if card.ingredient is not None:
            targets.setdefault(card.ingredient, card.id)
    return targets


def card_gain(
    source: Potion | PlayerView | Game,
    card: Card,
    on: str | None = None,
    seat: int | None = None,
) -> Gain:
    """The points gained by playing ``card``: its own points plus what it adds to the others.

    A Salt goes ``on`` a played card; without ``on`` it goes where it gains most. The Bonus
    token a counter space may give is not included (it does not depend on the card).

    >>> p = Potion.of(["H1,day,normal,honey,-,2 per mushroom"])
    >>> g = card_gain(p, Card.parse("M2,night,normal,mushroom,-,1 per mushroom"))
    >>> g.value, g.own.value, g.others.value
    (3, 1, 2)
    """
    potion = as_potion(source, seat)
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
    return Gain(change, own.expression + others.expression, own.value + others.value, own, others)


@dataclass(frozen=True)
class MarketChoice:
    """A market card and what playing it would add to a potion."""

    row: Row
    slot: int
    card: Card
    gain: Gain

    @property
    def action(self) -> str:
        """The action that takes it, in the kit's notation."""
        return f"take {self.row.value} {self.slot}"

    def as_dict(self) -> dict[str, object]:
        own = self.gain.own.value if self.gain.own else 0
        others = self.gain.others.value if self.gain.others else 0
        return {
            "take": self.action,
            "card": str(self.card),
            "play": self.gain.change,
            "own": own,
            "others": others,
            "gain": self.gain.value,
        }


def _rank_market(game: Game, potion: Potion) -> list[MarketChoice]:
    choices = []
    targets = salt_places(potion)
    for row in (Row.DAY, Row.NIGHT):
        for slot, card in enumerate(game.market(row), start=1):
            if card is None:
                continue
            if card.is_salt and not targets:
                gain = Gain(f"{card.id}: no card to sit on", sympy.Integer(0), 0)
            else:
                gain = card_gain(potion, card)
            choices.append(MarketChoice(row, slot, card, gain))
    choices.sort(key=lambda c: -c.gain.value)
    return choices


def best_market_card(game: Game, seat: int) -> list[MarketChoice]:
    """The market cards ranked by what playing each would add to ``seat``'s potion now.

    The first is worth most (ties keep market order: Day slots 1-4, then Night).
    """
    return _rank_market(game, as_potion(game, seat))


def best_card_at_end(
    game: Game,
    seat: int,
    further_cards: Iterable[Card | str],
    salt_on: Mapping[str, str] | None = None,
    bonus_tokens: Iterable[Ingredient | str] = (),
) -> list[MarketChoice]:
    """The market cards ranked by their gain at game end, assuming ``further_cards`` are
    played too (ids or cards; a Salt among them needs ``salt_on``) and the given extra
    ``bonus_tokens`` are taken."""
    potion = as_potion(game, seat)
    extra = Potion.of(
        list(potion.played) + list(_card_list(further_cards, game.deck)),
        {**potion.salt_targets, **(salt_on or {})},
        list(potion.bonus_tokens) + [_ingredient(t) for t in bonus_tokens],
    )
    return _rank_market(game, extra)


# --------------------------------------------------------------------------- the optimum
@dataclass(frozen=True)
class Optimum:
    """The best potion of ``k`` cards from a pool, with the figures of its proof.

    For the branch and bound: ``vectors`` count vectors (a final count for every
    ingredient) were bounded, ``refined`` of them were bounded again by the column DP, and
    ``solved`` of those were solved exactly, card by card. For the exhaustive search,
    ``solved`` potions were scored. ``seconds`` is the wall time.
    """

    value: int
    potion: Potion
    k: int
    bonus_tokens: int
    budget: int | None
    seconds: float
    method: str
    vectors: int = 0
    refined: int = 0
    solved: int = 0

    @property
    def cost(self) -> int:
        return self.potion.cost

    def score_pad(self) -> ScorePad:
        return self.potion.score_pad()

    def work(self) -> str:
        """What the proof took, in words."""
        if self.method == "exhaustive search":
            return f"{self.method}: {self.solved} potions scored, {self.seconds:.2f} s"
        return (
            f"{self.method}: {self.vectors} count vectors bounded, {self.refined} bounded "
            f"again, {self.solved} solved exactly, {self.seconds:.2f} s"
        )

    def __str__(self) -> str:
        budget = "" if self.budget is None else f", cost {self.cost} <= {self.budget}"
        return (
            f"Best potion of {self.k} cards{budget}: {self.value} points\n"
            f"  {self.potion}\n  {self.work()}"
        )

    def _repr_html_(self) -> str:
        cards = "".join(f"<li><code>{card}</code></li>" for card in self.potion.played)
        tokens = ", ".join(t.title for t in self.potion.bonus_tokens) or "none"
        salts = ", ".join(f"{s} on {t}" for s, t in self.potion.salt_on) or "none"
        budget = "" if self.budget is None else f" (cost {self.cost} &le; {self.budget})"
        return (
            f"<p><b>{self.value} points</b> with {self.k} cards{budget}; Bonus tokens: "
            f"{tokens}; Salts: {salts}</p><ul>{cards}</ul><p><small>{self.work()}</small></p>"
        )


_NEG = -(10**9)
_BLANK = -(10**6)  # a place no card can fill, in the quick bound's int32 tables
#: Lagrange multipliers, doubled (3 means lambda = 1.5), for the budget bounds: for any
#: lambda >= 0, score <= sum of (value - lambda * cost) + lambda * budget.
_LAMBDAS = (6, 3, 12, 1, 24, 0)
if TYPE_CHECKING:
    IntArray: TypeAlias = npt.NDArray[np.int64]


class _Search:
    """The pool, indexed by column, and the maths the optimum needs."""

    def __init__(
        self, pool: Sequence[Card], k: int, tokens: int, starting: int, budget: int | None
    ):
        import numpy as np

        self.cards = [c for c in pool if not c.is_salt]
        self.salts = sorted((c for c in pool if c.is_salt), key=lambda c: (len(c.cost), c.id))
        self.k, self.tokens, self.starting, self.budget = k, tokens, starting, budget
        self.S = len(self.salts)
        self.salt_cost = list(itertools.accumulate((len(s.cost) for s in self.salts), initial=0))
        self.col = [INGREDIENTS.index(c.ingredient) for c in self.cards if c.ingredient]
        self.cost = np.array([len(c.cost) for c in self.cards], dtype=np.int64)
        self.singles: list[list[int]] = [[] for _ in INGREDIENTS]
        self.doubles: list[list[int]] = [[] for _ in INGREDIENTS]
        self.starts: list[list[int]] = [[] for _ in INGREDIENTS]
        for j, card in enumerate(self.cards):
            x = self.col[j]
            if card.origin is Origin.START:
                self.starts[x].append(j)
            elif card.weight == 2:
                self.doubles[x].append(j)
            else:
                self.singles[x].append(j)
        self.dmax = min(k, sum(len(d) for d in self.doubles))
        self.caps = [self._cap(x) for x in range(len(INGREDIENTS))]
        # Points as data: per-ingredient cards are rates times counts, sets a minimum.
        self.rates = np.zeros((len(INGREDIENTS), len(self.cards)), dtype=np.int64)
        self.flat = np.zeros(len(self.cards), dtype=np.int64)
        self.sets: list[tuple[int, int, list[tuple[int, int]]]] = []
        for j, card in enumerate(self.cards):
            scoring = card.scoring
            if isinstance(scoring, Flat):
                self.flat[j] = scoring.points
            elif isinstance(scoring, PerIngredient):
                for i in scoring.ingredients:
                    self.rates[INGREDIENTS.index(i), j] += scoring.points
            elif isinstance(scoring, PerSet):
                needs = [(INGREDIENTS.index(i), m) for i, m in scoring.needs.items()]
                self.sets.append((j, scoring.points, needs))
        # Column layouts for the quick bound; padding points one past the last card (a blank).
        self.single_layout = self._layout(self.singles)
        self.double_layout = self._layout(self.doubles)
        self.start_layout = self._layout(self.starts)

    def _layout(self, columns: list[list[int]]) -> IntArray:
        import numpy as np

        width = max([len(c) for c in columns] + [1])
        layout = np.full((len(columns), width), len(self.cards), dtype=np.int64)
        for x, column in enumerate(columns):
            layout[x, : len(column)] = column
        return layout

    def _cap(self, x: int) -> int:
        weights = sorted(
            [2] * len(self.doubles[x])
            + [1] * len(self.singles[x])
            + [1] * min(len(self.starts[x]), self.starting),
            reverse=True,
        )[: self.k]
        salts = self.S if weights else 0
        return sum(weights) + min(self.tokens, 1) + salts

    # ---------------------------------------------------------------- count vectors
    def vectors(self) -> npt.NDArray[np.int16]:
        """Every count vector whose total fits: k cards + tokens + 0..dmax doubles."""
        import numpy as np

        lo, hi = self.k + self.tokens, self.k + self.tokens + self.dmax
        vecs = np.zeros((1, 0), dtype=np.int16)
        sums = np.zeros(1, dtype=np.int64)
        for x, cap in enumerate(self.caps):
            rest = sum(self.caps[x + 1 :])
            first = np.maximum(0, lo - sums - rest)
            last = np.minimum(cap, hi - sums)
            many = np.maximum(last - first + 1, 0)
            rows = np.repeat(np.arange(len(vecs)), many)
            offsets = np.arange(int(many.sum())) - np.repeat(np.cumsum(many) - many, many)
            values = first[rows] + offsets
            vecs = np.hstack([vecs[rows], values[:, None].astype(np.int16)])
            sums = sums[rows] + values
        return vecs

    def values(self, counts: npt.NDArray[np.int16]) -> IntArray:
        """Each card's points (columns) for each count vector (rows)."""
        import numpy as np

        n = counts.astype(np.int64)
        out: IntArray = n @ self.rates + self.flat[None, :]  # integer product: no BLAS threads
        for j, points, needs in self.sets:
            out[:, j] = points * np.minimum.reduce([n[:, x] // m for x, m in needs])
        return out

    # ---------------------------------------------------------------- bounds
    @staticmethod
    def _top_sum(values: npt.NDArray[np.int32], k: int) -> IntArray:
        """The sum of the ``k`` largest values of each row (hugely negative if blanks or
        too few values must be taken)."""
        import numpy as np

        if k <= 0:
            return np.zeros(len(values), dtype=np.int64)
        if values.shape[1] < k:
            return np.full(len(values), _NEG, dtype=np.int64)
        top = np.partition(values, values.shape[1] - k, axis=1)[:, -k:]
        return np.asarray(top.sum(axis=1, dtype=np.int64))

    def quick_bound(
        self,
        counts: npt.NDArray[np.int16],
        weighted: IntArray,
        salt_values: Sequence[int] = (),
    ) -> IntArray:
        """An upper bound on the best sum of ``weighted`` over every potion with these
        counts (a Salt adds ``salt_values[i]``; by default 0 each); ``_NEG`` if none exists.

        The counts' total fixes the places of a potion: ``starting`` starting cards (from
        columns with n_X > 0), as many doubles as the total has beyond k + tokens (at most
        n_X / 2 from column X), and singles or Salts for the rest (at most n_X singles from
        column X). The bound fills each kind of place with the best candidates.
        """
        import numpy as np

        r = len(weighted)
        padded = np.full((r, weighted.shape[1] + 1), _BLANK, dtype=np.int32)
        padded[:, :-1] = weighted
        cap = counts[:, :, None]
        salts = np.broadcast_to(
            np.array(list(salt_values) if salt_values else [0] * self.S, dtype=np.int32),
            (r, self.S),
        )
        singles = np.hstack([self._capped(padded[:, self.single_layout], cap), salts])
        doubles = self._capped(padded[:, self.double_layout], cap // 2)
        starts = np.where(cap > 0, padded[:, self.start_layout], _BLANK).reshape(r, -1)
        bound = self._top_sum(starts, self.starting)
        n_doubles = counts.sum(axis=1, dtype=np.int64) - self.k - self.tokens
        for d in np.unique(n_doubles):
            rows = n_doubles == d
            bound[rows] += self._top_sum(doubles[rows], int(d)) + self._top_sum(
                singles[rows], self.k - self.starting - int(d)
            )
        return np.maximum(bound, _NEG)

    @staticmethod
    def _capped(grid: npt.NDArray[np.int32], cap: npt.NDArray[np.int16]) -> npt.NDArray[np.int32]:
        """Each column's values, best first, the ones beyond ``cap`` blanked out."""
        import numpy as np

        grid.sort(axis=2)
        rank = np.arange(grid.shape[2] - 1, -1, -1, dtype=np.int16)[None, None, :]
        return np.where(rank < cap, grid, _BLANK).reshape(len(grid), -1)

    def budget_bound(
        self, counts: npt.NDArray[np.int16], values: IntArray, budget: int, floor: int
    ) -> IntArray:
        """Upper bounds under the budget, tightened only while they stay above ``floor``:
        for each multiplier, first the quick bound, then the column DP, on the values
        value - lambda * cost (any lambda >= 0 gives a bound once lambda * budget is added)."""
        import numpy as np

        bound = np.full(len(counts), np.iinfo(np.int64).max, dtype=np.int64)
        for l2 in _LAMBDAS:
            quick = self.quick_bound(counts, *self._lagrange(values, l2))
            np.minimum(bound, (quick + l2 * budget) // 2, out=bound)
        salt_min = min((len(s.cost) for s in self.salts), default=0)
        for l2 in _LAMBDAS:
            alive = np.flatnonzero(bound > floor)
            if len(alive) == 0:
                break
            weighted = 2 * values[alive] - l2 * self.cost[None, :]
            tight = (self.column_bound(counts[alive], weighted, -l2 * salt_min) + l2 * budget) // 2
            bound[alive] = np.minimum(bound[alive], tight)
        return bound

    def _lagrange(self, values: IntArray, l2: int) -> tuple[IntArray, list[int]]:
        """Doubled values minus ``l2`` times the costs, for the cards and for the Salts."""
        return 2 * values - l2 * self.cost[None, :], [-l2 * len(s.cost) for s in self.salts]

    def affordable(self, counts: npt.NDArray[np.int16], budget: int) -> npt.NDArray[np.bool_]:
        """Whether some potion with these counts could cost at most ``budget`` (a bound)."""
        import numpy as np

        costs = np.broadcast_to(-self.cost[None, :], (len(counts), len(self.cards)))
        salts = [-len(s.cost) for s in self.salts]
        return np.asarray(-self.quick_bound(counts, costs, salts) <= budget)

    def column_bound(
        self, counts: npt.NDArray[np.int16], weighted: IntArray, salt_value: int
    ) -> IntArray:
        """The best total of ``weighted`` card values for each count vector (vectorised),
        under every rule but the supply of Salts: an upper bound, exact when Salts suffice.

        Per column: a token or not, the starting card or not, d doubles, then s Salts and
        the best a singles with a + s = n_X - token - start - 2d (a Salt needs a card of the
        column to sit on; each Salt is worth ``salt_value``). Across columns: exactly the
        tokens, the starting cards, and the doubles the counts imply (k cards in all).
        """
        import numpy as np

        r = len(counts)
        n = counts.astype(np.int64)
        need_doubles = n.sum(axis=1) - self.k - self.tokens
        t_, d_, s_ = self.tokens, self.dmax, self.starting
        dp = np.full((r, t_ + 1, d_ + 1, s_ + 1), _NEG, dtype=np.int64)
        dp[:, 0, 0, 0] = 0
        rows = np.arange(r)
        for x in range(len(INGREDIENTS)):
            singles = -np.sort(-weighted[:, self.singles[x]], axis=1)
            ps = np.hstack([np.zeros((r, 1), dtype=np.int64), np.cumsum(singles, axis=1)])
            doubles = -np.sort(-weighted[:, self.doubles[x]], axis=1)
            pd = np.hstack([np.zeros((r, 1), dtype=np.int64), np.cumsum(doubles, axis=1)])
            start = (
                weighted[:, self.starts[x]].max(axis=1)
                if self.starts[x]
                else np.zeros(r, dtype=np.int64)
            )
            new = np.full_like(dp, _NEG)
            ns = len(self.singles[x])
            for tok in range(min(1, t_) + 1):
                for st in range(min(1, s_, len(self.starts[x])) + 1):
                    for d in range(min(len(self.doubles[x]), d_) + 1):
                        need = n[:, x] - tok - st - 2 * d
                        best = np.full(r, _NEG, dtype=np.int64)
                        for z in range(min(self.S, int(need.max(initial=0))) + 1):
                            a = need - z
                            ok = (a >= 0) & (a <= ns) & ((z == 0) | (a + d + st >= 1))
                            fill = ps[rows, np.clip(a, 0, ns)] + z * salt_value
                            np.maximum(best, np.where(ok, fill, _NEG), out=best)
                        value = np.where(best > _NEG, best + pd[:, d] + st * start, _NEG)
                        src = dp[:, : t_ + 1 - tok, : d_ + 1 - d, : s_ + 1 - st]
                        dst = new[:, tok:, d:, st:]
                        np.maximum(dst, src + value[:, None, None, None], out=dst)
            dp = np.maximum(new, _NEG)
        return np.asarray(dp[rows, t_, need_doubles, s_], dtype=np.int64)

    # ---------------------------------------------------------------- one count vector
    def solve(self, counts: Sequence[int]) -> tuple[int, Potion] | None:
        """The best potion with exactly these final counts (respecting the budget), or None."""
        import numpy as np

        n = list(counts)
        need_doubles = sum(n) - self.k - self.tokens
        values = self.values(np.array([n], dtype=np.int16))[0]
        budget = self.budget
        # states: (tokens, doubles, starts, salts) -> {cost: (value, choices)}
        State = tuple[int, int, int, int]
        Choice = tuple[int, tuple[int, ...], int]  # (token?, card indices, salts)
        states: dict[State, dict[int, tuple[int, tuple[Choice, ...]]]] = {
            (0, 0, 0, 0): {0: (0, ())}
        }
        for x in range(len(INGREDIENTS)):
            options = self._column_options(x, n[x], values, need_doubles)
            new: dict[State, dict[int, tuple[int, tuple[Choice, ...]]]] = {}
            for (t0, d0, s0, z0), by_cost in states.items():
                for (tok, d, st, z), frontier in options.items():
                    key = (t0 + tok, d0 + d, s0 + st, z0 + z)
                    if key[0] > self.tokens or key[1] > need_doubles or key[2] > self.starting:
                        continue
                    if key[3] > self.S:
                        continue
                    slot = new.setdefault(key, {})
                    for c0, (v0, path) in by_cost.items():
                        for c1, v1, chosen in frontier:
                            cost = c0 + c1
                            if budget is not None and cost + self.salt_cost[key[3]] > budget:
                                continue
                            if budget is None:
                                cost = 0
                            old = slot.get(cost)
                            if old is None or old[0] < v0 + v1:
                                slot[cost] = (v0 + v1, path + ((tok, chosen, z),))
            states = {key: _pareto(by_cost) for key, by_cost in new.items() if by_cost}
        best: tuple[int, tuple[Choice, ...]] | None = None
        for (t0, d0, s0, _z0), by_cost in states.items():
            if (t0, d0, s0) != (self.tokens, need_doubles, self.starting):
                continue
            for value, path in by_cost.values():
                if best is None or value > best[0]:
                    best = (value, path)
        if best is None:
            return None
        return best[0], self._potion(best[1])

    def _column_options(
        self, x: int, count: int, values: IntArray, need_doubles: int
    ) -> dict[tuple[int, int, int, int], list[tuple[int, int, tuple[int, ...]]]]:
        """(token, doubles, start, Salts) -> Pareto list of (cost, value, card indices)."""
        options: dict[tuple[int, int, int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
        order = sorted(self.singles[x], key=lambda j: (-values[j], self.cost[j], j))
        doubles = sorted(self.doubles[x], key=lambda j: (-values[j], self.cost[j], j))
        starts = sorted(self.starts[x], key=lambda j: (-values[j], self.cost[j], j))
        for tok in range(min(1, self.tokens) + 1):
            for st in range(min(1, self.starting, len(starts)) + 1):
                for d in range(min(len(doubles), need_doubles) + 1):
                    for z in range(self.S + 1):
                        a = count - tok - st - 2 * d - z
                        if a < 0 or a > len(order) or (z and a + d + st == 0):
                            continue
                        if self.budget is None:
                            picks = [tuple(order[:a] + doubles[:d] + starts[:st])]
                        else:
                            picks = [
                                s + dd + ss
                                for s in itertools.combinations(order, a)
                                for dd in itertools.combinations(doubles, d)
                                for ss in itertools.combinations(starts, st)
                            ]
                        frontier = [
                            (int(self.cost[list(p)].sum()), int(values[list(p)].sum()), p)
                            for p in picks
                        ]
                        options[(tok, d, st, z)] = _pareto_list(frontier)
        return options

    def _potion(self, path: Sequence[tuple[int, tuple[int, ...], int]]) -> Potion:
        played: list[Card] = []
        salt_on: dict[str, str] = {}
        tokens: list[Ingredient] = []
        salts = iter(self.salts)
        for x, (tok, chosen, z) in enumerate(path):
            cards = [self.cards[j] for j in chosen]
            played.extend(cards)
            for _ in range(z):
                salt = next(salts)
                played.append(salt)
                salt_on[salt.id] = cards[0].id
            if tok:
                tokens.append(INGREDIENTS[x])
        played.sort(key=lambda c: (c.origin is not Origin.START, c.id))
        return Potion.of(played, salt_on, tokens)


def _pareto(by_cost: dict[int, tuple[int, Any]]) -> dict[int, tuple[int, Any]]:
    """Keep only the entries no cheaper entry beats."""
    out: dict[int, tuple[int, Any]] = {}
    best = None
    for cost in sorted(by_cost):
        value = by_cost[cost][0]
        if best is None or value > best:
            out[cost] = by_cost[cost]
            best = value
    return out


def _pareto_list(
    entries: list[tuple[int, int, tuple[int, ...]]],
) -> list[tuple[int, int, tuple[int, ...]]]:
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for cost, value, pick in sorted(entries, key=lambda e: (e[0], -e[1], e[2])):
        if not out or value > out[-1][1]:
            out.append((cost, value, pick))
    return out


def _tokens_for(k: int, rules: Rules) -> int:
    return min(len(INGREDIENTS), sum(1 for level in rules.bonus_levels if level <= k))


def _search_setup(
    pool: Iterable[Card] | None,
    k: int,
    bonus_tokens: int | None,
    starting: int | None,
    budget: int | None,
    rules: Rules | None,
) -> _Search:
    cards = list(reference_deck() if pool is None else pool)
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise PositionError("pool", "a card id appears twice in the pool")
    if not isinstance(k, int) or not 1 <= k <= len(cards):
        raise PositionError("k", f"choose between 1 and {len(cards)} cards, not {k!r}")
    tokens = _tokens_for(k, rules or Rules()) if bonus_tokens is None else bonus_tokens
    if not isinstance(tokens, int) or not 0 <= tokens <= len(INGREDIENTS):
        raise PositionError("bonus_tokens", f"between 0 and 8 Bonus tokens, not {tokens!r}")
    has_start = any(c.origin is Origin.START for c in cards)
    starting = (1 if has_start else 0) if starting is None else starting
    if not isinstance(starting, int) or not 0 <= starting <= k:
        raise PositionError("starting", f"{starting!r} starting cards cannot be in a potion")
    if budget is not None and (not isinstance(budget, int) or budget < 0):
        raise PositionError("budget", f"a budget is a whole number of cost icons, not {budget!r}")
    if budget is not None:
        starts = sorted(len(c.cost) for c in cards if c.origin is Origin.START)
        others = sorted(len(c.cost) for c in cards if c.origin is not Origin.START)
        if len(starts) >= starting and len(others) >= k - starting:
            cheapest = sum(starts[:starting]) + sum(others[: k - starting])
            if cheapest > budget:
                raise PositionError(
                    "budget",
                    f"no potion of {k} cards fits {budget} cost icons: the cheapest cost {cheapest}",
                )
    return _Search(cards, k, tokens, starting, budget)


def optimum(
    pool: Iterable[Card] | None = None,
    k: int = 11,
    *,
    bonus_tokens: int | None = None,
    starting: int | None = None,
    budget: int | None = None,
    rules: Rules | None = None,
    batch: int = 4096,
    progress: bool = False,
) -> Optimum:
    """The highest score reachable with ``k`` played cards chosen from ``pool``, proven.

    Defaults: the 72 reference cards, 11 cards of which exactly one starting card (a player
    always has one), the Bonus tokens the counter gives on the way to ``k`` (2 for 11
    cards, one per ingredient, placed optimally), and Salts stacked where they score most.
    ``budget`` caps the cards' cost icons (the runes spent to play them). ``starting`` is
    the number of starting cards in the potion (default: 1 if the pool has any, else 0).

    The method is exact. A potion's score depends only on its final counts and on which
    cards score them, so the search runs over every *count vector* (a final count for each
    ingredient; their sum is k + tokens + doubles):

    1. bound every vector: its total fixes how many doubles the potion holds, so fill the
       places (the starting card, the doubles, singles or Salts for the rest) with the best
       card values, at most ``n_X`` cards from column X;
    2. in order of decreasing bound, batch by batch while the bound beats the best potion
       found so far, bound again with a DP over the columns (per column: a token or not,
       the starting card or not, doubles, Salts and the best singles; across columns, the
       totals of tokens, doubles and starting cards); this is exact unless Salts run short;
    3. solve the vectors whose DP bound still beats the best exactly, card by card, with
       the supply of Salts (and the costs). When the next bound is no better than the best
       potion, nothing left can beat it: the best potion is optimal.

    With a budget, each bound also takes the smallest of a few Lagrangian relaxations (for
    any lambda >= 0 the score is at most the best sum of value - lambda * cost, plus
    lambda * budget).

    >>> pool = [Card.parse(line) for line in (
    ...     "A1,day,normal,clover,-,1 per clover", "A2,day,normal,clover,-,2",
    ...     "A3,night,normal,berry,-,2 per clover", "A4,night,double,berry,-,0")]
    >>> best = optimum(pool, 3, bonus_tokens=1)
    >>> best.value, sorted(c.id for c in best.potion.played)
    (11, ['A1', 'A2', 'A3'])
    """
    import numpy as np

    search = _search_setup(pool, k, bonus_tokens, starting, budget, rules)
    began = time.perf_counter()
    vectors = search.vectors()
    bounds = np.empty(len(vectors), dtype=np.int64)
    chunks: Iterable[int] = range(0, len(vectors), 8192)
    if progress:
        from tqdm.auto import tqdm

        chunks = tqdm(chunks, desc="bounding count vectors", unit="chunk")
    for lo in chunks:
        chunk = vectors[lo : lo + 8192]
        values = search.values(chunk)
        bounds[lo : lo + len(chunk)] = search.quick_bound(chunk, values)
        if budget is not None:  # the cheapest potion, and one Lagrangian bound, for all
            here = bounds[lo : lo + len(chunk)]
            l2 = _LAMBDAS[0]
            lagrange = (search.quick_bound(chunk, *search._lagrange(values, l2)) + l2 * budget) // 2
            np.minimum(here, lagrange, out=here)
            here[~search.affordable(chunk, budget)] = -1
    order = np.argsort(-bounds, kind="stable")
    best_value, best_potion, refined, solved = -1, None, 0, 0
    for lo in range(0, len(order), batch):
        rows = order[lo : lo + batch]
        rows = rows[bounds[rows] > best_value]
        if len(rows) == 0:
            break
        chunk = vectors[rows]
        values = search.values(chunk)
        refined += len(rows)
        if budget is None:
            bound = search.column_bound(chunk, values, 0)
        else:
            bound = search.budget_bound(chunk, values, budget, best_value)
        for i in np.argsort(-bound, kind="stable"):
            if bound[i] <= best_value:
                break
            solved += 1
            found = search.solve(chunk[i].tolist())
            if found is not None and found[0] > best_value:
                best_value, best_potion = found
    seconds = time.perf_counter() - began
    if best_potion is None:
        raise PositionError("pool", f"no potion of {k} cards can be made from this pool")
    check = best_potion.score_pad().total
    if check != best_value:  # the engine re-scores the winner: never expected to differ
        raise AssertionError(f"optimum {best_value} re-scores as {check}: {best_potion}")
    return Optimum(
        best_value,
        best_potion,
        k,
        search.tokens,
        budget,
        seconds,
        "count-vector branch and bound",
        len(vectors),
        refined,
        solved,
    )


def exhaustive_optimum(
    pool: Iterable[Card],
    k: int,
    *,
    bonus_tokens: int | None = None,
    starting: int | None = None,
    budget: int | None = None,
    rules: Rules | None = None,
) -> Optimum:
    """The same optimum by brute force, for small pools: every choice of ``k`` cards, every
    placement of the Bonus tokens and Salts, each scored by the engine's ``score_potion``."""
    search = _search_setup(pool, k, bonus_tokens, starting, budget, rules)
    began = time.perf_counter()
    cards = search.cards + search.salts
    best_value, best_potion, tried = -1, None, 0
    for combo in itertools.combinations(cards, k):
        if sum(c.origin is Origin.START for c in combo) != search.starting:
            continue
        if budget is not None and sum(len(c.cost) for c in combo) > budget:
            continue
        hosts = salt_places(Potion(tuple(c for c in combo if not c.is_salt)))
        salts = [c for c in combo if c.is_salt]
        if salts and not hosts:
            continue
        for tokens in itertools.combinations(INGREDIENTS, search.tokens):
            for place in itertools.product(list(hosts.values()), repeat=len(salts)):
                tried += 1
                salt_on = {s.id: target for s, target in zip(salts, place, strict=True)}
                value = score_potion(combo, salt_on, tokens).total
                if value > best_value:
                    best_value = value
                    best_potion = Potion(combo, tuple(salt_on.items()), tokens)
    if best_potion is None:
        raise PositionError("pool", f"no potion of {k} cards can be made from this pool")
    return Optimum(
        best_value,
        best_potion,
        k,
        search.tokens,
        budget,
        time.perf_counter() - began,
        "exhaustive search",
        solved=tried,
    )


# --------------------------------------------------------------------------- probability
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


def reveal_distribution(unseen: int, n: int, wanted: int = 1) -> dict[int, Formula]:
    """How many of ``wanted`` particular cards the next ``n`` reveals show (exact).

    The hypergeometric law: ``unseen`` cards in random order, ``wanted`` of them special,
    the top ``n`` revealed (all of them if ``n >= unseen``). Values are sympy ``Rational``.

    >>> reveal_distribution(5, 2, 2)
    {0: 3/10, 1: 3/5, 2: 1/10}
    """
    unseen, n, wanted = _whole(unseen, "unseen"), _whole(n, "n"), _whole(wanted, "wanted")
    if wanted > unseen:
        raise CarnutaError(f"wanted is {wanted}, but only {unseen} cards are unseen")
    n = min(n, unseen)
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
    distribution = reveal_distribution(unseen, n, wanted)
    return 1 - distribution.get(0, sympy.Integer(0))


def _deck_row(card: Card) -> Row:
    row = card.origin.row
    if row is None:
        raise CarnutaError(f"{card.id} is a starting card: it is never in a deck")
    return row


def unseen_cards(game: Game, row: Row | str) -> tuple[Card, ...]:
    """The cards that can still be revealed in ``row``'s market: that deck's cards that are
    not in the market, any hand, any potion or the discard (all public), sorted by id.

    Deck *order* is the game's only hidden information, so these are exactly the deck's
    cards, and every order of them is equally likely.
    """
    if isinstance(row, str):
        try:
            found = lookup(Row, row, "market row")
        except ValueError as error:
            raise CarnutaError(str(error)) from None
        assert isinstance(found, Row)
        row = found
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
    return _deck_card(game.deck, card.id if isinstance(card, Card) else card)


def card_reveal_probability(game: Game, card: Card | str, n: int) -> Formula:
    """The chance that ``card`` appears in the market within the next ``n`` reveals of its
    deck (exact). A card that is not in the deck (in the market already, a hand, a potion
    or the discard) cannot be revealed: 0. Rebuilding an empty deck from the discard is
    not modelled (``n`` beyond the deck reveals every unseen card).
    """
    wanted = _game_card(game, card)
    unseen = unseen_cards(game, _deck_row(wanted))
    if wanted not in unseen:
        return sympy.Integer(0)
    return reveal_probability(len(unseen), n, 1)


def any_reveal_probability(game: Game, cards: Iterable[Card | str], n: int) -> Formula:
    """The chance to see at least one of ``cards`` within the next ``n`` reveals of each
    deck involved (the two decks are shuffled independently).
    """
    wanted = {c.id: c for c in (_game_card(game, card) for card in cards)}
    miss = sympy.Integer(1)
    for row in (Row.DAY, Row.NIGHT):
        unseen = unseen_cards(game, row)
        hits = sum(1 for c in unseen if c.id in wanted)
        if hits:
            miss *= 1 - reveal_probability(len(unseen), n, hits)
    return 1 - miss
