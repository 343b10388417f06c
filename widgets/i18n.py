"""The words of the widgets in English and French.

The French terms come from the express rules (``carnuta-express-rules-fr.txt``): *Prendre une
Carte*, *Poser une Carte*, *Prendre des Runes*, *Retourner des Runes*, *Serpe*, *Soleil*,
*Lune*, *Cadenas*, *Réserve*, *Défausse*, *Pioche*, *Ancêtre*, *jeton Ingrédient bonus*.
Ingredient names are the pictures' own (``carnuta_core.svg.WORDS``), so a card and a button
never disagree.

The engine speaks English. ``translate`` words its sentences (what an action did, why it was
allowed, the common reasons an action is refused) in French; a sentence it does not know is
shown in English rather than guessed.

>>> t("fr", "take_card")
'Prendre une Carte'
>>> translate("Player 2 flipped 3 runes to Sun.", "fr")
'Joueur 2 a retourné 3 runes sur Soleil.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from carnuta_core.svg import WORDS as PICTURE_WORDS

LANGS = ("en", "fr")

UI: dict[str, dict[str, str]] = {
    "en": {
        "title": "Carnuta",
        "players": "Players",
        "seat": "Seat {n}",
        "human": "Human",
        "greedy": "Greedy bot",
        "random": "Random bot",
        "mcts": "MCTS bot",
        "seed": "Seed",
        "seed_hint": "blank = random",
        "new_game": "New game",
        "language": "Language",
        "speed": "Bot speed",
        "speed_hint": "seconds per bot action (0 = instant)",
        "undo": "Undo",
        "take_card": "Take a Card",
        "play_card": "Play a Card",
        "take_runes": "Take Runes",
        "flip_runes": "Flip Runes",
        "take": "Take {card}",
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
        "cancel": "Cancel",
        "bonus": "{ingredient} token",
        "type_action": "Type an action",
        "type_hint": "e.g. take day 2",
        "play_typed": "Play",
        "legal_now": "Legal now",
        "explain": "Explain",
        "what": "What happened",
        "why": "Why it was allowed",
        "message": "Not allowed",
        "score_pad": "Score pad",
        "ingredient": "Ingredient",
        "total": "Total",
        "log": "Action log",
        "log_empty": "No action yet.",
        "player": "Player {n}",
        "you": "you",
        "bot": "{kind} bot",
        "status_actions": "{who}: {n} action(s) left this turn.",
        "status_bonus": "{who}: choose a Bonus Ingredient token.",
        "status_discard": "{who}: discard {n} card(s) to keep {limit}.",
        "status_end": "{who}: both actions taken; end the turn (a Sickle is still allowed).",
        "status_over": "Game over. Winner: {names}.",
        "round": "Round {n}",
        "final_round": "final round",
        "hint_actions": "Click a glowing card to take or play it, or use the rune buttons.",
        "hint_bonus": "Choose a Bonus Ingredient token: click a glowing token.",
        "hint_discard": "Your hand is over the limit: click a glowing hand card to discard it.",
        "hint_salt": "Click one of your played cards to stack {salt} on it.",
        "hint_end": "Both actions are taken: end your turn.",
        "hint_bots": "{who} is thinking…",
        "hint_watch": "Bots only: press New game to watch them play.",
        "points": "{n} pts",
        "took_back": "Took back {n} action(s).",
        "nothing_to_undo": "There is no action of yours to take back.",
        "not_your_turn": "It is {who}'s turn (a bot): wait for it to play.",
        "salt_tip": "Click, then click the played card to stack this Salt on.",
        "deck": "Deck: {name}",
        "colon": ":",
    },
    "fr": {
        "title": "Carnuta",
        "players": "Joueurs",
        "seat": "Place {n}",
        "human": "Humain",
        "greedy": "Robot glouton",
        "random": "Robot aléatoire",
        "mcts": "Robot MCTS",
        "seed": "Graine",
        "seed_hint": "vide = au hasard",
        "new_game": "Nouvelle partie",
        "language": "Langue",
        "speed": "Vitesse des robots",
        "speed_hint": "secondes par action d'un robot (0 = instantané)",
        "undo": "Annuler",
        "take_card": "Prendre une Carte",
        "play_card": "Poser une Carte",
        "take_runes": "Prendre des Runes",
        "flip_runes": "Retourner des Runes",
        "take": "Prendre {card}",
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
        "cancel": "Annuler le Sel",
        "bonus": "jeton {ingredient}",
        "type_action": "Écrire une action",
        "type_hint": "ex. take day 2",
        "play_typed": "Jouer",
        "legal_now": "Actions permises",
        "explain": "Explication",
        "what": "Ce qui s'est passé",
        "why": "Pourquoi c'était permis",
        "message": "Refusé",
        "score_pad": "Carnet de scores",
        "ingredient": "Ingrédient",
        "total": "Total",
        "log": "Journal des actions",
        "log_empty": "Aucune action pour l'instant.",
        "player": "Joueur {n}",
        "you": "vous",
        "bot": "robot {kind}",
        "status_actions": "{who} : {n} action(s) restante(s).",
        "status_bonus": "{who} : choisir un jeton Ingrédient bonus.",
        "status_discard": "{who} : défausser {n} carte(s) pour en garder {limit}.",
        "status_end": "{who} : deux actions jouées ; finir le tour (une Serpe reste permise).",
        "status_over": "Partie terminée. Victoire : {names}.",
        "round": "Manche {n}",
        "final_round": "dernière manche",
        "hint_actions": "Cliquez sur une carte qui brille pour la prendre ou la poser, ou sur les runes.",
        "hint_bonus": "Choisissez un jeton Ingrédient bonus : cliquez sur un jeton qui brille.",
        "hint_discard": "Trop de cartes en main : cliquez sur une carte qui brille pour la défausser.",
        "hint_salt": "Cliquez sur une de vos cartes posées pour y poser {salt}.",
        "hint_end": "Deux actions jouées : finissez votre tour.",
        "hint_bots": "{who} réfléchit…",
        "hint_watch": "Seulement des robots : lancez une Nouvelle partie pour les regarder.",
        "points": "{n} pts",
        "took_back": "{n} action(s) annulée(s).",
        "nothing_to_undo": "Aucune de vos actions à annuler.",
        "not_your_turn": "C'est au tour de {who} (un robot) : attendez qu'il joue.",
        "salt_tip": "Cliquez, puis cliquez sur la carte posée qui recevra ce Sel.",
        "deck": "Cartes : {name}",
        "colon": " :",
    },
}


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang should be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def phrase(table: dict[str, dict[str, str]], lang: str, key: str, **values: object) -> str:
    """``table[lang][key]`` (English when missing), with ``{placeholders}`` filled in."""
    text = table[check_lang(lang)].get(key) or table["en"][key]
    return text.format(**values) if values else text


def t(lang: str, key: str, **values: object) -> str:
    """The play table's word ``key`` in ``lang``."""
    return phrase(UI, lang, key, **values)


