"""Karnak's actions as immutable values with a short notation, in English or French.

======================  =========================  ===============================================
English                 French                     action
======================  =========================  ===============================================
``place cube c4``       ``poser cube c4``          one yellow piece of PLACE (two in a row)
``move c4``             ``déplacer c4``            lift the yellow top piece of c4 (MOVE, or the
                                                   "move a piece" Favor card)
``white d5``            ``blanc d5``               put the white piece after a lift, or a piece
``yellow d5``           ``jaune d5``               of a "place a shape" Favor card's shape
``priest e2``           ``prêtre e2``              place one of your Priests (bonus action)
``favor cube``          ``faveur cube``            use a Favor card (``design``/``dessin``,
                                                   ``move``/``déplacer``, ``priest``/``prêtre``)
``draw``                ``piocher``                DRAW three Designs (ends the turn)
``reveal K01``          ``révéler K01``            reveal a complete Design, drawing a Favor card
``discard K01``         ``défausser K01``          discard a Design down to the hand limit
``end``                 ``fin``                    end the turn
======================  =========================  ===============================================

The shapes are ``triangle statue disk rod cube`` (French ``triangle statue disque bâton
cube``). ``str(action)`` is the English notation, ``action.notation("fr")`` the French one,
and ``Action.parse(text)`` reads either (any case, accents optional).

>>> Action.parse("poser Baton c4")
Action.parse('place rod c4')
>>> Action.parse("faveur déplacer").notation("fr"), str(Favor("design"))
('faveur déplacer', 'favor design')
>>> Action.parse("revealer K01")
Traceback (most recent call last):
...
karnak_core.errors.ActionSyntaxError: 'revealer K01' is not an action: unknown word 'revealer' (an action starts with one of: place, move, white, yellow, priest, favor, draw, reveal, discard, end; en français : poser, déplacer, blanc, jaune, prêtre, faveur, piocher, révéler, défausser, fin)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.saves import short_repr
from tabletop.words import Notated, plain, quote, spellings, split_action

from .errors import ActionSyntaxError, KarnakError
from .mat import COLOURS, COLUMN_LETTERS, SHAPES
from .rules import FAVOR_KINDS

#: The notation's words by language: verbs, then shapes, colours and Favor kinds.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "place": "place",
        "move": "move",
        "white": "white",
        "yellow": "yellow",
        "priest": "priest",
        "favor": "favor",
        "draw": "draw",
        "reveal": "reveal",
        "discard": "discard",
        "end": "end",
    },
    "fr": {
        "place": "poser",
        "move": "déplacer",
        "white": "blanc",
        "yellow": "jaune",
        "priest": "prêtre",
        "favor": "faveur",
        "draw": "piocher",
        "reveal": "révéler",
        "discard": "défausser",
        "end": "fin",
    },
}
VERBS = tuple(WORDS["en"])
#: Shapes and Favor kinds in each language (a Favor kind is a shape or a verb-like word).
SHAPE_WORDS: dict[str, tuple[str, ...]] = {
    "en": SHAPES,
    "fr": ("triangle", "statue", "disque", "bâton", "cube"),
}
FAVOR_WORDS: dict[str, tuple[str, ...]] = {
    "en": FAVOR_KINDS,
    "fr": (*SHAPE_WORDS["fr"], "dessin", "déplacer", "prêtre"),
}
COLOUR_WORDS: dict[str, tuple[str, ...]] = {"en": COLOURS, "fr": ("jaune", "blanc")}
_VERB_SPELLINGS = spellings(WORDS)
_SHAPE_SPELLINGS = {plain(w): i for words in SHAPE_WORDS.values() for i, w in enumerate(words)}
_FAVOR_SPELLINGS = {plain(w): i for words in FAVOR_WORDS.values() for i, w in enumerate(words)}
_CELL = re.compile(rf"[{COLUMN_LETTERS}]([1-9]|10)")
_CARD = re.compile(r"[A-Z][A-Z0-9_-]{0,9}")


def _lang(lang: str) -> dict[str, str]:
    if lang not in WORDS:
        raise KarnakError(f"lang should be one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return WORDS[lang]


class Action(Notated):
    """Base class of every action; ``Action.parse(text)`` reads the notation."""

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> Action:
        if cls is Action:
            raise ActionSyntaxError(
                "Action is the kind of every action, not one: write Action.parse('place cube c4')"
                " or Place('cube', 'c4')"
            )
        return super().__new__(cls)

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


def _check_cell(owner: str, cell: object) -> str:
    if not isinstance(cell, str) or not _CELL.fullmatch(cell.lower()):
        raise ActionSyntaxError(f"{owner}.cell: should be a cell like 'c4', not {short_repr(cell)}")
    return cell.lower()


def _check_word(owner: str, field: str, value: object, known: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in known:
        raise ActionSyntaxError(
            f"{owner}.{field}: should be one of {', '.join(known)}, not {short_repr(value)}"
        )
    return value


def _check_card(owner: str, card: object) -> str:
    if not isinstance(card, str) or not _CARD.fullmatch(card.upper()):
        raise ActionSyntaxError(
            f"{owner}.card: should be a Design card id like 'K01', not {short_repr(card)}"
        )
    return card.upper()


@dataclass(frozen=True, slots=True, repr=False)
class Place(Action):
    """One yellow piece of PLACE: a ``shape`` on top of ``cell``'s stack."""

    shape: str
    cell: str

    def __post_init__(self) -> None:
        _check_word("Place", "shape", self.shape, SHAPES)
        object.__setattr__(self, "cell", _check_cell("Place", self.cell))

    def notation(self, lang: str = "en") -> str:
        shape = SHAPE_WORDS[lang][SHAPES.index(self.shape)] if lang in SHAPE_WORDS else ""
        return f"{_lang(lang)['place']} {shape} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class _CellAction(Action):
    cell: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", _check_cell(type(self).__name__, self.cell))


