"""Reading answers: every correct way of writing an answer becomes one normal value.

Each reader takes what a student typed (text, a number, an engine value, a list) and returns
a normal value, or raises ``AnswerError`` saying how to write it. Nothing is evaluated as code.

Reading is linear in the answer's size. An answer larger than ``MAX_ANSWER_CHARS`` characters
(or nested deeper than ``MAX_DEPTH``) is refused before anything reads it (``too_big``); text is
scanned word by word with ``str`` methods, never with a regular expression that could
backtrack; iterables are read at most ``MAX_ITEMS`` items far.

>>> read_number("12"), read_number(Fraction(24, 2)), read_number(12.0)
(Fraction(12, 1), Fraction(12, 1), Fraction(12, 1))
>>> read_action(" Take Day 2 ")
Action.parse('take day 2')
>>> sorted(read_many("n16, D04", read_card))
['D04', 'N16']
>>> read_runes("2 Suns, 1 Moon"), read_runes({"sun": 2, "moon": 1}), read_runes("SSM..#")
((2, 1), (2, 1), (2, 1))
"""

from __future__ import annotations

import contextlib
import itertools
import math
import operator
import reprlib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

import sympy

from carnuta_core import Action, Card, Face, Ingredient, PlayCard, TakeRunes, reference_deck
from carnuta_core.actions import parse_action
from carnuta_core.errors import ActionSyntaxError

T = TypeVar("T")

#: The longest answer read, in characters (a list counts its items, a number its digits).
MAX_ANSWER_CHARS = 2000
#: The deepest nesting read (a list of lists of ...).
MAX_DEPTH = 8
#: The most items read from a list, a set or any other iterable.
MAX_ITEMS = 100
#: The most digits read in one number written as text.
MAX_DIGITS = 400
DIGITS = "0123456789"


class AnswerError(ValueError):
    """The answer could not be read; the message says how to write it, in English and, when
    given, in French (``text("fr")``)."""

    def __init__(self, message: str, french: str = ""):
        super().__init__(message)
        self.french = french

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (the English one where no French wording was given)."""
        return self.french if lang == "fr" and self.french else str(self)


# ------------------------------------------------------------------ size and description
def too_big(answer: Any) -> bool:
    """Whether ``answer`` is larger than ``MAX_ANSWER_CHARS`` characters or nested deeper than
    ``MAX_DEPTH``. Stops counting as soon as the answer is too big, so it is cheap on anything.

    >>> too_big("12"), too_big("1" * 5000), too_big([[[[[[[[[[1]]]]]]]]]])
    (False, True, True)
    """
    budget = MAX_ANSWER_CHARS
    stack: list[tuple[Any, int]] = [(answer, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        budget -= _own_size(item)
        if budget < 0:
            return True
        children = _children(item)
        for child in itertools.islice(children, budget // 2 + 1):
            stack.append((child, depth + 1))
            budget -= 2  # at least a separator and a character per item
        if budget < 0:
            return True
    return False


def _own_size(item: Any) -> int:
    """The characters ``item`` takes when written, without what it contains."""
    if isinstance(item, str | bytes | bytearray):
        return len(item)
    if isinstance(item, bool) or item is None:
        return 4
    if isinstance(item, int):
        return item.bit_length() * 30103 // 100000 + 1  # its decimal digits
    if isinstance(item, Fraction):
        return _own_size(item.numerator) + _own_size(item.denominator) + 1
    if isinstance(item, sympy.Integer | sympy.Rational):
        return _own_size(int(item.p)) + _own_size(int(item.q)) + 1
    return 1


def _children(item: Any) -> Iterable[Any]:
    """What a container holds, for ``too_big``: lists, tuples, sets, mappings, sympy trees."""
    if isinstance(item, list | tuple | set | frozenset):
        return iter(item)
    if isinstance(item, dict):
        return itertools.chain.from_iterable(item.items())
    if isinstance(item, sympy.Basic):
        return iter(tuple(item.args))
    return ()


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with short limits, and huge whole numbers named by their length (turning
    one into text would fail past Python's 4,300-digit limit)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = 60
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdict = 6

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:
            return f"<a whole number of about {_own_size(abs(x))} digits>"
        return str(x)


_SHORT = _ShortRepr()


def describe(answer: Any) -> str:
    """A short, safe ``repr`` of an answer for messages: never long, never an exception.

    >>> describe("x" * 500)[:12], describe(10**10000)
    ("'xxxxxxxxxxx", '<a whole number of about 10001 digits>')
    """
    try:
        text = _SHORT.repr(answer)
    except Exception:  # a student's object whose repr fails
        return f"<a {type(answer).__name__} object>"
    return text if len(text) <= 80 else text[:77] + "..."


# ------------------------------------------------------------------ text
def normal(text: str) -> str:
    """Text as read: compatibility forms folded (full-width digits, ½), trimmed, lower case."""
    return unicodedata.normalize("NFKC", text).strip().lower()


def words(text: str) -> list[str]:
    """The words of ``text``, lower case: runs of letters and runs of digits; anything else
    separates them. ``'P2, 3 Suns'`` gives ``['p', '2', '3', 'suns']``.

    >>> words("Player2: 11th!")
    ['player', '2', '11', 'th']
    """
    out: list[str] = []
    start = 0
    kind = ""
    text = normal(text)
    for index, char in enumerate(text):
        now = "digit" if char in DIGITS else "letter" if char.isalpha() else ""
        if now != kind:
            if kind:
                out.append(text[start:index])
            start, kind = index, now
    if kind:
        out.append(text[start:])
    return out


YES = {"yes", "y", "true", "legal", "allowed", "oui", "vrai", "légal", "autorisé"}
NO = {"no", "n", "false", "illegal", "not legal", "not allowed", "non", "faux", "interdit"}


def read_bool(answer: Any) -> bool:
    """``True``/``False`` or yes/no words (also legal/illegal, oui/non)."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        word = normal(answer).rstrip(".!")
        if word in YES:
            return True
        if word in NO:
            return False
    raise AnswerError(
        f"answer True or False (or 'yes'/'no'), not {describe(answer)}",
        f"répondez True ou False (ou 'oui'/'non'), pas {describe(answer)}",
    )


