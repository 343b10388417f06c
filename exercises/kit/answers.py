"""Reading answers: every correct way of writing an answer becomes one normal value.

Each reader takes what a student typed (text, a number, an engine value, a list) and returns
a normal value, or raises ``AnswerError`` saying how to write it. Nothing is evaluated as code.

>>> read_number("12"), read_number(Fraction(24, 2)), read_number(12.0)
(Fraction(12, 1), Fraction(12, 1), Fraction(12, 1))
>>> read_action(" Take Day 2 ")
Action.parse('take day 2')
>>> sorted(read_many("n16, D04", read_card))
['D04', 'N16']
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from carnuta_core import Action, Card, Face, Ingredient, PlayCard, TakeRunes, reference_deck
from carnuta_core.actions import parse_action
from carnuta_core.errors import ActionSyntaxError

T = TypeVar("T")


class AnswerError(ValueError):
    """The answer could not be read; the message says how to write it."""


YES = {"yes", "y", "true", "legal", "allowed", "oui", "vrai", "légal", "autorisé"}
NO = {"no", "n", "false", "illegal", "not legal", "not allowed", "non", "faux", "interdit"}


def read_bool(answer: Any) -> bool:
    """``True``/``False`` or yes/no words (also legal/illegal, oui/non)."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        word = answer.strip().lower().rstrip(".!")
        if word in YES:
            return True
        if word in NO:
            return False
    raise AnswerError(f"answer True or False (or 'yes'/'no'), not {answer!r}")


NUMBER = re.compile(
    r"^\s*([-+]?\d+(?:\.\d+)?(?:\s*/\s*\d+)?)\s*(?:points?|pts?|actions?|turns?)?\s*$"
)


def read_number(answer: Any) -> Fraction:
    """A number as an exact ``Fraction``: an int, a Fraction, a float, a sympy number or text."""
    if isinstance(answer, bool):
        raise AnswerError(f"answer a number, not {answer!r}")
    if isinstance(answer, int | Fraction):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(10**6)
    if hasattr(answer, "p") and hasattr(answer, "q"):  # a sympy Integer or Rational
        return Fraction(int(answer.p), int(answer.q))
    if hasattr(answer, "__index__"):  # numpy integers
        return Fraction(answer.__index__())
    if hasattr(answer, "__float__") and not isinstance(answer, str):  # numpy floats
        return Fraction(float(answer)).limit_denominator(10**6)
    if isinstance(answer, str):
        match = NUMBER.match(answer)
        if match:
            return Fraction(match.group(1).replace(" ", ""))
    raise AnswerError(f"answer a number like 12 (or '12', or Fraction(25, 2)), not {answer!r}")


def read_action(answer: Any) -> Action:
    """An ``Action`` or its notation, in any case: ``"take day 2"``, ``"Take Day 2"``."""
    if isinstance(answer, Action):
        return answer
    if isinstance(answer, str):
        try:
            return parse_action(answer)
        except ActionSyntaxError as error:
            raise AnswerError(str(error)) from None
    raise AnswerError(f"answer an action like 'take day 2', not {answer!r}")


def read_card(answer: Any) -> str:
    """A card id (any case), a ``Card``, or ``"play N16"``: the card's id."""
    if isinstance(answer, Card):
        return answer.id
    if isinstance(answer, PlayCard):
        return answer.card
    if isinstance(answer, str):
        text = answer.strip()
        if text.lower().startswith("play "):
            action = read_action(text)
            assert isinstance(action, PlayCard)
            return action.card
        card_id = text.split()[0].upper() if text else ""
        with contextlib.suppress(KeyError):
            return reference_deck()[card_id].id
    raise AnswerError(f"answer a card id like 'N16' (or the Card itself), not {answer!r}")


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
        word = answer.strip().lower().removeprefix("bonus ").strip()
        word = FRENCH_INGREDIENTS.get(word, FRENCH_INGREDIENTS.get(word.rstrip("sx"), word))
        for ingredient in Ingredient:
            if word in (ingredient.value, ingredient.value + "s"):
                return ingredient
    raise AnswerError(f"answer an ingredient like 'berry' (or Ingredient.BERRY), not {answer!r}")


FACE_WORDS = {"sun": Face.SUN, "soleil": Face.SUN, "moon": Face.MOON, "lune": Face.MOON}


