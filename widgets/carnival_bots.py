"""The bots that sit at ``CarnivalTable``'s seats: a random player and a greedy one.

A bot has a ``name`` and ``choose(game) -> action``; it never changes the game it is given.
The greedy bot ranks the legal actions by the game's own heuristic
(``game.heuristic().action_scores``), asked on a ``determinized`` copy: the heuristic reads
the whole state, and the copy deals anew everything the bot's seat cannot see, so the bot
plays on what it may know.

>>> from carnival_core import Game
>>> game = Game.new(3, seed=7)
>>> action = make_carnival_bot("greedy", seed=1).choose(game)
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from carnival_core import Action, Game

__all__ = ["CARNIVAL_BOTS", "CarnivalBot", "GreedyBot", "RandomBot", "make_carnival_bot"]

#: Scores this close count as a tie, broken at random.
TIE = 1e-9


class CarnivalBot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.name = "random"

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Plays the legal action the game's heuristic scores best for the mover, judged on a
    copy in which what the mover cannot see is dealt anew (ties broken at random)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.name = "greedy"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seen = game.determinized(self.rng)
        scores = seen.heuristic().action_scores(seen, legal)
        best = max(scores)
        return self.rng.choice([a for a, s in zip(legal, scores, strict=True) if s >= best - TIE])

    def __repr__(self) -> str:
        return "GreedyBot()"


#: The bots by the name a seat menu shows.
CARNIVAL_BOTS: dict[str, Callable[[int | None], CarnivalBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_carnival_bot(kind: str, seed: int | None = None) -> CarnivalBot:
    """A bot by name: ``"random"`` or ``"greedy"``."""
    if kind not in CARNIVAL_BOTS:
        raise ValueError(f"unknown bot {kind!r}: one of {', '.join(CARNIVAL_BOTS)}")
    return CARNIVAL_BOTS[kind](seed)
