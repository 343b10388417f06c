"""Final scoring: ingredient counts, each card's points, the score pad and the winners."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from .cards import Card, Flat, NoPoints, PerIngredient, PerSet
from .model import INGREDIENTS, Ingredient, lookup
from .vocabulary import check_lang, word

#: The score pad's headings, by language.
PAD_WORDS = {
    "en": {"ingredient": "Ingredient", "points": "Points", "total": "Total"},
    "fr": {"ingredient": "Ingrédient", "points": "Points", "total": "Total"},
}


def ingredient_counts(
    played: Iterable[Card],
    salt_targets: Mapping[str, str],
    bonus_tokens: Iterable[Ingredient],
    deck_lookup: Mapping[str, Card] | None = None,
) -> dict[Ingredient, int]:
    """How many of each ingredient a potion holds: cards (doubles 2), Salts, bonus tokens.

    ``salt_targets`` maps each Salt's id to the id of the card it is stacked on;
    ``deck_lookup`` finds that card (by default among ``played``).
    """
    played = list(played)
    cards = deck_lookup if deck_lookup is not None else {c.id: c for c in played}
    counts = dict.fromkeys(INGREDIENTS, 0)
    for card in played:
        if card.ingredient is not None:
            counts[card.ingredient] += card.weight
        else:
            counts[salt_ingredient(card.id, salt_targets, cards)] += 1
    for token in bonus_tokens:
        counts[token] += 1
    return counts


def salt_root(card: str, salt_on: Mapping[str, str], is_salt: Callable[[str], bool]) -> str:
    """The ingredient card at the bottom of ``card``'s stack: ``card`` itself unless it is a
    Salt, else what the Salt sits on, down the stack in the ``salt_on_salt`` variant. The one
    walk every scorer uses.

    >>> salt_root("N30", {"N30": "D31", "D31": "N07"}, lambda c: c in ("N30", "D31"))
    'N07'
    >>> salt_root("N07", {}, lambda c: False)
    'N07'
    """
    seen = set()
    while is_salt(card):
        if card in seen:
            raise ValueError(f"Salt {card} is stacked in a loop")
        seen.add(card)
        card = salt_on[card]
    return card


def salt_ingredient(
    salt: str, salt_targets: Mapping[str, str], cards: Mapping[str, Card]
) -> Ingredient:
    """The ingredient a Salt adds one of: that of the card it finally sits on."""
    ingredient = cards[
        salt_root(salt, salt_targets, lambda c: cards[c].ingredient is None)
    ].ingredient
    assert ingredient is not None
    return ingredient


def card_points(card: Card, counts: Mapping[Ingredient, int]) -> int:
    """The points one card scores for a potion with these ingredient counts."""
    scoring = card.scoring
    if isinstance(scoring, Flat):
        return scoring.points
    if isinstance(scoring, PerIngredient):
        return scoring.points * sum(counts[i] for i in scoring.ingredients)
    if isinstance(scoring, PerSet):
        return scoring.points * min(counts[i] // n for i, n in scoring.needs.items())
    assert isinstance(scoring, NoPoints)
    return 0


@dataclass(frozen=True)
class ScorePad:
    """One player's score pad: points per ingredient column, and the total.

    >>> pad = ScorePad.from_points({Ingredient.EGG: 11, Ingredient.HONEY: 2})
    >>> pad.total, pad["egg"], pad.best_row
    (13, 11, 11)
    >>> print(pad.in_language("fr"))  # doctest: +ELLIPSIS
    Trèfle       0
    ...
    Œuf         11
    Miel         2
    ...
    Total       13
    """

    rows: tuple[tuple[Ingredient, int], ...]
    #: The language it is shown in (``"en"`` or ``"fr"``); it does not change what it is.
    lang: str = field(default="en", compare=False)

    def in_language(self, lang: str) -> ScorePad:
        """The same pad, shown in ``lang``: ``game.score_pad(0).in_language("fr")``."""
        return replace(self, lang=check_lang(lang))

    @staticmethod
    def from_points(points: Mapping[Ingredient, int]) -> ScorePad:
        return ScorePad(tuple((i, points.get(i, 0)) for i in INGREDIENTS))

    def __getitem__(self, key: Ingredient | str) -> int:
        if isinstance(key, str):
            if key.lower() == "total":
                return self.total
            key = lookup(Ingredient, key, "ingredient")
        return dict(self.rows)[key]

    def __iter__(self) -> Iterator[tuple[Ingredient, int]]:
        return iter(self.rows)

    @property
    def total(self) -> int:
        return sum(points for _, points in self.rows)

    @property
    def best_row(self) -> int:
        """The most points in a single ingredient: the first tie-break."""
        return max(points for _, points in self.rows)

    def as_dict(self) -> dict[str, int]:
        result = {ingredient.title: points for ingredient, points in self.rows}
        result["Total"] = self.total
        return result

    def _shown(self) -> list[tuple[str, int]]:
        """(row name, points) in the pad's language, the total last."""
        rows = [(word(i, self.lang, title=True), points) for i, points in self.rows]
        return [*rows, (PAD_WORDS[self.lang]["total"], self.total)]

    def __str__(self) -> str:
        return "\n".join(f"{name:<10}{points:>4}" for name, points in self._shown())

    def _repr_html_(self) -> str:
        words = PAD_WORDS[self.lang]
        cells = "".join(
            f"<tr><td>{escape(name)}</td><td style='text-align:right'>{points}</td></tr>"
            for name, points in self._shown()
        )
        head = f"<tr><th>{words['ingredient']}</th><th>{words['points']}</th></tr>"
        return f"<table class='carnuta-score-pad'>{head}{cells}</table>"


def score_potion(
    played: Sequence[Card],
    salt_targets: Mapping[str, str],
    bonus_tokens: Iterable[Ingredient],
) -> ScorePad:
    """The score pad of a potion: each card's points in its ingredient's row."""
    counts = ingredient_counts(played, salt_targets, bonus_tokens)
    rows = dict.fromkeys(INGREDIENTS, 0)
    for card in played:
        if card.ingredient is not None:
            rows[card.ingredient] += card_points(card, counts)
    return ScorePad.from_points(rows)


def winners(pads: Sequence[ScorePad]) -> list[int]:
    """Seats of the winners: highest total, then highest single row; a tie after that shares."""
    best = max((pad.total, pad.best_row) for pad in pads)
    return [seat for seat, pad in enumerate(pads) if (pad.total, pad.best_row) == best]
