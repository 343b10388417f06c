"""Karnak's bots: ``tabletop``'s random, greedy and search bots on Karnak's heuristic.

Karnak has no chance nodes: hands and decks are drawn inside ``push`` from the game's seeded
stream, as in Carnival. The heuristic reads every hand (``reads_hidden``), so the greedy bot
looks ahead on a ``determinized`` copy (the others' Designs and Favor cards and both decks
dealt anew) and the search deals one per iteration: no bot plays on a card its seat has not
seen.

>>> from tabletop.agents import play_game
>>> from karnak_core import Game
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

#: The search's settings for Karnak (options given to ``make_bot`` override them), tuned
#: against the greedy bot (``benchmarks/karnak_strength.py``).
MCTS_SETTINGS: dict[str, Any] = {"iterations": 20, "rollout_depth": 0}

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
        options = {**MCTS_SETTINGS, **options}
    return agents.make_from(BOTS, name, seed, options)


__all__ = ["BOTS", "MCTS_SETTINGS", "make_bot"]
