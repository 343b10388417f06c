"""Carnival's bots: ``tabletop``'s random, greedy and search bots, and a seat's memory.

The bots are the game-agnostic ones of ``tabletop.agents``, playing on Carnival's heuristic
(``game.heuristic()``). That heuristic reads the whole state, so the greedy bot looks ahead on
a ``determinized`` copy and the search deals one per iteration: no bot plays on a card its
seat has not seen.

A bot's *memory* (``memory=k``) is how many face-up Carnival cards under the top one it
remembers (``0``: only the top card, which everyone sees). Such a bot deals the cards it
forgot anew with the others it cannot see (``Remembering(k)``), whatever the rules let the
players remember (``Rules.carnival_memory``, which is the most any seat may remember).

>>> from carnival_core import Game
>>> bot = make_bot("mcts", 1, iterations=20, memory=0)
>>> bot, bot.determinize, bot.exploration
(MCTSBot(iterations=20), Remembering(memory=0), 0.02)
>>> bot.choose(Game.new(2, seed=1)) in Game.new(2, seed=1).legal_actions()
True
>>> make_bot("random", 1, memory=0)
Traceback (most recent call last):
...
tabletop.errors.LabError: memory: the random bot does not look at the table; only greedy and mcts take a memory
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop import agents
from tabletop import arguments as check
from tabletop.agents import Bot, GreedyBot, RandomBot
from tabletop.errors import LabError
from tabletop.mcts import MCTSBot

from .game import Game


@dataclass(frozen=True)
class Remembering:
    """Deals anew what a seat cannot see, for a seat that remembers ``memory`` Carnival cards
    under the top one (``None``: as many as the rules allow): a ``tabletop`` ``Determinize``
    (``(game, rng) -> game``) for the greedy and search bots."""

    memory: int | None = None

    def __post_init__(self) -> None:
        if self.memory is not None:
            check.whole("memory", self.memory)

    def __call__(self, game: Game, rng: random.Random) -> Game:
        return game.determinized(rng, memory=self.memory)


#: The search's settings for Carnival (options given to ``make_bot`` override them), tuned on
#: paired 2-player games against the greedy bot (``benchmarks/carnival_strength.py``). The
#: heuristic's values move little from one card to the next, so UCT must explore little to
#: tell the actions apart, and a leaf is judged as soon as it is reached: a rollout of the
#: quick policy costs time and, on a world dealt at random, adds noise rather than insight.
MCTS_SETTINGS: dict[str, Any] = {"exploration": 0.02, "rollout_depth": 0}

#: Bots by name: ``make_bot(name, seed, **options)`` and the lab's specs.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A Carnival bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its
    constructor (``iterations=200``; the search starts from ``MCTS_SETTINGS``), and
    ``memory=k`` gives a greedy or search bot a memory of ``k`` Carnival cards under the top
    one."""
    if name == "mcts":
        options = {**MCTS_SETTINGS, **options}
    if "memory" in options and name in BOTS:
        options = dict(options)
        memory = options.pop("memory")
        if name not in ("greedy", "mcts"):
            raise LabError(
                "memory",
                f"the {name} bot does not look at the table; only greedy and mcts take a memory",
            )
        if "determinize" in options:
            raise LabError("memory", "give memory= or determinize=, not both")
        options["determinize"] = Remembering(memory)
    return agents.make_from(BOTS, name, seed, options)


__all__ = ["BOTS", "MCTS_SETTINGS", "Remembering", "make_bot"]
