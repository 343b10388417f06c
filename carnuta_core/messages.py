"""What the engine says, as values: a code and its parameters, worded in English or French.

The engine never builds sentences while it plays. ``Game.play`` records ``Event`` values
(what an action did), ``Game.refusal`` returns a ``Reason`` (why an action is not allowed),
``Game.pending_message`` says what the player to move must do. Each is a small immutable
value: ``code`` names the sentence, ``args`` holds its numbers, cards, faces and rows, and
``text(lang)`` words it from the templates below. Every number comes from the game's
``Rules`` (actions per turn, market row size...), never from the printed rules.

>>> from carnuta_core.model import Face
>>> event = Event("took_runes", {"player": 2, "moved": 3, "face": Face.MOON})
>>> event.text()
'Player 2 took 3 Moons from the reserve.'
>>> event.text("fr")
'Joueur 2 a pris 3 Lunes de la Réserve.'

Template fields name an argument, with an optional spec after ``:``:

- a face, row or ingredient: ``{face}`` the lower-case word, ``{face:title}`` capitalised,
  ``{face:title,plural}``, or ``{face:title,count=moved}`` (plural unless ``moved`` is 1);
- a number: ``{n}``, ``{n:+d}`` or ``{x:.2f}`` (a decimal comma in French), or
  ``{n:card|cards}`` for the word that agrees with it; ``{per_turn:all_actions}`` is
  "both actions" for 2, "all 3 actions" for 3;
- a card (``Card``), a cost (a tuple of ``CostIcon``; ``{cost:paying}`` words the payment),
  an action (quoted in the notation of the language), a list (joined with commas).
"""

from __future__ import annotations

import string
from collections import namedtuple
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from tabletop.words import quote

from .cards import Card, CostIcon, Flat, NoPoints, Pay, PerIngredient, PerSet, Scoring
from .model import Kind
from .vocabulary import WORDS, check_lang, plural_form, word

