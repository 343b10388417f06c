"""The words of ``CarnivalTable`` in English and French, and the engine's sentences in French.

The engine speaks English. ``translate`` words its sentences (what a turn did, why an action
is allowed, the usual reasons one is refused) in French; a sentence it does not know is shown
in English rather than guessed. Card ids and the action notation stay as they are.

>>> say("fr", "new_game")
'Nouvelle partie'
>>> translate("Player 2 played R4 onto the Carnival stack.", "fr")
'Joueur 2 a joué R4 sur la pile du Carnaval.'
>>> translate("Something new.", "fr")
'Something new.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .i18n import LANGS, TABLE_WORDS, check_lang, phrase

__all__ = ["LANGS", "SENTENCES", "UI", "check_lang", "is_translated", "say", "translate"]

#: The Carnival table's own words, by language.
UI: dict[str, dict[str, str]] = {
    "en": {
        **TABLE_WORDS["en"],
        "greedy": "Greedy bot",
        "random": "Random bot",
        "mcts": "MCTS bot",
        "younger": "Younger players' variant",
        "speed": "Bot speed",
        "speed_hint": "seconds per bot action (0 = instant)",
        "cancel": "Cancel",
        "next": "Next",
        "next_round": "Start round {n}",
        "final_scores": "Final scores",
        "pick": "Choose {card}",
        "pick_mask": "Choose a Mask",
        "hide": "Hide {card} under the Mask",
        "to_carnival": "Play onto the Carnival stack",
        "to_own": "Play in front of you, as your Spectator",
        "to_other": "Play in front of player {n}, as their Spectator",
        "status_turn": "Round {r} of {n} · {who} to play",
        "status_reveal": "Round {r} is over: the reveal, step {k} of 3",
        "status_over": "Game over · a shared victory: {names}",
        "status_over_one": "Game over · the winner: {names}",
        "with_points": "{who} with {n} points",
        "tie_break": (
            "Tied on {points} points: the most scoring cards in the last round win ({cards})."
        ),
        "tie_shared": "Tied on {points} points and on scoring cards ({cards}): a shared victory.",
        "tie_no_break": "Tied on {points} points: a shared victory.",
        "bad_seed": "the seed '{text}' is not a whole number from 0 to 2**64 - 1",
        "hint_pick": "Your turn: choose a card of your hand or a Mask, or type an action.",
        "hint_card": "Choose where {card} goes: Legal now lists the actions allowed.",
        "hint_mask": "Mask chosen: choose the Creature to slide under it.",
        "hint_mask_card": "Mask over {card}: choose where it goes (Legal now lists them).",
        "hint_bots": "{who} is playing…",
        "hint_watch": "The bots are playing; press New game to change the seats.",
        "hint_reveal": "The round is over: press Next to follow the reveal.",
        "forgotten": "A card went onto the Carnival stack; it is buried deeper than you remember.",
        "why_masked": "A Mask goes down with a Creature face down under it: nobody may look.",
        "not_your_turn": "it is {who}'s turn, not yours",
        "finish_reveal": "finish the reveal first (press Next)",
        "explain": "Explain",
        "message": "Not allowed",
        "scores": "Scores",
        "type_action": "Type an action",
        "type_hint": "e.g. carnival R4",
        "legal_now": "Legal now",
        "log_round": "Round {r}",
        "took_back": "Took back {n} action(s).",
        "nothing_to_undo": "There is nothing of yours to take back.",
        "watching": "watching as {who}",
        "say_your_turn": "Your turn, round {r} of {n}: choose a card in your hand.",
        "say_turn_of": "Player {p}'s turn, round {r} of {n}.",
        "say_chosen": "{card} chosen: choose where it goes.",
        "say_mask": "Mask chosen: choose the Creature to hide under it.",
        "say_mask_card": "Mask over {card}: choose where it goes.",
        "say_carnival_sums": "Carnival: {sums}.",
        "say_happy": "Happy types: {lines}.",
        "say_nothing_happy": "none",
        "say_round_scores": "Scores this round: {scores}.",
    },
    "fr": {
        **TABLE_WORDS["fr"],
        "greedy": "Bot glouton",
        "random": "Bot au hasard",
        "mcts": "Bot MCTS",
        "younger": "Variante pour les plus jeunes",
        "speed": "Vitesse des bots",
        "speed_hint": "secondes par action de bot (0 = immédiat)",
        "cancel": "Abandonner le choix",
        "next": "Suivant",
        "next_round": "Commencer la manche {n}",
        "final_scores": "Scores finals",
        "pick": "Choisir {card}",
        "pick_mask": "Choisir un Masque",
        "hide": "Cacher {card} sous le Masque",
        "to_carnival": "Jouer sur la pile du Carnaval",
        "to_own": "Jouer devant vous, comme Spectateur",
        "to_other": "Jouer devant le joueur {n}, comme son Spectateur",
        "status_turn": "Manche {r} sur {n} · {who} joue",
        "status_reveal": "La manche {r} est finie : la révélation, étape {k} sur 3",
        "status_over": "Partie terminée · victoire partagée : {names}",
        "status_over_one": "Partie terminée · victoire : {names}",
        "with_points": "{who} avec {n} points",
        "tie_break": (
            "Égalité à {points} points : le plus de cartes qui marquent à la dernière manche "
            "l'emporte ({cards})."
        ),
        "tie_shared": (
            "Égalité à {points} points et en cartes qui marquent ({cards}) : victoire partagée."
        ),
        "tie_no_break": "Égalité à {points} points : victoire partagée.",
        "bad_seed": "la graine « {text} » n'est pas un nombre entier de 0 à 2**64 - 1",
        "hint_pick": "À vous : choisissez une carte de votre main ou un Masque, ou tapez une action.",
        "hint_card": "Choisissez où va {card} : « Permis maintenant » donne les actions permises.",
        "hint_mask": "Masque choisi : choisissez la Créature à glisser dessous.",
        "hint_mask_card": "Masque sur {card} : choisissez où il va (« Permis maintenant » les donne).",
        "hint_bots": "{who} joue…",
        "hint_watch": "Les bots jouent ; Nouvelle partie pour changer les places.",
        "hint_reveal": "La manche est finie : Suivant pour suivre la révélation.",
        "forgotten": (
            "Une carte est allée sur la pile du Carnaval ; elle est enfouie plus loin que votre "
            "mémoire."
        ),
        "why_masked": (
            "Un Masque est posé avec une Créature face cachée dessous : personne ne peut la voir."
        ),
        "not_your_turn": "c'est à {who} de jouer, pas à vous",
        "finish_reveal": "finissez d'abord la révélation (Suivant)",
        "explain": "Explications",
        "message": "Interdit",
        "scores": "Scores",
        "type_action": "Taper une action",
        "type_hint": "ex. carnival R4",
        "legal_now": "Permis maintenant",
        "log_round": "Manche {r}",
        "took_back": "{n} action(s) annulée(s).",
        "nothing_to_undo": "Rien à vous à annuler.",
        "watching": "vu par {who}",
        "say_your_turn": "À vous, manche {r} sur {n} : choisissez une carte de votre main.",
        "say_turn_of": "Au tour du joueur {p}, manche {r} sur {n}.",
        "say_chosen": "{card} choisie : choisissez où elle va.",
        "say_mask": "Masque choisi : choisissez la Créature à cacher dessous.",
        "say_mask_card": "Masque sur {card} : choisissez où il va.",
        "say_carnival_sums": "Carnaval : {sums}.",
        "say_happy": "Types contents : {lines}.",
        "say_nothing_happy": "aucun",
        "say_round_scores": "Scores de la manche : {scores}.",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    """The Carnival table's word ``key`` in ``lang``."""
    return phrase(UI, lang, key, **values)