def word(lang: str, key: str) -> str:
    """A word the pictures use too: an ingredient, ``sun``, ``moon``, ``day``, ``night``..."""
    return {**PICTURE_WORDS["en"], **PICTURE_WORDS[check_lang(lang)]}[key]


# ------------------------------------------------------------------ engine sentences
_FR_NUMBER = {"Sun": "Soleil", "Moon": "Lune", "Suns": "Soleils", "Moons": "Lunes"}


def _fr(key: str) -> str:
    return word("fr", key.lower())


def _face(name: str) -> str:
    return _FR_NUMBER.get(name, name)


def _row(name: str) -> str:
    return _fr(name)


def _card(text: str) -> str:
    """``D05 Double Clover [flip sun] 3`` -> ``D05 (Trèfle ×2)``; a bare id stays as it is."""
    match = re.fullmatch(r"([A-Za-z0-9_]+) (Double )?(\w+) \[.*\] .*", text)
    if not match:
        return text
    card_id, double, name = match.groups()
    key = name.lower()
    french = word("fr", "salt").capitalize() if key == "salt" else _fr(key)
    return f"{card_id} ({french}{' ×2' if double else ''})"


def _plural_fr(n: str, singular: str, plural: str) -> str:
    return f"{n} {singular if n in ('0', '1') else plural}"


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rules(pairs: list[tuple[str, Callable[[re.Match[str]], str]]]) -> list[Rule]:
    return [(re.compile(pattern), make) for pattern, make in pairs]