# ------------------------------------------------------------------ templates
EN: dict[str, str] = {
    # what an action did
    "took_card": "Player {player} took {card} from the {row} row.",
    "took_runes": "Player {player} took {moved} {face:title,count=moved} from the reserve.",
    "caught_up": (
        "Player {player} is last on points: {moved} free {face:title,count=moved} from the reserve."
    ),
    "flipped": "Player {player} flipped {moved} {moved:rune|runes} to {face:title}.",
    "sickle": "Player {player} used a Sickle: the {row} row was discarded and renewed.",
    "took_bonus": "Player {player} took the {ingredient} Bonus Ingredient token.",
    "discarded": "Player {player} discarded {card}.",
    "ended_turn": "Player {player} ended the turn.",
    "must_discard": "Player {player} must discard down to {limit} cards.",
    "played": "Player {player} played {card}, {cost:paying}.",
    "played_salt": "Player {player} played {card} on {target}, {cost:paying}.",
    "padlock_off": "Counter on {counter}: a Padlock comes off, a rune space opens.",
    "choose_bonus": "Counter on {counter}: choose a Bonus Ingredient token.",
    "bonus_lost": "Counter on {counter}: no Bonus Ingredient token is left; the bonus is lost.",
    "end_triggered": (
        "Player {player} played their {cards}th card: the end is triggered; "
        "this round is finished, then everyone takes one final turn."
    ),
    "end_triggered_last": (
        "Player {player} played their {cards}th card: the end is triggered; this round is the last."
    ),
    "reshuffled": (
        "The {row} deck ran out: its {cards} discarded cards were shuffled into a new deck."
    ),
    "game_over": "The game is over.",
    "stalemate": (
        "No card was played for {rounds} rounds in a row: the game ends here "
        "(the stalemate ruling)."
    ),
    "next_turn": "Round {round}: player {player}'s turn.",
    "took_back": "Took back {action}.",
    # what the player to move must do
    "pending_over": "The game is over.",
    "pending_bonus": "Player {player}: choose a Bonus Ingredient token.",
    "pending_discard": "Player {player}: discard {extra} {extra:card|cards} to keep {limit}.",
    "pending_actions": "Player {player}: {left} {left:action|actions} left this turn.",
    "pending_end": (
        "Player {player}: {per_turn:all_actions} taken; end the turn (a Sickle is still allowed)."
    ),
    # why an action is allowed
    "why_take": (
        "you take {card} from the {row} row into your hand; the slot refills from the {row} deck"
    ),
    "why_play": ("you have the runes to pay {cost} for {card_id}; your counter moves to {counter}"),
    "why_play_salt": (
        "you have the runes to pay {cost} for {card_id} and stack it on {target}; "
        "your counter moves to {counter}"
    ),
    "why_runes": "your board has empty open spaces and the reserve has {face:title,plural}",
    "why_flip": "some of your runes show the other face; they turn to {face:title}",
    "why_sickle": (
        "you have {sickles} {sickles:Sickle|Sickles}; the {row} row is discarded and "
        "{row_size} new cards are revealed"
    ),
    "why_bonus": "your counter reached a bonus space and the {ingredient} token is available",
    "why_discard": "you hold more than {limit} cards at the end of your turn",
    "why_end_done": "{per_turn:all_actions} are taken",
    "why_end_stuck": "no action is possible, so the turn is forfeited",
    "allowed": "{action} is allowed: {why}.",
    "not_allowed": "{action} is not allowed: {why}.",
    # why an action is refused
    "refused": "{action}: {why}",
    "game_over_now": "the game is over",
    "not_your_turn": (
        "player={seat} is seat {seat} (Player {player}), but it is the turn of seat "
        "{current_seat} (Player {current})"
    ),
    "not_a_seat": "player={seat} is not a seat: the seats are 0 to {last} (Players 1 to {players})",
    "bonus_first": "first choose your Bonus Ingredient token ({choices})",
    "discard_first": (
        "your turn is ending with {held} cards in hand: discard down to {limit} first "
        "(your hand: {hand})"
    ),
    "bonus_not_now": (
        "a Bonus Ingredient token is chosen only when your counter reaches a bonus space"
    ),
    "bonus_taken": "the {ingredient} token is already taken (available: {available})",
    "discard_not_now": (
        "cards are discarded only at the end of your turn, when you hold more than {limit}"
    ),
    "discard_not_in_hand": "{card} is not in your hand (your hand: {hand})",
    "no_sickle": "player {player} has no Sickle left",
    "sickle_nothing": "the {row} row is empty and there is no {row} card left to reveal",
    "end_early": (
        "you still have {left} {left:action|actions} to take this turn; 'end' is for when "
        "{per_turn:all_actions} are taken or none is possible"
    ),
    "actions_done": "you have taken {per_turn:all_actions} this turn: end your turn with 'end'",
    "slot_range": "the {row} row has slots 1 to {size}",
    "slot_empty": "slot {slot} of the {row} row is empty",
    "unknown_card": "there is no card {card} in the {deck} deck",
    "card_in_play": "{card} is in play already (your hand: {hand})",
    "card_not_in_hand": "{card} is not in your hand (your hand: {hand})",
    "cannot_pay": (
        "{card} costs '{cost}': it needs {need} {face:title,count=need} on your board; "
        "you have {have}"
    ),
    "salt_needs_target": (
        "{card} is a Salt: say which of your played cards it goes on, "
        "e.g. 'play {card} on {example}'"
    ),
    "salt_bad_target": "a Salt goes on one of your played cards ({played}), not {target}",
    "salt_on_salt": "{target} is a Salt: a Salt goes on an ingredient card",
    "not_a_salt": "{card} is not a Salt, so it is played on its own column, not 'on' a card",
    "runes_no_space": "your board has no empty open space (a Padlock space is not open)",
    "runes_reserve_empty": "the reserve has no {face:title} left",
    "no_change": "that would change nothing",
    "flip_all_only": "Flip Runes turns every rune: write 'flip {face}'",
    "flip_nothing": "every rune on your board already shows its {face:title}",
    "flip_say_count": "say how many runes to flip, e.g. 'flip {face} 1'",
    "flip_count_range": "you can flip 1 to {other} of your {opposite:title} runes, not {count}",
    "not_allowed_here": "that action is not allowed here",
    "nothing_to_undo": "undo: there is nothing to take back",
    "not_an_action": "{value} is not an action (write one like 'take day 2')",
    "not_notation": (
        "{typed} is not an action: write one like 'take day 2', 'play N07', 'runes moon', "
        "'flip sun', 'sickle night', 'bonus honey', 'discard D12' or 'end'"
    ),
    # what the coach says about an action
    "coach_caption": "Coach for player {player} ({iterations} search iterations)",
    "coach_play": (
        "Play {card}: {now:+d} points now, about {by_end:+.1f} by the end; it costs {cost} and "
        "leaves {suns} {suns:Sun|Suns} and {moons} {moons:Moon|Moons}."
    ),
    "coach_play_salt": (
        "Play {card} on {target}: {now:+d} points now and by the end; it costs {cost} and "
        "leaves {suns} {suns:Sun|Suns} and {moons} {moons:Moon|Moons}."
    ),
    "coach_take_payable": (
        "Take {card} from the {row} row: about {by_end:+.1f} points by the end; to play it you "
        "pay {cost}, which your runes cover now."
    ),
    "coach_take_later": (
        "Take {card} from the {row} row: about {by_end:+.1f} points by the end; to play it you "
        "pay {cost}, which your runes do not cover yet."
    ),
    "coach_runes": (
        "Take {moved} {face:title,count=moved} from the reserve: your board then shows "
        "{suns} {suns:Sun|Suns} and {moons} {moons:Moon|Moons}."
    ),
    "coach_flip": (
        "Flip {moved} {moved:rune|runes} to {face:title}: your board then shows "
        "{suns} {suns:Sun|Suns} and {moons} {moons:Moon|Moons}."
    ),
    "coach_unlocks": "Then your runes pay for {cards}.",
    "coach_sickle": "Use a Sickle (free, {left} left after) to renew the {row} row.",
    "coach_sickle_why": (
        "Worth it: the best card of a new {row} row adds about {expected:+.1f} points by the end "
        "on average, more than the best card you can take or play now ({best:+.1f})."
    ),
    "coach_sickle_after": (
        "It only renews the market: the best card of a new {row} row adds about "
        "{expected:+.1f} points by the end on average, less than a card you can take or play "
        "now ({best:+.1f}), so it comes after them."
    ),
    "coach_bonus": "Take the {ingredient:title} token: {now:+d} points now.",
    "coach_discard": (
        "Discard {card}: of your hand it is the card you need least "
        "(about {by_end:+.1f} points by the end)."
    ),
    "coach_end": "End your turn.",
    "coach_value": "The search rates it {value:.2f}.",
    "coach_above": (
        "It ranks above {other} ({points:+.1f} points) because the search rates it higher "
        "({value:.2f} against {other_value:.2f})."
    ),
    "coach_above_untried": (
        "It ranks above {other} ({points:+.1f} points), which the search tried too few times "
        "to trust its value ({visits} of {iterations} tries)."
    ),
    "coach_first": "{action} is the coach's first choice (value {value:.2f}).",
    "coach_rank_points": (
        "{action} ranks {rank} of {count}: the coach prefers {best}, rated the same "
        "({value:.2f}) and adding more points ({best_points:+.1f} against {points:+.1f})."
    ),
    "coach_rank": (
        "{action} ranks {rank} of {count} (value {value:.2f}); the coach prefers {best} "
        "(value {best_value:.2f})."
    ),
    "coach_untried": "{action} is allowed, but the search did not try it in {iterations} tries.",
    # the best potion (carnuta_core.maths: Potion, Optimum)
    "potion_salt_on": "{card} on {target}",
    "potion_tokens": "+ tokens {tokens}",
    "potion_empty": "(no cards)",
    "optimum_title": "Best potion of {k} cards{budget}: {value} points",
    "optimum_budget": ", cost {cost} <= {budget}",
    "optimum_html_budget": " (cost {cost} &le; {budget})",
    "optimum_html": "{value} points with {k} cards{budget}; Bonus tokens: {tokens}; Salts: {salts}",
    "optimum_none": "none",
    "exhaustive search": "exhaustive search",
    "count-vector branch and bound": "count-vector branch and bound",
    "count-vector branch and bound, bounds shared by the starting cards": (
        "count-vector branch and bound, bounds shared by the starting cards"
    ),
    "optimum_work_scored": "{method}: {solved} potions scored, {seconds:.2f} s",
    "optimum_work_bounded": (
        "{method}: {vectors} count vectors bounded, {refined} bounded again, "
        "{solved} solved exactly, {seconds:.2f} s"
    ),
}

