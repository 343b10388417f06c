"""The widgets' own words in English and French: buttons, labels, hints.

What the engine says (what an action did, why it is allowed or refused, what the player must
do) is worded by the engine itself (``event.text(lang)``, ``game.explain(action, lang)``,
``error.text(lang)``, ``game.pending(lang)``); the game's words (ingredients, faces, rows) come
from ``carnuta_core.vocabulary``. This module holds only what the widgets add around them.

The French terms come from the express rules (``carnuta-express-rules-fr.txt``): *Prendre une
Carte*, *Poser une Carte*, *Prendre des Runes*, *Retourner des Runes*, *Serpe*, *Soleil*,
*Lune*, *Cadenas*, *Réserve*, *Défausse*, *Pioche*, *Ancêtre*, *jeton Ingrédient bonus*.

>>> t("fr", "take_card")
'Prendre une Carte'
>>> word("fr", "egg")
'Œuf'
"""

from __future__ import annotations

from carnuta_core.vocabulary import LANGS, WORDS, check_lang

__all__ = ["LANGS", "TABLE_WORDS", "UI", "check_lang", "phrase", "t", "word"]

#: The words both game tables (``PlayTable``, ``CarnivalTable``) say alike.
TABLE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "colon": ":",
        "allowed": "{label} (allowed)",
        "chosen": "{label} (chosen)",
        "not_allowed": "{label} (not allowed: {why})",
        "human": "Human",
        "language": "Language",
        "log": "Action log",
        "log_empty": "No action yet.",
        "new_game": "New game",
        "play_typed": "Play",
        "player": "Player {n}",
        "players": "Players",
        "players_n": "{n} players",
        "seat": "Who plays as Player {n}",
        "seed": "Seed",
        "seed_hint": "blank = random",
        "undo": "Undo",
        "you": "you",
        "handover": "Pass the device to {who} — press Ready",
        "ready": "Ready",
        "ready_first": "pass the device first: {who} presses Ready",
        "greedy": "Greedy bot",
        "random": "Random bot",
        "mcts": "MCTS bot",
        "speed": "Bot speed",
        "speed_hint": "seconds per bot action (0 = instant)",
        "explain": "Explain",
        "message": "Not allowed",
        "type_action": "Type an action",
        "legal_now": "Legal now",
        "cancel": "Cancel",
    },
    "fr": {
        "colon": " :",
        "allowed": "{label} (possible)",
        "chosen": "{label} (choisie)",
        "not_allowed": "{label} (impossible : {why})",
        "human": "Humain",
        "language": "Langue",
        "log": "Journal des actions",
        "log_empty": "Aucune action pour l'instant.",
        "new_game": "Nouvelle partie",
        "play_typed": "Jouer",
        "player": "Joueur {n}",
        "players": "Joueurs",
        "players_n": "{n} joueurs",
        "seat": "Qui joue le joueur {n}",
        "seed": "Graine",
        "seed_hint": "vide = au hasard",
        "undo": "Annuler",
        "you": "vous",
        "handover": "Passez l'appareil au suivant : {who}, appuyez sur Prêt",
        "ready": "Prêt",
        "ready_first": "passez d'abord l'appareil : {who} appuie sur Prêt",
        "greedy": "Robot glouton",
        "random": "Robot aléatoire",
        "mcts": "Robot MCTS",
        "speed": "Vitesse des robots",
        "speed_hint": "secondes par action d'un robot (0 = instantané)",
        "explain": "Explication",
        "message": "Refusé",
        "type_action": "Écrire une action",
        "legal_now": "Actions permises",
        "cancel": "Abandonner le choix",
    },
}