@dataclass(frozen=True, slots=True, repr=False)
class Lift(_CellAction):
    """MOVE's first step (and the "move a piece" Favor card's): lift the yellow top piece."""

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['move']} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Priest(_CellAction):
    """Place one of the player's Priests on the empty ``cell``."""

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['priest']} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Put(Action):
    """The piece that follows a Lift (white) or a shape Favor card (either colour)."""

    colour: str
    cell: str

    def __post_init__(self) -> None:
        _check_word("Put", "colour", self.colour, COLOURS)
        object.__setattr__(self, "cell", _check_cell("Put", self.cell))

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)[self.colour]} {self.cell}"


@dataclass(frozen=True, slots=True, repr=False)
class Favor(Action):
    """Use a Favor card of ``kind`` (``FAVOR_KINDS``) the player holds."""

    kind: str

    def __post_init__(self) -> None:
        _check_word("Favor", "kind", self.kind, FAVOR_KINDS)

    def notation(self, lang: str = "en") -> str:
        words = _lang(lang)
        return f"{words['favor']} {FAVOR_WORDS[lang][FAVOR_KINDS.index(self.kind)]}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Action):
    """DRAW: three Designs from the deck; the turn ends."""

    def notation(self, lang: str = "en") -> str:
        return _lang(lang)["draw"]


@dataclass(frozen=True, slots=True, repr=False)
class End(Action):
    """End the turn."""

    def notation(self, lang: str = "en") -> str:
        return _lang(lang)["end"]


@dataclass(frozen=True, slots=True, repr=False)
class _CardAction(Action):
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _check_card(type(self).__name__, self.card))


@dataclass(frozen=True, slots=True, repr=False)
class Reveal(_CardAction):
    """Reveal a complete Design from the hand (it draws a Favor card)."""

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['reveal']} {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(_CardAction):
    """Discard a Design to the bottom of the deck (a hand over the limit)."""

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['discard']} {self.card}"


#: Examples of each verb, for the messages.
EXAMPLES: dict[str, Action] = {
    "place": Place("cube", "c4"),
    "move": Lift("c4"),
    "white": Put("white", "d5"),
    "yellow": Put("yellow", "d5"),
    "priest": Priest("e2"),
    "favor": Favor("cube"),
    "draw": Draw(),
    "reveal": Reveal("K01"),
    "discard": Discard("K01"),
    "end": End(),
}


