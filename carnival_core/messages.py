"""Carnival's sentences in French: what a turn did, why an action is allowed or refused, why
a text is not an action.

The engine words its sentences in English as it plays; ``translate`` words one in French,
an action it names quoted in the French notation (« donner R4 à 2 »), with French
typography. A sentence it does not know is left in English rather than guessed, and
``is_translated`` says which (the tests check every sentence a game meets). Each error of
the engine words itself the same way: ``error.text("fr")``.

>>> translate("Player 2 played R4 onto the Carnival stack.", "fr")
'Joueur 2 a joué R4 sur la pile du Carnaval.'
>>> translate("give R4 to 1: that is you: a card goes in front of you with 'spectator', "
...           "like 'spectator R4'", "fr")
"« donner R4 à 1 » : c'est vous : une carte se pose devant vous avec « spectateur », comme « spectateur R4 »"
>>> translate("Something new.", "fr")
'Something new.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tabletop.words import LANGS, quote

from .actions import VERBS, WORDS, Action, examples
from .errors import CarnivalError

_PLACES = [
    (r"onto the Carnival stack", "sur la pile du Carnaval"),
    (r"in front of you, as your Spectator", "devant vous, comme Spectateur"),
    (r"as their own Spectator", "devant lui, comme Spectateur"),
    (r"in front of player (\d+), as their Spectator", r"devant le joueur \1, comme son Spectateur"),
]
_WHAT = [
    (r"a Mask with a card face down under it", "un Masque avec une carte face cachée dessous"),
    (r"a Mask hiding nothing", "un Masque qui ne cache rien"),
    (r"a Mask with (\S+) face down under it", r"un Masque avec \1 face cachée dessous"),
]


def _phrase(text: str, table: list[tuple[str, str]]) -> str:
    for pattern, french in table:
        if re.fullmatch(pattern, text):
            return re.sub(pattern, french, text)
    return text


def _action(text: str) -> str:
    """An action the engine names in English notation, quoted in the French one (a text that
    is not an action is quoted as it is)."""
    try:
        return quote(Action.parse(text).notation("fr"), "fr")
    except ValueError:
        return quote(text, "fr")


def _hand(text: str) -> str:
    """A hand as the engine lists it (``R4 Mask``, ``empty``), in French words."""
    return "vide" if text == "empty" else text.replace("Mask", "Masque")


def _played(m: re.Match[str]) -> str:
    return f"Joueur {m[1]} a joué {_phrase(m[2], _WHAT)} {_phrase(m[3], _PLACES)}."


def _allowed(m: re.Match[str]) -> str:
    return f"{_action(m[1])} est permis : {_phrase(m[2], _WHAT)} va {_phrase(m[3], _PLACES)}."


_FR = WORDS["fr"]
_VERBS_FR = ", ".join(_FR[v] for v in VERBS[:-1]) + f" ou {_FR[VERBS[-1]]}"
_PLACES_FR = f"« {_FR['carnival']} », « {_FR['spectator']} » ou « {_FR['to']} 2 »"
_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

#: Why the rules refuse an action (``Game.why_illegal``), in French.
REASONS: list[_Rule] = [
    (re.compile(r"the game is over"), lambda m: "la partie est finie"),
    (
        re.compile(
            r"in the variant for younger players, cards are played only onto the "
            r"Carnival stack or in front of yourself"
        ),
        lambda m: (
            "dans la variante pour les plus jeunes, on ne joue que sur la pile du Carnaval ou "
            "devant soi"
        ),
    ),
    (
        re.compile(r"that is you: a card goes in front of you with 'spectator', like '(.+)'"),
        lambda m: (
            f"c'est vous : une carte se pose devant vous avec « {_FR['spectator']} », comme "
            f"{_action(m[1])}"
        ),
    ),
    (
        re.compile(r"there is no player (\d+) in a (\d+)-player game"),
        lambda m: f"il n'y a pas de joueur {m[1]} dans une partie à {m[2]} joueurs",
    ),
    (
        re.compile(
            r"a Mask must hide a Creature while you hold one: slide a card under it, like '(.+)'"
        ),
        lambda m: (
            "un Masque doit cacher une Créature tant que vous en avez une : glissez une carte "
            f"dessous, comme {_action(m[1])}"
        ),
    ),
    (
        re.compile(r"(\S+) is not in your hand \(your hand: (.*)\)"),
        lambda m: f"{m[1]} n'est pas dans votre main (votre main : {_hand(m[2])})",
    ),
    (
        re.compile(r"you have no Mask in your hand to hide (\S+) \(your hand: (.*)\)"),
        lambda m: (
            f"vous n'avez pas de Masque en main pour cacher {m[1]} (votre main : {_hand(m[2])})"
        ),
    ),
    (
        re.compile(r"you have no Mask in your hand \(your hand: (.*)\)"),
        lambda m: f"vous n'avez pas de Masque en main (votre main : {_hand(m[1])})",
    ),
    (
        re.compile(r"card ids are written in capitals: (\S+)"),
        lambda m: f"une carte s'écrit en majuscules : {m[1]}",
    ),
    (
        re.compile(
            r"there is no card (.+) in this game: a Creature is one of the letters (\S+) with "
            r"a value from (.+)"
        ),
        lambda m: (
            f"il n'y a pas de carte {m[1]} dans cette partie : une Créature s'écrit avec une des "
            f"lettres {m[2]} et une valeur parmi {m[3]}"
        ),
    ),
    (
        re.compile(
            r"player=(\d+) is seat \1 \(Player (\d+)\), but it is the turn of seat (\d+) \(Player (\d+)\)"
        ),
        lambda m: (
            f"player={m[1]} désigne le siège {m[1]} (Joueur {m[2]}), mais c'est au tour du siège "
            f"{m[3]} (Joueur {m[4]})"
        ),
    ),
    (
        re.compile(
            r"player=(-?\d+) is not a seat: the seats are 0 to (\d+) \(Players 1 to (\d+)\)"
        ),
        lambda m: (
            f"player={m[1]} n'est pas un siège : les sièges vont de 0 à {m[2]} (Joueurs 1 à {m[3]})"
        ),
    ),
]

#: Why a text is not an action (what ``Action.parse`` says after "is not an action:").
NOT_ACTION: list[_Rule] = [
    (
        re.compile(r"unknown word '(.*)' \(an action starts with one of: .*\)"),
        lambda m: f"mot inconnu « {m[1]} » (une action commence par {_VERBS_FR})",
    ),
    (
        re.compile(r"'(\w+)' is written like .*"),
        lambda m: f"« {_FR[m[1]]} » s'écrit comme {examples(m[1], 'fr')}",
    ),
    (
        re.compile(r"a Mask is played with the word 'mask', like '(.+)'"),
        lambda m: f"un Masque se joue avec le mot « {_FR['mask']} », comme {_action(m[1])}",
    ),
    (
        re.compile(r"a Mask hides a Creature, not another Mask"),
        lambda m: "un Masque cache une Créature, pas un autre Masque",
    ),
    (
        re.compile(
            r"the player '(.*)' should be a number from 1 to (\d+) \(players count from 1\)"
        ),
        lambda m: (
            f"le joueur « {m[1]} » doit être un nombre de 1 à {m[2]} (les joueurs se comptent "
            "à partir de 1)"
        ),
    ),
    (
        re.compile(r"say where the Mask goes: .*"),
        lambda m: f"dites où va le Masque : {_PLACES_FR} à la fin",
    ),
    (
        re.compile(r"'(.*)' is not a place: say .*"),
        lambda m: f"« {m[1]} » n'est pas une place : dites {_PLACES_FR}",
    ),
    (
        re.compile(r"'(.*)' is not a card: a Creature is a colour letter \((.*)\) and a value, .*"),
        lambda m: (
            f"« {m[1]} » n'est pas une carte : une Créature s'écrit avec la lettre de sa couleur "
            f"({m[2]}) et sa valeur, comme « R4 » ou « Y-2 » ; un Masque se joue avec le mot "
            f"« {_FR['mask']} »"
        ),
    ),
]


def _match(rules: list[_Rule], text: str) -> str | None:
    for pattern, french in rules:
        match = pattern.fullmatch(text)
        if match:
            return french(match)
    return None


def _refused(m: re.Match[str]) -> str | None:
    """``action: reason``, as ``Game.play`` refuses an action."""
    try:
        action = Action.parse(m[1])
    except ValueError:
        return None
    reason = _match(REASONS, m[2])
    return None if reason is None else f"{quote(action.notation('fr'), 'fr')} : {reason}"


def _not_allowed(m: re.Match[str]) -> str | None:
    reason = _match(REASONS, m[2])
    return None if reason is None else f"{_action(m[1])} n'est pas permis : {reason}."


def _not_action(m: re.Match[str]) -> str | None:
    detail = _match(NOT_ACTION, m[2])
    return None if detail is None else f"« {m[1]} » n'est pas une action : {detail}"


def _pending(m: re.Match[str]) -> str:
    last = " (la pioche est vide : c'est le dernier tour de la manche)" if m[3] else ""
    return f"Manche {m[1]} : le joueur {m[2]} a pioché et joue une carte{last}."


_PLACE_WORDS = "|".join(p for p, _ in _PLACES)
SENTENCES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]] = [
    (
        re.compile(rf"Player (\d+) played (.+?) ({_PLACE_WORDS})\."),
        _played,
    ),
    (
        re.compile(rf"'([^']+)' is allowed: (.+?) goes ({_PLACE_WORDS})\."),
        _allowed,
    ),
    (re.compile(r"'([^']+)' is not allowed: (.+)\."), _not_allowed),
    (
        re.compile(r"Player (\d+) drew a card\."),
        lambda m: f"Joueur {m[1]} a pioché une carte.",
    ),
    (
        re.compile(r"Player (\d+) drew (\S+)\."),
        lambda m: f"Joueur {m[1]} a pioché {_hand(m[2])}.",
    ),
    (
        re.compile(
            r"The deck is empty: round (\d+) is over\. Hands join the Spectators, the Masks "
            r"are put aside and the hidden cards revealed: scores (\[[^\]]*\])\."
        ),
        lambda m: (
            f"La pioche est vide : la manche {m[1]} est finie. Les mains rejoignent les "
            f"Spectateurs, les Masques sont écartés et les cartes cachées révélées : "
            f"scores {m[2]}."
        ),
    ),
    (re.compile(r"The game is over\."), lambda m: "La partie est finie."),
    (
        re.compile(
            r"Round (\d+): all (\d+) cards are shuffled and dealt again; the Carnival stack "
            r"starts with (\S+); player (\d+) starts and draws\."
        ),
        lambda m: (
            f"Manche {m[1]} : les {m[2]} cartes sont mélangées et distribuées à nouveau ; la "
            f"pile du Carnaval commence par {m[3]} ; le joueur {m[4]} commence et pioche."
        ),
    ),
    (
        re.compile(
            r"Round (\d+): player (\d+) has drawn and plays a card"
            r"( \(the deck is empty: this is the round's last turn\))?\."
        ),
        _pending,
    ),
    (re.compile(r"Took back '(.+)'\."), lambda m: f"Action {_action(m[1])} reprise."),
    (
        re.compile(r"an action is a few words like 'carnival R4', not (\d+) characters"),
        lambda m: (
            f"une action tient en quelques mots comme « {_FR['carnival']} R4 », pas {m[1]} "
            "caractères"
        ),
    ),
    (
        re.compile(r"an empty action: write one like .*"),
        lambda m: (
            f"une action vide : écrivez-en une comme {examples('carnival', 'fr')} ou "
            f"{examples('give', 'fr')}"
        ),
    ),
    (re.compile(r"'(.*)' is not an action: (.*)", re.DOTALL), _not_action),
    (
        re.compile(r"(.+) is not an action \(write one like 'carnival R4'\)", re.DOTALL),
        lambda m: f"{m[1]} n'est pas une action (écrivez-en une comme « {_FR['carnival']} R4 »)",
    ),
    (re.compile(r"(.+?): (.+)"), _refused),
]


def _french(sentence: str) -> str | None:
    """``sentence`` in French: a whole sentence, or a reason alone (``Game.why_illegal``)."""
    for pattern, french in SENTENCES:
        match = pattern.fullmatch(sentence)
        said = french(match) if match else None
        if said is not None:
            return said
    return _match(REASONS, sentence)


def translate(sentence: str, lang: str = "en") -> str:
    """An engine sentence in ``lang`` (the sentence itself in English or if unknown)."""
    if lang not in LANGS:
        raise CarnivalError(f"lang should be one of {', '.join(LANGS)}, not {lang!r}")
    if lang == "en":
        return sentence
    return _french(sentence) or sentence


def is_translated(sentence: str) -> bool:
    """Whether ``translate`` knows this sentence (for the tests that every message is)."""
    return _french(sentence) is not None


__all__ = ["NOT_ACTION", "REASONS", "SENTENCES", "is_translated", "translate"]
