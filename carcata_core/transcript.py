"""Readable game transcripts: every decision and chance outcome with what it did, then the
points and the winners.

>>> from carcata_core import Game
>>> game = Game.new(2, seed=5)
>>> game.play("place 1-1")
>>> print(transcript(game).splitlines()[1])
setup   P1     [36 legal] place 1-1             | Player 1 places a pawn on 1-1.
"""

from __future__ import annotations

from tabletop.protocol import CHANCE
from tabletop.saves import short_repr

from .errors import ArgumentError
from .events import final_line
from .game import Game


def transcript(game: Game, *, legal: bool = True, lang: str = "en") -> str:
    """The game as text, one line per action or outcome; ``legal`` adds how many actions
    (or outcomes) there were to choose from at each step."""
    if not isinstance(game, Game):
        raise ArgumentError("game", f"a Carcata Game, not {short_repr(game)}")
    step = game.start_position()
    changes = game.rules.changes()
    lines = [
        f"Carcata: {game.num_players} players, seed {step.seed}, rules: "
        f"{changes if changes else 'as printed (reconstructed)'}"
    ]
    for seat, action in game.log:
        who = "chance" if seat == CHANCE else f"P{seat + 1}"
        head = f"{step.phase:<7} {who:<6} "
        if legal:
            head += f"[{len(step.legal_actions()):>2} legal] "
        step.play(action, settle=False)
        lines.append(f"{head}{action.notation(lang):<22}| {' '.join(step.last_events(lang))}")
    if not game.is_over:
        lines.append(game.pending())
    elif not lines[-1].endswith(final_line(game, lang)):
        lines.append(final_line(game, lang))
    return "\n".join(lines)


__all__ = ["transcript"]