# ------------------------------------------------------------------ numbers
UNITS = {
    "point", "points", "pt", "pts", "action", "actions", "turn", "turns", "tour", "tours",
    "round", "rounds", "rune", "runes", "space", "spaces", "case", "cases",
    "decision", "decisions", "décision", "décisions", "choice", "choices", "choix",
}  # fmt: skip
HOW_NUMBER = "a number like 12 (or '12', or Fraction(25, 2))"
HOW_NUMBER_FR = "un nombre comme 12 (ou '12', ou Fraction(25, 2))"


def _digits_from(text: str, start: int) -> int:
    """The index just past the run of digits that starts at ``start``."""
    end = start
    while end < len(text) and text[end] in DIGITS:
        end += 1
    return end


def _whole(digits: str) -> int:
    """A run of digits as an int (a longer run than ``MAX_DIGITS`` is no count of anything)."""
    if len(digits) > MAX_DIGITS:
        raise AnswerError(
            f"a number of {len(digits)} digits is not one you can count to",
            f"un nombre de {len(digits)} chiffres ne compte rien ici",
        )
    return int(digits)


def _number_in_text(answer: str) -> Fraction:
    """``'12'``, ``' 12 points'``, ``'-3'``, ``'12.5'``, ``'12,5'``, ``'49/4'``, ``'½'``."""
    text = normal(answer).replace("⁄", "/")
    index = 1 if text[:1] in ("-", "+") else 0
    end = _digits_from(text, index)
    if end == index:
        raise AnswerError(
            f"answer {HOW_NUMBER}, not {describe(answer)}",
            f"répondez {HOW_NUMBER_FR}, pas {describe(answer)}",
        )
    number = Fraction(_whole(text[index:end]))
    if text[end : end + 1] in (".", ",") and text[end + 1 : end + 2].isdigit():
        decimals = _digits_from(text, end + 1)
        number += Fraction(_whole(text[end + 1 : decimals]), 10 ** (decimals - end - 1))
        end = decimals
    rest = text[end:].strip()
    if rest.startswith("/"):
        below = rest[1:].lstrip()
        stop = _digits_from(below, 0)
        if stop == 0:
            raise AnswerError(
                f"answer {HOW_NUMBER}, not {describe(answer)}",
                f"répondez {HOW_NUMBER_FR}, pas {describe(answer)}",
            )
        denominator = _whole(below[:stop])
        if denominator == 0:
            raise AnswerError(
                f"{describe(answer)} divides by zero", f"{describe(answer)} divise par zéro"
            )
        number /= denominator
        rest = below[stop:].strip()
    if rest and rest not in UNITS:
        raise AnswerError(
            f"answer {HOW_NUMBER}, not {describe(answer)}",
            f"répondez {HOW_NUMBER_FR}, pas {describe(answer)}",
        )
    return -number if text.startswith("-") else number


