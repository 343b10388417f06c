"""Karnak's refusals and phases in words, in English and in French.

The engine names why an action is refused with a key and its details (a ``Refusal``);
``refusal_text`` words it in either language, so that a French learner reads the same reason
an English one does.

>>> refusal_text(("no_supply", {"shape": 1, "colour": 1}), "fr")
'la réserve n’a plus de statue blanche'
>>> refusal_text(("near_priest", {"cell": "d4"}), "en")
'd4 is next to a Priest: nothing may be placed on the mat beside one'
>>> piece_words(4, 0, "fr"), piece_words(1, 1, "en")
('cube jaune', 'white statue')
"""

from __future__ import annotations

from typing import Any

from .actions import COLOUR_WORDS, FAVOR_WORDS, SHAPE_WORDS, example
from .errors import KarnakError
from .state import AFTER, DISCARD, LIFT, PLACE, PUT, REVEALING, TURN

#: A refusal: a key of ``REFUSALS`` and the details its sentence names.
Refusal = tuple[str, dict[str, Any]]
#: Feminine shapes in French (their colour words agree).
_FEMININE = {1}
_WHITE_FR = ("blanc", "blanche")


def piece_words(shape: int, colour: int, lang: str) -> str:
    """A piece in words: ``yellow cube`` / ``cube jaune``, ``statue blanche``."""
    if lang == "fr":
        colour_word = "jaune" if colour == 0 else _WHITE_FR[shape in _FEMININE]
        return f"{SHAPE_WORDS['fr'][shape]} {colour_word}"
    return f"{COLOUR_WORDS['en'][colour]} {SHAPE_WORDS['en'][shape]}"


def article(shape: int, lang: str) -> str:
    """``a`` / ``un`` / ``une`` before a shape's name."""
    if lang == "fr":
        return "une" if shape in _FEMININE else "un"
    return "a"


REFUSALS: dict[str, tuple[str, str]] = {
    "over": ("the game is over", "la partie est finie"),
    "phase": ("now is the time for {waiting}", "ce n’est pas le moment : on attend {waiting}"),
    "no_cell": (
        "there is no cell {cell} on this mat",
        "il n’y a pas de case {cell} sur ce plateau",
    ),
    "no_supply": ("the supply has no {piece} left", "la réserve n’a plus de {piece}"),
    "max_level": (
        "{cell} already holds {count} pieces, the most a stack may hold",
        "{cell} porte déjà {count} pièces, le plus qu’une pile puisse porter",
    ),
    "cap": (
        "nothing can stand on the {shape_name} on {cell}",
        "rien ne peut tenir sur le {shape_name} en {cell}",
    ),
    "priest_there": ("a Priest stands on {cell}", "un prêtre est en {cell}"),
    "near_priest": (
        "{cell} is next to a Priest: nothing may be placed on the mat beside one",
        "{cell} est à côté d’un prêtre : rien ne peut être posé sur le plateau à côté de lui",
    ),
    "held": (
        "a piece on {cell} would touch the structure a Priest holds at {other}",
        "une pièce en {cell} toucherait la structure que tient un prêtre en {other}",
    ),
    "put_white": (
        "the piece put after a move is white: write {example}",
        "la pièce posée après un déplacement est blanche : écrivez {example}",
    ),
    "lift_empty": ("there is no piece on {cell}", "il n’y a pas de pièce en {cell}"),
    "lift_white": (
        "the {piece} on {cell} is white, and white pieces are frozen",
        "la pièce {piece} en {cell} est blanche, et les pièces blanches sont figées",
    ),
    "lift_held": (
        "the {piece} on {cell} is held by a Priest",
        "la pièce {piece} en {cell} est tenue par un prêtre",
    ),
    "no_priest": ("you have no Priest to place", "vous n’avez pas de prêtre à placer"),
    "priest_occupied": (
        "a Priest stands on an empty cell, and {cell} is not empty",
        "un prêtre se place sur une case vide, et {cell} ne l’est pas",
    ),
    "priest_touch": (
        "a Priest must touch exactly one piece on the mat; on {cell} it would touch {count}",
        "un prêtre doit toucher exactement une pièce sur le plateau ; en {cell} il en toucherait"
        " {count}",
    ),
    "priest_held": (
        "the piece on {other} is already held by a Priest",
        "la pièce en {other} est déjà tenue par un prêtre",
    ),
    "no_favor": (
        "you have no Favor card '{kind_name}'",
        "vous n’avez pas de carte Faveur « {kind_name} »",
    ),
    "favor_no_piece": (
        "the supply has no {shape_name} left, of either colour",
        "la réserve n’a plus de {shape_name}, d’aucune couleur",
    ),
    "favor_no_cell": (
        "no cell can take a piece now",
        "aucune case ne peut recevoir de pièce maintenant",
    ),
    "favor_no_move": (
        "no piece can be moved now (an unfrozen yellow piece with a white one of its shape in "
        "the supply)",
        "aucune pièce ne peut être déplacée maintenant (une pièce jaune non figée dont la "
        "réserve a la blanche)",
    ),
    "empty_deck": ("the Design deck is empty", "la pioche de Dessins est vide"),
    "no_priests_left": (
        "the supply has no Priest left",
        "la réserve n’a plus de prêtre",
    ),
    "end_main": (
        "you still have a main action to take ('place ...', 'move ...' or 'draw')",
        "il vous reste une action principale (« poser ... », « déplacer ... » ou « piocher »)",
    ),
    "no_design": ("there is no Design {card} in this game", "il n’y a pas de Dessin {card} ici"),
    "not_in_hand": ("{card} is not in your hand", "{card} n’est pas dans votre main"),
    "not_complete": (
        "{card} is not complete on the mat",
        "{card} n’est pas complet sur le plateau",
    ),
    "not_action": (
        "{what} is not a Karnak action (write one like 'place cube c4')",
        "{what} n’est pas une action de Karnak (écrivez par exemple « poser cube c4 »)",
    ),
    "player": (
        "player={seat} is seat {seat} (Player {seat_player}), but it is the turn of seat "
        "{current} (Player {player})",
        "player={seat} désigne le siège {seat} (Joueur {seat_player}), mais c'est au tour du "
        "siège {current} (Joueur {player})",
    ),
    "not_seat": (
        "player={seat} is not a seat: the seats are 0 to {last} (Players 1 to {players})",
        "player={seat} n'est pas un siège : les sièges vont de 0 à {last} (Joueurs 1 à {players})",
    ),
}

