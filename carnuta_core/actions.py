"""Actions as immutable values with a short, readable notation, in English or French.

=====================  =======================  ==============================================
English                French                   action
=====================  =======================  ==============================================
``take day 2``         ``prendre jour 2``       Take a Card from slot 2 (1-4) of the Day row
``play N07``           ``poser N07``            Play a Card from your hand
``play D30 on N07``    ``poser D30 sur N07``    Play a Salt, stacked on your played card N07
``runes moon``         ``runes lune``           Take Runes: fill empty spaces with Moons
``flip sun``           ``retourner soleil``     Flip Runes: every rune shows its Sun
``flip sun 2``         ``retourner soleil 2``   (variant ``flip_mode="any"``) flip 2 Moons
``sickle night``       ``serpe nuit``           Free action: discard a Sickle, renew the Night row
``bonus honey``        ``bonus miel``           Choose a Bonus Ingredient token
``discard D12``        ``défausser D12``        Discard down to the hand limit at the end of a turn
``end``                ``fin``                  End your turn
=====================  =======================  ==============================================

``str(action)`` gives the English notation, ``action.notation("fr")`` the French one, and
``Action.parse(text)`` reads either (French accents are optional: ``defausser``, ``oeuf``).

Each action checks its fields when made: ``TakeCard("day", 2)`` reads the word ``"day"``;
``TakeCard(Row.DAY, True)`` is an ``ActionSyntaxError`` naming the field.

>>> Action.parse("poser D30 sur N07")
Action.parse('play D30 on N07')
>>> Action.parse("take day 2").notation("fr")
'prendre jour 2'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from tabletop.words import Notated, plain, spellings, split_action

from .cards import card_id_problem
from .errors import ActionSyntaxError, short_repr
from .model import Face, Ingredient, Row
from .vocabulary import check_lang, word


def _enum_field(cls: type, field: str, value: Any, enum: type[Enum], what: str) -> Any:
    if isinstance(value, enum):
        return value
    if isinstance(value, str):
        found = _lookup_word(enum, value)
        if found is not None:
            return found
    choices = ", ".join(str(m.value) for m in enum)
    raise ActionSyntaxError(
        f"{cls.__name__}.{field}: {short_repr(value)} is not a {what} (expected one of: {choices})"
    )


def _int_field(cls: type, field: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ActionSyntaxError(
            f"{cls.__name__}.{field}: should be a whole number of at least {low}, not {short_repr(value)}"
        )
    return value


def _card_field(cls: type, field: str, value: Any, optional: bool = False) -> str | None:
    if optional and value is None:
        return None
    if isinstance(value, str) and value.isascii():
        value = value.upper()
    problem = card_id_problem(value)
    if problem:
        raise ActionSyntaxError(f"{cls.__name__}.{field}: {problem}")
    return str(value)


class Action(Notated):
    """Base class of every action; ``Action.parse(text)`` reads the notation."""

    __slots__ = ()

    def notation(self, lang: str = "en") -> str:
        """The action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        return f"<{type(self).__name__}>"

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


@dataclass(frozen=True, slots=True, repr=False)
class TakeCard(Action):
    row: Row
    slot: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "row", _enum_field(TakeCard, "row", self.row, Row, "row"))
        object.__setattr__(self, "slot", _int_field(TakeCard, "slot", self.slot, 0))

    def notation(self, lang: str = "en") -> str:
        return f"{VERB_WORDS[lang]['take']} {word(self.row, lang)} {self.slot}"


@dataclass(frozen=True, slots=True, repr=False)
class PlayCard(Action):
    card: str
    target: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card_field(PlayCard, "card", self.card))
        object.__setattr__(self, "target", _card_field(PlayCard, "target", self.target, True))

    def notation(self, lang: str = "en") -> str:
        on = f" {VERB_WORDS[lang]['on']} {self.target}" if self.target else ""
        return f"{VERB_WORDS[lang]['play']} {self.card}{on}"


@dataclass(frozen=True, slots=True, repr=False)
class TakeRunes(Action):
    face: Face

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "face", _enum_field(TakeRunes, "face", self.face, Face, "rune face")
        )

    def notation(self, lang: str = "en") -> str:
        return f"{VERB_WORDS[lang]['runes']} {word(self.face, lang)}"


@dataclass(frozen=True, slots=True, repr=False)
class FlipRunes(Action):
    face: Face
    count: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "face", _enum_field(FlipRunes, "face", self.face, Face, "rune face")
        )
        if self.count is not None:
            object.__setattr__(self, "count", _int_field(FlipRunes, "count", self.count, 1))

    def notation(self, lang: str = "en") -> str:
        count = f" {self.count}" if self.count is not None else ""
        return f"{VERB_WORDS[lang]['flip']} {word(self.face, lang)}{count}"


@dataclass(frozen=True, slots=True, repr=False)
class Sickle(Action):
    row: Row

    def __post_init__(self) -> None:
        object.__setattr__(self, "row", _enum_field(Sickle, "row", self.row, Row, "row"))

    def notation(self, lang: str = "en") -> str:
        return f"{VERB_WORDS[lang]['sickle']} {word(self.row, lang)}"


