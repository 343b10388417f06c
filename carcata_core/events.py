"""What a ``play`` did, in sentences for announcements and transcripts, English or French.

The engine records each step as a small tuple (``transitions``); ``describe`` words them.

>>> from carcata_core import Game
>>> game = Game.new(2, seed=3)
>>> game.play("place 1-1")
>>> game.last_events(), game.last_events("fr")
(['Player 1 places a pawn on 1-1.'], ['Le joueur 1 pose un pion sur 1-1.'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.saves import short_repr

from .actions import TURTLE, Action, faces_text
from .board import ISLAND
from .errors import CarcataError

if TYPE_CHECKING:
    from .game import Game

GEMS = {
    "en": ("emerald", "ruby", "sapphire", "diamond"),
    "fr": ("émeraude", "rubis", "saphir", "diamant"),
}


def _name(cell: int) -> str:
    return ISLAND.names[cell]


def _faces(counts: tuple[int, ...], lang: str) -> str:
    text = faces_text(counts, lang) or ("nothing" if lang == "en" else "rien")
    return text.replace("eruption", "éruption") if lang == "fr" else text


def _gems(gems: tuple[int, ...], lang: str) -> str:
    return ", ".join(GEMS[lang][g] for g in gems)


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(str(s + 1) for s in seats)


def _en(event: tuple[Any, ...], game: Game) -> list[str]:
    kind, *rest = event
    p = f"Player {rest[0] + 1}" if rest and isinstance(rest[0], int) else ""
    if kind == "place":
        return [f"{p} places a pawn on {_name(rest[1])}."]
    if kind == "roll":
        _, faces, _, locked = rest
        return [f"{p} rolls {_faces(faces, 'en')}; turtles locked: {locked}."]
    if kind == "reroll":
        return [f"{p} rerolls {_faces(rest[1], 'en')}."]
    if kind == "keep":
        _, u, locked = rest
        return [
            f"{p} keeps the dice: {u[0]} movement(s), {u[1]} lava, {u[2]} eruption(s), "
            f"{u[3]} statue(s), {locked} turtle(s)."
        ]
    if kind == "move":
        _, source, target, picked = rest
        if target == TURTLE:
            line = f"{p}'s pawn on {_name(source)} climbs onto the Turtle."
        elif source == TURTLE:
            line = f"{p}'s pawn gets off the Turtle onto {_name(target)}."
        else:
            line = f"{p} moves a pawn from {_name(source)} to {_name(target)}."
        if picked:
            line = line[:-1] + f" and picks up {_gems(picked, 'en')}."
        return [line]
    if kind == "lava":
        _, cells, killed, destroyed, lost = rest
        out = [f"{p} pours a lava flow: {' '.join(_name(c) for c in cells)}."]
        out += [f"The lava kills player {v + 1}'s pawn on {_name(c)}." for v, c in killed]
        out += [
            f"The lava destroys the {_gems(g, 'en')} on {_name(c)} (back to the bag)."
            for c, g in destroyed
        ]
        if lost:
            out.append(f"{lost} lava token(s) are lost.")
        return out
    if kind == "erupt":
        return [f"{p} uses an eruption."]
    if kind == "draw":
        return [f"A {GEMS['en'][rest[1]]} is drawn from the bag."]
    if kind == "aim":
        return [f"{p} aims the catapult at {_name(rest[1])}."]
    if kind == "land":
        _, gem, _, cell, what, owner = rest
        g = f"The {GEMS['en'][gem]}"
        if what == "sea":
            return [f"{g} falls into the sea (back to the bag)."]
        c = _name(cell)
        return [
            {
                "lava": f"{g} stops on the lava at {c} and is lost (back to the bag).",
                "statue": f"{g} knocks the statue on {c} back to the small islands and stays there.",
                "touch": f"{g} touches player {owner + 1}'s pawn on {c}: the pawn is removed; the gem stays there.",
                "won": f"{g} stops by player {owner + 1}'s pawn on {c}: player {owner + 1} wins it.",
                "stays": f"{g} lands on {c}.",
            }[what]
        ]
    if kind == "statue":
        _, cell, onto = rest
        if onto:
            return [f"{p} puts a statue on {_name(cell)}."]
        return [f"{p} sends the statue on {_name(cell)} back to the small islands."]
    if kind == "end":
        return [f"{p} ends the turn."]
    if kind == "done":
        return [f"Nothing is left to do: player {rest[0] + 1}'s turn ends."]
    if kind == "turtle":
        n, total, riders = rest
        line = f"The Turtle advances {n} symbol(s) ({total} of {game.rules.turtle_steps_to_end})."
        if riders:
            line += f" It carries a pawn of player(s) {_seats(riders)}."
        return [line]
    if kind == "island":
        return ["The Turtle has finished its laps: the island wins, and no player does."]
    if kind == "next":
        return [f"{p}'s turn."]
    if kind == "eliminated":
        out_, taker, takes = rest
        line = f"Player(s) {_seats(out_)} have no pawn left: the game is over."
        if takes:
            line += f" Player {taker + 1} takes their gems."
        else:
            line += " The eliminator is among them: the gems are lost."
        return [line]
    if kind == "undo":
        return [f"Took back '{rest[0]}'."]
    return []


def _fr(event: tuple[Any, ...], game: Game) -> list[str]:
    kind, *rest = event
    p = f"Le joueur {rest[0] + 1}" if rest and isinstance(rest[0], int) else ""
    if kind == "place":
        return [f"{p} pose un pion sur {_name(rest[1])}."]
    if kind == "roll":
        _, faces, _, locked = rest
        return [f"{p} lance : {_faces(faces, 'fr')} ; tortues bloquées : {locked}."]
    if kind == "reroll":
        return [f"{p} relance {_faces(rest[1], 'fr')}."]
    if kind == "keep":
        _, u, locked = rest
        return [
            f"{p} garde les dés : {u[0]} pas, {u[1]} lave, {u[2]} éruption(s), "
            f"{u[3]} statue(s), {locked} tortue(s)."
        ]
    if kind == "move":
        _, source, target, picked = rest
        if target == TURTLE:
            line = f"{p} fait monter son pion de {_name(source)} sur la Tortue."
        elif source == TURTLE:
            line = f"{p} fait descendre son pion de la Tortue sur {_name(target)}."
        else:
            line = f"{p} avance un pion de {_name(source)} à {_name(target)}."
        if picked:
            line = line[:-1] + f" et ramasse : {_gems(picked, 'fr')}."
        return [line]
    if kind == "lava":
        _, cells, killed, destroyed, lost = rest
        out = [f"{p} verse une coulée de lave : {' '.join(_name(c) for c in cells)}."]
        out += [f"La lave tue le pion du joueur {v + 1} en {_name(c)}." for v, c in killed]
        out += [
            f"La lave détruit {_gems(g, 'fr')} en {_name(c)} (retour au sac)." for c, g in destroyed
        ]
        if lost:
            out.append(f"Jetons de lave perdus : {lost}.")
        return out
    if kind == "erupt":
        return [f"{p} déclenche une éruption."]
    if kind == "draw":
        return [f"Gemme tirée du sac : {GEMS['fr'][rest[1]]}."]
    if kind == "aim":
        return [f"{p} vise {_name(rest[1])} avec la catapulte."]
    if kind == "land":
        _, gem, _, cell, what, owner = rest
        g = f"La gemme ({GEMS['fr'][gem]})"
        if what == "sea":
            return [f"{g} tombe dans la mer (retour au sac)."]
        c = _name(cell)
        return [
            {
                "lava": f"{g} s'arrête sur la lave en {c} : elle est perdue (retour au sac).",
                "statue": f"{g} renverse la statue en {c}, qui retourne sur les petites îles ; la gemme reste là.",
                "touch": f"{g} touche le pion du joueur {owner + 1} en {c} : le pion est retiré ; la gemme reste là.",
                "won": f"{g} s'arrête près du pion du joueur {owner + 1} en {c} : le joueur {owner + 1} la gagne.",
                "stays": f"{g} tombe en {c}.",
            }[what]
        ]
    if kind == "statue":
        _, cell, onto = rest
        if onto:
            return [f"{p} pose une statue en {_name(cell)}."]
        return [f"{p} renvoie la statue de {_name(cell)} sur les petites îles."]
    if kind == "end":
        return [f"{p} termine son tour."]
    if kind == "done":
        return [f"Plus rien à faire : le tour du joueur {rest[0] + 1} se termine."]
    if kind == "turtle":
        n, total, riders = rest
        line = f"La Tortue avance de {n} symbole(s) ({total} sur {game.rules.turtle_steps_to_end})."
        if riders:
            line += f" Elle porte un pion du ou des joueurs {_seats(riders)}."
        return [line]
    if kind == "island":
        return ["La Tortue a fini ses tours : l'île gagne, et aucun joueur."]
    if kind == "next":
        return [f"Au tour du joueur {rest[0] + 1}."]
    if kind == "eliminated":
        out_, taker, takes = rest
        line = f"Plus aucun pion pour le ou les joueurs {_seats(out_)} : la partie est finie."
        if takes:
            line += f" Le joueur {taker + 1} prend leurs gemmes."
        else:
            line += " Celui qui élimine en fait partie : les gemmes sont perdues."
        return [line]
    if kind == "undo":
        action = rest[0]
        shown = action.notation("fr") if isinstance(action, Action) else str(action)
        return [f"Coup repris : « {shown} »."]
    return []


def describe(game: Game, events: list[tuple[Any, ...]], lang: str = "en") -> list[str]:
    """``events`` in sentences of ``lang``; the game's end is told last."""
    if lang not in ("en", "fr"):
        raise CarcataError(f"lang should be 'en' or 'fr', not {short_repr(lang)}")
    words = _en if lang == "en" else _fr
    out = [line for event in events for line in words(event, game)]
    if game.is_over and events and events[-1][0] in ("eliminated", "island"):
        out.append(final_line(game, lang))
    return out


def final_line(game: Game, lang: str = "en") -> str:
    """The final points and the winners, in one sentence."""
    scores = game.scores()
    best = game.winners()
    if lang == "fr":
        points = ", ".join(f"joueur {s + 1} : {p}" for s, p in enumerate(scores))
        who = ", ".join(f"joueur {s + 1}" for s in best) or "personne"
        return f"Points : {points}. Victoire : {who}."
    points = ", ".join(f"player {s + 1} {p}" for s, p in enumerate(scores))
    who = ", ".join(f"player {s + 1}" for s in best) or "nobody"
    return f"Points: {points}. Winner(s): {who}."


__all__ = ["describe", "final_line"]