def read_number(answer: Any) -> Fraction:
    """A number as an exact ``Fraction``: an int, a Fraction, a float, a sympy or numpy number,
    or text. Infinities, nan, arrays and booleans are not numbers of points."""
    dimensions = getattr(answer, "ndim", 0)  # a numpy array of any shape is not one number
    if isinstance(answer, bool) or dimensions:
        raise AnswerError(
            f"answer one number, not {describe(answer)}",
            f"répondez un seul nombre, pas {describe(answer)}",
        )
    if isinstance(answer, int | Fraction):
        return Fraction(answer)
    if isinstance(answer, str):
        return _number_in_text(answer)
    if isinstance(answer, sympy.Basic):
        if answer.is_Rational:
            return Fraction(int(answer.p), int(answer.q))
        if not answer.is_Float:
            raise AnswerError(
                f"answer a plain number, not the sympy value {describe(answer)}",
                f"répondez un simple nombre, pas la valeur sympy {describe(answer)}",
            )
    try:
        return Fraction(operator.index(answer))  # numpy integers
    except Exception:  # not a whole number of any kind
        pass
    try:
        value = float(answer)  # floats: Python, numpy, sympy, Decimal
    except Exception:  # not a number at all
        raise AnswerError(
            f"answer {HOW_NUMBER}, not {describe(answer)}",
            f"répondez {HOW_NUMBER_FR}, pas {describe(answer)}",
        ) from None
    if not math.isfinite(value):
        raise AnswerError(
            f"{describe(answer)} is not a number you can count to",
            f"{describe(answer)} n'est pas un nombre que l'on peut compter",
        )
    return Fraction(value).limit_denominator(10**6)


def read_count(answer: Any) -> int:
    """A whole number, zero or more (runes, players, cards)."""
    number = read_number(answer)
    if number.denominator != 1 or number < 0:
        raise AnswerError(
            f"answer a whole number (0, 1, 2, ...), not {describe(answer)}",
            f"répondez un nombre entier (0, 1, 2…), pas {describe(answer)}",
        )
    return int(number)


# ------------------------------------------------------------------ the game's words
def read_action(answer: Any) -> Action:
    """An ``Action`` or its notation, in any case: ``"take day 2"``, ``"Take Day 2"``."""
    if isinstance(answer, Action):
        return answer
    if isinstance(answer, str):
        said = normal(answer).split()
        if len(said) > 4 or any(len(word) > 12 for word in said):
            raise AnswerError(
                "an action is a few short words, like 'take day 2'",
                "une action tient en quelques mots courts, comme 'prendre jour 2'",
            )
        try:
            return parse_action(" ".join(said))
        except ActionSyntaxError as error:
            raise AnswerError(str(error), error.text("fr")) from None
    raise AnswerError(
        f"answer an action like 'take day 2', not {describe(answer)}",
        f"répondez une action comme 'prendre jour 2', pas {describe(answer)}",
    )


def read_card(answer: Any) -> str:
    """A card id (any case), a ``Card``, or ``"play N16"``: the card's id."""
    if isinstance(answer, Card):
        return answer.id
    if isinstance(answer, PlayCard):
        return answer.card
    if isinstance(answer, str):
        said = normal(answer).split()
        if said[:1] in (["play"], ["poser"]):
            return read_card(read_action(answer))
        card_id = said[0].strip(".,;:!?'\"()[]{}").upper() if said else ""
        with contextlib.suppress(KeyError):
            return reference_deck()[card_id].id
    raise AnswerError(
        f"answer a card id like 'N16' (or the Card itself), not {describe(answer)}",
        f"répondez le code d'une carte comme 'N16' (ou la Card elle-même), pas {describe(answer)}",
    )