def read_face(answer: Any) -> Face:
    """A rune face: ``Face.SUN``, ``"sun"``, ``"Suns"``, ``"soleil"``, or ``"runes sun"``."""
    if isinstance(answer, Face):
        return answer
    if isinstance(answer, TakeRunes):
        return answer.face
    if isinstance(answer, str):
        words = answer.strip().lower().split()
        if words and words[0] in ("runes", "take") and len(words) > 1:
            words = words[1:]
        if len(words) == 1:
            word = words[0].rstrip("s")
            if word in FACE_WORDS:
                return FACE_WORDS[word]
    raise AnswerError(f"answer 'sun' or 'moon' (or Face.SUN / Face.MOON), not {answer!r}")


RUNE_COUNT = re.compile(r"(\d+)\s*(sun|moon|soleil|lune)", re.IGNORECASE)


def read_runes(answer: Any) -> tuple[int, int]:
    """A rune state as (Suns, Moons): ``(2, 1)``, ``{"sun": 2, "moon": 1}``, ``"2 Suns, 1 Moon"``
    or the board's letters ``"SSM..#"``."""
    if isinstance(answer, Mapping):
        counts = {read_face(k): v for k, v in answer.items()}
        try:
            return (
                int(read_number(counts.get(Face.SUN, 0))),
                int(read_number(counts.get(Face.MOON, 0))),
            )
        except AnswerError:
            pass
    elif isinstance(answer, tuple | list) and len(answer) == 2:
        try:
            return (int(read_number(answer[0])), int(read_number(answer[1])))
        except AnswerError:
            pass
    elif isinstance(answer, str):
        text = answer.strip()
        if text and set(text.upper()) <= set("SM.#"):
            return (text.upper().count("S"), text.upper().count("M"))
        found = RUNE_COUNT.findall(text)
        if found:
            suns = sum(int(n) for n, w in found if FACE_WORDS[w.lower()] is Face.SUN)
            moons = sum(int(n) for n, w in found if FACE_WORDS[w.lower()] is Face.MOON)
            return (suns, moons)
    raise AnswerError(
        f"answer the Suns and Moons on the board, like (2, 1), {{'sun': 2, 'moon': 1}}, "
        f"'2 Suns, 1 Moon' or 'SSM', not {answer!r}"
    )


PLAYER = re.compile(r"^\s*(?:player|joueur|joueuse|p)?\s*(\d)\s*$", re.IGNORECASE)


def read_player(answer: Any) -> int:
    """A player number, counted from 1 like the engine's messages: ``2``, ``"Player 2"``, ``"P2"``."""
    if isinstance(answer, bool):
        raise AnswerError(f"answer a player number like 2, not {answer!r}")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, str):
        match = PLAYER.match(answer)
        if match:
            return int(match.group(1))
    raise AnswerError(f"answer a player number like 2 (or 'Player 2'), not {answer!r}")


SPLIT = re.compile(r"\s*(?:,|;|\band\b|\bet\b|&|\+)\s*", re.IGNORECASE)
NONE_WORDS = {"", "none", "nothing", "no card", "no cards", "aucune", "rien", "[]", "{}", "()"}


def read_many(answer: Any, read_one: Callable[[Any], T]) -> frozenset[T]:
    """Several answers in any order: a list, tuple or set, or text separated by commas or
    'and'; a single answer counts as one; ``[]`` or ``"none"`` is the empty answer."""
    if isinstance(answer, str):
        text = answer.strip()
        if text.lower() in NONE_WORDS:
            return frozenset()
        if text[:1] in "[({" and text[-1:] in "])}":
            text = text[1:-1]
        parts = [p.strip().strip("'\"") for p in SPLIT.split(text) if p.strip()]
        return frozenset(read_one(p) for p in parts)
    if isinstance(answer, Iterable) and not isinstance(answer, Card | Action | Mapping):
        return frozenset(read_one(a) for a in answer)
    return frozenset([read_one(answer)])


def read_keyword(answer: Any, words: Mapping[str, str], how: str) -> str:
    """One of a few keywords, by any of its synonyms (``words`` maps synonym to keyword)."""
    if isinstance(answer, str):
        text = answer.strip().lower().rstrip(".!")
        if text in words:
            return words[text]
        for synonym, keyword in sorted(words.items(), key=lambda item: -len(item[0])):
            if synonym and re.search(rf"\b{re.escape(synonym)}\b", text):
                return keyword
    raise AnswerError(f"answer {how}, not {answer!r}")