@dataclass(frozen=True, slots=True, repr=False)
class ChooseBonus(Action):
    ingredient: Ingredient

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "ingredient",
            _enum_field(ChooseBonus, "ingredient", self.ingredient, Ingredient, "ingredient"),
        )

    def notation(self, lang: str = "en") -> str:
        return f"{VERB_WORDS[lang]['bonus']} {word(self.ingredient, lang)}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card_field(Discard, "card", self.card))

    def notation(self, lang: str = "en") -> str:
        return f"{VERB_WORDS[lang]['discard']} {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Action):
    def notation(self, lang: str = "en") -> str:
        return VERB_WORDS[lang]["end"]


#: The verbs of the notation, by language.
VERB_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "take": "take",
        "play": "play",
        "on": "on",
        "runes": "runes",
        "flip": "flip",
        "sickle": "sickle",
        "bonus": "bonus",
        "discard": "discard",
        "end": "end",
    },
    "fr": {
        "take": "prendre",
        "play": "poser",
        "on": "sur",
        "runes": "runes",
        "flip": "retourner",
        "sickle": "serpe",
        "bonus": "bonus",
        "discard": "défausser",
        "end": "fin",
    },
}

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


#: Every spelling of a verb, a row, a face or an ingredient, in both languages.
_VERB_SPELLINGS: dict[str, str] = {
    spelling: verb for spelling, verb in spellings(VERB_WORDS).items() if verb != "on"
}
_ON = {plain(VERB_WORDS[lang]["on"]) for lang in VERB_WORDS}


_SPELLINGS: dict[type[Enum], dict[str, Any]] = {
    enum: {
        plain(word(member, lang)) + plural: member
        for member in enum
        for lang in ("en", "fr")
        for plural in ("", "s")
    }
    for enum in (Row, Face, Ingredient)
}


def _lookup_word(enum: type[Enum], text: str) -> Any:
    return _SPELLINGS[enum].get(plain(text.strip()))


def _word(enum: type[Enum], text: str, what: str) -> Any:
    found = _lookup_word(enum, text)
    if found is None:
        choices = ", ".join(str(m.value) for m in enum)
        raise ValueError(f"unknown {what} {text!r} (expected one of: {choices})")
    return found


def _card_id(text: str) -> str:
    card = text.upper() if text.isascii() else text
    problem = card_id_problem(card)
    if problem:
        raise ValueError(f"{text!r} is not a card id like N07")
    return card


def _parse_words(verb: str, args: list[str]) -> Action:
    if verb == "end" and not args:
        return EndTurn()
    if verb == "take" and len(args) == 2:
        row = _word(Row, args[0], "row")
        if not (args[1].isascii() and args[1].isdigit()) or len(args[1]) > 3:
            raise ValueError(f"the slot {args[1]!r} should be a number from 1 to 4")
        return TakeCard(row, int(args[1]))
    if verb == "play" and len(args) == 1:
        return PlayCard(_card_id(args[0]))
    if verb == "play" and len(args) == 3 and plain(args[1]) in _ON:
        return PlayCard(_card_id(args[0]), _card_id(args[2]))
    if verb == "runes" and len(args) == 1:
        return TakeRunes(_word(Face, args[0], "rune face"))
    if verb == "flip" and len(args) in (1, 2):
        face = _word(Face, args[0], "rune face")
        if len(args) == 2 and (not (args[1].isascii() and args[1].isdigit()) or len(args[1]) > 3):
            raise ValueError(f"the number of runes {args[1]!r} should be a whole number")
        if len(args) == 2 and int(args[1]) < 1:
            raise ValueError("flip at least 1 rune")
        return FlipRunes(face, int(args[1]) if len(args) == 2 else None)
    if verb == "sickle" and len(args) == 1:
        return Sickle(_word(Row, args[0], "row"))
    if verb == "bonus" and len(args) == 1:
        return ChooseBonus(_word(Ingredient, args[0], "ingredient"))
    if verb == "discard" and len(args) == 1:
        return Discard(_card_id(args[0]))
    raise ValueError(f"'{verb}' is written like '{EXAMPLES[verb]}'")


def parse_action(text: str) -> Action:
    """Read an action in the kit's notation, English or French; ``ActionSyntaxError`` says
    what is wrong."""
    verb, words = split_action(
        text,
        _VERB_SPELLINGS,
        VERB_WORDS,
        VERBS,
        like={"en": "'take day 2'"},
        empty={"en": "'take day 2' or 'end'"},
        error=ActionSyntaxError,
        show=lambda word: repr(word.lower()),
    )
    try:
        return _parse_words(verb, [w.lower() if w.isascii() else w for w in words[1:]])
    except (ValueError, ActionSyntaxError) as error:
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None


def notation(action: Action, lang: str = "en") -> str:
    """``action`` in the notation of ``lang``."""
    return action.notation(check_lang(lang))