#: The play table's own words, by language.
UI: dict[str, dict[str, str]] = {
    "en": {
        **TABLE_WORDS["en"],
        "title": "Carnuta",
        "bad_seed": "Seed: '{text}' is not a whole number from 0 to 2**64 - 1.",
        "take_card": "Take a Card",
        "play_card": "Play a Card",
        "take_runes": "Take Runes",
        "flip_runes": "Flip Runes",
        "take": "Take {card}",
        "take_empty": "Take from the empty slot {slot} of the {row} row",
        "play": "Play {card}",
        "choose_salt": "Play the Salt {card}",
        "salt_on": "Stack {salt} on {card}",
        "discard": "Discard {card}",
        "runes_sun": "☀ Take Suns",
        "runes_moon": "☾ Take Moons",
        "flip_sun": "☀ Flip to Sun",
        "flip_moon": "☾ Flip to Moon",
        "flip_n_sun": "☀ Flip {n} to Sun",
        "flip_n_moon": "☾ Flip {n} to Moon",
        "sickle_day": "Sickle: renew Day",
        "sickle_night": "Sickle: renew Night",
        "end": "End turn",
        "bonus": "{ingredient} token",
        "type_hint": "e.g. take day 2",
        "score_pad": "Score pad",
        "ingredient": "Ingredient",
        "total": "Total",
        "status_over": "Game over. Winner: {names}.",
        "round": "Round {n}",
        "final_round": "final round",
        "hint_actions": "Click a glowing card to take or play it, or use the rune buttons.",
        "hint_bonus": "Choose a Bonus Ingredient token: click a glowing token.",
        "hint_discard": "Your hand is over the limit: click a glowing hand card to discard it.",
        "hint_salt": "Click one of your played cards to stack {salt} on it.",
        "hint_end": "All your actions are taken: end your turn.",
        "hint_bots": "{who} is thinking…",
        "hint_watch": "Bots only: press New game to watch them play.",
        "points": "{n} pts",
        "took_back_one": "Took back 1 action.",
        "took_back_many": "Took back {n} actions.",
        "nothing_to_undo": "There is no action of yours to take back.",
        "not_your_turn": "It is {who}'s turn (a bot): wait for it to play.",
        "salt_tip": "Click, then click the played card to stack this Salt on.",
        "deck": "Deck: {name}",
        "status_bot": "{who} is playing",
        "say_you": "You",
        "say_aux": "",
        "say_aux_you": "",
        "say_poss": "",
        "say_poss_you": "",
        "say_and": "and",
        "say_took_card": "took {card}",
        "say_played": "played {card}",
        "say_played_salt": "played {card} on {target}",
        "say_took_runes": "took {n} {faces}",
        "say_flipped": "flipped runes to {face}",
        "say_sickle": "used a Sickle on the {row} row",
        "say_took_bonus": "took the {ingredient} token",
        "say_discarded": "discarded {card}",
        "say_ended_turn": "ended",
        "say_turn_actions_one": "Your turn: 1 action left.",
        "say_turn_actions": "Your turn: {n} actions left.",
        "say_turn_end": "Your turn: no action left, end your turn.",
        "say_turn_bonus": "Your turn: choose a Bonus Ingredient token.",
        "say_turn_discard_one": "Your turn: discard 1 card.",
        "say_turn_discard": "Your turn: discard {n} cards.",
        "say_salt": "{salt} chosen: choose the played card to stack it on.",
    },
    "fr": {
        **TABLE_WORDS["fr"],
        "title": "Carnuta",
        "bad_seed": "Graine : « {text} » n'est pas un nombre entier de 0 à 2**64 - 1.",
        "take_card": "Prendre une Carte",
        "play_card": "Poser une Carte",
        "take_runes": "Prendre des Runes",
        "flip_runes": "Retourner des Runes",
        "take": "Prendre {card}",
        "take_empty": "Prendre dans l'emplacement vide {slot} de la rangée {row}",
        "play": "Poser {card}",
        "choose_salt": "Poser le Sel {card}",
        "salt_on": "Poser {salt} sur {card}",
        "discard": "Défausser {card}",
        "runes_sun": "☀ Prendre des Soleils",
        "runes_moon": "☾ Prendre des Lunes",
        "flip_sun": "☀ Retourner sur Soleil",
        "flip_moon": "☾ Retourner sur Lune",
        "flip_n_sun": "☀ Retourner {n} sur Soleil",
        "flip_n_moon": "☾ Retourner {n} sur Lune",
        "sickle_day": "Serpe : renouveler Jour",
        "sickle_night": "Serpe : renouveler Nuit",
        "end": "Fin du tour",
        "bonus": "jeton {ingredient}",
        "type_hint": "ex. prendre jour 2",
        "score_pad": "Carnet de scores",
        "ingredient": "Ingrédient",
        "total": "Total",
        "status_over": "Partie terminée. Victoire : {names}.",
        "round": "Manche {n}",
        "final_round": "dernière manche",
        "hint_actions": (
            "Cliquez sur une carte qui brille pour la prendre ou la poser, ou sur les runes."
        ),
        "hint_bonus": "Choisissez un jeton Ingrédient bonus : cliquez sur un jeton qui brille.",
        "hint_discard": (
            "Trop de cartes en main : cliquez sur une carte qui brille pour la défausser."
        ),
        "hint_salt": "Cliquez sur une de vos cartes posées pour y poser {salt}.",
        "hint_end": "Toutes vos actions sont jouées : finissez votre tour.",
        "hint_bots": "{who} réfléchit…",
        "hint_watch": "Seulement des robots : lancez une Nouvelle partie pour les regarder.",
        "points": "{n} pts",
        "took_back_one": "1 action annulée.",
        "took_back_many": "{n} actions annulées.",
        "nothing_to_undo": "Aucune de vos actions à annuler.",
        "not_your_turn": "C'est au tour de {who} (un robot) : attendez qu'il joue.",
        "salt_tip": "Cliquez, puis cliquez sur la carte posée qui recevra ce Sel.",
        "deck": "Cartes : {name}",
        "status_bot": "{who} joue",
        "say_you": "Vous",
        "say_aux": "a",
        "say_aux_you": "avez",
        "say_poss": "son",
        "say_poss_you": "votre",
        "say_and": "et",
        "say_took_card": "{aux} pris {card}",
        "say_played": "{aux} posé {card}",
        "say_played_salt": "{aux} posé {card} sur {target}",
        "say_took_runes": "{aux} pris {n} {faces}",
        "say_flipped": "{aux} retourné des runes sur {face}",
        "say_sickle": "{aux} utilisé une Serpe sur la rangée {row}",
        "say_took_bonus": "{aux} pris le jeton {ingredient}",
        "say_discarded": "{aux} défaussé {card}",
        "say_ended_turn": "{aux} fini {poss} tour",
        "say_turn_actions_one": "À vous : 1 action restante.",
        "say_turn_actions": "À vous : {n} actions restantes.",
        "say_turn_end": "À vous : plus d'action, finissez votre tour.",
        "say_turn_bonus": "À vous : choisissez un jeton Ingrédient bonus.",
        "say_turn_discard_one": "À vous : défaussez 1 carte.",
        "say_turn_discard": "À vous : défaussez {n} cartes.",
        "say_salt": "{salt} choisi : choisissez la carte posée qui le recevra.",
    },
}


def phrase(table: dict[str, dict[str, str]], lang: str, key: str, **values: object) -> str:
    """``table[lang][key]`` with ``{placeholders}`` filled in."""
    text = table[check_lang(lang)][key]
    return text.format(**values) if values else text


def t(lang: str, key: str, **values: object) -> str:
    """The play table's word ``key`` in ``lang``."""
    return phrase(UI, lang, key, **values)


def word(lang: str, key: str) -> str:
    """A word the pictures use too: an ingredient, ``sun``, ``moon``, ``day``, ``night``..."""
    return WORDS[check_lang(lang)][key]