# ------------------------------------------------ the engine's sentences in French
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


def _played(m: re.Match[str]) -> str:
    return f"Joueur {m[1]} a joué {_phrase(m[2], _WHAT)} {_phrase(m[3], _PLACES)}."


def _allowed(m: re.Match[str]) -> str:
    return f"'{m[1]}' est permis : {_phrase(m[2], _WHAT)} va {_phrase(m[3], _PLACES)}."


_PLACE_WORDS = "|".join(p for p, _ in _PLACES)
SENTENCES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (
        re.compile(rf"Player (\d+) played (.+?) ({_PLACE_WORDS})\."),
        _played,
    ),
    (
        re.compile(rf"'([^']+)' is allowed: (.+?) goes ({_PLACE_WORDS})\."),
        _allowed,
    ),
    (
        re.compile(r"Player (\d+) drew a card\."),
        lambda m: f"Joueur {m[1]} a pioché une carte.",
    ),
    (
        re.compile(r"Player (\d+) drew (\S+)\."),
        lambda m: f"Joueur {m[1]} a pioché {m[2]}.",
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
            r"(.+?): player=(\d+) is seat \2 \(Player (\d+)\), but it is the turn of seat "
            r"(\d+) \(Player (\d+)\)"
        ),
        lambda m: (
            f"{m[1]} : player={m[2]} désigne le siège {m[2]} (Joueur {m[3]}), mais c'est au "
            f"tour du siège {m[4]} (Joueur {m[5]})"
        ),
    ),
    (
        re.compile(
            r"(.+?): player=(-?\d+) is not a seat: the seats are 0 to (\d+) \(Players 1 to "
            r"(\d+)\)"
        ),
        lambda m: (
            f"{m[1]} : player={m[2]} n'est pas un siège : les sièges vont de 0 à {m[3]} "
            f"(Joueurs 1 à {m[4]})"
        ),
    ),
    (
        re.compile(r"(.+?): the game is over"),
        lambda m: f"{m[1]} : la partie est finie",
    ),
    (
        re.compile(
            r"(.+?): in the variant for younger players, cards are played only onto the "
            r"Carnival stack or in front of yourself"
        ),
        lambda m: (
            f"{m[1]} : dans la variante pour les plus jeunes, on ne joue que sur la pile du "
            f"Carnaval ou devant soi"
        ),
    ),
    (
        re.compile(
            r"(.+?): that is you: a card goes in front of you with 'spectator', like '(.+)'"
        ),
        lambda m: (
            f"{m[1]} : c'est vous : une carte se pose devant vous avec 'spectator', comme '{m[2]}'"
        ),
    ),
    (
        re.compile(
            r"(.+?): a Mask must hide a Creature while you hold one: slide a card under it, "
            r"like '(.+)'"
        ),
        lambda m: (
            f"{m[1]} : un Masque doit cacher une Créature tant que vous en avez une : glissez "
            f"une carte dessous, comme '{m[2]}'"
        ),
    ),
    (
        re.compile(r"(.+?): (\S+) is not in your hand \(your hand: (.*)\)"),
        lambda m: f"{m[1]} : {m[2]} n'est pas dans votre main (votre main : {m[3]})",
    ),
    (
        re.compile(r"(.+?): you have no Mask in your hand to hide (\S+) \(your hand: (.*)\)"),
        lambda m: (
            f"{m[1]} : vous n'avez pas de Masque en main pour cacher {m[2]} (votre main : {m[3]})"
        ),
    ),
    (
        re.compile(r"(.+?): you have no Mask in your hand \(your hand: (.*)\)"),
        lambda m: f"{m[1]} : vous n'avez pas de Masque en main (votre main : {m[2]})",
    ),
]


def translate(sentence: str, lang: str) -> str:
    """An engine sentence in ``lang`` (the sentence itself in English or if unknown)."""
    if check_lang(lang) == "en":
        return sentence
    for pattern, french in SENTENCES:
        match = pattern.fullmatch(sentence)
        if match:
            return french(match)
    return sentence


def is_translated(sentence: str) -> bool:
    """Whether ``translate`` knows this sentence (for the tests that every message is)."""
    return any(pattern.fullmatch(sentence) for pattern, _ in SENTENCES)
