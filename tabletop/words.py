"""What both games' notations share: word tables by language, read in any of them.

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
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

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


__all__ = ["LANGS", "plain", "quote", "spellings"]
