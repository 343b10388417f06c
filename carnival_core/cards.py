"""Cards as values with readable ids, and the card tables a set of rules implies.

A Creature card is written with its colour's letter and its value: ``R4`` (red 4), ``Y-2``
(yellow -2). A Mask is ``Mask``. Two cards with the same id are identical in play, so the
engine deals with kinds of card (an id) and how many copies of each the box holds.

>>> Card.parse("r-2")
Card.parse('R-2')
>>> Card.parse("R-2").creature, Card.parse("R-2").value
('red', -2)
>>> Card.parse("mask").is_mask
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.saves import short_repr

from .errors import ArgumentError, CardError
from .rules import CREATURE_NAMES, LETTERS, Rules

MASK_ID = "Mask"
_TYPE_INDEX = {letter: index for index, letter in enumerate(LETTERS)}


@dataclass(frozen=True, slots=True, repr=False)
class Card:
    """One card: a Creature (``letter`` and ``value``) or a Mask (``letter`` is None)."""

    letter: str | None
    value: int = 0

    @property
    def is_mask(self) -> bool:
        return self.letter is None

    @property
    def creature(self) -> str | None:
        """The Creature type's name (``"red"``), or None for a Mask."""
        return None if self.letter is None else CREATURE_NAMES[_TYPE_INDEX[self.letter]]

    @property
    def type_index(self) -> int:
        """The Creature type's number (red 0, yellow 1, ...); -1 for a Mask."""
        return -1 if self.letter is None else _TYPE_INDEX[self.letter]

    @property
    def id(self) -> str:
        return MASK_ID if self.letter is None else f"{self.letter}{self.value}"

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Card.parse({self.id!r})"

    def _repr_svg_(self) -> str:
        from .svg import card_svg

        return card_svg(self)

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card id; ``CardError`` says what is wrong."""
        if not isinstance(text, str):
            raise CardError(f"a card id is text like 'R4' or 'Mask', not {short_repr(text)}")
        word = text.strip()
        if word.lower() == "mask":
            return MASK
        letter, number = word[:1].upper(), word[1:]
        digits = number[1:] if number.startswith("-") else number
        # ASCII digits only: str.isdigit also accepts '²', which int() refuses.
        if letter not in LETTERS or not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
            letters = "/".join(LETTERS[:5])
            raise CardError(
                f"{short_repr(word)} is not a card: a Creature is a colour letter ({letters}...) "
                "and a value, like 'R4' or 'Y-2', and a Mask is 'Mask'"
            )
        return Card(letter, int(number))


MASK = Card(None)


class CardSet:
    """The cards of a game under some rules: each kind of card, its copies, type and value.

    Kinds are numbered: Creatures by type, then by value (lowest first); the Mask comes last.
    """

    def __init__(self, rules: Rules):
        distinct = sorted(set(rules.values))
        self.cards: tuple[Card, ...] = tuple(
            Card(LETTERS[t], v) for t in range(rules.creature_types) for v in distinct
        ) + (MASK,)
        self.mask = len(self.cards) - 1
        self.creature_kinds = range(self.mask)
        self.kind_of: dict[str, int] = {card.id: kind for kind, card in enumerate(self.cards)}
        self.type_of: tuple[int, ...] = tuple(card.type_index for card in self.cards)
        self.value_of: tuple[int, ...] = tuple(card.value for card in self.cards)
        self.copies: tuple[int, ...] = tuple(
            rules.values.count(card.value) for card in self.cards[:-1]
        ) + (rules.masks,)
        #: Every card of the box as kinds, in kind order.
        self.box: tuple[int, ...] = tuple(
            kind for kind, copies in enumerate(self.copies) for _ in range(copies)
        )
        self.types = rules.creature_types

    def __len__(self) -> int:
        return len(self.box)

    @property
    def values_text(self) -> str:
        """The values each colour comes in, for messages: "1, 2, 3, 4, 5, 6, -2, -4"."""
        values = sorted(
            {self.value_of[k] for k in self.creature_kinds}, key=lambda v: (v < 0, abs(v))
        )
        return ", ".join(map(str, values))


_CARD_SETS_BY_RULES: dict[Rules, CardSet] = {}
_CARD_SETS: dict[int, tuple[Rules, CardSet]] = {}


def card_set(rules: Rules) -> CardSet:
    """The (shared, read-only) card tables for ``rules``, found by the rules object's identity,
    else by equal rules (a loaded save brings its own ``Rules`` object)."""
    if not isinstance(rules, Rules):
        raise ArgumentError("rules", f"a Rules, not {short_repr(rules)}")
    hit = _CARD_SETS.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_CARD_SETS) > 256:
            _CARD_SETS.clear()
        if len(_CARD_SETS_BY_RULES) > 64:
            _CARD_SETS_BY_RULES.clear()
        cards = _CARD_SETS_BY_RULES.get(rules)
        if cards is None:
            cards = _CARD_SETS_BY_RULES[rules] = CardSet(rules)
        hit = _CARD_SETS[id(rules)] = (rules, cards)
    return hit[1]


@dataclass(frozen=True, slots=True, repr=False)
class Entry:
    """A card on the table (a Spectator row or the Carnival stack) as someone sees it.

    ``card`` is the Creature face up, or the one under a Mask; None when the viewer does not
    know it (a Mask's hidden card, or a buried Carnival card it forgot) or when the Mask
    hides nothing (``empty``). ``by`` is the seat that placed a Mask (-1: not known).

    >>> str(Entry(Card.parse("R4"))), str(Entry(None, masked=True)), str(Entry(None, True, True))
    ('R4', '[?]', '[]')
    """

    card: Card | None
    masked: bool = False
    empty: bool = False
    by: int = -1

    def __str__(self) -> str:
        if not self.masked:
            return "?" if self.card is None else self.card.id
        if self.empty:
            return "[]"
        return f"[{'?' if self.card is None else self.card.id}]"

    def __repr__(self) -> str:
        return f"<Entry {self}>"


def spectator_columns(row: Sequence[Entry]) -> dict[str, list[Entry]]:
    """A Spectator row laid out as the rulebook asks, sorted by Creature type: a column per
    type letter in the types' order (red, yellow, green, ...), in play order within a type;
    the Masks, which need not be sorted, in a last column ``"Mask"``.

    >>> row = [Entry(Card.parse("Y1")), Entry(Card.parse("R4")), Entry(None, masked=True)]
    >>> {key: [str(e) for e in column] for key, column in spectator_columns(row).items()}
    {'R': ['R4'], 'Y': ['Y1'], 'Mask': ['[?]']}
    """
    columns: dict[str, list[Entry]] = {}
    for entry in row:
        key = MASK_ID if entry.masked or entry.card is None else str(entry.card.letter)
        columns.setdefault(key, []).append(entry)
    return dict(sorted(columns.items(), key=lambda item: _TYPE_INDEX.get(item[0], len(LETTERS))))


def column_sum(column: Sequence[Entry]) -> int | None:
    """The Creatures a column of face-up cards counts (None if a card in it is not known).

    >>> column_sum([Entry(Card.parse("R4")), Entry(Card.parse("R-2"))])
    2
    """
    values = [e.card.value for e in column if e.card is not None and not e.masked]
    return sum(values) if len(values) == len(column) else None