FR: dict[str, str] = {
    "took_card": "Joueur {player} a pris {card} dans la rangée {row:title}.",
    "took_runes": "Joueur {player} a pris {moved} {face:title,count=moved} de la Réserve.",
    "caught_up": (
        "Joueur {player} est dernier aux points : la Réserve lui donne {moved} "
        "{face:title,count=moved}."
    ),
    "flipped": "Joueur {player} a retourné {moved} {moved:rune|runes} sur {face:title}.",
    "sickle": (
        "Joueur {player} a défaussé une Serpe : la rangée {row:title} est défaussée et renouvelée."
    ),
    "took_bonus": "Joueur {player} a pris le jeton Ingrédient bonus {ingredient:title}.",
    "discarded": "Joueur {player} a défaussé {card}.",
    "ended_turn": "Joueur {player} a fini son tour.",
    "must_discard": "Joueur {player} doit défausser jusqu'à {limit} cartes.",
    "played": "Joueur {player} a posé {card}, {cost:paying}.",
    "played_salt": "Joueur {player} a posé {card} sur {target}, {cost:paying}.",
    "padlock_off": "Compteur sur {counter} : un Cadenas est retiré, un emplacement de rune s'ouvre.",
    "choose_bonus": "Compteur sur {counter} : choisir un jeton Ingrédient bonus.",
    "bonus_lost": "Compteur sur {counter} : plus aucun jeton Ingrédient bonus ; le bonus est perdu.",
    "end_triggered": (
        "Joueur {player} a posé sa {cards}e carte : la fin est déclenchée ; on finit le tour en "
        "cours, puis chacun joue un dernier tour."
    ),
    "end_triggered_last": (
        "Joueur {player} a posé sa {cards}e carte : la fin est déclenchée ; ce tour est le dernier."
    ),
    "reshuffled": (
        "La pioche {row:title} est épuisée : ses {cards} cartes défaussées sont mélangées en une "
        "nouvelle pioche."
    ),
    "game_over": "La partie est terminée.",
    "stalemate": (
        "Aucune carte n'a été posée pendant {rounds} manches de suite : la partie s'arrête ici "
        "(règle de l'impasse)."
    ),
    "next_turn": "Manche {round} : au tour du Joueur {player}.",
    "took_back": "{action} annulée.",
    "pending_over": "La partie est terminée.",
    "pending_bonus": "Joueur {player} : choisissez un jeton Ingrédient bonus.",
    "pending_discard": (
        "Joueur {player} : défaussez {extra} {extra:carte|cartes} pour en garder {limit}."
    ),
    "pending_actions": (
        "Joueur {player} : {left} {left:action restante|actions restantes} ce tour."
    ),
    "pending_end": (
        "Joueur {player} : {per_turn:all_actions} sont jouées ; finissez le tour "
        "(une Serpe reste permise)."
    ),
    "why_take": (
        "vous prenez {card} dans la rangée {row:title} ; l'emplacement est rempli depuis la "
        "pioche {row:title}"
    ),
    "why_play": (
        "vous avez les runes pour payer {cost} pour {card_id} ; votre compteur avance à {counter}"
    ),
    "why_play_salt": (
        "vous avez les runes pour payer {cost} pour {card_id} et le poser sur {target} ; "
        "votre compteur avance à {counter}"
    ),
    "why_runes": (
        "votre plateau a des emplacements vides ouverts et la Réserve a des {face:title,plural}"
    ),
    "why_flip": "certaines de vos runes montrent l'autre face ; elles passent sur {face:title}",
    "why_sickle": (
        "vous avez {sickles} {sickles:Serpe|Serpes} ; la rangée {row:title} est défaussée et "
        "{row_size} nouvelles cartes sont révélées"
    ),
    "why_bonus": (
        "votre compteur a atteint un cran bonus et le jeton {ingredient:title} est disponible"
    ),
    "why_discard": "vous avez plus de {limit} cartes en main à la fin de votre tour",
    "why_end_done": "{per_turn:all_actions} sont jouées",
    "why_end_stuck": "aucune action n'est possible, le tour est donc perdu",
    "allowed": "{action} est permise : {why}.",
    "not_allowed": "{action} n'est pas permise : {why}.",
    "refused": "{action} : {why}",
    "game_over_now": "la partie est terminée",
    "not_your_turn": (
        "player={seat} désigne le siège {seat} (Joueur {player}), mais c'est au tour du siège "
        "{current_seat} (Joueur {current})"
    ),
    "not_a_seat": (
        "player={seat} n'est pas un siège : les sièges vont de 0 à {last} (Joueurs 1 à {players})"
    ),
    "bonus_first": "choisissez d'abord votre jeton Ingrédient bonus ({choices})",
    "discard_first": (
        "votre tour finit avec {held} cartes en main : défaussez d'abord jusqu'à {limit} "
        "(votre main : {hand})"
    ),
    "bonus_not_now": (
        "un jeton Ingrédient bonus se choisit seulement quand votre compteur atteint un cran bonus"
    ),
    "bonus_taken": "le jeton {ingredient:title} est déjà pris (disponibles : {available})",
    "discard_not_now": (
        "on ne défausse qu'à la fin de son tour, avec plus de {limit} cartes en main"
    ),
    "discard_not_in_hand": "{card} n'est pas dans votre main (votre main : {hand})",
    "no_sickle": "le Joueur {player} n'a plus de Serpe",
    "sickle_nothing": (
        "la rangée {row:title} est vide et il ne reste aucune carte {row:title} à révéler"
    ),
    "end_early": (
        "il vous reste {left} {left:action|actions} ce tour ; « fin » sert quand "
        "{per_turn:all_actions} sont jouées ou qu'aucune n'est possible"
    ),
    "actions_done": "vous avez joué {per_turn:all_actions} : finissez votre tour avec « fin »",
    "slot_range": "la rangée {row:title} a les emplacements 1 à {size}",
    "slot_empty": "l'emplacement {slot} de la rangée {row:title} est vide",
    "unknown_card": "il n'y a pas de carte {card} dans les cartes {deck}",
    "card_in_play": "{card} est déjà posée (votre main : {hand})",
    "card_not_in_hand": "{card} n'est pas dans votre main (votre main : {hand})",
    "cannot_pay": (
        "{card} coûte « {cost} » : il faut {need} {face:title,count=need} sur votre plateau ; "
        "vous en avez {have}"
    ),
    "salt_needs_target": (
        "{card} est un Sel : dites sur laquelle de vos cartes posées il va, par ex. « poser {card} sur {example} »"
    ),
    "salt_bad_target": "un Sel va sur une de vos cartes posées ({played}), pas sur {target}",
    "salt_on_salt": "{target} est un Sel : un Sel va sur une carte Ingrédient",
    "not_a_salt": "{card} n'est pas un Sel : elle va dans sa propre colonne, pas « sur » une carte",
    "runes_no_space": (
        "votre plateau n'a aucun emplacement vide ouvert (un emplacement sous Cadenas n'est pas "
        "ouvert)"
    ),
    "runes_reserve_empty": "la Réserve n'a plus de {face:title}",
    "no_change": "cela ne changerait rien",
    "flip_all_only": "Retourner des Runes les retourne toutes : écrivez « retourner {face} »",
    "flip_nothing": "toutes les runes de votre plateau montrent déjà leur {face:title}",
    "flip_say_count": "dites combien de runes retourner, par ex. « retourner {face} 1 »",
    "flip_count_range": (
        "vous pouvez retourner de 1 à {other} de vos runes {opposite:title}, pas {count}"
    ),
    "not_allowed_here": "cette action n'est pas permise ici",
    "nothing_to_undo": "annuler : il n'y a rien à reprendre",
    "not_an_action": "{value} n'est pas une action (écrivez-en une comme « prendre jour 2 »)",
    "not_notation": (
        "« {typed} » n'est pas une action : écrivez-en une comme « prendre jour 2 », "
        "« poser N07 », « runes lune », « retourner soleil », « serpe nuit », « bonus miel », "
        "« défausser D12 » ou « fin »"
    ),
    "coach_caption": "Coach du Joueur {player} ({iterations} itérations de recherche)",
    "coach_play": (
        "Poser {card} : {now:+d} points maintenant, environ {by_end:+.1f} à la fin ; elle coûte "
        "{cost} et laisse {suns} {suns:Soleil|Soleils} et {moons} {moons:Lune|Lunes}."
    ),
    "coach_play_salt": (
        "Poser {card} sur {target} : {now:+d} points maintenant et à la fin ; il coûte {cost} "
        "et laisse {suns} {suns:Soleil|Soleils} et {moons} {moons:Lune|Lunes}."
    ),
    "coach_take_payable": (
        "Prendre {card} dans la rangée {row:title} : environ {by_end:+.1f} points à la fin ; "
        "pour la poser, il faut {cost}, que vos runes paient déjà."
    ),
    "coach_take_later": (
        "Prendre {card} dans la rangée {row:title} : environ {by_end:+.1f} points à la fin ; "
        "pour la poser, il faut {cost}, que vos runes ne paient pas encore."
    ),
    "coach_runes": (
        "Prendre {moved} {face:title,count=moved} de la Réserve : votre plateau montre alors "
        "{suns} {suns:Soleil|Soleils} et {moons} {moons:Lune|Lunes}."
    ),
    "coach_flip": (
        "Retourner {moved} {moved:rune|runes} sur {face:title} : votre plateau montre alors "
        "{suns} {suns:Soleil|Soleils} et {moons} {moons:Lune|Lunes}."
    ),
    "coach_unlocks": "Vos runes paient alors {cards}.",
    "coach_sickle": (
        "Défausser une Serpe (gratuit, il en reste {left} après) pour renouveler la rangée "
        "{row:title}."
    ),
    "coach_sickle_why": (
        "Cela vaut la peine : la meilleure carte d'une nouvelle rangée {row:title} rapporte en "
        "moyenne environ {expected:+.1f} points à la fin, plus que la meilleure carte que vous "
        "pouvez prendre ou poser maintenant ({best:+.1f})."
    ),
    "coach_sickle_after": (
        "Elle ne fait que renouveler le marché : la meilleure carte d'une nouvelle rangée "
        "{row:title} rapporte en moyenne environ {expected:+.1f} points à la fin, moins qu'une "
        "carte que vous pouvez prendre ou poser maintenant ({best:+.1f}) ; elle passe donc après."
    ),
    "coach_bonus": "Prendre le jeton {ingredient:title} : {now:+d} points maintenant.",
    "coach_discard": (
        "Défausser {card} : de votre main, c'est la carte dont vous avez le moins besoin "
        "(environ {by_end:+.1f} points à la fin)."
    ),
    "coach_end": "Finir votre tour.",
    "coach_value": "La recherche l'estime à {value:.2f}.",
    "coach_above": (
        "Elle passe avant {other} ({points:+.1f} points) car la recherche l'estime mieux "
        "({value:.2f} contre {other_value:.2f})."
    ),
    "coach_above_untried": (
        "Elle passe avant {other} ({points:+.1f} points), que la recherche a trop peu essayée "
        "pour se fier à sa valeur ({visits} essais sur {iterations})."
    ),
    "coach_first": "{action} est le premier choix du coach (valeur {value:.2f}).",
    "coach_rank_points": (
        "{action} est {rank}e sur {count} : le coach préfère {best}, estimée pareil "
        "({value:.2f}) et qui rapporte plus ({best_points:+.1f} contre {points:+.1f})."
    ),
    "coach_rank": (
        "{action} est {rank}e sur {count} (valeur {value:.2f}) ; le coach préfère {best} "
        "(valeur {best_value:.2f})."
    ),
    "coach_untried": "{action} est permise, mais la recherche ne l'a pas essayée en {iterations} essais.",
    # la meilleure potion (carnuta_core.maths : Potion, Optimum)
    "potion_salt_on": "{card} sur {target}",
    "potion_tokens": "+ jetons {tokens}",
    "potion_empty": "(aucune carte)",
    "optimum_title": "Meilleure potion de {k} cartes{budget} : {value} points",
    "optimum_budget": ", coût {cost} ≤ {budget}",
    "optimum_html_budget": " (coût {cost} ≤ {budget})",
    "optimum_html": (
        "{value} points avec {k} cartes{budget} ; jetons Ingrédient bonus : {tokens} ; "
        "Sels : {salts}"
    ),
    "optimum_none": "aucun",
    "exhaustive search": "recherche exhaustive",
    "count-vector branch and bound": "séparation et évaluation sur les vecteurs de comptes",
    "count-vector branch and bound, bounds shared by the starting cards": (
        "séparation et évaluation sur les vecteurs de comptes, bornes partagées par les "
        "cartes de départ"
    ),
    "optimum_work_scored": "{method} : {solved} potions évaluées, {seconds:.2f} s",
    "optimum_work_bounded": (
        "{method} : {vectors} vecteurs de comptes bornés, {refined} bornés à nouveau, "
        "{solved} résolus exactement, {seconds:.2f} s"
    ),
}

