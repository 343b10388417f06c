"""Cards as immutable values, written and read in the kit's card notation.

A card line has six comma-separated fields, the same as one row of a deck CSV::

    N07,night,normal,mushroom,"flip moon, return moon",2 per berry

- ``cost``: rune icons separated by commas: ``flip sun``, ``return moon``; ``-`` for none.
- ``scoring``: ``5`` (flat points), ``1 per clover flower`` (points for each ingredient
  shown, counted separately), ``4 per set skull honey`` (points for each complete set of
  the ingredients shown; repeat an ingredient for a set that needs two), ``-`` for a Salt.

Nothing here evaluates text as code: every field is matched word by word.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass
from typing import Union

from .errors import DeckError
from .model import Face, Ingredient, Kind, Origin, Word, lookup

#: Card ids: capital ASCII letters, digits and "_", at most this long (``N07``, ``D30``).
MAX_CARD_ID = 16


def card_id_problem(value: object) -> str | None:
    """Why ``value`` is not a card id, or ``None``. The grammar: 1-16 ASCII capital letters,
    digits or ``_`` (``N07``, ``S01``, ``MY_CARD_3``); the notation reads ids in any case.

    >>> card_id_problem("N07") is None, card_id_problem("NK7")  # a Kelvin sign, not a K
    (True, "'NK7' is not a card id: use capital letters A-Z, digits and '_', like 'N07'")
    """
    if not isinstance(value, str):
        return f"a card id is text like 'N07', not {type(value).__name__}"
    if not 1 <= len(value) <= MAX_CARD_ID:
        return f"a card id has 1 to {MAX_CARD_ID} characters, not {len(value)}"
    if not all(c.isascii() and (c.isupper() or c.isdigit() or c == "_") for c in value):
        return f"{value!r} is not a card id: use capital letters A-Z, digits and '_', like 'N07'"
    return None


class Pay(Word):
    """What a cost icon asks of a rune."""

    FLIP = "flip"
    RETURN = "return"


@dataclass(frozen=True, slots=True)
class CostIcon:
    """One rune icon of a card's cost: flip a rune of ``face``, or return it to the reserve."""

    pay: Pay
    face: Face

    def __str__(self) -> str:
        return f"{self.pay} {self.face}"

    def __repr__(self) -> str:
        return f"CostIcon.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> CostIcon:
        words = text.split()
        if len(words) != 2:
            raise ValueError(f"cost icon {text.strip()!r} should be two words like 'flip moon'")
        try:
            pay = Pay(words[0].lower())
        except ValueError:
            raise ValueError(
                f"cost icon {text.strip()!r}: {words[0]!r} should be 'flip' or 'return'"
            ) from None
        face = lookup(Face, words[1], "rune face")
        return CostIcon(pay, face)


@dataclass(frozen=True, slots=True)
class Flat:
    """A fixed number of points."""

    points: int

    def __str__(self) -> str:
        return str(self.points)


@dataclass(frozen=True, slots=True)
class PerIngredient:
    """``points`` for each of every ingredient shown, counted separately."""

    points: int
    ingredients: tuple[Ingredient, ...]

    def __str__(self) -> str:
        return f"{self.points} per " + " ".join(i.value for i in self.ingredients)


@dataclass(frozen=True, slots=True)
class PerSet:
    """``points`` for each complete set of the ingredients shown (with multiplicity)."""

    points: int
    ingredients: tuple[Ingredient, ...]

    @property
    def needs(self) -> dict[Ingredient, int]:
        """How many of each ingredient one set takes."""
        return dict(Counter(self.ingredients))

    def __str__(self) -> str:
        return f"{self.points} per set " + " ".join(i.value for i in self.ingredients)


@dataclass(frozen=True, slots=True)
class NoPoints:
    """A Salt: it scores nothing itself, it only adds an ingredient."""

    def __str__(self) -> str:
        return "-"


Scoring = Union[Flat, PerIngredient, PerSet, NoPoints]


