"""The game's vocabulary: ingredients, rune faces, market rows and card kinds."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar


class Word(Enum):
    """An enum spelled by its lower-case word: ``str`` gives the word, ``repr`` the member."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    # Members are singletons compared by identity, so the identity hash agrees with ``==``
    # and, unlike ``Enum.__hash__``, costs no Python call (the engine's tables are keyed by
    # rows, faces and ingredients).
    __hash__ = object.__hash__


class Row(Word):
    """Which deck a card belongs to: the Day row or the Night row of the market."""

    DAY = "day"
    NIGHT = "night"


class Ingredient(Word):
    """The 8 ingredients, Day ones first, in score-pad order within each half."""

    CLOVER = "clover"
    FLOWER = "flower"
    EGG = "egg"
    HONEY = "honey"
    SKULL = "skull"
    BUTTERFLY = "butterfly"
    BERRY = "berry"
    MUSHROOM = "mushroom"

    @property
    def row(self) -> Row:
        return Row.DAY if self in DAY_INGREDIENTS else Row.NIGHT

    @property
    def title(self) -> str:
        return self.value.capitalize()


DAY_INGREDIENTS = frozenset(
    {Ingredient.CLOVER, Ingredient.FLOWER, Ingredient.EGG, Ingredient.HONEY}
)
INGREDIENTS: tuple[Ingredient, ...] = tuple(Ingredient)


class Face(Word):
    """The two faces of a rune."""

    SUN = "sun"
    MOON = "moon"

    @property
    def other(self) -> Face:
        return Face.MOON if self is Face.SUN else Face.SUN

    @property
    def title(self) -> str:
        return self.value.capitalize()


class Kind(Word):
    """What sort of card it is; only doubles and Salts score differently."""

    START = "start"
    NORMAL = "normal"
    DOUBLE = "double"
    SALT = "salt"


class Origin(Word):
    """Where a card comes from: the starting cards or one of the two decks."""

    START = "start"
    DAY = "day"
    NIGHT = "night"

    @property
    def row(self) -> Row | None:
        return None if self is Origin.START else Row(self.value)


E = TypeVar("E", bound=Enum)


def lookup(enum_type: type[E], word: str, what: str) -> E:
    """The member of ``enum_type`` spelled ``word`` (any case, singular or plural)."""
    key = word.strip().lower()
    for member in enum_type:
        if key in (member.value, member.value + "s"):
            return member
    choices = ", ".join(str(m.value) for m in enum_type)
    raise ValueError(f"unknown {what} {word!r} (expected one of: {choices})")