TEMPLATES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}

_ALL_ACTIONS = {
    "en": {1: "your action", 2: "both actions"},
    "fr": {1: "votre action", 2: "les deux actions"},
}


# ------------------------------------------------------------------ rendering
def card_text(card: Card, lang: str = "en") -> str:
    """A card in a sentence: ``D16 Egg [flip sun, return sun] 5``; in French ``D16 (Œuf)``."""
    if lang == "en":
        return str(card)
    name = "Sel" if card.ingredient is None else word(card.ingredient, lang, title=True)
    double = " ×2" if card.kind is Kind.DOUBLE else ""
    return f"{card.id} ({name}{double})"


def scoring_text(scoring: Scoring, lang: str = "en") -> str:
    """How a card scores, in words: ``4 per set skull honey``, ``4 par série crâne miel``;
    a Salt's ``+1 to a column``.

    >>> from carnuta_core.cards import parse_scoring
    >>> scoring_text(parse_scoring("2 per berry"), "fr")
    '2 par baie'
    """
    words = WORDS[check_lang(lang)]
    if isinstance(scoring, Flat):
        return str(scoring.points)
    if isinstance(scoring, NoPoints):
        return words["wild"]
    per = words["per_set"] if isinstance(scoring, PerSet) else words["per"]
    assert isinstance(scoring, PerIngredient | PerSet)
    names = " ".join(word(i, lang) for i in scoring.ingredients)
    return f"{scoring.points} {per} {names}"


