"""What the games' notations share: word tables by language, read in any of them; the base
of their actions (``Notated``) and the first reading of an action's text (``split_action``).

A game's notation is a table of words by language (``{"en": {"take": "take"}, "fr": {"take":
"prendre"}}``): an action is written with one language's words and read back from any
language's, accents and case aside, so that a French player may type ``defausser`` for
``défausser`` and an English one pastes the English notation at a French table.

>>> verbs = {"en": {"give": "give", "to": "to"}, "fr": {"give": "donner", "to": "à"}}
>>> spellings(verbs)["a"], spellings(verbs)["donner"]
('to', 'give')
>>> plain("Défausser"), plain("Œuf")
('defausser', 'oeuf')
>>> quote("donner R4 à 2", "fr"), quote("give R4 to 2", "en")
('« donner R4 à 2 »', "'give R4 to 2'")
>>> read = dict(verbs=spellings(verbs), words=verbs, order=("give",), error=ValueError)
>>> split_action("Donner R4 à 2", **read, like={"en": "'give R4 to 2'"}, empty={"en": "'give R4'"})
('give', ['Donner', 'R4', 'à', '2'])
>>> split_action("take R4", **read, like={"en": "'give R4 to 2'"}, empty={"en": "'give R4'"})
Traceback (most recent call last):
...
ValueError: 'take R4' is not an action: unknown word 'take' (an action starts with one of: give; en français : donner)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence

from .saves import MAX_ACTION_TEXT, short_repr

#: The languages the kit speaks.
LANGS = ("en", "fr")


def plain(text: str) -> str:
    """Lower case without accents or ligatures: ``Défausser`` -> ``defausser``."""
    text = text.lower().replace("œ", "oe")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def spellings(words: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """Every language's spelling of each word (``plain``), mapped to the word's key."""
    return {plain(spelling): key for table in words.values() for key, spelling in table.items()}


def quote(text: str, lang: str) -> str:
    """``text`` quoted as ``lang`` writes a quotation: ``'...'`` in English, « ... » in French."""
    return f"« {text} »" if lang == "fr" else f"'{text}'"


class Notated:
    """The base of a game's actions: ``str`` is the English notation, ``repr`` the call that
    reads it back (``Action.parse('keep')``); each action says its ``notation``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.notation("en")

    def notation(self, lang: str = "en") -> str:
        """The action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        raise NotImplementedError


#: Why a text is not an action, in each language a game says it in: ``like`` and ``empty``
#: are actions quoted as the language quotes them, ``shown`` the text's ``repr``, ``word`` its
#: first word as the game names it (``raw``: as typed), ``verbs`` and ``others`` the verbs in
#: this language and in the other one.
NOT_AN_ACTION: dict[str, dict[str, str]] = {
    "en": {
        "text": "an action is text like {like}, not {value}",
        "long": "an action is a few words like {like}, not {n} characters",
        "empty": "an empty action: write one like {empty}",
        "unknown": "{shown} is not an action: unknown word {word} (an action starts with one "
        "of: {verbs}; en français : {others})",
    },
    "fr": {
        "text": "une action est un texte comme {like}, pas {value}",
        "long": "une action tient en quelques mots comme {like}, pas {n} caractères",
        "empty": "une action vide : écrivez-en une comme {empty}",
        "unknown": "« {text} » n’est pas une action : mot inconnu « {raw} » (une action "
        "commence par : {verbs} ; in English: {others})",
    },
}


def split_action(
    text: object,
    verbs: Mapping[str, str],
    words: Mapping[str, Mapping[str, str]],
    order: Sequence[str],
    like: Mapping[str, str],
    empty: Mapping[str, str],
    error: Callable[..., Exception],
    show: Callable[[str], str] = repr,
) -> tuple[str, list[str]]:
    """An action's text in a game's notation, as its verb's key and its words (the verb as
    typed first).

    ``verbs`` maps every spelling (``plain``) of a verb to its key; ``words`` is the
    notation's table by language and ``order`` its verbs in the order the messages name them.
    Text that is not a string, longer than ``MAX_ACTION_TEXT``, empty or not starting with a
    verb is ``error``, called with the reason in each language of ``like`` (an action quoted as
    that language writes it; ``empty``: what to write instead of nothing); ``show`` names an
    unknown word in English.
    """
    langs = list(like)
    if not isinstance(text, str):
        value = short_repr(text)
        raise error(
            *(NOT_AN_ACTION[lang]["text"].format(like=like[lang], value=value) for lang in langs)
        )
    if len(text) > MAX_ACTION_TEXT:
        n = len(text)
        raise error(*(NOT_AN_ACTION[lang]["long"].format(like=like[lang], n=n) for lang in langs))
    parts = text.split()
    if not parts:
        raise error(*(NOT_AN_ACTION[lang]["empty"].format(empty=empty[lang]) for lang in langs))
    verb = verbs.get(plain(parts[0]))
    if verb is None:
        named = {
            lang: ", ".join(v if lang == "en" else words[lang][v] for v in order)
            for lang in ("en", "fr")
        }
        raise error(
            *(
                NOT_AN_ACTION[lang]["unknown"].format(
                    shown=repr(text.strip()),
                    text=text.strip(),
                    word=show(parts[0]),
                    raw=parts[0],
                    verbs=named[lang],
                    others=named["fr" if lang == "en" else "en"],
                )
                for lang in langs
            )
        )
    return verb, parts


__all__ = ["LANGS", "NOT_AN_ACTION", "Notated", "plain", "quote", "spellings", "split_action"]
