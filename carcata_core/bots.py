"""Carcata's bots: ``tabletop``'s random, greedy and search bots on Carcata's heuristic.

Chance (the dice, the bag, the catapult) is the referee's: ``tabletop.agents.play_game``
settles it from the game's own stream, and the search draws its own outcomes by the
published probabilities. Everything else is public, so no bot needs a determinized world.

>>> from tabletop.agents import play_game
>>> from carcata_core import Game
>>> game = play_game([make_bot("random", 1), make_bot("greedy", 2)], Game.new(2, seed=3))
>>> game.is_over
True
>>> make_bot("mcts", 1, iterations=20)
MCTSBot(iterations=20)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop import agents
from tabletop.agents import Bot, GreedyBot, RandomBot
from tabletop.mcts import MCTSBot

#: The search's settings for Carcata (options given to ``make_bot`` override them): a leaf
#: is judged by the heuristic after a short rollout of its quick policy.
MCTS_SETTINGS: dict[str, Any] = {"rollout_depth": 8}

#: Bots by name: ``make_bot(name, seed, **options)`` and the lab's specs.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A Carcata bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its
    constructor (``iterations=200``; the search starts from ``MCTS_SETTINGS``)."""
    if name == "mcts":
        options = {**MCTS_SETTINGS, **options}
    return agents.make_from(BOTS, name, seed, options)


__all__ = ["BOTS", "MCTS_SETTINGS", "make_bot"]