_WAITING: dict[int, tuple[str, str]] = {
    TURN: (
        "a main action ({place}, {move} or {draw}) or a bonus action ({priest}, {favor})",
        "une action principale ({place}, {move} ou {draw}) ou une action bonus ({priest}, {favor})",
    ),
    PLACE: ("PLACE's second piece, like {place}", "la seconde pièce de POSER, comme {place}"),
    PUT: (
        "the {shape_name} to put, like {white}",
        "la pièce ({shape_name}) à poser, comme {white}",
    ),
    LIFT: (
        "the piece the Favor card moves, like {move}",
        "la pièce que la Faveur déplace, comme {move}",
    ),
    AFTER: (
        "bonus actions, reveals ({reveal}) or {end}",
        "des actions bonus, des révélations ({reveal}) ou {end}",
    ),
    REVEALING: ("further reveals ({reveal}) or {end}", "d’autres révélations ({reveal}) ou {end}"),
    DISCARD: (
        "discards down to {limit} Designs, like {discard}",
        "des défausses jusqu’à {limit} Dessins, comme {discard}",
    ),
}


def waiting_text(phase: int, lang: str, shape: int = 0, limit: int = 5) -> str:
    """What the player to act is asked for in ``phase``, in words."""
    names = ("place", "move", "draw", "priest", "favor", "white", "reveal", "end", "discard")
    examples = {name: example(name, lang) for name in names}
    template = _WAITING[phase][lang == "fr"]
    return template.format(shape_name=SHAPE_WORDS[lang][shape], limit=limit, **examples)


def refusal_text(refusal: Refusal, lang: str = "en") -> str:
    """A refusal in words of ``lang``."""
    if lang not in ("en", "fr"):
        raise KarnakError(f"lang should be 'en' or 'fr', not {lang!r}")
    key, details = refusal
    values = dict(details)
    if "shape" in values:
        values["shape_name"] = SHAPE_WORDS[lang][values["shape"]]
        if "colour" in values:
            values["piece"] = piece_words(values["shape"], values["colour"], lang)
    if "kind" in values:
        values["kind_name"] = FAVOR_WORDS[lang][values["kind"]]
    if key == "phase":
        values["waiting"] = waiting_text(values["phase"], lang, values["put"], values["limit"])
    if key == "put_white":
        values["example"] = example("white", lang).replace("d5", values["cell"])
    return REFUSALS[key][lang == "fr"].format(**values)


__all__ = ["REFUSALS", "Refusal", "piece_words", "refusal_text", "waiting_text"]
