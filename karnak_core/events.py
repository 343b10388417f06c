"""What an action did, in sentences of English or French (``Game.last_events``).

The engine records each effect as a key and its details; this module words them. Drawn cards
are not named: a sentence is for the whole table, and hands are hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import FAVOR_WORDS, SHAPE_WORDS
from .errors import KarnakError
from .messages import article, piece_words

if TYPE_CHECKING:
    from .game import Game

EVENTS: dict[str, tuple[str, str]] = {
    "placed": ("{who} placed {a} {piece} on {cell}.", "{who} a posé {a} {piece} en {cell}."),
    "place_one": (
        "No second piece can be placed: PLACE ends with one.",
        "Aucune seconde pièce ne peut être posée : POSER s’arrête à une.",
    ),
    "lifted": (
        "{who} lifted the yellow {shape_name} from {cell}; a white one goes on the mat.",
        "{who} a retiré la pièce jaune ({shape_name}) de {cell} ; une blanche va sur le plateau.",
    ),
    "priest": (
        "{who} placed a Priest on {cell}: the piece on {other} and its structure are frozen.",
        "{who} a placé un prêtre en {cell} : la pièce en {other} et sa structure sont figées.",
    ),
    "favor": (
        "{who} used a Favor card: {kind_name}.",
        "{who} a utilisé une carte Faveur : {kind_name}.",
    ),
    "drew": (
        "{who} drew {count} {designs}; the turn ends.",
        "{who} a pioché {count} {designs} ; le tour s’arrête.",
    ),
    "revealed": (
        "{who} revealed {card} and drew a Favor card.",
        "{who} a révélé {card} et pioché une carte Faveur.",
    ),
    "last_favor": (
        "That was the last Favor card: the game is over.",
        "C’était la dernière carte Faveur : la partie est finie.",
    ),
    "discarded": (
        "{who} discarded a Design to the bottom of the Design deck.",
        "{who} a défaussé un Dessin sous la pioche de Dessins.",
    ),
    "stalled": (
        "{rounds} rounds are played and the Favor deck is not empty: the game is over.",
        "{rounds} manches sont jouées sans vider la pioche Faveur : la partie est finie.",
    ),
    "locked": (
        "No piece can be placed or moved any more, so no Design can be revealed: the game is over.",
        "Plus aucune pièce ne peut être posée ni déplacée, donc plus aucun Dessin révélé : la partie est finie.",
    ),
    "ended": ("{who} ends the turn.", "{who} termine son tour."),
    "took_back": ("Took back '{action}'.", "Coup « {action} » annulé."),
}


def event_text(game: Game, key: str, details: dict[str, Any], lang: str = "en") -> str:
    """One recorded effect in a sentence of ``lang``."""
    if lang not in ("en", "fr"):
        raise KarnakError(f"lang should be 'en' or 'fr', not {lang!r}")
    values = dict(details)
    seat = values.get("seat", 0)
    values["who"] = f"Player {seat + 1}" if lang == "en" else f"Le joueur {seat + 1}"
    names = game.layout.names
    for field in ("cell", "other"):
        if field in values:
            values[field] = names[values[field]]
    if "shape" in values:
        values["shape_name"] = SHAPE_WORDS[lang][values["shape"]]
        values["a"] = article(values["shape"], lang)
        values["piece"] = piece_words(values["shape"], values.get("colour", 0), lang)
    if "kind" in values:
        values["kind_name"] = FAVOR_WORDS[lang][values["kind"]]
    if "count" in values:
        plural = values["count"] != 1
        values["designs"] = ("Design", "Designs", "Dessin", "Dessins")[2 * (lang == "fr") + plural]
    if "card" in values:
        values["card"] = game.designs[values["card"]].id
    if "action" in values:
        values["action"] = values["action"].notation(lang)
    return EVENTS[key][lang == "fr"].format(**values)


__all__ = ["EVENTS", "event_text"]