def card_label(card: Card, lang: str = "en") -> str:
    """A card in full, for menus and tooltips: ``str(card)`` in English
    (``D05 Double Clover [flip sun] 3``), ``D05 Trèfle ×2 [retourner soleil] 3`` in French."""
    if check_lang(lang) == "en":
        return str(card)
    name = "Sel" if card.ingredient is None else word(card.ingredient, lang, title=True)
    double = " ×2" if card.kind is Kind.DOUBLE else ""
    cost = cost_text(card.cost, lang) if card.cost else "-"
    return f"{card.id} {name}{double} [{cost}] {scoring_text(card.scoring, lang)}"


def cost_text(cost: Sequence[CostIcon], lang: str = "en") -> str:
    """A cost's icons: ``flip sun, return moon`` (``retourner soleil, remettre lune``)."""
    if not cost:
        return "nothing" if lang == "en" else "rien"
    if lang == "en":
        return ", ".join(str(icon) for icon in cost)
    return ", ".join(
        f"{'retourner' if icon.pay is Pay.FLIP else 'remettre'} {word(icon.face, lang)}"
        for icon in cost
    )


def _paying(cost: Sequence[CostIcon], lang: str) -> str:
    if lang == "en":
        return f"paying {cost_text(cost, lang)}"
    return f"en payant {cost_text(cost, lang)}" if cost else "en ne payant rien"


