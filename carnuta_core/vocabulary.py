"""The game's words in English and French, in one place: pictures, messages and the notation
all read them here, so a card, a button and a sentence never disagree.

The French words are the express rules' (``carnuta-express-rules-fr.txt``): *Soleil*, *Lune*,
*Serpe*, *Cadenas*, *Réserve*, *Pioche*, *Défausse*, *Ancêtre*, *jeton Ingrédient bonus*.

>>> from carnuta_core.model import Face, Ingredient, Row
>>> word(Face.SUN, "fr", title=True, plural=True)
'Soleils'
>>> word(Ingredient.EGG, "fr", title=True), word(Row.NIGHT, "en")
('Œuf', 'night')
"""

from __future__ import annotations

from enum import Enum

from .errors import CarnutaError

LANGS = ("en", "fr")

#: The words the pictures and the widgets show, by language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "sun": "Sun",
        "moon": "Moon",
        "flip": "flip",
        "return": "return",
        "sickle": "Sickles",
        "padlock": "Padlock",
        "reserve": "Reserve",
        "deck": "Deck",
        "discard": "Discard",
        "hand": "Hand",
        "day": "Day",
        "night": "Night",
        "player": "Player",
        "round": "Round",
        "final": "final round",
        "score": "Score",
        "points": "pts",
        "per": "per",
        "per_set": "per set",
        "salt": "SALT",
        "wild": "+1 to a column",
        "start": "start",
        "bonus": "Bonus",
        "ancestor": "Ancestor",
        "over": "Game over",
        "winner": "Winner",
        "to_play": "to play",
        "empty": "empty",
        "clover": "Clover",
        "flower": "Flower",
        "egg": "Egg",
        "honey": "Honey",
        "skull": "Skull",
        "butterfly": "Butterfly",
        "berry": "Berry",
        "mushroom": "Mushroom",
        "reference_deck": "reference",
        "colon": ":",
    },
    "fr": {
        "sun": "Soleil",
        "moon": "Lune",
        "flip": "retourner",
        "return": "remettre",
        "sickle": "Serpes",
        "padlock": "Cadenas",
        "reserve": "Réserve",
        "deck": "Pioche",
        "discard": "Défausse",
        "hand": "Main",
        "day": "Jour",
        "night": "Nuit",
        "player": "Joueur",
        "round": "Manche",
        "final": "dernière manche",
        "score": "Score",
        "points": "pts",
        "per": "par",
        "per_set": "par série",
        "salt": "SEL",
        "wild": "+1 à une colonne",
        "start": "départ",
        "bonus": "Bonus",
        "ancestor": "Ancêtre",
        "over": "Partie terminée",
        "winner": "Victoire",
        "to_play": "à jouer",
        "empty": "vide",
        "clover": "Trèfle",
        "flower": "Fleur",
        "egg": "Œuf",
        "honey": "Miel",
        "skull": "Crâne",
        "butterfly": "Papillon",
        "berry": "Baie",
        "mushroom": "Champignon",
        "reference_deck": "référence",
        "colon": " :",
    },
}

#: Plurals that are not the word plus "s".
_PLURALS: dict[str, dict[str, str]] = {"en": {"Butterfly": "Butterflies", "Berry": "Berries"}}


def check_lang(lang: str) -> str:
    """``lang`` itself when the kit speaks it (``"en"`` or ``"fr"``), else a ``CarnutaError``."""
    if lang not in LANGS:
        raise CarnutaError(f"lang should be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def word(member: Enum, lang: str = "en", *, title: bool = False, plural: bool = False) -> str:
    """A face, row or ingredient in ``lang``: lower case (``sun``, ``jour``) unless ``title``."""
    text = WORDS[check_lang(lang)][str(member.value)]
    if plural:
        text = _PLURALS.get(lang, {}).get(text, text + "s")
    return text if title else text.lower()


def plural_form(count: int, lang: str) -> bool:
    """Whether ``count`` takes the plural: English for all but 1, French from 2 on."""
    return count != 1 if lang == "en" else abs(count) >= 2


__all__ = ["LANGS", "WORDS", "check_lang", "plural_form", "word"]
