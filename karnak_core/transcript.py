"""Readable game transcripts: the deal, every action with what it did, the final scores.

A transcript shows everything, hidden cards included: it is the record of a whole game, not
what a seat saw (``Game.observation`` is that).

>>> from karnak_core import Game
>>> game = Game.new(2, seed=5)
>>> game.play("place cube c4")
>>> print(transcript(game).splitlines()[-2])
R1 P1 turn   [26 legal] place cube c4      | Player 1 placed a yellow cube on c4.
"""

from __future__ import annotations

from tabletop.saves import short_repr

from .actions import FAVOR_WORDS
from .errors import ArgumentError
from .game import Game
from .messages import check_lang
from .rules import FAVOR_KINDS


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise ArgumentError("game", f"a Karnak Game, not {short_repr(game)}")


#: The transcript's own words, by language (the events word themselves).
WORDS = {
    "en": {
        "seat": "  Player {n}: Designs {hand}; {priests} Priests",
        "deck": "  Design deck, top first: {cards}",
        "favors": "  Favor deck, top first: {cards}",
        "scores": "Scores: ",
        "score": "player {n} {points}",
        "winners": "Winner(s): ",
        "winner": "Player {n}",
    },
    "fr": {
        "seat": "  Joueur {n} : Dessins {hand} ; {priests} prêtres",
        "deck": "  Pioche de Dessins, du dessus : {cards}",
        "favors": "  Pioche Faveur, du dessus : {cards}",
        "scores": "Points : ",
        "score": "joueur {n} {points}",
        "winners": "Gagnant(s) : ",
        "winner": "Joueur {n}",
    },
}


def deal_lines(game: Game, lang: str = "en") -> list[str]:
    """The hands, Priests and decks of ``game`` as it stands, in words of ``lang``."""
    _check_game(game)
    check_lang(lang)
    words = WORDS[lang]
    lines = []
    for seat in range(game.num_players):
        hand = " ".join(d.id for d in game.hand(seat)) or "-"
        lines.append(words["seat"].format(n=seat + 1, hand=hand, priests=game.priests(seat)))
    lines.append(words["deck"].format(cards=" ".join(d.id for d in game.deck_order()) or "-"))
    kinds = [FAVOR_WORDS[lang][FAVOR_KINDS.index(kind)] for kind in game.favor_deck_order()]
    lines.append(words["favors"].format(cards=" ".join(kinds) or "-"))
    return lines


def transcript(game: Game, *, legal: bool = True, lang: str = "en") -> str:
    """The game as text, from the position its log starts at; ``legal`` adds the number of
    legal actions at every step; ``lang`` (``"en"`` or ``"fr"``) words the deal, the events
    and the scores."""
    _check_game(game)
    step = game.start_position()
    changes = game.rules.changes()
    lines = [
        f"Karnak: {game.num_players} players, seed {step.seed}, rules: "
        f"{changes if changes else 'as printed'}",
        *deal_lines(step, lang),
    ]
    for _, action in game.log:
        head = f"R{step.round} P{step.current_player + 1} {step.phase:<6} "
        if legal:
            head += f"[{len(step.legal_actions())} legal] "
        step.play(action)
        lines.append(f"{head}{action.notation(lang):<18} | {' '.join(step.last_events(lang))}")
    if step.is_over:
        words = WORDS[lang]
        scores = enumerate(step.scores(), start=1)
        lines.append(
            words["scores"] + ", ".join(words["score"].format(n=n, points=p) for n, p in scores)
        )
        lines.append(
            words["winners"]
            + ", ".join(words["winner"].format(n=seat + 1) for seat in step.winners())
        )
    else:
        lines.append(step.pending(lang))
    return "\n".join(lines)


__all__ = ["deal_lines", "transcript"]
