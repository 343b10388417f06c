"""Actions as immutable values with a short, readable notation.

=====================  ==============================================
``take day 2``         Take a Card from slot 2 (1-4) of the Day row
``play N07``           Play a Card from your hand
``play D30 on N07``    Play a Salt, stacked on your played card N07
``runes moon``         Take Runes: fill empty spaces with Moons
``flip sun``           Flip Runes: every rune shows its Sun
``flip sun 2``         (variant ``flip_mode="any"``) flip 2 Moons to Sun
``sickle night``       Free action: discard a Sickle, renew the Night row
``bonus honey``        Choose a Bonus Ingredient token
``discard D12``        Discard down to the hand limit at the end of a turn
``end``                End your turn
=====================  ==============================================

``str(action)`` gives the notation and ``Action.parse(text)`` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ActionSyntaxError
from .model import Face, Ingredient, Row, lookup


class Action:
    """Base class of every action; ``Action.parse(text)`` reads the notation."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


@dataclass(frozen=True, slots=True, repr=False)
class TakeCard(Action):
    row: Row
    slot: int

    def __str__(self) -> str:
        return f"take {self.row.value} {self.slot}"


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard(Action):
    card: str
    target: str | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True, repr=False)
class TakeRunes(Action):
    face: Face

    def __str__(self) -> str:
        return f"runes {self.face.value}"


@dataclass(frozen=True, slots=True, repr=False)
class FlipRunes(Action):
    face: Face
    count: int | None = None

    def __str__(self) -> str:
        return f"flip {self.face.value}" + (f" {self.count}" if self.count is not None else "")


@dataclass(frozen=True, slots=True, repr=False)
class Sickle(Action):
    row: Row

    def __str__(self) -> str:
        return f"sickle {self.row.value}"


@dataclass(frozen=True, slots=True, repr=False)
class ChooseBonus(Action):
    ingredient: Ingredient

    def __str__(self) -> str:
        return f"bonus {self.ingredient.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end"


VERBS = ("take", "play", "runes", "flip", "sickle", "bonus", "discard", "end")
EXAMPLES = {
    "take": "take day 2",
    "play": "play N07  or  play D30 on N07",
    "runes": "runes moon",
    "flip": "flip sun",
    "sickle": "sickle night",
    "bonus": "bonus honey",
    "discard": "discard D12",
    "end": "end",
}


def _card_id(word: str) -> str:
    if not word.replace("_", "").isalnum():
        raise ValueError(f"{word!r} is not a card id like N07")
    return word.upper()


def _parse_words(verb: str, args: list[str]) -> Action:
    if verb == "end" and not args:
        return EndTurn()
    if verb == "take" and len(args) == 2:
        row = lookup(Row, args[0], "row")
        if not args[1].isdigit():
            raise ValueError(f"the slot {args[1]!r} should be a number from 1 to 4")
        assert isinstance(row, Row)
        return TakeCard(row, int(args[1]))
    if verb == "play" and len(args) == 1:
        return PlayCard(_card_id(args[0]))
    if verb == "play" and len(args) == 3 and args[1] == "on":
        return PlayCard(_card_id(args[0]), _card_id(args[2]))
    if verb == "runes" and len(args) == 1:
        face = lookup(Face, args[0], "rune face")
        assert isinstance(face, Face)
        return TakeRunes(face)
    if verb == "flip" and len(args) in (1, 2):
        face = lookup(Face, args[0], "rune face")
        assert isinstance(face, Face)
        if len(args) == 2 and not args[1].isdigit():
            raise ValueError(f"the number of runes {args[1]!r} should be a whole number")
        return FlipRunes(face, int(args[1]) if len(args) == 2 else None)
    if verb == "sickle" and len(args) == 1:
        row = lookup(Row, args[0], "row")
        assert isinstance(row, Row)
        return Sickle(row)
    if verb == "bonus" and len(args) == 1:
        ingredient = lookup(Ingredient, args[0], "ingredient")
        assert isinstance(ingredient, Ingredient)
        return ChooseBonus(ingredient)
    if verb == "discard" and len(args) == 1:
        return Discard(_card_id(args[0]))
    raise ValueError(f"'{verb}' is written like '{EXAMPLES[verb]}'")


def parse_action(text: str) -> Action:
    """Read an action in the kit's notation; ``ActionSyntaxError`` says what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text like 'take day 2', not {text!r}")
    words = text.strip().lower().split()
    if not words:
        raise ActionSyntaxError("an empty action: write one like 'take day 2' or 'end'")
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        raise ActionSyntaxError(
            f"{text.strip()!r} is not an action: unknown word {verb!r} "
            f"(an action starts with one of: {', '.join(VERBS)})"
        )
    try:
        return _parse_words(verb, args)
    except ValueError as error:
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None