FRENCH_INGREDIENTS = {
    "trèfle": "clover", "trefle": "clover", "fleur": "flower", "œuf": "egg", "oeuf": "egg",
    "miel": "honey", "crâne": "skull", "crane": "skull", "papillon": "butterfly",
    "baie": "berry", "champignon": "mushroom", "berries": "berry",
}  # fmt: skip


def read_ingredient(answer: Any) -> Ingredient:
    """An ``Ingredient``, or its name in English or French, singular or plural, any case."""
    if isinstance(answer, Ingredient):
        return answer
    if isinstance(answer, str):
        word = normal(answer).removeprefix("bonus ").strip()
        word = FRENCH_INGREDIENTS.get(word, FRENCH_INGREDIENTS.get(word.rstrip("sx"), word))
        for ingredient in Ingredient:
            if word in (ingredient.value, ingredient.value + "s"):
                return ingredient
    raise AnswerError(
        f"answer an ingredient like 'berry' (or Ingredient.BERRY), not {describe(answer)}",
        f"répondez un Ingrédient comme 'baie' (ou Ingredient.BERRY), pas {describe(answer)}",
    )


FACE_WORDS = {"sun": Face.SUN, "soleil": Face.SUN, "moon": Face.MOON, "lune": Face.MOON}


def face_word(word: str) -> Face | None:
    """The face a word names, singular or plural (``'suns'``, ``'lunes'``), or None."""
    return FACE_WORDS.get(word, FACE_WORDS.get(word[:-1])) if word else None


def read_face(answer: Any) -> Face:
    """A rune face: ``Face.SUN``, ``"sun"``, ``"Suns"``, ``"soleil"``, or ``"runes sun"``."""
    if isinstance(answer, Face):
        return answer
    if isinstance(answer, TakeRunes):
        return answer.face
    if isinstance(answer, str):
        said = normal(answer).split()
        if said[:1] in (["runes"], ["take"], ["prendre"]) and len(said) > 1:
            said = said[1:]
        if len(said) == 1:
            face = face_word(said[0].rstrip(".!"))
            if face is not None:
                return face
    raise AnswerError(
        f"answer 'sun' or 'moon' (or Face.SUN / Face.MOON), not {describe(answer)}",
        f"répondez 'soleil' ou 'lune' (ou Face.SUN / Face.MOON), pas {describe(answer)}",
    )


HOW_RUNES = "the Suns and Moons, like (2, 1), {'sun': 2, 'moon': 1}, '2 Suns, 1 Moon' or 'SSM'"
HOW_RUNES_FR = (
    "les Soleils et les Lunes, comme (2, 1), {'soleil': 2, 'lune': 1}, '2 Soleils, 1 Lune' ou 'SSM'"
)


def _runes_in_text(answer: str) -> tuple[int, int]:
    """``'2 Suns, 1 Moon'``, ``'1 moon and 3 suns'``, ``'2 soleils 1 lune'`` or ``'SSM..#'``."""
    letters = answer.strip().upper()
    if letters and not letters.strip("SM.#"):
        return (letters.count("S"), letters.count("M"))
    counts = {Face.SUN: 0, Face.MOON: 0}
    said = words(answer)
    pairs = 0
    for number, word in itertools.pairwise(said):
        face = face_word(word)
        if number.isdigit() and face is not None:
            counts[face] += _whole(number)
            pairs += 1
    if not pairs or pairs != sum(1 for word in said if word.isdigit()):
        raise AnswerError(
            f"answer {HOW_RUNES}, not {describe(answer)}",
            f"répondez {HOW_RUNES_FR}, pas {describe(answer)}",
        )
    return (counts[Face.SUN], counts[Face.MOON])