_EVENTS_FR = _rules(
    [
        (
            r"Player (\d+) took (.+) from the (day|night) row\.",
            lambda m: f"Joueur {m[1]} a pris {_card(m[2])} dans la rangée {_row(m[3])}.",
        ),
        (
            r"Player (\d+) took (\d+) (Suns?|Moons?) from the reserve\.",
            lambda m: f"Joueur {m[1]} a pris {m[2]} {_face(m[3])} de la Réserve.",
        ),
        (
            r"Player (\d+) flipped (\d+) runes? to (Sun|Moon)\.",
            lambda m: (
                f"Joueur {m[1]} a retourné {_plural_fr(m[2], 'rune', 'runes')} sur {_face(m[3])}."
            ),
        ),
        (
            r"Player (\d+) used a Sickle: the (day|night) row was discarded and renewed\.",
            lambda m: (
                f"Joueur {m[1]} a défaussé une Serpe : la rangée {_row(m[2])} est défaussée et renouvelée."
            ),
        ),
        (
            r"Player (\d+) took the (\w+) Bonus Ingredient token\.",
            lambda m: f"Joueur {m[1]} a pris le jeton Ingrédient bonus {_fr(m[2])}.",
        ),
        (
            r"Player (\d+) discarded (.+)\.",
            lambda m: f"Joueur {m[1]} a défaussé {_card(m[2])}.",
        ),
        (r"Player (\d+) ended the turn\.", lambda m: f"Joueur {m[1]} a fini son tour."),
        (
            r"Player (\d+) must discard down to (\d+) cards\.",
            lambda m: f"Joueur {m[1]} doit défausser jusqu'à {m[2]} cartes.",
        ),
        (
            r"Player (\d+) played (.+?)(?: on (\w+))?, paying (.+)\.",
            lambda m: (
                f"Joueur {m[1]} a posé {_card(m[2])}"
                + (f" sur {m[3]}" if m[3] else "")
                + f", en payant {_cost(m[4])}."
            ),
        ),
        (
            r"Counter on (\d+): a Padlock comes off, a rune space opens\.",
            lambda m: (
                f"Compteur sur {m[1]} : un Cadenas est retiré, un emplacement de rune s'ouvre."
            ),
        ),
        (
            r"Counter on (\d+): choose a Bonus Ingredient token\.",
            lambda m: f"Compteur sur {m[1]} : choisir un jeton Ingrédient bonus.",
        ),
        (
            r"Counter on (\d+): no Bonus Ingredient token is left; the bonus is lost\.",
            lambda m: (
                f"Compteur sur {m[1]} : plus aucun jeton Ingrédient bonus ; le bonus est perdu."
            ),
        ),
        (
            r"Player (\d+) played their (\d+)th card: the end is triggered; this round is finished, then everyone takes one final turn\.",
            lambda m: (
                f"Joueur {m[1]} a posé sa {m[2]}e carte : la fin est déclenchée ; on finit le tour en cours, puis chacun joue un dernier tour."
            ),
        ),
        (
            r"Player (\d+) played their (\d+)th card: the end is triggered; this round is the last\.",
            lambda m: (
                f"Joueur {m[1]} a posé sa {m[2]}e carte : la fin est déclenchée ; ce tour est le dernier."
            ),
        ),
        (
            r"The (day|night) deck ran out: its (\d+) discarded cards were shuffled into a new deck\.",
            lambda m: (
                f"La pioche {_row(m[1])} est épuisée : ses {m[2]} cartes défaussées sont mélangées en une nouvelle pioche."
            ),
        ),
        (r"The game is over\.", lambda m: "La partie est terminée."),
        (
            r"Round (\d+): player (\d+)'s turn\.",
            lambda m: f"Manche {m[1]} : au tour du Joueur {m[2]}.",
        ),
        (r"Took back '(.+)'\.", lambda m: f"« {m[1]} » annulée."),
        # What the player to move must do (``game.pending()``).
        (
            r"Player (\d+): choose a Bonus Ingredient token\.",
            lambda m: f"Joueur {m[1]} : choisissez un jeton Ingrédient bonus.",
        ),
        (
            r"Player (\d+): discard (\d+) cards? to keep (\d+)\.",
            lambda m: (
                f"Joueur {m[1]} : défaussez {_plural_fr(m[2], 'carte', 'cartes')} pour en garder {m[3]}."
            ),
        ),
        (
            r"Player (\d+): (\d+) actions? left this turn\.",
            lambda m: (
                f"Joueur {m[1]} : {_plural_fr(m[2], 'action restante', 'actions restantes')} ce tour."
            ),
        ),
        (
            r"Player (\d+): both actions taken; end the turn \(a Sickle is still allowed\)\.",
            lambda m: (
                f"Joueur {m[1]} : les deux actions sont jouées ; finissez le tour (une Serpe reste permise)."
            ),
        ),
    ]
)