def not_notation_text(typed: str, error: Exception, lang: str = "en") -> str:
    """Why ``typed`` is not an action: the parser's own words in English; in French, the
    French notation's examples (the parser explains in English only)."""
    if check_lang(lang) == "en":
        return str(error)
    return render("not_notation", {"typed": typed.strip()}, lang)


def action_text(action: Any, lang: str = "en") -> str:
    """An action quoted in the notation of ``lang``: ``'take day 2'``, « prendre jour 2 »."""
    return quote(action.notation(lang) if hasattr(action, "notation") else str(action), lang)


class _Formatter(string.Formatter):
    def __init__(self, lang: str, args: Mapping[str, Any]):
        self.lang = lang
        self.args = args

    def format_field(self, value: Any, format_spec: str) -> str:
        lang = self.lang
        if isinstance(value, _Text):
            return value.text(lang)
        if isinstance(value, Enum):
            flags: dict[str, str] = {}
            for part in filter(None, format_spec.split(",")):
                flag, _, setting = part.partition("=")
                flags[flag] = setting
            plural = "plural" in flags
            if "count" in flags:
                plural = plural_form(int(self.args[flags["count"]]), lang)
            return word(value, lang, title="title" in flags, plural=plural)
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            if format_spec == "all_actions":
                return _ALL_ACTIONS[lang].get(
                    value, f"all {value} actions" if lang == "en" else f"les {value} actions"
                )
            if "|" in format_spec:
                one, many = format_spec.split("|", 1)
                return many if plural_form(value, lang) else one
            return format(value, format_spec)
        if isinstance(value, float):
            # French writes a decimal comma: 0,54 and +2,0.
            text = format(value, format_spec or "g")
            return text.replace(".", ",") if lang == "fr" else text
        if isinstance(value, Card):
            return card_text(value, lang)
        if isinstance(value, tuple) and all(isinstance(v, CostIcon) for v in value):
            return _paying(value, lang) if format_spec == "paying" else cost_text(value, lang)
        if isinstance(value, (tuple, list)):
            items = [self.format_field(v, "") for v in value]
            return ", ".join(items) if items else ("empty" if lang == "en" else "vide")
        if hasattr(value, "notation"):
            return action_text(value, lang)
        return str(value)


def render(code: str, args: Mapping[str, Any], lang: str = "en") -> str:
    """The sentence ``code`` in ``lang`` with ``args`` filled in."""
    check_lang(lang)
    template = TEMPLATES[lang].get(code) or EN[code]
    return _Formatter(lang, args).vformat(template, (), args)


class _Text:
    __slots__ = ()
    code: str
    args: Mapping[str, Any]

    def text(self, lang: str = "en") -> str:
        """This message worded in ``lang`` (``"en"`` or ``"fr"``)."""
        return render(self.code, self.args, lang)

    def __str__(self) -> str:
        return self.text()


class Event(_Text, namedtuple("Event", "code args")):
    """What an action did: ``Event("took_card", {"player": 1, "card": ..., "row": Row.DAY})``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Event({self.code!r}, {dict(self.args)!r})"


class Reason(_Text, namedtuple("Reason", "code args")):
    """Why an action is allowed or refused: a code and its parameters."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {dict(self.args)!r})"


__all__ = [
    "EN",
    "FR",
    "TEMPLATES",
    "Event",
    "Reason",
    "action_text",
    "card_label",
    "card_text",
    "cost_text",
    "not_notation_text",
    "render",
    "scoring_text",
]
