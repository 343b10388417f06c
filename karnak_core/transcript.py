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

from .errors import ArgumentError
from .game import Game


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise ArgumentError("game", f"a Karnak Game, not {short_repr(game)}")


def deal_lines(game: Game) -> list[str]:
    """The hands, Priests and decks of ``game`` as it stands."""
    _check_game(game)
    lines = []
    for seat in range(game.num_players):
        hand = " ".join(d.id for d in game.hand(seat)) or "-"
        lines.append(f"  Player {seat + 1}: Designs {hand}; {game.priests(seat)} Priests")
    lines.append(f"  Design deck, top first: {' '.join(d.id for d in game.deck_order()) or '-'}")
    lines.append(f"  Favor deck, top first: {' '.join(game.favor_deck_order()) or '-'}")
    return lines


def transcript(game: Game, *, legal: bool = True, lang: str = "en") -> str:
    """The game as text, from the position its log starts at; ``legal`` adds the number of
    legal actions at every step; ``lang`` words the events (``"en"`` or ``"fr"``)."""
    _check_game(game)
    step = game.start_position()
    changes = game.rules.changes()
    lines = [
        f"Karnak: {game.num_players} players, seed {step.seed}, rules: "
        f"{changes if changes else 'as printed'}",
        *deal_lines(step),
    ]
    for _, action in game.log:
        head = f"R{step.round} P{step.current_player + 1} {step.phase:<6} "
        if legal:
            head += f"[{len(step.legal_actions())} legal] "
        step.play(action)
        lines.append(f"{head}{action.notation(lang):<18} | {' '.join(step.last_events(lang))}")
    if step.is_over:
        lines.append(
            "Scores: " + ", ".join(f"player {s + 1} {n}" for s, n in enumerate(step.scores()))
        )
        lines.append("Winner(s): " + ", ".join(f"Player {seat + 1}" for seat in step.winners()))
    else:
        lines.append(step.pending(lang))
    return "\n".join(lines)


__all__ = ["deal_lines", "transcript"]