def _cost(text: str) -> str:
    if text == "nothing":
        return "rien"
    parts = []
    for icon in text.split(", "):
        pay, _, face = icon.partition(" ")
        verb = "retourner" if pay == "flip" else "remettre"
        parts.append(f"{verb} {word('fr', face).lower()}" if face else icon)
    return ", ".join(parts)


_REASONS_FR = _rules(
    [
        (
            r"you take (.+) from the (day|night) row into your hand; the slot refills from the (?:day|night) deck",
            lambda m: (
                f"vous prenez {_card(m[1])} dans la rangée {_row(m[2])} ; l'emplacement est rempli depuis la pioche {_row(m[2])}"
            ),
        ),
        (
            r"you have the runes to pay (.+) for (\w+)( and stack it on (\w+))?; your counter moves to (\d+)",
            lambda m: (
                f"vous avez les runes pour payer {_cost(m[1])} pour {m[2]}"
                + (f" et le poser sur {m[4]}" if m[3] else "")
                + f" ; votre compteur avance à {m[5]}"
            ),
        ),
        (
            r"your board has empty open spaces and the reserve has (Sun|Moon)s",
            lambda m: (
                f"votre plateau a des emplacements vides ouverts et la Réserve a des {_face(m[1] + 's')}"
            ),
        ),
        (
            r"some of your runes show the other face; they turn to (Sun|Moon)",
            lambda m: (
                f"certaines de vos runes montrent l'autre face ; elles passent sur {_face(m[1])}"
            ),
        ),
        (
            r"you have (\d+) Sickles?; the (day|night) row is discarded and 4 new cards are revealed",
            lambda m: (
                f"vous avez {_plural_fr(m[1], 'Serpe', 'Serpes')} ; la rangée {_row(m[2])} est défaussée et 4 nouvelles cartes sont révélées"
            ),
        ),
        (
            r"your counter reached a bonus space and the (\w+) token is available",
            lambda m: (
                f"votre compteur a atteint un cran bonus et le jeton {_fr(m[1])} est disponible"
            ),
        ),
        (
            r"you hold more than (\d+) cards at the end of your turn",
            lambda m: f"vous avez plus de {m[1]} cartes en main à la fin de votre tour",
        ),
        (r"both actions are taken", lambda m: "les deux actions sont jouées"),
        (
            r"no action is possible, so the turn is forfeited",
            lambda m: "aucune action n'est possible, le tour est donc perdu",
        ),
        # Why an action is refused: the common cases.
        (
            r"(\w+) costs '(.+)': it needs (\d+) (Suns?|Moons?) on your board; you have (\d+)",
            lambda m: (
                f"{m[1]} coûte « {_cost(m[2])} » : il faut {m[3]} {_face(m[4])} sur votre plateau ; vous en avez {m[5]}"
            ),
        ),
        (
            r"(\w+) is (in play already|not in your hand) \(your hand: (.*)\)",
            lambda m: (
                f"{m[1]} "
                + ("est déjà posée" if m[2] == "in play already" else "n'est pas dans votre main")
                + f" (votre main : {m[3]})"
            ),
        ),
        (
            r"slot (\d+) of the (day|night) row is empty",
            lambda m: f"l'emplacement {m[1]} de la rangée {_row(m[2])} est vide",
        ),
        (
            r"you have taken both actions this turn: end your turn with 'end'",
            lambda m: "vous avez joué vos deux actions : finissez votre tour avec « end »",
        ),
        (
            r"you still have (\d+) actions? to take this turn; 'end' is for when both actions are taken or none is possible",
            lambda m: (
                f"il vous reste {m[1]} action(s) ce tour ; « end » sert quand les deux actions sont jouées ou qu'aucune n'est possible"
            ),
        ),
        (
            r"first choose your Bonus Ingredient token \((.*)\)",
            lambda m: f"choisissez d'abord votre jeton Ingrédient bonus ({m[1]})",
        ),
        (
            r"your turn is ending with (\d+) cards in hand: discard down to (\d+) first \(your hand: (.*)\)",
            lambda m: (
                f"votre tour finit avec {m[1]} cartes en main : défaussez d'abord jusqu'à {m[2]} (votre main : {m[3]})"
            ),
        ),
        (r"player (\d+) has no Sickle left", lambda m: f"le Joueur {m[1]} n'a plus de Serpe"),
        (
            r"your board has no empty open space \(a Padlock space is not open\)",
            lambda m: (
                "votre plateau n'a aucun emplacement vide ouvert (un emplacement sous Cadenas n'est pas ouvert)"
            ),
        ),
        (
            r"the reserve has no (Sun|Moon) left",
            lambda m: f"la Réserve n'a plus de {_face(m[1])}",
        ),
        (
            r"every rune on your board already shows its (Sun|Moon)",
            lambda m: f"toutes les runes de votre plateau montrent déjà leur {_face(m[1])}",
        ),
        (r"the game is over", lambda m: "la partie est terminée"),
        (
            r"it is player (\d+)'s turn, not player (\d+)'s",
            lambda m: f"c'est au tour du Joueur {m[1]}, pas du Joueur {m[2]}",
        ),
    ]
)