def read_runes(answer: Any) -> tuple[int, int]:
    """A rune state as (Suns, Moons): ``(2, 1)``, ``{"sun": 2, "moon": 1}``, ``"2 Suns, 1 Moon"``
    or the board's letters ``"SSM..#"``."""
    if isinstance(answer, Mapping):
        counts = {read_face(face): read_count(count) for face, count in answer.items()}
        return (counts.get(Face.SUN, 0), counts.get(Face.MOON, 0))
    if isinstance(answer, tuple | list) and len(answer) == 2:
        return (read_count(answer[0]), read_count(answer[1]))
    if isinstance(answer, str):
        return _runes_in_text(answer)
    raise AnswerError(
        f"answer {HOW_RUNES}, not {describe(answer)}",
        f"répondez {HOW_RUNES_FR}, pas {describe(answer)}",
    )


PLAYER_WORDS = {"player", "joueur", "joueuse", "p"}


def read_player(answer: Any) -> int:
    """A player number, counted from 1 like the engine's messages: ``2``, ``"Player 2"``, ``"P2"``."""
    if isinstance(answer, str):
        said = words(answer)
        if said[:1] and said[0] in PLAYER_WORDS:
            said = said[1:]
        if len(said) == 1 and said[0].isdigit():
            return _whole(said[0])
        raise AnswerError(
            f"answer a player number like 2 (or 'Player 2'), not {describe(answer)}",
            f"répondez un numéro de joueur comme 2 (ou 'joueur 2'), pas {describe(answer)}",
        )
    return read_count(answer)


# ------------------------------------------------------------------ several answers
SEPARATORS = str.maketrans({mark: " , " for mark in ",;&+"})
AND_WORDS = {"and", "et"}
NONE_WORDS = {"", "none", "nothing", "no card", "no cards", "aucune", "rien", "[]", "{}", "()"}


def split_text(text: str) -> list[str]:
    """The parts of a list written as text: separated by commas, semicolons, '&', '+', 'and'
    or 'et', outer brackets and quotes dropped.

    >>> split_text("['D04' and n16]")
    ['D04', 'n16']
    """
    text = text.strip()
    if text[:1] in ("[", "(", "{") and text[-1:] in ("]", ")", "}"):
        text = text[1:-1]
    parts: list[str] = []
    current: list[str] = []
    for word in text.translate(SEPARATORS).split():
        if word == "," or word.lower() in AND_WORDS:
            parts.append(" ".join(current))
            current = []
        elif word.strip("'\""):
            current.append(word.strip("'\""))
    parts.append(" ".join(current))
    return [part for part in parts if part]


def read_many(answer: Any, read_one: Callable[[Any], T]) -> frozenset[T]:
    """Several answers in any order: a list, tuple or set, or text separated by commas or
    'and'; a single answer counts as one; ``[]`` or ``"none"`` is the empty answer."""
    if isinstance(answer, str):
        if normal(answer) in NONE_WORDS:
            return frozenset()
        return frozenset(read_one(part) for part in split_text(answer))
    if isinstance(answer, Iterable) and not isinstance(answer, Card | Action | Mapping | bytes):
        items = list(itertools.islice(iter(answer), MAX_ITEMS + 1))
        if len(items) > MAX_ITEMS:
            raise AnswerError(
                f"that is more than {MAX_ITEMS} answers", f"cela fait plus de {MAX_ITEMS} réponses"
            )
        return frozenset(read_one(item) for item in items)
    return frozenset([read_one(answer)])


def read_keyword(answer: Any, synonyms: Mapping[str, str], how: str, lang: str = "en") -> str:
    """One of a few keywords, by any of its synonyms (``synonyms`` maps synonym to keyword):
    the whole answer, or a synonym found among its words; ``how`` (in ``lang``) says how to
    answer."""
    if isinstance(answer, str):
        said = " " + " ".join(words(answer)) + " "
        for synonym, keyword in sorted(synonyms.items(), key=lambda item: -len(item[0])):
            phrase = " ".join(words(synonym))
            if phrase and f" {phrase} " in said:
                return keyword
    message = f"answer {how}, not {describe(answer)}"
    raise AnswerError(message, f"répondez {how}, pas {describe(answer)}" if lang == "fr" else "")