def example(verb: str, lang: str = "en") -> str:
    return quote(EXAMPLES[verb].notation(lang), lang)


class _Unreadable(ValueError):
    """Why some words are not an action, in English and in French."""

    def __init__(self, english: str, french: str):
        super().__init__(english)
        self.french = french


def _cell(word: str) -> str:
    if not _CELL.fullmatch(word.lower()):
        raise _Unreadable(
            f"{short_repr(word)} is not a cell (cells are named like c4)",
            f"« {word[:20]} » n’est pas une case (les cases se nomment comme c4)",
        )
    return word.lower()


def _card(word: str) -> str:
    if not _CARD.fullmatch(word.upper()):
        raise _Unreadable(
            f"{short_repr(word)} is not a Design card id (like K01)",
            f"« {word[:20]} » n’est pas un Dessin (un identifiant comme K01)",
        )
    return word.upper()


def _parse_words(verb: str, args: list[str], typed: str) -> Action:
    """``verb`` (its English name, ``typed`` as written) and the words after it."""
    if verb == "place" and len(args) == 2:
        shape = _SHAPE_SPELLINGS.get(plain(args[0]))
        if shape is None:
            raise _Unreadable(
                f"{short_repr(args[0])} is not a shape (one of {', '.join(SHAPES)}; "
                f"en français : {', '.join(SHAPE_WORDS['fr'])})",
                f"« {args[0][:20]} » n’est pas une forme (triangle, statue, disque, bâton ou cube)",
            )
        return Place(SHAPES[shape], _cell(args[1]))
    if verb in ("move", "priest") and len(args) == 1:
        return (Lift if verb == "move" else Priest)(_cell(args[0]))
    if verb in ("white", "yellow") and len(args) == 1:
        return Put(verb, _cell(args[0]))
    if verb == "favor" and len(args) == 1:
        kind = _FAVOR_SPELLINGS.get(plain(args[0]))
        if kind is None:
            raise _Unreadable(
                f"{short_repr(args[0])} is not a Favor card (one of {', '.join(FAVOR_KINDS)}; "
                f"en français : {', '.join(FAVOR_WORDS['fr'])})",
                f"« {args[0][:20]} » n’est pas une carte Faveur ({', '.join(FAVOR_WORDS['fr'])})",
            )
        return Favor(FAVOR_KINDS[kind])
    if verb in ("reveal", "discard") and len(args) == 1:
        return (Reveal if verb == "reveal" else Discard)(_card(args[0]))
    if verb == "draw" and not args:
        return Draw()
    if verb == "end" and not args:
        return End()
    raise _Unreadable(
        f"{short_repr(typed)} is written like {example(verb)}",
        f"« {typed[:20]} » s’écrit comme {example(verb, 'fr')}",
    )


def parse_action(text: str) -> Action:
    """Read an action in Karnak's notation, English or French; ``ActionSyntaxError`` says what
    is wrong, quoting the text (and its ``french`` says it in French)."""
    verb, words = split_action(
        text,
        _VERB_SPELLINGS,
        WORDS,
        VERBS,
        like={"en": "'place cube c4'", "fr": "« poser cube c4 »"},
        empty={"en": "'place cube c4' or 'draw'", "fr": "« poser cube c4 » ou « piocher »"},
        error=ActionSyntaxError,
    )
    try:
        return _parse_words(verb, words[1:], words[0])
    except _Unreadable as error:
        raise ActionSyntaxError(
            f"{text.strip()!r} is not an action: {error}",
            f"« {text.strip()} » n’est pas une action : {error.french}",
        ) from None
    except ActionSyntaxError as error:
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None


__all__ = [
    "Action",
    "Discard",
    "Draw",
    "End",
    "Favor",
    "Lift",
    "Place",
    "Priest",
    "Put",
    "Reveal",
    "parse_action",
]