def _translate_with(text: str, rules: list[Rule]) -> str | None:
    for pattern, make in rules:
        match = pattern.fullmatch(text)
        if match:
            return make(match)
    return None


def translate(text: str, lang: str) -> str:
    """An engine sentence in ``lang``. Unknown sentences stay in English.

    Handles what an action did (``game.last_events``), why it is allowed
    (``game.explain``: ``'take day 2' is allowed: ...``) and why it is not
    (``IllegalAction``: ``play N07: N07 costs ...``).
    """
    if check_lang(lang) == "en":
        return text
    event = _translate_with(text, _EVENTS_FR)
    if event is not None:
        return event
    explained = re.fullmatch(r"'(.+)' is (allowed|not allowed): (.+)\.", text)
    if explained:
        reason = _translate_with(explained[3], _REASONS_FR) or explained[3]
        verdict = "est permise" if explained[2] == "allowed" else "n'est pas permise"
        return f"« {explained[1]} » {verdict} : {reason}."
    refused = re.fullmatch(r"([a-z]+(?: [A-Za-z0-9_]+)*?): (.+)", text)
    if refused:
        reason = _translate_with(refused[2], _REASONS_FR)
        if reason is not None:
            return f"{refused[1]} : {reason}"
    reason = _translate_with(text, _REASONS_FR)
    return reason if reason is not None else text


def is_translated(text: str, lang: str) -> bool:
    """Whether ``translate`` knows this sentence (used by the tests to keep up with the engine)."""
    return lang == "en" or translate(text, lang) != text
