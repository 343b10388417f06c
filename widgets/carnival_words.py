"""The words of ``CarnivalTable`` in English and French.

The engine's sentences are worded in French by the engine itself (``translate``, from
``carnival_core.messages``); this module holds the table's own words around them.

>>> say("fr", "new_game")
'Nouvelle partie'
>>> translate("Player 2 played R4 onto the Carnival stack.", "fr")
'Joueur 2 a joué R4 sur la pile du Carnaval.'
"""

from __future__ import annotations

from carnival_core.messages import SENTENCES, is_translated, translate

from .i18n import LANGS, TABLE_WORDS, check_lang, phrase

__all__ = ["LANGS", "SENTENCES", "UI", "check_lang", "is_translated", "say", "translate"]

#: The Carnival table's own words, by language.
UI: dict[str, dict[str, str]] = {
    "en": {
        **TABLE_WORDS["en"],
        "younger": "Younger players' variant",
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
        "scores": "Scores",
        "type_hint": "e.g. carnival R4",
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
        "younger": "Variante pour les plus jeunes",
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
        "hint_card": "Choisissez où va {card} : « Actions permises » donne les actions permises.",
        "hint_mask": "Masque choisi : choisissez la Créature à glisser dessous.",
        "hint_mask_card": "Masque sur {card} : choisissez où il va (« Actions permises » les donne).",
        "hint_bots": "{who} joue…",
        "hint_watch": "Les robots jouent ; Nouvelle partie pour changer qui joue.",
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
        "scores": "Scores",
        "type_hint": "ex. carnaval R4",
        "log_round": "Manche {r}",
        "took_back": "{n} action(s) annulée(s).",
        "nothing_to_undo": "Aucune de vos actions à annuler.",
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
