"""Carcata's refusals in French: why an action may not be taken now, why a text is not an
action.

The engine words its reasons in English (``legality.why_not``, ``actions.parse_action``);
``translate`` words one in French, the action it names quoted in the French notation. A
sentence it does not know is left in English rather than guessed (``is_translated`` says
which; the tests check the reasons a game meets).

>>> translate("place 1-1: a pawn of player 2 is on 1-1", "fr")
'« poser 1-1 » : un pion du joueur 2 est en 1-1'
>>> translate("the lava must be placed first (one flow with every lava die)", "fr")
'il faut d’abord placer la lave (une seule coulée avec tous les dés de lave)'
>>> translate("Something new.", "fr")
'Something new.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .actions import Action
from .board import DIRECTION_WORDS, DIRECTIONS

_DIRECTION_FR = dict(zip(DIRECTIONS, DIRECTION_WORDS["fr"], strict=True))
_FACE_FR = {"move": "pas", "lava": "lave", "eruption": "éruption", "statue": "statue",
            "turtle": "tortue"}  # fmt: skip
_GEM_FR = {"emerald": "émeraude", "ruby": "rubis", "sapphire": "saphir", "diamond": "diamant"}
_WAITING = {
    "the set-up: place a pawn on a free beach space, like 'place 1-3'": (
        "la mise en place : posez un pion sur une case de plage libre, comme « poser 1-3 »"
    ),
    "the dice: reroll some of them ('reroll move lava') or 'keep' them": (
        "les dés : relancez-en (« relancer pas lave ») ou gardez-les (« garder »)"
    ),
    "the dice's effects: 'move', 'lava', 'erupt', 'statue' or 'end'": (
        "les effets des dés : « avancer », « lave », « eruption », « statue » ou « fin »"
    ),
    "the catapult: aim the drawn gem at a space, like 'aim 3-5'": (
        "la catapulte : visez une case avec la gemme tirée, comme « viser 3-5 »"
    ),
    "a roll of the dice (chance decides: 'roll ...')": "un lancer des dés (le hasard décide)",
    "a gem drawn from the bag (chance decides: 'draw ...')": (
        "une gemme tirée du sac (le hasard décide)"
    ),
    "where the thrown gem lands (chance decides: 'land ...')": (
        "la chute de la gemme lancée (le hasard décide)"
    ),
}


def _quote(text: str) -> str:
    """An action the engine names in English notation, quoted in the French one."""
    try:
        return f"« {Action.parse(text).notation('fr')} »"
    except ValueError:
        return f"« {text} »"


def _waiting(text: str) -> str | None:
    return _WAITING.get(text)


_Rule = tuple[str, str | Callable[[re.Match[str]], str | None]]

#: The reasons of ``legality.why_not`` and ``actions.parse_action``, in French.
_REASONS: list[_Rule] = [
    (r"the game is over", "la partie est finie"),
    (r"chance decides now: the game waits for (.+)",
     lambda m: (w := _waiting(m[1])) and f"c’est au hasard de décider : la partie attend {w}"),
    (r"that is chance's to decide; the game waits for (.+)",
     lambda m: (w := _waiting(m[1])) and f"c’est au hasard d’en décider ; la partie attend {w}"),
    (r"the game waits for (.+)", lambda m: (w := _waiting(m[1])) and f"la partie attend {w}"),
    (r"pawns start on the beach \(level 1\), and (\S+) is on level (\d+)",
     r"les pions commencent sur la plage (niveau 1), et \1 est au niveau \2"),
    (r"a pawn of player (\d+) is on (\S+)", r"un pion du joueur \1 est en \2"),
    (r"a statue stands on (\S+)", r"une statue se dresse en \1"),
    (r"lava covers (\S+)", r"de la lave couvre \1"),
    (r"only (\d+) of the dice show (\w+), not (\d+)",
     lambda m: f"seuls {m[1]} dés montrent {_FACE_FR.get(m[2], m[2])}, pas {m[3]}"),
    (r"no movement is left this turn", "plus aucun pas ce tour-ci"),
    (r"none of your pawns rides the Turtle", "aucun de vos pions n’est sur la Tortue"),
    (r"a pawn gets off the Turtle next to its symbol: onto (.+)",
     r"un pion descend de la Tortue près de son symbole : en \1"),
    (r"you have no pawn on (\S+)", r"vous n’avez pas de pion en \1"),
    (r"the Turtle is next to (.+): climb on from there",
     r"la Tortue est près de \1 : montez depuis là"),
    (r"the Turtle carries at most (\d+) pawn\(s\)", r"la Tortue porte au plus \1 pion(s)"),
    (r"no lava is left to place this turn", "plus de lave à placer ce tour-ci"),
    (r"the 60 lava tokens are all on the island", "les 60 jetons de lave sont tous sur l’île"),
    (r"a flow starts on a top space free of lava and statue, or on a lava token; (\S+) is neither",
     r"une coulée part d’une case du sommet sans lave ni statue, ou d’un jeton de lave ; "
     r"\1 n’est ni l’un ni l’autre"),
    (r"a fresh flow runs downhill, and (\w+) of (\S+) is not lower",
     lambda m: f"une nouvelle coulée descend, et la case {_DIRECTION_FR.get(m[1], m[1])} de "
     f"{m[2]} n’est pas plus basse"),
    (r"the statues on its way turn it: say which way, like (.+)",
     lambda m: "les statues sur son chemin la détournent : dites de quel côté, comme "
     + " ou ".join(_quote(a) for a in re.findall(r"'([^']+)'", m[1]))),
    (r"no token can be placed from (\S+) towards (\w+)",
     lambda m: f"aucun jeton ne peut être posé depuis {m[1]} vers {_DIRECTION_FR.get(m[2], m[2])}"),
    (r"no eruption die is left this turn", "plus aucun dé d’éruption ce tour-ci"),
    (r"the bag is empty: there can be no more eruptions",
     "le sac est vide : plus d’éruption possible"),
    (r"no statue die is left this turn", "plus aucun dé de statue ce tour-ci"),
    (r"no statue stands on (\S+)", r"aucune statue ne se dresse en \1"),
    (r"no statue is left on the small islands", "plus aucune statue sur les petites îles"),
    (r"statues cannot stand on the top level", "les statues ne vont pas sur le sommet"),
    (r"gems lie on (\S+): a statue goes on a free space",
     r"des gemmes sont en \1 : une statue va sur une case libre"),
    (r"the lava must be placed first \(one flow with every lava die\)",
     "il faut d’abord placer la lave (une seule coulée avec tous les dés de lave)"),
    (r"the eruption dice must be used first \('erupt'\): eruptions are compulsory",
     "il faut d’abord utiliser les dés d’éruption (« eruption ») : les éruptions sont "
     "obligatoires"),
    (r"there is no (\w+) left in the bag",
     lambda m: f"plus de {_GEM_FR.get(m[1], m[1])} dans le sac"),
    (r"it is legal", "c’est permis"),
    # Why a text is not an action (``actions.parse_action``).
    (r"'(.*)' is not a space \(spaces are level-number, like '1-17' or '6-1'\)",
     r"« \1 » n’est pas une case (une case s’écrit niveau-numéro, comme « 1-17 » ou « 6-1 »)"),
    (r"'(.*)' is not a direction \(.*\)",
     r"« \1 » n’est pas une direction (e ne no o so se)"),
    (r"'(.*)' is not a face \(.*\)",
     r"« \1 » n’est pas une face (pas, lave, eruption, statue, tortue)"),
    (r"name the dice to roll again, like 'move lava'",
     "nommez les dés à relancer, comme « pas lave »"),
    (r"turtles are locked: they cannot be rolled again",
     "les tortues sont bloquées : on ne les relance pas"),
    (r"(\w+) of (\S+) is (the sea|the volcano)",
     lambda m: f"la case {_DIRECTION_FR.get(m[1], m[1])} de {m[2]} est "
     + ("la mer" if m[3] == "the sea" else "le volcan")),
    (r"write (.+)", lambda m: "écrivez "
     + " ou ".join(_quote(a) for a in re.findall(r"'([^']+)'", m[1]))),
    (r"'(\w+)' takes nothing after it", lambda m: f"rien ne suit {_quote(m[1])}"),
    (r"'(\w+)' names one space, like '(.+)'",
     lambda m: f"{_quote(m[1])} nomme une case, comme {_quote(m[2])}"),
    (r"unknown word '(.*)' \(an action starts with one of: .*\)",
     lambda m: f"mot inconnu « {m[1]} » (une action commence par poser, relancer, garder, "
     "avancer, lave, eruption, viser, statue ou fin)"),
]  # fmt: skip


def _reason(text: str) -> str | None:
    for pattern, french in _REASONS:
        match = re.fullmatch(pattern, text)
        if match:
            if callable(french):
                return french(match)
            return match.expand(french)
    return None


def _french(sentence: str) -> str | None:
    whole = _reason(sentence)
    if whole is not None:
        return whole
    # "<action>: <reason>" (a refused action) or "'<text>' is not an action: <why>".
    match = re.fullmatch(r"'(.*)' is not an action: (.+)", sentence)
    if match:
        why = _reason(match[2])
        return why and f"« {match[1]} » n’est pas une action : {why}"
    match = re.fullmatch(r"(?:an empty action|an action is) .*", sentence)
    if match:
        return "une action s’écrit en quelques mots, comme « garder » ou « avancer 1-17 ne »"
    head, sep, rest = sentence.partition(": ")
    if sep:
        why = _reason(rest)
        if why is not None:
            return f"{_quote(head)} : {why}"
    return None


def translate(sentence: str, lang: str = "en") -> str:
    """``sentence`` (a reason the engine gave) in ``lang``: as it is in English; in French if
    known, else left in English."""
    if lang != "fr":
        return sentence
    found = _french(sentence)
    return sentence if found is None else found


def is_translated(sentence: str) -> bool:
    """Whether ``translate`` knows ``sentence`` in French."""
    return _french(sentence) is not None


__all__ = ["is_translated", "translate"]
