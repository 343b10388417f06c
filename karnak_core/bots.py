"""Karnak's bots: ``tabletop``'s random, greedy and search bots on Karnak's heuristic.

Karnak has no chance nodes: hands and decks are drawn inside ``push`` from the game's seeded
stream, as in Carnival. The heuristic reads every hand (``reads_hidden``), so the greedy bot
looks ahead on a ``determinized`` copy (the others' Designs and Favor cards and both decks
dealt anew) and the search on one such deal per decision (``OneDeal``): no bot plays on a
card its seat has not seen.

>>> from tabletop.agents import play_game
>>> from karnak_core import Game
>>> game = play_game([make_bot("random", 1), make_bot("greedy", 2)], Game.new(2, seed=3))
>>> game.is_over
True
>>> make_bot("mcts", 1, iterations=20)
MCTSBot(iterations=20)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop import agents
from tabletop.agents import Bot, GreedyBot, RandomBot
from tabletop.mcts import MCTSBot

from .game import Game


class OneDeal:
    """Deals anew what the mover cannot see once per decision and searches that one world:
    a ``tabletop`` ``Determinize`` (``(game, rng) -> game``) for the search bot. Each
    iteration gets a copy of the same deal, so the actions are compared on the same hidden
    cards (the heuristic's judgement of a Design hand is far noisier between deals than
    between two actions)."""

    def __init__(self) -> None:
        self.position: tuple[int, int, int] | None = None
        self.world: Game | None = None

    def __call__(self, game: Game, rng: random.Random) -> Game:
        # The same game object comes back after each action: its log tells the decisions apart.
        position = (id(game), game.seed, len(game.log))
        if position != self.position or self.world is None:
            self.position, self.world = position, game.determinized(rng)
        return self.world.copy()

    def __repr__(self) -> str:
        return "OneDeal()"


#: The search's settings for Karnak (options given to ``make_bot`` override them), tuned
#: against the greedy bot (``benchmarks/karnak_strength.py``): 60 iterations a decision on
#: one deal (``OneDeal``; dealt anew each iteration, the search lost to the greedy bot), a
#: leaf judged by the heuristic at once, and little exploration (the heuristic's values
#: differ by a few hundredths between actions). At 20 iterations the search was level with
#: the greedy bot (47% of 200 games).
MCTS_SETTINGS: dict[str, Any] = {"iterations": 60, "rollout_depth": 0, "exploration": 0.1}

#: Bots by name: ``make_bot(name, seed, **options)`` and the lab's specs.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A Karnak bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its
    constructor (``iterations=200``; the search starts from ``MCTS_SETTINGS``)."""
    if name == "mcts":
        options = {"determinize": OneDeal(), **MCTS_SETTINGS, **options}
    return agents.make_from(BOTS, name, seed, options)


__all__ = ["BOTS", "MCTS_SETTINGS", "make_bot"]
