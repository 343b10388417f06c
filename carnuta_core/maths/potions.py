"""Potions: the cards a player has played, where each Salt sits, their Bonus tokens, and the
whole score pad as formulas."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import sympy

from ..cards import Card
from ..deck import Deck, reference_deck
from ..errors import CarnutaError, PositionError
from ..game import Game, PlayerView
from ..messages import render
from ..model import INGREDIENTS, Ingredient
from ..scoring import ScorePad, ingredient_counts, salt_ingredient, score_potion
from ..vocabulary import word
from .formulas import (
    COUNT_SYMBOLS,
    Formula,
    as_ingredient,
    card_formula,
    checked_counts,
    evaluate,
    latex_of,
)


def card_list(cards: Iterable[Card | str], deck: Deck | None) -> tuple[Card, ...]:
    """Cards, card ids looked up in ``deck`` (the reference deck by default), or card lines
    (read by ``Card.parse``)."""
    if isinstance(cards, (str, Card)) or not isinstance(cards, Iterable):
        raise PositionError("played", f"give a list of cards, not {cards!r}")
    out = []
    for card in cards:
        if isinstance(card, Card):
            out.append(card)
        elif isinstance(card, str) and "," not in card:
            out.append(deck_card(deck or reference_deck(), card))
        elif isinstance(card, str):
            out.append(Card.parse(card))
        else:
            raise PositionError("played", f"{card!r} is not a card")
    return tuple(out)


def salt_pairs(salt_on: object) -> tuple[tuple[str, str], ...]:
    """``(Salt id, card id)`` pairs from a mapping or a list of pairs; else ``PositionError``."""
    if salt_on is None:
        return ()
    pairs = salt_on.items() if isinstance(salt_on, Mapping) else salt_on
    if isinstance(pairs, str) or not isinstance(pairs, Iterable):
        raise PositionError("salt_on", f"map each Salt to the card it sits on, not {salt_on!r}")
    out = []
    for pair in pairs:
        if (
            not isinstance(pair, (tuple, list))
            or len(pair) != 2
            or not all(isinstance(part, str) for part in pair)
        ):
            raise PositionError("salt_on", f"{pair!r} is not a (Salt id, card id) pair")
        out.append((pair[0], pair[1]))
    return tuple(out)


def deck_card(deck: Deck, card_id: str) -> Card:
    """The card ``card_id`` of ``deck``; a ``CarnutaError`` naming the id when it has none."""
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
        salt_on: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
        bonus_tokens: Iterable[Ingredient | str] = (),
        *,
        deck: Deck | None = None,
    ) -> Potion:
        """A potion from cards (or card ids found in ``deck``, by default the reference deck,
        or card lines); ``salt_on`` maps each Salt to its card (a dict or a list of pairs)."""
        if isinstance(bonus_tokens, (str, Ingredient)) or not isinstance(bonus_tokens, Iterable):
            raise PositionError("bonus_tokens", "give a list of ingredients, such as ['berry']")
        return Potion(
            card_list(cards, deck),
            salt_pairs(salt_on),
            tuple(as_ingredient(t) for t in bonus_tokens),
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
        return Potion(self.played, self.salt_on, self.bonus_tokens + (as_ingredient(ingredient),))

    def text(self, lang: str = "en") -> str:
        """The potion in a line, in ``lang``: ``D01, S06 on D01, + tokens egg``."""
        targets = self.salt_targets
        words = [
            render("potion_salt_on", {"card": c.id, "target": targets[c.id]}, lang)
            if c.id in targets
            else c.id
            for c in self.played
        ]
        if self.bonus_tokens:
            tokens = " ".join(word(t, lang) for t in self.bonus_tokens)
            words.append(render("potion_tokens", {"tokens": tokens}, lang))
        return ", ".join(words) if words else render("potion_empty", {}, lang)

    def __str__(self) -> str:
        return self.text()


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


def salt_places(potion: Potion) -> dict[Ingredient, str]:
    """For each ingredient with a played card, the first such card (where a Salt may go)."""
    targets: dict[Ingredient, str] = {}
    for card in potion.played:
        if card.ingredient is not None:
            targets.setdefault(card.ingredient, card.id)
    return targets


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
        return dict(self.rows)[as_ingredient(ingredient)]

    def evaluate(
        self, counts: Mapping[Ingredient, int] | Mapping[str, int] | None = None
    ) -> ScorePad:
        """The score pad for ``counts`` (by default the potion's own counts)."""
        values = checked_counts(self.counts if counts is None else counts)
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
        lines = [rf"\text{{{i.title}}} & {latex_of(f)} & {pad[i]} \\" for i, f in self.rows]
        lines.append(rf"\hline \text{{Total}} & {latex_of(self.total)} & {pad.total}")
        counts = []
        for i, (cards, salts, tokens) in self.count_terms().items():
            parts = [str(cards)] + [
                f"{n}\\,\\text{{{word}{'s' if n > 1 else ''}}}"
                for n, word in ((salts, "Salt"), (tokens, "token"))
                if n
            ]
            total = cards + salts + tokens
            shown = f" = {' + '.join(parts)}" if len(parts) > 1 else ""
            counts.append(f"{latex_of(COUNT_SYMBOLS[i])}{shown} = {total}")
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


__all__ = [
    "salt_pairs",
    "Potion",
    "PotionFormula",
    "as_potion",
    "card_list",
    "deck_card",
    "potion_formula",
    "salt_places",
]