def parse_cost(text: str) -> tuple[CostIcon, ...]:
    """``"flip moon, return moon"`` -> the cost icons, in order; ``"-"`` or ``""`` is free."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(CostIcon.parse(part) for part in text.split(","))


def format_cost(cost: tuple[CostIcon, ...]) -> str:
    return ", ".join(str(icon) for icon in cost) if cost else "-"


def _points(word: str, text: str) -> int:
    if not word.isdigit():
        raise ValueError(f"scoring {text!r} should start with a whole number of points")
    return int(word)


def _ingredients(words: list[str], text: str) -> tuple[Ingredient, ...]:
    if not words:
        raise ValueError(f"scoring {text!r} names no ingredient after 'per'")
    found = []
    for word in words:
        found.append(lookup(Ingredient, word, "ingredient"))
    return tuple(found)


def parse_scoring(text: str) -> Scoring:
    """Read a scoring pattern: ``5``, ``1 per clover flower``, ``4 per set skull honey``, ``-``."""
    clean = text.strip()
    words = clean.lower().split()
    if clean == "-":
        return NoPoints()
    if not words:
        raise ValueError("scoring is empty (write '-' for a Salt, or points like '3')")
    points = _points(words[0], clean)
    if len(words) == 1:
        return Flat(points)
    if words[1] != "per":
        raise ValueError(f"scoring {clean!r}: expected 'per' after the points, not {words[1]!r}")
    if len(words) > 2 and words[2] == "set":
        ingredients = _ingredients(words[3:], clean)
        if len(ingredients) < 2:
            raise ValueError(f"scoring {clean!r}: a set needs at least two ingredient icons")
        return PerSet(points, ingredients)
    return PerIngredient(points, _ingredients(words[2:], clean))


CARD_FIELDS = ("id", "deck", "kind", "ingredient", "cost", "scoring")


@dataclass(frozen=True, slots=True)
class Card:
    """One Carnuta card. ``ingredient`` is ``None`` only for a Salt."""

    id: str
    origin: Origin
    kind: Kind
    ingredient: Ingredient | None
    cost: tuple[CostIcon, ...]
    scoring: Scoring

    def __post_init__(self) -> None:
        problem = _card_problem(self)
        if problem:
            raise DeckError(f"card {self.id}: {problem}"[:300])

    @property
    def is_salt(self) -> bool:
        return self.kind is Kind.SALT

    @property
    def weight(self) -> int:
        """How many of its ingredient the card counts as (a double counts 2)."""
        return 2 if self.kind is Kind.DOUBLE else (0 if self.kind is Kind.SALT else 1)

    def fields(self) -> tuple[str, str, str, str, str, str]:
        ingredient = self.ingredient.value if self.ingredient else "salt"
        return (
            self.id,
            self.origin.value,
            self.kind.value,
            ingredient,
            format_cost(self.cost),
            str(self.scoring),
        )

    def notation(self) -> str:
        """The card as one CSV line, the same as in a deck file."""
        return _csv_line(self.fields())

    def __str__(self) -> str:
        name = self.ingredient.title if self.ingredient else "Salt"
        if self.kind is Kind.DOUBLE:
            name = f"Double {name}"
        return f"{self.id} {name} [{format_cost(self.cost)}] {self.scoring}"

    def __repr__(self) -> str:
        return f"Card.parse({self.notation()!r})"

    def _repr_svg_(self) -> str:
        from .svg import card_svg

        return card_svg(self)

    @staticmethod
    def parse(line: str) -> Card:
        """Read one card line (the six fields of a deck CSV row)."""
        rows = list(csv.reader([line], skipinitialspace=True))
        if len(rows) != 1:
            raise DeckError(f"expected one card line, got {line!r}")
        return card_from_fields(rows[0])


def _csv_line(fields: tuple[str, ...]) -> str:
    return ",".join(f'"{f}"' if "," in f or '"' in f else f for f in fields)


def _card_problem(card: Card) -> str | None:
    problem = card_id_problem(card.id)
    if problem:
        return problem
    for field, value, kinds in (
        ("origin", card.origin, (Origin,)),
        ("kind", card.kind, (Kind,)),
        ("ingredient", card.ingredient, (Ingredient, type(None))),
        ("scoring", card.scoring, (Flat, PerIngredient, PerSet, NoPoints)),
    ):
        if not isinstance(value, kinds):
            return f"{field} should be {' or '.join(k.__name__ for k in kinds)}, not {type(value).__name__}"
    if not isinstance(card.cost, tuple) or not all(isinstance(i, CostIcon) for i in card.cost):
        return "cost should be a tuple of CostIcon (parse_cost('flip moon, return moon'))"
    if card.kind is Kind.SALT:
        if card.ingredient is not None:
            return "a Salt has no ingredient of its own (write 'salt')"
        if not isinstance(card.scoring, NoPoints):
            return "a Salt scores no points of its own (write '-')"
        if card.origin is Origin.START:
            return "a starting card cannot be a Salt"
        return None
    if card.ingredient is None:
        return "only a Salt may have no ingredient"
    if isinstance(card.scoring, NoPoints):
        return "only a Salt may score '-'"
    if (card.kind is Kind.START) != (card.origin is Origin.START):
        return "starting cards, and only they, have kind 'start' and deck 'start'"
    if card.kind is Kind.START and card.cost:
        return "a starting card is never paid for, so its cost is '-'"
    if card.origin is not Origin.START and card.ingredient.row.value != card.origin.value:
        return (
            f"{card.ingredient.value} is a {card.ingredient.row.value} ingredient, "
            f"but the card is in the {card.origin.value} deck"
        )
    return None


def card_from_fields(fields: list[str]) -> Card:
    """Build a card from its six text fields; any problem is a ``DeckError`` naming the field."""
    if len(fields) != len(CARD_FIELDS):
        raise DeckError(
            f"expected {len(CARD_FIELDS)} fields ({', '.join(CARD_FIELDS)}), got {len(fields)}"
        )
    card_id, origin_text, kind_text, ingredient_text, cost_text, scoring_text = (
        f.strip() for f in fields
    )
    if card_id.isascii():
        card_id = card_id.upper()  # the action and position notations read ids in any case
    try:
        origin = lookup(Origin, origin_text, "deck")
        kind = lookup(Kind, kind_text, "kind")
        ingredient = (
            None
            if ingredient_text.lower() == "salt"
            else lookup(Ingredient, ingredient_text, "ingredient")
        )
        cost = parse_cost(cost_text)
        scoring = parse_scoring(scoring_text)
        return Card(card_id, origin, kind, ingredient, cost, scoring)
    except DeckError:
        raise
    except ValueError as error:
        raise DeckError(str(error)) from None
